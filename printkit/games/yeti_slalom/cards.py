"""The cards: Yetis, snowboarders and snowballs, each kind on its own duplex sheets and back.

Yeti and snowball cards are ``print.card_width_mm`` × ``print.card_height_mm`` (mini
cards: a Yeti card lies across its Yeti space on the board);
snowboarders are square ``print.snowboarder_mm`` cards that fit on a course space.
A Yeti card names its Yeti, shows its side by colour *and* by the side's mark
(disc ▶ green, square ◀ red), the row it guards on a small map of the course
and the direction it throws. A snowboarder card shows the team's animal, the
team's name and its value large in two corners. A snowball card says what it
does. The backs: all Yeti cards share one back (a hand of Yetis hides which
ones), all snowboarders share one plain, team-neutral back (snowboarders lie
face down once they finish late or are knocked off, and the back must not
tell whose they were or what they are worth), and the snowballs have theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from io import BytesIO
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import shapes
from printkit.drawing.ink import fills_for, shade, tint
from printkit.drawing.layout.sheets import draw_card_sheets
from printkit.drawing.pdf import new_canvas
from printkit.drawing.symbols import draw_symbol
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import CardBox, CardSize, Rect, mm
from printkit.language import fonts
from printkit.model.game import RenderContext

from .art import (
    DIRECTION,
    ICE,
    INK,
    NAVY,
    PAPER,
    SKY,
    SNOW,
    START,
    draw_snowball,
    draw_snowboarder,
    draw_yeti,
    side_colour,
    team_colour,
    throw_mark,
)

Card = Callable[[Canvas, Ink, RenderContext, CardBox], None]


def yeti_cards(data: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], str]]:
    """(Yeti, side) for every Yeti card: each Yeti green then red, each in its copies."""
    return [(yeti, side) for side in ("green", "red") for yeti in data["yetis"]
            for _ in range(data["cards"]["yeti_copies"])]


def snowboarder_cards(data: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], int]]:
    """(team, value) for every snowboarder card, team by team."""
    return [(team, value) for team in data["teams"] for value in data["snowboarders"]["values"]]


def card_size(data: Mapping[str, Any]) -> CardSize:
    return CardSize(data["print"]["card_width_mm"], data["print"]["card_height_mm"])


def _fill(c: Canvas, box: CardBox, colour: Color, ctx: RenderContext) -> None:
    """The card's full-bleed background; left out in ink-saver mode, which frames the card."""
    fills = fills_for(ctx)
    fills.flood(c, box.bleed, colour)
    fills.frame(c, box.trim.inset(mm(1.8)), colour)


def _saver_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox, kind: str,
                motif: Callable[[Rect], None], where: str) -> None:
    """An ink-saver back: a thin frame, the kind, one line-art motif and the game's title."""
    fills_for(ctx).frame(c, box.trim.inset(mm(1.8)), NAVY)
    safe = box.safe
    small = safe.width < mm(40)
    c.setFillColor(NAVY)
    ink.line(kind, Rect(safe.x, safe.top - mm(8), safe.width, mm(7)), fonts.BOLD,
             8 if small else 13, 5, where=f"{where} kind")
    art = Rect(safe.x, safe.y + mm(7 if small else 12), safe.width,
               safe.height - mm(16 if small else 22))
    motif(art)
    if not small:
        ink.line(ctx.data["title"], Rect(safe.x, safe.y + mm(2), safe.width, mm(8)), fonts.BOLD,
                 12, 6, where=f"{where} title")


def _banner(c: Canvas, ink: Ink, text: str, box: Rect, fill: Color, colour: Color,
            where: str, size: float = 12, min_size: float = 6) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(INK)
    c.setLineWidth(mm(0.35))
    c.roundRect(box.x, box.y, box.width, box.height, mm(2), stroke=1, fill=1)
    c.setFillColor(colour)
    ink.line(text, box.inset(mm(1)), fonts.BOLD, size, min_size, where=where)


# --- Yeti cards --------------------------------------------------------------------------

def _course_map(c: Canvas, data: Mapping[str, Any], row: int, side: str, box: Rect) -> None:
    """The course in miniature: the guarded row in the side's colour, an arrow across it."""
    cols, rows = data["course"]["columns"], data["course"]["rows"]
    cell = min(box.width / (cols + 2), box.height / rows)
    x0 = box.centre[0] - cell * (cols + 2) / 2
    y0 = box.centre[1] + cell * rows / 2
    colour = side_colour(data, side)
    c.setLineWidth(0.5)
    c.setStrokeColor(NAVY)
    for r in range(1, rows + 1):
        for col in range(cols):
            c.setFillColor(tint(colour, 0.35) if r == row else PAPER)
            c.rect(x0 + (col + 1) * cell, y0 - r * cell, cell, cell, stroke=1, fill=1)
    d = DIRECTION[side]
    stand = x0 + (0.5 if d > 0 else cols + 1.5) * cell
    y = y0 - (row - 0.5) * cell
    throw_mark(c, side, stand, y, cell * 0.95, colour)
    start = x0 + (1.2 if d > 0 else cols + 0.8) * cell
    end = x0 + (cols + 0.8 if d > 0 else 1.2) * cell
    shapes.arrow(c, start, y, end, y, width=cell * 0.14, head=cell * 0.5, colour=INK)


def _yeti_front(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox,
                yeti: Mapping[str, Any], side: str) -> None:
    _ = ctx._
    colour = side_colour(ctx.data, side)
    fills = fills_for(ctx)
    _fill(c, box, tint(colour, 0.82), ctx)
    safe = box.safe
    head = Rect(box.bleed.x, safe.top - mm(11), box.bleed.width, box.bleed.top - safe.top + mm(11))
    if fills.saver:  # the name band inside the card's frame
        frame = box.trim.inset(mm(1.8))
        fills.band(c, Rect(frame.x, head.y, frame.width, frame.top - head.y), colour, mm(2.5))
    else:
        fills.band(c, head, colour)
    badge = mm(7.5)
    d = DIRECTION[side]
    bx = safe.x + badge / 2 if d > 0 else safe.right - badge / 2
    c.setStrokeColor(PAPER)
    throw_mark(c, side, bx, head.y + mm(5.5), badge, shade(colour, 0.3), fills=fills)
    c.setFillColor(fills.text(PAPER, colour))
    name = Rect(safe.x + badge + mm(1) if d > 0 else safe.x, head.y + mm(0.75),
                safe.width - badge - mm(1), mm(9.5))
    ink.paragraph(_(yeti["name"]), name, size=12, min_size=7, font=fonts.BOLD,
                  colour=fills.text(PAPER, colour),
                  align="centre", valign="middle", where=f"Yeti card {yeti['id']} name")
    art = Rect(safe.x, safe.y + mm(26.5), safe.width, head.y - safe.y - mm(27))
    draw_yeti(c, art, facing=d, scarf=colour, fills=fills)
    # TRANSLATORS: Yeti card front, under the picture, on the copy for the green (left) side of
    # the course; bold, one to three lines in about 35 × 9 mm. Also in the rulebook's card
    # pictures.
    side_text = (_("Green Yeti, throws to the right") if side == "green"
                 # TRANSLATORS: the same line on the copy for the red (right) side of
                 # the course; bold, one to three lines in about 35 × 9 mm.
                 else _("Red Yeti, throws to the left"))
    c.setFillColor(INK)
    # Read during play: 7 pt at the least.
    ink.paragraph(side_text, Rect(safe.x, safe.y + mm(17), safe.width, mm(9)), size=8,
                  min_size=7, font=fonts.BOLD, colour=INK, align="centre", valign="middle",
                  where="Yeti card side")
    row = Rect(safe.x, safe.y, safe.width * 0.38, mm(16))
    # TRANSLATORS: Yeti card front, bottom left: the course row the Yeti guards; %(num)s is
    # the row (2–6), printed large in the Yeti's colour, the words small and bold (one line
    # about 13 mm wide, shrunk to fit) above it, or below it when they follow the number
    # (Japanese: the number, then its ordinal counter).
    before, _sep, after = _("Row %(num)s").partition("%(num)s")
    number = ctx.localizer.number(yeti["row"])
    if before.strip() or not after.strip():
        c.setFillColor(INK)
        ink.line(before.strip(), Rect(row.x, row.centre[1], row.width, mm(5)), fonts.BOLD, 9,
                 7, where="Yeti card row label")
        c.setFillColor(colour)
        ink.line(number, Rect(row.x, row.y, row.width, row.height / 2), fonts.BOLD, 20, 10,
                 where="Yeti card row")
    else:  # the number first, the words under it
        c.setFillColor(colour)
        ink.line(number, Rect(row.x, row.y + mm(6), row.width, row.height / 2), fonts.BOLD,
                 20, 10, where="Yeti card row")
        c.setFillColor(INK)
        ink.line(after.strip(), Rect(row.x, row.y + mm(1), row.width, mm(5)), fonts.BOLD, 9,
                 7, where="Yeti card row label")
    _course_map(c, ctx.data, yeti["row"], side,
                Rect(row.right, safe.y, safe.width - row.width, mm(16)))


def _yeti_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    if ctx.ink_saver:
        _saver_back(c, ink, ctx, box, ctx._("Yeti"),
                    lambda art: draw_yeti(c, art, ball=False, fills=fills_for(ctx)), "Yeti back")
        return
    _fill(c, box, NAVY, ctx)
    step = box.trim.width / 4
    for row in range(-1, 7):
        for col in range(-1, 5):
            x = box.trim.x + (col + (0.5 if row % 2 else 0)) * step
            draw_symbol(c, "snowflake", x, box.trim.y + row * step, step * 0.4,
                        tint(NAVY, 0.25))
    cx, cy = box.trim.centre
    r = box.trim.width * 0.36
    c.setFillColor(SKY)
    c.setStrokeColor(PAPER)
    c.setLineWidth(mm(0.8))
    c.circle(cx, cy + mm(4), r, stroke=1, fill=1)
    draw_yeti(c, Rect(cx - r, cy + mm(4) - r, 2 * r, 2 * r).inset(r * 0.12), ball=False)
    # TRANSLATORS: a term of the game: the kind of card, in a banner at the top of the Yeti
    # cards' back (one line, about 43 mm wide); alone on the ink-saver back.
    _banner(c, ink, ctx._("Yeti"), Rect(box.safe.x + mm(6), box.safe.top - mm(11),
                                        box.safe.width - mm(12), mm(9)), PAPER, NAVY,
            "Yeti back kind")
    _banner(c, ink, ctx.data["title"], Rect(box.safe.x, box.safe.y + mm(2), box.safe.width,
                                            mm(9)), PAPER, NAVY, "Yeti back title")


# --- snowboarder cards -------------------------------------------------------------------

def _snowboarder_front(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox,
                       team: Mapping[str, Any], value: int) -> None:
    """A small square card that stands on a course space: value, animal, team."""
    fill = team_colour(team)
    fills = fills_for(ctx)
    fills.flood(c, box.bleed, fill)
    panel = box.safe
    u = panel.width / 30  # every size in thirtieths of the panel, so any card size works
    c.setFillColor(SNOW)
    c.setStrokeColor(fills.line(fill) if fills.saver else INK)
    c.setLineWidth(u * 0.3)
    c.roundRect(panel.x, panel.y, panel.width, panel.height, u * 2, stroke=1, fill=1)
    number = ctx.localizer.number(value)
    corner = Rect(panel.x + u * 0.8, panel.top - u * 7.5, u * 6, u * 7)
    c.setFillColor(INK)
    for turn in (0, 180):  # the value reads from either end, like a playing card
        c.saveState()
        cx, cy = panel.centre
        c.translate(cx, cy)
        c.rotate(turn)
        c.translate(-cx, -cy)
        ink.line(number, corner, fonts.BOLD, 20, 8, where="snowboarder value")
        c.restoreState()
    for i in range(value):  # as many snowflakes as the value, along the top edge
        draw_symbol(c, "snowflake", panel.right - u * (2.5 + 3 * i), panel.top - u * 2.5,
                    u * 2.4, shade(fill, 0.2))
    label = ctx._(team["name"])
    name = Rect(panel.x + u * 0.8, panel.y + u * 0.8, panel.width - u * 7.6, u * 5)
    if not ink.fits_line(label, name.width - mm(2), fonts.BOLD):
        # a name too long for one line gets a banner that holds two, under a smaller animal
        name = Rect(name.x, name.y, name.width, ink.wrapped_height(2) + mm(2.2))
    lift = max(0.0, name.top + u * 1.7 - (panel.y + u * 7.5))
    art = Rect(panel.x + u * 7, panel.y + u * 7.5 + lift, panel.width - u * 14,
               panel.height - u * 13 - lift)
    draw_snowboarder(c, team, art)
    _banner(c, ink, label, name, fills.fill(fill, 0.6),
            fills.text(INK if fill.green > 0.6 else PAPER, fill),
            f"snowboarder {team['id']} name", size=8, min_size=4.5)


def _board(c: Canvas, art: Rect) -> None:
    """A snowboard seen from above, across ``art`` at an angle: the snowboarder back's motif."""
    u = min(art.width, art.height)
    c.saveState()
    c.translate(*art.centre)
    c.rotate(40)
    c.setFillColor(PAPER)
    c.setStrokeColor(NAVY)
    c.setLineWidth(u * 0.02)
    length, width = u * 1.05, u * 0.24
    c.roundRect(-length / 2, -width / 2, length, width, width / 2, stroke=1, fill=1)
    for x in (-length * 0.2, length * 0.2):
        c.roundRect(x - width * 0.2, -width * 0.32, width * 0.4, width * 0.64, width * 0.08,
                    stroke=1, fill=0)
    c.restoreState()


def _snowboarder_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    """The same for every team: a finished or knocked-off snowboarder lies face down."""
    if ctx.ink_saver:
        _saver_back(c, ink, ctx, box, ctx._("Snowboarder"), partial(_board, c), "snowboarder back")
        return
    _fill(c, box, START, ctx)
    trim = box.trim
    u = trim.width / 36
    c.setStrokeColor(tint(START, 0.35))
    c.setLineWidth(u * 0.9)
    for i in range(-3, 9):  # carved tracks down the slope
        x = trim.x + i * trim.width / 5
        path = c.beginPath()
        path.moveTo(x, box.bleed.top)
        path.curveTo(x + u * 10, trim.top - trim.height * 0.3, x - u * 10,
                     trim.y + trim.height * 0.4, x + u * 4, box.bleed.y)
        c.drawPath(path, stroke=1, fill=0)
    # TRANSLATORS: a term of the game: the kind of card, in a banner at the foot of the small
    # snowboarder cards' back; one line about 28 mm wide, 8 pt shrunk to fit.
    kind = ctx._("Snowboarder")
    banner = Rect(box.safe.x, box.safe.y + u * 0.5, box.safe.width, u * 6)
    if not ink.fits_line(kind, banner.width - mm(2), fonts.BOLD):
        # a word too long for one line gets a banner that holds two, under a higher board
        banner = Rect(banner.x, banner.y, banner.width, ink.wrapped_height(2) + mm(2.2))
    cx, cy = trim.centre
    c.saveState()
    c.translate(cx, cy + u * 2 + banner.height - u * 6)
    c.rotate(40)
    c.setFillColor(PAPER)
    c.setStrokeColor(NAVY)
    c.setLineWidth(u * 0.5)
    length, width = trim.width * 0.7, u * 8
    c.roundRect(-length / 2, -width / 2, length, width, width / 2, stroke=1, fill=1)
    c.setFillColor(SKY)
    for x in (-length * 0.2, length * 0.2):
        c.roundRect(x - u * 1.6, -width * 0.32, u * 3.2, width * 0.64, u * 0.6, stroke=0,
                    fill=1)
    c.restoreState()
    _banner(c, ink, kind, banner, PAPER, NAVY, "snowboarder back kind", size=8)


# --- snowball cards ----------------------------------------------------------------------

def _snowball_front(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    _ = ctx._
    fills = fills_for(ctx)
    _fill(c, box, ICE, ctx)
    safe = box.safe
    # TRANSLATORS: a term of the game: the card's name, in a banner atop the snowball card's
    # front and back (about 35 mm wide); one line, shrunk to fit.
    _banner(c, ink, _("Snowball"), Rect(safe.x, safe.top - mm(9), safe.width, mm(8.5)),
            fills.fill(NAVY), fills.text(PAPER, NAVY), "snowball name", size=13)
    cx = safe.centre[0]
    draw_snowball(c, cx, safe.top - mm(16.5), mm(6.5))
    for i, face in enumerate((2, 5)):
        x = cx - mm(12) + i * mm(16)
        shapes.die_face(c, x, safe.y + mm(25), mm(8), face, ink=INK)
    shapes.arrow(c, cx - mm(3), safe.y + mm(29), cx + mm(3), safe.y + mm(29), width=1.2,
                 head=mm(2), colour=INK)
    # TRANSLATORS: snowball card front, below two dice; centred, in about 35 × 24 mm,
    # shrunk to fit (7 pt at the least).
    ink.paragraph(_("After a Yeti’s throw, discard this card to roll the die again. "
                    "The best roll counts."), Rect(safe.x, safe.y, safe.width, mm(24)),
                  size=9, min_size=7, colour=INK, align="centre", valign="middle",
                  where="snowball text")


def _snowball_back(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
    if ctx.ink_saver:
        _saver_back(c, ink, ctx, box, ctx._("Snowball"),
                    lambda art: draw_snowball(c, *art.centre, min(art.width, art.height) * 0.3),
                    "snowball back")
        return
    _fill(c, box, SKY, ctx)
    step = box.trim.width / 3
    for row in range(-1, 6):
        for col in range(-1, 4):
            x = box.trim.x + (col + (0.5 if row % 2 else 0)) * step
            c.setFillColor(tint(SKY, 0.5))
            c.circle(x, box.trim.y + row * step, step * 0.24, stroke=0, fill=1)
    cx, cy = box.trim.centre
    draw_snowball(c, cx, cy + mm(3), box.trim.width * 0.3)
    _banner(c, ink, ctx._("Snowball"), Rect(box.safe.x + mm(4), box.safe.top - mm(11),
                                            box.safe.width - mm(8), mm(9)), PAPER, NAVY,
            "snowball back kind")
    _banner(c, ink, ctx.data["title"], Rect(box.safe.x, box.safe.y + mm(2), box.safe.width,
                                            mm(9)), PAPER, NAVY, "snowball back title")


#: The card fronts as the sheets draw them, for the rulebook's picture of the components.
yeti_front, snowboarder_front, snowball_front = _yeti_front, _snowboarder_front, _snowball_front


def render_cards(ctx: RenderContext) -> bytes:
    data = ctx.data
    yetis, boarders = yeti_cards(data), snowboarder_cards(data)
    snowballs = data["cards"]["snowballs"]
    size = card_size(data)
    grid = ctx.card_grid(size, None, "print.card_width_mm")
    buffer = BytesIO()
    c = new_canvas(buffer, grid.page_size, ctx.title, ctx._("Cards"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "cards", floor_pt=PLAY_PT)
    names = ctx.sheet_names(ink)
    boarder = CardSize(data["print"]["snowboarder_mm"], data["print"]["snowboarder_mm"])
    # Each kind with the name of its front design (copies of a Yeti, every snowball
    # alike) and of its back: a design is drawn once per document and placed again.
    kinds: list[tuple[int, Callable[[Canvas, int, CardBox], None], Card, CardSize, str,
                      Callable[[int], str | None], str]] = [
        (len(yetis), lambda cv, i, b: _yeti_front(cv, ink, ctx, b, *yetis[i]), _yeti_back,
         size, "print.card_width_mm", lambda i: f"yeti:{yetis[i][0]['id']}:{yetis[i][1]}",
         "yeti"),
        (snowballs, lambda cv, i, b: _snowball_front(cv, ink, ctx, b), _snowball_back, size,
         "print.card_width_mm", lambda i: "snowball", "snowball"),
        (len(boarders), lambda cv, i, b: _snowboarder_front(cv, ink, ctx, b, *boarders[i]),
         _snowboarder_back, boarder, "print.snowboarder_mm", lambda i: None, "snowboarder"),
    ]
    # Kinds of the same size share sheets, so no sheet is printed half empty
    # while another set of the same cards waits for its own.
    runs: dict[CardSize, tuple[str, list[tuple[Callable[..., None], Card, int,
                                               str | None, str]]]] = {}
    for count, front, back, card, key, front_design, back_design in kinds:
        run = runs.setdefault(card, (key, []))[1]
        run += [(front, back, i, front_design(i), back_design) for i in range(count)]
    for card, (key, run) in runs.items():
        grid = ctx.card_grid(card, len(run), key)
        draw_card_sheets(c, grid, len(run),
                         lambda cv, i, b, run=run: run[i][0](cv, run[i][2], b),
                         lambda cv, i, b, run=run: run[i][1](cv, ink, ctx, b), labels=names,
                         front_key=lambda i, run=run: run[i][3],
                         back_key=lambda i, run=run: run[i][4])
    c.save()
    return buffer.getvalue()
