"""The sheet of Tydzień ("week") cards, each worth 7 on the roll, with backs for duplex."""

from __future__ import annotations

from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from printkit.game import RenderContext
from printkit.layout.geometry import CardBox, CardSize, Rect, mm
from printkit.layout.sheets import draw_card_sheets
from printkit.render import fonts, shapes
from printkit.render.ink import fills_for
from printkit.render.pdf import new_canvas
from printkit.render.text import Ink

from .palette import GOLD, GREEN, PAPER, RED


def draw_front(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    """One week card's front as printed (the rulebook draws one, scaled)."""
    days = ctx.data["tydzien_card"]["days"]
    fills = fills_for(ctx)
    fills.flood(c, box.bleed, RED)
    panel = box.safe
    if fills.saver:  # a red frame where the red field met the panel
        fills.frame(c, box.trim.inset(mm(1.6)), RED, mm(2.5))
    else:
        c.setFillColor(PAPER)
        c.roundRect(panel.x, panel.y, panel.width, panel.height, mm(2), stroke=0, fill=1)
    inner = panel.inset(mm(1.5))
    h = inner.height
    c.setFillColor(RED)
    # TRANSLATORS: the name on the front of a Tydzień (week) card, bold, one line in the top
    # third of the card's panel (about 50 mm wide), shrunk to fit; the rulebook's thumbnails
    # print it too.
    ink.line(ctx._("Week"), Rect(inner.x, inner.y + h * 0.66, inner.width, h * 0.34),
             fonts.BOLD, 16, 8, where="card name")
    c.setFillColor(GREEN)
    ink.line(f"+{ctx.localizer.number(days)}", Rect(inner.x, inner.y + h * 0.26, inner.width,
                                                    h * 0.42), fonts.BOLD, 30, 14,
             where="card value")
    c.setFillColor(RED)
    # TRANSLATORS: the line under the big "+7" on a Tydzień card, italic, one line about
    # 50 mm wide; %(num)s is the number of days the card adds (7).
    days_text = ctx.localizer.ngettext("%(num)s day", "%(num)s days", days) % {
        "num": ctx.localizer.number(days)}
    ink.line(days_text, Rect(inner.x, inner.y, inner.width, h * 0.24), fonts.ITALIC, 10, 6,
             where="card days")
    for x in (inner.x + mm(4), inner.right - mm(4)):
        shapes.star(c, x, inner.y + h * 0.47, mm(2.6), fill=GOLD)


def _back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    fills = fills_for(ctx)
    fills.flood(c, box.bleed, GREEN)
    fills.frame(c, box.trim.inset(mm(1.6)), GREEN, mm(2.5))
    cx, cy = box.trim.centre
    if fills.saver:  # the star in outline: line art instead of a gold field
        shapes.star(c, cx, cy + box.trim.height * 0.1, box.trim.height * 0.25, fill=PAPER,
                    stroke=fills.line(GOLD))
    else:
        shapes.star(c, cx, cy + box.trim.height * 0.1, box.trim.height * 0.25, fill=GOLD)
    c.setFillColor(fills.text(PAPER, GREEN))
    safe = box.safe
    ink.line(ctx.data["title"], Rect(safe.x, safe.y, safe.width, safe.height * 0.25),
             fonts.BOLD, 9, 6, where="card back title")


def render_cards(ctx: RenderContext) -> bytes:
    spec = ctx.data["tydzien_card"]
    count = ctx.data["components"]["tydzien_cards"]
    grid = ctx.card_grid(CardSize(spec["width_mm"], spec["height_mm"]), count, "tydzien_card")
    buffer = BytesIO()
    c = new_canvas(buffer, grid.page_size, ctx.title, ctx._("Week cards"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "tydzien-cards")
    draw_card_sheets(c, grid, count,
                     front=lambda cv, i, b: draw_front(cv, ink, ctx, b),
                     back=lambda cv, i, b: _back(cv, ink, ctx, b),
                     labels=ctx.sheet_names(ink),
                     # every week card is alike, front and back: drawn once, placed on each
                     front_key=lambda i: "tydzien", back_key=lambda i: "tydzien")
    c.save()
    return buffer.getvalue()
