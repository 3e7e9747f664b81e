"""Symbols that tell colour-coded things apart without colour.

Each symbol has its own silhouette (rayed lines, drop, split leaf, heart,
rayed disc, boot on a blade, star, fish), never just a different tint, so a
kit works for colour-blind players and printed in greyscale. Every kit draws
its symbols from here, so a snowflake is the same snowflake everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from printkit.drawing import shapes

SYMBOLS = ("snowflake", "drop", "leaf", "heart", "sun", "skate", "star", "fish")


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


def fish(c: Canvas, r: float, eye: float = 0.48) -> None:
    """A fish facing right, ``r`` from its centre (at the origin) to its nose, in the fill
    colour: its eye a hole ``eye`` × ``r`` right of the centre (0.5 on Pick-a-Polar Bear's
    tin of fish), its tail a notched triangle."""
    body = c.beginPath()
    body.moveTo(0.95 * r, 0)
    body.curveTo(0.6 * r, 0.6 * r, -0.3 * r, 0.6 * r, -0.55 * r, 0)
    body.curveTo(-0.3 * r, -0.6 * r, 0.6 * r, -0.6 * r, 0.95 * r, 0)
    body.close()
    body.circle(eye * r, 0.1 * r, 0.1 * r)  # the eye, a hole
    c.drawPath(body, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    _polygon(c, [(-0.4 * r, 0), (-0.95 * r, 0.42 * r), (-0.82 * r, 0), (-0.95 * r, -0.42 * r)])


_PLAIN: dict[str, Callable[[Canvas, float], None]] = {
    "snowflake": _snowflake, "drop": _drop, "leaf": _leaf, "heart": _heart, "sun": _sun,
    "skate": _skate, "fish": fish,
}


def draw_symbol(canvas: Canvas, symbol: str, cx: float, cy: float, size: float,
                colour: Color, turn: float = 0) -> None:
    """Draw ``symbol`` filling a ``size`` × ``size`` square centred on (cx, cy),
    turned ``turn`` degrees (for symbols read from the other side of the table)."""
    if symbol != "star" and symbol not in _PLAIN:
        raise ValueError(f"unknown symbol {symbol!r}")
    c = canvas
    c.saveState()
    c.translate(cx, cy)
    c.rotate(turn)
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    r = size / 2
    if symbol == "star":
        _star(c, r, colour)
    else:
        _PLAIN[symbol](c, r)
    c.restoreState()
