"""Pick-a-Polar Bear's artwork, drawn by code: a polar bear whose five features read at a glance.

Every attribute changes a silhouette or a bold black shape, never only a
tint, so cards tell apart small, in greyscale and for colour-blind players:
the small bear is 60 % of the big one on the same ground; the bear's right
arm (the viewer's left) is raised with the paw open or hangs down; glasses
are bold black frames; the tin of fish is held in the other paw; the season
is the data's colour plus dark leaf litter and falling leaves or a white
snowdrift and snowflakes, and its symbol in two opposite corners. The first
value of each attribute is the one a card "shows" (see game.toml).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import NORMAL, Fills
from printkit.drawing.symbols import draw_symbol, fish
from printkit.geometry import Rect, mm

INK = HexColor("#22282f")
FUR = HexColor("#fdfdfb")
FUR_SHADE = HexColor("#dde6ee")
LENS = HexColor("#e6f4ff")
TIN = HexColor("#dfe5ea")
TIN_LABEL = HexColor("#b3212c")
PAPER = HexColor("#ffffff")
NAVY = HexColor("#1f4e79")
ICE = HexColor("#eaf4fb")
HIGHLIGHT = HexColor("#f2c23a")
NO_SIGN = HexColor("#c8323c")

#: How much smaller the small bear is than the big one.
SMALL_SCALE = 0.6

#: Per season symbol: ground colour, ground outline, scattered pattern colour, symbol colour.
_SCENES: dict[str, tuple[str, str, str, str]] = {
    "leaf": ("#6e3b17", "#4a260c", "#9a3f12", "#9a3f12"),
    "snowflake": ("#ffffff", "#5a87ad", "#ffffff", "#1f4e79"),
    "sun": ("#e9d27a", "#8a6d12", "#fff3b0", "#a86a00"),
    "star": ("#2c3e66", "#101c36", "#fff6c9", "#2c3e66"),
}

#: Where the small falling leaves or snowflakes go: (x, y, turn in degrees) on a unit square.
_SCATTER = [(0.08, 0.62, 20), (0.2, 0.9, -30), (0.36, 0.72, 45), (0.55, 0.94, 10),
            (0.68, 0.62, -50), (0.9, 0.66, 30), (0.1, 0.35, -15), (0.3, 0.5, 60),
            (0.74, 0.45, -20), (0.93, 0.4, 40), (0.46, 0.58, -40), (0.8, 0.82, 70),
            (0.05, 0.9, 5), (0.62, 0.78, -70), (0.18, 0.22, 35), (0.86, 0.24, -45)]


def shows(data: Mapping[str, Any], values: Mapping[str, str], attribute_id: str) -> bool:
    """True if the card has the attribute's first value (big, arm raised, glasses, a tin)."""
    return value_index(data, attribute_id, values[attribute_id]) == 0


def _attribute(data: Mapping[str, Any], attribute_id: str) -> Mapping[str, Any]:
    return next(a for a in data["attributes"] if a["id"] == attribute_id)


def value_index(data: Mapping[str, Any], attribute_id: str, value: str) -> int:
    return list(_attribute(data, attribute_id)["values"]).index(value)


def season_of(data: Mapping[str, Any], value: str) -> tuple[Color, str]:
    """The background colour and the symbol of a season value."""
    season, i = _attribute(data, "season"), value_index(data, "season", value)
    return HexColor(season["colours"][i]), season["symbols"][i]


def _polygon(path: Any, points: list[tuple[float, float]]) -> Any:
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def _badge(c: Canvas, symbol: str, cx: float, cy: float, radius: float, colour: Color,
           turn: float = 0) -> None:
    c.saveState()
    c.setFillColor(PAPER)
    c.setStrokeColor(INK)
    c.setLineWidth(max(0.6, radius * 0.1))
    c.circle(cx, cy, radius, stroke=1, fill=1)
    c.restoreState()
    draw_symbol(c, symbol, cx, cy, radius * 1.5, colour, turn)


def draw_glasses(c: Canvas, cx: float, cy: float, r: float, temples: float = 0) -> None:
    """Bold round glasses: lenses of radius ``r`` centred ``2.4 r`` apart around (cx, cy)."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(LENS)
    c.setLineWidth(r * 0.42)
    c.setLineCap(1)
    for side in (-1, 1):
        c.circle(cx + side * 1.2 * r, cy, r, stroke=1, fill=1)
        if temples:
            c.line(cx + side * 2.2 * r, cy + 0.15 * r, cx + side * (2.2 * r + temples),
                   cy + 0.35 * r)
    c.arc(cx - 0.3 * r, cy - 0.1 * r, cx + 0.3 * r, cy + 0.4 * r, 20, 140)  # the bridge
    c.restoreState()


def draw_tin(c: Canvas, cx: float, cy: float, width: float, turn: float = 0) -> None:
    """A sardine tin, ``width`` wide and 0.62 of that high: a silver rim, a red label, a fish."""
    h = width * 0.62
    c.saveState()
    c.translate(cx, cy)
    c.rotate(turn)
    c.setStrokeColor(INK)
    c.setLineWidth(width * 0.05)
    c.setFillColor(TIN)
    c.roundRect(-width / 2, -h / 2, width, h, h * 0.32, stroke=1, fill=1)
    c.setFillColor(TIN_LABEL)
    c.setLineWidth(width * 0.02)
    c.roundRect(-width * 0.4, -h * 0.34, width * 0.8, h * 0.68, h * 0.2, stroke=1, fill=1)
    c.setFillColor(PAPER)
    c.translate(-width * 0.02, 0)
    fish(c, width * 0.33, eye=0.5)
    c.restoreState()


def _no_sign(c: Canvas, cx: float, cy: float, r: float) -> None:
    c.saveState()
    c.setStrokeColor(NO_SIGN)
    c.setLineWidth(r * 0.16)
    c.circle(cx, cy, r, stroke=1, fill=0)
    d = r * math.sqrt(0.5)
    c.line(cx - d, cy + d, cx + d, cy - d)
    c.restoreState()


def _limb(c: Canvas, x1: float, y1: float, x2: float, y2: float, width: float,
          fill: Color) -> None:
    """A rounded limb from (x1, y1) to (x2, y2), outlined."""
    length = math.hypot(x2 - x1, y2 - y1)
    c.saveState()
    c.translate(x1, y1)
    c.rotate(math.degrees(math.atan2(y2 - y1, x2 - x1)))
    c.setFillColor(fill)
    c.roundRect(-width / 2, -width / 2, length + width, width, width / 2, stroke=1, fill=1)
    c.restoreState()


def draw_bear(c: Canvas, fx: float, fy: float, u: float, *, raised: bool, glasses: bool,
              tin: bool, highlight_arm: bool = False) -> None:
    """A standing polar bear ``u`` tall (ears included), feet centred on (fx, fy).

    It reaches from ``-0.52 u`` (the raised paw) to ``+0.64 u`` (the tin) across.
    """
    def at(x: float, y: float) -> tuple[float, float]:
        return fx + x * u, fy + y * u

    line = max(0.5, u * 0.022)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(line)
    c.setLineJoin(1)
    c.setFillColor(FUR)
    for side in (-1, 1):  # legs
        c.roundRect(*at(side * 0.13 - 0.085, 0), 0.17 * u, 0.26 * u, 0.07 * u, stroke=1, fill=1)
    c.ellipse(*at(-0.27, 0.12), *at(0.27, 0.64), stroke=1, fill=1)
    c.setFillColor(FUR_SHADE)
    c.ellipse(*at(-0.15, 0.18), *at(0.15, 0.46), stroke=0, fill=1)
    arm_fill = HIGHLIGHT if highlight_arm else FUR
    # The bear's right arm is on the viewer's left.
    end = (-0.42, 0.86) if raised else (-0.31, 0.27)
    _limb(c, *at(-0.2, 0.54 if not raised else 0.56), *at(*end), 0.13 * u, arm_fill)
    _limb(c, *at(0.2, 0.54), *at(0.31, 0.27), 0.13 * u, FUR)
    if raised:  # an open paw, pads towards the viewer
        c.setFillColor(arm_fill)
        c.circle(*at(-0.425, 0.875), 0.085 * u, stroke=1, fill=1)
        c.setFillColor(INK)
        c.ellipse(*at(-0.465, 0.83), *at(-0.385, 0.89), stroke=0, fill=1)
        for dx, dy in ((-0.48, 0.925), (-0.425, 0.94), (-0.37, 0.925)):
            c.circle(*at(dx, dy), 0.019 * u, stroke=0, fill=1)
    for side in (-1, 1):  # ears, under the head
        c.setFillColor(FUR)
        c.circle(*at(side * 0.15, 0.91), 0.068 * u, stroke=1, fill=1)
        c.setFillColor(INK)
        c.circle(*at(side * 0.15, 0.91), 0.03 * u, stroke=0, fill=1)
    c.setFillColor(FUR)
    c.circle(*at(0, 0.76), 0.2 * u, stroke=1, fill=1)
    c.setFillColor(FUR_SHADE)
    c.ellipse(*at(-0.1, 0.62), *at(0.1, 0.745), stroke=1, fill=1)
    c.setFillColor(INK)
    c.ellipse(*at(-0.045, 0.69), *at(0.045, 0.74), stroke=0, fill=1)
    c.setLineCap(1)
    c.arc(*at(-0.04, 0.625), *at(0.04, 0.685), 200, 140)
    if glasses:
        draw_glasses(c, *at(0, 0.8), 0.07 * u, temples=0.035 * u)
    c.setFillColor(INK)
    for side in (-1, 1):
        c.circle(*at(side * 0.084, 0.8), 0.024 * u, stroke=0, fill=1)
    if tin:
        draw_tin(c, *at(0.45, 0.3), 0.36 * u, turn=-8)
    c.setFillColor(FUR)  # the left paw, over the tin's edge when it holds one
    c.circle(*at(0.31, 0.27), 0.075 * u, stroke=1, fill=1)
    c.restoreState()


#: Ink-saver scenes: how pale the season's sky, its ground and its scattered symbols get.
SKY_WASH, GROUND_WASH, SCATTER_WASH = 0.8, 0.7, 0.55


def _scene(c: Canvas, box: Rect, bleed: float, colour: Color, symbol: str,
           fills: Fills = NORMAL) -> float:
    """Season background, scattered symbols and ground; returns the y the bear stands on.

    In ink-saver mode the scene is a pale wash framed inside the card, not a full bleed.
    """
    ground, edge, pattern, mark = _SCENES[symbol]
    outer = box.outset(bleed)
    c.saveState()
    if fills.saver:
        outer = box.inset(box.width * 0.035)
        frame = c.beginPath()
        frame.roundRect(outer.x, outer.y, outer.width, outer.height, box.width * 0.05)
        c.setFillColor(fills.fill(colour, SKY_WASH))
        c.setStrokeColor(fills.line(colour))
        c.setLineWidth(mm(0.5))
        c.drawPath(frame, stroke=1, fill=1)
        c.clipPath(frame, stroke=0, fill=0)
        pattern = fills.fill(HexColor(mark), SCATTER_WASH)
    else:
        c.setFillColor(colour)
        c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
        pattern = HexColor(pattern)
    for x, y, turn in _SCATTER:
        draw_symbol(c, symbol, box.x + x * box.width, box.y + y * box.height,
                    box.width * 0.075, pattern, turn)
    top = box.y + box.height * 0.16
    hill = c.beginPath()
    hill.moveTo(outer.x, box.y + box.height * 0.12)
    hill.curveTo(box.x + box.width * 0.3, top + box.height * 0.02, box.x + box.width * 0.7,
                 top + box.height * 0.02, outer.right, box.y + box.height * 0.1)
    hill.lineTo(outer.right, outer.y)
    hill.lineTo(outer.x, outer.y)
    hill.close()
    c.setFillColor(fills.fill(HexColor(ground), GROUND_WASH))
    c.setStrokeColor(HexColor(edge))
    c.setLineWidth(max(0.6, box.width * 0.012))
    c.drawPath(hill, stroke=1, fill=1)
    c.restoreState()
    if fills.saver:  # the frame again, over the ground
        c.saveState()
        c.setStrokeColor(fills.line(colour))
        c.setLineWidth(mm(0.5))
        c.roundRect(outer.x, outer.y, outer.width, outer.height, box.width * 0.05, stroke=1,
                    fill=0)
        c.restoreState()
    return box.y + box.height * 0.09


def draw_animal(canvas: Canvas, box: Rect, values: Mapping[str, str], data: Mapping[str, Any],
                *, bleed: float = 0.0, fills: Fills = NORMAL) -> None:
    """One animal card's picture in the square ``box`` (the trim), background ``bleed`` beyond.

    Everything that carries meaning stays 6 % of the width inside ``box``,
    which is inside the 3 mm safe zone on a 55 mm card.
    """
    c = canvas
    colour, symbol = season_of(data, values["season"])
    feet = _scene(c, box, bleed, colour, symbol, fills)
    inner = box.inset(box.width * 0.06)
    big = (inner.top - feet) * 0.9
    u = big if shows(data, values, "size") else big * SMALL_SCALE
    draw_bear(c, box.centre[0] - 0.05 * u, feet, u, raised=shows(data, values, "arm"),
              glasses=shows(data, values, "glasses"), tin=shows(data, values, "fish"))
    radius = inner.width * 0.095
    mark = HexColor(_SCENES[symbol][3])
    _badge(c, symbol, inner.right - radius, inner.top - radius, radius, mark)
    _badge(c, symbol, inner.x + radius, inner.y + radius, radius, mark, turn=180)


def draw_feature_icon(canvas: Canvas, box: Rect, attribute_id: str, value_id: str,
                      data: Mapping[str, Any], fills: Fills = NORMAL) -> None:
    """A tile showing one feature (attribute = value), for the bonus-round cards.

    A value that is the absence of something (no glasses, no tin) is the thing
    under a red "no" sign; the arm icons colour the arm that matters.
    """
    c = canvas
    side = min(box.width, box.height)
    (cx, cy), bottom = box.centre, box.centre[1] - side / 2
    first = value_index(data, attribute_id, value_id) == 0
    background, symbol = season_of(data, value_id) if attribute_id == "season" else (PAPER, "")
    c.saveState()
    c.setFillColor(fills.fill(background, SKY_WASH))
    c.setStrokeColor(INK)
    c.setLineWidth(max(0.8, side * 0.03))
    c.roundRect(cx - side / 2, bottom, side, side, side * 0.14, stroke=1, fill=1)
    c.restoreState()
    if attribute_id == "season":
        draw_symbol(c, symbol, cx, cy, side * 0.7, HexColor(_SCENES[symbol][3]))
        return
    if attribute_id in ("size", "arm"):
        u = side * 0.8 * (SMALL_SCALE if attribute_id == "size" and not first else 1)
        draw_bear(c, cx - 0.04 * u, bottom + side * 0.07, u, raised=attribute_id == "arm"
                  and first, glasses=False, tin=False, highlight_arm=attribute_id == "arm")
        return
    if attribute_id == "glasses":
        draw_glasses(c, cx, cy, side * 0.16, temples=side * 0.06)
    elif attribute_id == "fish":
        draw_tin(c, cx, cy, side * 0.72, turn=-8)
    else:
        raise ValueError(f"no icon for attribute {attribute_id!r}")
    if not first:
        _no_sign(c, cx, cy, side * 0.4)
