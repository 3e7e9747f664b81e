"""The print-and-play guide and the duplex calibration sheet, rendered directly (no kit
build): what they say, and that what they draw to scale is to scale."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest
from babel.messages.pofile import write_po
from pypdf import PdfReader

from printkit.assembly.guide import render_calibration, render_guide
from printkit.assembly.guide.geometry import (
    CROSSHAIR_EDGE_MM,
    back_scales,
    crosshair,
    edge_arrows,
    ruler_bars,
    rulers,
    scale_values,
)
from printkit.assembly.guide.materials import bill_of_materials
from printkit.games import GAMES
from printkit.geometry import DEFAULT_SPEC, MM, PAPERS, mm
from printkit.kinds import kind
from printkit.language.locales import catalog_path
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.model.variants import VARIANTS, variant_id
from printkit.tools.extract import extract_catalog, extract_toml
from printkit.tools.pseudo import pseudo_catalog
from tests.support import embedded_fonts

GAME_IDS = list(GAMES)
#: Made-up page counts: a tiled board for Yeti Slalom, two-page card documents.
PAGES = {"rulebook": 6, "board": 1, "cards": 10, "animal-cards": 14, "special-cards": 2,
         "tydzien-cards": 2}
#: Rendering scales: 300 dpi, and 254 dpi where a millimetre is exactly 10 pixels.
DPI300 = 300 / 72
PSEUDO = "en_001"
TEN_PX_PER_MM = 254 / 72

FRONT_TEXT = ("Then turn the sheet over like the page of a book and follow the instructions "
              "on the back.")
BACK_TEXT = ("Hold this sheet against a window, this side facing you. Read X where the "
             "front’s vertical line crosses the X scale, Y where its horizontal line "
             "crosses the Y scale.")
#: The top-edge words of the calibration sheet: how a person tells which way the sheet was
#: turned between its sides.
FRONT_EDGE = "<b>FRONT</b>: this is the top edge."
BACK_EDGE = ("<b>BACK</b>: this edge belongs behind the FRONT’s top edge, this arrow behind its "
             "arrow.")
MANUAL = "Double-sided by hand"
SINGLE_SIDED = "Everything in this kit prints single-sided."
#: The games with double-sided card sheets: their guides have a duplex calibration sheet.
DUPLEX_GAMES = [g for g in sorted(GAMES) if any(d.kind == "cards" for d in GAMES[g].documents)]
ACTUAL_SIZE = "Print every page at 100 %% (actual size)."
LONG_EDGE = "double-sided, flip on long edge"
BLANK = "This page is intentionally left blank."


def pages_of(game_id: str) -> dict[str, int]:
    game = GAMES[game_id]
    pages = {doc.id: PAGES.get(doc.id, 1) for doc in game.documents}
    if game_id == "yeti-slalom":
        pages["board"] = 4
    # the ready-made variants have their document's pages; a guide lists the ones its spec
    # writes
    pages |= {variant_id(doc.id, v.id): pages[doc.id] for doc in game.documents
              for v in VARIANTS if v.id in kind(doc.kind).variants}
    return pages


def context(game_id: str, locale: str = "en", paper: str = "a4",
            data: Mapping[str, Any] | None = None, **spec: Any) -> RenderContext:
    game = GAMES[game_id]
    return RenderContext(game=game, data=data if data is not None else game.load_data(),
                         examples={}, localizer=Localizer.for_locale(locale),
                         paper=PAPERS[paper], document="guide",
                         spec=dataclasses.replace(DEFAULT_SPEC, **spec))


@cache
def guide(game_id: str, locale: str = "en", paper: str = "a4", layout: str = "home",
          offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    ctx = context(game_id, locale, paper, layout=layout, duplex_offset_mm=offset)
    return render_guide(ctx, pages_of(game_id))


@cache
def calibration(game_id: str, locale: str = "en", paper: str = "a4",
                offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    return render_calibration(context(game_id, locale, paper, duplex_offset_mm=offset))


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(BytesIO(pdf))


def squash(text: str) -> str:
    """Text without any whitespace: line breaks fall anywhere in extracted text."""
    return re.sub(r"\s+", "", text)


def page_texts(pdf: bytes) -> list[str]:
    return [squash(page.extract_text() or "") for page in reader(pdf).pages]


def said(localizer: Localizer, msgid: str) -> str:
    """A msgid as printed: translated, then %-formatted like every string of the guide,
    without its <b> tags."""
    return squash(re.sub(r"</?b>", "", localizer.gettext(msgid) % {}))


def calibration_pages(pdf: bytes, locale: str = "en") -> tuple[int, int]:
    """The 0-based indexes of the calibration front and back, found by their text."""
    return calibration_pages_in(pdf, Localizer.for_locale(locale))


def calibration_pages_in(pdf: bytes, loc: Localizer) -> tuple[int, int]:
    texts = page_texts(pdf)
    fronts = [i for i, t in enumerate(texts) if said(loc, FRONT_TEXT) in t]
    backs = [i for i, t in enumerate(texts) if said(loc, BACK_TEXT) in t]
    assert len(fronts) == 1 and len(backs) == 1, (fronts, backs)
    return fronts[0], backs[0]


def grey(pdf: bytes, index: int, scale: float) -> np.ndarray:
    page = pdfium.PdfDocument(pdf)[index]
    return np.asarray(page.render(scale=scale).to_pil().convert("L"), dtype=np.int16)


# -- what the guide says ---------------------------------------------------------------

@pytest.mark.parametrize("locale", ["en", "pl"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_guide_names_every_document_and_the_print_settings(game_id: str,
                                                               locale: str) -> None:
    text = "".join(page_texts(guide(game_id, locale)))
    loc = Localizer.for_locale(locale)
    for doc in GAMES[game_id].documents:
        assert squash(loc.gettext(doc.title)) in text, doc.title
    assert said(loc, ACTUAL_SIZE) in text
    if game_id in DUPLEX_GAMES:
        assert said(loc, LONG_EDGE) in text
    else:  # nothing to print double-sided: no duplex setting, no calibration, no manual duplex
        assert said(loc, SINGLE_SIDED) in text and said(loc, LONG_EDGE) not in text
        assert said(loc, "Duplex calibration") not in text and said(loc, MANUAL) not in text
    for item in GAMES[game_id].load_data()["kit"]["gather"]:
        assert said(loc, item) in text, item
    if locale == "en":
        for words in ("100 %", "actual size", "fit to page"):
            assert squash(words) in text, words


def test_the_bill_of_materials_follows_the_kinds_and_the_layout() -> None:
    pages = pages_of("pick-a-polar-bear")
    home = {m.id: m for m in bill_of_materials(context("pick-a-polar-bear"), pages)}
    assert list(home) == [doc.id for doc in GAMES["pick-a-polar-bear"].documents]
    assert home["animal-cards"].sides == "duplex" and home["animal-cards"].paper == "card"
    assert home["animal-cards"].pages == 14
    assert home["rulebook"].sides == "single" and home["rulebook"].paper == "paper"
    assert home["score-sheet"].copies == "per-game" and home["rulebook"].copies == "one"
    fold = {m.id: m for m in bill_of_materials(context("pick-a-polar-bear", layout="fold"),
                                               pages)}
    assert fold["animal-cards"].sides == "fold" and fold["score-sheet"].sides == "single"
    # Folded and glued, two layers of 80-120 g paper make a card; card stock would not fold.
    assert fold["animal-cards"].paper == "paper"
    derby = {m.id: m for m in bill_of_materials(context("polar-derby"), pages_of("polar-derby"))}
    assert {derby[d].paper for d in ("rink", "bear-tokens", "dice")} == {"card"}


@pytest.mark.parametrize("layout", ["shop", "fold"])
def test_other_layouts_give_their_own_advice(layout: str) -> None:
    text = "".join(page_texts(guide("yeti-slalom", layout=layout)))
    if layout == "fold":
        assert squash("single-sided, fold") in text
        assert squash("fold each card sheet on the dashed line") in text
    else:
        assert squash("crop marks") in text
        # a shop sheet's boxes are the whole sheet: the guide sends to the one-up files
        assert squash("the files ending in “-1up” hold each card on a page of its own") in text
        assert squash("pages carry trim") not in text
    assert squash("printed across 4 sheets") in text  # the tiled board


def test_kit_strings_are_extracted_for_translation() -> None:
    game = GAMES["yeti-slalom"]
    with game.data_file.open("rb") as fh:
        found = {(message, comments[0]) for _, _, message, comments
                 in extract_toml(fh, None, None, {})}
    kit = game.load_data()["kit"]
    assert kit["gather"] and kit["steps"]
    for i, item in enumerate(kit["gather"]):
        assert (item, f"data: kit.gather[{i}]") in found
    for i, item in enumerate(kit["steps"]):
        assert (item, f"data: kit.steps[{i}]") in found


# -- the rulers ------------------------------------------------------------------------

def _bars(image: np.ndarray) -> list[int]:
    """Lengths in pixels of the solid black bars: the most common run of each bar."""
    dark = image < 128
    runs: dict[int, int] = {}
    for y in range(dark.shape[0]):
        row = np.concatenate(([0], dark[y].astype(np.int8), [0]))
        edges = np.flatnonzero(np.diff(row))
        lengths = edges[1::2] - edges[::2]
        if len(lengths) and 400 < lengths.max() < 800:
            runs[y] = int(lengths.max())
    bars: list[list[int]] = []
    for y in sorted(runs):
        if bars and y - 1 in runs and runs[y - 1] and bars[-1]:
            bars[-1].append(runs[y])
        else:
            bars.append([runs[y]])
    return [max(set(b), key=b.count) for b in bars if len(b) >= 5]


def test_every_ruler_tick_is_centred_on_its_exact_distance() -> None:
    """The end ticks stood inside the bar, 49.75 mm apart centre to centre: each tick is
    centred on its distance from the bar's start, the first and last on the bar's ends."""
    metric, imperial = rulers(10, 20)
    for ruler, step, count in ((metric, mm(10), 6), (imperial, mm(25.4 / 4), 9)):
        centres = ruler.tick_centres()
        assert len(centres) == count
        assert centres[0] == pytest.approx(ruler.bar.x)
        assert centres[-1] == pytest.approx(ruler.bar.right)
        for i, centre in enumerate(centres):
            assert centre == pytest.approx(ruler.bar.x + i * step)
    assert metric.tick_centres()[-1] - metric.tick_centres()[0] == pytest.approx(mm(50))
    assert imperial.tick_centres()[-1] - imperial.tick_centres()[0] == pytest.approx(2 * 72)


def test_the_ruler_geometry_is_exact() -> None:
    metric, imperial = ruler_bars(0, 0)
    assert metric.width == pytest.approx(mm(50)) and metric.height == pytest.approx(mm(1.2))
    assert imperial.width == pytest.approx(2 * 72) and imperial.height == pytest.approx(mm(1.2))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulers_print_50_mm_and_2_inches(paper: str) -> None:
    pdf = guide("polar-derby", paper=paper)  # no calibration sheet: every page is text
    found = [bars for bars in (_bars(grey(pdf, i, DPI300)) for i in range(len(page_texts(pdf))))
             if bars]
    assert len(found) == 1, "the rulers are on one page"
    metric, imperial = found[0]
    assert abs(metric - 50 / 25.4 * 300) <= 1
    assert abs(imperial - 2 * 300) <= 1


# -- duplex calibration ----------------------------------------------------------------

@pytest.mark.parametrize("game_id", DUPLEX_GAMES)
def test_the_calibration_sheet_is_a_front_and_its_back(game_id: str) -> None:
    """Two pages, the front then the back, each saying which edge is the top; the guide
    itself draws no calibration page (it is text, to read or print single-sided)."""
    for locale in ("en", "pl"):
        loc = Localizer.for_locale(locale)
        texts = page_texts(calibration(game_id, locale))
        assert len(texts) == 2
        assert said(loc, FRONT_TEXT) in texts[0] and said(loc, FRONT_EDGE) in texts[0]
        assert said(loc, BACK_TEXT) in texts[1] and said(loc, BACK_EDGE) in texts[1]
        guide_text = "".join(page_texts(guide(game_id, locale)))
        assert said(loc, BACK_TEXT) not in guide_text and said(loc, BLANK) not in guide_text


def test_a_kit_with_nothing_double_sided_has_no_calibration_sheet() -> None:
    assert "polar-derby" not in DUPLEX_GAMES
    text = "".join(page_texts(guide("polar-derby")))
    assert squash("Duplex calibration") not in text and squash(MANUAL) not in text
    # A fold-layout kit prints everything single-sided too.
    folded = "".join(page_texts(guide("yeti-slalom", layout="fold")))
    assert squash("Duplex calibration") not in folded and squash(MANUAL) not in folded


def test_the_top_edge_arrows_lie_on_each_other_on_a_sheet_turned_over_its_long_edge() -> None:
    """Turned over its long edge, a sheet takes x to width - x: the back's arrow is behind
    the front's, both at the top edge. Turned end over end (y to height - y), the back's
    arrow would be at the bottom edge, pointing down."""
    for paper in ("a4", "letter"):
        width, height = PAPERS[paper].size
        front, back = edge_arrows((width, height))
        assert back.x1 == pytest.approx(width - front.x1)
        assert back.x2 == pytest.approx(width - front.x2)
        assert (back.y1, back.y2) == (front.y1, front.y2)
        assert front.y2 > front.y1 and height - front.y2 == pytest.approx(mm(8))
        assert front.x1 > width / 2  # clear of the front's vertical centre line


def test_the_calibration_geometry() -> None:
    size = PAPERS["a4"].size
    horizontal, vertical = crosshair(size)
    assert (horizontal.y1, horizontal.y2) == (size[1] / 2, size[1] / 2)
    assert horizontal.x1 == pytest.approx(mm(CROSSHAIR_EDGE_MM))
    assert horizontal.x2 == pytest.approx(size[0] - mm(CROSSHAIR_EDGE_MM))
    assert (vertical.x1, vertical.x2) == (size[0] / 2, size[0] / 2)
    assert vertical.y2 == pytest.approx(size[1] - mm(CROSSHAIR_EDGE_MM))
    x_scale, y_scale = back_scales(size)
    assert [t.value_mm for t in x_scale.ticks] == scale_values()
    assert scale_values()[0] == -10 and scale_values()[-1] == 10
    assert scale_values()[1] - scale_values()[0] == 0.5
    for tick in x_scale.ticks:  # the tick for p is at centre + p mm: the reading is X
        assert tick.line.x1 == pytest.approx(size[0] / 2 + mm(tick.value_mm))
    for tick in y_scale.ticks:
        assert tick.line.y1 == pytest.approx(size[1] / 2 + mm(tick.value_mm))
    assert x_scale.zero[0] == pytest.approx(size[0] / 2)
    assert y_scale.zero[1] == pytest.approx(size[1] / 2)
    moved = back_scales(size, (2, -1))
    for before, after in zip((x_scale, y_scale), moved, strict=True):
        assert after.zero[0] - before.zero[0] == pytest.approx(mm(2))
        assert after.zero[1] - before.zero[1] == pytest.approx(mm(-1))


def test_the_duplex_offset_moves_the_back_page_and_nothing_else() -> None:
    plain = calibration("yeti-slalom")
    shifted = calibration("yeti-slalom", offset=(2.0, -1.0))
    front, back = calibration_pages(plain)
    assert (front, back) == (0, 1) and calibration_pages(shifted) == (front, back)
    assert np.array_equal(grey(plain, front, TEN_PX_PER_MM), grey(shifted, front, TEN_PX_PER_MM))
    before, after = grey(plain, back, TEN_PX_PER_MM), grey(shifted, back, TEN_PX_PER_MM)
    # The scales' region, 10 px to the millimetre: 2 mm right is 20 px, 1 mm down is 10 rows.
    cx, cy = before.shape[1] // 2, before.shape[0] // 2
    region = (slice(cy - 150, cy + 350), slice(cx - 300, cx + 350))
    moved = (slice(cy - 150 + 10, cy + 350 + 10), slice(cx - 300 + 20, cx + 350 + 20))
    ink = (before[region] < 128).sum()
    assert ink > 1000, "the scales are in the region"
    # Identical but for a glyph or two that the rasteriser snaps a pixel the other way.
    assert (np.abs(before[region] - after[moved]) > 64).sum() < 0.03 * ink
    assert (np.abs(before[region] - after[region]) > 64).sum() > ink  # ...and it did move
    # The X scale's zero tick, found in pixels 2 mm below the baseline, moved 20 px right.
    x_scale, _ = back_scales(PAPERS["a4"].size)
    row = round((PAPERS["a4"].size[1] - x_scale.baseline.y1) * TEN_PX_PER_MM) + 20
    assert _zero_tick(before[row]) + 20 == pytest.approx(_zero_tick(after[row + 10]), abs=0.5)
    assert _zero_tick(before[row]) == pytest.approx(x_scale.zero[0] * TEN_PX_PER_MM, abs=1)


def _zero_tick(row: np.ndarray) -> float:
    """The centre column of the middle one of the 11 even ticks crossing this row."""
    centre = len(row) // 2
    window = row[centre - 150:centre + 150] < 160
    columns = np.flatnonzero(window)
    clusters = np.split(columns, np.flatnonzero(np.diff(columns) > 1) + 1)
    assert len(clusters) == 11, len(clusters)
    return centre - 150 + float(clusters[5].mean())


# -- the PDF ---------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_font_is_embedded(game_id: str) -> None:
    for pdf in (guide(game_id, "pl"), calibration(game_id, "pl")):
        seen = embedded_fonts(reader(pdf))
        assert seen and all(name.startswith(("DejaVuSans", "DejaVuSerif")) for name in seen), seen


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes(paper: str) -> None:
    width, height = PAPERS[paper].size
    for page in [*reader(guide("yeti-slalom", paper=paper)).pages,
                 *reader(calibration("yeti-slalom", paper=paper)).pages]:
        box = page.mediabox
        assert float(box.width) == pytest.approx(width, abs=0.01)
        assert float(box.height) == pytest.approx(height, abs=0.01)
    assert width / MM == pytest.approx(PAPERS[paper].width_mm)


def test_the_guide_is_byte_identical_when_rendered_twice() -> None:
    first = render_guide(context("pick-a-polar-bear", "pl"), pages_of("pick-a-polar-bear"))
    second = render_guide(context("pick-a-polar-bear", "pl"), pages_of("pick-a-polar-bear"))
    assert first == second



# -- a longer language -----------------------------------------------------------------

@pytest.fixture(scope="module")
def pseudo_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Catalogs holding only the pseudo-locale, made from the current sources."""
    root = tmp_path_factory.mktemp("locales")
    target = catalog_path(PSEUDO, root)
    target.parent.mkdir(parents=True)
    with target.open("wb") as fh:
        write_po(fh, pseudo_catalog(extract_catalog(), PSEUDO))
    return root


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_guide_fits_a_longer_language_and_no_string_escapes(
        pseudo_root: Path, game_id: str, paper: str) -> None:
    for layout in ("home", "fold"):
        ctx = dataclasses.replace(context(game_id, paper=paper, layout=layout),
                                  localizer=Localizer.for_locale(PSEUDO, strict=True,
                                                                 root=pseudo_root))
        pdf = render_guide(ctx, pages_of(game_id))
        pages = list(reader(pdf).pages)
        if game_id in DUPLEX_GAMES and layout == "home":
            sheet = render_calibration(ctx)
            assert calibration_pages_in(sheet, ctx.localizer) == (0, 1)
            pages += reader(sheet).pages
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pages)
        for msgid in (ACTUAL_SIZE % {}, "Bill of materials", "Print settings", "Assembly",
                      "Duplex calibration", "Front", "Back", "1 six-sided die", "Print runs",
                      "File", MANUAL, "Sheets", "In all"):
            assert f" {msgid} " not in f" {text} ", msgid


@pytest.mark.parametrize("locale", ["es", "de", "fr", "pl"])
def test_the_sheets_column_keeps_its_heading_whole(locale: str) -> None:
    """The bill of materials' narrow column broke "Páginas" mid-word; it counts sheets now."""
    first = page_texts(guide("yeti-slalom", locale))[0]
    assert squash(Localizer.for_locale(locale).gettext("Sheets")) in first


def test_the_layout_guesses_never_change_the_bytes() -> None:
    """The guide is laid out until its page count settles, starting from the last guide's
    count: a wrong guess costs a pass, never a different file."""
    from printkit.assembly import guide as guide_module

    keys = [("coraz-blizej-swieta", "a4", "home", placement)
            for placement in ("last", "assembly on a new page", "before assembly")]
    results = []
    for guess in (None, 1, 40, 7):
        for key in keys:  # every placement of the calibration
            guide_module._LAST_PAGES.pop(key, None)
            if guess is not None:
                guide_module._LAST_PAGES[key] = guess
        results.append(guide("coraz-blizej-swieta", "ja"))
    assert all(r == results[0] for r in results)


def test_the_home_layout_says_where_its_cut_lines_are() -> None:
    """Butted cards have no cut lines between them on the sheet: the guide says how to cut
    from the lines at the paper edge, not merely "with scissors"."""
    text = "".join(page_texts(guide("yeti-slalom", layout="home")))
    assert squash("the cut lines run outside the cards to the paper edge") in text
    assert squash("a ruler laid from a line on one edge to the same line") in text
    assert squash("Scissors will not do for these sheets") in text
    # folded cards touch too; print-shop cards are cut one by one along their crop marks
    fold = "".join(page_texts(guide("yeti-slalom", layout="fold")))
    assert squash("Scissors will not do for these sheets") in fold
    shop = "".join(page_texts(guide("yeti-slalom", layout="shop")))
    assert squash("Scissors will not do") not in shop


@pytest.mark.parametrize("layout", ["home", "shop", "fold"])
def test_the_guide_never_offers_scissors_where_it_then_refuses_them(layout: str) -> None:
    """Assembly opened with "or with sharp scissors" and then said "Scissors will not do for
    these sheets": scissors are offered only where a cut line is printed between pieces."""
    text = "".join(page_texts(guide("yeti-slalom", layout=layout)))
    assert squash("or with sharp scissors") not in text
    assert squash("Sharp scissors do only where a cut line is printed between the pieces") in text
