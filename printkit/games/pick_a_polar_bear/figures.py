"""Rulebook diagrams drawn from verified examples: chains with every difference
marked, the bonus-round table with its count, and a solved solo grid.

Each figure reads the example's setup and the events the engine reported,
never rule internals, so it shows exactly what was verified.
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

from .art import draw_animal, draw_feature_icon
from .cards import model_from_data

INK = HexColor("#1f2a36")
GOOD = HexColor("#2f8a4c")
BAD = HexColor("#c8323c")
MARK = HexColor("#f2b500")
CARD_MM = 14
GAP_MM = 9


class _Cards:
    """Draws small cards from their short codes ("BRGTA")."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.model = model_from_data(data)
        self.attributes = [a["id"] for a in data["attributes"]]

    def values(self, short: str) -> dict[str, str]:
        card = self.model.parse(short)
        return {a: card.value(a) for a in self.attributes}

    def draw(self, c: Canvas, box: Rect, short: str, frame=INK, width: float = 0.6) -> None:
        c.saveState()
        path = c.beginPath()
        path.rect(box.x, box.y, box.width, box.height)
        c.clipPath(path, stroke=0, fill=0)
        draw_animal(c, box, self.values(short), self.data)
        c.restoreState()
        c.saveState()
        c.setStrokeColor(frame)
        c.setLineWidth(width)
        c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
        c.restoreState()


def chains(v: Verified) -> dict[int, list[tuple[str, str, list[str], bool]]]:
    """Per player: (from, to, differences, broken) for every checked step."""
    out: dict[int, list[tuple[str, str, list[str], bool]]] = {}
    for e in v.replay.events:
        if e.kind in ("chain-step", "chain-broken"):
            p = e.params
            out.setdefault(p["player"], []).append(
                (p["from"], p["to"], list(p["differences"]), e.kind == "chain-broken"))
    return out


def chain_figure(v: Verified, data: Mapping[str, Any], width: float, locale: str,
                 translate: Callable[[str], str], player: Callable[[int], str]) -> Figure:
    cards = _Cards(data)
    rows = chains(v)
    names = {a["id"]: translate(a["name"]) for a in data["attributes"]}
    row_h = mm(CARD_MM + 9)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        side, gap = mm(CARD_MM), mm(GAP_MM + 11)
        for r, (who, steps) in enumerate(sorted(rows.items())):
            top = box.top - r * row_h
            c.setFillColor(INK)
            ink.line(player(who), Rect(box.x, top - side, mm(20), side), fonts.BOLD, 8, 5,
                     align="left", where="chain player")
            x = box.x + mm(21)
            cards.draw(c, Rect(x, top - side, side, side), steps[0][0], width=1.4)
            for _from, to, diffs, broken in steps:
                label = "=" if not diffs else ", ".join(names[d] for d in diffs)
                ink.paragraph(("✗ " if broken else "") + label,
                              Rect(x + side + mm(0.5), top - side * 0.58, gap - mm(1),
                                   side * 0.58), size=7, min_size=4, font=fonts.BOLD,
                              colour=BAD if broken else GOOD, where="chain difference",
                              align="centre", valign="bottom")
                c.setStrokeColor(BAD if broken else GOOD)
                c.setLineWidth(1)
                c.line(x + side + mm(1), top - side * 0.6, x + side + gap - mm(1),
                       top - side * 0.6)
                x += side + gap
                cards.draw(c, Rect(x, top - side, side, side), to,
                           frame=BAD if broken else INK, width=1.6 if broken else 0.6)

    return Figure(width, row_h * max(len(rows), 1), draw)


def table_at_bonus(v: Verified) -> tuple[list[str], Mapping[str, str], int] | None:
    """The member cards on the table when the first bonus round began, its features, answer."""
    revealed = next((e for e in v.replay.events if e.kind == "bonus-revealed"), None)
    answered = next((e for e in v.replay.events if e.kind == "bonus"), None)
    if revealed is None or answered is None:
        return None
    setup = v.example.setup
    grid = [card for card in setup.get("grid") or [] if card != "-"]
    laid = [card for card in setup.get("pile") or [] if not card.startswith("bonus")]
    table = (grid + laid)[:revealed.params["table"]]
    return table, revealed.params["features"], answered.params["answer"]


def bonus_figure(v: Verified, data: Mapping[str, Any], width: float, locale: str,
                 number: Callable[[int], str]) -> Figure:
    cards = _Cards(data)
    table, features, answer = table_at_bonus(v)  # type: ignore[misc]
    columns = 8
    side = mm(12)
    rows = -(-len(table) // columns)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        icon = mm(11)
        x = box.x
        for attribute, value in features.items():
            draw_feature_icon(c, Rect(x, box.top - icon, icon, icon), attribute, value, data)
            x += icon + mm(2)
        c.setFillColor(INK)
        ink.line(f"= {number(answer)}", Rect(x, box.top - icon, mm(14), icon), fonts.BOLD,
                 14, 8, where="bonus answer")
        left = box.x + mm(40)
        for i, short in enumerate(table):
            r, k = divmod(i, columns)
            cell = Rect(left + k * (side + mm(1.5)), box.top - (r + 1) * (side + mm(1.5)),
                        side, side)
            both = cards.model.parse(short).shows(features)
            cards.draw(c, cell, short, frame=MARK if both else INK, width=2.4 if both else 0.5)

    return Figure(width, rows * (side + mm(1.5)) + mm(1), draw)


def solo_figure(v: Verified, data: Mapping[str, Any], width: float, locale: str,
                number: Callable[[int], str]) -> Figure:
    cards = _Cards(data)
    grid = list(v.example.setup["solo_grid"])
    chain = next(e.params["chain"] for e in v.replay.events if e.kind == "solo-round")
    order: dict[int, int] = {}
    for n, short in enumerate(chain, start=1):
        slot = next(i for i, card in enumerate(grid) if card == short and i not in order)
        order[slot] = n
    columns = data["solo"]["columns"]
    side = mm(13)
    rows = -(-len(grid) // columns)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        left = box.x + (box.width - columns * (side + mm(1.5))) / 2
        for i, short in enumerate(grid):
            r, k = divmod(i, columns)
            cell = Rect(left + k * (side + mm(1.5)), box.top - (r + 1) * (side + mm(1.5)),
                        side, side)
            cards.draw(c, cell, short, frame=INK if i in order else BAD,
                       width=0.5 if i in order else 1.8)
            badge = Rect(cell.x, cell.top - mm(4.5), mm(6), mm(4.5))
            c.setFillColor(HexColor("#ffffff") if i in order else BAD)
            c.rect(badge.x, badge.y, badge.width, badge.height, stroke=0, fill=1)
            c.setFillColor(INK if i in order else HexColor("#ffffff"))
            ink.line(number(order[i]) if i in order else "✗", badge, fonts.BOLD, 7, 4,
                     where="solo order")

    return Figure(width, rows * (side + mm(1.5)) + mm(1), draw)


def attributes_figure(data: Mapping[str, Any], width: float, locale: str,
                      translate: Callable[[str], str]) -> Figure:
    """For each feature, its two ways side by side with their names."""
    attributes = data["attributes"]
    icon = mm(13)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        column = box.width / len(attributes)
        for i, attribute in enumerate(attributes):
            x0 = box.x + i * column
            for k, value in enumerate(attribute["values"]):
                cell = Rect(x0 + column / 2 - icon - mm(1) + k * (icon + mm(2)),
                            box.top - icon, icon, icon)
                draw_feature_icon(c, cell, attribute["id"], value, data)
                c.setFillColor(INK)
                ink.line(translate(attribute["labels"][k]),
                         Rect(cell.x - mm(1.5), cell.y - mm(4.5), icon + mm(3), mm(4)),
                         fonts.REGULAR, 7, 4, where="feature label")
            ink.line(translate(attribute["name"]), Rect(x0, box.y, column, mm(4.5)),
                     fonts.BOLD, 8, 5, where="feature name")

    return Figure(width, icon + mm(10), draw)
