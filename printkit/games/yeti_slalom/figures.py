"""The rulebook's pictures, drawn with the kit's own drawing code and the verified examples.

* the cover and the components: the real card fronts and board spaces (cards.py,
  board.py), scaled down, with their counts from game.toml;
* the setup: the whole board as board.py draws it, scaled down;
* a throw: the rows of the course an example is about, each space of the Yeti's
  row with its die symbol (art.throw_mark, as on the board), each snowboarder as
  a disc of its team's colour with its value; a snowboarder hit gets a ring and a
  snowball beside it, one the throw spared a ring only, so no mark hides a value;
* the finish: the last row and the finish spaces with their multipliers;
* the quick reference's chart: the die symbol of each column for green and red Yetis,
  and the finish spaces.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import shapes
from printkit.drawing.alternative import Alternative, attach
from printkit.drawing.figure import Figure
from printkit.drawing.ink import tint
from printkit.drawing.text import Ink, floor_of
from printkit.examples import Verified
from printkit.geometry import CardBox, Rect, mm
from printkit.language import fonts
from printkit.model.game import RenderContext

from .art import (
    GOLD,
    ICE,
    INK,
    MUTED,
    NAVY,
    PAPER,
    START,
    draw_snowball,
    side_colour,
    team_colour,
    throw_mark,
)
from .board import Geometry, course_space, draw_board, yeti_space
from .cards import snowball_front, snowboarder_front, yeti_front

#: Largest edge of one space in an example diagram.
CELL_MM = 10
HIT = HexColor("#c8323c")
SPARED = HexColor("#2f8a4c")
WHERE = "rulebook"

Space = tuple[int, int]


def _ink(c: Canvas, ctx: RenderContext) -> Ink:
    return Ink(c, ctx.localizer.code, WHERE, floor_pt=floor_of(ctx.document))


def _card_box(width: float, height: float) -> CardBox:
    trim = Rect(0, 0, width, height)
    return CardBox(trim=trim, bleed=trim, safe=trim.inset(mm(3)))


def _scaled(c: Canvas, x: float, y: float, scale: float, draw: Callable[[], None]) -> None:
    c.saveState()
    c.translate(x, y)
    c.scale(scale, scale)
    draw()
    c.restoreState()


# --- cover and components ----------------------------------------------------------------

def _card_sizes(data: Mapping[str, Any]) -> tuple[float, float, float]:
    p = data["print"]
    return mm(p["card_width_mm"]), mm(p["card_height_mm"]), mm(p["snowboarder_mm"])


def cover_figure(ctx: RenderContext, width: float) -> Figure:
    """A fan of the kit's cards: two Yeti cards, a snowball and a snowboarder of each team."""
    data = ctx.data
    cw, ch, sb = _card_sizes(data)
    height = mm(46)
    scale = height / ch * 0.92
    yetis = [(data["yetis"][0], "green"), (data["yetis"][-1], "red")]

    def draw(c: Canvas, box: Rect) -> None:
        ink = _ink(c, ctx)
        cards = [lambda: yeti_front(c, ink, ctx, _card_box(cw, ch), *yetis[0]),
                 lambda: snowball_front(c, ink, ctx, _card_box(cw, ch)),
                 lambda: yeti_front(c, ink, ctx, _card_box(cw, ch), *yetis[1])]
        step = cw * scale * 1.08
        teams = data["teams"]
        boarders = sb * scale * 0.8
        total = len(cards) * step + len(teams) * (boarders + mm(2))
        x = box.x + (box.width - total) / 2
        for draw_card in cards:
            _scaled(c, x, box.y + (box.height - ch * scale) / 2, scale, draw_card)
            x += step
        x += mm(2)
        for i, team in enumerate(teams):
            y = box.y + box.height / 2 - boarders / 2 + (mm(5) if i % 2 else -mm(5))
            _scaled(c, x, y, scale * 0.8, lambda team=team: snowboarder_front(
                c, ink, ctx, _card_box(sb, sb), team, data["snowboarders"]["values"][-1]))
            x += boarders + mm(2)

    return attach(Figure(width, height, draw), Alternative(decorative=True))


def components_figure(ctx: RenderContext, width: float, labels: Mapping[str, str]) -> Figure:
    """Each kind of component, drawn as the kit draws it, with its count underneath.

    ``labels`` holds the translated counts: ``board``, ``yetis``, ``snowballs``,
    ``snowboarders``, ``die``.
    """
    data = ctx.data
    cw, ch, sb = _card_sizes(data)
    space = mm(data["print"]["space_mm"])
    scale = mm(36) / ch
    label_h = mm(9)
    height = mm(36) + label_h + mm(2)
    guarded = data["yetis"][0]

    def draw(c: Canvas, box: Rect) -> None:
        ink = _ink(c, ctx)
        art_y = box.y + label_h + mm(1)
        # the widths of the five pictures, then the gaps between them
        board_w = 3 * space * scale
        widths = [board_w, cw * scale, cw * scale, sb * scale * 2 + mm(2), mm(12)]
        gap = (box.width - sum(widths)) / (len(widths) + 1)
        x = box.x + gap
        slots = []
        for w in widths:
            slots.append(Rect(x, art_y, w, mm(36)))
            x += w + gap
        # a corner of the board: the green Yeti space of the first Yeti row and two spaces
        b = slots[0]
        y0 = b.y + (b.height - space * scale) / 2

        def corner() -> None:
            yeti_space(c, ink, ctx, guarded, "green", Rect(0, 0, space, space))
            for i in (1, 2):
                course_space(c, ctx, guarded["row"], i, Rect(i * space + mm(1), 0, space, space),
                             True)

        _scaled(c, b.x, y0, scale, corner)
        _scaled(c, slots[1].x, art_y, scale,
                lambda: yeti_front(c, ink, ctx, _card_box(cw, ch), data["yetis"][1], "red"))
        _scaled(c, slots[2].x, art_y, scale,
                lambda: snowball_front(c, ink, ctx, _card_box(cw, ch)))
        s = slots[3]
        for i, team in enumerate(data["teams"][:2]):
            _scaled(c, s.x + i * (sb * scale + mm(2)), s.y + (s.height - sb * scale) / 2, scale,
                    lambda team=team, i=i: snowboarder_front(
                        c, ink, ctx, _card_box(sb, sb), team,
                        data["snowboarders"]["values"][i]))
        d = slots[4]
        shapes.die_face(c, d.x, d.y + (d.height - d.width) / 2, d.width,
                        data["throws"]["hit_from"] + 2, ink=INK)
        c.setFillColor(INK)
        for slot, key in zip(slots, ("board", "yetis", "snowballs", "snowboarders", "die"),
                             strict=True):
            wide = Rect(slot.centre[0] - (slot.width + gap) / 2, box.y, slot.width + gap * 0.9,
                        label_h)
            ink.paragraph(labels[key], wide, size=8.5, min_size=6, font=fonts.BOLD,
                          colour=INK, align="centre", valign="middle",
                          where=f"components {key}")

    # The counts under the pictures, in words.
    return attach(Figure(width, height, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the components picture (read by a
        # screen reader; a list of the components with their counts follows it).
        alt=ctx.localizer.gettext("Each kind of component, drawn as it is printed"),
        items=tuple(labels[key] for key in ("board", "yetis", "snowballs", "snowboarders",
                                            "die"))))


def setup_figure(ctx: RenderContext, width: float, height: float = mm(92)) -> Figure:
    """The whole board as printed, scaled down to ``height``."""
    geo = Geometry(ctx.data)
    scale = min(height / geo.height, width / geo.width)

    def draw(c: Canvas, box: Rect) -> None:
        ink = _ink(c, ctx)
        x = box.x + (box.width - geo.width * scale) / 2
        _scaled(c, x, box.y, scale, lambda: draw_board(c, ink, ctx, geo))
        c.setStrokeColor(NAVY)
        c.setLineWidth(0.6)
        c.rect(x, box.y, geo.width * scale, geo.height * scale, stroke=1, fill=0)

    return attach(Figure(width, geo.height * scale, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the setup picture: the whole board,
        # drawn small (its caption says where things are).
        alt=ctx.localizer.gettext("The whole board as printed")))


# --- worked examples -----------------------------------------------------------------------

def throw_event(v: Verified) -> Mapping[str, Any] | None:
    return next((e.params for e in v.replay.events if e.kind == "yeti"), None)


def _spaces(v: Verified, kind: str) -> set[Space]:
    return {(s[0], s[1]) for e in v.replay.events if e.kind == kind for s in e.params["spaces"]}


def _positions(v: Verified, index: int) -> dict[Space, Mapping[str, Any]]:
    state = v.replay.states[index]
    return {space: sb.as_dict() for space, sb in state.on_course()}


def _rows(data: Mapping[str, Any], rows: Sequence[int]) -> list[int]:
    """The rows around ``rows``, one more above and below where the course has them."""
    low = max(1, min(rows) - 1)
    high = min(data["course"]["rows"], max(rows) + 1)
    return list(range(low, high + 1))


def _disc(c: Canvas, ink: Ink, ctx: RenderContext, snowboarder: Mapping[str, Any],
          cx: float, cy: float, r: float, faint: bool = False) -> None:
    """A snowboarder: a disc of its team's colour with its value; dashed and pale if ``faint``."""
    team = next(t for t in ctx.data["teams"] if t["id"] == snowboarder["team"])
    colour = team_colour(team)
    c.setFillColor(tint(colour, 0.6) if faint else colour)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    if faint:
        c.setDash(1.5, 1.2)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setDash()
    c.setFillColor(INK if faint or colour.green > 0.6 else PAPER)
    ink.line(ctx.localizer.number(snowboarder["value"]),
             Rect(cx - r, cy - r * 0.8, 2 * r, 1.6 * r), fonts.BOLD, 9, 5,
             where="example diagram value")


def _draw_row_number(c: Canvas, ink: Ink, ctx: RenderContext, row: int, x: float, y: float,
                     cell: float) -> None:
    """A row's number, left of the row."""
    c.setFillColor(NAVY)
    ink.line(ctx.localizer.number(row), Rect(x, y, cell * 0.7, cell), fonts.BOLD, 7.5, 5,
             where="example diagram row")


def _draw_face_down(c: Canvas, x: float, y: float, cell: float) -> None:
    """A later finisher's card, face down, in a finish space's place of side ``cell``."""
    c.setFillColor(START)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.roundRect(x, y + cell * 0.1, cell * 0.8, cell * 0.8, 2, stroke=1, fill=1)


@dataclass(frozen=True)
class _Scene:
    """What a course diagram shows: its rows, the throw, the snowboarders and the marks."""

    rows: list[int]
    throw: Mapping[str, Any] | None
    #: The snowboarders drawn, by space, and those the throw took off (drawn faint).
    shown: Mapping[Space, Mapping[str, Any]]
    gone: Mapping[Space, Mapping[str, Any]]
    #: The spaces the next captain's snowboarder may move to, each marked with a dot.
    destinations: set[Space]
    hit: set[Space]
    spared: set[Space]
    started: set[Space]


def _scene(v: Verified, data: Mapping[str, Any]) -> _Scene:
    """What an example's course diagram shows: a throw on the position it was thrown at,
    anything else after its last step."""
    throw = throw_event(v)
    destinations = {(s[0], s[1]) for s in v.replay.observed.get("destinations") or []}
    passed = any(e.kind == "passed" for e in v.replay.events)
    show_moves = bool(destinations) and (throw is None or passed)
    throw_index = next((i for i, s in enumerate(v.example.steps) if s.get("yeti")), None)
    positions = _positions(v, throw_index if throw_index is not None else -1)
    shown = positions
    gone: dict[Space, Mapping[str, Any]] = {}
    if throw is not None and show_moves:
        # after the throw (and a pass): who is left on the course, and where they may go
        shown = _positions(v, -1)
        gone = {s: p for s, p in positions.items() if s not in shown}
    focus = [throw["row"]] if throw else []
    focus += [s[0] for s in positions] + [s[0] for s in destinations]
    started = {(e.params["space"][0], e.params["space"][1]) for e in v.replay.events
               if e.kind == "started"}
    return _Scene(rows=_rows(data, focus or [1]), throw=throw, shown=shown, gone=gone,
                  destinations=destinations if show_moves else set(), hit=_spaces(v, "hit"),
                  spared=_spaces(v, "spared"), started=started)


def course_figure(v: Verified, ctx: RenderContext, width: float) -> Figure:
    """The rows an example is about, before its last step, marked with what happened.

    For a throw: the position before it, the Yeti card on its space and the die
    symbols of its colour in its row; hits and spared snowboarders are ringed.
    For a start or a move: the position after it, the snowboarder that started
    outlined, and a dot on each space the next captain's snowboarder may move to.
    """
    data = ctx.data
    scene = _scene(v, data)
    rows = scene.rows
    columns = data["course"]["columns"]
    cell = min(mm(CELL_MM), width / (columns + 3.2))
    height = len(rows) * cell + mm(1)

    def draw(c: Canvas, box: Rect) -> None:
        ink = _ink(c, ctx)
        left = box.x + (box.width - (columns + 3) * cell) / 2 + cell
        for i, row in enumerate(rows):
            y = box.top - (i + 1) * cell
            _draw_row_number(c, ink, ctx, row, left - cell, y, cell)
            _draw_yeti_spaces(c, data, scene.throw, row, left, y, cell)
            for col in range(1, columns + 1):
                _draw_course_space(c, ink, ctx, scene, (row, col), left + col * cell, y, cell)
        c.setStrokeColor(NAVY)
        c.setLineWidth(0.9)
        top = box.top - len(rows) * cell
        c.rect(left + cell, top, columns * cell, len(rows) * cell, stroke=1, fill=0)

    return Figure(width, height, draw)


def _draw_yeti_spaces(c: Canvas, data: Mapping[str, Any], throw: Mapping[str, Any] | None,
                      row: int, left: float, y: float, cell: float) -> None:
    """A Yeti row's green and red Yeti spaces; the one thrown from shows its die symbol."""
    if row not in {yeti["row"] for yeti in data["yetis"]}:
        return
    for side, col in (("green", 0), ("red", data["course"]["columns"] + 1)):
        x = left + col * cell
        colour = side_colour(data, side)
        active = throw is not None and throw["row"] == row and throw["colour"] == side
        c.setFillColor(tint(colour, 0.35) if active else tint(colour, 0.88))
        c.setStrokeColor(colour)
        c.setLineWidth(1.4 if active else 0.5)
        c.roundRect(x + 1, y + 1, cell - 2, cell - 2, 2, stroke=1, fill=1)
        if active:
            throw_mark(c, side, x + cell / 2, y + cell / 2, cell * 0.62, colour)


def _draw_course_space(c: Canvas, ink: Ink, ctx: RenderContext, scene: _Scene, space: Space,
                       x: float, y: float, cell: float) -> None:
    """A space of the course: the throw's die symbol, a dot, its snowboarder and its marks."""
    data = ctx.data
    row, col = space
    throw = scene.throw
    c.setFillColor(tint(START, 0.8) if row in data["course"]["start_rows"] else ICE)
    c.setStrokeColor(NAVY)
    c.setLineWidth(0.4)
    c.rect(x, y, cell, cell, stroke=1, fill=1)
    if throw is not None and row == throw["row"]:
        face = data["throws"][throw["colour"]][col - 1]
        if face:
            # the die symbol in the space's top corner, as small as still legible
            throw_mark(c, throw["colour"], x + cell / 2, y + cell * 0.75, cell * 0.5,
                       side_colour(data, throw["colour"]), face)
        # the snowboarder below the die symbol
        cx, cy, r = x + cell / 2, y + cell * 0.3, cell * 0.2
    else:
        cx, cy, r = x + cell / 2, y + cell / 2, cell * 0.27
    if space in scene.destinations:
        c.setFillColor(SPARED)
        c.circle(x + cell / 2, y + cell / 2, cell * 0.12, stroke=0, fill=1)
    if space in scene.shown:
        _disc(c, ink, ctx, scene.shown[space], cx, cy, r)
    elif space in scene.gone:
        _disc(c, ink, ctx, scene.gone[space], cx, cy, r, faint=True)
    if space in scene.hit or space in scene.spared or space in scene.started:
        c.setStrokeColor(HIT if space in scene.hit else SPARED if space in scene.spared
                         else NAVY)
        c.setLineWidth(1.3)
        c.circle(cx, cy, r + 1.6, stroke=1, fill=0)
    if space in scene.hit:
        draw_snowball(c, x + cell * 0.86, cy, cell * 0.11, 0.4)


def finish_figure(v: Verified, ctx: RenderContext, width: float) -> Figure:
    """The last row and the finish spaces after the example's move; the mover is outlined."""
    data = ctx.data
    columns = data["course"]["columns"]
    moved = next((e.params for e in v.replay.events
                  if e.kind in ("finished", "finished-late")), None)
    before = _positions(v, 0)
    finishers = [sb.as_dict() for sb in v.replay.states[-1].finishers()]
    cell = min(mm(CELL_MM), width / (columns + 3))
    height = cell * 2 + mm(3)

    def draw(c: Canvas, box: Rect) -> None:
        ink = _ink(c, ctx)
        left = box.x + (box.width - (columns + 2) * cell) / 2
        y = box.top - cell
        _draw_last_row(c, ink, ctx, before, moved, left, y, cell)
        fy = y - mm(2) - cell
        _draw_finish_spaces(c, ink, ctx, finishers, moved, left, fy, cell)
        if moved is not None and moved.get("space") is None:
            # a late finisher: face down beside the finish spaces, as its captain keeps it
            x = left + (len(data["finish"]["multipliers"]) + 1) * cell + mm(3)
            _draw_face_down(c, x, fy, cell)
            shapes.arrow(c, left + moved["from"][1] * cell + cell / 2, y,
                         x + cell * 0.4, fy + cell * 0.9, width=0.8, head=mm(1.6), colour=NAVY)

    return Figure(width, height, draw)


def _draw_last_row(c: Canvas, ink: Ink, ctx: RenderContext,
                   before: Mapping[Space, Mapping[str, Any]], moved: Mapping[str, Any] | None,
                   left: float, y: float, cell: float) -> None:
    """The course's last row before the move; the snowboarder that finished drawn faint."""
    last = ctx.data["course"]["rows"]
    _draw_row_number(c, ink, ctx, last, left - cell * 0.2, y, cell)
    for col in range(1, ctx.data["course"]["columns"] + 1):
        x = left + col * cell
        c.setFillColor(ICE)
        c.setStrokeColor(NAVY)
        c.setLineWidth(0.4)
        c.rect(x, y, cell, cell, stroke=1, fill=1)
        space = (last, col)
        if space in before:
            mover = moved is not None and list(space) == moved["from"]
            _disc(c, ink, ctx, before[space], x + cell / 2, y + cell / 2, cell * 0.3,
                  faint=mover)


def _draw_finish_spaces(c: Canvas, ink: Ink, ctx: RenderContext,
                        finishers: Sequence[Mapping[str, Any]], moved: Mapping[str, Any] | None,
                        left: float, fy: float, cell: float) -> None:
    """The finish spaces with their multipliers and finishers; the one that just finished
    ringed."""
    for i, multiplier in enumerate(ctx.data["finish"]["multipliers"]):
        x = left + (i + 1) * cell
        c.setFillColor(tint(GOLD, 0.55))
        c.setStrokeColor(NAVY)
        c.setLineWidth(0.6)
        c.rect(x, fy, cell, cell, stroke=1, fill=1)
        c.setFillColor(INK)
        ink.line(f"×{ctx.localizer.number(multiplier)}",
                 Rect(x, fy + cell * 0.62, cell, cell * 0.36), fonts.BOLD, 6.5, 4,
                 where="example diagram multiplier")
        if i < len(finishers):
            _disc(c, ink, ctx, finishers[i], x + cell / 2, fy + cell * 0.36, cell * 0.26)
            if moved is not None and i == moved.get("space", 0) - 1:
                c.setStrokeColor(NAVY)
                c.setLineWidth(1.3)
                c.circle(x + cell / 2, fy + cell * 0.36, cell * 0.26 + 1.6, stroke=1,
                         fill=0)


# --- the quick reference's chart ------------------------------------------------------------

#: The chart's spaces (the Yeti row's and the finish's), its head (the column numbers) and
#: each line of symbols under it.
_CHART_CELL = _FINISH_CELL = mm(11)
_CHART_HEAD, _CHART_LINE = mm(6), mm(5)


def reach_chart(ctx: RenderContext, width: float, labels: Mapping[str, str]) -> Figure:
    """What players look up mid-game: the die symbol of each column, and the finish.

    Left, a Yeti row as the board draws it (:func:`board.course_space`, each space with
    its green and red die symbols), the green Yeti space on its left and the red one on
    its right, the column numbers above and, below, the symbol of each colour as a
    number ("–" where a colour has none). Right, the finish spaces in finishing order
    with their multipliers, and a face-down card for a later finisher, at its value.
    ``labels`` holds the translated ``column`` and ``later`` labels.
    """
    data, loc = ctx.data, ctx.localizer
    columns = data["course"]["columns"]
    multipliers = data["finish"]["multipliers"]
    # What the chart prints, read by the drawing and the words alike: each column's
    # number and its symbol for each colour ("–": none), each finish space's multiplier.
    numbers = [loc.number(col) for col in range(1, columns + 1)]
    symbols = {side: [loc.number(face) if face else "–" for face in data["throws"][side]]
               for side in ("green", "red")}
    times = [loc.number(m) for m in multipliers]
    cell, head = _CHART_CELL, _CHART_HEAD
    height = head + cell + 2 * _CHART_LINE + mm(2)
    # the chart: a label column, the Yeti spaces and the course; then the finish, apart
    chart_w = cell * 1.2 + (columns + 2) * cell + mm(2)
    finish_w = len(multipliers) * _FINISH_CELL + mm(3) + _FINISH_CELL * 0.8

    def draw(c: Canvas, box: Rect) -> None:
        ink = _ink(c, ctx)
        gap = max(mm(8), (box.width - chart_w - finish_w) / 3)
        top = box.top - head
        c.setFillColor(NAVY)
        ink.line(labels["column"], Rect(box.x + gap - mm(2), top, cell * 1.2 + cell, head),
                 fonts.BOLD, 8, 5, align="right", where="reference chart column label")
        _draw_chart_row(c, ink, ctx, box.x + gap + cell * 1.2, top, numbers, symbols)
        _draw_chart_finish(c, ink, ctx, box.right - gap - finish_w, top, finish_w,
                           labels["later"], times)

    # TRANSLATORS: HTML rules page: a cell of the table written out under the quick
    # reference's chart, where the chart prints "–": this colour of Yeti has no die
    # symbol on this column, so its throw never hits there.
    none = loc.pgettext("no die symbol on a column", "none")
    return attach(Figure(width, height, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the quick reference's chart (a row of
        # the course with its die symbols, and the finish spaces); a table of the symbols
        # and a list of the finish spaces follow it.
        alt=loc.gettext("Chart of a Yeti row and of the finish spaces"),
        header=(labels["column"], loc.gettext("Green Yeti, throws to the right"),
                loc.gettext("Red Yeti, throws to the left")),
        rows=tuple((number, *(symbols[side][i] if data["throws"][side][i] else none
                              for side in ("green", "red")))
                   for i, number in enumerate(numbers)),
        items=(*(loc.gettext("Finish space %(space)s: the snowboarder’s value × %(times)s.")
                 % {"space": loc.number(i + 1), "times": m} for i, m in enumerate(times)),
               labels["later"])))


def _draw_chart_row(c: Canvas, ink: Ink, ctx: RenderContext, x0: float, top: float,
                    numbers: Sequence[str], symbols: Mapping[str, Sequence[str]]) -> None:
    """The Yeti row between its Yeti spaces: over each space its column (``numbers``),
    under it the symbol of each colour as a number (``symbols``, by colour), and each
    colour's symbol at the left."""
    data = ctx.data
    cell, line = _CHART_CELL, _CHART_LINE
    columns = data["course"]["columns"]
    real = mm(data["print"]["space_mm"])
    guarded = data["yetis"][0]["row"]
    row_y = top - cell
    for side, slot in (("green", 0), ("red", columns + 1)):
        colour = side_colour(data, side)
        x = x0 + slot * cell + (mm(1) if side == "red" else -mm(1))
        c.setFillColor(tint(colour, 0.8))
        c.setStrokeColor(colour)
        c.setLineWidth(1.2)
        c.roundRect(x + 1, row_y + 1, cell - 2, cell - 2, 3, stroke=1, fill=1)
        throw_mark(c, side, x + cell / 2, row_y + cell / 2, cell * 0.6, colour)
    for col in range(1, columns + 1):
        x = x0 + col * cell
        c.setFillColor(NAVY)
        ink.line(numbers[col - 1], Rect(x, top, cell, _CHART_HEAD), fonts.BOLD, 9, 5,
                 where="reference chart column")
        _scaled(c, x, row_y, cell / real,
                lambda col=col: course_space(c, ctx, guarded, col, Rect(0, 0, real, real),
                                             True))
        for i, side in enumerate(("green", "red")):
            face = data["throws"][side][col - 1]
            y = row_y - (i + 1) * line
            c.setFillColor(side_colour(data, side) if face else MUTED)
            ink.line(symbols[side][col - 1], Rect(x, y, cell, line),
                     fonts.BOLD, 10, 6, where="reference chart symbol")
    for i, side in enumerate(("green", "red")):
        y = row_y - (i + 1) * line
        throw_mark(c, side, x0 + cell / 2, y + line / 2, line * 0.9,
                   side_colour(data, side))
    c.setStrokeColor(NAVY)
    c.setLineWidth(0.9)
    c.rect(x0 + cell, row_y, columns * cell, cell, stroke=1, fill=0)


def _draw_chart_finish(c: Canvas, ink: Ink, ctx: RenderContext, fx: float, top: float,
                       finish_w: float, later: str, times: Sequence[str]) -> None:
    """The finish spaces, as on the board (order number and multiplier, ``times``), and a
    later finisher: face down in front of its captain, at its value."""
    loc = ctx.localizer
    cell, finish_cell, head, line = _CHART_CELL, _FINISH_CELL, _CHART_HEAD, _CHART_LINE
    row_y = top - cell
    fy = row_y + (cell - finish_cell) / 2
    for i, multiplier in enumerate(times):
        x = fx + i * finish_cell
        c.setFillColor(tint(GOLD, 0.55))
        c.setStrokeColor(NAVY)
        c.setLineWidth(0.8)
        c.rect(x, fy, finish_cell, finish_cell, stroke=1, fill=1)
        c.setFillColor(NAVY)
        ink.line(loc.number(i + 1), Rect(x, top, finish_cell, head), fonts.BOLD, 9, 5,
                 where="reference chart finish order")
        c.setFillColor(INK)
        ink.line(f"×{multiplier}", Rect(x, fy, finish_cell, finish_cell),
                 fonts.BOLD, 13, 6, where="reference chart multiplier")
    _draw_face_down(c, fx + len(times) * finish_cell + mm(3), fy, finish_cell)
    c.setFillColor(INK)
    ink.paragraph(later, Rect(fx, row_y - 2 * line, finish_w, 2 * line),
                  size=8, min_size=5.5, colour=INK, align="centre",
                  where="reference chart later finishers")
