"""Score sheets: one for the game with friends, round by round, and one for the solo game.

The multiplayer sheet is landscape so that every player, up to the most the
data allows, gets three narrow columns per round: the cards kept, the bonus
points and the penalty, which the score row combines. The solo sheet
follows the solo game's three rounds of laid-out cards (from the data) and
holds a dozen games, because the point of playing solo is to beat your best.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.game import RenderContext
from printkit.i18n import MINUS
from printkit.layout.geometry import Rect, mm, page_area
from printkit.layout.labels import split_label_strip
from printkit.render import fonts
from printkit.render.ink import fills_for
from printkit.render.pdf import new_canvas
from printkit.render.text import Ink

from .art import ICE, INK, NAVY, PAPER
from .card_sheets import draw_head

MARGIN_MM = 12
#: Rows on the multiplayer sheet; a game of Pick-a-Polar Bear rarely lasts more.
ROUNDS = 10
#: Solo games on one sheet, in blocks of this many columns.
SOLO_GAMES, SOLO_BLOCK = 12, 6
MUTED = HexColor("#6b7785")


def _cell(c: Canvas, rect: Rect, fill: Color = PAPER, width: float = 0.7) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(INK)
    c.setLineWidth(width)
    c.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=1)


def _outline(c: Canvas, rect: Rect, width: float = 1.6) -> None:
    """A thick frame around a row already drawn, so its neighbours' hairlines don't cover it."""
    c.setStrokeColor(INK)
    c.setLineWidth(width)
    c.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=0)


def _heading(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect, subtitle: str,
             note: str) -> float:
    """Title, subtitle, a bear's head and the reminder; returns the y below them."""
    art = mm(18)
    draw_head(c, area.right - art / 2, area.top - art * 0.55, art * 0.36, PAPER)
    text_w = area.width - art - mm(4)
    c.setFillColor(NAVY)
    ink.line(ctx.data["title"], Rect(area.x, area.top - mm(11), text_w, mm(11)), fonts.BOLD, 22,
             12, align="left", where="title")
    c.setFillColor(INK)
    ink.line(subtitle, Rect(area.x, area.top - mm(18), text_w, mm(6)), fonts.ITALIC, 12, 7,
             align="left", where="subtitle")
    ink.paragraph(note, Rect(area.x, area.top - mm(36), text_w, mm(16)), size=9.5, min_size=6.5,
                  colour=INK, where="reminder")
    return area.top - mm(39)


def render_score_sheet(ctx: RenderContext) -> bytes:
    _ = ctx._
    loc = ctx.localizer
    number = loc.number
    bonus = ctx.data["bonus"]
    buffer = BytesIO()
    c = new_canvas(buffer, ctx.paper.landscape_size, ctx.title, _("Score sheet"), loc.code)
    ink = Ink(c, loc.code, "score-sheet")
    area, strip = split_label_strip(page_area(ctx.paper, landscape=True, margin_mm=MARGIN_MM))
    note = _("After each round, write down for every player the cards kept this round (the "
             "captain and an extra card for a right FREEZE included), the bonus points "
             "(%(bonus)s for each right answer in a bonus round) and the penalty (%(penalty)s "
             "for each wrong answer). Score = cards + bonus %(minus)s penalty; the highest score "
             "wins.") % {"bonus": number(bonus["points"]),
                         "penalty": number(bonus["penalty_cards"]), "minus": MINUS}
    top = _heading(c, ink, ctx, area, _("Score sheet"), note)
    players = ctx.data["players"]["max"]
    label_w = mm(28)
    col_w = (area.width - label_w) / players
    sub_w = col_w / 3
    name_h, sub_h = mm(12), mm(7)
    row_h = min((top - area.y - name_h - sub_h) / (ROUNDS + 2), mm(12))
    columns = (_("Cards"), _("Bonus"), _("Penalty"))
    for p in range(players):
        x = area.x + label_w + p * col_w
        head = Rect(x, top - name_h, col_w, name_h)
        _cell(c, head, ICE, 1.4)
        c.setFillColor(MUTED)
        ink.line(_("Player %(number)s") % {"number": number(p + 1)},
                 Rect(head.x + mm(1.5), head.top - mm(4.5), head.width - mm(3), mm(3.5)),
                 fonts.ITALIC, 7.5, 5, align="left", where="player heading")
        for k, label in enumerate(columns):
            sub = Rect(x + k * sub_w, head.y - sub_h, sub_w, sub_h)
            _cell(c, sub, ICE)
            c.setFillColor(INK)
            ink.line(label, sub.inset(mm(0.8)), fonts.BOLD, 8, 5, where=f"column {label}")
    c.setFillColor(INK)
    ink.line(_("Name"), Rect(area.x, top - name_h, label_w - mm(2), name_h), fonts.BOLD, 11, 7,
             align="left", where="name label")
    y = top - name_h - sub_h
    for r in range(ROUNDS + 2):
        y -= row_h
        total, score = r == ROUNDS, r == ROUNDS + 1
        # TRANSLATORS: row heads of the score sheet, in a box about 30 mm wide; %(number)s is
        # the round number.
        label = (_("Score") if score else _("Total") if total
                 else _("Round %(number)s") % {"number": number(r + 1)})
        c.setFillColor(NAVY if total or score else INK)
        ink.line(label, Rect(area.x, y, label_w - mm(2), row_h), fonts.BOLD, 11, 6,
                 align="left", where="row label")
        for p in range(players):
            x = area.x + label_w + p * col_w
            if score:
                _cell(c, Rect(x, y, col_w, row_h), ICE, 1.6)
                continue
            fill = ICE if total else PAPER if r % 2 else HexColor("#f6f9fc")
            for k in range(3):
                _cell(c, Rect(x + k * sub_w, y, sub_w, row_h), fill, 0.6)
        if total:
            _outline(c, Rect(area.x + label_w, y, players * col_w, row_h))
    # Thick lines between players, from the names down to the score row.
    c.setStrokeColor(INK)
    c.setLineWidth(1.6)
    for p in range(players + 1):
        x = area.x + label_w + p * col_w
        c.line(x, top, x, y)
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()


def render_solo_sheet(ctx: RenderContext) -> bytes:
    _ = ctx._
    loc = ctx.localizer
    number = loc.number
    solo = ctx.data["solo"]
    buffer = BytesIO()
    c = new_canvas(buffer, ctx.paper.size, ctx.title, _("Solo score sheet"), loc.code)
    ink = Ink(c, loc.code, "solo-sheet")
    area, strip = split_label_strip(page_area(ctx.paper, landscape=False, margin_mm=MARGIN_MM))
    note = _("Lay out %(cards)s cards in %(rows)s rows of %(columns)s. Start with any card, then "
             "take one card after another, each differing from the one before in at most one "
             "feature. When no card fits, set the rest aside and lay out %(cards)s new cards. "
             "After %(rounds)s rounds, add up the cards set aside.") % {
        "cards": number(solo["rows"] * solo["columns"]), "rows": number(solo["rows"]),
        "columns": number(solo["columns"]), "rounds": number(solo["rounds"])}
    top = _heading(c, ink, ctx, area, _("Solo score sheet"), note)
    banner = Rect(area.x, top - mm(10), area.width, mm(9))
    fills = fills_for(ctx)
    fills.band(c, banner, NAVY, mm(2))
    c.setFillColor(fills.text(PAPER, NAVY))
    ink.line(_("The fewer cards you set aside, the better."), banner.inset(mm(1.5)), fonts.BOLD,
             13, 7, where="lower is better")
    label_w = mm(38)
    col_w = (area.width - label_w) / SOLO_BLOCK
    blocks = -(-SOLO_GAMES // SOLO_BLOCK)
    rows = solo["rounds"] + 2
    gap = mm(8)
    room = banner.y - mm(6) - area.y - (blocks - 1) * gap
    row_h = min(room / blocks / rows, mm(17))
    y = banner.y - mm(6)
    for block in range(blocks):
        for r in range(rows):
            y -= row_h
            head, total = r == 0, r == rows - 1
            label = (_("Cards set aside") if head else _("Total") if total
                     else _("Round %(number)s") % {"number": number(r)})
            c.setFillColor(NAVY if total else MUTED if head else INK)
            ink.line(label, Rect(area.x, y, label_w - mm(2), row_h),
                     fonts.ITALIC if head else fonts.BOLD, 11, 6, align="left",
                     where="row label")
            for g in range(SOLO_BLOCK):
                cell = Rect(area.x + label_w + g * col_w, y, col_w, row_h)
                _cell(c, cell, ICE if head or total else PAPER)
                if head:
                    c.setFillColor(INK)
                    game = block * SOLO_BLOCK + g + 1
                    ink.line(_("Game %(number)s") % {"number": number(game)}, cell.inset(mm(1)),
                             fonts.BOLD, 10, 6, where="game heading")
            if total:
                _outline(c, Rect(area.x + label_w, y, SOLO_BLOCK * col_w, row_h))
        y -= gap
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
