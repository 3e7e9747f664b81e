"""Rulebook diagrams: the kit's components, the setup, and each worked example.

The cover, the components and the setup are drawn with the very functions that
draw the board, the week cards (the data-driven deck's face drawer) and the tracker
sheet, scaled down. An
example's diagram reads only the example's setup, its computed result and the
events the engine reported, so it always shows what the rules computed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import shapes
from printkit.drawing.alternative import Alternative, attach
from printkit.drawing.figure import Figure
from printkit.drawing.text import Ink
from printkit.examples import Verified
from printkit.geometry import CardBox, Rect, mm
from printkit.language import fonts
from printkit.model.components import Deck, draw_face, load_deck
from printkit.model.game import RenderContext

from .board import board_cells, draw_field
from .palette import GOLD, GREEN, INK, PAPER, RED, SOFT
from .tracker import draw_player_block, player_blocks

#: Pawn colours of the diagrams, one per player (the kit's pawns are the players' own).
PAWNS = (GREEN, RED, HexColor("#2f5d9e"), GOLD)
#: The preferred size of a die in the diagrams, and in the worked examples.
DIE_MM = 7.0
EXAMPLE_DIE_MM = 5.0
#: The height of a label under a component.
LABEL_MM = 7.5
#: The safe zone the week card's artwork keeps inside its cut line.
SAFE_MM = 3.0
#: The week cards: ``[decks.tydzien-cards]`` of game.toml.
CARDS = "tydzien-cards"


@contextmanager
def _scaled(c: Canvas, x: float, y: float, scale: float) -> Iterator[None]:
    """Draw at real size, placed at (x, y) and scaled down."""
    c.saveState()
    c.translate(x, y)
    c.scale(scale, scale)
    try:
        yield
    finally:
        c.restoreState()


def _fields(c: Canvas, ink: Ink, ctx: RenderContext, fields: list[int], x: float, y: float,
            cell: float) -> dict[int, Rect]:
    """Board fields in a row, each drawn by the board's own code, ``cell`` wide."""
    real = board_cells(ctx)[0][1].width
    scale = cell / real
    placed = {}
    for i, field in enumerate(fields):
        fx = x + i * cell * 1.1
        with _scaled(c, fx, y, scale):
            draw_field(c, ink, ctx, field, Rect(0, 0, real, real))
        placed[field] = Rect(fx, y, cell, cell)
    return placed


def _fields_width(count: int, cell: float) -> float:
    return count * cell + (count - 1) * cell * 0.1


def _deck(ctx: RenderContext) -> Deck:
    return load_deck(ctx.data, CARDS, ctx.game.folder)


def _card_width(ctx: RenderContext, height: float) -> float:
    card = _deck(ctx).card
    return height * card.width_mm / card.height_mm


def _card(c: Canvas, ink: Ink, ctx: RenderContext, x: float, y: float, height: float) -> None:
    """A week card's front, drawn by the deck's own face drawer, with its cut line."""
    deck = _deck(ctx)
    w, h = mm(deck.card.width_mm), mm(deck.card.height_mm)
    scale = height / h
    trim = Rect(0, 0, w, h)
    with _scaled(c, x, y, scale):
        draw_face(c, ink, ctx, deck, deck.cards[0],
                  CardBox(trim=trim, bleed=trim, safe=trim.inset(mm(SAFE_MM))))
        c.setStrokeColor(INK)
        c.setLineWidth(0.5 / scale)
        c.rect(0, 0, w, h, stroke=1, fill=0)


def _pawn(c: Canvas, cx: float, cy: float, radius: float, colour: Color) -> None:
    c.setFillColor(colour)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.circle(cx, cy, radius, stroke=1, fill=1)


def _label(ink: Ink, text: str, box: Rect, where: str) -> None:
    ink.paragraph(text, box, size=8.5, min_size=6, colour=INK, where=where, align="centre",
                  valign="top")


def component_labels(ctx: RenderContext) -> dict[str, str]:
    """What the components figure says under each component: its count, in words."""
    loc = ctx.localizer
    parts = ctx.data["components"]
    cards, dice, pawns = (parts["tydzien_cards"], parts["dice_per_player"],
                          parts["pawns_per_player"])
    # Literal msgids, so the catalogs' extraction finds them.
    labels = {
        # TRANSLATORS: rulebook, components picture: under a few board fields; %(num)s is the
        # number of boards (1), which picks the form. Up to two lines about 80 mm wide.
        "board": (loc.npgettext("count under a picture of a component", "%(num)s board",
                                "%(num)s boards", 1), 1),
        # TRANSLATORS: rulebook, components picture: under a week card; %(num)s is the number of
        # week cards in the kit (12), which picks the form. Up to two lines about 34 mm wide.
        "cards": (loc.npgettext("count under a picture of a component", "%(num)s week card",
                                "%(num)s week cards", cards), cards),
        # TRANSLATORS: rulebook, components picture: under a tracker sheet's player block; %(num)s
        # is 1 and picks the form. Up to two lines about 50 mm wide.
        "tracker": (loc.npgettext("count under a picture of a component",
                                  "%(num)s tracker sheet", "%(num)s tracker sheets", 1), 1),
        # TRANSLATORS: rulebook, components picture: under the dice the players bring; %(num)s is
        # the most dice a player can have (7), which picks the form. Up to two lines, about 85 mm.
        "dice": (loc.npgettext("count under a picture of a component",
                               "up to %(num)s die per player (not in the kit)",
                               "up to %(num)s dice per player (not in the kit)", dice), dice),
        # TRANSLATORS: rulebook, components picture: under the pawns the players bring; %(num)s is
        # the pawns per player (1), which picks the form. Up to two lines about 50 mm wide.
        "pawns": (loc.npgettext("count under a picture of a component",
                                "%(num)s pawn per player (not in the kit)",
                                "%(num)s pawns per player (not in the kit)", pawns), pawns),
    }
    return {key: text % {"num": loc.number(n)} for key, (text, n) in labels.items()}


def components_figure(ctx: RenderContext, width: float) -> Figure:
    """Every component with its count: board fields, a week card, the tracker, dice, pawns."""
    data = ctx.data
    labels = component_labels(ctx)
    corner = [data["board"]["wigilia"] - 1, data["board"]["wigilia"], *data["board"]["goal"]]
    block = player_blocks(ctx)[0]
    gap = mm(6)
    row = mm(21)
    tracker_h = row * 0.8
    widths = [_fields_width(len(corner), row), _card_width(ctx, row),
              tracker_h * block.width / block.height]
    fit = min(1.0, (width - 2 * gap) / sum(widths))
    row, tracker_h = row * fit, tracker_h * fit
    widths = [w * fit for w in widths]
    die = mm(DIE_MM)
    height = row + mm(LABEL_MM) + mm(4) + die + mm(LABEL_MM)
    dice = data["components"]["dice_per_player"]
    players = data["players"]["max"]

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, ctx.localizer.code, "rulebook")
        x = box.x + (box.width - sum(widths) - 2 * gap) / 2
        top = box.top - row
        label_y = top - mm(LABEL_MM)
        _fields(c, ink, ctx, corner, x, top, row)
        _label(ink, labels["board"], Rect(x, label_y, widths[0], mm(LABEL_MM)), "board count")
        x += widths[0] + gap
        _card(c, ink, ctx, x, top, row)
        _label(ink, labels["cards"], Rect(x - gap / 2, label_y, widths[1] + gap, mm(LABEL_MM)),
               "week card count")
        x += widths[1] + gap
        with _scaled(c, x, top + row - tracker_h, tracker_h / block.height):
            draw_player_block(c, ink, ctx, Rect(0, 0, block.width, block.height), 1)
        _label(ink, labels["tracker"], Rect(x, label_y, widths[2], mm(LABEL_MM)),
               "tracker count")
        # What the players bring: dice and pawns.
        dice_y = label_y - mm(4) - die
        step = die * 1.3
        dice_w = dice * step - (step - die)
        pawns_w = players * die
        x = box.x + (box.width - dice_w - pawns_w - 6 * gap) / 2
        for i in range(dice):
            shapes.die_face(c, x + i * step, dice_y, die, i % 6 + 1)
        _label(ink, labels["dice"], Rect(x - 2 * gap, dice_y - mm(LABEL_MM), dice_w + 4 * gap,
                                         mm(LABEL_MM)), "dice count")
        x += dice_w + 6 * gap
        for i in range(players):
            _pawn(c, x + die * (i + 0.5), dice_y + die / 2, die * 0.36, PAWNS[i % len(PAWNS)])
        _label(ink, labels["pawns"], Rect(x - 2 * gap, dice_y - mm(LABEL_MM),
                                          pawns_w + 4 * gap, mm(LABEL_MM)), "pawn count")

    # The counts under the pictures, in words.
    return attach(Figure(width, height, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the components picture (a few board
        # fields, a week card, a tracker block, dice and pawns); a list of the components
        # with their counts follows it.
        alt=ctx.localizer.gettext("Each component, drawn as it is printed"),
        items=tuple(labels.values())))


def cover_figure(ctx: RenderContext, width: float) -> Figure:
    """The end of the race: two pawns close to Christmas, a week card and dice."""
    board = ctx.data["board"]
    fields = list(range(board["wigilia"] - 3, max(board["goal"]) + 1))
    cell = min(mm(22), width * 0.7 / (len(fields) * 1.1))
    die = min(mm(DIE_MM), cell * 0.3)
    card_h = cell * 0.58
    card_w = _card_width(ctx, card_h)
    pawn = cell * 0.12
    height = cell + pawn + mm(2)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, ctx.localizer.code, "rulebook")
        total = _fields_width(len(fields), cell) + mm(8) + card_w
        x = box.x + (box.width - total) / 2
        placed = _fields(c, ink, ctx, fields, x, box.y + mm(1), cell)
        # Pawns stand on the top edge of their fields, clear of the numbers.
        for field, colour in ((board["wigilia"], PAWNS[0]), (board["wigilia"] - 2, PAWNS[1])):
            at = placed[field]
            _pawn(c, at.x + at.width / 2, at.top, pawn, colour)
        cx = x + _fields_width(len(fields), cell) + mm(8)
        _card(c, ink, ctx, cx, box.y + mm(1) + cell - card_h, card_h)
        step = die * 1.25
        dx = cx + (card_w - 3 * step + (step - die)) / 2
        for i, face in enumerate((6, 6, 5)):
            shapes.die_face(c, dx + i * step, box.y + mm(1), die, face)

    return attach(Figure(width, height, draw), Alternative(decorative=True))


def setup_figure(ctx: RenderContext, width: float) -> Figure:
    """Every pawn on the start field, and one die for each player."""
    board = ctx.data["board"]
    players = ctx.data["players"]["max"]
    fields = list(range(board["start"], board["start"] + 6))
    cell = min(mm(18), width * 0.62 / (len(fields) * 1.1))
    die = mm(DIE_MM)
    height = cell + mm(2)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, ctx.localizer.code, "rulebook")
        dice_w = players * die * 1.6
        total = _fields_width(len(fields), cell) + mm(10) + dice_w
        x = box.x + (box.width - total) / 2
        placed = _fields(c, ink, ctx, fields, x, box.y + mm(1), cell)
        start = placed[board["start"]]
        radius = cell * 0.09
        for i in range(players):
            col, row = i % 2, i // 2
            _pawn(c, start.x + start.width * (0.3 + 0.4 * col),
                  start.top - cell * 0.14 - row * 2.4 * radius, radius, PAWNS[i % len(PAWNS)])
        dx = x + _fields_width(len(fields), cell) + mm(10)
        y = box.y + mm(1) + (cell - die - mm(5)) / 2
        for i in range(players):
            _pawn(c, dx + i * die * 1.6 + die / 2, y + die + mm(3.5), die * 0.25,
                  PAWNS[i % len(PAWNS)])
            shapes.die_face(c, dx + i * die * 1.6, y, die, 1)

    return attach(Figure(width, height, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the setup picture (its caption says
        # which field the pawns start on).
        alt=ctx.localizer.gettext("The first fields of the board with every pawn on the "
                                  "start field, and a die for each player")))


def shown_fields(before: int, after: int, last: int, max_cells: int = 13) -> list[int | None]:
    """Fields to draw around the move; None marks a gap of skipped fields."""
    lo, hi = min(before, after), max(before, after)
    if hi - lo + 3 <= max_cells:
        wanted = set(range(max(1, lo - 1), min(last, hi + 1) + 1))
    else:
        wanted = {f for x in (before, after) for f in (x - 1, x, x + 1) if 1 <= f <= last}
    out: list[int | None] = []
    for field in sorted(wanted):
        if out and out[-1] is not None and field != out[-1] + 1:
            out.append(None)
        out.append(field)
    return out


#: One thing in a row of dice: ("die", face, highlighted), ("card", 0, False),
#: ("arrow", 0, False) before the dice after a change, ("gap", 0, False) between turns.
Item = tuple[str, int, bool]


def _rolled_faces(v: Verified) -> tuple[int, ...]:
    for event in v.replay.events:
        if event.kind == "rolled":
            return tuple(event.params["faces"])
    return ()


def dice_groups(v: Verified) -> list[list[Item]]:
    """The dice of the example, one group per roll, change or Tydzień answer."""
    groups: list[list[Item]] = []
    for event in v.replay.events:
        p = event.params
        if event.kind == "rolled":
            groups.append([("die", face, False) for face in p["faces"]]
                          + [("card", 0, False)] * p["cards"])
        elif event.kind == "changed":
            after = list(_rolled_faces(v))
            for index, _old, new in p["changes"]:
                after[index] = new
            changed = {index for index, _old, _new in p["changes"]}
            groups.append([("arrow", 0, False)]
                          + [("die", face, i in changed) for i, face in enumerate(after)])
        elif event.kind == "answered":
            groups.append([("die", p["face"], True)] + [("card", 0, False)] * p["cards"])
    return groups


def _widths(size: float) -> dict[str, float]:
    return {"die": size * 1.25, "card": size * 1.55, "arrow": size * 1.6, "gap": size * 1.4}


def _dice_lines(v: Verified, width: float) -> tuple[list[list[Item]], float]:
    """The dice on one line if they fit at the preferred size, else one line per group."""
    groups = dice_groups(v)
    size = mm(EXAMPLE_DIE_MM)
    w = _widths(size)
    one: list[Item] = []
    for i, group in enumerate(groups):
        if i and group[0][0] != "arrow":
            one.append(("gap", 0, False))
        one += group
    if sum(w[k] for k, _f, _h in one) <= width:
        return [one], size
    longest = max(sum(w[k] for k, _f, _h in g) for g in groups)
    return groups, min(size, size * width / longest)


def _card_icon(c: Canvas, ink: Ink, box: Rect, label: str) -> None:
    c.setFillColor(RED)
    c.roundRect(box.x, box.y, box.width, box.height, mm(1), stroke=0, fill=1)
    c.setFillColor(PAPER)
    ink.line(label, box.inset(mm(0.8)), fonts.BOLD, 10, 5, where="week card icon")


def _dice_row(c: Canvas, ink: Ink, items: list[Item], area: Rect, size: float,
              card_label: str) -> None:
    """The row read in the reader's order: from the right in a right-to-left locale, its
    arrows pointing on to the dice after a change."""
    widths = _widths(size)
    rtl = ink.script.rtl
    step = -1 if rtl else 1
    total = sum(widths[kind] for kind, _f, _h in items)
    x = area.x + (area.width - total) / 2 + (total if rtl else 0)
    y = area.y + (area.height - size) / 2
    for kind, face, highlighted in items:
        left = x - widths[kind] if rtl else x
        if kind == "die":
            shapes.die_face(c, left, y, size, face, highlight=GOLD if highlighted else None)
        elif kind == "card":
            _card_icon(c, ink, Rect(left, y, size * 1.3, size), card_label)
        elif kind == "arrow":
            start, end = left + size * 0.2, left + size * 1.3
            if rtl:
                start, end = left + widths[kind] - size * 0.2, left + widths[kind] - size * 1.3
            shapes.arrow(c, start, y + size / 2, end, y + size / 2, width=1.2,
                         head=mm(1.8), colour=GREEN)
        x += step * widths[kind]


def _track_fields(v: Verified, width: float, last: int) -> list[int | None]:
    max_cells = max(6, min(13, int(width // mm(8))))
    return shown_fields(v.example.setup["field"], v.replay.observed["field"], last, max_cells)


def _cell(count: int, width: float) -> float:
    return min(mm(7.5), width / max(count, 1) - mm(1))


def draw_track(c: Canvas, ink: Ink, v: Verified, box: Rect, wigilia: int, last: int,
               number: Callable[[int], str], days: int = 7) -> None:
    """The fields around the move with the pawn before and after, and the dice below."""
    before = v.example.setup["field"]
    after = v.replay.observed["field"]
    fields = _track_fields(v, box.width, last)
    cell = _cell(len(fields), box.width)
    lines, size = _dice_lines(v, box.width)
    track_y = box.top - mm(4) - cell
    x0 = box.x + (box.width - len(fields) * (cell + mm(1))) / 2
    centres: dict[int, float] = {}
    for i, field in enumerate(fields):
        x = x0 + i * (cell + mm(1))
        if field is None:
            c.setFillColor(INK)
            ink.line("…", Rect(x, track_y, cell, cell), fonts.BOLD, 12, 6, where="gap")
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
        shapes.arrow(c, centres[before], track_y + cell + mm(2), centres[after],
                     track_y + cell + mm(2), width=1.2, head=mm(2), colour=GREEN)
        c.setStrokeColor(GREEN)
        c.setLineWidth(1.4)
        c.setFillColor(PAPER)
        c.circle(centres[before], pawn_y, cell * 0.16, stroke=1, fill=1)
    _pawn(c, centres[after], pawn_y, cell * 0.18, GREEN)
    line_h = size + mm(1.5)
    y = track_y - mm(1)
    for items in lines:
        y -= line_h
        _dice_row(c, ink, items, Rect(box.x, y, box.width, line_h), size, f"+{number(days)}")


def track_height(v: Verified, width: float, last: int) -> float:
    cell = _cell(len(_track_fields(v, width, last)), width)
    lines, size = _dice_lines(v, width)
    return mm(4) + cell + mm(1) + len(lines) * (size + mm(1.5))


def track_figure(v: Verified, width: float, wigilia: int, last: int, locale: str,
                 number: Callable[[int], str], days: int = 7) -> Figure:
    """An example's diagram, as tall as its dice need in the width it is given."""
    def draw(c: Canvas, box: Rect) -> None:
        draw_track(c, Ink(c, locale, "rulebook"), v, box, wigilia, last, number, days)

    return Figure(width, track_height(v, width, last), draw)
