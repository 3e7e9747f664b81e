"""Where the seams of a tiled drawing go: the plan with the fewest sheets.

A drawing bigger than the paper is cut into windows (see
:mod:`printkit.drawing.layout.tiles`). The planner tries the paper both ways round,
the caption bands below the windows or beside the tall ones, and every count of
columns and rows from the fewest sheets up; along each direction it cuts equal
windows, or, where the caller names the lines a seam may fall on (the lines between a
board's spaces), it tries every choice of those lines and keeps the most even. A plan
counts only if every registration line lands on paper; the first found with the fewest
sheets wins, with bands below before beside and portrait before landscape.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from printkit.drawing.layout.tiles import BANDS, Tile, TilePlan, window_room
from printkit.geometry import EPS, LayoutError, Paper, Rect, mm, page_area


def _count(length: float, window: float, overlap: float) -> int:
    """Sheets needed along one direction: windows of ``window`` overlapping by ``overlap``."""
    if length <= window + EPS:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def _cuts(length: float, room: tuple[float, float], overlap: float,
          lines: Sequence[float] | None, n: int) -> list[float] | None:
    """Seams cutting ``length`` into ``n`` windows that overlap by ``overlap``, the first
    within ``room[0]`` and the others within ``room[1]``: equal windows, or with ``lines``
    seams on those lines and the windows as even as they allow (the smallest widest window;
    the first such cut on a tie). None if there is no such cut.

    Each window runs from its seam (0 for the first) to the next seam plus the overlap
    (``length`` for the last).
    """
    if n == 1:
        return [] if length <= room[0] + EPS else None
    if lines is None:
        w = (length + (n - 1) * overlap) / n
        return [k * (w - overlap) for k in range(1, n)] \
            if overlap + EPS < w <= min(room) + EPS else None
    best: tuple[float, list[float]] | None = None
    for cut in itertools.combinations(lines, n - 1):
        starts = [0.0, *cut]
        ends = [c + overlap for c in cut] + [length]
        widths = [e - s for s, e in zip(starts, ends, strict=True)]
        if widths[0] <= room[0] + EPS and max(widths[1:]) <= room[1] + EPS \
                and all(w > overlap + EPS for w in widths):
            if best is None or max(widths) < best[0] - EPS:
                best = (max(widths), list(cut))
    return None if best is None else best[1]


def _plan(width: float, height: float, paper: Paper, landscape: bool, overlap: float,
          margin_mm: float, seams: tuple[list[float], list[float]] | None,
          bands: str) -> TilePlan | None:
    """The plan with the fewest sheets for one way round of the paper and one placing of
    the caption bands (fewer columns first on a tie); None if the seam lines allow none.

    The sheets are counted column by row, since the room a window has depends on whether
    there are seams across the other way (they put registration lines round it).
    """
    area = page_area(paper, landscape, margin_mm)
    if width <= area.width + EPS and height <= area.height + EPS:
        tiles = (Tile(0, 0, 0, Rect(0.0, 0.0, width, height)),)
        return TilePlan(width, height, paper, landscape, area, overlap, 1, 1, tiles)
    # a window shows at least a little of the drawing besides its overlap
    if min(window_room(area, "as drawn", True, True)) <= overlap + mm(4):
        raise LayoutError(f"an overlap of {overlap / mm(1):g} mm leaves no room on {paper.name}")
    least = window_room(area, bands, True, True)
    if min(least) <= overlap + mm(4):
        return None
    # Rows are counted from the top, so horizontal seams are taken as depths.
    lines = (None, None) if seams is None else (
        sorted({x for x in seams[0] if EPS < x < width - EPS}),
        sorted({height - y for y in seams[1] if EPS < y < height - EPS}))
    most = [len(ln) + 1 if ln is not None else _count(length, room, overlap)
            for ln, length, room in zip(lines, (width, height), least, strict=True)]
    found: dict[tuple[int, int, tuple[float, float]], list[float] | None] = {}

    def cuts(axis: int, n: int, room: tuple[float, float]) -> list[float] | None:
        if (axis, n, room) not in found:
            found[axis, n, room] = _cuts((width, height)[axis], room, overlap, lines[axis], n)
        return found[axis, n, room]

    for cols, rows in sorted(itertools.product(range(1, most[0] + 1), range(1, most[1] + 1)),
                             key=lambda p: (p[0] * p[1], p[0])):
        room_w, room_h = window_room(area, bands, cols > 1, rows > 1)
        rest_w = window_room(area, bands, cols > 1, rows > 1, first_column=False)[0]
        xcuts = cuts(0, cols, (room_w, rest_w))
        dcuts = None if xcuts is None else cuts(1, rows, (room_h, room_h))
        if xcuts is not None and dcuts is not None:
            return _cut(width, height, paper, landscape, area, overlap, (xcuts, dcuts), bands)
    return None


def _cut(width: float, height: float, paper: Paper, landscape: bool, area: Rect,
         overlap: float, cuts: tuple[list[float], list[float]], bands: str) -> TilePlan:
    """The plan whose vertical seams lie at ``cuts[0]`` and horizontal ones at the depths
    ``cuts[1]`` from the top."""
    xcuts, dcuts = cuts
    xs = [0.0, *xcuts]
    xe = [c + overlap for c in xcuts] + [width]
    ds = [0.0, *dcuts]
    de = [c + overlap for c in dcuts] + [height]
    cols, rows = len(xs), len(ds)
    tiles = tuple(
        Tile(col, row, row * cols + col,
             Rect(xs[col], height - de[row], xe[col] - xs[col], de[row] - ds[row]))
        for row in range(rows) for col in range(cols)
    )
    return TilePlan(width, height, paper, landscape, area, overlap, cols, rows, tiles, bands)


def tile_plan(width_pt: float, height_pt: float, paper: Paper, overlap_mm: float = 10,
              margin_mm: float = 6,
              seams: tuple[list[float], list[float]] | None = None) -> TilePlan:
    """The plan with the fewest sheets that has every registration line on paper.

    It tries the paper both ways round and the caption bands below the windows or beside
    the tall ones, with every cut along the seam lines; on equal sheets it keeps the bands
    below, then portrait. Only if no plan has every line on paper does it take the fewest
    sheets with bands below, leaving off the lines that find no paper.

    A drawing that fits inside the margin of one sheet, either way round,
    gets a one-sheet plan. ``seams`` lists the drawing x and y positions a
    seam may fall on (e.g. the lines between a board's spaces); a drawing
    whose lines allow no cut is a :class:`LayoutError`.
    """
    if width_pt <= 0 or height_pt <= 0:
        raise LayoutError(f"drawing size {width_pt:g} × {height_pt:g} pt must be positive")
    if overlap_mm < 0:
        raise LayoutError("the overlap between sheets must not be negative")
    overlap = mm(overlap_mm)
    plans = [p for landscape in (False, True) for bands in BANDS
             if (p := _plan(width_pt, height_pt, paper, landscape, overlap, margin_mm,
                            seams, bands)) is not None]
    if not plans:
        raise LayoutError(f"the drawing cannot be cut across {paper.name} sheets on its grid "
                          f"lines: a stretch between two lines is wider than a sheet")
    return min(plans, key=lambda p: (not p.complete, len(p.tiles), BANDS.index(p.bands),
                                     p.landscape))
