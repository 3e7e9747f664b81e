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
under the next row once assembled. A window too tall for the band and the
registration lines below it has its band on its right instead, read from bottom
to top, under the next column or in the board's outer margin.

:mod:`printkit.drawing.layout.seams` plans the sheets: the fewest that put every
registration line on paper. Where the caller names the lines a seam may fall on
(the grid lines between a board's spaces), every seam — the cut edge of a sheet laid over its
neighbour — falls on one of them, so no seam runs through a space, a symbol
or a name; the windows are then as even as those lines allow.

Everything printed stays inside the sheet margin. A drawing that fits on
one sheet prints on one sheet, centred, with no caption and no marks.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.pdf import draw_once, forms_drawn
from printkit.errors import FitError
from printkit.geometry import EPS, Paper, Rect, mm
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
    #: Where the caption bands go: ``"below"`` every window, or ``"beside"`` a window too
    #: tall for its band and registration lines below it (see :meth:`beside`). A plan
    #: ``"as drawn"`` puts them below like ``"below"`` but was cut without room for the
    #: registration lines, so some may be left off (see :func:`tile_plan`).
    bands: str = "below"

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

    def beside(self, tile: Tile) -> bool:
        """Whether ``tile``'s caption band stands on the right of its window, read from
        bottom to top: in a plan that allows it, on a sheet whose window leaves no room
        below it for the band and the registration lines. Like a band below, it ends up
        under the next sheet or in the board's outer margin."""
        if self.bands != "beside" or self.single:
            return False
        return tile.window.height > window_room(self.area, "below", self.cols > 1,
                                            self.rows > 1)[1] + EPS

    def page_window(self, tile: Tile) -> Rect:
        """Where ``tile``'s window lands on its page: centred with its caption band."""
        w, h = tile.window.width, tile.window.height
        cx, cy = self.area.centre
        if self.beside(tile):
            return Rect(cx - (w + _BESIDE) / 2, cy - h / 2, w, h)
        band = 0.0 if self.single else mm(CAPTION_MM)
        return Rect(cx - w / 2, cy - (h - band) / 2, w, h)

    def caption_box(self, tile: Tile) -> Rect:
        """The caption band on the page: just below the window, or on its right beyond the
        registration lines there (:meth:`beside`)."""
        win = self.page_window(tile)
        if self.beside(tile):
            return Rect(win.right + _BESIDE - mm(CAPTION_MM), win.y, mm(CAPTION_MM), win.height)
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
        """The registration lines of :meth:`planned_ticks` that lie on paper: all of them in
        a plan :func:`tile_plan` could make :attr:`complete`."""
        room = self.area.inset(TICK_PT / 2)
        return [line for line in self.planned_ticks(tile, side)
                if all(room.contains(Rect(*self.to_page(tile, *p), 0, 0)) for p in line)]

    @property
    def complete(self) -> bool:
        """Whether every seam has all its registration lines on paper."""
        return all(self.ticks(t, side) == self.planned_ticks(t, side)
                   for t in self.tiles for side, _ in self.neighbours(t))

    def planned_ticks(self, tile: Tile, side: str) -> list[Segment]:
        """``tile``'s halves of the registration lines across its seam with the neighbour on
        ``side``, in drawing coordinates, each starting on the seam.

        The sheet underneath (neighbour to the right or below) has its half on the side of
        the seam that stays in view; the sheet on top (neighbour to the left or above) from
        its cut edge outwards, so the neighbours' halves meet on the seam. A line goes at
        each end of the seam, outside the window and the caption band, where the sheet keeps
        that margin (a sheet with a neighbour above loses its top margin, one with a
        neighbour to the left its left margin), whether or not the page has room there.
        """
        w, length, gap = tile.window, mm(TICK_MM), mm(TICK_GAP_MM)
        if side in ("left", "right"):
            x = w.x if side == "left" else self.tile(tile.col + 1, tile.row).window.x
            step = length if side == "left" else -length
            ys = [w.top + gap] if tile.row == 0 else []
            ys.append(w.y - (0.0 if self.beside(tile) else mm(CAPTION_MM)) - gap)
            lines = [((x, y), (x + step, y)) for y in ys]
        else:
            y = w.top if side == "up" else self.tile(tile.col, tile.row + 1).window.top
            step = -length if side == "up" else length
            xs = [w.x - gap] if tile.col == 0 else []
            xs.append(w.right + gap)
            lines = [((x, y), (x, y + step)) for x in xs]
        return lines

    def all_ticks(self, tile: Tile) -> list[Segment]:
        return [t for side, _ in self.neighbours(tile) for t in self.ticks(tile, side)]


#: How a plan places its caption bands, in the order :func:`tile_plan` prefers them on
#: equal sheets: below every window with room for every registration line; beside the
#: windows too tall for that (:meth:`TilePlan.beside`); below, cut without that room (the
#: last resort, which may leave some registration lines off).
BANDS = ("below", "beside", "as drawn")
#: The room a band beside a window takes on the page: the registration lines that run past
#: the window's right edge, with their gap on both sides, then the band.
_BESIDE = mm(2 * TICK_GAP_MM + CAPTION_MM)


def window_room(area: Rect, bands: str, split_x: bool, split_y: bool,
                first_column: bool = True) -> tuple[float, float]:
    """The widest and tallest window a sheet holds with its caption band and every
    registration line on paper.

    Vertical seams (``split_x``) put lines above and below the windows, horizontal ones
    (``split_y``) left and right of them, each :data:`TICK_GAP_MM` out. A window is
    centred, with its band if that is beside it, so it keeps the room for a line on both
    sides; only a band beside a window past the first column needs none on its left,
    where no line is drawn, and the lines on the right lie between window and band.
    """
    tick = 2 * (mm(TICK_GAP_MM) + TICK_PT / 2)
    across, down = (tick if split_y else 0.0), (tick if split_x else 0.0)
    if bands == "as drawn":
        return area.width, area.height - mm(CAPTION_MM)
    if bands == "beside":
        return area.width - _BESIDE - (across if first_column else 0.0), area.height - down
    return area.width - across, area.height - mm(CAPTION_MM) - down


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
    """The sheet's name, its caption and the sheet map, along its caption band. A band
    beside the window reads from bottom to top, with the map upright at its top end
    (the caller restores the canvas's state)."""
    band = plan.caption_box(tile)
    if plan.beside(tile):
        across = band.width - mm(1.6)
        _sheet_map(canvas, plan, tile, Rect(band.x + mm(0.8), band.top - across * 2, across,
                                            across * 2))
        canvas.translate(band.right, band.y)
        canvas.rotate(90)
        inner = Rect(0.0, mm(0.8), band.height, across)
    else:
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
