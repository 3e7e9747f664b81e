"""Score sheets: one for the game with friends, round by round, and one for the solo game.

The multiplayer sheet is a data-driven score sheet, [sheets.score-sheet] in
game.toml: landscape so that every player, up to the most the data allows,
gets three narrow columns per round (the cards kept, the bonus points and
the penalty, which the score row combines). Here only its picture and the
numbers its note quotes. The solo sheet follows the solo game's three
rounds of laid-out cards (from the data) in blocks of games under a banner,
and holds a dozen games, because the point of playing solo is to beat your
best; it is drawn here.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import fills_for
from printkit.drawing.layout.labels import split_label_strip
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import Rect, mm, page_area
from printkit.language import fonts
from printkit.language.translations import MINUS
from printkit.model.components.scoresheet import SheetArt
from printkit.model.game import RenderContext

from .art import ICE, INK, NAVY, PAPER
from .card_sheets import draw_head

MARGIN_MM = 12
#: The bear's head at the top right of both sheets.
ART_MM = 18
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


def _bear_head(c: Canvas, area: Rect) -> None:
    """A bear's head at the top right of the page area."""
    art = mm(ART_MM)
    draw_head(c, area.right - art / 2, area.top - art * 0.55, art * 0.36, PAPER)


def _heading(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect, subtitle: str,
             note: str) -> float:
    """Title, subtitle, a bear's head and the reminder; returns the y below them."""
    _bear_head(c, area)
    text_w = area.width - mm(ART_MM) - mm(4)
    c.setFillColor(NAVY)
    ink.line(ctx.data["title"], Rect(area.x, area.top - mm(11), text_w, mm(11)), fonts.BOLD, 22,
             12, align="left", where="title")
    c.setFillColor(INK)
    ink.line(subtitle, Rect(area.x, area.top - mm(18), text_w, mm(6)), fonts.ITALIC, 12, 7,
             align="left", where="subtitle")
    ink.paragraph(note, Rect(area.x, area.top - mm(36), text_w, mm(16)), size=9.5, min_size=6.5,
                  colour=INK, where="reminder")
    return area.top - mm(39)


def _score_header(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect) -> None:
    _bear_head(c, area)


def _score_values(ctx: RenderContext) -> dict[str, str]:
    """The note's numbers: the bonus points and the penalty cards from the data."""
    number = ctx.localizer.number
    bonus = ctx.data["bonus"]
    return {"bonus": number(bonus["points"]), "penalty": number(bonus["penalty_cards"]),
            "minus": MINUS}


#: The score sheet with friends is [sheets.score-sheet] in game.toml; this is its picture
#: and the numbers its note quotes.
SCORE_SHEET_ART = SheetArt(header=_score_header, values=_score_values)


def render_solo_sheet(ctx: RenderContext) -> bytes:
    """The solo score sheet: the solo rules, the banner and the games round by round."""
    _ = ctx._
    loc = ctx.localizer
    buffer = BytesIO()
    c = new_canvas(buffer, ctx.paper.size, ctx.title, _("Solo score sheet"), loc.code)
    ink = Ink(c, loc.code, "solo-sheet", floor_pt=PLAY_PT)
    area, strip = split_label_strip(page_area(ctx.paper, landscape=False, margin_mm=MARGIN_MM))
    note = _solo_rules(ctx)
    with ink.reading_order(ctx.paper.size[0]):  # right to left: the mirror image
        top = _heading(c, ink, ctx, area, _("Solo score sheet"), note)
        banner = Rect(area.x, top - mm(10), area.width, mm(9))
        fills = fills_for(ctx)
        fills.band(c, banner, NAVY, mm(2))
        c.setFillColor(fills.text(PAPER, NAVY))
        # TRANSLATORS: a banner across the solo score sheet (bold, one line about 180 mm wide,
        # shrunk to fit): a lower score is the better one.
        ink.line(_("The fewer cards you set aside, the better."), banner.inset(mm(1.5)), fonts.BOLD,
                 13, 7, where="lower is better")
        _draw_solo_games(c, ink, ctx, area, banner.y - mm(6))
        ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()


def _solo_rules(ctx: RenderContext) -> str:
    """The solo game's rules, as the sheet's reminder, with the numbers from the data."""
    _ = ctx._
    number = ctx.localizer.number
    solo = ctx.data["solo"]
    # TRANSLATORS: the rules of the solo game under the solo score sheet's title, a paragraph
    # across the page (about 185 mm wide); %(cards)s is the number of cards laid out (40),
    # %(rows)s and %(columns)s the grid's rows and columns (5 and 8), %(rounds)s the rounds (3).
    return _("Lay out %(cards)s cards in %(rows)s rows of %(columns)s. Start with any card, then "
             "take one card after another, each differing from the one before in at most one "
             "feature. When no card fits, set the rest aside and lay out %(cards)s new cards. "
             "After %(rounds)s rounds, add up the cards set aside.") % {
        "cards": number(solo["rows"] * solo["columns"]), "rows": number(solo["rows"]),
        "columns": number(solo["columns"]), "rounds": number(solo["rounds"])}


def _draw_solo_games(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect, y: float) -> None:
    """The games' tables down the page from ``y``: blocks of games side by side, each
    with a row per round between the games' heads and their totals."""
    _ = ctx._
    number = ctx.localizer.number
    label_w = mm(38)
    col_w = (area.width - label_w) / SOLO_BLOCK
    blocks = -(-SOLO_GAMES // SOLO_BLOCK)
    rows = ctx.data["solo"]["rounds"] + 2
    gap = mm(8)
    room = y - area.y - (blocks - 1) * gap
    row_h = min(room / blocks / rows, mm(17))
    for block in range(blocks):
        for r in range(rows):
            y -= row_h
            head, total = r == 0, r == rows - 1
            # TRANSLATORS: head of the label column of each table on the solo score sheet
            # (bold, one line about 36 mm wide, shrunk to fit).
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
