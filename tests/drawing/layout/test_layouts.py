"""The three card layouts (home, shop, fold) and the duplex offset, checked for both papers.

Geometry is checked against the paper and against each other card; the drawn
sheets are checked in the PDF itself (page content, rendered pixels).
"""

from __future__ import annotations

import dataclasses
from io import BytesIO

import pypdf
import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout import (
    LAYOUTS,
    PAPERS,
    CardBox,
    CardGrid,
    CardSize,
    LayoutError,
    PrintSpec,
    Rect,
    card_grid,
    cut_segments,
    draw_card_sheets,
    mark_segments,
    mm,
    page_area,
)
from printkit.drawing.layout.marks import sheet_trims
from printkit.games import GAMES
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext

PAPER_IDS = sorted(PAPERS)
# Poker, the Tydzień card, Pick-a-Polar Bear's squares, snowboarders, bear tokens.
CARDS = [(63, 88), (60, 40), (55, 55), (36, 36), (28, 28)]


def spec(layout: str, offset: tuple[float, float] = (0.0, 0.0)) -> PrintSpec:
    return PrintSpec(layout=layout, duplex_offset_mm=offset)


def grid_for(layout: str, paper: str, card: tuple[float, float], count: int | None = None,
             offset: tuple[float, float] = (0.0, 0.0)) -> CardGrid:
    return card_grid(PAPERS[paper], CardSize(*card), spec(layout, offset), count)


def margin(grid: CardGrid) -> Rect:
    """What a printer can print on: inside the printer margin, in every layout."""
    return page_area(grid.paper, grid.landscape, grid.spec.printer_margin_mm)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("card", CARDS, ids=[f"{w}x{h}" for w, h in CARDS])
def test_cards_sit_inside_the_printable_area_and_never_overlap(layout, paper, card):
    grid = grid_for(layout, paper, card)
    printable = margin(grid)
    boxes = [grid.front_box(s) for s in range(grid.per_page)]
    boxes += [grid.back_box(s) for s in range(grid.per_page)] if layout == "fold" else []
    for box in boxes:
        assert printable.contains(box.bleed), box
        assert box.trim.width == pytest.approx(mm(card[0]))
        assert box.trim.height == pytest.approx(mm(card[1]))
    for i, a in enumerate(boxes):
        assert not any(a.bleed.overlaps(b.bleed) for b in boxes[i + 1:])
    if layout != "fold":  # backs pages: every back inside the paper too
        for s in range(grid.per_page):
            assert printable.contains(grid.back_box(s).bleed)


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_home_puts_nine_poker_cards_on_a_sheet(paper):
    grid = grid_for("home", paper, (63, 88))
    assert (grid.cols, grid.rows, grid.landscape) == (3, 3, False)


def test_home_puts_fifteen_55_mm_squares_on_a4():
    assert grid_for("home", "a4", (55, 55)).per_page == 15


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("card", CARDS, ids=[f"{w}x{h}" for w, h in CARDS])
def test_home_is_as_dense_as_the_card_allows(paper, card):
    grid = grid_for("home", paper, card)
    printable = margin(grid)
    # Butted: neighbours share their cut line.
    if grid.cols > 1:
        assert grid.front_box(1).trim.x == pytest.approx(grid.front_box(0).trim.right)
    if grid.rows > 1:
        assert grid.front_box(grid.cols).trim.top == pytest.approx(grid.front_box(0).trim.y)
    # One more column or row, either way round, would leave the printable area.
    for landscape in (False, True):
        area = page_area(grid.paper, landscape, grid.spec.printer_margin_mm)
        cols = int(area.width // mm(card[0]) + 1e-9)
        rows = int(area.height // mm(card[1]) + 1e-9)
        assert cols * rows <= grid.per_page
    assert printable.contains(grid.grid_trim)


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("card", CARDS, ids=[f"{w}x{h}" for w, h in CARDS])
def test_fold_backs_mirror_their_fronts_about_the_fold_line(paper, card):
    grid = grid_for("fold", paper, card)
    x1, y1, x2, y2 = grid.fold_line
    for slot in range(grid.per_page):
        front, back = grid.front_box(slot).trim, grid.back_box(slot).trim
        if x1 == x2:  # a vertical fold at x1
            assert back.x == pytest.approx(2 * x1 - front.right)
            assert (back.y, back.top) == pytest.approx((front.y, front.top))
            assert front.right <= x1 - mm(grid.spec.fold_gap_mm) + 1e-6
        else:
            assert back.y == pytest.approx(2 * y1 - front.top)
            assert (back.x, back.right) == pytest.approx((front.x, front.right))
            assert front.y >= y1 + mm(grid.spec.fold_gap_mm) - 1e-6


@pytest.mark.parametrize("layout", ["home", "shop"])
@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -1.5), (-10.0, 10.0)])
def test_duplex_backs_mirror_their_fronts_moved_by_the_offset(layout, paper, offset):
    """On the paper (a turned landscape sheet's boxes brought onto its portrait paper),
    every back is its front mirrored about the paper's long axis, then moved by the offset
    as the calibration sheet reads it: x right, y up."""
    grid = grid_for(layout, paper, (63, 88), offset=offset)
    width = grid.media_size[0]
    for slot in range(grid.per_page):
        front = grid.on_media(grid.front_box(slot).trim)
        back = grid.on_media(grid.back_box(slot).trim)
        unmoved = Rect(back.x - mm(offset[0]), back.y - mm(offset[1]), back.width, back.height)
        assert unmoved.mirror_x(width).as_box() == pytest.approx(front.as_box())


def test_a_bad_layout_or_offset_is_a_layout_error():
    with pytest.raises(LayoutError, match="home, shop, fold"):
        PrintSpec(layout="poster")
    with pytest.raises(LayoutError, match="10 mm"):
        PrintSpec(duplex_offset_mm=(10.5, 0))


# --- partial sheets -------------------------------------------------------------------------

def touches_a_card(segment, trims) -> bool:
    """True if the line segment ends on the edge of one of ``trims``."""
    x1, y1, x2, y2 = segment
    for t in trims:
        for x, y in ((x1, y1), (x2, y2)):
            on_x = abs(x - t.x) < 1e-6 or abs(x - t.right) < 1e-6
            on_y = abs(y - t.y) < 1e-6 or abs(y - t.top) < 1e-6
            if (on_x and t.y - 1e-6 <= y <= t.top + 1e-6) or (
                    on_y and t.x - 1e-6 <= x <= t.right + 1e-6):
                return True
    return False


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_a_part_empty_sheet_has_cut_lines_for_its_own_cards_only(paper):
    grid = grid_for("home", paper, (63, 88))
    present = 4  # a full row and one card of the next
    trims = sheet_trims(grid, present)
    empty = [grid.front_box(s).trim for s in range(present, grid.per_page)]
    segments = cut_segments(grid.page, trims)
    assert segments
    for seg in segments:
        assert touches_a_card(seg, trims), seg
        x1, y1, x2, y2 = seg
        line = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        # No cut line runs through a card that is there.
        assert not any(t.inset(1e-3).overlaps(line) for t in trims)
    # The empty last row's bottom edge gets no line at all.
    bottom = empty[-1].y
    assert bottom < min(t.y for t in trims)
    assert not any(y1 == y2 and abs(y1 - bottom) < 1e-6 for _, y1, _, y2 in segments)


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_a_part_empty_shop_sheet_has_crop_marks_for_its_own_cards_only(paper):
    grid = grid_for("shop", paper, (40, 40))
    present = grid.cols + 1
    trims = sheet_trims(grid, present)
    full = mark_segments(grid)
    part = mark_segments(grid, present)
    assert 0 < len(part) < len(full)
    xs = {round(v, 6) for t in trims for v in (t.x, t.right)}
    ys = {round(v, 6) for t in trims for v in (t.y, t.top)}
    for x1, y1, x2, _ in part:
        assert round(x1, 6) in xs if x1 == x2 else round(y1, 6) in ys


# --- drawn sheets ---------------------------------------------------------------------------

def paint(rgb):
    def draw(canvas: Canvas, index: int, box: CardBox) -> None:
        canvas.setFillColorRGB(*rgb)
        canvas.rect(box.bleed.x, box.bleed.y, box.bleed.width, box.bleed.height, stroke=0,
                    fill=1)
    return draw


def sheets(grid: CardGrid, count: int) -> bytes:
    buf = BytesIO()
    canvas = Canvas(buf, invariant=1, pageCompression=0)
    draw_card_sheets(canvas, grid, count, paint((0.9, 0.1, 0.1)), paint((0.1, 0.1, 0.9)))
    canvas.save()
    return buf.getvalue()


def contents(pdf: bytes) -> list[bytes]:
    return [page.get_contents().get_data() for page in pypdf.PdfReader(BytesIO(pdf)).pages]


def test_the_duplex_offset_moves_back_pages_and_nothing_else():
    plain = grid_for("home", "a4", (63, 88))
    moved = grid_for("home", "a4", (63, 88), offset=(2.0, -1.5))
    a, b = contents(sheets(plain, 12)), contents(sheets(moved, 12))
    assert len(a) == len(b) == 4
    assert a[0] == b[0] and a[2] == b[2]  # fronts byte-identical
    assert a[1] != b[1] and a[3] != b[3]
    # On the rendered back, the card's edge has moved by exactly the offset.
    scale = 4
    for grid, pdf in ((plain, sheets(plain, 12)), (moved, sheets(moved, 12))):
        doc = pypdfium2.PdfDocument(pdf)
        image = doc[1].render(scale=scale).to_pil().convert("RGB")
        box = grid.back_box(0).trim
        x, y = box.centre
        px = int(x * scale), int((grid.page_size[1] - y) * scale)
        assert image.getpixel(px)[2] > 200  # blue back at the expected place
        doc.close()


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_fold_sheets_hold_fronts_and_backs_on_one_page(paper):
    grid = grid_for("fold", paper, (63, 88))
    pdf = sheets(grid, grid.per_page + 1)
    assert len(pypdf.PdfReader(BytesIO(pdf)).pages) == 2  # no backs pages
    scale = 3
    doc = pypdfium2.PdfDocument(pdf)
    image = doc[0].render(scale=scale).to_pil().convert("RGB")
    doc.close()

    def colour(r: Rect) -> tuple[int, int, int]:
        x, y = r.centre
        return image.getpixel((int(x * scale), int((grid.page_size[1] - y) * scale)))

    for slot in range(grid.per_page):
        assert colour(grid.front_box(slot).trim)[0] > 200
        assert colour(grid.back_box(slot).trim)[2] > 200


# --- the kits -------------------------------------------------------------------------------

def render(game_id: str, doc_id: str, layout: str = "home", paper: str = "a4",
           data: dict | None = None) -> bytes:
    game = GAMES[game_id]
    ctx = RenderContext(game=game, data=data or game.load_data(), examples={},
                        localizer=Localizer.for_locale("en"), paper=PAPERS[paper],
                        document=doc_id, spec=spec(layout))
    return game.document(doc_id).render(ctx)


def pages(pdf: bytes) -> int:
    return len(pypdf.PdfReader(BytesIO(pdf)).pages)


def test_yeti_slalom_cards_take_at_most_ten_a4_pages_at_home():
    assert pages(render("yeti-slalom", "cards")) <= 10


def test_pick_a_polar_bear_animal_cards_take_at_most_fourteen_a4_pages_at_home():
    assert pages(render("pick-a-polar-bear", "animal-cards")) <= 14


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_card_too_big_for_the_paper_names_the_file_the_key_and_the_paper(layout):
    data = GAMES["coraz-blizej-swieta"].load_data()
    data = {**data, "tydzien_card": {**data["tydzien_card"], "width_mm": 250.0,
                                     "height_mm": 300.0}}
    with pytest.raises(LayoutError) as info:
        render("coraz-blizej-swieta", "tydzien-cards", layout, "letter", data)
    message = str(info.value)
    assert "game.toml" in message and "tydzien_card" in message and "Letter" in message
    assert "\n" not in message and info.value.exit_code == 2


def test_sheets_are_labelled_with_game_document_side_paper_and_layout():
    reader = pypdf.PdfReader(BytesIO(render("coraz-blizej-swieta", "tydzien-cards")))
    texts = [page.extract_text() for page in reader.pages]
    assert "fronts 1/1" in texts[0] and "backs 1/1" in texts[1]
    for text in texts:
        assert "Coraz bliżej Święta" in text and "Week cards" in text
        assert "A4" in text and "home layout" in text


def test_spec_replace_keeps_the_layout_choice():
    assert dataclasses.replace(spec("fold"), ink_saver=True).layout == "fold"
