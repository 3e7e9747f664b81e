"""Polar Derby's artwork, drawn by code: the kit palette, colour symbols and a bear on skates.

Every colour-coded element carries one of the symbols below as well as its
colour, so the kit works for colour-blind players and printed in greyscale:
each symbol has its own silhouette (lines, drop, split leaf, heart, rayed
disc, boot on a blade, star, fish), never just a different tint.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import NORMAL, Fills
from printkit.drawing.symbols import draw_symbol
from printkit.drawing.text import Ink
from printkit.geometry import Rect
from printkit.language import fonts

#: The kit palette: ice, the rink's boards and lines, paper and ink.
ICE = HexColor("#eaf4fb")
ICE_DEEP = HexColor("#c9e1f2")
BOARDS = HexColor("#1f4e79")
RINK_RED = HexColor("#c8323c")
INK = HexColor("#2b3440")
PAPER = HexColor("#ffffff")
SNOW = HexColor("#fbfdff")
GLUE = HexColor("#e4e8ee")
MUTED = HexColor("#7d8a99")


def fill_of(spec: Mapping[str, Any]) -> Color:
    """The fill colour of a colour (or of the Free Skate face) from the game data."""
    return HexColor(spec["fill"])


def ink_of(spec: Mapping[str, Any]) -> Color:
    """The colour that reads on that fill."""
    return HexColor(spec["ink"])


def is_pale(colour: Color) -> bool:
    """True for a fill too light to show as a line or a faint mark on ice or paper."""
    return 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue > 0.85



#: How pale a bear or a badge gets in ink-saver mode: still its colour, with far less ink.
BEAR_WASH = 0.72


def symbol_badge(c: Canvas, symbol: str, cx: float, cy: float, radius: float,
                 spec: Mapping[str, Any], outline: Color = INK, fills: Fills = NORMAL) -> None:
    """The symbol in the colour's ink on a disc of the colour's fill, outlined."""
    c.saveState()
    c.setFillColor(fills.fill(fill_of(spec), BEAR_WASH))
    c.setStrokeColor(fills.stroke(outline))
    c.setLineWidth(max(0.5, radius * 0.09))
    c.circle(cx, cy, radius, stroke=1, fill=1)
    c.restoreState()
    draw_symbol(c, symbol, cx, cy, radius * 1.45, fills.text(ink_of(spec), fill_of(spec)))


def _skate_under(c: Canvas, x: float, y: float, u: float, line: float) -> None:
    """A small skate (boot and blade) for one foot, its sole centred at (x, y)."""
    c.setFillColor(INK)
    c.roundRect(x - 0.1 * u, y - 0.075 * u, 0.22 * u, 0.02 * u, 0.008 * u, stroke=0, fill=1)
    c.rect(x - 0.055 * u, y - 0.06 * u, 0.02 * u, 0.06 * u, stroke=0, fill=1)
    c.rect(x + 0.055 * u, y - 0.06 * u, 0.02 * u, 0.06 * u, stroke=0, fill=1)
    c.setLineWidth(line)
    c.setLineCap(1)
    c.line(x + 0.12 * u, y - 0.065 * u, x + 0.135 * u, y - 0.04 * u)


#: A point of the bear's drawing, from its offsets in units of the drawing's side.
_At = Callable[[float, float], tuple[float, float]]


def draw_bear(canvas: Canvas, box: Rect, colour: Mapping[str, Any], value: str, *,
              ink: Ink, badges: bool = True, where: str = "bear",
              fills: Fills = NORMAL) -> None:
    """A friendly polar bear on skates, tinted in ``colour``, centred in ``box``.

    The bear's round belly shows ``value`` (already formatted for the locale);
    with ``badges`` the colour's symbol sits on a disc either side of its head.
    The drawing is square: it uses the largest square that fits ``box``.
    In ink-saver mode (``fills``) the fur is a pale wash of the colour.
    """
    c = canvas
    u = min(box.width, box.height)
    ox, oy = box.centre
    fill, line = fills.fill(fill_of(colour), BEAR_WASH), max(0.6, u * 0.018)

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + x * u, oy + y * u

    c.saveState()
    c.setStrokeColor(fills.stroke(INK))
    c.setLineWidth(line)
    c.setLineJoin(1)
    _draw_limbs_and_body(c, at, u, fill, line)
    _draw_head(c, at, u, fill)
    # The belly carries the value.
    belly = 0.15 * u
    bx, by = at(0, -0.12)
    c.setFillColor(SNOW)
    c.circle(bx, by, belly, stroke=1, fill=1)
    c.setFillColor(INK)
    side = belly * 1.45
    ink.line(value, Rect(bx - side / 2, by - side / 2, side, side), fonts.BOLD, u * 0.2, 5,
             where=f"{where} value")
    c.restoreState()
    if badges:
        for s in (-1, 1):
            symbol_badge(c, colour["symbol"], *at(s * 0.33, 0.31), 0.115 * u, colour,
                         fills=fills)


def _draw_limbs_and_body(c: Canvas, at: _At, u: float, fill: Color, line: float) -> None:
    """The legs on their skates, the arms and the body."""
    # Legs and skates first, so the body overlaps the tops of the legs.
    for side in (-1, 1):
        lx, ly = at(side * 0.12, -0.36)
        c.setFillColor(fill)
        c.roundRect(lx - 0.065 * u, ly, 0.13 * u, 0.16 * u, 0.05 * u, stroke=1, fill=1)
        _skate_under(c, lx - 0.01 * u, ly, u, line)
    # Arms, raised a little as if gliding.
    for side in (-1, 1):
        c.saveState()
        c.translate(*at(side * 0.25, -0.06))
        c.rotate(side * 35)
        c.setFillColor(fill)
        c.ellipse(-0.06 * u, -0.13 * u, 0.06 * u, 0.11 * u, stroke=1, fill=1)
        c.restoreState()
    c.setFillColor(fill)
    c.ellipse(*at(-0.25, -0.33), *at(0.25, 0.12), stroke=1, fill=1)


def _draw_head(c: Canvas, at: _At, u: float, fill: Color) -> None:
    """The ears, then the head over them: muzzle, nose, eyes and a smile."""
    for side in (-1, 1):
        ex, ey = at(side * 0.14, 0.37)
        c.setFillColor(fill)
        c.circle(ex, ey, 0.065 * u, stroke=1, fill=1)
        c.setFillColor(INK)
        c.circle(ex, ey, 0.028 * u, stroke=0, fill=1)
    c.setFillColor(fill)
    c.circle(*at(0, 0.22), 0.19 * u, stroke=1, fill=1)
    c.setFillColor(SNOW)
    c.ellipse(*at(-0.09, 0.09), *at(0.09, 0.21), stroke=1, fill=1)
    c.setFillColor(INK)
    c.ellipse(*at(-0.04, 0.16), *at(0.04, 0.2), stroke=0, fill=1)
    for side in (-1, 1):
        c.circle(*at(side * 0.075, 0.27), 0.024 * u, stroke=0, fill=1)
    smile = c.beginPath()
    smile.moveTo(*at(-0.035, 0.125))
    smile.curveTo(*at(-0.015, 0.105), *at(0.015, 0.105), *at(0.035, 0.125))
    c.setLineCap(1)
    c.drawPath(smile, stroke=1, fill=0)
