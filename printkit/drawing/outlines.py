"""The outline of a component or a board place, and how far one overhangs another.

A game declares each outline's shape in its data (a bear token is a ``"circle"``, a Yeti
space a ``"rounded rectangle"`` with its ``corner_mm``) and measures its size from its
drawing code; :mod:`printkit.drawing.fit` compares them. Every shape here is a convex
polygon grown by a radius (a circle is a point grown by its radius, a rounded rectangle
its inner rectangle grown by its corner), so one rule measures them all: a component lies
centred on its place, and overhangs it by as much as the farthest point of its outline
lies outside the place's. Sizes are in millimetres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The shapes a component or a place may have.
SHAPES = ("rectangle", "circle", "rounded rectangle", "hexagon")

Point = tuple[float, float]


@dataclass(frozen=True)
class Outline:
    """A shape at a size: ``width`` × ``height`` mm (a circle's both its diameter); a rounded
    rectangle's corners of radius ``corner``. A hexagon is regular when its width is its
    height × 2 / sqrt(3), and has its corners at the ends of its longer side."""

    shape: str
    width: float
    height: float
    corner: float = 0.0

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"unknown shape {self.shape!r}; shapes: {', '.join(SHAPES)}")
        if self.shape == "circle" and abs(self.width - self.height) > 1e-9:
            raise ValueError(f"a circle is as wide as it is tall, not {self.width}×{self.height}")

    def turned(self) -> Outline:
        """The outline turned a quarter."""
        return Outline(self.shape, self.height, self.width, self.corner)

    def describe(self) -> str:
        """``25.0 mm circle``, ``25.0×25.0 mm square``, ``66.0×44.0 mm rounded rectangle``."""
        if self.shape == "circle":
            return f"{self.width:.1f} mm circle"
        size = f"{self.width:.1f}×{self.height:.1f} mm"
        if self.shape == "rectangle":
            return f"{size} {'square' if self.width == self.height else 'rectangle'}"
        if self.shape == "rounded rectangle":
            return f"{size} rectangle with {self.corner:g} mm round corners"
        return f"{size} hexagon"


def _core(outline: Outline) -> tuple[list[Point], float]:
    """The outline as a convex polygon (its corners, centred on 0, 0) and the radius it is
    grown by."""
    w, h = outline.width / 2, outline.height / 2
    if outline.shape == "circle":
        return [(0.0, 0.0)], w
    if outline.shape == "hexagon":
        if w >= h:  # corners left and right, flat top and bottom
            return [(w, 0.0), (w / 2, h), (-w / 2, h), (-w, 0.0), (-w / 2, -h), (w / 2, -h)], 0.0
        return [(0.0, h), (-w, h / 2), (-w, -h / 2), (0.0, -h), (w, -h / 2), (w, h / 2)], 0.0
    r = min(outline.corner, w, h) if outline.shape == "rounded rectangle" else 0.0
    w, h = w - r, h - r
    return [(w, h), (-w, h), (-w, -h), (w, -h)], r


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    px, py = p[0] - a[0], p[1] - a[1]
    length = ax * ax + ay * ay
    t = 0.0 if length == 0 else max(0.0, min(1.0, (px * ax + py * ay) / length))
    return math.hypot(px - t * ax, py - t * ay)


def _signed_distance(p: Point, polygon: list[Point]) -> float:
    """How far ``p`` lies outside the convex ``polygon`` (counter-clockwise, or a point or a
    line), negative inside: minus its distance to the nearest side."""
    edges = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    nearest = min(_segment_distance(p, a, b) for a, b in edges)
    inside = len(polygon) >= 3 and all(
        (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= -1e-12
        for a, b in edges)
    return -nearest if inside else nearest


def overhang(item: Outline, place: Outline) -> float:
    """How far ``item``, centred on ``place``, reaches past the place's edge (mm); negative:
    the room left free between them where they come closest."""
    corners, grown = _core(item)
    room, room_grown = _core(place)
    return max(_signed_distance(p, room) for p in corners) + grown - room_grown
