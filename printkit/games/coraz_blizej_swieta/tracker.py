"""The tracker sheet: per player, the dice owned (1 to 7), Tydzień cards and lost turns."""

from __future__ import annotations

from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import shapes
from printkit.drawing.ink import Fills, fills_for
from printkit.drawing.layout.labels import split_label_strip
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import Rect, mm, page_area
from printkit.language import fonts
from printkit.model.game import RenderContext

from .palette import GREEN, INK, RED, SOFT

MARGIN_MM = 12
LOST_TURN_BOXES = 12


def _boxes(c: Canvas, ink: Ink, area: Rect, count: int, labels: list[str] | None,
           where: str, fills: Fills) -> None:
    """A row of tick boxes, optionally numbered, filling ``area`` from the left."""
    side = min(area.height, mm(9))
    step = min(side + mm(2.2), area.width / count)
    side = min(side, step - mm(1))
    y = area.y + (area.height - side) / 2
    for i in range(count):
        x = area.x + i * step
        c.setStrokeColor(INK)
        c.setLineWidth(0.9)
        c.setFillColor(fills.fill(SOFT, 0.6))
        c.roundRect(x, y, side, side, mm(1), stroke=1, fill=1)
        if labels:
            c.setFillColor(INK)
            ink.line(labels[i], Rect(x, y, side, side), fonts.REGULAR, 9, 6,
                     where=f"{where} box {i + 1}")


def draw_player_block(c: Canvas, ink: Ink, ctx: RenderContext, block: Rect,
                      number: int) -> None:
    """One player's block of the tracker sheet (the rulebook draws one, scaled)."""
    _ = ctx._
    loc = ctx.localizer
    c.setStrokeColor(RED)
    c.setLineWidth(1.2)
    c.roundRect(block.x, block.y, block.width, block.height, mm(3), stroke=1, fill=0)
    inner = block.inset(mm(4))
    row_h = inner.height / 4
    label_w = inner.width * 0.3
    heading = Rect(inner.x, inner.top - row_h, inner.width, row_h)
    c.setFillColor(RED)
    # TRANSLATORS: column head of the tracker sheet; %(number)s is the player's number (1–4).
    ink.line(_("Player %(number)s") % {"number": loc.number(number)},
             Rect(heading.x, heading.y, label_w, heading.height), fonts.BOLD, 13, 8,
             align="left", where="player heading")
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.line(heading.x + label_w, heading.y + mm(2), heading.right, heading.y + mm(2))
    components = ctx.data["components"]
    days = ctx.data["tydzien_card"]["days"]
    cards = components["tydzien_cards_per_player"]
    rows = [
        (_("Dice"), components["dice_per_player"],
         [loc.number(i) for i in range(1, components["dice_per_player"] + 1)]),
        (_("Week cards"), cards,
         [f"+{loc.number(days * i)}" for i in range(1, cards + 1)]),
        # TRANSLATORS: row label of a player's block on the tracker sheet, in front of a row
        # of tick boxes for turns the player must sit out; one line, about 30 mm wide.
        (_("Lost turns"), LOST_TURN_BOXES, None),
    ]
    for i, (label, count, labels) in enumerate(rows, start=1):
        row = Rect(inner.x, inner.top - (i + 1) * row_h, inner.width, row_h)
        c.setFillColor(INK)
        ink.line(label, Rect(row.x, row.y, label_w - mm(2), row.height), fonts.REGULAR, 11, 7,
                 align="left", where=f"row {label}")
        _boxes(c, ink, Rect(row.x + label_w, row.y, row.width - label_w, row.height), count,
               labels, where=label, fills=fills_for(ctx))


def player_blocks(ctx: RenderContext, area: Rect | None = None) -> list[Rect]:
    """The players' blocks below the sheet's heading, one per player, top to bottom."""
    if area is None:
        area, _strip = split_label_strip(page_area(ctx.paper, landscape=False,
                                                   margin_mm=MARGIN_MM))
    players = ctx.data["players"]["max"]
    body = Rect(area.x, area.y, area.width, area.height - mm(40))
    gap = mm(5)
    block_h = (body.height - (players - 1) * gap) / players
    return [Rect(body.x, body.top - (n + 1) * block_h - n * gap, body.width, block_h)
            for n in range(players)]


def render_tracker(ctx: RenderContext) -> bytes:
    _ = ctx._
    buffer = BytesIO()
    c = new_canvas(buffer, ctx.paper.size, ctx.title, _("Tracker sheet"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "tracker", floor_pt=PLAY_PT)
    area, strip = split_label_strip(page_area(ctx.paper, landscape=False, margin_mm=MARGIN_MM))
    with ink.reading_order(ctx.paper.size[0]):  # right to left: the mirror image
        c.setFillColor(RED)
        ink.line(ctx.data["title"], Rect(area.x, area.top - mm(12), area.width, mm(12)),
                 fonts.BOLD, 22, 12, where="title")
        c.setFillColor(INK)
        ink.line(_("Tracker sheet"), Rect(area.x, area.top - mm(20), area.width, mm(8)),
                 fonts.ITALIC, 12, 8, where="subtitle")
        # TRANSLATORS: the instructions under the tracker sheet's title, a paragraph across the
        # page (about 180 mm wide, up to three lines).
        note = _("Tick a die when you take one (everyone starts with die 1 ticked), a week card "
                 "when you take one in the Tydzień variant, and a box for every turn you lose; "
                 "cross it out when you sit that turn out.")
        ink.paragraph(note, Rect(area.x, area.top - mm(36), area.width, mm(14)), colour=INK,
                      where="note")
        for n, block in enumerate(player_blocks(ctx, area)):
            draw_player_block(c, ink, ctx, block, n + 1)
        shapes.star(c, area.right - mm(6), area.top - mm(6), mm(5), fill=GREEN)
        ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()

