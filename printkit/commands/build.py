"""``printkit build``: verify every example, render every document, then write."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit import games
from printkit.errors import BuildError, PrintkitError, UsageError
from printkit.game import GUIDE, Game, RenderContext
from printkit.i18n import N_, Localizer, shipped_locales
from printkit.kit import KitPart, combine, page_count
from printkit.layout.geometry import DEFAULT_SPEC, LAYOUTS, PAPERS, LayoutError, Paper, PrintSpec
from printkit.output import commit

Progress = Callable[[str], None]

#: The whole kit in one PDF: ``<out>/<game>/<locale>/kit-<paper>.pdf``.
KIT_ID = "kit"
KIT_TITLE = N_("Print-and-play kit")


@dataclass
class BuildOptions:
    games: list[str] | None = None
    locales: list[str] | None = None
    paper: str = "a4"
    out: Path = Path("output")
    strict: bool = False
    #: How card sets are laid out: ``home``, ``shop`` or ``fold``.
    layout: str = "home"
    #: Millimetres every back page moves (x right, y up), for a printer that shifts backs.
    duplex_offset: tuple[float, float] = (0.0, 0.0)
    #: Build the ink-saving variant of every document.
    ink_saver: bool = False

    def spec(self) -> PrintSpec:
        """The print spec these options ask for; a bad layout or offset is a usage error."""
        if self.layout not in LAYOUTS:
            raise UsageError(f"--layout: unknown layout {self.layout!r}; choose one of: "
                             f"{', '.join(LAYOUTS)}")
        try:
            return replace(DEFAULT_SPEC, layout=self.layout, ink_saver=self.ink_saver,
                           duplex_offset_mm=tuple(self.duplex_offset))
        except LayoutError as exc:
            raise UsageError(f"--duplex-offset: {exc}") from None


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def output_path(out: Path, game: str, locale: str, document: str, paper: str) -> Path:
    """Where a document goes: ``<out>/<game>/<locale>/<document>-<paper>.pdf``."""
    return out / game / locale / f"{document}-{paper}.pdf"


def resolve_paper(paper_id: str) -> Paper:
    if paper_id not in PAPERS:
        raise UsageError(f"unknown paper {paper_id!r}; papers: {', '.join(PAPERS)}")
    return PAPERS[paper_id]


def resolve_locales(codes: list[str] | None) -> list[str]:
    known = shipped_locales()
    if not codes:
        return known
    for code in codes:
        if code not in known:
            raise UsageError(f"unknown locale {code!r}; shipped locales: {', '.join(known)}")
    return list(dict.fromkeys(codes))


def _prepare(game: Game) -> tuple[dict, dict]:
    data = game.load_data()
    verified = game.verify(data)
    return data, {v.id: v for v in verified}


def check_source_date_epoch() -> None:
    """``SOURCE_DATE_EPOCH``, when set, must be whole seconds since 1970 (reproducible builds).

    ReportLab dates every PDF by it; without it, PDFs carry a fixed date.
    """
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value and not (value.isdigit() and int(value) < 253402300800):
        raise UsageError(f"SOURCE_DATE_EPOCH={value!r} is not a time in whole seconds since "
                         f"1970 (e.g. 1700000000); unset it for the fixed date")


def build(options: BuildOptions, progress: Progress = lambda line: None) -> BuildResult:
    """Build the selected kits. Nothing is written unless every document succeeds."""
    check_source_date_epoch()
    selected = games.select(options.games)
    locales = resolve_locales(options.locales)
    paper = resolve_paper(options.paper)
    spec = options.spec()

    errors: list[PrintkitError] = []
    prepared = {}
    for game in selected:
        progress(f"checking {game.id}: data and worked examples")
        try:
            prepared[game.id] = _prepare(game)
        except PrintkitError as exc:
            errors.append(exc)
    if errors:
        raise BuildError(errors)

    tasks = [(game, locale, doc) for game in selected for locale in locales
             for doc in game.documents]
    files: dict[Path, bytes] = {}
    result = BuildResult()
    localizers = {code: Localizer.for_locale(code, strict=options.strict) for code in locales}
    for n, (game, locale, doc) in enumerate(tasks, 1):
        path = output_path(options.out, game.id, locale, doc.id, paper.id)
        progress(f"[{n}/{len(tasks)}] {game.id} {locale} {doc.id}")
        data, examples = prepared[game.id]
        context = RenderContext(game=game, data=data, examples=examples,
                                localizer=localizers[locale], paper=paper, document=doc.id,
                                spec=spec)
        try:
            files[path] = doc.render(context)
        except PrintkitError as exc:
            errors.append(exc)
    if errors:
        raise BuildError(_unique(errors))
    for game in selected:
        for locale in locales:
            progress(f"{game.id} {locale}: guide and kit")
            data, examples = prepared[game.id]
            try:
                _guide_and_kit(files, options.out, game, locale, paper.id,
                               RenderContext(game=game, data=data, examples=examples,
                                             localizer=localizers[locale], paper=paper,
                                             document=GUIDE.id, spec=spec))
            except PrintkitError as exc:
                errors.append(exc)
    if errors:
        raise BuildError(_unique(errors))
    for code, localizer in localizers.items():
        if localizer.catalog is not None:
            result.warnings += [f"warning: {line}; English used"
                                for line in localizer.catalog.rejected]
        for key in sorted(localizer.missing):
            context, _, msgid = key.rpartition("\x04")
            shown = f"{msgid!r} (context {context!r})" if context else repr(msgid)
            result.warnings.append(f"warning: locale {code}: no translation for {shown}; "
                                   f"English used")
    result.written = commit(files, options.out)
    return result


def _guide_and_kit(files: dict[Path, bytes], out: Path, game: Game, locale: str, paper: str,
                   ctx: RenderContext) -> None:
    """Add the guide (which lists the kit's pages) and the whole kit as one PDF to ``files``."""
    docs = {doc.id: files[output_path(out, game.id, locale, doc.id, paper)]
            for doc in game.documents}
    guide = GUIDE.render(replace(ctx, pages={k: page_count(v) for k, v in docs.items()}))
    files[output_path(out, game.id, locale, GUIDE.id, paper)] = guide
    parts = [KitPart(title=ctx._(doc.title), pdf=pdf, label=ctx._(doc.title))
             for doc, pdf in ((GUIDE, guide), *((game.document(k), v) for k, v in docs.items()))]
    kit = combine(parts, f"{ctx.data['title']} · {ctx._(KIT_TITLE)}", locale)
    files[output_path(out, game.id, locale, KIT_ID, paper)] = kit


def _unique(errors: list[PrintkitError]) -> list[PrintkitError]:
    seen: set[str] = set()
    out = []
    for e in errors:
        if str(e) not in seen:
            seen.add(str(e))
            out.append(e)
    return out
