"""Small vector drawings shared by every kit: dice faces, stars, arrows."""

from __future__ import annotations

import math

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

#: Pip positions on a unit square, per face.
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.75), (0.75, 0.25)],
    3: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25)],
    4: [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)],
}


def die_face(c: Canvas, x: float, y: float, size: float, face: int,
             fill: colors.Color = colors.white, ink: colors.Color = colors.black,
             highlight: colors.Color | None = None) -> None:
    """An ordinary die showing ``face``, lower-left corner at (x, y)."""
    c.saveState()
    c.setStrokeColor(highlight or ink)
    c.setLineWidth(size * (0.07 if highlight else 0.035))
    c.setFillColor(fill)
    c.roundRect(x, y, size, size, size * 0.16, stroke=1, fill=1)
    c.setFillColor(ink)
    for px, py in _PIPS[face]:
        c.circle(x + px * size, y + py * size, size * 0.085, stroke=0, fill=1)
    c.restoreState()


def star(c: Canvas, cx: float, cy: float, radius: float, points: int = 5,
         inner: float = 0.45, fill: colors.Color = colors.gold,
         stroke: colors.Color | None = None) -> None:
    """A filled star centred on (cx, cy)."""
    path = c.beginPath()
    for i in range(points * 2):
        r = radius if i % 2 == 0 else radius * inner
        angle = math.pi / 2 + i * math.pi / points
        px, py = cx + r * math.cos(angle), cy + r * math.sin(angle)
        if i == 0:
            path.moveTo(px, py)
        else:
            path.lineTo(px, py)
    path.close()
    c.saveState()
    c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(radius * 0.06)
    c.drawPath(path, fill=1, stroke=1 if stroke is not None else 0)
    c.restoreState()


def arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float, width: float = 1.5,
          head: float = 6, colour: colors.Color = colors.black) -> None:
    """A straight arrow from (x1, y1) to (x2, y2) with a filled head."""
    angle = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(angle), y2 - head * math.sin(angle)
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(width)
    c.line(x1, y1, bx, by)
    path = c.beginPath()
    path.moveTo(x2, y2)
    for side in (1, -1):
        a = angle + side * math.radians(150)
        path.lineTo(x2 + head * math.cos(a), y2 + head * math.sin(a))
    path.close()
    c.drawPath(path, fill=1, stroke=0)
    c.restoreState()
