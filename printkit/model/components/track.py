"""A track board declared in data: numbered spaces as a snake or a loop, special spaces coloured.

``snake``: rows of ``columns`` spaces under a title band, running left to
right, then right to left, and so on. ``loop``: a ring of spaces round a
rectangle ``columns`` wide, clockwise from the top-left corner, the title
inside the ring. Spaces are butted on one grid, so every line of the grid
lies between spaces; a board bigger than the paper is tiled with
:mod:`printkit.drawing.layout.tiles` with its seams on those lines only, never
through a space, its number or its name. Each space shows its number, a
chevron towards the next space, and, if special, its name, colour and symbol.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import deep, fills_for, luminance
from printkit.drawing.layout.labels import CLEAR_MM, LABEL_MM, LabelBox, split_label_strip
from printkit.drawing.layout.seams import tile_plan
from printkit.drawing.layout.tiles import TilePlan
from printkit.drawing.symbols import draw_symbol
from printkit.drawing.text import Ink
from printkit.geometry import Rect, mm, page_area
from printkit.language import fonts
from printkit.model.components import board_sheets
from printkit.model.components.schema import loop_rows
from printkit.model.game import RenderContext

INK = HexColor("#1f2430")
PAPER = HexColor("#ffffff")
PAD_MM = 6
TITLE_MM = 22
OVERLAP_MM = 10
MARGIN_MM = 6


class TrackGeometry:
    """Where every space sits, in drawing coordinates (points, origin bottom-left)."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.n = spec["spaces"]
        self.cols = spec["columns"]
        self.loop = spec["shape"] == "loop"
        self.s = mm(spec["space_mm"])
        pad = mm(PAD_MM)
        if self.loop:
            self.rows = loop_rows(self.n, self.cols) or 3
            self.cells = self._loop_cells()
            band = 0.0
        else:
            self.rows = math.ceil(self.n / self.cols)
            self.cells = [(k // self.cols, k % self.cols if (k // self.cols) % 2 == 0
                           else self.cols - 1 - k % self.cols) for k in range(self.n)]
            band = mm(TITLE_MM)
        self.width = 2 * pad + self.cols * self.s
        self.height = 2 * pad + self.rows * self.s + band
        self.grid_top = pad + self.rows * self.s

    def _loop_cells(self) -> list[tuple[int, int]]:
        c, r = self.cols, self.rows
        return ([(0, j) for j in range(c)] + [(i, c - 1) for i in range(1, r)]
                + [(r - 1, j) for j in range(c - 2, -1, -1)]
                + [(i, 0) for i in range(r - 2, 0, -1)])

    def space(self, k: int) -> Rect:
        """Space number ``k + 1``."""
        row, col = self.cells[k]
        return Rect(mm(PAD_MM) + col * self.s, self.grid_top - (row + 1) * self.s,
                    self.s, self.s)

    def spaces(self) -> list[Rect]:
        return [self.space(k) for k in range(self.n)]

    @property
    def title(self) -> Rect:
        """The title's place: the band above a snake, the inside of a loop."""
        pad = mm(PAD_MM)
        if self.loop:
            return Rect(pad + self.s, pad + self.s, (self.cols - 2) * self.s,
                        (self.rows - 2) * self.s).inset(mm(3))
        return Rect(pad, self.grid_top + mm(2), self.width - 2 * pad, mm(TITLE_MM) - mm(3))

    def seam_lines(self) -> tuple[list[float], list[float]]:
        """Every grid line: each lies between spaces, so a seam may fall on it."""
        pad = mm(PAD_MM)
        xs = [pad + i * self.s for i in range(self.cols + 1)]
        ys = [pad + j * self.s for j in range(self.rows + 1)]
        return xs, ys

    def title_box(self, seams: tuple[list[float], list[float]]) -> Rect:
        """The title place cut down to its widest and tallest stretch between seams."""
        box = self.title
        xs = [box.x] + [x for x in seams[0] if box.x < x < box.right] + [box.right]
        ys = [box.y] + [y for y in seams[1] if box.y < y < box.top] + [box.top]
        x0, x1 = max(zip(xs, xs[1:], strict=False), key=lambda e: e[1] - e[0])
        y0, y1 = max(zip(ys, ys[1:], strict=False), key=lambda e: e[1] - e[0])
        clear = mm(3)
        x0, x1 = x0 + (clear if x0 > box.x else 0), x1 - (clear if x1 < box.right else 0)
        y0, y1 = y0 + (clear if y0 > box.y else 0), y1 - (clear if y1 < box.top else 0)
        return Rect(x0, y0, max(x1 - x0, 1.0), max(y1 - y0, 1.0))


def _chevron(c: Canvas, here: Rect, there: Rect, colour: Color) -> None:
    """A small arrowhead inside ``here`` pointing at the next space, by its shared edge."""
    (hx, hy), (tx, ty) = here.centre, there.centre
    dx, dy = (tx - hx) / here.width, (ty - hy) / here.height
    size = here.width * 0.09
    cx, cy = hx + dx * here.width * 0.38, hy + dy * here.height * 0.38
    path = c.beginPath()
    path.moveTo(cx + dx * size, cy + dy * size)
    path.lineTo(cx - dx * size - dy * size, cy - dy * size + dx * size)
    path.lineTo(cx - dx * size + dy * size, cy - dy * size - dx * size)
    path.close()
    c.setFillColor(colour)
    c.drawPath(path, stroke=0, fill=1)


def _space(c: Canvas, ink: Ink, ctx: RenderContext, geo: TrackGeometry, k: int,
           special: Mapping[str, Any] | None, base: Color) -> None:
    fills = fills_for(ctx)
    box = geo.space(k)
    field = HexColor(special["colour"]) if special else base
    shown = fills.fill(field) if special else field
    c.setFillColor(shown)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=1)
    text = PAPER if luminance(shown) < 0.45 else INK
    inner = box.inset(box.width * 0.07)
    c.setFillColor(text)
    ink.line(ctx.localizer.number(k + 1), Rect(inner.x, inner.top - inner.height * 0.3,
                                               inner.width * 0.5, inner.height * 0.3),
             fonts.BOLD, 16, 6, align="left", where=f"space {k + 1} number")
    if k + 1 < geo.n:
        _chevron(c, box, geo.space(k + 1), text if special else deep(INK))
    if special is None:
        return
    if special.get("symbol"):
        side = inner.height * 0.34
        draw_symbol(c, special["symbol"], inner.right - side / 2, inner.top - side / 2, side,
                    text)
    c.setFillColor(text)
    ink.paragraph(ctx._(special["name"]), Rect(inner.x, inner.y, inner.width,
                                               inner.height * 0.58),
                  size=10, min_size=5, font=fonts.BOLD, colour=text, align="centre",
                  valign="middle", where=f"space {k + 1} name")


def draw_track(c: Canvas, ink: Ink, ctx: RenderContext, spec: Mapping[str, Any],
               geo: TrackGeometry, seams: tuple[list[float], list[float]]) -> None:
    """The whole board in drawing coordinates; the title keeps clear of the seams."""
    fills_for(ctx).flood(c, Rect(0, 0, geo.width, geo.height), HexColor(spec["background"]))
    title = geo.title_box(seams)
    c.setFillColor(INK)
    heading = ctx._(spec["heading"]) if spec.get("heading") else ctx._(spec["title"])
    lines = min(title.height, mm(TITLE_MM))
    mid = title.centre[1]
    ink.line(ctx.data["title"], Rect(title.x, mid, title.width, lines * 0.55), fonts.BOLD, 32,
             8, where="title")
    ink.line(heading, Rect(title.x, mid - lines * 0.4, title.width, lines * 0.38),
             fonts.ITALIC, 14, 6, where="heading")
    special = {s["space"]: s for s in spec["special"]}
    base = HexColor(spec["colour"])
    for k in range(geo.n):
        _space(c, ink, ctx, geo, k, special.get(k + 1), base)


def one_sheet(ctx: RenderContext, geo: TrackGeometry) -> tuple[bool, Rect, LabelBox] | None:
    """(landscape, board area, label strip) of one sheet holding the board, or None."""
    for landscape in (False, True):
        area, strip = split_label_strip(page_area(ctx.paper, landscape,
                                                  ctx.spec.margin(MARGIN_MM)))
        if geo.width <= area.width + 1e-6 and geo.height <= area.height + 1e-6:
            return landscape, area, strip
    return None


def track_plan(ctx: RenderContext, geo: TrackGeometry) -> TilePlan:
    """The sheets a board too big for one sheet is printed on, every seam on a line
    between spaces."""
    margin = ctx.spec.margin(MARGIN_MM)
    plan = tile_plan(geo.width, geo.height, ctx.paper, OVERLAP_MM, margin,
                     seams=geo.seam_lines())
    if plan.single:  # it fits the sheet only where its label would go: tile it after all
        plan = tile_plan(geo.width, geo.height, ctx.paper, OVERLAP_MM,
                         margin + LABEL_MM + CLEAR_MM, seams=geo.seam_lines())
    return plan


def render_track(ctx: RenderContext, component_id: str) -> bytes:
    """The track ``tracks.<component_id>``, on one sheet or tiled across several."""
    spec = ctx.data["tracks"][component_id]
    _ = ctx._
    geo = TrackGeometry(spec)
    title = _(spec["title"])
    single = one_sheet(ctx, geo)
    if single is not None:
        return board_sheets.one_sheet(
            ctx, title, (geo.width, geo.height), *single,
            lambda c, ink: draw_track(c, ink, ctx, spec, geo, ([], [])))
    plan = track_plan(ctx, geo)
    return board_sheets.tiled(ctx, title, plan,
                              lambda c, ink: draw_track(c, ink, ctx, spec, geo, plan.seams))
