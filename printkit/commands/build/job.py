"""What every render of one build shares (:class:`Job`), and the names both the building
process and its workers use for a build's outputs.

A job is made once, by the building process, when the games are verified; it is handed
to the work explicitly: as an argument when the work runs in the building process, and
once to each worker process when it starts (see :mod:`.pool`). Nothing of it lives in a
module global, so that a build depends only on what it is given, however its workers
start.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.errors import BuildError, PrintkitError
from printkit.geometry import Paper, PrintSpec
from printkit.kinds import kind
from printkit.language.translations import Localizer
from printkit.model.game import Document, Game, RenderContext
from printkit.model.variants import Version, shop_files, versions
from printkit.output import Spool, Spooled
from printkit.outputs.preview import render_previews
from printkit.pdfmerge import Unsupported
from printkit.pdfmerge.cmyk import to_cmyk
from printkit.pdfmerge.icc import CmykProfile

#: One output of a build: game id, locale and document (or variant) name.
Key = tuple[str, str, str]


@dataclass(frozen=True)
class Job:
    """What every render of one build shares: the verified game data, the paper, the print
    spec, strictness, whether previews are made, where big results wait for the write,
    and where flow XML goes, if anywhere. Frozen: a worker's copy cannot drift from the
    building process's."""

    #: every game's data and replayed worked examples, by game id (see Game.prepared)
    prepared: dict[str, tuple[dict, dict]]
    paper: Paper
    spec: PrintSpec
    strict: bool
    previews: bool = True
    #: where renders wait for the write (workers keep their big results there)
    spool: Spool | None = None
    #: where each rulebook's and quick reference's flow XML goes too (see
    #: :attr:`~.options.BuildOptions.flow_xml`); None: nowhere
    flow_xml: Path | None = None
    #: the CMYK output profile every PDF is converted to (``--cmyk-profile``); None: sRGB
    cmyk: CmykProfile | None = None

    def context(self, game: Game, document: str, localizer: Localizer,
                spec: PrintSpec | None = None) -> RenderContext:
        """What a document of ``game`` renders from, in the localizer's locale."""
        data, examples = self.prepared[game.id]
        return RenderContext(game=game, data=data, examples=examples, localizer=localizer,
                             paper=self.paper, document=document, spec=spec or self.spec,
                             colour_profile=self.cmyk.description if self.cmyk else None)

    def in_colours(self, pdf: bytes, name: str) -> bytes:
        """A PDF just drawn, in the build's CMYK when it asks for it (see
        :mod:`printkit.pdfmerge.cmyk`); ``name`` says which, should it fail."""
        if self.cmyk is None:
            return pdf
        try:
            return to_cmyk(pdf, self.cmyk)
        except Unsupported as exc:
            raise BuildError([PrintkitError(
                f"{name}: cannot be converted to CMYK ({exc})")]) from None

    def write_flow_xml(self, game: str, locale: str, sources: dict[str, str]) -> None:
        """Write the flow XML of the documents a render made, by document id, as
        ``<flow_xml>/<game>/<locale>/<document>.xml``, when the build asks for it."""
        if self.flow_xml is None:
            return
        folder = self.flow_xml / game / locale
        for document, xml in sources.items():
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{document}.xml").write_text(xml, encoding="utf-8")

    def kept(self, pdf: bytes) -> bytes | Spooled:
        """A render's result as it travels back: a big one on disk (see :class:`Spool`)."""
        return self.spool.keep(pdf) if self.spool is not None else pdf

    def preflight(self, pdf: bytes | Path, game: str, locale: str, name: str,
                  doc_kind: str | None, part: int | None = None,
                  margin_mm: float | None = None) -> list[str]:
        """The preflight's findings on a document just made, as warning lines (see
        :mod:`printkit.outputs.preflight`): read where it was rendered, so in parallel too.
        ``margin_mm``: the printer margin of its pages, if not the build's."""
        from printkit.outputs.preflight import check_pdf, target_for

        document = f"{game}/{locale}/{name}-{self.paper.id}.pdf"
        if part is not None:
            document += f" (part {part + 1})"
        margin = self.spec.printer_margin_mm if margin_mm is None else margin_mm
        target = target_for(document, locale, doc_kind, margin)
        return [finding.line() for finding in check_pdf(pdf, target)]

    def same_facts(self, rulebook: bytes | Path, rules_page: bytes, game: str,
                   locale: str) -> list[str]:
        """The cover facts the rules page says otherwise than the rulebook, as warning
        lines (see :mod:`printkit.outputs.preflight.consistency`)."""
        from printkit.outputs.preflight.consistency import cover_facts

        return [finding.line() for finding in cover_facts(
            rulebook, rules_page.decode("utf-8"), f"{game}/{locale}/rules.html")]

    def previews_of(self, pdf: bytes) -> dict[str, bytes]:
        """A document's previews when the build asks for them: rasterised where it was
        rendered, so previews render in parallel like the documents."""
        return render_previews(pdf) if self.previews else {}


class RenderFailure(PrintkitError):
    """A document failed in a worker process: its one-line messages and exit code."""

    def __init__(self, lines: list[str], exit_code: int) -> None:
        super().__init__("\n".join(lines))
        self._lines = lines
        self.exit_code = exit_code

    def lines(self) -> list[str]:
        return self._lines


def failure(exc: PrintkitError) -> tuple[str, list[str], int]:
    """A failed render as it travels back from a worker: ``("error", lines, exit code)``
    (an exception of a project's own module might not unpickle in the building process)."""
    inner = getattr(exc, "errors", None) or [exc]
    code = max(getattr(e, "exit_code", exc.exit_code) for e in inner)
    return ("error", exc.lines(), code)


def outputs(game: Game, spec: PrintSpec) -> list[str]:
    """What a build writes of a game besides its guide and kit, by name: its documents,
    then their ready-made variants and one-up files (see :mod:`printkit.model.variants`)."""
    return [d.id for d in game.documents] + [v.id for v in _versions(game, spec)]


def _versions(game: Game, spec: PrintSpec) -> list[Version]:
    return [*versions(game.documents, spec), *shop_files(game.documents, spec)]


def target(game: Game, name: str, spec: PrintSpec) -> tuple[Document, PrintSpec, bool]:
    """The document an output name renders, the print spec it renders with, and whether it
    is one of the build's own documents (False: a ready-made variant)."""
    for version in _versions(game, spec):
        if version.id == name:
            return version.document, version.variant.spec(spec), False
    return game.document(name), spec, True


def has_rules(game: Game) -> bool:
    """Whether the game has a rulebook or reference, and so a rules page (see
    printkit.outputs.html)."""
    return any(kind(doc.kind).flow for doc in game.documents)


def unique(errors: list[PrintkitError]) -> list[PrintkitError]:
    """The errors, each message once (parts of one document fail alike)."""
    seen: set[str] = set()
    out = []
    for e in errors:
        if str(e) not in seen:
            seen.add(str(e))
            out.append(e)
    return out
