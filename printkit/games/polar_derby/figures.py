"""Rulebook figures: the value table as bears, and each example's rolls as dice faces.

The rolls figure reads only the events the rules engine reported for a
verified example, so the dice drawn are the dice the engine replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.examples import Verified
from printkit.layout.geometry import Rect, mm
from printkit.render import fonts
from printkit.render.figure import Figure
from printkit.render.text import Ink

from .art import INK, draw_bear, draw_symbol, fill_of, ink_of

BEARS_HEIGHT_MM = 40
ROLLS_HEIGHT_MM = 22
FREE_SKATE = "free-skate"


def bears_figure(colours: Sequence[Mapping[str, Any]], width: float, locale: str,
                 translate: Callable[[str], str], number: Callable[[int], str],
                 points: Callable[[int], str]) -> Figure:
    """One bear per colour with its value, name and points: the value table."""

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        column = box.width / len(colours)
        for i, colour in enumerate(colours):
            cell = Rect(box.x + i * column, box.y, column, box.height)
            art = Rect(cell.x, cell.y + mm(11), cell.width, cell.height - mm(11))
            draw_bear(c, art, colour, number(colour["value"]), ink=ink, where="value table")
            c.setFillColor(INK)
            ink.line(translate(colour["name"]), Rect(cell.x, cell.y + mm(5.5), cell.width,
                                                     mm(5)), fonts.BOLD, 10, 6,
                     where="value table name")
            ink.line(points(colour["value"]), Rect(cell.x, cell.y, cell.width, mm(5)),
                     fonts.REGULAR, 9, 6, where="value table points")

    return Figure(width, mm(BEARS_HEIGHT_MM), draw)


def _die(c: Canvas, x: float, y: float, size: float, face: str,
         faces: Mapping[str, Mapping[str, Any]]) -> None:
    spec = faces[face]
    c.saveState()
    c.setFillColor(fill_of(spec))
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.roundRect(x, y, size, size, size * 0.15, stroke=1, fill=1)
    c.restoreState()
    draw_symbol(c, spec["symbol"], x + size / 2, y + size / 2, size * 0.62, ink_of(spec))


def rolled_faces(v: Verified) -> list[tuple[str, ...]]:
    """The faces of every roll in the example, in order."""
    return [tuple(e.params["faces"]) for e in v.replay.events if e.kind == "rolled"]


def rolls_figure(v: Verified, data: Mapping[str, Any], width: float, locale: str,
                 number: Callable[[int], str]) -> Figure:
    """Each roll of the example as a numbered pair of dice, left to right."""
    faces = {c["id"]: c for c in data["colours"]}
    faces[FREE_SKATE] = data["dice"]["free_skate"]
    rolls = rolled_faces(v)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        size = mm(12)
        pair = 2 * size + mm(2)
        gap = mm(9)
        total = len(rolls) * pair + (len(rolls) - 1) * gap
        x = box.x + (box.width - total) / 2
        y = box.y + mm(2)
        for n, roll in enumerate(rolls, start=1):
            c.setFillColor(INK)
            ink.line(number(n), Rect(x, y + size + mm(1.5), pair, mm(5)), fonts.BOLD, 9, 6,
                     where="roll number")
            for k, face in enumerate(roll):
                _die(c, x + k * (size + mm(2)), y, size, face, faces)
            x += pair + gap

    return Figure(width, mm(ROLLS_HEIGHT_MM), draw)
