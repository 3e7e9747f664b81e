"""``printkit export cards`` and ``printkit export tts``: card images for elsewhere.

``cards`` writes one PNG per different card face and back, at the card's size
plus its bleed (or at a print shop's own size, ``--preset``), with its resolution and a
CSV manifest, for print-on-demand services. ``tts``
writes Tabletop Simulator deck sheets, backs and a saved object per card set.
Both draw their cards with the PDFs' own drawing code (see
:mod:`printkit.outputs.preview.cards`) and write everything or nothing, like ``build``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from printkit import games
from printkit.assembly.raster import open_pdf, pixels, png_bytes, render_dpi
from printkit.commands.build import resolve_locales
from printkit.errors import UsageError
from printkit.geometry import DEFAULT_SPEC, PAPERS, CardSize
from printkit.kinds import kind
from printkit.language.internals import require_checked_reportlab
from printkit.language.translations import Localizer
from printkit.model.game import Document, Game, RenderContext
from printkit.output import commit
from printkit.outputs import shops
from printkit.outputs.preview import tts
from printkit.outputs.preview.cards import Capture, CapturedCard, capture_cards
from printkit.outputs.shops import GENERIC, Shop

MIN_DPI, MAX_DPI = 72, 1200
#: The resolution of ``export cards`` in the generic preset, when none is asked for.
DEFAULT_DPI = 300
#: Export locale when none is given: the source language.
DEFAULT_LOCALE = "en"
MANIFEST = "manifest.csv"

Progress = Callable[[str], None]


@dataclass
class ExportOptions:
    game: str
    locales: list[str] | None = None
    #: Only these card sets (document ids); default: every card and token document.
    documents: list[str] | None = None
    #: ``export cards``: the resolution (generic preset only; default 300).
    dpi: int | None = None
    #: ``export cards``: whose card images: ``generic``, or a print shop of ``shops.toml``.
    preset: str = GENERIC
    out: Path = Path("output")


@dataclass
class ExportResult:
    written: list[Path] = field(default_factory=list)
    #: What had to give to fit Tabletop Simulator's limits, one line each.
    notes: list[str] = field(default_factory=list)


def export_folder(out: Path, game: str, locale: str, kind: str) -> Path:
    """``<out>/exports/<game>/<locale>/<kind>/`` (``cards`` or ``tts``)."""
    return out / "exports" / game / locale / kind


def card_sets(game: Game, wanted: list[str] | None) -> list[Document]:
    """The game's card and token documents, or the ones asked for (each must be one)."""
    sets = [d for d in game.documents if kind(d.kind).card_sheets]
    if not wanted:
        if not sets:
            raise UsageError(f"game {game.id!r} has no cards or tokens to export")
        return sets
    names = ", ".join(d.id for d in sets) or "none"
    chosen = []
    for doc_id in dict.fromkeys(wanted):
        found = [d for d in sets if d.id == doc_id]
        if not found:
            raise UsageError(f"unknown document {doc_id!r} for {game.id}; its card sets: "
                             f"{names}")
        chosen += found
    return chosen


def _check(options: ExportOptions) -> tuple[Game, list[str], list[Document]]:
    require_checked_reportlab()  # the cards are drawn by the PDFs' own code
    if options.dpi is not None and not MIN_DPI <= options.dpi <= MAX_DPI:
        raise UsageError(f"--dpi: {options.dpi} is outside {MIN_DPI}–{MAX_DPI}")
    game = games.get(options.game)
    locales = resolve_locales(options.locales or [DEFAULT_LOCALE])
    return game, locales, card_sets(game, options.documents)


def _contexts(game: Game, locales: list[str]) -> dict[str, RenderContext]:
    """One render context per locale; the worked examples are replayed first, as in build."""
    data = game.load_data()
    examples = {v.id: v for v in game.verify(data)}
    return {code: RenderContext(game=game, data=data, examples=examples,
                                localizer=Localizer.for_locale(code), paper=PAPERS["a4"],
                                document="", spec=DEFAULT_SPEC)
            for code in locales}


def _card_id(capture: Capture, card: CapturedCard) -> str:
    return f"{capture.document}-{card.number:03d}"


def _page_keys(pdf: bytes) -> list[str]:
    """A digest of each page's drawing: pages drawn alike by the same code get the same one.

    Every card side is drawn on its own page at the origin, so two copies of a design have
    identical content streams; each different page is rendered only once.
    """
    reader = PdfReader(io.BytesIO(pdf))
    return [hashlib.sha256(repr(tuple(page.mediabox)).encode() + page.get_contents().get_data()
                           ).hexdigest() for page in reader.pages]


def _sides(capture: Capture, dpi: float, trim: bool,
           shop_px: Callable[[CardSize], tuple[int, int]] | None = None,
           tag: bool = False) -> list[tuple[bytes, bytes | None]]:
    """(front PNG, back PNG or None) of every card, with its bleed or cut to its trim;
    with ``shop_px``, the card in the middle of an image of that many pixels. ``tag``:
    the PNGs say their resolution."""
    keys = _page_keys(capture.pdf)
    done: dict[str, bytes] = {}
    out = []
    with open_pdf(capture.pdf) as document:
        def image(page: int, card: CapturedCard) -> bytes:
            if keys[page] in done:
                return done[keys[page]]
            size = card.size
            bleed = capture.bleed_mm
            outer = (size.width_mm + 2 * bleed, size.height_mm + 2 * bleed)
            if shop_px is not None:
                full = _middle(render_dpi(document, page, dpi), outer, shop_px(size), dpi)
            else:
                full = render_dpi(document, page, dpi, outer)
            if trim:
                x = pixels(bleed, dpi)
                full = full.crop((x, x, x + pixels(size.width_mm, dpi),
                                  x + pixels(size.height_mm, dpi)))
            done[keys[page]] = png_bytes(full, dpi=dpi if tag else None)
            return done[keys[page]]

        for card in capture.cards:
            back = None if card.back_page is None else image(card.back_page, card)
            out.append((image(card.front_page, card), back))
    return out


def _middle(page: Image.Image, size_mm: tuple[float, float], px: tuple[int, int],
            dpi: float) -> Image.Image:
    """The middle ``px`` of a page ``size_mm`` rendered at ``dpi`` (the page's last pixel
    row and column may be partial, so the middle is taken from its size in mm)."""
    x = round((size_mm[0] / 25.4 * dpi - px[0]) / 2)
    y = round((size_mm[1] / 25.4 * dpi - px[1]) / 2)
    return page.crop((x, y, x + px[0], y + px[1]))


# --- export cards --------------------------------------------------------------------------

def export_cards(options: ExportOptions, progress: Progress = lambda line: None
                 ) -> ExportResult:
    """Every different face and back of the chosen card sets as PNG, with its resolution,
    and a manifest: in ``cards/``, or ``cards-<preset>/`` at a print shop's sizes."""
    game, locales, documents = _check(options)
    shop = shops.shop(options.preset)
    if shop is not None and options.dpi is not None:
        raise UsageError(f"--dpi goes with --preset {GENERIC}; {shop.name} ({shop.id}) takes "
                         f"{shop.dpi} dpi")
    dpi = shop.dpi if shop is not None else options.dpi or DEFAULT_DPI
    kind_folder = "cards" if shop is None else f"cards-{shop.id}"
    files: dict[Path, bytes] = {}
    for code, ctx in _contexts(game, locales).items():
        folder = export_folder(options.out, game.id, code, kind_folder)
        rows: list[tuple[str, str, str, int]] = []
        for doc in documents:
            progress(f"{game.id} {code} {doc.id}: cards at {dpi} dpi"
                     + (f" for {shop.name}" if shop else ""))
            if shop is None:
                capture = capture_cards(ctx, doc)
                sides = _sides(capture, dpi, trim=False, tag=True)
            else:
                capture = capture_cards(replace(ctx, spec=replace(
                    ctx.spec, bleed_mm=shop.bleed_mm)), doc)
                shop_px = _shop_px(shop, game.id, doc.id)
                for size in dict.fromkeys(card.size for card in capture.cards):
                    shop_px(size)  # every size the shop takes, before any is drawn
                sides = _sides(capture, dpi, trim=False, shop_px=shop_px, tag=True)
            rows += _card_files(capture, sides, folder, files)
        files[folder / MANIFEST] = _manifest(rows)
    return ExportResult(written=commit(files, options.out))


def _shop_px(shop: Shop, game: str, document: str) -> Callable[[CardSize], tuple[int, int]]:
    """The shop's image size of a card, or a usage error naming the preset, the card's size
    and the sizes the shop takes."""
    def px(card: CardSize) -> tuple[int, int]:
        found = shop.image_px(card)
        if found is None:
            raise UsageError(f"--preset {shop.id}: {shop.name} takes no {card.label} card "
                             f"({game} {document}); it takes: {shop.takes}")
        return found

    return px


def _card_files(capture: Capture, sides: list[tuple[bytes, bytes | None]], folder: Path,
                files: dict[Path, bytes]) -> list[tuple[str, str, str, int]]:
    """Each different image once, named by the first card showing it; a manifest row per
    different card (front and back together) and side, with its number of copies."""
    names: dict[bytes, str] = {}

    def name(png: bytes, card_id: str, side: str) -> str:
        if png not in names:
            names[png] = f"{card_id}-{side}.png"
            files[folder / names[png]] = png
        return names[png]

    kinds: dict[tuple[bytes, bytes | None], tuple[str, int]] = {}
    for card, pair in zip(capture.cards, sides, strict=True):
        first, copies = kinds.get(pair, (_card_id(capture, card), 0))
        kinds[pair] = (first, copies + 1)
    rows = []
    for (front, back), (card_id, copies) in kinds.items():
        rows.append((name(front, card_id, "front"), card_id, "front", copies))
        if back is not None:
            rows.append((name(back, card_id, "back"), card_id, "back", copies))
    return rows


def _manifest(rows: list[tuple[str, str, str, int]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["file", "card_id", "side", "copies"])
    writer.writerows(rows)
    return buffer.getvalue().encode()


# --- export tts ----------------------------------------------------------------------------

def export_tts(options: ExportOptions, progress: Progress = lambda line: None) -> ExportResult:
    """A Tabletop Simulator deck (sheets, backs, saved object) per card set."""
    game, locales, documents = _check(options)
    files: dict[Path, bytes] = {}
    result = ExportResult()
    for code, ctx in _contexts(game, locales).items():
        folder = export_folder(options.out, game.id, code, "tts")
        for doc in documents:
            progress(f"{game.id} {code} {doc.id}: Tabletop Simulator deck")
            capture = capture_cards(ctx, doc)
            runs = sorted({card.run for card in capture.cards})
            for run in runs:
                name = doc.id if len(runs) == 1 else f"{doc.id}-{run + 1}"
                title = f"{ctx.data['title']} · {ctx._(doc.title)}"
                result.notes += _deck(capture, run, name, title, folder, files)
    result.written = commit(files, options.out)
    return result


def _deck(capture: Capture, run: int, name: str, title: str, folder: Path,
          files: dict[Path, bytes]) -> list[str]:
    """Sheets, backs and the saved object of one card set; returns what was reduced."""
    cards = [c for c in capture.cards if c.run == run]
    size = cards[0].size
    kinds: dict[tuple[str, str | None], int] = {}
    keys = _page_keys(capture.pdf)
    order = [kinds.setdefault((keys[c.front_page], None if c.back_page is None
                                                   else keys[c.back_page]), len(kinds))
             for c in cards]
    plan = tts.plan(f"{capture.document} ({name})", len(kinds), size.width_mm, size.height_mm)
    sides = _sides(Capture(capture.document, capture.pdf, tuple(cards), capture.bleed_mm),
                   plan.dpi, trim=True)
    unique: list[tuple[bytes, bytes | None]] = [None] * len(kinds)  # type: ignore[list-item]
    for slot, pair in zip(order, sides, strict=True):
        if unique[slot] is None:
            unique[slot] = pair
    decks: dict[str, object] = {}
    ids = []
    for sheet_no, start in enumerate(range(0, len(unique), plan.per_sheet), start=1):
        group = unique[start:start + plan.per_sheet]
        cols, rows = min(plan.cols, len(group)), -(-len(group) // min(plan.cols, len(group)))
        stem = f"{name}-sheet-{sheet_no}" if len(unique) > plan.per_sheet else f"{name}-sheet"
        faces = [_image(front) for front, _ in group]
        face_path = folder / f"{stem}.png"
        files[face_path] = png_bytes(tts.sheet(faces, cols, rows))
        backs = {back for _, back in group}
        unique_back = len(backs) > 1
        if unique_back:
            back_path = folder / f"{stem}-backs.png"
            files[back_path] = png_bytes(tts.sheet([_image(b) for _, b in group], cols, rows))  # type: ignore[arg-type]
        else:
            back_path = folder / f"{name}-back.png"
            (back,) = backs
            files[back_path] = back if back is not None else png_bytes(
                Image.new("RGB", faces[0].size, (236, 236, 236)))
        decks[str(sheet_no)] = tts.custom_deck(_url(face_path), _url(back_path), cols, rows,
                                               unique_back)
        ids.append(sheet_no)
    card_ids = [(((order[i] // plan.per_sheet) + 1) * 100 + order[i] % plan.per_sheet,
                 f"{capture.document}-{card.number:03d}") for i, card in enumerate(cards)]
    shape = tts.transform(size.width_mm, size.height_mm)
    saved = tts.saved_object([tts.deck_object(title, card_ids, decks, shape,
                                              f"{folder.as_posix()}/{name}")])
    files[folder / f"{name}.json"] = (json.dumps(saved, ensure_ascii=False, indent=2)
                                      + "\n").encode()
    return [plan.note] if plan.note else []


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _url(path: Path) -> str:
    """A ``file://`` URL TTS can load the image from: the file's absolute path."""
    return path.resolve().as_uri()
