"""Yeti Slalom's artwork, drawn by code: palette, throw marks, team animals, a Yeti, a snowball.

Red and green are never told apart by colour alone: a green mark is a
circle with its arrow pointing right (green Yetis stand on the left and
throw to the right), a red mark is a square with its arrow pointing left.
The five teams differ by animal silhouette (the beaver's teeth, the
crocodile's long toothy snout, the kangaroo's tall ears, the rhino's horn,
the giraffe's spots and horns), not only by their colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import NORMAL, Fills, shade, tint
from printkit.geometry import Rect

INK = HexColor("#1f2a36")
PAPER = HexColor("#ffffff")
SNOW = HexColor("#f6faff")
ICE = HexColor("#e3eef8")
SKY = HexColor("#bcd6ec")
NAVY = HexColor("#1f4e79")
START = HexColor("#3a78c2")
GOLD = HexColor("#f2c23a")
FUR = HexColor("#fbfdff")
FUR_SHADE = HexColor("#c9dbea")
FACE = HexColor("#8fa6bd")
MUTED = HexColor("#6b7886")

#: Which way each side's Yeti throws: green from the left edge to the right, red the other way.
DIRECTION = {"green": 1, "red": -1}
#: In ink-saver mode a throw mark is a wash this pale, outlined and with pips in its colour.
MARK_WASH = 0.8




def side_colour(data: Mapping[str, Any], side: str) -> Color:
    return HexColor(data["colours"][side])


def team_colour(team: Mapping[str, Any]) -> Color:
    return HexColor(team["fill"])


def _poly(c: Canvas, points: list[tuple[float, float]], stroke: int = 0) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, stroke=stroke, fill=1)


_PIPS = {
    1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, -1), (-1, 1), (1, -1), (1, 1)], 5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}


def throw_mark(c: Canvas, side: str, cx: float, cy: float, size: float, colour: Color,
               face: int | None = None, fills: Fills = NORMAL) -> None:
    """A side's mark centred on (cx, cy), ``size`` wide including its arrow.

    Green: a disc with a ▶ beside it; red: a square with a ◀ beside it. With
    ``face`` the shape shows that many die pips, else the arrow sits inside.
    """
    d = DIRECTION[side]
    body = size * 0.7 if face else size
    bx = cx - d * (size - body) / 2  # the shape sits away from its arrow
    c.saveState()
    c.setFillColor(fills.fill(colour, MARK_WASH))
    c.setStrokeColor(fills.line(colour) if fills.saver else INK)
    c.setLineWidth(max(0.5, size * 0.03))
    if side == "green":
        c.circle(bx, cy, body / 2, stroke=1, fill=1)
        pip_box = body * 0.27
    else:
        s = body * 0.9
        c.roundRect(bx - s / 2, cy - s / 2, s, s, s * 0.12, stroke=1, fill=1)
        pip_box = body * 0.29
    if face:
        tip = bx + d * (body / 2 + (size - body) * 0.95)
        back = bx + d * (body / 2 + (size - body) * 0.15)
        _poly(c, [(back, cy + size * 0.16), (tip, cy), (back, cy - size * 0.16)], stroke=1)
        c.setFillColor(fills.text(PAPER, colour))
        for px, py in _PIPS[face]:
            c.circle(bx + px * pip_box, cy + py * pip_box, body * 0.075, stroke=0, fill=1)
    else:
        a = body * 0.26
        c.setFillColor(fills.text(PAPER, colour))
        _poly(c, [(bx - d * a * 0.7, cy + a), (bx + d * a, cy), (bx - d * a * 0.7, cy - a)])
    c.restoreState()


# --- team animals: heads in a circle of radius r, the team colour as fill -----------------

def _eye(c: Canvas, x: float, y: float, r: float) -> None:
    c.setFillColor(PAPER)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFillColor(INK)
    c.circle(x + r * 0.2, y, r * 0.55, stroke=0, fill=1)


def _beaver(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    c.setFillColor(fill)
    for s in (-1, 1):
        c.circle(x + s * 0.55 * r, y + 0.6 * r, 0.2 * r, stroke=1, fill=1)
    c.circle(x, y + 0.05 * r, 0.75 * r, stroke=1, fill=1)
    c.setFillColor(PAPER)  # the two big front teeth
    c.rect(x - 0.16 * r, y - 0.62 * r, 0.15 * r, 0.32 * r, stroke=1, fill=1)
    c.rect(x + 0.01 * r, y - 0.62 * r, 0.15 * r, 0.32 * r, stroke=1, fill=1)
    c.setFillColor(tint(fill, 0.55))
    c.ellipse(x - 0.38 * r, y - 0.38 * r, x + 0.38 * r, y + 0.02 * r, stroke=1, fill=1)
    c.setFillColor(INK)
    c.ellipse(x - 0.14 * r, y - 0.12 * r, x + 0.14 * r, y + 0.04 * r, stroke=0, fill=1)
    for s in (-1, 1):
        _eye(c, x + s * 0.3 * r, y + 0.28 * r, 0.1 * r)


def _crocodile(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    c.setFillColor(fill)
    c.roundRect(x - 0.85 * r, y - 0.62 * r, 1.75 * r, 0.32 * r, 0.14 * r, stroke=1, fill=1)
    c.roundRect(x - 0.85 * r, y - 0.06 * r, 1.85 * r, 0.4 * r, 0.18 * r, stroke=1, fill=1)
    c.circle(x - 0.45 * r, y + 0.38 * r, 0.3 * r, stroke=1, fill=1)  # the eye bump
    c.circle(x + 0.85 * r, y + 0.27 * r, 0.1 * r, stroke=1, fill=1)  # the nostril bump
    _eye(c, x - 0.42 * r, y + 0.45 * r, 0.14 * r)
    c.setFillColor(PAPER)  # a row of teeth down from the top jaw and up from the bottom one
    for i in range(6):
        tx = x - 0.45 * r + i * 0.23 * r
        _poly(c, [(tx, y - 0.06 * r), (tx + 0.07 * r, y - 0.24 * r), (tx + 0.14 * r, y - 0.06 * r)],
              stroke=1)
        if i < 5:
            _poly(c, [(tx + 0.1 * r, y - 0.3 * r), (tx + 0.17 * r, y - 0.14 * r),
                      (tx + 0.24 * r, y - 0.3 * r)], stroke=1)
    c.setFillColor(shade(fill, 0.35))
    for bx in (-0.05, 0.25, 0.55):
        c.circle(x + bx * r, y + 0.15 * r, 0.06 * r, stroke=0, fill=1)


def _kangaroo(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    c.setFillColor(fill)
    for s in (-1, 1):
        c.saveState()
        c.translate(x + s * 0.3 * r, y + 0.5 * r)
        c.rotate(-s * 16)
        c.ellipse(-0.15 * r, -0.1 * r, 0.15 * r, 0.5 * r, stroke=1, fill=1)
        c.setFillColor(tint(fill, 0.55))
        c.ellipse(-0.07 * r, 0.02 * r, 0.07 * r, 0.4 * r, stroke=0, fill=1)
        c.restoreState()
    c.ellipse(x - 0.45 * r, y - 0.75 * r, x + 0.45 * r, y + 0.45 * r, stroke=1, fill=1)
    c.setFillColor(tint(fill, 0.55))
    c.ellipse(x - 0.27 * r, y - 0.72 * r, x + 0.27 * r, y - 0.2 * r, stroke=1, fill=1)
    c.setFillColor(INK)
    c.ellipse(x - 0.12 * r, y - 0.38 * r, x + 0.12 * r, y - 0.24 * r, stroke=0, fill=1)
    for s in (-1, 1):
        _eye(c, x + s * 0.2 * r, y + 0.06 * r, 0.09 * r)


def _rhino(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    c.setFillColor(PAPER)  # the horns, in ivory: a big one on the tip of the snout
    horn = c.beginPath()
    horn.moveTo(x + 0.45 * r, y + 0.05 * r)
    horn.curveTo(x + 0.65 * r, y + 0.35 * r, x + 0.7 * r, y + 0.6 * r, x + 0.62 * r, y + 0.9 * r)
    horn.curveTo(x + 0.85 * r, y + 0.6 * r, x + 0.95 * r, y + 0.3 * r, x + 0.9 * r, y - 0.05 * r)
    horn.close()
    c.drawPath(horn, stroke=1, fill=1)
    _poly(c, [(x + 0.05 * r, y + 0.3 * r), (x + 0.22 * r, y + 0.62 * r),
              (x + 0.36 * r, y + 0.2 * r)], stroke=1)
    c.setFillColor(fill)
    c.ellipse(x - 0.72 * r, y + 0.2 * r, x - 0.42 * r, y + 0.72 * r, stroke=1, fill=1)  # ear
    path = c.beginPath()
    path.moveTo(x - 0.9 * r, y + 0.2 * r)
    path.curveTo(x - 0.6 * r, y + 0.6 * r, x + 0.2 * r, y + 0.45 * r, x + 0.6 * r, y + 0.2 * r)
    path.curveTo(x + 0.95 * r, y, x + 1.0 * r, y - 0.45 * r, x + 0.6 * r, y - 0.6 * r)
    path.curveTo(x + 0.1 * r, y - 0.72 * r, x - 0.7 * r, y - 0.6 * r, x - 0.9 * r, y + 0.2 * r)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    _eye(c, x - 0.2 * r, y + 0.12 * r, 0.1 * r)
    c.setFillColor(INK)
    c.ellipse(x + 0.66 * r, y - 0.24 * r, x + 0.8 * r, y - 0.14 * r, stroke=0, fill=1)
    c.line(x + 0.25 * r, y - 0.45 * r, x + 0.62 * r, y - 0.45 * r)
    c.setStrokeColor(shade(fill, 0.3))
    for wx in (-0.55, -0.4):  # skin folds behind the eye
        c.line(x + wx * r, y - 0.35 * r, x + (wx + 0.08) * r, y + 0.05 * r)


def _giraffe(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    spot = HexColor("#9a5b1e")
    c.setFillColor(fill)
    c.rect(x - 0.3 * r, y - 0.95 * r, 0.6 * r, 0.5 * r, stroke=1, fill=1)  # neck
    for s in (-1, 1):
        c.setLineWidth(max(0.5, r * 0.08))
        c.line(x + s * 0.17 * r, y + 0.4 * r, x + s * 0.22 * r, y + 0.8 * r)
        c.setFillColor(spot)
        c.circle(x + s * 0.22 * r, y + 0.82 * r, 0.1 * r, stroke=1, fill=1)
        c.setFillColor(fill)
        c.setLineWidth(max(0.5, r * 0.05))
        c.ellipse(x + s * 0.3 * r, y + 0.28 * r, x + s * 0.72 * r, y + 0.46 * r, stroke=1, fill=1)
    c.ellipse(x - 0.38 * r, y - 0.72 * r, x + 0.38 * r, y + 0.55 * r, stroke=1, fill=1)
    c.setFillColor(spot)
    for sx, sy, sr in ((-0.2, 0.3, 0.08), (0.16, 0.36, 0.07), (0.24, 0.0, 0.06),
                       (-0.25, -0.05, 0.06), (-0.12, -0.78, 0.07), (0.14, -0.68, 0.06)):
        c.circle(x + sx * r, y + sy * r, sr * r, stroke=0, fill=1)
    c.setFillColor(tint(fill, 0.6))
    c.ellipse(x - 0.3 * r, y - 0.74 * r, x + 0.3 * r, y - 0.3 * r, stroke=1, fill=1)
    c.setFillColor(INK)
    for s in (-1, 1):
        c.circle(x + s * 0.12 * r, y - 0.5 * r, 0.045 * r, stroke=0, fill=1)
        _eye(c, x + s * 0.17 * r, y + 0.1 * r, 0.085 * r)


ANIMALS: dict[str, Callable[[Canvas, float, float, float, Color], None]] = {
    "beavers": _beaver, "crocodiles": _crocodile, "kangaroos": _kangaroo, "rhinos": _rhino,
    "giraffes": _giraffe,
}


def draw_animal(c: Canvas, team: Mapping[str, Any], cx: float, cy: float, size: float) -> None:
    """The team's animal head in its colour, filling a ``size`` square centred on (cx, cy)."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(max(0.5, size * 0.025))
    c.setLineJoin(1)
    ANIMALS[team["id"]](c, cx, cy, size / 2, team_colour(team))
    c.restoreState()


def draw_snowboarder(c: Canvas, team: Mapping[str, Any], box: Rect) -> None:
    """The team's animal riding a snowboard, in the largest square that fits ``box``."""
    u = min(box.width, box.height)
    cx, cy = box.centre
    fill = team_colour(team)
    c.saveState()
    c.translate(cx, cy - 0.36 * u)
    c.rotate(-8)
    c.setFillColor(shade(fill, 0.25))
    c.setStrokeColor(INK)
    c.setLineWidth(max(0.6, u * 0.02))
    c.roundRect(-0.45 * u, -0.06 * u, 0.9 * u, 0.12 * u, 0.06 * u, stroke=1, fill=1)
    c.setFillColor(GOLD)
    c.rect(-0.3 * u, -0.015 * u, 0.6 * u, 0.03 * u, stroke=0, fill=1)
    c.restoreState()
    draw_animal(c, team, cx, cy + 0.08 * u, 0.78 * u)


def draw_snowball(c: Canvas, cx: float, cy: float, r: float, line: float | None = None) -> None:
    """A snowball: a white ball shaded on one side, with a few sparkles."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(line if line is not None else max(0.5, r * 0.06))
    c.setFillColor(FUR)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(FUR_SHADE)
    path = c.beginPath()
    path.arc(cx - r, cy - r, cx + r, cy + r, -100, 170)
    path.curveTo(cx + 0.1 * r, cy + 0.4 * r, cx + 0.2 * r, cy - 0.5 * r, cx - 0.17 * r, cy - r)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.circle(cx, cy, r, stroke=1, fill=0)
    c.setFillColor(SKY)
    for dx, dy, s in ((-0.4, 0.35, 0.12), (-0.15, 0.55, 0.07), (0.3, 0.05, 0.09),
                      (-0.5, -0.25, 0.08), (0.1, -0.55, 0.1)):
        c.circle(cx + dx * r, cy + dy * r, s * r, stroke=0, fill=1)
    c.restoreState()


def _fluff(c: Canvas, blobs: list[tuple[float, float, float]], fill: Color, line: float) -> None:
    """A shaggy outline: every blob stroked thick, then every blob filled over the strokes."""
    c.setLineWidth(line * 2)
    for x, y, r in blobs:
        c.circle(x, y, r, stroke=1, fill=0)
    c.setFillColor(fill)
    for x, y, r in blobs:
        c.circle(x, y, r, stroke=0, fill=1)


def draw_yeti(c: Canvas, box: Rect, facing: int = 1, scarf: Color | None = None,
              ball: bool = True, fills: Fills = NORMAL) -> None:
    """A shaggy white Yeti, arm raised with a snowball, facing right (1) or left (−1).

    ``scarf`` is the colour of its scarf (the side it works for); the drawing
    uses the largest square that fits ``box``.
    """
    u = min(box.width, box.height)
    ox, oy = box.centre
    line = max(0.6, u * 0.014)
    c.saveState()
    c.translate(ox, oy)
    c.scale(facing * u, u)
    c.setStrokeColor(fills.stroke(INK))
    c.setLineJoin(1)
    c.setLineCap(1)
    line /= u
    body = [(0, -0.1, 0.3), (0, 0.2, 0.2)]
    body += [(0.3 * math.cos(a), -0.1 + 0.3 * math.sin(a), 0.07)
             for a in [math.radians(d) for d in range(-150, 40, 28)]]
    body += [(-0.16, -0.42, 0.09), (0.16, -0.42, 0.09), (-0.33, -0.05, 0.08),
             (-0.36, -0.2, 0.07)]
    arm = [(0.26 + 0.05 * i, 0.06 + 0.07 * i, 0.075) for i in range(4)]
    _fluff(c, body + arm, FUR, line)
    c.setLineWidth(line)
    c.setFillColor(FUR_SHADE)
    c.ellipse(-0.18, -0.3, 0.18, 0.02, stroke=0, fill=1)  # belly
    c.setFillColor(fills.fill(FACE, 0.5))
    c.ellipse(-0.13, 0.08, 0.15, 0.3, stroke=1, fill=1)
    for ex in (-0.05, 0.08):
        c.setFillColor(PAPER)
        c.circle(ex, 0.22, 0.035, stroke=0, fill=1)
        c.setFillColor(INK)
        c.circle(ex + 0.012, 0.22, 0.02, stroke=0, fill=1)
        c.line(ex - 0.04, 0.27, ex + 0.04, 0.29 if ex < 0 else 0.25)  # bushy brows
    c.setFillColor(INK)
    c.ellipse(-0.05, 0.1, 0.09, 0.16, stroke=0, fill=1)  # mouth
    c.setFillColor(PAPER)
    _poly(c, [(-0.03, 0.16), (-0.01, 0.125), (0.01, 0.16)])
    _poly(c, [(0.05, 0.16), (0.07, 0.125), (0.09, 0.16)])
    if scarf is not None:
        c.setFillColor(fills.fill(scarf, 0.4))
        c.roundRect(-0.2, 0.01, 0.4, 0.07, 0.03, stroke=1, fill=1)
        c.roundRect(-0.2, -0.14, 0.08, 0.16, 0.03, stroke=1, fill=1)
    if ball:
        draw_snowball(c, 0.43, 0.36, 0.1, line)
    c.restoreState()
