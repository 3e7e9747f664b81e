"""The board at real playing size: the course, the Yeti spaces and the finish, tiled over sheets.

Spaces are ``print.space_mm`` square; a Yeti space is a row tall and
``print.yeti_space_mm`` wide, room for a Yeti card lying across it. Across: a
row-number strip, the green Yeti column, the course's columns, the red Yeti column
and another number strip, so the rows can be read from either side of the table. Down: the
title, the course rows (the start rows tinted, with a Start panel and an
arrow for the direction of travel), a chequered finish line and the finish
spaces with their multipliers in finishing order. Each course space carries
its green and red die symbols (see :func:`art.throw_mark`: disc and ▶ for
green, square and ◀ for red). The board is bigger than any sheet, so it is
printed with :mod:`printkit.drawing.layout.tiles`: overlapping sheets with glue
guides, registration lines and a sheet map.
"""

from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import shapes
from printkit.drawing.ink import fills_for, tint
from printkit.drawing.layout.seams import tile_plan
from printkit.drawing.layout.tiles import Tile, TilePlan, draw_tiled
from printkit.drawing.outlines import Outline
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import Paper, Rect, mm
from printkit.language import fonts
from printkit.model.game import RenderContext

from .art import (
    DIRECTION,
    GOLD,
    ICE,
    INK,
    NAVY,
    PAPER,
    SNOW,
    START,
    draw_yeti,
    side_colour,
    throw_mark,
)

PAD_MM = 6  # snow around everything
STRIP_MM = 11  # row-number strips on the outer edges
GAP_MM = 3  # between the Yeti columns and the course
TITLE_MM = 26
FINISH_LINE_MM = 8
OVERLAP_MM = 10
MARGIN_MM = 6
#: In ink-saver mode: how pale the tinted spaces get, and the finish line's dark checks.
SAVER_WASH, CHECK_WASH = 0.94, 0.7


class Geometry:
    """Every rectangle of the board in drawing coordinates (points, origin bottom-left)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.s = mm(data["print"]["space_mm"])
        #: A Yeti space is a row tall and as wide as a Yeti card lying across it.
        self.yeti_w = mm(data["print"]["yeti_space_mm"])
        self.cols, self.rows = data["course"]["columns"], data["course"]["rows"]
        self.finishes = len(data["finish"]["multipliers"])
        pad, strip, gap = mm(PAD_MM), mm(STRIP_MM), mm(GAP_MM)
        self.width = 2 * (pad + strip + self.yeti_w + gap) + self.cols * self.s
        self.height = (2 * pad + mm(TITLE_MM) + self.rows * self.s + mm(FINISH_LINE_MM)
                       + self.s)
        self.course_x = pad + strip + self.yeti_w + gap
        self.course_top = self.height - pad - mm(TITLE_MM)

    def row_y(self, row: int) -> float:
        """Bottom of course row ``row`` (1 at the top)."""
        return self.course_top - row * self.s

    def space(self, row: int, col: int) -> Rect:
        return Rect(self.course_x + (col - 1) * self.s, self.row_y(row), self.s, self.s)

    def yeti(self, row: int, side: str) -> Rect:
        gap = mm(GAP_MM)
        x = (self.course_x - gap - self.yeti_w if side == "green"
             else self.course_x + self.cols * self.s + gap)
        return Rect(x, self.row_y(row), self.yeti_w, self.s)

    def strip(self, row: int, side: str) -> Rect:
        yeti = self.yeti(row, side)
        x = yeti.x - mm(STRIP_MM) if side == "green" else yeti.right
        return Rect(x, yeti.y, mm(STRIP_MM), self.s)

    @property
    def course(self) -> Rect:
        return Rect(self.course_x, self.row_y(self.rows), self.cols * self.s, self.rows * self.s)

    @property
    def title(self) -> Rect:
        pad = mm(PAD_MM)
        return Rect(pad, self.course_top + mm(2), self.width - 2 * pad, mm(TITLE_MM) - mm(3))

    @property
    def finish_line(self) -> Rect:
        course = self.course
        return Rect(course.x, course.y - mm(FINISH_LINE_MM), course.width, mm(FINISH_LINE_MM))

    def finish(self, index: int) -> Rect:
        """Finish space ``index``, under a course column, so sheet seams can pass between."""
        return Rect(self.course_x + index * self.s, mm(PAD_MM), self.s, self.s)

    def spaces(self) -> list[Rect]:
        """Every space, Yeti space, row-number strip and finish space: what no seam may cross."""
        out = [self.space(r, c) for r in range(1, self.rows + 1)
               for c in range(1, self.cols + 1)]
        for row in range(1, self.rows + 1):
            for side in ("green", "red"):
                out += [self.yeti(row, side), self.strip(row, side)]
        return out + [self.finish(i) for i in range(self.finishes)]

    def seam_lines(self) -> tuple[list[float], list[float]]:
        """The x and y of every line between spaces, where a sheet seam may fall."""
        spaces = self.spaces()
        xs = {round(v, 6) for r in spaces for v in (r.x, r.right)}
        ys = {round(v, 6) for r in spaces for v in (r.y, r.top)}
        return (sorted(x for x in xs if not any(r.x < x - 1e-6 and x < r.right - 1e-6
                                                for r in spaces)),
                sorted(y for y in ys if not any(r.y < y - 1e-6 and y < r.top - 1e-6
                                                for r in spaces)))

    def title_box(self, seams_x: list[float]) -> Rect:
        """The title band, cut down to its widest stretch between vertical seams."""
        band = self.title
        edges = [band.x] + [x for x in seams_x if band.x < x < band.right] + [band.right]
        a, b = max(zip(edges, edges[1:], strict=False), key=lambda e: e[1] - e[0])
        clear = mm(3)
        return Rect(a + (clear if a > band.x else 0), band.y,
                    b - a - (clear if a > band.x else 0) - (clear if b < band.right else 0),
                    band.height)


def _yeti_space(c: Canvas, ink: Ink, ctx: RenderContext, yeti: Mapping[str, Any], side: str,
                box: Rect) -> None:
    colour = side_colour(ctx.data, side)
    c.setFillColor(tint(colour, SAVER_WASH if ctx.ink_saver else 0.82))
    c.setStrokeColor(colour)
    c.setLineWidth(mm(0.9))
    c.roundRect(box.x, box.y, box.width, box.height, mm(ctx.data["print"]["yeti_space_corner_mm"]),
                stroke=1, fill=1)
    inner = box.inset(mm(2))
    c.setFillColor(INK)
    ink.paragraph(ctx._(yeti["name"]), Rect(inner.x, inner.top - mm(9), inner.width, mm(9)),
                  size=9.5, min_size=6, font=fonts.BOLD, align="centre", valign="middle",
                  where=f"Yeti space {yeti['id']} {side}")
    d = DIRECTION[side]
    art = Rect(inner.x, inner.y, inner.width, inner.height - mm(9.5))
    fills = fills_for(ctx)
    draw_yeti(c, art, facing=d, scarf=colour, fills=fills)
    badge = mm(8)
    bx = inner.right - badge / 2 if d > 0 else inner.x + badge / 2
    throw_mark(c, side, bx, inner.y + badge / 2, badge, colour, fills=fills)


def _course_space(c: Canvas, ctx: RenderContext, row: int, col: int, box: Rect,
                  guarded: bool) -> None:
    start = row in ctx.data["course"]["start_rows"]
    if ctx.ink_saver:  # white spaces, the start rows a pale wash
        c.setFillColor(tint(START, SAVER_WASH) if start else PAPER)
    else:
        c.setFillColor(tint(START, 0.8) if start else SNOW)
    c.setStrokeColor(NAVY)
    c.setLineWidth(0.8 if ctx.ink_saver else 1.2)
    c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=1)
    if not guarded:
        return
    size = box.width * 0.38
    for side, cx in (("green", box.x + box.width * 0.27), ("red", box.x + box.width * 0.73)):
        face = ctx.data["throws"][side][col - 1]
        if face:
            throw_mark(c, side, cx, box.centre[1], size, side_colour(ctx.data, side), face,
                       fills=fills_for(ctx))


def _start_panel(c: Canvas, ink: Ink, ctx: RenderContext, box: Rect) -> None:
    fills = fills_for(ctx)
    c.setFillColor(fills.fill(START))
    c.setStrokeColor(NAVY)
    c.setLineWidth(mm(0.6))
    c.roundRect(box.x, box.y, box.width, box.height, mm(3), stroke=1, fill=1)
    inner = box.inset(mm(2))
    c.setFillColor(fills.text(PAPER, START))
    # TRANSLATORS: heading of the panel beside the two start rows, where snowboarders
    # enter the course; one line, shrunk to fit the panel's width.
    start = ctx.localizer.pgettext("panel beside the start rows of the course", "Start")
    ink.line(start, Rect(inner.x, inner.top - mm(10), inner.width, mm(10)),
             fonts.BOLD, 18, 8, where="start panel")
    cx = inner.centre[0]
    shapes.arrow(c, cx, inner.top - mm(13), cx, inner.y + mm(2), width=mm(3), head=mm(9),
                 colour=fills.text(PAPER, START))


def _strips(c: Canvas, ink: Ink, ctx: RenderContext, geo: Geometry) -> None:
    """Row numbers on both edges, start rows in the start colour, chevrons going down."""
    fills = fills_for(ctx)
    for side in ("green", "red"):
        for row in range(1, geo.rows + 1):
            strip = geo.strip(row, side)
            cx, cy = strip.centre
            r = strip.width * 0.36
            start = row in ctx.data["course"]["start_rows"]
            c.setFillColor(fills.fill(START) if start else PAPER)
            c.setStrokeColor(NAVY)
            c.setLineWidth(1)
            c.circle(cx, cy, r, stroke=1, fill=1)
            c.setFillColor(fills.text(PAPER, START) if start else NAVY)
            ink.line(ctx.localizer.number(row), Rect(cx - r, cy - r * 0.75, 2 * r, 1.5 * r),
                     fonts.BOLD, 14, 7, where="row number")
            if row < geo.rows:  # inside the cell, so a seam between rows cuts no arrow
                shapes.arrow(c, cx, cy - r - mm(3), cx, strip.y + mm(3), width=1.2,
                             head=mm(2.5), colour=NAVY)


def _finish(c: Canvas, ink: Ink, ctx: RenderContext, geo: Geometry) -> None:
    fills = fills_for(ctx)
    line = geo.finish_line
    checks = int(line.width // (line.height / 2))
    w = line.width / checks
    for i in range(checks):
        for j in range(2):
            c.setFillColor(fills.fill(INK, CHECK_WASH) if (i + j) % 2 else PAPER)
            c.rect(line.x + i * w, line.y + j * line.height / 2, w, line.height / 2,
                   stroke=0, fill=1)
    c.setStrokeColor(INK)
    c.rect(line.x, line.y, line.width, line.height, stroke=1, fill=0)
    loc = ctx.localizer
    for i, multiplier in enumerate(ctx.data["finish"]["multipliers"]):
        box = geo.finish(i)
        c.setFillColor(tint(GOLD, SAVER_WASH if fills.saver else 0.55))
        c.setStrokeColor(NAVY)
        c.setLineWidth(1.2)
        c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=1)
        r = mm(4.2)
        c.setFillColor(fills.fill(NAVY))
        c.circle(box.x + mm(2) + r, box.top - mm(2) - r, r, stroke=1 if fills.saver else 0,
                 fill=1)
        c.setFillColor(fills.text(PAPER, NAVY))
        ink.line(loc.number(i + 1), Rect(box.x + mm(2), box.top - mm(2) - 1.7 * r, 2 * r,
                                         1.4 * r), fonts.BOLD, 12, 6, where="finish order")
        c.setFillColor(INK)
        ink.line(f"×{loc.number(multiplier)}", Rect(box.x, box.y + mm(4), box.width,
                                                    box.height - mm(14)),
                 fonts.BOLD, 40, 16, where="finish multiplier")
    left = Rect(mm(PAD_MM), mm(PAD_MM), geo.finish(0).x - mm(PAD_MM) - mm(3), geo.s)
    c.setFillColor(NAVY)
    # TRANSLATORS: board (and its pictures in the rulebook): heading left of the finish spaces,
    # bold, one line about 53 mm wide, shrunk to fit.
    ink.line(ctx._("Finish"), Rect(left.x, left.top - mm(14), left.width, mm(12)),
             fonts.BOLD, 24, 10, align="right", where="finish label")
    c.setFillColor(INK)
    # TRANSLATORS: board: below "Finish", left of the four finish spaces; a paragraph
    # in about 53 × 26 mm, shrunk to fit.
    ink.paragraph(ctx._("The first four to finish take these spaces in order; later "
                        "finishers go face down to their captain."),
                  Rect(left.x, left.y, left.width, left.height - mm(16)), size=9, min_size=6,
                  colour=INK, where="finish note")


def _legend(c: Canvas, ink: Ink, ctx: RenderContext, geo: Geometry) -> None:
    x = geo.finish(geo.finishes - 1).right + mm(4)
    box = Rect(x, mm(PAD_MM), geo.width - mm(PAD_MM) - x, geo.s)
    _ = ctx._
    # TRANSLATORS: board legend, right of the finish spaces, beside the green throw symbol;
    # up to two lines in about 81 × 11 mm. Also in the quick reference.
    rows = (("green", _("Green Yetis stand on the left and throw to the right.")),
            # TRANSLATORS: board legend, below the green line, beside the red throw symbol; up to
            # two lines in about 81 × 11 mm. Also in the quick reference.
            ("red", _("Red Yetis stand on the right and throw to the left.")))
    h = mm(11)
    for i, (side, text) in enumerate(rows):
        y = box.top - (i + 1) * h
        throw_mark(c, side, box.x + mm(6), y + h / 2, mm(10), side_colour(ctx.data, side),
                   face=ctx.data["throws"]["hit_from"], fills=fills_for(ctx))
        ink.paragraph(text, Rect(box.x + mm(13), y, box.width - mm(13), h), size=8.5,
                      min_size=6, colour=INK, valign="middle", where=f"legend {side}")
    # TRANSLATORS: board legend, below the two Yeti lines; %(roll)s is the lowest roll that
    # hits (3). A paragraph in about 94 × 19 mm, shrunk to fit.
    note = _("A roll of %(roll)s or more knocks off the opponents’ snowboarders in the "
             "Yeti’s row on spaces of its colour showing that roll or less.") % {
        "roll": ctx.localizer.number(ctx.data["throws"]["hit_from"])}
    ink.paragraph(note, Rect(box.x, box.y, box.width, box.height - 2 * h - mm(1)), size=8.5,
                  min_size=6, colour=INK, where="legend rule")


def draw_board(c: Canvas, ink: Ink, ctx: RenderContext, geo: Geometry,
               seams_x: list[float] = ()) -> None:
    """The whole board in drawing coordinates; the title keeps clear of ``seams_x``."""
    data = ctx.data
    fills_for(ctx).flood(c, Rect(0, 0, geo.width, geo.height), ICE)
    title = geo.title_box(list(seams_x))
    c.setFillColor(NAVY)
    ink.line(data["title"], Rect(title.x, title.y + title.height * 0.42, title.width,
                                 title.height * 0.58), fonts.BOLD, 40, 16, where="title")
    c.setFillColor(INK)
    ink.line(ctx._(data["subtitle"]), Rect(title.x, title.y, title.width, title.height * 0.38),
             fonts.ITALIC, 14, 7, where="subtitle")
    guarded = {y["row"]: y for y in data["yetis"]}
    for row in range(1, geo.rows + 1):
        for col in range(1, geo.cols + 1):
            _course_space(c, ctx, row, col, geo.space(row, col), row in guarded)
        for side in ("green", "red"):
            if row in guarded:
                _yeti_space(c, ink, ctx, guarded[row], side, geo.yeti(row, side))
            elif row == min(data["course"]["start_rows"]):
                _start_panel(c, ink, ctx, geo.yeti(row, side))
    course = geo.course
    c.setStrokeColor(NAVY)
    c.setLineWidth(mm(0.8))
    c.rect(course.x, course.y, course.width, course.height, stroke=1, fill=0)
    _strips(c, ink, ctx, geo)
    _finish(c, ink, ctx, geo)
    _legend(c, ink, ctx, geo)


#: One Yeti space and one course space as the board draws them, for the rulebook's pictures.
yeti_space, course_space = _yeti_space, _course_space


def measure(data: Mapping[str, Any], paper: Paper) -> dict[str, Outline]:
    """What the fit check compares (printkit.drawing.fit): the board's spaces as drawn (the board is
    printed at real size on any paper) and the cards that lie on them, in their shapes."""
    geo = Geometry(data)
    course, yeti = geo.space(1, 1), geo.yeti(2, "green")
    p = data["print"]
    boarder = p["snowboarder_mm"]
    return {
        "course space": Outline(p["space_shape"], course.width / mm(1), course.height / mm(1)),
        "Yeti space": Outline(p["yeti_space_shape"], yeti.width / mm(1), yeti.height / mm(1),
                              p["yeti_space_corner_mm"]),
        "snowboarder": Outline(p["snowboarder_shape"], boarder, boarder),
        "Yeti card": Outline(p["card_shape"], p["card_width_mm"], p["card_height_mm"]),
    }


def board_plan(geo: Geometry, ctx: RenderContext) -> TilePlan:
    """The sheets the board is printed on, with every seam on a line between spaces."""
    return tile_plan(geo.width, geo.height, ctx.paper, OVERLAP_MM, ctx.spec.margin(MARGIN_MM),
                     seams=geo.seam_lines())


def render_board(ctx: RenderContext) -> bytes:
    _ = ctx._
    geo = Geometry(ctx.data)
    plan = board_plan(geo, ctx)
    buffer = BytesIO()
    c = new_canvas(buffer, plan.page_size, ctx.title, _("Board"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "board", floor_pt=PLAY_PT)
    names = ctx.sheet_names(ink)
    # TRANSLATORS: board, under each sheet it is tiled over, after the sheet label; with it,
    # two or three lines of 6 to 8 pt in a band about 9 mm tall and 125 mm wide.
    hint = _("Cut off the margin at each solid line and lay that edge on the dashed line "
             "of the next sheet, so that the short lines in the margin line up.")

    def caption(tile: Tile) -> list[str]:
        """The sheet's label and how to join it, or the label alone if that is too long."""
        label = names.text("sheet", tile.index + 1, len(plan.tiles))
        return [f"{label} · {hint}", label]

    draw_tiled(c, plan, lambda cv: draw_board(cv, ink, ctx, geo, plan.seams[0]), caption,
               # TRANSLATORS: board, in the strip along a sheet's edge that the next sheet
               # covers; %(sheet)s names that sheet (B1: column, row). One line, about 60 mm.
               ink=ink, glue=lambda other: _("Glue sheet %(sheet)s here") % {"sheet": other.name})
    c.save()
    return buffer.getvalue()
