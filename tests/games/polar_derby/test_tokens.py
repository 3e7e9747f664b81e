"""Polar Derby's bear tokens are round: each sheet, in every layout, on both papers, with
and without the ink saver, cuts them along circles, and each token's ink lies within its
circle (and its bleed on a shop sheet)."""

from __future__ import annotations

import copy
import dataclasses
import math
from typing import Any

import pypdfium2
import pytest
from pypdf.generic import ContentStream

from printkit.games.polar_derby.tokens import render_tokens
from printkit.geometry import PAPERS, CardGrid, CardSize, PrintSpec, card_grid, mm
from tests.games.benches import PAPER_IDS, POLAR_DERBY
from tests.support import reader, with_ctm

LAYOUTS = ["home", "shop", "fold"]
#: Points of slack for the floats of the content stream.
SLACK = 0.01
DPI = 100


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return POLAR_DERBY.data()


def _sheet(data: dict[str, Any], paper: str, layout: str,
           saver: bool = False) -> tuple[bytes, CardGrid]:
    ctx = POLAR_DERBY.context(data, "bear-tokens", paper)
    spec = PrintSpec(layout=layout, ink_saver=saver)
    size = data["print"]["token_mm"]
    grid = card_grid(PAPERS[paper], CardSize(size, size, data["print"]["token_shape"]), spec,
                     count=25)
    return render_tokens(dataclasses.replace(ctx, spec=spec)), grid


def cut_lines(pdf: bytes) -> list[list[tuple[bytes, list[float]]]]:
    """Every path of the first page stroked in the cut lines' 100 % K: its segments, each
    ``(operator, points)`` in page space."""
    doc = reader(pdf)
    ops = ContentStream(doc.pages[0].get_contents(), doc).operations
    paths, path, black = [], [], False
    for operands, op, ctm in with_ctm(ops):
        if op == b"K":
            black = [float(v) for v in operands] == [0, 0, 0, 1]
        elif op in (b"m", b"l", b"c"):
            values = [float(v) for v in operands]
            a, b, c, d, e, f = ctm
            points = [v for x, y in zip(values[::2], values[1::2], strict=True)
                      for v in (a * x + c * y + e, b * x + d * y + f)]
            path.append((op, points))
        elif op in (b"S", b"s", b"B", b"b", b"f", b"n"):
            if op == b"S" and black and path:
                paths.append(path)
            path = []
    return paths


def _circle(path: list[tuple[bytes, list[float]]]) -> tuple[float, float, float] | None:
    """(x, y, radius) of a path of four Bézier quarters whose ends lie on one circle."""
    if [op for op, _ in path] != [b"m", b"c", b"c", b"c", b"c"]:
        return None
    ends = [tuple(points[-2:]) for _, points in path]
    xs, ys = [x for x, _ in ends], [y for _, y in ends]
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    r = (max(xs) - min(xs)) / 2
    if any(abs(math.hypot(x - cx, y - cy) - r) > SLACK for x, y in ends):
        return None
    return cx, cy, r


@pytest.mark.parametrize("saver", [False, True], ids=["full", "ink-saver"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_every_token_is_cut_along_its_circle(data, paper: str, layout: str,
                                             saver: bool) -> None:
    pdf, grid = _sheet(data, paper, layout, saver)
    assert len(reader(pdf).pages) == 1  # 25 tokens on one sheet of card
    paths = cut_lines(pdf)
    circles = sorted(c for c in map(_circle, paths) if c is not None)
    trims = [grid.front_box(slot).trim for slot in range(25)]
    wanted = sorted((*t.centre, t.width / 2) for t in trims)
    assert len(circles) == len(wanted) == 25
    for found, want in zip(circles, wanted, strict=True):
        assert found == pytest.approx(want, abs=SLACK)
    assert want[2] == pytest.approx(mm(data["print"]["token_mm"]) / 2)
    straight = [p for p in paths if _circle(p) is None]
    if layout == "shop":  # the crop marks frame each circle's square, outside the bleed
        assert straight and all(op != b"c" for p in straight for op, _ in p)
    else:  # no straight cut line: one would cross a neighbour or lead the cut astray
        assert not straight


def _ink_outside(pdf: bytes, grid: CardGrid, reach: float) -> list[str]:
    """Where a token's square of the sheet holds ink farther than ``reach`` points from
    its centre."""
    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    pixels, px = image.load(), DPI / 72
    found = []
    for slot in range(25):
        box = grid.front_box(slot)
        cell, (cx, cy) = box.bleed.outset(grid.gap / 2), box.trim.centre
        for col in range(math.ceil(cell.x * px), math.floor(cell.right * px)):
            for row in range(math.ceil((grid.page_size[1] - cell.top) * px),
                             math.floor((grid.page_size[1] - cell.y) * px)):
                x, y = (col + 0.5) / px, grid.page_size[1] - (row + 0.5) / px
                if pixels[col, row] < 250 and math.hypot(x - cx, y - cy) > reach:
                    found.append(f"token {slot + 1}: ink at {x / mm(1):.1f}, {y / mm(1):.1f} mm")
    return found


@pytest.mark.parametrize("saver", [False, True], ids=["full", "ink-saver"])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_tokens_ink_lies_within_its_circle(data, layout: str, saver: bool) -> None:
    """Within the cut circle, and the bleed beyond it on a shop sheet, with the slack of
    the cut line drawn at least a pixel wide and of antialiasing: two pixels."""
    pdf, grid = _sheet(data, "a4", layout, saver)
    radius = mm(data["print"]["token_mm"]) / 2 + grid.bleed
    reach = radius + 2 * 72 / DPI
    assert not _ink_outside(pdf, grid, reach)


def test_square_tokens_ink_their_corners(data) -> None:
    """The pixel check sees a square token's corners: a token cut square floods its square."""
    square = copy.deepcopy(data)
    square["print"]["token_shape"] = "rectangle"
    pdf, grid = _sheet(square, "a4", "home")
    reach = mm(data["print"]["token_mm"]) / 2 + 2 * 72 / DPI
    assert len(_ink_outside(pdf, grid, reach)) > 25 * 4


def test_round_tokens_lie_apart_on_a_home_sheet(data) -> None:
    _pdf, grid = _sheet(data, "a4", "home")
    first, second = grid.front_box(0).trim, grid.front_box(1).trim
    assert second.x - first.right == pytest.approx(mm(3))
    assert first.width == first.height == pytest.approx(mm(25))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_colour_ring_reaches_the_cut_circle_all_round(data, layout: str) -> None:
    """Just inside the circle every token is inked all round: its art is centred on its cut
    line, and a cut a little inside the line shows no white."""
    pdf, grid = _sheet(data, "a4", layout)
    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    pixels, px, height = image.load(), DPI / 72, grid.page_size[1]
    inside = mm(data["print"]["token_mm"]) / 2 - mm(0.5)
    for slot in range(25):
        cx, cy = grid.front_box(slot).trim.centre
        for step in range(72):
            a = 2 * math.pi * step / 72
            x, y = cx + inside * math.cos(a), cy + inside * math.sin(a)
            assert pixels[int(x * px), int((height - y) * px)] < 250, (slot, step)
