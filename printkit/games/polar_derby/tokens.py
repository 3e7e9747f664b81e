"""The bear tokens: one round token per bear, colour, symbol and value on each.

A round token (``print.token_shape = "circle"``) is cut along a circle: it lies on a round
rink spot, where a square's corners would overhang, and a circle is what scissors, a circle
cutter or a punch follow best by hand. The card sheets draw the circle as its cut line
and space round tokens apart in the home layout; the colour ring reaches the circle
(and the bleed beyond it on a shop sheet), the bear stays centred. A square token
(``"rectangle"``) is cut along straight lines, its colour flooding the square. Tokens are
one-sided: a bear hides nothing, so a back would add no information, and a duplex back on
a small circle drifts off-centre on most printers; one-sided sheets are also the easiest
to glue onto card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from io import BytesIO
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import fills_for
from printkit.drawing.layout.sheets import card_block, draw_card_block, draw_card_sheets
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import CardBox, CardGrid, CardSize, Rect, mm
from printkit.model.game import RenderContext
from printkit.model.shared_sheets import Block

from .art import ICE, INK, draw_bear, fill_of

#: Width of the colour ring between the cut circle and the ice in the middle.
RING_MM = 2.2
#: In ink-saver mode the ring is a wash of the colour, this pale.
RING_WASH = 0.8


def bears(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """One entry per bear: each colour repeated as many times as it has bears, in order."""
    return [colour for colour in data["colours"] for _ in range(colour["bears"])]


def token_shape(data: Mapping[str, Any]) -> str:
    """How the token sheets cut a token: ``"circle"`` or ``"rectangle"``."""
    return str(data["print"]["token_shape"])


def draw_token(c: Canvas, ink: Ink, ctx: RenderContext, cx: float, cy: float, radius: float,
               colour: Mapping[str, Any], where: str, outline: bool = True) -> None:
    """One round bear token centred at (cx, cy): the colour ring, the ice and the bear, and
    a hairline round it if ``outline`` (a round token's sheet draws its cut line instead).

    The token sheets and the rulebook's components page both draw tokens with it.
    """
    fills = fills_for(ctx)
    inner = radius - mm(RING_MM)
    if fills.saver:  # the colour ring, pale, inside the round cut line only
        c.setFillColor(fills.fill(fill_of(colour), RING_WASH))
        c.circle(cx, cy, radius, stroke=0, fill=1)
    c.setFillColor(fills.fill(ICE))
    c.setStrokeColor(fills.stroke(INK))
    c.setLineWidth(0.6)
    c.circle(cx, cy, inner, stroke=0 if fills.saver else 1, fill=1)
    if outline:  # a hairline on the token's edge
        c.setLineWidth(0.3)
        c.circle(cx, cy, radius, stroke=1, fill=0)
    side = inner * 2 * 0.92
    draw_bear(c, Rect(cx - side / 2, cy - side / 2 - inner * 0.02, side, side), colour,
              ctx.localizer.number(colour["value"]), ink=ink, where=where, fills=fills)


def _front(c: Canvas, ink: Ink, ctx: RenderContext, index: int, box: CardBox,
           colour: Mapping[str, Any]) -> None:
    bleed, trim = box.bleed, box.trim
    cx, cy = trim.centre
    round_token = token_shape(ctx.data) == "circle"
    fills = fills_for(ctx)
    if round_token and not fills.saver:  # the colour to the circle's bleed, not the square's
        c.setFillColor(fill_of(colour))
        c.circle(cx, cy, bleed.width / 2, stroke=0, fill=1)
    else:
        fills.flood(c, bleed, fill_of(colour))
    draw_token(c, ink, ctx, cx, cy, trim.width / 2, colour,
               f"token {index + 1} ({colour['id']})", outline=not round_token)


def _grid(ctx: RenderContext) -> tuple[list[Mapping[str, Any]], CardGrid]:
    """The bears, one token each, and the grid of their sheets."""
    data = ctx.data
    tokens = bears(data)
    size = data["print"]["token_mm"]
    return tokens, ctx.card_grid(CardSize(size, size, token_shape(data)), len(tokens),
                                 "print.token_mm")


def _key(tokens: list[Mapping[str, Any]]) -> Callable[[int], str]:
    # the bears of one colour are alike: each colour is drawn once
    return lambda i: f"bear:{tokens[i]['id']}"


def render_tokens(ctx: RenderContext) -> bytes:
    tokens, grid = _grid(ctx)
    buffer = BytesIO()
    c = new_canvas(buffer, grid.page_size, ctx.title, ctx._("Bear tokens"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "bear-tokens", floor_pt=PLAY_PT)
    draw_card_sheets(c, grid, len(tokens),
                     front=lambda cv, i, b: _front(cv, ink, ctx, i, b, tokens[i]),
                     labels=ctx.sheet_names(ink), front_key=_key(tokens))
    c.save()
    return buffer.getvalue()


def token_block(ctx: RenderContext) -> Block | None:
    """The tokens as a block of a sheet they share with the dice (see
    :mod:`printkit.model.shared_sheets`): the fronts of their one sheet, each with its cut
    line; None when they fill more than a sheet, or in a layout not cut along lines."""
    tokens, grid = _grid(ctx)
    area = card_block(grid, len(tokens))
    if area is None:
        return None

    def draw(c: Canvas, x: float, y: float) -> None:
        ink = Ink(c, ctx.localizer.code, "bear-tokens", floor_pt=PLAY_PT)
        draw_card_block(c, grid, len(tokens),
                        lambda cv, i, b: _front(cv, ink, ctx, i, b, tokens[i]), (x, y),
                        front_key=_key(tokens))

    return Block(area.width, area.height, draw)
