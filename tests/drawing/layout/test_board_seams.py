"""The sheets a tiled game board is printed on: as few as its seam lines allow, every seam
between spaces, every registration line on paper and printed.

Yeti Slalom's board is the games' one board bigger than the paper (the others print on
one sheet). The planner's count is checked against every choice of seam lines with fewer
sheets, on the shipped board and on bigger courses; the built board is read back for its
pages, its ink near the paper's edge and the registration lines themselves.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pypdfium2
import pytest

from printkit.drawing.layout.seams import _cut, tile_plan
from printkit.drawing.layout.tiles import BANDS, TilePlan
from printkit.games.yeti_slalom.board import MARGIN_MM, OVERLAP_MM, Geometry
from printkit.geometry import EPS, MAX_PRINTER_MARGIN_MM, PAPERS, Rect, mm, page_area
from tests.games.benches import PAPER_IDS, YETI_SLALOM
from tests.printed import nearest_edge

#: Sheets of each tiled board (game, paper): the fewest with every seam between spaces.
SHEETS = {("yeti-slalom", "a4"): 4, ("yeti-slalom", "letter"): 4}
#: The layout's own margin, and the widest printer margin a build accepts.
MARGINS = [MARGIN_MM, MAX_PRINTER_MARGIN_MM]
#: Bigger courses than the shipped one, (rows, columns): more seams to choose from.
COURSES = [(6, 5), (8, 5), (6, 7), (9, 6)]


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return YETI_SLALOM.data()


def course(data: dict[str, Any], rows: int, columns: int) -> dict[str, Any]:
    return {**data, "course": {**data["course"], "rows": rows, "columns": columns}}


def plan_of(geo: Geometry, paper: str, margin: float = MARGIN_MM) -> TilePlan:
    """The board's plan as the board module makes it (printkit.games.yeti_slalom.board)."""
    return tile_plan(geo.width, geo.height, PAPERS[paper], OVERLAP_MM, margin,
                     seams=geo.seam_lines())


def fits(plan: TilePlan) -> bool:
    """Every window and caption band on the page, and every registration line on paper."""
    for tile in plan.tiles:
        if min(tile.window.width, tile.window.height) <= plan.overlap + EPS:
            return False
        if not plan.area.contains(plan.page_window(tile)):
            return False
        if not plan.single and not plan.area.contains(plan.caption_box(tile)):
            return False
    return plan.complete


def fewer_that_fit(geo: Geometry, paper: str, margin: float, sheets: int) -> list[str]:
    """Every plan with fewer than ``sheets`` sheets, its seams on the board's lines, that
    fits: tried one choice of lines at a time, both ways round, each placing of the bands."""
    xs, ys = geo.seam_lines()
    xs = [x for x in xs if EPS < x < geo.width - EPS]
    depths = [geo.height - y for y in ys if EPS < y < geo.height - EPS]
    found = []
    for landscape, bands in itertools.product((False, True), BANDS):
        area = page_area(PAPERS[paper], landscape, margin)
        for cols, rows in itertools.product(range(1, sheets), repeat=2):
            if cols * rows >= sheets:
                continue
            for xcut in itertools.combinations(xs, cols - 1):
                for dcut in itertools.combinations(sorted(depths), rows - 1):
                    plan = _cut(geo.width, geo.height, PAPERS[paper], landscape, area,
                                mm(OVERLAP_MM), (list(xcut), list(dcut)), bands)
                    if fits(plan):
                        found.append(f"{cols}x{rows} {bands} landscape={landscape}")
    return found


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_each_board_takes_its_fewest_sheets(data, paper):
    geo = Geometry(data)
    plan = plan_of(geo, paper)
    assert len(plan.tiles) == SHEETS["yeti-slalom", paper]
    assert fits(plan)
    assert fewer_that_fit(geo, paper, MARGIN_MM, len(plan.tiles)) == []


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("margin", MARGINS)
@pytest.mark.parametrize("rows, columns", COURSES)
def test_no_fewer_sheets_fit_a_bigger_course(data, paper, margin, rows, columns):
    geo = Geometry(course(data, rows, columns))
    plan = plan_of(geo, paper, margin)
    assert fits(plan)
    assert fewer_that_fit(geo, paper, margin, len(plan.tiles)) == []


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("margin", MARGINS)
@pytest.mark.parametrize("rows, columns", COURSES)
def test_every_seam_lies_between_spaces_with_its_lines_on_paper(data, paper, margin, rows,
                                                                 columns):
    geo = Geometry(course(data, rows, columns))
    plan = plan_of(geo, paper, margin)
    xs, ys = plan.seams
    spaces = geo.spaces()
    for x in xs:
        assert not any(r.x + EPS < x < r.right - EPS for r in spaces), x / mm(1)
    for y in ys:
        assert not any(r.y + EPS < y < r.top - EPS for r in spaces), y / mm(1)
    lines = geo.seam_lines()
    assert all(any(abs(x - line) < EPS for line in lines[0]) for x in xs)
    assert all(any(abs(y - line) < EPS for line in lines[1]) for y in ys)
    printable = page_area(PAPERS[paper], plan.landscape, margin)
    for tile in plan.tiles:
        for side, _other in plan.neighbours(tile):
            lines = plan.ticks(tile, side)
            # both ends of a seam in the first row or column; the far end of the others,
            # whose near end is cut off with the sheet's margin
            first = tile.row == 0 if side in ("left", "right") else tile.col == 0
            assert len(lines) == (2 if first else 1), (tile.name, side)
            for line in lines:
                for point in line:
                    px, py = plan.to_page(tile, *point)
                    assert printable.contains(Rect(px, py, 0, 0)), (tile.name, side, point)


def dark(image: Any, x: float, y: float, height: float, scale: float) -> bool:
    """Whether the page, rendered at ``scale``, has ink within a pixel of (x, y) points."""
    cx, cy = round(x * scale), round((height - y) * scale)
    return min(sum(image.getpixel((cx + dx, cy + dy))) for dx in (-1, 0, 1)
               for dy in (-1, 0, 1)) < 3 * 128


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_the_built_board_prints_every_registration_line(data, paper, tmp_path: Path):
    plan = plan_of(Geometry(data), paper)
    pdf = YETI_SLALOM.built(data, "board", paper)
    path = tmp_path / f"board-{paper}.pdf"
    path.write_bytes(pdf)
    found = nearest_edge(path)
    assert found is not None and found[0] >= MARGIN_MM - 1e-3, found
    doc = pypdfium2.PdfDocument(pdf)
    assert len(doc) == len(plan.tiles) == SHEETS["yeti-slalom", paper]
    scale, height = 4, plan.page_size[1]
    for tile in plan.tiles:
        image = doc[tile.index].render(scale=scale).to_pil().convert("RGB")
        for side, _other in plan.neighbours(tile):
            for (x0, y0), (x1, y1) in plan.ticks(tile, side):
                mid = plan.to_page(tile, (x0 + x1) / 2, (y0 + y1) / 2)
                assert dark(image, *mid, height, scale), (tile.name, side, mid)
                # the margin beside the line is blank: the line, not the board, was seen
                off = (mid[0] + mm(1.5), mid[1]) if x0 == x1 else (mid[0], mid[1] + mm(1.5))
                assert not dark(image, *off, height, scale), (tile.name, side, off)


def test_the_letter_a2_b2_seam_has_its_line_below_the_board(data):
    """The seam between the lower sheets on Letter: its line used to fall off the page."""
    plan = plan_of(Geometry(data), "letter")
    a2, b2 = plan.tile(0, 1), plan.tile(1, 1)
    assert (a2.name, b2.name) == ("A2", "B2")
    (under,) = plan.ticks(a2, "right")
    (over,) = plan.ticks(b2, "left")
    assert under[0] == pytest.approx(over[0])
    assert under[0][1] < 0  # below the board, in the margin that stays in view
