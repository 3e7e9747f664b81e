"""The kit page, ``<out>/index.html``: every kit in the output folder, one language at a time.

The build writes, beside each kit's previews, a small JSON record of what the
page needs (:func:`kit_data`: the game's title, its documents' page counts, the
card layout), so the page can list kits built earlier without opening their
PDFs. The page is a static file from ``templates/kit-page/index.html.j2`` with
autoescaping on; it loads nothing from the network and works opened as a file.
Its translated words are the guide's own catalog entries, so every language
that has a guide has a kit page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

from babel import Locale
from markupsafe import Markup

from printkit import games
from printkit.assembly.guide.materials import (
    Material,
    Totals,
    bill_of_materials,
    print_order,
    totals,
)
from printkit.drawing.templating import render
from printkit.geometry import DEFAULT_SPEC, LAYOUTS, PAPERS
from printkit.language.locales import shipped_locales
from printkit.language.script import load as load_script
from printkit.language.translations import Localizer
from printkit.model.game import GUIDE, RenderContext
from printkit.model.runs import calibration_file, plan, run_file
from printkit.model.variants import VARIANTS, variant_id
from printkit.output import PLAYTEST_REPORT, contents
from printkit.outputs.html import FILE_NAME as RULES_PAGE
from printkit.outputs.preview import COVER, FOLDER, preview_name
from printkit.schema import DataText

INDEX_NAME = "index.html"
TEMPLATE = "kit-page/index.html.j2"
#: ``<out>/<game>/<locale>/previews/kit-<paper>.json``.
KIT_DATA = "kit-{paper}.json"
_KIT_DATA = re.compile(r"kit-([a-z0-9]+)\.json")
FORMAT = 1


def kit_data(ctx: RenderContext, pages: Mapping[str, int],
             shares: Mapping[str, str] | None = None) -> bytes:
    """What the kit page shows of one kit, as deterministic JSON bytes; ``shares``: each
    document printed on another's card sheet (see :mod:`printkit.model.shared_sheets`)."""
    kit = ctx.data.get("kit") or {}
    record = {
        "format": FORMAT,
        "game": ctx.game.id,
        "title": ctx.data["title"],
        "subtitle": ctx.data.get("subtitle", ""),
        "locale": ctx.localizer.code,
        "paper": ctx.paper.id,
        "layout": ctx.spec.layout,
        "pages": dict(pages),
        "gather": list(kit.get("gather", ())),
    }
    if shares:
        record["shared"] = dict(sorted(shares.items()))
    return (json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


@dataclass(frozen=True)
class Picture:
    """A preview as the page shows it: its link and its size in pixels, read from the PNG, so
    the browser keeps its place before it loads it (no layout shift)."""

    href: str
    width: int
    height: int


@dataclass
class DocumentView:
    id: str
    title: str  # English msgid
    pdf: str
    pages: int
    thumbs: list[Picture] = field(default_factory=list)
    cover: str | None = None
    #: Its ready-made variants: (what the version is, English msgid; link to the PDF).
    versions: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class PrintFile:
    """A file to send to the printer as it is: a print run or the calibration sheet, its
    link, name, paper ("paper" or "card") and whether it prints double-sided."""

    href: str
    name: str
    paper: str
    duplex: bool
    calibration: bool = False


@dataclass(frozen=True)
class Playtest:
    """A playtest report beside a kit: how many players its games had, its PDF and page."""

    players: int
    pdf: str | None
    html: str | None


#: A playtest report's file in a locale's folder (written by ``printkit playtest``).


def playtests(out: Path, game: str, locale: str) -> list[Playtest]:
    """The playtest reports in the kit's locale folder as the page is made, fewest players
    first. They are written by another command than the build, so the folder is read, not
    the build's records: a report is linked while its file is there."""
    folder = out / game / locale
    found: dict[int, dict[str, str]] = {}
    if folder.is_dir():
        for path in folder.iterdir():
            match = PLAYTEST_REPORT.fullmatch(path.name)
            if match and path.is_file():
                found.setdefault(int(match.group(1)), {})[match.group(2)] = \
                    _href(game, locale, path.name)
    return [Playtest(players, kinds.get("pdf"), kinds.get("html"))
            for players, kinds in sorted(found.items())]


@dataclass
class KitView:
    game: str
    title: str
    subtitle: str
    paper: str
    paper_name: str
    layout: str
    kit_pdf: str
    documents: list[DocumentView]
    materials: list[Material]
    gather: list[str]
    #: The rules page to read on a phone (see :mod:`printkit.outputs.html`), when it is there.
    rules: str | None = None
    #: The files to print as they are: the print runs, and the calibration sheet after the
    #: double-sided run.
    prints: list[PrintFile] = field(default_factory=list)
    #: The sheets of paper and card the kit takes.
    totals: Totals | None = None
    kit_file: str = ""
    #: The playtest reports beside the kit (see :func:`playtests`).
    playtests: list[Playtest] = field(default_factory=list)

    @property
    def cards(self) -> bool:
        return any(m.kind == "cards" for m in self.materials)


def _href(*parts: str) -> str:
    return "/".join(quote(p) for p in parts)


def _read(path: Path, pending: Mapping[Path, Any]) -> dict[str, Any] | None:
    try:
        raw = contents(pending[path]) if path in pending else path.read_bytes()
        record = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and record.get("format") == FORMAT else None


def _png_size(path: Path, pending: Mapping[Path, Any]) -> tuple[int, int] | None:
    """A PNG's width and height from its header, or None when it is not a PNG to read."""
    try:
        if path in pending:
            head = contents(pending[path])[:24]
        else:
            with path.open("rb") as file:
                head = file.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def _thumbs(out: Path, folder: str, shots: list[str], pending: Mapping[Path, Any]
            ) -> list[Picture]:
    """Every page's thumbnail, sized; none when one of them cannot be read."""
    pictures = []
    for shot in shots:
        size = _png_size(out / folder / shot, pending)
        if size is None:
            return []
        pictures.append(Picture(_href(*folder.split("/"), shot), *size))
    return pictures


def _kit(out: Path, record: dict[str, Any], names: set[str],
         pending: Mapping[Path, Any]) -> KitView | None:
    """One kit as the page shows it, or None for a record this printkit cannot place."""
    game = games.GAMES.get(record.get("game", ""))
    paper = PAPERS.get(record.get("paper", ""))
    locale, layout, pages = record.get("locale"), record.get("layout"), record.get("pages")
    if game is None or paper is None or layout not in LAYOUTS or not isinstance(pages, dict):
        return None
    if any(not isinstance(pages.get(d.id), int) for d in (GUIDE, *game.documents)):
        return None  # a record from before the game's documents changed
    ctx = RenderContext(game=game, data={}, examples={}, localizer=Localizer.for_locale(locale),
                        paper=paper, document=GUIDE.id, spec=replace(DEFAULT_SPEC, layout=layout))
    docs = []
    for doc in (GUIDE, *game.documents):
        shot = [preview_name(doc.id, paper.id, n) for n in range(1, pages[doc.id] + 1)]
        have = [s for s in shot if f"{game.id}/{locale}/{FOLDER}/{s}" in names]
        cover = preview_name(doc.id, paper.id, COVER)
        docs.append(DocumentView(
            id=doc.id, title=doc.title, pdf=_href(game.id, locale, f"{doc.id}-{paper.id}.pdf"),
            pages=pages[doc.id],
            # every page or none: a half set means previews are being made again
            thumbs=_thumbs(out, f"{game.id}/{locale}/{FOLDER}", shot, pending)
            if have == shot else [],
            cover=_href(game.id, locale, FOLDER, cover)
            if f"{game.id}/{locale}/{FOLDER}/{cover}" in names else None,
            versions=[(v.title, _href(game.id, locale,
                                      f"{variant_id(doc.id, v.id)}-{paper.id}.pdf"))
                      for v in VARIANTS if variant_id(doc.id, v.id) in pages]))
    materials = bill_of_materials(ctx, pages)
    prints = []
    for run in plan(print_order(materials)):
        name = run_file(run.id, paper.id)
        prints.append(PrintFile(_href(game.id, locale, name), name, run.paper, run.duplex))
        if run.duplex:
            name = calibration_file(paper.id)
            prints.append(PrintFile(_href(game.id, locale, name), name, run.paper, True, True))
    # The record's texts are the game's data: printed as text, as in every other document
    # (a <b> in a subtitle is not bold), never as translations that may carry markup.
    return KitView(game=game.id, title=DataText(record.get("title", game.id)),
                   subtitle=DataText(record.get("subtitle") or ""), paper=paper.id,
                   paper_name=paper.name, layout=layout,
                   kit_pdf=_href(game.id, locale, f"kit-{paper.id}.pdf"), documents=docs,
                   materials=materials, prints=prints,
                   totals=totals(materials, len(record.get("shared") or {})),
                   kit_file=f"kit-{paper.id}.pdf",
                   gather=[DataText(g) for g in record.get("gather", [])],
                   rules=_href(game.id, locale, RULES_PAGE)
                   if f"{game.id}/{locale}/{RULES_PAGE}" in names else None,
                   playtests=playtests(out, game.id, str(locale)))


def _kit_records(out: Path, pending: Mapping[Path, bytes], names: set[str]) -> list[Path]:
    """Every kit record of the folder's builds: on disk and in their records (``names``),
    or about to be written by this build. One a build no longer makes, or that no build
    wrote, is not shown."""
    found = {p for p in out.glob(f"*/*/{FOLDER}/kit-*.json")
             if p.relative_to(out).as_posix() in names} if out.is_dir() else set()
    found |= {p for p in pending if p.parent.name == FOLDER and _KIT_DATA.fullmatch(p.name)}
    return sorted(p for p in found if p.parent.parent.parent.parent == out)


def kit_page(out: Path, pending: Mapping[Path, Any], names: set[str],
             findings: int = 0) -> bytes:
    """``index.html`` for the output folder ``out``; ``findings``: how many the preflight
    has on the printed pages (the page links its report while there are any).

    ``pending`` are the files this build is about to write; ``names`` the output
    files (relative to ``out``) the build's fingerprint store knows as current, so
    a preview left over from an older version of a document is never shown.
    """
    order = {game_id: i for i, game_id in enumerate(games.GAMES)}
    by_locale: dict[str, list[KitView]] = {}
    for path in _kit_records(out, pending, names):
        record = _read(path, pending)
        locale = path.parent.parent.name
        if record is None or record.get("locale") != locale or locale not in shipped_locales():
            continue
        if record.get("game") != path.parent.parent.parent.name:
            continue
        kit = _kit(out, record, names, pending)
        if kit is not None:
            by_locale.setdefault(locale, []).append(kit)
    shown = [code for code in shipped_locales() if by_locale.get(code)]
    # Each language's section carries its own switcher, marking itself as the current
    # language: right without a script, whichever section the fragment shows.
    languages = [(code, _language(code), load_script(code).direction) for code in shown]
    sections, upright = [], []
    for code in shown:
        kits = sorted(by_locale[code], key=lambda k: (order.get(k.game, 0), k.paper))
        localizer = Localizer.for_locale(code)
        body = render(TEMPLATE, localizer, part="locale", code=code, kits=kits,
                      direction=load_script(code).direction, languages=languages,
                      default=code == shown[0])
        sections.append(Markup(body))
        if not load_script(code).italics:
            upright.append(code.replace("_", "-"))
    # The language shown without a fragment comes last: a targeted section before it hides
    # it with the sibling combinator (``:target ~``), which every browser has.
    sections = sections[1:] + sections[:1]
    english = Localizer.for_locale("en")
    return (render(TEMPLATE, english, part="page", sections=sections, upright=upright,
                   findings=findings) + "\n").encode()


def _language(code: str) -> str:
    """The language's own name, as its speakers write it: "Deutsch", "polski"."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, LookupError):
        return code
    return name[:1].upper() + name[1:]
