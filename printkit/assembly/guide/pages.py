"""The guide's drawn parts: the rulers (a flow figure) and the calibration pages.

Everything is drawn from :mod:`printkit.assembly.guide.geometry`, and every string goes
through :class:`~printkit.drawing.text.Ink` (glyph and fit checks). Strings drawn
here are msgids with named placeholders, always %-formatted, like the
template's, so ``%%`` means a percent sign everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from printkit.assembly.guide.geometry import (
    CORNER_RINGS_MM,
    EDGE_ARROW_TIP_MM,
    IMPERIAL_INCHES,
    LABEL_GAP_MM,
    METRIC_MM,
    SCALE_GAP_MM,
    Ruler,
    Scale,
    Segment,
    back_scales,
    corner_cross,
    corners,
    crosshair,
    edge_arrows,
    rulers,
)
from printkit.drawing.figure import Figure
from printkit.drawing.paragraph import Paragraph
from printkit.drawing.shapes import arrow
from printkit.drawing.text import Ink, markup_escape
from printkit.geometry import Rect, mm
from printkit.language import fonts
from printkit.language.translations import MINUS, Localizer

INK = colors.HexColor("#1f2430")
ACCENT = colors.HexColor("#9b1c1c")
MUTED = colors.HexColor("#6b7280")
#: The rulers and calibration marks are pure black: a printer renders them crisply.
RULE = colors.black
HAIRLINE_PT = 0.3
#: Height of the rulers figure, and where the metric bar sits in it.
RULERS_HEIGHT_MM = 27.0
RULERS_LEFT_MM = 6.0
METRIC_BAR_Y_MM = 17.0
#: Page margins of the drawn pages: the same as the flow pages'.
MARGIN_MM = 18.0
FOOTER_Y_MM = 10.0


@dataclass(frozen=True)
class Words:
    """Translation for drawn pages: ``_(msgid, **values)`` (always %-formatted) and numbers."""

    localizer: Localizer

    def _(self, msgid: str, **values: object) -> str:
        return self.localizer.gettext(msgid) % values

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        return self.localizer.ngettext(singular, plural, n) % values

    def number(self, value: float) -> str:
        return self.localizer.number(value)

    def signed(self, value: int) -> str:
        """+1, 0, −1: a scale reading, with a true minus sign."""
        if value > 0:
            return "+" + self.localizer.number(value)
        return (MINUS if value < 0 else "") + self.localizer.number(abs(value))


def _line(c: Canvas, s: Segment, width: float = HAIRLINE_PT) -> None:
    c.setLineWidth(width)
    c.line(s.x1, s.y1, s.x2, s.y2)


# -- the rulers ------------------------------------------------------------------------

def _draw_ruler(c: Canvas, ink: Ink, words: Words, ruler: Ruler) -> None:
    c.setFillColor(RULE)
    c.rect(ruler.bar.x, ruler.bar.y, ruler.bar.width, ruler.bar.height, stroke=0, fill=1)
    for tick in ruler.ticks:
        c.rect(tick.x, tick.y, tick.width, tick.height, stroke=0, fill=1)
    c.setFillColor(INK)
    for label in ruler.labels:
        box = Rect(label.x - mm(5), label.y, mm(10), mm(3))
        ink.line(words.number(label.value), box, fonts.REGULAR, 7, 6, where="ruler number",
                 valign="bottom")
    unit = (
        # TRANSLATORS: the guide's print-scale check: beside the metric ruler, bold, one line
        # about 30 mm wide; %(num)s is the ruler's length in millimetres (50).
        words._("%(num)s mm", num=words.number(METRIC_MM)) if ruler.unit == "mm" else
        # TRANSLATORS: the guide's print-scale check: beside the inch ruler, bold, one line about
        # 30 mm wide; %(num)s is the ruler's length in inches (2), which picks the form.
        words.ngettext("%(num)s inch", "%(num)s inches", IMPERIAL_INCHES,
                       num=words.number(IMPERIAL_INCHES)))
    box = Rect(ruler.bar.right + mm(4), ruler.bar.y - mm(0.6), mm(30), mm(4))
    ink.line(unit, box, fonts.BOLD, 8, 6, align="left", where="ruler length")


def rulers_figure(width: float, locale: str, words: Words) -> Figure:
    """The 50 mm and 2-inch rulers, to exact scale, as a flow figure."""

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "guide")
        for ruler in rulers(box.x + mm(RULERS_LEFT_MM), box.y + mm(METRIC_BAR_Y_MM)):
            _draw_ruler(c, ink, words, ruler)

    return Figure(width, mm(RULERS_HEIGHT_MM), draw)


# -- double-sided by hand --------------------------------------------------------------

#: The manual duplex figure: its height, and a pictured sheet's size (portrait, as A4).
MANUAL_HEIGHT_MM = 72.0
SHEET_W_MM, SHEET_H_MM = 15.0, 21.2
PRINTED = colors.HexColor("#f2dfcc")


def _sheet(c: Canvas, x: float, y: float, printed: bool, top_up: bool | None,
           scale: float = 1.0) -> Rect:
    """A pictured sheet, its bottom-left corner at (x, y): printed (tinted, with lines of
    text) or blank; ``top_up`` puts an arrow at its top edge pointing up (True) or at its
    bottom edge pointing down (False: a sheet turned end over end)."""
    w, h = mm(SHEET_W_MM) * scale, mm(SHEET_H_MM) * scale
    c.setLineWidth(0.8)
    c.setStrokeColor(INK)
    c.setFillColor(PRINTED if printed else colors.white)
    c.rect(x, y, w, h, stroke=1, fill=1)
    if printed:
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.6)
        for i in range(5):
            line_y = y + h - mm(5) * scale - i * mm(2.6) * scale
            c.line(x + mm(2.5) * scale, line_y, x + w - mm(2.5 + (i % 2) * 3) * scale, line_y)
    if top_up is not None:
        # the arrow at the sheet's top edge: it marks that edge whichever side is up
        mid = x + w / 2
        if top_up:
            arrow(c, mid, y + h - mm(7) * scale, mid, y + h + mm(3) * scale, width=1.1,
                  head=mm(2), colour=ACCENT)
        else:
            arrow(c, mid, y + mm(7) * scale, mid, y - mm(3) * scale, width=1.1,
                  head=mm(2), colour=ACCENT)
    return Rect(x, y, w, h)


def _turn_arrow(c: Canvas, x1: float, x2: float, y: float) -> None:
    """A curved arrow from x1 to x2 arching over y: a sheet turned over about its long
    (vertical) edge."""
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.1)
    path = c.beginPath()
    path.moveTo(x1, y)
    rise = mm(7)
    path.curveTo(x1 + (x2 - x1) * 0.2, y + rise, x1 + (x2 - x1) * 0.8, y + rise, x2, y)
    c.drawPath(path, stroke=1, fill=0)
    arrow(c, x2 - mm(0.6), y + mm(1.6), x2, y, width=1.1, head=mm(2.2), colour=ACCENT)


def _axis(c: Canvas, x: float, y1: float, y2: float) -> None:
    """The edge a sheet turns about: a dash-dotted line."""
    c.saveState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.setDash([4, 2, 1, 2])
    c.line(x, y1, x, y2)
    c.restoreState()


def _cross(c: Canvas, x: float, y: float, size: float) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.6)
    c.line(x - size, y - size, x + size, y + size)
    c.line(x - size, y + size, x + size, y - size)


def _step_texts(words: Words) -> list[str]:
    """The words under the four pictures of double-sided printing by hand."""
    return [
        # TRANSLATORS: the guide, "Double-sided by hand": under the first of four pictures
        # (a printed sheet, an arrow at its top edge); about 40 mm wide, up to 4 lines.
        words._("Print the odd pages: the fronts."),
        # TRANSLATORS: the guide, "Double-sided by hand": under the second picture (a sheet
        # turned over about its long edge); about 40 mm wide, up to 5 lines.
        words._("Turn the stack over along its long edge, like the page of a book: the top "
                "edge stays at the top."),
        # TRANSLATORS: the guide, "Double-sided by hand": under the third picture, crossed
        # out (a sheet turned end over end, its top-edge arrow now at the bottom); about 40
        # mm wide, up to 5 lines.
        words._("Not end over end: the top edge would end up at the bottom."),
        # TRANSLATORS: the guide, "Double-sided by hand": under the fourth picture (the
        # stack back in the paper tray); about 40 mm wide, up to 5 lines.
        words._("Put it back, the top edge in first as before, and print the even pages: "
                "the backs."),
    ]


def _trays(c: Canvas, ink: Ink, words: Words, box: Rect, sheet_y: float,
           caption_h: float) -> None:
    """The fourth picture: the stack back in the tray, the blank side where the printer
    prints: face up in a tray that prints the side facing up, face down (the fronts up) in
    one that prints the side facing down."""
    panel = box.width / 4
    sw = mm(SHEET_W_MM)
    small = 0.72
    sub = panel / 2
    labels = (
        # TRANSLATORS: the guide, "Double-sided by hand": under a small picture of a paper
        # tray holding the stack blank side up; about 20 mm wide, 2 or 3 lines.
        (False, words._("tray prints the side facing up")),
        # TRANSLATORS: the guide, "Double-sided by hand": under a small picture of a paper
        # tray holding the stack printed side up; about 20 mm wide, 2 or 3 lines.
        (True, words._("tray prints the side facing down")),
    )
    for j, (printed, label) in enumerate(labels):
        centre = box.x + 3 * panel + sub * j + sub / 2
        x = centre - sw * small / 2
        y = sheet_y + mm(3)
        c.setStrokeColor(INK)
        c.setLineWidth(1.0)
        lip = mm(1.5)
        path = c.beginPath()
        path.moveTo(x - lip, y + mm(4))
        path.lineTo(x - lip, y - lip)
        path.lineTo(x + sw * small + lip, y - lip)
        path.lineTo(x + sw * small + lip, y + mm(4))
        c.drawPath(path, stroke=1, fill=0)
        _sheet(c, x, y, printed, True, small)
        ink.paragraph(label, Rect(centre - sub / 2 + mm(0.25), box.y + caption_h - mm(0.5),
                                  sub - mm(0.5), mm(13)),
                      size=7, min_size=6, colour=MUTED, align="centre",
                      where="manual duplex tray")


def manual_duplex_figure(width: float, locale: str, words: Words) -> Figure:
    """Double-sided printing by hand, in four pictures: the fronts printed; the stack turned
    over along its long edge, the top edge staying at the top; not end over end; back into
    the tray, which side up by how the printer takes paper."""

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "guide")
        panel = box.width / 4
        caption_h = mm(24)
        sheet_y = box.y + caption_h + mm(12)
        sw = mm(SHEET_W_MM)
        for i, text in enumerate(_step_texts(words)):
            left = box.x + i * panel
            c.setFillColor(INK)
            ink.paragraph(text, Rect(left + mm(1.5), box.y, panel - mm(3), caption_h),
                          size=8.5, min_size=6, colour=INK, align="centre", where="manual duplex")
        # 1: the fronts, printed
        _sheet(c, box.x + panel / 2 - sw / 2, sheet_y, True, True)
        # 2: turned over about the long edge: the blank side up, the top edge still up
        a = box.x + panel + panel / 2 - sw - mm(4)
        _sheet(c, a, sheet_y, True, True)
        b = a + sw + mm(8)
        _axis(c, a + sw + mm(4), sheet_y - mm(2), sheet_y + mm(SHEET_H_MM) + mm(2))
        _sheet(c, b, sheet_y, False, True)
        _turn_arrow(c, a + sw * 0.7, b + sw * 0.3, sheet_y + mm(SHEET_H_MM) * 0.35)
        # 3: end over end: the top edge at the bottom, crossed out
        third = box.x + 2 * panel + panel / 2 - sw / 2
        _sheet(c, third, sheet_y, False, False)
        _cross(c, third + sw / 2, sheet_y + mm(SHEET_H_MM) * 0.62, mm(4))
        # 4: into the tray
        _trays(c, ink, words, box, sheet_y, caption_h)

    return Figure(width, mm(MANUAL_HEIGHT_MM), draw)


# -- the calibration pages -------------------------------------------------------------

@dataclass(frozen=True)
class PageInfo:
    """What every drawn page needs: its size, the footer and the page number."""

    size: tuple[float, float]
    footer: str
    number: int


def footer(c: Canvas, ink: Ink, page: PageInfo) -> None:
    """The same footer as the flow pages: the guide's title and the page number."""
    w = page.size[0]
    c.setFillColor(colors.grey)
    ink.line(page.footer, Rect(mm(MARGIN_MM), mm(FOOTER_Y_MM) - 2, w / 2 - mm(MARGIN_MM + 8),
                               mm(4)), fonts.REGULAR, 8, 6, align="left", valign="bottom",
             where="footer")
    ink.line(str(page.number), Rect(w - mm(MARGIN_MM) - mm(20), mm(FOOTER_Y_MM) - 2, mm(20),
                                    mm(4)), fonts.REGULAR, 8, 6, align="right",
             valign="bottom", where="page number")


#: The calibration pages' top band (the top-edge arrow and its words) ends this far below
#: the paper's top edge; the title and the instructions start below it.
BAND_MM = 24.0


def _quadrant(page: PageInfo) -> Rect:
    """The top-left quarter inside the margins, below the top band and clear of the centre
    lines."""
    w, h = page.size
    return Rect(mm(MARGIN_MM), h / 2 + mm(14), w / 2 - mm(MARGIN_MM + 14),
                h / 2 - mm(14 + BAND_MM + 2))


def _edge_mark(c: Canvas, ink: Ink, page: PageInfo, arrow_line: Segment, text: str,
               side: int, where: str) -> None:
    """A top-edge arrow and its words beside it: right of it (``side`` +1) or left (-1)."""
    arrow(c, arrow_line.x1, arrow_line.y1, arrow_line.x2, arrow_line.y2, width=1.2,
          head=mm(2.5), colour=ACCENT)
    w, h = page.size
    gap = mm(3)
    top = h - mm(EDGE_ARROW_TIP_MM)
    height = top - (h - mm(BAND_MM))
    if side > 0:
        box = Rect(arrow_line.x1 + gap, h - mm(BAND_MM), w - mm(MARGIN_MM) - arrow_line.x1 - gap,
                   height)
    else:
        box = Rect(mm(MARGIN_MM), h - mm(BAND_MM), arrow_line.x1 - gap - mm(MARGIN_MM), height)
    ink.paragraph(text, box, size=10, min_size=7, colour=INK, align="left" if side > 0 else
                  "right", where=where)


def _titled(c: Canvas, ink: Ink, page: PageInfo, title: str, where: str,
            below_centre_mm: float = -14.0) -> Rect:
    """Set a calibration page's big title in its quadrant; returns the room left below it,
    down to ``below_centre_mm`` below the page's centre line (above it, if negative)."""
    area = _quadrant(page)
    c.setFillColor(ACCENT)
    ink.line(title, Rect(area.x, area.top - mm(14), area.width, mm(14)), fonts.BOLD, 30, 12,
             align="left", valign="top", where=where)
    bottom = page.size[1] / 2 - mm(below_centre_mm)
    return Rect(area.x, bottom, area.width, area.top - mm(20) - bottom)


def draw_front(c: Canvas, locale: str, words: Words, page: PageInfo) -> None:
    """The calibration front: a thin crosshair through the exact page centre, a cross in
    each corner and an arrow at the top edge."""
    ink = Ink(c, locale, "guide")
    c.setStrokeColor(RULE)
    for segment in crosshair(page.size):
        _line(c, segment)
    for centre in corners(page.size):
        for segment in corner_cross(centre):
            _line(c, segment)
    front_arrow, _ = edge_arrows(page.size)
    # TRANSLATORS: the duplex calibration sheet, front page: beside an arrow pointing at the top
    # edge of the paper, in a box about 70 × 13 mm; keep the <b>…</b> around the first word,
    # and FRONT in capitals if your script has them.
    _edge_mark(c, ink, page, front_arrow, words._("<b>FRONT</b>: this is the top edge."), +1,
               "calibration front edge")
    # TRANSLATORS: the guide: big title of the duplex calibration page printed on the front of the
    # sheet; one line about 75 mm wide, shrunk to fit.
    _column(ink, _titled(c, ink, page, words._("Front"), "calibration front title"), [
        # TRANSLATORS: the duplex calibration sheet, front page: instructions in a column about
        # 75 × 85 mm; "100 %%" prints as "100 %". The next page is the calibration back.
        words._("Print this page and the next one on the two sides of one sheet of the card "
                "you print the card sheets on: double-sided, flip on long edge, at 100 %% "
                "(actual size). Printing by hand: print this page, turn the sheet over along "
                "its long edge, put it back and print the next page."),
        # TRANSLATORS: the duplex calibration sheet, front page: the second paragraph.
        words._("Then turn the sheet over like the page of a book and follow the instructions "
                "on the back."),
    ], "calibration front text")
    footer(c, ink, page)


class Command(str):
    """A command line in a column of text: one line, bold, never translated."""


def _column(ink: Ink, box: Rect, items: list[str], where: str, size: float = 10) -> None:
    """Paragraphs (and command lines) one below the other from the top of ``box``, all at
    one size: the largest, from ``size`` down to 6 pt, at which they all fit."""
    gap = mm(2.5)

    def height(item: str, at: float) -> float:
        if isinstance(item, Command):
            return mm(6) + gap
        style = ParagraphStyle("measure", fontName=fonts.REGULAR, fontSize=at, leading=at * 1.2)
        _, tall = Paragraph(markup_escape(item), style, script=ink.script).wrap(box.width,
                                                                                  box.height)
        return tall + gap

    at = size
    while at > 6 and sum(height(item, at) for item in items) - gap > box.height:
        at -= 0.5
    top = box.top
    for item in items:
        if isinstance(item, Command):
            ink.canvas.setFillColor(ACCENT)
            line = Rect(box.x, top - mm(6), box.width, mm(6))
            ink.line(str(item), line, fonts.BOLD, at, 6, align="left", where=where)
            top -= mm(6) + gap
            continue
        room = Rect(box.x, box.y, box.width, max(top - box.y, 1.0))
        used = ink.paragraph(item, room, size=at, min_size=min(at, 7), colour=INK, where=where)
        top -= height(item, used)


def _tick_label(c: Canvas, ink: Ink, scale: Scale, value: int, side: int, text: str) -> None:
    # 2.3 mm across: a 6 pt number (the legibility floor) fits; labels on one side are
    # 2 mm apart, so neighbouring boxes overlap a little but their digits do not.
    gap, length, thick = mm(LABEL_GAP_MM), mm(5), mm(2.3)
    pos = scale.position(value)
    if scale.axis == "x":
        # Rotated a quarter turn, reading upwards, so labels 1 mm apart do not collide.
        base = scale.baseline.y1 + side * gap
        c.saveState()
        c.translate(pos, base)
        c.rotate(90)
        box = Rect(0, -thick / 2, length, thick) if side > 0 else Rect(-length, -thick / 2,
                                                                        length, thick)
        ink.line(text, box, fonts.REGULAR, 6.5, 6, align="left" if side > 0 else "right",
                 where="calibration scale")
        c.restoreState()
    else:
        base = scale.baseline.x1 + side * gap
        box = Rect(base, pos - thick / 2, length, thick) if side > 0 else Rect(
            base - length, pos - thick / 2, length, thick)
        ink.line(text, box, fonts.REGULAR, 6.5, 6, align="left" if side > 0 else "right",
                 where="calibration scale")


def _draw_scale(c: Canvas, ink: Ink, words: Words, scale: Scale) -> None:
    c.setStrokeColor(RULE)
    _line(c, scale.baseline, 0.35)
    for tick in scale.ticks:
        _line(c, tick.line, 0.4 if tick.value_mm == 0 else 0.25)
    c.setFillColor(RULE)
    for tick in scale.ticks:
        if tick.labelled:
            value = int(tick.value_mm)
            _tick_label(c, ink, scale, value, tick.side, words.signed(value))
    # The scale's name, beyond its negative end.
    c.setFillColor(ACCENT)
    if scale.axis == "x":
        box = Rect(scale.baseline.x1 - mm(9), scale.baseline.y1 - mm(2.5), mm(6), mm(5))
    else:
        box = Rect(scale.baseline.x1 - mm(3), scale.baseline.y1 - mm(8), mm(6), mm(5))
    ink.line(scale.axis.upper(), box, fonts.BOLD, 12, 8, where="calibration scale name")


def draw_back(c: Canvas, locale: str, words: Words, page: PageInfo,
              offset_mm: tuple[float, float], option: Callable[[float, float], str]) -> None:
    """The calibration back: the X and Y scales and the instructions, all of it moved by
    the duplex offset like every back page (so a corrected printer reads 0, 0)."""
    ink = Ink(c, locale, "guide")
    c.saveState()
    c.translate(mm(offset_mm[0]), mm(offset_mm[1]))
    for scale in back_scales(page.size):
        _draw_scale(c, ink, words, scale)
    c.setStrokeColor(RULE)
    for x, y in corners(page.size):
        for radius in CORNER_RINGS_MM:
            c.setLineWidth(HAIRLINE_PT)
            c.circle(x, y, mm(radius), stroke=1, fill=0)
    _, back_arrow = edge_arrows(page.size)
    # TRANSLATORS: the duplex calibration sheet, back page: beside an arrow pointing at the top
    # edge of the paper, in a box about 70 × 13 mm; keep the <b>…</b> around the first word, and
    # BACK and FRONT in capitals if your script has them.
    _edge_mark(c, ink, page, back_arrow, words._(
        "<b>BACK</b>: this edge belongs behind the FRONT’s top edge, this arrow behind its "
        "arrow."), -1, "calibration back edge")
    # TRANSLATORS: the guide: big title of the duplex calibration page printed on the back of the
    # sheet; one line about 75 mm wide, shrunk to fit.
    # (the back's column runs on below the centre, down to above the X scale)
    _column(ink, _titled(c, ink, page, words._("Back"), "calibration back title",
                         SCALE_GAP_MM - 8), [
        # TRANSLATORS: the duplex calibration sheet, back page: the first instructions, on
        # which way the sheet was turned between its two sides.
        words._("Turned over like the page of a book, this side reads the same way up as the "
                "FRONT. Upside down? The sheet was turned end over end: choose “flip on long "
                "edge”, or, printing by hand, turn the stack the other way."),
        # TRANSLATORS: the guide, calibration back: the first instructions; keep X and Y, the
        # letters on the scales.
        words._("Hold this sheet against a window, this side facing you. Read X where the "
                "front’s vertical line crosses the X scale, Y where its horizontal line "
                "crosses the Y scale."),
        # TRANSLATORS: the guide, calibration back: instructions above the command line
        # "printkit build --duplex-offset X,Y"; "image shift" stands for the name of that setting
        # in printer drivers: use the name your language's drivers use.
        words._("Enter X (right) and Y (up) in your printer driver’s back-side shift (“image "
                "shift”), or build the kit again with:"),
        Command("printkit build --duplex-offset X,Y"),
        # TRANSLATORS: the guide, calibration back, at the end; %(option)s is the option this kit
        # was built with, as typed ("--duplex-offset 0,0").
        words._("This page is already moved by this kit’s offset (%(option)s). Printed after a "
                "correction it reads 0; any reading left adds to your offset.",
                option=option(*offset_mm)),
    ], "calibration back text")
    footer(c, ink, page)
    c.restoreState()
