"""The score sheet for the long game: a column per player, a row per game, and totals.

The long game is as many games as there are players, so the sheet has as
many game rows as the most players. Each cell has room for the points and,
in a small box, the number of bears, which breaks ties. The reminder above
the table lists every colour's value from the data.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from printkit.game import RenderContext
from printkit.layout.geometry import Rect, mm, page_area
from printkit.layout.labels import split_label_strip
from printkit.render import fonts
from printkit.render.ink import fills_for
from printkit.render.pdf import new_canvas
from printkit.render.text import Ink

from .art import BOARDS, ICE, INK, MUTED, PAPER, draw_bear, symbol_badge

MARGIN_MM = 12
HEADER_MM = 58
LABEL_MM = 30
NAME_ROW_MM = 16
BEARS_BOX_MM = 11


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
    _ = ctx._
    loc = ctx.localizer
    top = area.top
    art = mm(26)
    colour = ctx.data["colours"][-1]
    draw_bear(c, Rect(area.right - art, top - art, art, art), colour,
              loc.number(colour["value"]), ink=ink, badges=False, where="header bear",
              fills=fills_for(ctx))
    text_w = area.width - art - mm(4)
    c.setFillColor(BOARDS)
    ink.line(ctx.data["title"], Rect(area.x, top - mm(12), text_w, mm(12)), fonts.BOLD, 24, 12,
             align="left", where="title")
    c.setFillColor(INK)
    ink.line(_("Score sheet for the long game"), Rect(area.x, top - mm(20), text_w, mm(7)),
             fonts.ITALIC, 12, 7, align="left", where="subtitle")
    values = ", ".join(f"{_(c['name'])} {loc.number(c['value'])}" for c in ctx.data["colours"])
    note = _("Each bear scores its value (%(values)s). After each game, write down every "
             "player's points and, in the small box, the number of bears. Play as many games "
             "as there are players; the highest total wins. A tie goes to the player with "
             "more bears; if still tied, the players share the win.") % {"values": values}
    ink.paragraph(note, Rect(area.x, top - mm(45), text_w, mm(23)), size=10.5,
                  min_size=7, colour=INK, where="reminder")
    _legend(c, ink, ctx, Rect(area.x, top - mm(HEADER_MM) + mm(3), area.width, mm(10)))


def _cell(c: Canvas, ink: Ink, ctx: RenderContext, cell: Rect, total: bool, where: str) -> None:
    c.setFillColor(ICE if total else PAPER)
    c.setStrokeColor(INK)
    c.setLineWidth(1.4 if total else 0.8)
    c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=1)
    c.setFillColor(MUTED)
    ink.line(ctx._("points"), Rect(cell.x + mm(1.5), cell.top - mm(5), cell.width * 0.6, mm(4)),
             fonts.ITALIC, 7.5, 5, align="left", where=f"{where} points")
    side = min(mm(BEARS_BOX_MM), cell.height * 0.45, cell.width * 0.35)
    box = Rect(cell.right - side - mm(1.5), cell.y + mm(1.5), side, side)
    c.setFillColor(PAPER)
    c.setLineWidth(0.6)
    c.roundRect(box.x, box.y, box.width, box.height, mm(1), stroke=1, fill=1)
    c.setFillColor(MUTED)
    ink.line(ctx._("bears"), Rect(box.x - mm(3), box.top + mm(0.5), box.width + mm(3), mm(3.5)),
             fonts.ITALIC, 7.5, 5, align="right", where=f"{where} bears")


def render_score_sheet(ctx: RenderContext) -> bytes:
    _ = ctx._
    loc = ctx.localizer
    buffer = BytesIO()
    c = new_canvas(buffer, ctx.paper.size, ctx.title, _("Score sheet"), loc.code)
    ink = Ink(c, loc.code, "score-sheet")
    area, strip = split_label_strip(page_area(ctx.paper, landscape=False, margin_mm=MARGIN_MM))
    _header(c, ink, ctx, area)
    players = ctx.data["players"]["max"]
    games = players
    table = Rect(area.x, area.y, area.width, area.height - mm(HEADER_MM) - mm(3))
    label_w = mm(LABEL_MM)
    col_w = (table.width - label_w) / players
    row_h = min((table.height - mm(NAME_ROW_MM)) / (games + 1), mm(40))
    name_h = mm(NAME_ROW_MM)
    top = table.top
    for p in range(players):
        cell = Rect(table.x + label_w + p * col_w, top - name_h, col_w, name_h)
        c.setFillColor(ICE)
        c.setStrokeColor(INK)
        c.setLineWidth(1.4)
        c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=1)
        c.setFillColor(MUTED)
        # TRANSLATORS: column head of the score sheet; %(number)s is the player's number (1–4).
        ink.line(_("Player %(number)s") % {"number": loc.number(p + 1)},
                 Rect(cell.x + mm(1.5), cell.top - mm(5), cell.width - mm(3), mm(4)),
                 fonts.ITALIC, 7.5, 5, align="left", where="player heading")
    c.setFillColor(INK)
    ink.line(_("Name"), Rect(table.x, top - name_h, label_w - mm(3), name_h), fonts.BOLD, 12, 7,
             align="left", where="name label")
    for g in range(games + 1):
        total = g == games
        y = top - name_h - (g + 1) * row_h
        # TRANSLATORS: row heads of the score sheet, in a box about 30 mm wide; %(number)s is
        # the number of the game in a longer match.
        label = _("Total") if total else _("Game %(number)s") % {"number": loc.number(g + 1)}
        c.setFillColor(BOARDS if total else INK)
        ink.line(label, Rect(table.x, y, label_w - mm(3), row_h), fonts.BOLD, 13, 7,
                 align="left", where="row label")
        for p in range(players):
            _cell(c, ink, ctx, Rect(table.x + label_w + p * col_w, y, col_w, row_h), total,
                  where=f"row {g + 1} column {p + 1}")
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
