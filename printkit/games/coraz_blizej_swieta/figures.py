"""Rulebook diagrams drawn from a verified example: the track around the pawn and the dice.

The diagram reads only the example's setup, its computed result and the
events the engine reported, so it always shows what the rules computed.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from printkit.examples import Verified
from printkit.layout.geometry import Rect, mm
from printkit.render import fonts, shapes
from printkit.render.figure import Figure
from printkit.render.text import Ink

from .palette import GOLD, GREEN, INK, PAPER, RED, SOFT

HEIGHT_MM = 34
MAX_CELLS = 13


def shown_fields(before: int, after: int, last: int) -> list[int | None]:
    """Fields to draw around the move; None marks a gap of skipped fields."""
    lo, hi = min(before, after), max(before, after)
    if hi - lo + 3 <= MAX_CELLS:
        wanted = set(range(max(1, lo - 1), min(last, hi + 1) + 1))
    else:
        wanted = {f for x in (before, after) for f in (x - 1, x, x + 1) if 1 <= f <= last}
    out: list[int | None] = []
    for field in sorted(wanted):
        if out and out[-1] is not None and field != out[-1] + 1:
            out.append(None)
        out.append(field)
    return out


def _dice_row(c: Canvas, ink: Ink, v: Verified, area: Rect) -> None:
    """The dice of the example, centred: the roll, then (if any were set) the dice after."""
    size = min(area.height, mm(8))
    step = size * 1.25
    items: list[tuple[str, int, bool]] = []  # ("die", face, highlighted) or ("card"|"arrow")
    for event in v.replay.events:
        p = event.params
        if event.kind == "rolled":
            items += [("die", face, False) for face in p["faces"]]
            items += [("card", 0, False)] * p["cards"]
        elif event.kind == "changed":
            after = list(_rolled_faces(v))
            for index, _old, new in p["changes"]:
                after[index] = new
            changed = {index for index, _old, _new in p["changes"]}
            items.append(("arrow", 0, False))
            items += [("die", face, i in changed) for i, face in enumerate(after)]
        elif event.kind == "answered":
            items.append(("die", p["face"], True))
            items += [("card", 0, False)] * p["cards"]
    widths = {"die": step, "card": size * 1.55, "arrow": size * 1.6}
    x = area.x + (area.width - sum(widths[kind] for kind, _f, _h in items)) / 2
    y = area.y + (area.height - size) / 2
    for kind, face, highlighted in items:
        if kind == "die":
            shapes.die_face(c, x, y, size, face, highlight=GOLD if highlighted else None)
        elif kind == "card":
            _card_icon(c, ink, Rect(x, y, size * 1.3, size))
        else:
            shapes.arrow(c, x + size * 0.2, y + size / 2, x + size * 1.3, y + size / 2,
                         width=1.2, head=mm(1.8), colour=GREEN)
        x += widths[kind]


def _rolled_faces(v: Verified) -> tuple[int, ...]:
    for event in v.replay.events:
        if event.kind == "rolled":
            return tuple(event.params["faces"])
    return ()


def _card_icon(c: Canvas, ink: Ink, box: Rect) -> None:
    c.setFillColor(RED)
    c.roundRect(box.x, box.y, box.width, box.height, mm(1), stroke=0, fill=1)
    c.setFillColor(PAPER)
    ink.line("+7", box.inset(mm(0.8)), fonts.BOLD, 10, 5, where="week card icon")


def draw_track(c: Canvas, ink: Ink, v: Verified, box: Rect, wigilia: int, last: int,
               number: Callable[[int], str]) -> None:
    before = v.example.setup["field"]
    after = v.replay.observed["field"]
    fields = shown_fields(before, after, last)
    cell = min(mm(11), box.width / max(len(fields), 1) - mm(1))
    track_y = box.top - mm(18)
    x0 = box.x + (box.width - len(fields) * (cell + mm(1))) / 2
    centres: dict[int, float] = {}
    for i, field in enumerate(fields):
        x = x0 + i * (cell + mm(1))
        if field is None:
            c.setFillColor(INK)
            ink.line("…", Rect(x, track_y, cell, cell), fonts.BOLD, 12, 8, where="gap")
            continue
        fill = GOLD if field > wigilia else RED if field == wigilia else SOFT
        c.setFillColor(fill)
        c.setStrokeColor(RED)
        c.setLineWidth(0.8)
        c.roundRect(x, track_y, cell, cell, mm(1.2), stroke=1, fill=1)
        c.setFillColor(PAPER if field == wigilia else INK)
        ink.line(number(field), Rect(x, track_y + cell * 0.45, cell, cell * 0.5),
                 fonts.BOLD, 11, 6, where="field number")
        centres[field] = x + cell / 2
    pawn_y = track_y + cell * 0.25
    if after != before and before in centres and after in centres:
        shapes.arrow(c, centres[before], track_y + cell + mm(2.5), centres[after],
                     track_y + cell + mm(2.5), width=1.2, head=mm(2), colour=GREEN)
        c.setStrokeColor(GREEN)
        c.setLineWidth(1.4)
        c.setFillColor(PAPER)
        c.circle(centres[before], pawn_y, cell * 0.16, stroke=1, fill=1)
    c.setFillColor(GREEN)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.circle(centres[after], pawn_y, cell * 0.18, stroke=1, fill=1)
    _dice_row(c, ink, v, Rect(box.x, box.y, box.width, mm(11)))


def track_figure(v: Verified, width: float, wigilia: int, last: int, locale: str,
                 number: Callable[[int], str]) -> Figure:
    def draw(c: Canvas, box: Rect) -> None:
        draw_track(c, Ink(c, locale, "rulebook"), v, box, wigilia, last, number)

    return Figure(width, mm(HEIGHT_MM), draw)
