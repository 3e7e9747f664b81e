"""The score sheet for the long game: what its data in game.toml cannot say.

The sheet itself ([sheets.score-sheet]: a column per player, a row per game,
the totals, the texts) is a data-driven score sheet. Here: the bear at the
top right, the legend of every colour's symbol, name and value, and the
values quoted in the note, all from the colours in the data.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import fills_for
from printkit.drawing.text import Ink
from printkit.geometry import Rect, mm
from printkit.language import fonts
from printkit.model.components.scoresheet import SheetArt
from printkit.model.game import RenderContext

from .art import INK, draw_bear, symbol_badge

#: The bear's side, and the legend's band: mm below the top of the page area, its height.
BEAR_MM = 26
LEGEND_MM = (45, 10)


def _legend(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect) -> None:
    """One chip per colour: its symbol badge, its name and its value."""
    colours = ctx.data["colours"]
    width = area.width / len(colours)
    radius = min(area.height * 0.4, mm(4.5))
    for i, colour in enumerate(colours):
        x = area.x + i * width
        symbol_badge(c, colour["symbol"], x + radius + mm(1), area.centre[1], radius, colour,
                     fills=fills_for(ctx))
        c.setFillColor(INK)
        label = f"{ctx._(colour['name'])} {ctx.localizer.number(colour['value'])}"
        ink.line(label, Rect(x + 2 * radius + mm(2.5), area.y, width - 2 * radius - mm(4),
                             area.height), fonts.BOLD, 11, 5, align="left",
                 where=f"legend {colour['id']}")


def _header(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect) -> None:
    side = mm(BEAR_MM)
    colour = ctx.data["colours"][-1]
    draw_bear(c, Rect(area.right - side, area.top - side, side, side), colour,
              ctx.localizer.number(colour["value"]), ink=ink, badges=False, where="header bear",
              fills=fills_for(ctx))
    top, height = LEGEND_MM
    _legend(c, ink, ctx, Rect(area.x, area.top - mm(top + height), area.width, mm(height)))


def _values(ctx: RenderContext) -> dict[str, str]:
    """%(values)s in the note: every colour's name and value."""
    return {"values": ctx.localizer.series(
        f"{ctx._(c['name'])} {ctx.localizer.number(c['value'])}" for c in ctx.data["colours"])}


ART = SheetArt(header=_header, values=_values)
