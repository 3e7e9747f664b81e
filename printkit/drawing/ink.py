"""Fills as printed: as designed, or in their ink-saver form (``printkit build --ink-saver``).

Every kit draws its coloured fields through one :class:`Fills`, so the
ink-saving variant is decided here, once: full-page and full-bleed floods
are left out, solid fields become a pale wash of their colour with an
outline in the colour, and text that was white on a solid field turns to a
dark version of that field's colour. In normal mode every method issues
exactly the drawing operations the kits used before, so normal output does
not change. Symbols, letters and numbers are never left out, so every
component stays recognisable in greyscale either way.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.geometry import Rect, mm

#: How far towards white a solid field moves in ink-saver mode.
WASH = 0.86
#: Outlines and text never lighter than this (relative luminance), so they read on paper.
DARKEST_LIGHT = 0.5
#: How much lighter artwork outlines get in ink-saver mode (text keeps its full ink).
SOFT_LINE = 0.35
#: The outline that replaces a solid field.
OUTLINE_MM = 0.5


def tint(colour: Color, amount: float) -> Color:
    """``colour`` mixed with white: 0 keeps it, 1 is white."""
    return Color(*(v + (1 - v) * amount for v in (colour.red, colour.green, colour.blue)))


def shade(colour: Color, amount: float) -> Color:
    """``colour`` mixed with black: 0 keeps it, 1 is black."""
    return Color(*(v * (1 - amount) for v in (colour.red, colour.green, colour.blue)))


def luminance(colour: Color) -> float:
    return 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue


def deep(colour: Color) -> Color:
    """``colour`` darkened until it reads as a line or as text on white paper."""
    out = colour
    while luminance(out) > DARKEST_LIGHT:
        out = shade(out, 0.15)
    return out


@dataclass(frozen=True)
class Fills:
    """How one document paints its coloured fields; ``saver`` is the ink-saver variant."""

    saver: bool = False

    def fill(self, colour: Color, wash: float = WASH) -> Color:
        """A field's fill: the colour, or a pale wash of it."""
        return tint(colour, wash) if self.saver else colour

    def line(self, colour: Color) -> Color:
        """The outline of a field filled with ``colour`` (in ink-saver mode, readable on white)."""
        return deep(colour) if self.saver else colour

    def stroke(self, colour: Color, lighten: float = SOFT_LINE) -> Color:
        """An artwork's outline colour: as drawn, or a softer grey of it in ink-saver mode."""
        return tint(colour, lighten) if self.saver else colour

    def text(self, colour: Color, field: Color) -> Color:
        """Text or a mark of ``colour`` drawn on a solid ``field``.

        In ink-saver mode the field is a pale wash, so light text on it turns
        into a dark version of the field's colour.
        """
        if self.saver and luminance(colour) > DARKEST_LIGHT:
            return deep(field)
        return colour

    def flood(self, c: Canvas, rect: Rect, colour: Color) -> None:
        """A full-page or full-bleed background: painted, or left out to save ink."""
        if self.saver:
            return
        c.setFillColor(colour)
        c.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)

    def band(self, c: Canvas, rect: Rect, colour: Color, radius: float = 0.0,
             outline: Rect | None = None) -> None:
        """A solid, unstroked band or panel; in ink-saver mode a pale wash, outlined.

        ``outline`` is where the outline goes if not ``rect`` (a band drawn
        into the bleed keeps its outline inside the card).
        """
        if not self.saver:
            c.setFillColor(colour)
            if radius:
                c.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=0, fill=1)
            else:
                c.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
            return
        edge = outline or rect
        c.saveState()
        c.setFillColor(self.fill(colour))
        if radius:
            c.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=0, fill=1)
        else:
            c.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
        c.setStrokeColor(self.line(colour))
        c.setLineWidth(mm(OUTLINE_MM))
        if radius:
            c.roundRect(edge.x, edge.y, edge.width, edge.height, radius, stroke=1, fill=0)
        else:
            c.rect(edge.x, edge.y, edge.width, edge.height, stroke=1, fill=0)
        c.restoreState()

    def frame(self, c: Canvas, rect: Rect, colour: Color, radius: float = mm(2.5),
              width: float = mm(OUTLINE_MM)) -> None:
        """A thin outline: what an ink-saver card back or token shows instead of a solid field.

        Drawn in ink-saver mode only; normal output is unchanged.
        """
        if not self.saver:
            return
        c.saveState()
        c.setStrokeColor(self.line(colour))
        c.setLineWidth(width)
        c.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=1, fill=0)
        c.restoreState()


def fills_for(ctx: object) -> Fills:
    """The :class:`Fills` for a document's :class:`~printkit.model.game.RenderContext`."""
    return Fills(bool(getattr(ctx, "ink_saver", False)))


#: Fills as designed: the default for drawing helpers called without a document's fills.
NORMAL = Fills()
