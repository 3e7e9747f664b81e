"""Tiling: a drawing bigger than the paper, printed across several sheets and glued together.

The drawing has its own coordinates in points, origin bottom-left, from
``(0, 0)`` to ``(width, height)``. A :class:`TilePlan` cuts it into equal
windows, one per sheet, in a grid of columns A, B, C… (left to right) and
rows 1, 2, 3… (top to bottom). Neighbouring windows overlap by exactly
``overlap_mm``, and together they cover the whole drawing, no more.

Assembly: cut the sheet margin off each sheet's left edge (not column A)
and top edge (not row 1), along the thin cut line where its artwork starts,
and lay it over its left and upper neighbours. Each of those neighbours
shows a dashed line where the overlap starts: the edge of the cut sheet goes
on that line, and the strip beyond it takes the glue. The drawing runs on 3 mm past
the dashed line (a sheet laid a little short shows no paper) and leaves the rest of
the strip blank: the neighbour hides it, and the glue words print there on nothing.
At both ends of every seam a short registration line crosses it in the white margin
outside the
windows: one half on the sheet underneath, on the side of the seam that stays
in view, the other half on the sheet laid on top, from its cut edge. Laid
right, the halves make one straight line; they never print on the drawing, and
the ones between sheets end up under the next sheet once glued. Below each
window a caption band holds the sheet's name (``A1``), a caption from the
caller and a small map of the sheets with this one filled in; the band lies
under the next row once assembled.

Where the caller names the lines a seam may fall on (the grid lines between
a board's spaces), every seam — the cut edge of a sheet laid over its
neighbour — falls on one of them, so no seam runs through a space, a symbol
or a name; the windows are then as even as those lines allow.

Everything printed stays inside the sheet margin. A drawing that fits on
one sheet prints on one sheet, centred, with no caption and no marks.
"""

from __future__ import annotations

import itertools
import math
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.pdf import draw_once, forms_drawn
from printkit.errors import FitError
from printkit.geometry import EPS, LayoutError, Paper, Rect, mm, page_area
from printkit.language import fonts

if TYPE_CHECKING:  # the print layer only needs the type; text drawing is the caller's Ink
    from printkit.drawing.text import Ink

#: Height of the caption band below the window on each sheet of a multi-sheet plan.
CAPTION_MM = 11.0
#: A registration line's half on each sheet, and its distance from the window (or the
#: caption band below it).
TICK_MM = 6.0
TICK_GAP_MM = 3.0
#: Line widths: cut lines are hairlines, registration lines thin, the glue line bolder.
HAIRLINE_PT = 0.35
TICK_PT = 0.5
GLUE_LINE_PT = 0.8
#: How far the drawing runs on past the dashed line into a glue strip, under the edge of
#: the sheet laid on it: a sheet laid a little short shows drawing, not paper. The rest of
#: the strip stays blank (the neighbour hides it): glue and its label go there, and no ink
#: is spent where nobody sees it.
UNDER_EDGE_MM = 3.0

#: A line in drawing coordinates: (start, end), the start on a seam.
Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Tile:
    """One sheet: its place in the grid and the window of the drawing it shows."""

    col: int
    row: int
    index: int
    window: Rect

    @property
    def name(self) -> str:
        """``A1`` for the top-left sheet: a column letter and a row number."""
        letters = string.ascii_uppercase
        col, name = self.col, ""
        while True:
            col, rest = divmod(col, len(letters))
            name = letters[rest] + name
            if col == 0:
                break
            col -= 1
        return f"{name}{self.row + 1}"


@dataclass(frozen=True)
class TilePlan:
    """How a ``width`` × ``height`` point drawing is spread over sheets of one page size."""

    width: float
    height: float
    paper: Paper
    landscape: bool
    area: Rect
    overlap: float
    cols: int
    rows: int
    tiles: tuple[Tile, ...]

    @property
    def page_size(self) -> tuple[float, float]:
        return self.paper.landscape_size if self.landscape else self.paper.size

    @property
    def single(self) -> bool:
        return len(self.tiles) == 1

    @property
    def window_size(self) -> tuple[float, float]:
        """The largest window's size (windows are equal unless seams are constrained)."""
        return (max(t.window.width for t in self.tiles),
                max(t.window.height for t in self.tiles))

    @property
    def seams(self) -> tuple[list[float], list[float]]:
        """Drawing x of every vertical seam and y of every horizontal one.

        A seam is where a sheet's cut edge lies on its neighbour: the left edge
        of every column but the first and the top edge of every row but the first.
        """
        xs = [self.tile(c, 0).window.x for c in range(1, self.cols)]
        ys = [self.tile(0, r).window.top for r in range(1, self.rows)]
        return xs, ys

    def tile(self, col: int, row: int) -> Tile:
        return self.tiles[row * self.cols + col]

    def page_window(self, tile: Tile) -> Rect:
        """Where ``tile``'s window lands on its page: centred above the caption band."""
        w, h = tile.window.width, tile.window.height
        band = 0.0 if self.single else mm(CAPTION_MM)
        return Rect(self.area.centre[0] - w / 2, self.area.centre[1] - (h - band) / 2, w, h)

    def caption_box(self, tile: Tile) -> Rect:
        """The caption band just below the window on the page."""
        win = self.page_window(tile)
        return Rect(win.x, win.y - mm(CAPTION_MM), win.width, mm(CAPTION_MM))

    def to_page(self, tile: Tile, x: float, y: float) -> tuple[float, float]:
        """A point of the drawing, in the coordinates of ``tile``'s page."""
        win = self.page_window(tile)
        return win.x + x - tile.window.x, win.y + y - tile.window.y

    def neighbours(self, tile: Tile) -> list[tuple[str, Tile]]:
        """(side, tile) for each sheet sharing an overlap with ``tile``: left, right, up, down."""
        out = []
        for side, dc, dr in (("left", -1, 0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1)):
            c, r = tile.col + dc, tile.row + dr
            if 0 <= c < self.cols and 0 <= r < self.rows:
                out.append((side, self.tile(c, r)))
        return out

    def overlap_strip(self, tile: Tile, side: str) -> Rect:
        """The part of ``tile``'s window that its neighbour on ``side`` also shows."""
        w, o = tile.window, self.overlap
        return {"left": Rect(w.x, w.y, o, w.height), "right": Rect(w.right - o, w.y, o, w.height),
                "up": Rect(w.x, w.top - o, w.width, o), "down": Rect(w.x, w.y, w.width, o)}[side]

    def ticks(self, tile: Tile, side: str) -> list[Segment]:
        """``tile``'s halves of the registration lines across its seam with the neighbour on
        ``side``, in drawing coordinates, each starting on the seam.

        The sheet underneath (neighbour to the right or below) has its half on the side of
        the seam that stays in view; the sheet on top (neighbour to the left or above) from
        its cut edge outwards, so the neighbours' halves meet on the seam. A line goes at
        each end of the seam, outside the window and the caption band, where the page's
        printable area has room and the sheet keeps that margin (a sheet with a neighbour
        above loses its top margin, one with a neighbour to the left its left margin).
        """
        w, length, gap = tile.window, mm(TICK_MM), mm(TICK_GAP_MM)
        if side in ("left", "right"):
            x = w.x if side == "left" else self.tile(tile.col + 1, tile.row).window.x
            step = length if side == "left" else -length
            ys = [w.top + gap] if tile.row == 0 else []
            ys.append(w.y - mm(CAPTION_MM) - gap)
            lines = [((x, y), (x + step, y)) for y in ys]
        else:
            y = w.top if side == "up" else self.tile(tile.col, tile.row + 1).window.top
            step = -length if side == "up" else length
            xs = [w.x - gap] if tile.col == 0 else []
            xs.append(w.right + gap)
            lines = [((x, y), (x, y + step)) for x in xs]
        room = self.area.inset(TICK_PT / 2)
        return [line for line in lines
                if all(room.contains(Rect(*self.to_page(tile, *p), 0, 0)) for p in line)]

    def all_ticks(self, tile: Tile) -> list[Segment]:
        return [t for side, _ in self.neighbours(tile) for t in self.ticks(tile, side)]


def _count(length: float, window: float, overlap: float) -> int:
    """Sheets needed along one direction: windows of ``window`` overlapping by ``overlap``."""
    if length <= window + EPS:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def _even_cuts(length: float, room: float, overlap: float) -> list[float]:
    """Seams for equal windows that cover ``length`` exactly, overlapping by ``overlap``."""
    n = _count(length, room, overlap)
    if n == 1:
        return []
    w = (length + (n - 1) * overlap) / n
    return [k * (w - overlap) for k in range(1, n)]


def _lined_cuts(length: float, room: float, overlap: float,
                lines: list[float]) -> list[float] | None:
    """Seams on the given ``lines`` with every window within ``room``: the fewest sheets,
    then the most even windows; None if the lines allow no such cut.

    Each window runs from its seam (0 for the first) to the next seam plus
    the overlap (``length`` for the last).
    """
    if length <= room + EPS:
        return []
    usable = sorted({x for x in lines if EPS < x < length - EPS})
    for n in range(2, len(usable) + 2):
        best: tuple[float, list[float]] | None = None
        for cut in itertools.combinations(usable, n - 1):
            starts = [0.0, *cut]
            ends = [c + overlap for c in cut] + [length]
            widths = [e - s for s, e in zip(starts, ends, strict=True)]
            if max(widths) <= room + EPS and all(w > overlap + EPS for w in widths):
                if best is None or max(widths) < best[0] - EPS:
                    best = (max(widths), list(cut))
        if best is not None:
            return best[1]
    return None


def _plan(width: float, height: float, paper: Paper, landscape: bool, overlap: float,
          margin_mm: float, seams: tuple[list[float], list[float]] | None) -> TilePlan | None:
    area = page_area(paper, landscape, margin_mm)
    if width <= area.width + EPS and height <= area.height + EPS:
        tiles = (Tile(0, 0, 0, Rect(0.0, 0.0, width, height)),)
        return TilePlan(width, height, paper, landscape, area, overlap, 1, 1, tiles)
    room_h = area.height - mm(CAPTION_MM)
    # a window shows at least a little of the drawing besides its overlap
    if min(area.width, room_h) <= overlap + mm(4):
        raise LayoutError(f"an overlap of {overlap / mm(1):g} mm leaves no room on {paper.name}")
    if seams is None:
        xcuts, dcuts = _even_cuts(width, area.width, overlap), _even_cuts(height, room_h, overlap)
    else:
        # Rows are counted from the top, so horizontal seams are taken as depths.
        xcuts = _lined_cuts(width, area.width, overlap, seams[0])
        dcuts = _lined_cuts(height, room_h, overlap, [height - y for y in seams[1]])
        if xcuts is None or dcuts is None:
            return None
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
    return TilePlan(width, height, paper, landscape, area, overlap, cols, rows, tiles)


def tile_plan(width_pt: float, height_pt: float, paper: Paper, overlap_mm: float = 10,
              margin_mm: float = 6,
              seams: tuple[list[float], list[float]] | None = None) -> TilePlan:
    """The plan with the fewest sheets, portrait or landscape (portrait on a tie).

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
    plans = [p for landscape in (False, True)
             if (p := _plan(width_pt, height_pt, paper, landscape, overlap, margin_mm,
                            seams)) is not None]
    if not plans:
        raise LayoutError(f"the drawing cannot be cut across {paper.name} sheets on its grid "
                          f"lines: a stretch between two lines is wider than a sheet")
    return min(plans, key=lambda p: len(p.tiles))


# --- drawing -----------------------------------------------------------------------------

def _clip(canvas: Canvas, rect: Rect) -> None:
    path = canvas.beginPath()
    path.rect(rect.x, rect.y, rect.width, rect.height)
    canvas.clipPath(path, stroke=0, fill=0)


def _shown(plan: TilePlan, tile: Tile, win: Rect) -> Rect:
    """The part of a sheet's window that prints the drawing: all of it but the glue strips
    its right and lower neighbours cover, beyond :data:`UNDER_EDGE_MM` past their edge."""
    right, bottom = win.right, win.y
    under = min(mm(UNDER_EDGE_MM), plan.overlap)
    for side, _other in plan.neighbours(tile):
        if side == "right":
            right = win.right - plan.overlap + under
        elif side == "down":
            bottom = win.y + plan.overlap - under
    return Rect(win.x, bottom, right - win.x, win.top - bottom)


def _ticks(canvas: Canvas, plan: TilePlan, tile: Tile) -> None:
    canvas.setStrokeColorCMYK(0, 0, 0, 1)
    canvas.setLineWidth(TICK_PT)
    canvas.setDash()
    canvas.lines([(*plan.to_page(tile, *a), *plan.to_page(tile, *b))
                  for a, b in plan.all_ticks(tile)])


def _edges(canvas: Canvas, plan: TilePlan, tile: Tile,
           glue: Callable[[Tile], str] | None, ink: Ink | None) -> None:
    """Cut lines where this sheet is trimmed, glue lines where a neighbour is laid on it."""
    win = plan.page_window(tile)
    o, half = plan.overlap, HAIRLINE_PT / 2
    canvas.setLineCap(0)
    for side, other in plan.neighbours(tile):
        canvas.setStrokeColorCMYK(0, 0, 0, 1)
        if side in ("left", "up"):  # this sheet is cut here and laid on top
            canvas.setLineWidth(HAIRLINE_PT)
            canvas.setDash()
            if side == "left":
                canvas.line(win.x + half, win.y, win.x + half, win.top)
            else:
                canvas.line(win.x, win.top - half, win.right, win.top - half)
            continue
        # The neighbour's edge goes on the dashed line; the strip beyond takes the glue.
        canvas.setLineWidth(GLUE_LINE_PT)
        canvas.setDash(4, 3)
        strip = (Rect(win.right - o, win.y, o, win.height) if side == "right"
                 else Rect(win.x, win.y, win.width, o))
        inset = GLUE_LINE_PT / 2  # wholly inside the strip, so the neighbour covers it
        if side == "right":
            canvas.line(strip.x + inset, strip.y, strip.x + inset, strip.top)
        else:
            canvas.line(strip.x, strip.top - inset, strip.right, strip.top - inset)
        canvas.setDash()
        if glue is None or ink is None:
            continue
        text = glue(other)
        canvas.saveState()
        canvas.setFillColorCMYK(0, 0, 0, 0.85)
        # on the blank part of the strip, clear of the drawing that runs under the edge
        under, pad = min(mm(UNDER_EDGE_MM), o), min(mm(1), o / 10)
        across = max(o - under - 2 * pad, o * 0.3)
        if side == "right":  # read bottom to top along the strip
            canvas.translate(strip.x, strip.y)
            canvas.rotate(90)
            box = Rect(strip.height * 0.3, -(o - pad), strip.height * 0.4, across)
        else:
            box = Rect(strip.x + strip.width * 0.3, strip.y + pad, strip.width * 0.4, across)
        ink.line(text, box, size=7, min_size=6, where=f"sheet {tile.name} glue guide")
        canvas.restoreState()


def _sheet_map(canvas: Canvas, plan: TilePlan, tile: Tile, box: Rect) -> None:
    """A little grid of the sheets, this one filled, at the right end of the caption band."""
    cell = min(box.height / plan.rows, box.width / plan.cols)
    x0, y0 = box.right - cell * plan.cols, box.y + (box.height - cell * plan.rows) / 2
    canvas.setLineWidth(0.5)
    canvas.setStrokeColorCMYK(0, 0, 0, 1)
    for t in plan.tiles:
        canvas.setFillColorCMYK(0, 0, 0, 0.8 if t is tile else 0)
        canvas.rect(x0 + t.col * cell, y0 + (plan.rows - 1 - t.row) * cell, cell, cell,
                    stroke=1, fill=1)


#: A sheet's caption, or captions from longest to shortest (see draw_tiled).
Caption = Callable[[Tile], str | Sequence[str]]


def _caption(canvas: Canvas, plan: TilePlan, tile: Tile, label: Caption | None,
             ink: Ink | None) -> None:
    band = plan.caption_box(tile)
    inner = Rect(band.x, band.y + mm(0.8), band.width, band.height - mm(1.6))
    _sheet_map(canvas, plan, tile, Rect(inner.right - inner.height * 2, inner.y,
                                        inner.height * 2, inner.height))
    if ink is None:
        return
    canvas.setFillColorCMYK(0, 0, 0, 1)
    name_w = inner.height * 2.2
    ink.line(tile.name, Rect(inner.x, inner.y, name_w, inner.height), fonts.BOLD, 14, 8,
             align="left", where=f"sheet {tile.name} name")
    if label is not None:
        # The caption, or the shorter ones after it when a longer language leaves no room.
        texts = label(tile)
        texts = [texts] if isinstance(texts, str) else list(texts)
        room = Rect(inner.x + name_w, inner.y, inner.width - name_w - inner.height * 2.5,
                    inner.height)
        for n, text in enumerate(texts):
            try:
                ink.paragraph(text, room, size=8, min_size=6, valign="middle",
                              where=f"sheet {tile.name} caption")
                break
            except FitError:
                if n == len(texts) - 1:
                    raise


def draw_tiled(canvas: Canvas, plan: TilePlan, draw: Callable[[Canvas], None],
               label: Caption | None = None, *, ink: Ink | None = None,
               glue: Callable[[Tile], str] | None = None) -> int:
    """Print the drawing on ``plan``'s sheets; return the number of pages written.

    ``draw`` paints the whole drawing in drawing coordinates; each sheet
    shows only its window. ``label(tile)`` is the caption beside the sheet's
    name (e.g. "sheet 2 of 4"), or captions from longest to shortest, the first
    that fits being printed; ``glue(neighbour)`` the words printed in the
    glue strip that ``neighbour`` covers (e.g. "glue B1 here"); both are
    drawn with ``ink``, so they are glyph-checked and shrunk to fit. Call at
    a page boundary; each sheet sets its own page size.
    """
    # The drawing is made once, as a form, and each sheet places it behind its window.
    seen = (min(t.window.x for t in plan.tiles), min(t.window.y for t in plan.tiles),
            max(t.window.right for t in plan.tiles), max(t.window.top for t in plan.tiles))
    key = f"tiled drawing {forms_drawn(canvas)}"  # a new form for every call
    for tile in plan.tiles:
        canvas.setPageSize(plan.page_size)
        win = plan.page_window(tile)
        canvas.saveState()
        _clip(canvas, _shown(plan, tile, win))
        at = (win.x - tile.window.x, win.y - tile.window.y)
        if plan.single:
            canvas.translate(*at)
            draw(canvas)
        else:
            draw_once(canvas, key, seen, at, lambda: draw(canvas))
        canvas.restoreState()
        if not plan.single:
            canvas.saveState()
            _edges(canvas, plan, tile, glue, ink)
            _ticks(canvas, plan, tile)
            _caption(canvas, plan, tile, label, ink)
            canvas.restoreState()
        canvas.showPage()
    return len(plan.tiles)
