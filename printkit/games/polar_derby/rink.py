"""The rink: the middle of the table, one lane per colour with a spot for every bear.

A landscape page with a 10 mm margin. Each lane starts with a tag (a bear of
that colour with its value, the colour's symbol and name, and its value in
words) followed by token-sized spots, one per bear of that colour, each marked
with the symbol so the bears find their place in greyscale too. Spots shrink
only if the data asks for more bears than fit at token size; they are drawn in the shape
the data gives them (``print.spot_shape``), round for round tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import Fills, fills_for, tint
from printkit.drawing.layout.labels import split_label_strip
from printkit.drawing.outlines import Outline
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import Paper, Rect, mm, page_area
from printkit.language import fonts
from printkit.model.game import RenderContext

from .art import (
    BOARDS,
    ICE,
    ICE_DEEP,
    INK,
    RINK_RED,
    SNOW,
    draw_bear,
    draw_symbol,
    fill_of,
    ink_of,
    is_pale,
    symbol_badge,
)

MARGIN_MM = 10
TITLE_MM = 15
BOARDS_MM = 5  # from the rink's edge to the lanes
LANE_GAP_MM = 2.5
SPOT_GAP_MM = 2.5
#: A spot is a bear token with this much room all round (the fit check holds it to it).
SPOT_ROOM_MM = 1.0
TAG_MM = 78
#: In ink-saver mode: how pale a lane's tag and the lane itself are.
TAG_WASH, LANE_SAVER_WASH = 0.75, 0.93


def _markings(c: Canvas, rink: Rect, fills: Fills) -> None:
    """Faint hockey lines on the ice, under the lanes."""
    cx, cy = rink.centre
    c.saveState()
    c.setStrokeColor(tint(RINK_RED, 0.75))
    c.setLineWidth(mm(0.6) if fills.saver else mm(1.2))
    c.line(cx, rink.y, cx, rink.top)
    c.circle(cx, cy, rink.height * 0.22, stroke=1, fill=0)
    c.setStrokeColor(ICE_DEEP)
    if fills.saver:  # the centre line and circle are enough to make it a rink
        c.restoreState()
        return
    for x in (rink.x + rink.width * 0.3, rink.x + rink.width * 0.7):
        c.line(x, rink.y, x, rink.top)
    c.restoreState()


def _spot_layout(count: int, width: float, height: float, token: float) -> tuple[float, int]:
    """(diameter, spots per row) fitting ``count`` spots into a lane's spot area."""
    gap = mm(SPOT_GAP_MM)
    size = token
    while True:
        per_row = max(1, min(count, int((width + gap) // (size + gap))))
        rows = -(-count // per_row)
        if rows * size + (rows - 1) * gap <= height or size <= mm(8):
            return size, per_row
        size *= 0.95


def _tag(c: Canvas, ink: Ink, ctx: RenderContext, colour: Mapping[str, Any], tag: Rect) -> None:
    fills = fills_for(ctx)
    c.setFillColor(fills.fill(fill_of(colour), TAG_WASH))
    c.setStrokeColor(fills.stroke(INK))
    c.setLineWidth(1)
    c.roundRect(tag.x, tag.y, tag.width, tag.height, mm(3), stroke=1, fill=1)
    bear_side = min(tag.height - mm(2), tag.width * 0.4)
    bear = Rect(tag.x + mm(1), tag.y + (tag.height - bear_side) / 2, bear_side, bear_side)
    c.setFillColor(ICE)
    c.circle(*bear.centre, bear_side / 2, stroke=1, fill=1)
    name = ctx._(colour["name"])
    draw_bear(c, bear.inset(bear_side * 0.06), colour, ctx.localizer.number(colour["value"]),
              ink=ink, badges=False, where=f"rink tag {colour['id']}", fills=fills)
    text = Rect(bear.right + mm(2), tag.y + mm(2), tag.right - bear.right - mm(4),
                tag.height - mm(4))
    badge = min(text.height * 0.2, mm(4.5))
    symbol_badge(c, colour["symbol"], text.x + badge, text.top - badge - mm(0.5), badge, colour,
                 fills=fills)
    c.setFillColor(fills.text(ink_of(colour), fill_of(colour)))
    label = Rect(text.x + 2 * badge + mm(1.5), text.top - 2 * badge - mm(0.5),
                 text.width - 2 * badge - mm(1.5), 2 * badge)
    ink.line(name, label, fonts.BOLD, 15, 7, align="left", where=f"rink name {colour['id']}")
    ink.line(ctx.localizer.points(colour["value"]),
             Rect(text.x, text.y, text.width, text.height - 2 * badge - mm(2)),
             fonts.BOLD, 16, 7, align="left", where=f"rink value {colour['id']}")


def _lane(c: Canvas, ink: Ink, ctx: RenderContext, colour: Mapping[str, Any],
          lane: Rect, bears: bool = False) -> None:
    fill = fill_of(colour)
    fills = fills_for(ctx)
    c.setFillColor(tint(fill, LANE_SAVER_WASH if ctx.ink_saver else 0.72))
    c.setStrokeColor(ICE_DEEP if is_pale(fill) else fill)
    c.setLineWidth(0.8 if fills.saver else 1.2)
    c.roundRect(lane.x, lane.y, lane.width, lane.height, mm(4), stroke=1, fill=1)
    tag_w = min(mm(TAG_MM), lane.width * 0.4)
    _tag(c, ink, ctx, colour, Rect(lane.x, lane.y, tag_w, lane.height))
    spots = _spot_area(lane)
    count = colour["bears"]
    size, per_row = _spot_layout(count, spots.width, spots.height, _spot_target(ctx.data))
    gap = mm(SPOT_GAP_MM)
    rows = -(-count // per_row)
    # Spread the spots along the lane (up to 12 mm apart), centred both ways.
    across = min(max(gap, (spots.width - per_row * size) / per_row), mm(12))
    left = spots.centre[0] - (per_row * size + (per_row - 1) * across) / 2
    top = spots.centre[1] + (rows * size + (rows - 1) * gap) / 2
    for i in range(count):
        row, col = divmod(i, per_row)
        x = left + col * (size + across) + size / 2
        y = top - row * (size + gap) - size / 2
        c.setFillColor(SNOW)
        c.setStrokeColor(fills.stroke(INK, 0.5))
        c.setLineWidth(0.8)
        c.setDash(3, 2)
        if ctx.data["print"]["spot_shape"] == "circle":
            c.circle(x, y, size / 2, stroke=1, fill=1)
        else:
            c.rect(x - size / 2, y - size / 2, size, size, stroke=1, fill=1)
        c.setDash()
        draw_symbol(c, colour["symbol"], x, y, size * 0.42,
                    ICE_DEEP if is_pale(fill) else tint(fill, 0.6 if fills.saver else 0.45))
        if bears:  # the rulebook's setup: a bear on every spot
            symbol_badge(c, colour["symbol"], x, y, size * 0.42, colour, fills=fills)


def _spot_target(data: Mapping[str, Any]) -> float:
    """The size a spot is drawn at when its lane has room: a token and its room."""
    return mm(data["print"]["token_mm"] + 2 * SPOT_ROOM_MM)


def _spot_area(lane: Rect) -> Rect:
    tag_w = min(mm(TAG_MM), lane.width * 0.4)
    return Rect(lane.x + tag_w + mm(3), lane.y + mm(1), lane.width - tag_w - mm(5),
                lane.height - mm(2))


def _lanes(data: Mapping[str, Any], rink: Rect) -> list[tuple[Mapping[str, Any], Rect]]:
    """Each colour with its lane, top to bottom."""
    colours = data["colours"]
    lanes = rink.inset(mm(BOARDS_MM))
    gap = mm(LANE_GAP_MM)
    lane_h = (lanes.height - (len(colours) - 1) * gap) / len(colours)
    return [(colour, Rect(lanes.x, lanes.top - (i + 1) * lane_h - i * gap, lanes.width, lane_h))
            for i, colour in enumerate(colours)]


def _sheet_areas(paper: Paper) -> tuple[Rect, Rect, Rect]:
    """The rink sheet: its heading band, the rink, and the label strip."""
    area, strip = split_label_strip(page_area(paper, landscape=True, margin_mm=MARGIN_MM))
    head = Rect(area.x, area.top - mm(TITLE_MM), area.width, mm(TITLE_MM))
    return head, Rect(area.x, area.y, area.width, area.height - mm(TITLE_MM) - mm(1)), strip


def measure(data: Mapping[str, Any], paper: Paper) -> dict[str, Outline]:
    """What the fit check compares (printkit.drawing.fit): the smallest spot of the rink sheet on
    ``paper``, and a bear token, each in the shape the data gives it."""
    _head, rink, _strip = _sheet_areas(paper)
    spot = min(_spot_layout(colour["bears"], area.width, area.height, _spot_target(data))[0]
               for colour, lane in _lanes(data, rink) for area in [_spot_area(lane)]) / mm(1)
    token = data["print"]["token_mm"]
    shapes = data["print"]
    return {"rink spot": Outline(shapes["spot_shape"], spot, spot),
            "bear token": Outline(shapes["token_shape"], token, token)}


def draw_rink(c: Canvas, ink: Ink, ctx: RenderContext, rink: Rect, bears: bool = False) -> None:
    """The rink in ``rink``: boards, ice, markings and one lane per colour.

    The rink sheet and the rulebook's figures draw it with this; ``bears`` puts
    a bear on every spot, as at the start of a game.
    """
    fills = fills_for(ctx)
    c.setFillColor(fills.fill(ICE))
    c.setStrokeColor(BOARDS)
    c.setLineWidth(mm(0.8) if fills.saver else mm(1.4))
    c.roundRect(rink.x, rink.y, rink.width, rink.height, mm(14), stroke=1, fill=1)
    _markings(c, rink.inset(mm(1)), fills)
    for colour, lane in _lanes(ctx.data, rink):
        _lane(c, ink, ctx, colour, lane, bears)


def render_rink(ctx: RenderContext) -> bytes:
    buffer = BytesIO()
    size = ctx.paper.landscape_size
    c = new_canvas(buffer, size, ctx.title, ctx._("Rink"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "rink", floor_pt=PLAY_PT)
    head, rink, strip = _sheet_areas(ctx.paper)
    c.setFillColor(BOARDS)
    used = ink.line(ctx.data["title"], Rect(head.x, head.y, head.width * 0.4, head.height),
                    fonts.BOLD, 30, 14, align="left", where="title")
    title_w = stringWidth(ctx.data["title"], fonts.BOLD, used) + mm(6)
    c.setFillColor(INK)
    ink.line(ctx._(ctx.data["subtitle"]),
             Rect(head.x + title_w, head.y, head.width - title_w, head.height * 0.8),
             fonts.ITALIC, 12, 7, align="right", where="subtitle")
    draw_rink(c, ink, ctx, rink)
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
