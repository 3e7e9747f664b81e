"""The score sheet: one column per captain, one row per way to score, and the total.

Columns: as many captains as the most players, each with a line for the
name and the five team animals to circle. Rows: each finish space with its
multiplier from the data (the cell reads "× 4 =", room for the result),
the captain's own later finishers, the opponents' snowboarders the
captain's Yetis knocked off, and the total.
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

from .art import GOLD, ICE, INK, MUTED, NAVY, PAPER, draw_animal, draw_yeti, side_colour, tint

MARGIN_MM = 12
HEADER_MM = 50
LABEL_MM = 46
NAME_ROW_MM = 15
TEAM_ROW_MM = 17


def _header(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect) -> None:
    _ = ctx._
    art = mm(30)
    draw_yeti(c, Rect(area.right - art, area.top - art, art, art), facing=-1,
              scarf=side_colour(ctx.data, "red"), fills=fills_for(ctx))
    text_w = area.width - art - mm(4)
    c.setFillColor(NAVY)
    ink.line(ctx.data["title"], Rect(area.x, area.top - mm(12), text_w, mm(12)), fonts.BOLD,
             26, 12, align="left", where="title")
    c.setFillColor(INK)
    ink.line(_("Score sheet"), Rect(area.x, area.top - mm(19), text_w, mm(6)), fonts.ITALIC,
             12, 7, align="left", where="subtitle")
    note = _("A snowboarder on a finish space scores its value times the space's multiplier. "
             "Your snowboarders who finished later score their value; every opponent's "
             "snowboarder your Yetis knocked off scores its value for you. The highest total "
             "wins; tied captains share the win.")
    ink.paragraph(note, Rect(area.x, area.top - mm(HEADER_MM) + mm(3), text_w, mm(27)),
                  size=10, min_size=7, colour=INK, where="reminder")


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


def _cell(c: Canvas, ink: Ink, ctx: RenderContext, cell: Rect, multiplier: int | None,
          total: bool, where: str) -> None:
    c.setFillColor(ICE if total else PAPER)
    c.setStrokeColor(INK)
    c.setLineWidth(1.4 if total else 0.8)
    c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=1)
    if multiplier is None:
        return
    # A small box for the snowboarder's value, then "× 4 =", then room for the points.
    side = min(cell.height * 0.45, cell.width * 0.28)
    box = Rect(cell.x + mm(1.5), cell.centre[1] - side / 2, side, side)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
    c.setFillColor(MUTED)
    ink.line(f"×{ctx.localizer.number(multiplier)} =",
             Rect(box.right + mm(0.8), box.y, cell.width * 0.34, side), fonts.BOLD, 11, 6,
             align="left", where=where)


def _row_label(c: Canvas, ink: Ink, title: str, hint: str | None, box: Rect,
               where: str) -> None:
    c.setFillColor(INK)
    if hint is None:
        ink.line(title, box, fonts.BOLD, 13, 7, align="left", where=where)
        return
    ink.paragraph(title, Rect(box.x, box.centre[1], box.width, box.height / 2), size=12,
                  min_size=7, font=fonts.BOLD, colour=INK, valign="middle", where=where)
    ink.paragraph(hint, Rect(box.x, box.y + mm(1), box.width, box.height / 2 - mm(1)),
                  size=8.5, min_size=6, font=fonts.ITALIC, colour=MUTED, valign="top",
                  where=f"{where} hint")


def render_score_sheet(ctx: RenderContext) -> bytes:
    _ = ctx._
    loc = ctx.localizer
    buffer = BytesIO()
    c = new_canvas(buffer, ctx.paper.size, ctx.title, _("Score sheet"), loc.code)
    ink = Ink(c, loc.code, "score-sheet")
    area, strip = split_label_strip(page_area(ctx.paper, landscape=False, margin_mm=MARGIN_MM))
    _header(c, ink, ctx, area)
    captains = ctx.data["players"]["max"]
    multipliers = ctx.data["finish"]["multipliers"]
    table = Rect(area.x, area.y, area.width, area.height - mm(HEADER_MM))
    label_w = mm(LABEL_MM)
    col_w = (table.width - label_w) / captains
    rows: list[tuple[str, str | None, int | None]] = [
        (_("Finish space %(number)s") % {"number": loc.number(i + 1)}, None, m)
        for i, m in enumerate(multipliers)]
    rows += [(_("Later finishers"), _("your own, each at its value"), None),
             (_("Knocked off"), _("opponents' snowboarders your Yetis knocked off"), None),
             (_("Total"), None, None)]
    top = table.top
    heads = ((_("Captain"), mm(NAME_ROW_MM)), (_("Team (circle one)"), mm(TEAM_ROW_MM)))
    row_h = min((table.height - sum(h for _t, h in heads)) / len(rows), mm(26))
    for title, height in heads:
        top -= height
        ink.paragraph(title, Rect(table.x, top, label_w - mm(3), height), size=12, min_size=7,
                      font=fonts.BOLD, colour=INK, valign="middle", where="head label")
        for p in range(captains):
            cell = Rect(table.x + label_w + p * col_w, top, col_w, height)
            c.setFillColor(tint(GOLD, 0.75) if height == mm(NAME_ROW_MM) else PAPER)
            c.setStrokeColor(INK)
            c.setLineWidth(1.4)
            c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=1)
            if height == mm(TEAM_ROW_MM):
                _team_cell(c, ctx, cell.inset(mm(1)))
    for i, (title, hint, multiplier) in enumerate(rows):
        top -= row_h
        total = i == len(rows) - 1
        _row_label(c, ink, title, hint, Rect(table.x, top, label_w - mm(3), row_h),
                   where=f"row {i + 1} label")
        for p in range(captains):
            _cell(c, ink, ctx, Rect(table.x + label_w + p * col_w, top, col_w, row_h),
                  multiplier, total, where=f"row {i + 1} column {p + 1}")
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
