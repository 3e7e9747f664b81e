"""Tiling a drawing across sheets: coverage, overlaps, margins, marks and the printed pages."""

from __future__ import annotations

from io import BytesIO

import pypdf
import pypdfium2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout.seams import tile_plan
from printkit.drawing.layout.tiles import CAPTION_MM, TICK_MM, Tile, TilePlan, draw_tiled
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import Ink
from printkit.geometry import EPS, PAPERS, LayoutError, Rect, mm, page_area

PAPER_IDS = ["a4", "letter"]
SIZES = st.tuples(st.floats(20, 900), st.floats(20, 900))  # drawing size in mm
OVERLAPS = st.sampled_from([0.0, 5.0, 10.0, 15.0])


def plan_for(size_mm: tuple[float, float], paper: str, overlap: float = 10) -> TilePlan:
    return tile_plan(mm(size_mm[0]), mm(size_mm[1]), PAPERS[paper], overlap_mm=overlap)


def pairs(plan: TilePlan) -> list[tuple[Tile, str, Tile]]:
    """Every (tile, side, neighbour) with the neighbour to the right or below."""
    return [(t, side, n) for t in plan.tiles for side, n in plan.neighbours(t)
            if side in ("right", "down")]


@settings(max_examples=150, deadline=None)
@given(SIZES, st.sampled_from(PAPER_IDS), OVERLAPS)
def test_windows_cover_the_drawing_and_nothing_beyond(size, paper, overlap):
    plan = plan_for(size, paper, overlap)
    drawing = Rect(0, 0, plan.width, plan.height)
    assert all(drawing.contains(t.window) for t in plan.tiles)
    xs = sorted({(t.window.x, t.window.right) for t in plan.tiles})
    ys = sorted({(t.window.y, t.window.top) for t in plan.tiles})
    assert xs[0][0] == pytest.approx(0, abs=1e-6) and xs[-1][1] == pytest.approx(plan.width)
    assert ys[0][0] == pytest.approx(0, abs=1e-6) and ys[-1][1] == pytest.approx(plan.height)
    for (_, right), (left, _) in zip(xs, xs[1:], strict=False):
        assert left <= right + EPS  # no gap between neighbouring columns
    for (_, top), (bottom, _) in zip(ys, ys[1:], strict=False):
        assert bottom <= top + EPS
    assert len(plan.tiles) == plan.cols * plan.rows


@settings(max_examples=150, deadline=None)
@given(SIZES, st.sampled_from(PAPER_IDS), OVERLAPS)
def test_neighbours_overlap_by_exactly_the_overlap(size, paper, overlap):
    plan = plan_for(size, paper, overlap)
    for tile, side, other in pairs(plan):
        if side == "right":
            assert tile.window.right - other.window.x == pytest.approx(mm(overlap))
            assert (tile.window.y, tile.window.height) == pytest.approx(
                (other.window.y, other.window.height))
        else:
            assert tile.window.y - other.window.top == pytest.approx(-mm(overlap))
            assert (tile.window.x, tile.window.width) == pytest.approx(
                (other.window.x, other.window.width))


@settings(max_examples=150, deadline=None)
@given(SIZES, st.sampled_from(PAPER_IDS), OVERLAPS)
def test_everything_printed_stays_inside_the_margin(size, paper, overlap):
    plan = plan_for(size, paper, overlap)
    area = page_area(PAPERS[paper], plan.landscape, 6)
    assert area == plan.area
    for tile in plan.tiles:
        window = plan.page_window(tile)
        assert area.contains(window)
        assert (window.width, window.height) == pytest.approx(
            (tile.window.width, tile.window.height))
        if not plan.single:
            assert area.contains(plan.caption_box(tile))
            assert not plan.caption_box(tile).overlaps(window)
        # registration lines in the margin, never on the drawing or the caption
        band = plan.caption_box(tile) if not plan.single else window
        for line in plan.all_ticks(tile):
            for point in line:
                px, py = plan.to_page(tile, *point)
                assert area.contains(Rect(px, py, 0, 0))
                assert not window.inset(EPS).contains(Rect(px, py, 0, 0))
                assert not band.inset(EPS).contains(Rect(px, py, 0, 0))


@settings(max_examples=100, deadline=None)
@given(SIZES, st.sampled_from(PAPER_IDS))
def test_the_plan_uses_the_fewer_sheets_of_portrait_and_landscape(size, paper):
    plan = plan_for(size, paper)
    for landscape in (False, True):
        area = page_area(PAPERS[paper], landscape, 6)
        fits = mm(size[0]) <= area.width and mm(size[1]) <= area.height
        if fits:
            assert plan.single
    # Each window is no bigger than the printable area leaves room for.
    w, h = plan.window_size
    assert w <= plan.area.width + EPS and h <= plan.area.height + EPS


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("size, landscape", [((150, 250), False), ((250, 150), True)])
def test_a_drawing_that_fits_is_one_sheet_turned_to_fit(paper, size, landscape):
    plan = plan_for(size, paper)
    assert plan.single and (plan.cols, plan.rows) == (1, 1)
    assert plan.landscape is landscape
    (tile,) = plan.tiles
    assert tile.name == "A1"
    assert tile.window == Rect(0, 0, mm(size[0]), mm(size[1]))
    assert plan.all_ticks(tile) == []
    assert plan.page_window(tile).centre == pytest.approx(plan.area.centre)


@settings(max_examples=100, deadline=None)
@given(SIZES, st.sampled_from(PAPER_IDS), OVERLAPS)
def test_registration_lines_of_neighbours_meet_on_the_seam(size, paper, overlap):
    plan = plan_for(size, paper, overlap)
    back = {"right": "left", "down": "up"}
    for tile, side, other in pairs(plan):
        under, over = plan.ticks(tile, side), plan.ticks(other, back[side])
        assert len(under) == len(over)
        seam = other.window.x if side == "right" else other.window.top
        for (start, end), (start2, end2) in zip(under, over, strict=True):
            assert start == pytest.approx(start2)  # the halves meet...
            axis = 0 if side == "right" else 1
            assert start[axis] == pytest.approx(seam)  # ...on the seam...
            # ...and continue each other, the one underneath on the side that stays in view
            length = mm(TICK_MM)
            assert end[axis] - start[axis] == pytest.approx(-length if side == "right" else
                                                            length)
            assert end2[axis] - start2[axis] == pytest.approx(-(end[axis] - start[axis]))
            assert end[1 - axis] == start[1 - axis] == end2[1 - axis]
    # every line the seams call for is on paper: one at each end of a seam in the first
    # row or column, one at the far end of the others (their near end is cut off)
    assert plan.complete
    for tile, side, _other in pairs(plan):
        first = tile.row == 0 if side == "right" else tile.col == 0
        assert len(plan.ticks(tile, side)) == (2 if first else 1), (tile.name, side)


def test_registration_lines_between_sheets_end_up_under_the_next_sheet():
    """Once glued, only the lines on the board's outer margin stay in view: every other half
    lies on a part of a sheet that is cut off or covered by a neighbour."""
    plan = plan_for((330, 344), "a4")
    assert (plan.cols, plan.rows) == (2, 2)

    def covered(tile: Tile, point: tuple[float, float]) -> bool:
        x, y = point
        right = tile.col + 1 < plan.cols and x > plan.tile(tile.col + 1, tile.row).window.x
        below = tile.row + 1 < plan.rows and y < plan.tile(tile.col, tile.row + 1).window.top
        return right or below

    for tile in plan.tiles:
        for start, end in plan.all_ticks(tile):
            mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            outer = (mid[1] > plan.height or mid[0] < 0 or mid[0] > plan.width
                     or mid[1] < -mm(CAPTION_MM))
            assert covered(tile, mid) or outer, (tile.name, mid)


def test_sheet_names_run_letters_across_and_numbers_down():
    plan = plan_for((700, 700), "a4")
    assert plan.cols == 4 and plan.rows == 3
    assert [t.name for t in plan.tiles[:5]] == ["A1", "B1", "C1", "D1", "A2"]
    assert Tile(26, 0, 0, Rect(0, 0, 1, 1)).name == "AA1"


def test_bad_sizes_are_refused():
    with pytest.raises(LayoutError):
        tile_plan(0, 100, PAPERS["a4"])
    with pytest.raises(LayoutError):
        tile_plan(mm(500), mm(500), PAPERS["a4"], overlap_mm=-1)
    with pytest.raises(LayoutError):
        tile_plan(mm(900), mm(900), PAPERS["a4"], overlap_mm=250)


# --- the printed sheets ----------------------------------------------------------------------

def checkerboard(canvas: Canvas, plan: TilePlan) -> None:
    """A drawing whose colour says where it is: 20 mm squares, each its own colour."""
    step = mm(20)
    for i in range(int(plan.width // step) + 1):
        for j in range(int(plan.height // step) + 1):
            canvas.setFillColorRGB((i * 37 % 256) / 255, (j * 53 % 256) / 255, 0.5)
            canvas.rect(i * step, j * step, step, step, stroke=0, fill=1)


def render(plan: TilePlan) -> bytes:
    buffer = BytesIO()
    canvas = new_canvas(buffer, plan.page_size, "tiles")
    ink = Ink(canvas, "en", "tiles")
    total = len(plan.tiles)
    pages = draw_tiled(canvas, plan, lambda c: checkerboard(c, plan),
                       lambda t: f"sheet {t.index + 1} of {total}", ink=ink,
                       glue=lambda t: f"glue {t.name} here")
    canvas.save()
    assert pages == total
    return buffer.getvalue()


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_each_sheet_is_labelled_and_the_overlaps_print_the_same_ink(paper):
    plan = plan_for((330, 344), paper)
    assert (plan.cols, plan.rows) == (2, 2)
    pdf = render(plan)
    reader = pypdf.PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 4
    for page, tile in zip(reader.pages, plan.tiles, strict=True):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            plan.page_size)
        words = " ".join(page.extract_text().split())
        assert tile.name in words and f"sheet {tile.index + 1} of 4" in words
        for side, other in plan.neighbours(tile):
            assert (f"glue {other.name} here" in words) == (side in ("right", "down"))
    # In each overlap the drawing runs on past the dashed line for UNDER_EDGE_MM, the same
    # on both sheets; the rest of the strip, hidden under the neighbour, is blank paper.
    scale = 2
    doc = pypdfium2.PdfDocument(pdf)
    images = [doc[i].render(scale=scale).to_pil().convert("RGB") for i in range(4)]
    height = plan.page_size[1]

    def colour(t, point):  # type: ignore[no-untyped-def]
        px, py = plan.to_page(t, *point)
        return images[t.index].getpixel((round(px * scale), round((height - py) * scale)))

    for tile, side, other in pairs(plan):
        strip = plan.overlap_strip(tile, side)
        for f in (0.25, 0.75):  # off the dashed line and the glue words
            under = ((strip.x + strip.width * 0.15, strip.y + strip.height * f)
                     if side == "right" else (strip.x + strip.width * f,
                                              strip.y + strip.height * 0.85))
            assert colour(tile, under) == colour(other, under), (tile.name, other.name, under)
            hidden = ((strip.x + strip.width * 0.7, strip.y + strip.height * f)
                      if side == "right" else (strip.x + strip.width * f,
                                               strip.y + strip.height * 0.3))
            assert colour(tile, hidden) == (255, 255, 255), (tile.name, side, hidden)
            assert colour(other, hidden) != (255, 255, 255), (other.name, side, hidden)


def test_a_drawing_that_fits_prints_alone_without_marks():
    plan = plan_for((150, 200), "letter")
    reader = pypdf.PdfReader(BytesIO(render(plan)))
    assert len(reader.pages) == 1
    assert reader.pages[0].extract_text().strip() == ""
