"""The rulebook's throw diagram, drawn from a verified example's position and events.

It shows the course with the snowboarders where the example puts them, the
Yeti on its side of its row, and marks the spaces the engine said were hit
(and the thrower's own snowboarders it spared).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.examples import Verified
from printkit.layout.geometry import Rect, mm
from printkit.render import fonts
from printkit.render.figure import Figure
from printkit.render.text import Ink

from .art import ICE, INK, PAPER, START, side_colour, team_colour, throw_mark

CELL_MM = 9
HIT = HexColor("#c8323c")
SPARED = HexColor("#2f8a4c")


def throw_event(v: Verified) -> Mapping[str, Any] | None:
    return next((e.params for e in v.replay.events if e.kind == "yeti"), None)


def _spaces(v: Verified, kind: str) -> set[tuple[int, int]]:
    return {tuple(s) for e in v.replay.events if e.kind == kind  # type: ignore[misc]
            for s in e.params["spaces"]}


def throw_figure(v: Verified, data: Mapping[str, Any], width: float, locale: str,
                 number: Callable[[int], str], translate: Callable[[str], str]) -> Figure:
    rows, columns = data["course"]["rows"], data["course"]["columns"]
    cell = mm(CELL_MM)
    teams = {t["id"]: t for t in data["teams"]}
    throw = throw_event(v)
    hit, spared = _spaces(v, "hit"), _spaces(v, "spared")
    positions = {tuple(p["at"]): p for p in v.example.setup.get("positions") or []}
    yetis = {y["row"]: y for y in data["yetis"]}

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        left = box.x + (box.width - (columns + 2) * cell) / 2
        for row in range(1, rows + 1):
            y = box.top - row * cell
            for col in range(columns + 2):
                x = left + col * cell
                if col in (0, columns + 1):
                    side = "green" if col == 0 else "red"
                    active = throw is not None and throw["row"] == row and throw["colour"] == side
                    if row in yetis:
                        c.setFillColor(side_colour(data, side) if active else PAPER)
                        c.setStrokeColor(side_colour(data, side))
                        c.setLineWidth(1.4 if active else 0.5)
                        c.rect(x + 1, y + 1, cell - 2, cell - 2, stroke=1, fill=1)
                        throw_mark(c, side, x + cell / 2, y + cell / 2, cell * 0.6,
                                   PAPER if active else side_colour(data, side))
                    continue
                space = (row, col)
                fill = START if row in data["course"]["start_rows"] and row == 1 else ICE
                c.setFillColor(fill)
                c.setStrokeColor(INK)
                c.setLineWidth(0.4)
                c.rect(x, y, cell, cell, stroke=1, fill=1)
                if space in positions:
                    p = positions[space]
                    c.setFillColor(team_colour(teams[p["team"]]))
                    c.circle(x + cell / 2, y + cell / 2, cell * 0.32, stroke=1, fill=1)
                    c.setFillColor(PAPER)
                    ink.line(number(p["value"]), Rect(x, y + cell * 0.2, cell, cell * 0.6),
                             fonts.BOLD, 9, 5, where="throw diagram value")
                mark = HIT if space in hit else SPARED if space in spared else None
                if mark is not None:
                    c.setStrokeColor(mark)
                    c.setLineWidth(1.6)
                    c.rect(x + 1, y + 1, cell - 2, cell - 2, stroke=1, fill=0)
                    if space in hit:
                        c.line(x + 2, y + 2, x + cell - 2, y + cell - 2)
                        c.line(x + 2, y + cell - 2, x + cell - 2, y + 2)
            c.setFillColor(INK)
            if row in yetis and throw is not None and throw["row"] == row:
                label = translate(yetis[row]["name"])
                ink.line(label, Rect(left + (columns + 2) * cell + mm(2), y, mm(34), cell),
                         fonts.BOLD, 8, 5, align="left", where="throw diagram yeti")

    return Figure(width, rows * cell + mm(1), draw)
