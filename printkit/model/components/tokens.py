"""A token sheet declared in data: circles, squares and hexagons, counted, coloured and labelled.

Tokens go through the same card sheets as cards (every layout, cut lines or
crop marks, sheet labels), each in a square cell of ``size_mm``: the cell
is flooded with the token's colour into the bleed, so cutting the square is
fine, and the shape's outline is printed as a second, finer cut line for
those who cut it out round or six-sided. A sheet with ``cut = "circle"`` holds round
tokens cut along a circle, as Polar Derby's bears are: the sheet draws each circle as
its cut line (and spaces them 3 mm apart at home), the colour fills the circle and its
bleed, not the square. Like Polar Derby's bears, tokens are one-sided. The label is a
msgid, translated and fitted to the shape.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from io import BytesIO
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import deep, fills_for, luminance
from printkit.drawing.layout.sheets import draw_card_sheets
from printkit.drawing.pdf import new_canvas
from printkit.drawing.symbols import draw_symbol
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import CardBox, CardSize, Rect
from printkit.language import fonts
from printkit.model.game import RenderContext

INK = HexColor("#1f2430")
PAPER = HexColor("#ffffff")
#: How far in from the cell's edge the symbol and label keep, by shape, as a share of the
#: width: a square's corners are free, a circle's and a hexagon's are not.
INSET = {"square": 0.08, "circle": 0.17, "hexagon": 0.22}
#: The shape's outline: a hairline cut guide.
OUTLINE_PT = 0.5


def _outline(c: Canvas, shape: str, trim: Rect, stroke: bool, fill: bool) -> None:
    cx, cy = trim.centre
    r = trim.width / 2
    if shape == "circle":
        c.circle(cx, cy, r, stroke=int(stroke), fill=int(fill))
    elif shape == "square":
        c.rect(trim.x, trim.y, trim.width, trim.height, stroke=int(stroke), fill=int(fill))
    else:  # a hexagon, flat top and bottom, as wide as the cell
        path = c.beginPath()
        for i in range(6):
            a = math.radians(60 * i)
            (path.moveTo if i == 0 else path.lineTo)(cx + r * math.cos(a), cy + r * math.sin(a))
        path.close()
        c.drawPath(path, stroke=int(stroke), fill=int(fill))


def text_colour(kind: Mapping[str, Any], field: Color) -> Color:
    """The label's colour: as given, else white on a dark token and ink on a light one."""
    if kind.get("label_colour"):
        return HexColor(kind["label_colour"])
    return PAPER if luminance(field) < 0.45 else INK


def _token(c: Canvas, ink: Ink, ctx: RenderContext, kind: Mapping[str, Any], number: int,
           box: CardBox, round_cut: bool) -> None:
    fills = fills_for(ctx)
    field = HexColor(kind["colour"])
    if round_cut:  # the colour to the circle's bleed (pale, inside it); the sheet cuts it
        c.setFillColor(fills.fill(field))
        _outline(c, "circle", box.trim if fills.saver else box.bleed, stroke=False, fill=True)
    else:
        fills.flood(c, box.bleed, field)
        c.setFillColor(fills.fill(field))
        c.setStrokeColor(fills.line(field) if fills.saver else INK)
        c.setLineWidth(OUTLINE_PT)
        _outline(c, kind["shape"], box.trim, stroke=True, fill=fills.saver)
    # The largest square inside the shape holds the symbol and the label.
    inner = box.trim.inset(box.trim.width * INSET[kind["shape"]])
    ink_colour = fills.text(text_colour(kind, field), field)
    if fills.saver and luminance(ink_colour) > 0.5:
        ink_colour = deep(field)
    label = kind.get("label")
    if kind.get("symbol"):
        share = 0.55 if label else 1.0
        side = min(inner.width, inner.height * share)
        draw_symbol(c, kind["symbol"], inner.centre[0], inner.top - side / 2, side, ink_colour)
        inner = Rect(inner.x, inner.y, inner.width, inner.height * (1 - share))
    if label:
        c.setFillColor(ink_colour)
        ink.line(ctx._(label), inner, fonts.BOLD, 28, 5,
                 where=f"tokens[{number}] label")


def render_tokens(ctx: RenderContext, component_id: str) -> bytes:
    """Every token of ``tokens.<component_id>``, kind by kind, on one-sided sheets."""
    spec = ctx.data["tokens"][component_id]
    kinds = spec["tokens"]
    order = [k for k, kind in enumerate(kinds) for _ in range(kind["count"])]
    size = spec["size_mm"]
    round_cut = spec["cut"] == "circle"
    grid = ctx.card_grid(CardSize(size, size, "circle" if round_cut else "rectangle"),
                         len(order), f"tokens.{component_id}.size_mm")
    buffer = BytesIO()
    c = new_canvas(buffer, grid.page_size, ctx.title, ctx._(spec["title"]), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, ctx.document, floor_pt=PLAY_PT)
    draw_card_sheets(c, grid, len(order),
                     front=lambda cv, i, b: _token(cv, ink, ctx, kinds[order[i]], order[i], b,
                                                   round_cut),
                     labels=ctx.sheet_names(ink),
                     # tokens of one kind are alike: each kind is drawn once
                     front_key=lambda i: f"token kind {order[i]}")
    c.save()
    return buffer.getvalue()
