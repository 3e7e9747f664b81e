"""The score sheet: what its data in game.toml cannot say.

The sheet itself ([sheets.score-sheet]: a column per captain, a row per
finish space of the data, the later finishers, the snowboarders knocked
off, the total) is a data-driven score sheet. Here: the Yeti at the top
right, the five team animals for each captain to circle one, and in each
finish space's cells a small box for the snowboarder's value followed by
the space's multiplier ("× 4 ="), from the data.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import fills_for
from printkit.drawing.text import Ink
from printkit.geometry import Rect, mm
from printkit.language import fonts
from printkit.model.components.scoresheet import Row, SheetArt
from printkit.model.game import RenderContext

from .art import MUTED, draw_animal, draw_yeti, side_colour

YETI_MM = 30


def _header(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect) -> None:
    side = mm(YETI_MM)
    draw_yeti(c, Rect(area.right - side, area.top - side, side, side), facing=-1,
              scarf=side_colour(ctx.data, "red"), fills=fills_for(ctx))


def _team_cell(c: Canvas, ctx: RenderContext, cell: Rect) -> None:
    """The five team animals, small, for the captain to circle one."""
    teams = ctx.data["teams"]
    per_row = -(-len(teams) // 2)
    size = min(cell.width / per_row, cell.height / 2) * 0.86
    for i, team in enumerate(teams):
        row, col = divmod(i, per_row)
        in_row = per_row if row == 0 else len(teams) - per_row
        step = cell.width / in_row
        cx = cell.x + step * (col + 0.5)
        cy = cell.top - cell.height / 4 - row * cell.height / 2
        draw_animal(c, team, cx, cy, size)


def _multiplier_cell(c: Canvas, ink: Ink, ctx: RenderContext, cell: Rect, multiplier: float,
                     where: str) -> None:
    """A small box for the snowboarder's value, then "× 4 =", then room for the points."""
    side = min(cell.height * 0.45, cell.width * 0.28)
    box = Rect(cell.x + mm(1.5), cell.centre[1] - side / 2, side, side)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
    c.setFillColor(MUTED)
    ink.line(f"×{ctx.localizer.number(multiplier)} =",
             Rect(box.right + mm(0.8), box.y, cell.width * 0.34, side), fonts.BOLD, 11, 6,
             align="left", where=where)


def _cell(c: Canvas, ink: Ink, ctx: RenderContext, cell: Rect, row: Row, column: int) -> None:
    """The cells of the rows marked ``art``: the team row, and the finish spaces (one per
    multiplier in the data: ``each = "finish.multipliers"``)."""
    if row.value is None:
        _team_cell(c, ctx, cell.inset(mm(1)))
    else:
        _multiplier_cell(c, ink, ctx, cell, row.value,
                         where=f"finish space {row.number} column {column}")


ART = SheetArt(header=_header, cell=_cell)
