"""Polar Derby's artwork, drawn by code: the kit palette, colour symbols and a bear on skates.

Every colour-coded element carries one of the symbols below as well as its
colour, so the kit works for colour-blind players and printed in greyscale:
each symbol has its own silhouette (lines, drop, split leaf, heart, rayed
disc, boot on a blade, star, fish), never just a different tint.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from printkit.layout.geometry import Rect
from printkit.render import fonts, shapes
from printkit.render.text import Ink

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


def tint(colour: Color, amount: float) -> Color:
    """``colour`` mixed with white: 0 keeps it, 1 is white (no transparency in the PDF)."""
    return Color(*(v + (1 - v) * amount for v in (colour.red, colour.green, colour.blue)))


def _polygon(c: Canvas, points: list[tuple[float, float]]) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _snowflake(c: Canvas, r: float) -> None:
    c.setLineWidth(r * 0.15)
    c.setLineCap(1)
    for i in range(6):
        a = math.radians(90 + 60 * i)
        ux, uy = math.cos(a), math.sin(a)
        c.line(0, 0, ux * r * 0.92, uy * r * 0.92)
        bx, by = ux * r * 0.55, uy * r * 0.55
        for side in (-1, 1):
            b = a + side * math.radians(45)
            c.line(bx, by, bx + math.cos(b) * r * 0.32, by + math.sin(b) * r * 0.32)


def _drop(c: Canvas, r: float) -> None:
    # A round bottom with straight sides tangent to it, meeting at the tip.
    cy, rho, tip = -0.34 * r, 0.6 * r, 0.95 * r
    beta = math.degrees(math.acos(rho / (tip - cy)))
    path = c.beginPath()
    path.moveTo(0, tip)
    path.arcTo(-rho, cy - rho, rho, cy + rho, 90 + beta, 360 - 2 * beta)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _leaf(c: Canvas, r: float) -> None:
    c.rotate(-40)
    tip, width = 0.8 * r, 0.58 * r
    path = c.beginPath()
    path.moveTo(0, -tip)
    path.curveTo(width * 1.25, -tip * 0.45, width * 1.05, tip * 0.55, 0, tip)
    path.curveTo(-width * 1.05, tip * 0.55, -width * 1.25, -tip * 0.45, 0, -tip)
    path.close()
    # The midrib is a hole (even-odd fill), so the leaf reads in one colour.
    rib = 0.06 * r
    path.moveTo(-rib, -tip * 0.7)
    path.lineTo(rib, -tip * 0.7)
    path.lineTo(rib * 0.3, tip * 0.75)
    path.lineTo(-rib * 0.3, tip * 0.75)
    path.close()
    c.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    c.setLineWidth(0.12 * r)
    c.setLineCap(1)
    c.line(0, -tip, 0, -tip - 0.22 * r)


def _heart(c: Canvas, r: float) -> None:
    s = 0.95 * r
    pts = [(-0.5, -0.45, -1.0, -0.1, -1.0, 0.33), (-1.0, 0.72, -0.72, 0.95, -0.46, 0.95),
           (-0.2, 0.95, 0.0, 0.78, 0.0, 0.58), (0.0, 0.78, 0.2, 0.95, 0.46, 0.95),
           (0.72, 0.95, 1.0, 0.72, 1.0, 0.33), (1.0, -0.1, 0.5, -0.45, 0.0, -0.92)]
    path = c.beginPath()
    path.moveTo(0, -0.92 * s)
    for p in pts:
        path.curveTo(*(v * s for v in p))
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _sun(c: Canvas, r: float) -> None:
    c.circle(0, 0, 0.46 * r, stroke=0, fill=1)
    for i in range(8):
        a = math.radians(22.5 + 45 * i)
        half = math.radians(13)
        inner = 0.58 * r
        _polygon(c, [(math.cos(a - half) * inner, math.sin(a - half) * inner),
                     (math.cos(a) * r, math.sin(a) * r),
                     (math.cos(a + half) * inner, math.sin(a + half) * inner)])


def _skate(c: Canvas, r: float) -> None:
    # A boot seen from the side, toe to the right, on a blade with a curled front.
    boot = c.beginPath()
    boot.moveTo(-0.62 * r, -0.28 * r)
    boot.lineTo(0.72 * r, -0.28 * r)
    boot.curveTo(0.84 * r, -0.28 * r, 0.86 * r, 0.02 * r, 0.62 * r, 0.08 * r)
    boot.lineTo(0.12 * r, 0.22 * r)
    boot.lineTo(0.05 * r, 0.86 * r)
    boot.lineTo(-0.62 * r, 0.86 * r)
    boot.close()
    c.drawPath(boot, stroke=0, fill=1)
    for x in (-0.42 * r, 0.48 * r):
        c.rect(x - 0.08 * r, -0.58 * r, 0.16 * r, 0.32 * r, stroke=0, fill=1)
    blade = c.beginPath()
    blade.moveTo(-0.78 * r, -0.72 * r)
    blade.lineTo(0.7 * r, -0.72 * r)
    blade.curveTo(0.98 * r, -0.72 * r, 1.0 * r, -0.42 * r, 0.82 * r, -0.42 * r)
    blade.lineTo(0.82 * r, -0.55 * r)
    blade.lineTo(-0.78 * r, -0.55 * r)
    blade.close()
    c.drawPath(blade, stroke=0, fill=1)


def _star(c: Canvas, r: float, colour: Color) -> None:
    shapes.star(c, 0, -0.06 * r, r, fill=colour)


def _fish(c: Canvas, r: float) -> None:
    body = c.beginPath()
    body.moveTo(0.95 * r, 0)
    body.curveTo(0.6 * r, 0.6 * r, -0.3 * r, 0.6 * r, -0.55 * r, 0)
    body.curveTo(-0.3 * r, -0.6 * r, 0.6 * r, -0.6 * r, 0.95 * r, 0)
    body.close()
    body.circle(0.48 * r, 0.1 * r, 0.1 * r)  # the eye, a hole
    c.drawPath(body, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    _polygon(c, [(-0.4 * r, 0), (-0.95 * r, 0.42 * r), (-0.82 * r, 0), (-0.95 * r, -0.42 * r)])


_PLAIN: dict[str, Callable[[Canvas, float], None]] = {
    "snowflake": _snowflake, "drop": _drop, "leaf": _leaf, "heart": _heart, "sun": _sun,
    "skate": _skate, "fish": _fish,
}


def draw_symbol(canvas: Canvas, symbol: str, cx: float, cy: float, size: float,
                colour: Color) -> None:
    """Draw ``symbol`` filling a ``size`` × ``size`` square centred on (cx, cy)."""
    if symbol != "star" and symbol not in _PLAIN:
        raise ValueError(f"unknown symbol {symbol!r}")
    c = canvas
    c.saveState()
    c.translate(cx, cy)
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    r = size / 2
    if symbol == "star":
        _star(c, r, colour)
    else:
        _PLAIN[symbol](c, r)
    c.restoreState()


def symbol_badge(c: Canvas, symbol: str, cx: float, cy: float, radius: float,
                 spec: Mapping[str, Any], outline: Color = INK) -> None:
    """The symbol in the colour's ink on a disc of the colour's fill, outlined."""
    c.saveState()
    c.setFillColor(fill_of(spec))
    c.setStrokeColor(outline)
    c.setLineWidth(max(0.5, radius * 0.09))
    c.circle(cx, cy, radius, stroke=1, fill=1)
    c.restoreState()
    draw_symbol(c, symbol, cx, cy, radius * 1.45, ink_of(spec))


def _skate_under(c: Canvas, x: float, y: float, u: float, line: float) -> None:
    """A small skate (boot and blade) for one foot, its sole centred at (x, y)."""
    c.setFillColor(INK)
    c.roundRect(x - 0.1 * u, y - 0.075 * u, 0.22 * u, 0.02 * u, 0.008 * u, stroke=0, fill=1)
    c.rect(x - 0.055 * u, y - 0.06 * u, 0.02 * u, 0.06 * u, stroke=0, fill=1)
    c.rect(x + 0.055 * u, y - 0.06 * u, 0.02 * u, 0.06 * u, stroke=0, fill=1)
    c.setLineWidth(line)
    c.setLineCap(1)
    c.line(x + 0.12 * u, y - 0.065 * u, x + 0.135 * u, y - 0.04 * u)


def draw_bear(canvas: Canvas, box: Rect, colour: Mapping[str, Any], value: str, *,
              ink: Ink, badges: bool = True, where: str = "bear") -> None:
    """A friendly polar bear on skates, tinted in ``colour``, centred in ``box``.

    The bear's round belly shows ``value`` (already formatted for the locale);
    with ``badges`` the colour's symbol sits on a disc either side of its head.
    The drawing is square: it uses the largest square that fits ``box``.
    """
    c = canvas
    u = min(box.width, box.height)
    ox, oy = box.centre
    fill, line = fill_of(colour), max(0.6, u * 0.018)

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + x * u, oy + y * u

    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(line)
    c.setLineJoin(1)
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
    # Ears, then the head over them.
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
            symbol_badge(c, colour["symbol"], *at(s * 0.33, 0.31), 0.115 * u, colour)
