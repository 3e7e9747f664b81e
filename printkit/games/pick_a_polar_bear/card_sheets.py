"""The card sheets: 96 animal cards with one shared back, and the 14 special cards.

Every card is the same square, so special cards can be shuffled into the
animal deck. The backs page behind each fronts page carries each card's own
back: one back for every animal card (no hint of its features); a distinct
"bonus round" back, because in the bonus variant a bonus card on top of the
face-down pile must be recognisable; a plain back for the hold card, which is
never shuffled in; and the second value on the back of each penalty card
("−2 points" turns over to "−4 points").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from functools import partial
from io import BytesIO
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import shapes
from printkit.drawing.ink import fills_for
from printkit.drawing.layout.sheets import draw_card_sheets
from printkit.drawing.pdf import Shared, new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import CardBox, CardSize, Rect, mm
from printkit.language import fonts
from printkit.model.game import RenderContext

from .art import FUR_SHADE, ICE, INK, NAVY, PAPER, draw_animal, draw_feature_icon

BACK_PATTERN = HexColor("#2f6396")
BONUS = HexColor("#5b3b8c")
BONUS_BACK = HexColor("#f2c23a")
BONUS_FACE = HexColor("#fbf3dc")
PENALTY = HexColor("#c8323c")
PENALTY_DEEP = HexColor("#7e1a22")
PENALTY_FACE = HexColor("#fbe4e4")

#: The minus sign printed before penalties (DejaVu Sans has U+2212).
def combinations(data: Mapping[str, Any]) -> list[dict[str, str]]:
    """Every different animal card, as {attribute id: value id}, in the data's order."""
    ids = [a["id"] for a in data["attributes"]]
    return [dict(zip(ids, values, strict=True))
            for values in itertools.product(*(a["values"] for a in data["attributes"]))]


def animal_deck(data: Mapping[str, Any]) -> list[dict[str, str]]:
    """The printed deck: all combinations once, then again for each further copy."""
    return [combo for _ in range(data["deck"]["copies"]) for combo in combinations(data)]


def card_size(data: Mapping[str, Any]) -> CardSize:
    side = data["print"]["card_mm"]
    return CardSize(side, side)


def _fill(c: Canvas, box: CardBox, colour: Color) -> None:
    c.setFillColor(colour)
    c.rect(box.bleed.x, box.bleed.y, box.bleed.width, box.bleed.height, stroke=0, fill=1)


def _frame(c: Canvas, box: CardBox, colour: Color) -> None:
    """A rounded frame just inside the safe area, as on the printed originals."""
    frame = box.trim.inset(mm(1.8))
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(mm(0.6))
    c.roundRect(frame.x, frame.y, frame.width, frame.height, mm(2.5), stroke=1, fill=0)
    c.restoreState()


def draw_head(c: Canvas, cx: float, cy: float, r: float, fill: Color,
              face: bool = True) -> None:
    """A bear's head of radius ``r`` with ears; without ``face`` a plain silhouette."""
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(INK)
    c.setLineWidth(max(0.5, r * 0.1))
    stroke = 1 if face else 0
    for side in (-1, 1):
        c.circle(cx + side * 0.72 * r, cy + 0.86 * r, 0.36 * r, stroke=stroke, fill=1)
        if face:
            c.setFillColor(INK)
            c.circle(cx + side * 0.76 * r, cy + 0.92 * r, 0.16 * r, stroke=0, fill=1)
            c.setFillColor(fill)
    c.circle(cx, cy, r, stroke=stroke, fill=1)
    if face:
        c.setFillColor(FUR_SHADE)
        c.ellipse(cx - 0.5 * r, cy - 0.7 * r, cx + 0.5 * r, cy - 0.08 * r, stroke=1, fill=1)
        c.setFillColor(INK)
        c.ellipse(cx - 0.22 * r, cy - 0.35 * r, cx + 0.22 * r, cy - 0.1 * r, stroke=0, fill=1)
        for side in (-1, 1):
            c.circle(cx + side * 0.4 * r, cy + 0.2 * r, 0.12 * r, stroke=0, fill=1)
    c.restoreState()


def _saver_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox, colour: Color,
                title: str, motif: Callable[[float, float, float], None]) -> None:
    """An ink-saver back: a thin frame, one line-art motif and the title, all in ``colour``."""
    fills = fills_for(ctx)
    fills.frame(c, box.trim.inset(mm(1.8)), colour)
    cx, cy = box.trim.centre
    motif(cx, cy + mm(4), box.trim.width * 0.17)
    c.setFillColor(fills.line(colour))
    ink.line(title, Rect(box.safe.x, box.safe.y + mm(2), box.safe.width, mm(9)), fonts.BOLD,
             12, 6, where="card back title")


# --- animal cards --------------------------------------------------------------------------

def animal_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    """The back every animal card shares: bear heads on blue, the title on a banner."""
    if ctx.ink_saver:
        _saver_back(c, ink, ctx, box, NAVY, ctx.data["title"],
                    lambda cx, cy, r: draw_head(c, cx, cy, r, PAPER))
        return
    _fill(c, box, NAVY)
    step = box.trim.width / 4
    for row in range(-1, 5):
        for col in range(-1, 5):
            x = box.trim.x + (col + (0 if row % 2 else 0.5)) * step
            draw_head(c, x, box.trim.y + (row + 0.5) * step, step * 0.25, BACK_PATTERN,
                      face=False)
    cx, cy = box.trim.centre
    c.setFillColor(PAPER)
    c.setStrokeColor(INK)
    c.setLineWidth(mm(0.5))
    c.circle(cx, cy + mm(4), box.trim.width * 0.27, stroke=1, fill=1)
    draw_head(c, cx, cy + mm(2.5), box.trim.width * 0.15, PAPER)
    banner = Rect(box.safe.x, box.safe.y + mm(2), box.safe.width, mm(9))
    c.setFillColor(PAPER)
    c.roundRect(banner.x, banner.y, banner.width, banner.height, mm(2), stroke=1, fill=1)
    c.setFillColor(NAVY)
    ink.line(ctx.data["title"], banner.inset(mm(1)), fonts.BOLD, 12, 6, where="card back title")


def render_animal_cards(ctx: RenderContext) -> bytes:
    deck = animal_deck(ctx.data)
    grid = ctx.card_grid(card_size(ctx.data), len(deck), "print.card_mm")
    buffer = BytesIO()
    c = new_canvas(buffer, grid.page_size, ctx.title, ctx._("Animal cards"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "animal-cards", floor_pt=PLAY_PT)
    bleed = mm(ctx.spec.bleed_mm)
    draw_card_sheets(c, grid, len(deck),
                     front=lambda cv, i, b: draw_animal(cv, b.trim, deck[i], ctx.data,
                                                        bleed=bleed, fills=fills_for(ctx)),
                     back=lambda cv, i, b: animal_back(cv, ink, ctx, b),
                     labels=ctx.sheet_names(ink),
                     # 32 designs twice over, and one back: each drawn once per document.
                     front_key=lambda i: "animal:" + "/".join(deck[i].values()),
                     back_key=lambda i: "animal-back",
                     # The fronts carry no words: every locale's sheets reuse one drawing.
                     shared=Shared(ctx.data, (fills_for(ctx), bleed)))
    c.save()
    return buffer.getvalue()


# --- special cards -------------------------------------------------------------------------

def _not_equal(c: Canvas, cx: float, cy: float, size: float) -> None:
    """An equals sign struck through in red: "not the same card"."""
    c.saveState()
    c.setFillColor(INK)
    for dy in (0.14, -0.26):
        c.rect(cx - size / 2, cy + dy * size, size, 0.12 * size, stroke=0, fill=1)
    c.setStrokeColor(PENALTY)
    c.setLineWidth(size * 0.14)
    c.setLineCap(1)
    c.line(cx - 0.3 * size, cy - 0.5 * size, cx + 0.3 * size, cy + 0.5 * size)
    c.restoreState()


def _hold_front(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    fills_for(ctx).flood(c, box.bleed, ICE)
    _frame(c, box, NAVY)
    safe = box.safe.inset(mm(1))
    c.setFillColor(NAVY)
    ink.line(ctx._(ctx.data["hold"]["name"]), Rect(safe.x, safe.top - mm(10), safe.width,
                                                   mm(10)), fonts.BOLD, 20, 9, where="hold name")
    side = mm(17)
    y = safe.top - mm(11) - side
    same = combinations(ctx.data)[0]
    for x in (safe.x + mm(1), safe.right - mm(1) - side):
        c.saveState()
        path = c.beginPath()
        path.roundRect(x, y, side, side, mm(1.2))
        c.clipPath(path, stroke=0, fill=0)
        draw_animal(c, Rect(x, y, side, side), same, ctx.data, fills=fills_for(ctx))
        c.restoreState()
        c.setStrokeColor(INK)
        c.setLineWidth(mm(0.35))
        c.roundRect(x, y, side, side, mm(1.2), stroke=1, fill=0)
    _not_equal(c, safe.centre[0], y + side / 2, mm(7))
    c.setFillColor(INK)
    ink.paragraph(ctx._(ctx.data["hold"]["text"]), Rect(safe.x, safe.y, safe.width,
                                                        y - safe.y - mm(1.5)),
                  size=9.5, min_size=7, colour=INK, align="centre", valign="middle",
                  where="hold text")


#: The most a bonus card's question may take: three lines at 7 pt (in a script whose lines
#: stand further apart, as much further).
QUESTION_MM = mm(9.0)


def _bonus_front(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox,
                 card: Mapping[str, Any]) -> None:
    _ = ctx._
    fills = fills_for(ctx)
    fills.flood(c, box.bleed, BONUS_FACE)
    safe = box.safe
    band = Rect(box.bleed.x, safe.top - mm(8), box.bleed.width, box.bleed.top - safe.top + mm(8))
    if fills.saver:  # the band inside the card's frame, not into the bleed
        frame = box.trim.inset(mm(1.8))
        band = Rect(frame.x, band.y, frame.width, frame.top - band.y)
        fills.band(c, band, BONUS, mm(2.5))
        _frame(c, box, fills.line(BONUS))
    else:
        fills.band(c, band, BONUS)
    c.setFillColor(fills.text(PAPER, BONUS))
    title = Rect(safe.x + mm(7), band.y + mm(0.5), safe.width - mm(14), mm(7))
    # TRANSLATORS: a term of the game: title on the front of a bonus card (one line, about 35 mm
    # wide, shrunk to fit) and on its back, in a banner about 47 mm wide.
    ink.line(_("Bonus round"), title, fonts.BOLD, 14, 7, where="bonus title")
    for x in (safe.x + mm(3), safe.right - mm(3)):
        shapes.star(c, x, band.y + mm(4), mm(2.6), fill=BONUS_BACK)
    icon = mm(18)
    y = band.y - mm(2.5) - icon
    (a1, v1), (a2, v2) = card["features"].items()
    draw_feature_icon(c, Rect(safe.x + mm(1), y, icon, icon), a1, v1, ctx.data, fills)
    draw_feature_icon(c, Rect(safe.right - mm(1) - icon, y, icon, icon), a2, v2, ctx.data,
                      fills)
    cx = safe.centre[0]
    c.setFillColor(BONUS)
    c.rect(cx - mm(3.5), y + icon / 2 - mm(0.8), mm(7), mm(1.6), stroke=0, fill=1)
    c.rect(cx - mm(0.8), y + icon / 2 - mm(3.5), mm(1.6), mm(7), stroke=0, fill=1)
    # Below the pictures, three boxes stacked from the bottom that never overlap, in any
    # language: the points, the question (as tall as its lines), the features (the rest).
    # Everything on the face is read during play: never below 7 pt.
    points = Rect(safe.x, safe.y, safe.width, mm(3))
    ask = Rect(safe.x, points.top + mm(0.5), safe.width, QUESTION_MM * ink.script.leading)
    # TRANSLATORS: bonus card, below the two features pictured and named on it; italic, about
    # 49 mm wide (one or two lines at 7 to 8 pt, three at most).
    question = _("How many cards on the table show both?")
    asked = ink.paragraph_height(question, ask, size=8, min_size=7, font=fonts.ITALIC,
                                 where="bonus question", align="centre")
    named = ask.y + asked + mm(0.5)
    text = Rect(safe.x, named, safe.width, y - mm(1) - named)
    ink.paragraph(_(card["text"]), text, size=11, min_size=7, font=fonts.BOLD, colour=INK,
                  align="centre", valign="middle", where="bonus text")
    c.setFillColor(INK)
    ink.paragraph(question, Rect(ask.x, ask.y, ask.width, asked), size=8, min_size=7,
                  font=fonts.ITALIC, colour=INK, align="centre", valign="bottom",
                  where="bonus question")
    c.setFillColor(BONUS)
    ink.line(ctx.localizer.points(ctx.data["bonus"]["points"]), points,
             fonts.BOLD, 8, 7, where="bonus points")


def _penalty_face(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox, value: int,
                  note: str | None) -> None:
    deep = value < ctx.data["penalty"]["front"]
    colour = PENALTY_DEEP if deep else PENALTY
    fills = fills_for(ctx)
    fills.flood(c, box.bleed, PENALTY_FACE)
    _frame(c, box, colour)
    safe = box.safe.inset(mm(1))
    radius, phrase, below = mm(12), mm(9), mm(10) if note else 0
    cx = safe.centre[0]
    cy = safe.centre[1] + (2 * radius + mm(1) + phrase + below) / 2 - radius
    c.setFillColor(fills.fill(colour))
    c.setStrokeColor(fills.line(colour) if fills.saver else INK)
    c.setLineWidth(mm(0.5))
    c.circle(cx, cy, radius, stroke=1, fill=1)
    c.setFillColor(fills.text(PAPER, colour))
    ink.line(ctx.localizer.signed(value),
             Rect(cx - radius * 0.8, cy - radius * 0.5, radius * 1.6, radius),
             fonts.BOLD, 34, 12, where="penalty value")
    c.setFillColor(colour)
    y = cy - radius - mm(1) - phrase
    ink.line(ctx.localizer.points(value), Rect(safe.x, y, safe.width, phrase), fonts.BOLD, 17, 8,
             where="penalty points")
    if note:
        c.setFillColor(INK)
        ink.paragraph(note, Rect(safe.x, y - below, safe.width, below), size=8, min_size=7,
                      font=fonts.ITALIC, colour=INK, align="centre", valign="middle",
                      where="penalty note")


def _bonus_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    if ctx.ink_saver:  # a star in outline and "Bonus round": still unlike every other back
        _saver_back(c, ink, ctx, box, BONUS, ctx._("Bonus round"),
                    lambda cx, cy, r: shapes.star(c, cx, cy, r * 1.6, fill=PAPER,
                                                  stroke=BONUS))
        return
    _fill(c, box, BONUS_BACK)
    step = box.trim.width / 5
    for row in range(-1, 7):
        for col in range(-1, 7):
            x = box.trim.x + (col + (0.5 if row % 2 else 0)) * step
            shapes.star(c, x, box.trim.y + row * step, step * 0.22, fill=HexColor("#e3ab1f"))
    cx, cy = box.trim.centre
    shapes.star(c, cx, cy + mm(5), box.trim.width * 0.3, fill=BONUS, stroke=INK)
    banner = Rect(box.safe.x, box.safe.y + mm(2), box.safe.width, mm(9))
    c.setFillColor(BONUS)
    c.setStrokeColor(INK)
    c.setLineWidth(mm(0.4))
    c.roundRect(banner.x, banner.y, banner.width, banner.height, mm(2), stroke=1, fill=1)
    c.setFillColor(PAPER)
    ink.line(ctx._("Bonus round"), banner.inset(mm(1)), fonts.BOLD, 13, 7, where="bonus back")


def _plain_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    fills_for(ctx).flood(c, box.bleed, ICE)
    _frame(c, box, NAVY)
    c.setFillColor(NAVY)
    ink.line(ctx.data["title"], Rect(box.safe.x, box.safe.centre[1] - mm(5), box.safe.width,
                                     mm(10)), fonts.BOLD, 12, 7, where="hold back title")


Face = Callable[[Canvas, Ink, RenderContext, CardBox], None]


def special_cards(ctx: RenderContext) -> list[tuple[Face, Face]]:
    """(front, back) of every special card: the hold card, the bonus cards, the penalties."""
    penalty = ctx.data["penalty"]
    # TRANSLATORS: penalty card front, below "−2 points" (its back shows −4); italic, about
    # 47 × 10 mm, two short lines at most.
    note = ctx._("At a second penalty, turn this card over.")
    cards: list[tuple[Face, Face]] = [(_hold_front, _plain_back)]
    cards += [(partial(_bonus_front, card=card), _bonus_back)
              for card in ctx.data["bonus"]["cards"]]
    cards += [(partial(_penalty_face, value=penalty["front"], note=note),
               partial(_penalty_face, value=penalty["back"], note=None))] * penalty["cards"]
    return cards


def render_special_cards(ctx: RenderContext) -> bytes:
    cards = special_cards(ctx)
    grid = ctx.card_grid(card_size(ctx.data), len(cards), "print.card_mm")
    buffer = BytesIO()
    c = new_canvas(buffer, grid.page_size, ctx.title, ctx._("Special cards"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "special-cards", floor_pt=PLAY_PT)
    # Which back each card has: a sheet that mixes them frames each back (see layout.sheets).
    backs = ["hold"] + ["bonus"] * len(ctx.data["bonus"]["cards"])
    backs += ["penalty"] * (len(cards) - len(backs))
    draw_card_sheets(c, grid, len(cards),
                     front=lambda cv, i, b: cards[i][0](cv, ink, ctx, b),
                     back=lambda cv, i, b: cards[i][1](cv, ink, ctx, b),
                     labels=ctx.sheet_names(ink), back_key=backs.__getitem__)
    c.save()
    return buffer.getvalue()


# --- single cards, for the rulebook's components page ---------------------------------------

def component_faces(ctx: RenderContext) -> dict[str, Face]:
    """One face of each kind of card, drawn exactly as on the card sheets.

    ``animal`` (a front; the first combination), ``animal-back``, ``bonus`` (the first
    bonus card), ``penalty`` (the −2 front) and ``hold``. Each draws into a
    :class:`CardBox` of the card's real size; the rulebook scales the canvas.
    """
    data = ctx.data
    front = combinations(data)[0]
    penalty = data["penalty"]
    note = ctx._("At a second penalty, turn this card over.")

    def animal(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
        draw_animal(c, box.trim, front, ctx.data, bleed=0.0, fills=fills_for(ctx))

    return {
        "animal": animal,
        "animal-back": animal_back,
        "bonus": partial(_bonus_front, card=data["bonus"]["cards"][0]),
        "penalty": partial(_penalty_face, value=penalty["front"], note=note),
        "hold": _hold_front,
    }
