"""Rulebook figures, drawn with the kit's own drawing code.

* the value table (a bear per colour with its value and points);
* the cover picture and the components (a token of each colour, die faces, a
  corner of the rink), drawn by the functions that draw the tokens, dice and rink;
* the setup (the rink with a bear on every spot, the dice, a player's two areas);
* the four outcomes of a roll, each as a pair of dice with its name (quick reference);
* each worked example's diagram: its rolls with the bears each one took, and
  the middle, the pulled bears and each player's secured bears before and after.

Example diagrams read only the story of a verified example (see rulebook.py):
the positions and events the rules engine replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.alternative import Alternative, attach
from printkit.drawing.figure import Figure
from printkit.drawing.ink import NORMAL, fills_for
from printkit.drawing.text import FLOOR_PT, Ink, floor_of
from printkit.errors import FitError
from printkit.geometry import Rect, mm
from printkit.language import bidi, fonts
from printkit.language.script import load
from printkit.language.translations import N_

from .art import (
    BOARDS,
    ICE,
    INK,
    MUTED,
    RINK_RED,
    draw_bear,
    draw_symbol,
    fill_of,
    ink_of,
    symbol_badge,
)
from .dice import draw_face
from .rink import draw_rink
from .tokens import draw_token

if TYPE_CHECKING:
    from printkit.language.translations import Localizer
    from printkit.model.game import RenderContext

    from .rulebook import Step, Story

BEARS_HEIGHT_MM = 40
FREE_SKATE = "free-skate"
#: A changed count in an example diagram.
CHANGED = HexColor("#9b1c1c")
#: An example diagram's band of rolls, the side of its dice and the gap between two rolls.
_ROLLS_BAND = mm(15)
_DIE = mm(6.5)
_ROLL_GAP = mm(4)
#: A roll's width: its two dice side by side.
_ROLL = 2 * _DIE + mm(1)
#: The head and row heights of an example diagram's position table.
_TABLE_HEAD = mm(5.5)
_ROW_HEIGHT = mm(4.3)
#: A row of the position table: its head, and each colour's count before and after.
_Row = tuple[str, dict[str, int], dict[str, int]]


def bears_figure(colours: Sequence[Mapping[str, Any]], width: float, locale: str,
                 translate: Callable[[str], str], number: Callable[[int], str],
                 points: Callable[[int], str], compact: bool = False,
                 floor_pt: float = FLOOR_PT) -> Figure:
    """One bear per colour with its value, name and points: the value table (``floor_pt``:
    the smallest size its words may print at, see :func:`printkit.drawing.text.floor_of`).

    A name too wide for its column even in bold at the floor ("Pomarańczowy") would print
    at the floor in the regular face beside names of 10 pt: the names then take two rows,
    every other one a row higher, each as wide as the two columns around its bear.
    """
    height = mm(26 if compact else BEARS_HEIGHT_MM)
    label = mm(8.5 if compact else 11)
    names = [translate(colour["name"]) for colour in colours]
    # What each column prints: the value on the bear's badge, and its points under it.
    values = [number(colour["value"]) for colour in colours]
    scores = [points(colour["value"]) for colour in colours]
    column = width / len(colours)
    script = load(locale)
    staggered = any(fonts.string_width(name, fonts.BOLD, floor_pt, script) > column
                    for name in names)
    words = label + label / 2 if staggered else label
    height += words - label

    def name_box(box: Rect, i: int) -> Rect:
        cell = Rect(box.x + i * column, box.y, column, box.height)
        if not staggered:
            return Rect(cell.x, cell.y + label / 2, cell.width, label / 2.2)
        left = max(box.x, cell.x - column / 2 + mm(0.5))
        right = min(box.right, cell.right + column / 2 - mm(0.5))
        return Rect(left, cell.y + (label if i % 2 == 0 else label / 2), right - left,
                    label / 2.2)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook", floor_pt=floor_pt)
        for i, colour in enumerate(colours):
            cell = Rect(box.x + i * column, box.y, column, box.height)
            art = Rect(cell.x, cell.y + words, cell.width, cell.height - words)
            draw_bear(c, art, colour, values[i], ink=ink, where="value table")
            c.setFillColor(INK)
            try:
                ink.line(names[i], name_box(box, i), fonts.BOLD, 10, 6,
                         where="value table name")
            except FitError:  # a long colour name: the narrower face
                ink.line(names[i], name_box(box, i), fonts.REGULAR, 10, 6,
                         where="value table name")
            ink.line(scores[i], Rect(cell.x, cell.y, cell.width, label / 2.2),
                     fonts.REGULAR, 9, 4.5, where="value table points")

    # The value table in words: the names and values it prints, a row per colour (the
    # value as a number: "2 points" is a word in Arabic, "نقطتان").
    return attach(Figure(width, height, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the value table's picture (read by a
        # screen reader; its caption and a table of the values follow it).
        alt=translate(N_("A bear of each colour, its value on its badge")),
        header=(
            # TRANSLATORS: HTML rules page: head of the first column of the value table
            # written out under its picture: a bear's colour.
            translate(N_("Colour")),
            # TRANSLATORS: HTML rules page: head of the second column of the same table:
            # the points a bear of that colour scores (a number).
            translate(N_("Points per bear"))),
        rows=tuple(zip(names, values, strict=True))))


def _die(c: Canvas, ink: Ink, rect: Rect, face: str, data: Mapping[str, Any],
         label: str | None = None) -> None:
    """A die showing ``face``: the dice sheet's face art at its printed size, scaled to
    ``rect``, on a rounded cube face."""
    spec = _faces(data)[face]
    c.saveState()
    c.setFillColor(fill_of(spec))
    c.setStrokeColor(INK)
    c.setLineWidth(0.7)
    c.roundRect(rect.x, rect.y, rect.width, rect.height, rect.width * 0.15, stroke=1, fill=1)
    c.restoreState()
    real = mm(data["print"]["die_face_mm"])
    c.saveState()
    c.translate(rect.x, rect.y)
    c.scale(rect.width / real, rect.height / real)
    draw_face(c, ink, Rect(0, 0, real, real), spec, label, NORMAL)
    c.restoreState()


def _faces(data: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    faces: dict[str, Mapping[str, Any]] = {c["id"]: c for c in data["colours"]}
    faces[FREE_SKATE] = data["dice"]["free_skate"]
    return faces


def cover_figure(ctx: RenderContext, width: float) -> Figure:
    """The cover picture: the five bears on skates, and the two dice."""
    colours = ctx.data["colours"]
    loc = ctx.localizer

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, loc.code, "rulebook")
        side = box.height
        die = mm(9)
        span = len(colours) * side * 0.8 + 2 * die + mm(8)
        x = box.x + (box.width - span) / 2
        for i, colour in enumerate(colours):
            y = box.y + (mm(2) if i % 2 else 0)
            draw_bear(c, Rect(x + i * side * 0.8, y, side, side - mm(2)), colour,
                      loc.number(colour["value"]), ink=ink, badges=False, where="cover bear",
                      fills=fills_for(ctx))
        dx = x + len(colours) * side * 0.8 + mm(6)
        for k, face in enumerate((FREE_SKATE, colours[2]["id"])):
            c.saveState()
            c.translate(dx + k * (die + mm(2)) + die / 2, box.y + side * 0.45 + k * mm(4))
            c.rotate(-12 + 24 * k)
            _die(c, ink, Rect(-die / 2, -die / 2, die, die), face, ctx.data)
            c.restoreState()

    return attach(Figure(width, mm(22), draw), Alternative(decorative=True))


def components_figure(ctx: RenderContext, width: float) -> Figure:
    """A token of each colour with its count, the dice, and a corner of the rink."""
    token_r = mm(8.5)
    loc = ctx.localizer
    colours = ctx.data["colours"]
    tokens = [(ctx._(colour["name"]),
               # TRANSLATORS: rulebook, components picture: under a bear token and its colour;
               # %(num)s is how many bears of that colour (5), which picks the form. One line,
               # 20 mm.
               loc.ngettext("%(num)s bear", "%(num)s bears", colour["bears"])
               % {"num": loc.number(colour["bears"])}) for colour in colours]
    count = ctx.data["dice"]["count"]
    # TRANSLATORS: rulebook, components picture: under two faces of a die; %(num)s is
    # the number of dice (2), which picks the form. One line about 26 mm wide.
    dice = loc.ngettext("%(num)s die", "%(num)s dice", count) % {"num": loc.number(count)}
    # TRANSLATORS: rulebook, components picture: under a corner of the rink, the board
    # the bears stand on (also the rink's document title); one line about 36 mm wide.
    rink = ctx._("Rink")

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, loc.code, "rulebook")
        top = box.top - mm(1)
        x = _draw_component_tokens(c, ink, ctx, box.x, top, token_r, tokens) + mm(4)
        rx = x + _draw_component_dice(c, ink, ctx, x, top, dice) + mm(5)
        _draw_rink_corner(c, ink, ctx, box, rx, rink)

    # The picture's labels in words: each colour with its count, the dice, the rink.
    return attach(Figure(width, 2 * token_r + mm(11), draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the components picture (a bear token of
        # each colour, two faces of a die, a corner of the rink); a list of the components
        # with their counts follows it.
        alt=loc.gettext("The components, drawn as they are printed"),
        items=(*(
            # TRANSLATORS: HTML rules page: an item of the list of components under their
            # picture: %(name)s is a colour ("White"), %(count)s its count ("5 bears").
            loc.pgettext("a component and its count", "%(name)s: %(count)s")
            % {"name": name, "count": label} for name, label in tokens), dice, rink)))


#: The height of a line of the components picture's labels.
_COMPONENT_LABEL = mm(4)


def _draw_component_tokens(c: Canvas, ink: Ink, ctx: RenderContext, left: float, top: float,
                           token_r: float, labels: Sequence[tuple[str, str]]) -> float:
    """Tokens: one of each colour, each with its name and how many there are (``labels``,
    by colour); where the last one's cell ends."""
    label_h = _COMPONENT_LABEL
    colours = ctx.data["colours"]
    cell = token_r * 2 + mm(3.5)
    for i, (colour, (colour_name, count)) in enumerate(zip(colours, labels, strict=True)):
        cx = left + cell / 2 + i * cell
        cy = top - token_r
        draw_token(c, ink, ctx, cx, cy, token_r, colour, f"components token {colour['id']}")
        c.setFillColor(INK)
        name = Rect(cx - cell / 2, cy - token_r - mm(1) - label_h, cell, label_h)
        ink.line(colour_name, name, fonts.BOLD, 8, 5, where="components name")
        ink.line(count, Rect(name.x, name.y - label_h, cell, label_h), fonts.REGULAR, 8, 5,
                 where="components count")
    return left + len(colours) * cell


def _draw_component_dice(c: Canvas, ink: Ink, ctx: RenderContext, x: float,
                         top: float, label: str) -> float:
    """The dice: two faces of one die, drawn as on the dice sheet, and how many dice there
    are (``label``); the width they take."""
    data, label_h = ctx.data, _COMPONENT_LABEL
    die = mm(12)
    free = data["dice"]["free_skate"]
    for k, face in enumerate((FREE_SKATE, data["colours"][-1]["id"])):
        _die(c, ink, Rect(x + k * (die + mm(2)), top - die - mm(2.5), die, die), face, data,
             ctx._(free["name"]) if face == FREE_SKATE else None)
    dice_w = 2 * die + mm(2)
    c.setFillColor(INK)
    ink.line(label, Rect(x, top - die - mm(4) - 2 * label_h, dice_w, label_h), fonts.REGULAR, 8, 5,
             where="components dice")
    return dice_w


def _draw_rink_corner(c: Canvas, ink: Ink, ctx: RenderContext, box: Rect, rx: float,
                      name: str) -> None:
    """A corner of the rink from ``rx`` to the box's right, cut out of the full rink
    drawing, in a dashed frame over its ``name``."""
    label_h = _COMPONENT_LABEL
    corner = Rect(rx, box.y + label_h + mm(1), box.right - rx, box.height - label_h - mm(2))
    scale = 0.3
    c.saveState()
    path = c.beginPath()
    path.roundRect(corner.x, corner.y, corner.width, corner.height, mm(2))
    c.clipPath(path, stroke=0, fill=0)
    page = ctx.paper.landscape_size
    full = Rect(0, 0, page[0] - mm(20), page[1] - mm(38))
    c.translate(corner.x - mm(0.5), corner.top - full.height * scale + mm(0.5))
    c.scale(scale, scale)
    draw_rink(c, ink, ctx, full)
    c.restoreState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    c.setDash(2, 2)
    c.roundRect(corner.x, corner.y, corner.width, corner.height, mm(2), stroke=1, fill=0)
    c.setDash()
    c.setFillColor(INK)
    ink.line(name, Rect(corner.x, box.y, corner.width, label_h), fonts.REGULAR, 8,
             5, where="components rink")


def setup_figure(ctx: RenderContext, width: float, names: Sequence[str]) -> Figure:
    """The rink with a bear on every spot, the dice beside it, and a player's two areas."""
    data, loc = ctx.data, ctx.localizer
    page = ctx.paper.landscape_size
    full = Rect(0, 0, page[0] - mm(20), page[1] - mm(38))
    rink_w = min(width * 0.5, mm(82))
    scale = rink_w / full.width
    height = full.height * scale + mm(2)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, loc.code, "rulebook")
        c.saveState()
        c.translate(box.x, box.y + mm(1))
        c.scale(scale, scale)
        draw_rink(c, ink, ctx, full, bears=True)
        c.restoreState()
        # Right of the rink: the dice, then one player's two areas.
        x = box.x + rink_w + mm(6)
        area_w = box.right - x
        die = mm(9)
        for k, colour in enumerate((data["colours"][2], data["colours"][1])):
            _die(c, ink, Rect(x + k * (die + mm(2)), box.top - die - mm(1), die, die),
                 colour["id"], data)
        c.setFillColor(INK)
        # TRANSLATORS: rulebook, setup picture: beside two dice; one line about 60 mm wide,
        # shrunk to fit.
        ink.line(ctx._("Roll both dice."), Rect(x + 2 * die + mm(5), box.top - die - mm(1),
                                                  area_w - 2 * die - mm(5), die),
                 fonts.REGULAR, 8.5, 5, align="left", where="setup dice")
        zones = Rect(x, box.y + mm(1), area_w, box.height - die - mm(6))
        c.setFillColor(INK)
        ink.line(names[0], Rect(zones.x, zones.top - mm(5), zones.width, mm(5)), fonts.BOLD,
                 10, 6, align="left", where="setup player")
        half = (zones.height - mm(7)) / 2
        pulled = Rect(zones.x, zones.y + half + mm(1.5), zones.width, half)
        secured = Rect(zones.x, zones.y, zones.width, half)
        # TRANSLATORS: rulebook, setup picture: heading of the area for the bears a player
        # pulled this turn, lost on a bust; italic, one line about 80 mm wide.
        pulled_label = loc.pgettext("setup diagram: area in front of a player",
                                    "pulled this turn (at risk)")
        # TRANSLATORS: rulebook, setup picture: heading of the area for a player's secured
        # bears, which a bust cannot take; italic, one line about 80 mm wide.
        secured_label = loc.pgettext("setup diagram: area in front of a player",
                                     "secured (safe from a bust)")
        _draw_player_area(c, ink, pulled, pulled_label, data["colours"][2:4], at_risk=True)
        _draw_player_area(c, ink, secured, secured_label, data["colours"][0:2], at_risk=False)

    return attach(Figure(width, max(height, mm(40)), draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the setup picture (read by a screen
        # reader before its caption, which says what to do).
        alt=loc.gettext("The rink with a bear on every spot, two dice, and a player’s "
                        "two areas for bears")))


def _draw_player_area(c: Canvas, ink: Ink, rect: Rect, label: str,
                      bears: Sequence[Mapping[str, Any]], at_risk: bool) -> None:
    """One of a player's two areas, with its heading and a badge per bear in it: the
    bears pulled this turn in a dashed red frame, the secured ones in a solid one."""
    c.setFillColor(ICE)
    c.setStrokeColor(RINK_RED if at_risk else BOARDS)
    c.setLineWidth(0.8)
    if at_risk:
        c.setDash(3, 2)
    c.roundRect(rect.x, rect.y, rect.width, rect.height, mm(2), stroke=1, fill=1)
    c.setDash()
    c.setFillColor(INK)
    ink.line(label, Rect(rect.x + mm(2), rect.top - mm(5), rect.width - mm(4), mm(4)),
             fonts.ITALIC, 8, 5, align="left", where="setup area")
    r = min(mm(3.2), (rect.height - mm(6)) / 2)
    for i, colour in enumerate(bears):
        symbol_badge(c, colour["symbol"], rect.x + mm(4) + r + i * (2 * r + mm(2)),
                     rect.y + mm(1) + r, r, colour)


def outcomes_figure(ctx: RenderContext, width: float) -> Figure:
    """The four outcomes of a roll, each a pair of dice as the dice sheet prints them,
    with the outcome's name under it: what a player looks up when the dice land."""
    data, loc = ctx.data, ctx.localizer
    colours = [c["id"] for c in data["colours"]]
    free = ctx._(data["dice"]["free_skate"]["name"])
    pairs = (
        # TRANSLATORS: quick reference, under a picture of two dice showing different
        # colours; bold, one line about 40 mm wide, shrunk to fit.
        ((colours[2], colours[1]), loc.pgettext("outcome of a roll, under two dice",
                                                "Two different colours")),
        # TRANSLATORS: quick reference, under a picture of two dice showing the same
        # colour; bold, one line about 40 mm wide, shrunk to fit.
        ((colours[0], colours[0]), loc.pgettext("outcome of a roll, under two dice",
                                                "Doubles")),
        # TRANSLATORS: quick reference, under a picture of a colour and the wild face;
        # %(free)s is "Free Skate" (its own entry); bold, one line about 40 mm wide.
        ((colours[3], FREE_SKATE), loc.pgettext("outcome of a roll, under two dice",
                                                "%(free)s and a colour") % {"free": free}),
        # TRANSLATORS: quick reference, under a picture of both dice showing the wild
        # face; %(free)s is "Free Skate" (its own entry); bold, one line about 40 mm wide.
        ((FREE_SKATE, FREE_SKATE), loc.pgettext("outcome of a roll, under two dice",
                                                "Double %(free)s") % {"free": free}),
    )
    die = mm(14)
    label = mm(8)
    face_names = {face["id"]: ctx._(face["name"]) for face in data["colours"]}
    face_names[FREE_SKATE] = free

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, loc.code, "rulebook", floor_pt=floor_of(ctx.document))
        cell = box.width / len(pairs)
        for i, (faces, name) in enumerate(pairs):
            x = box.x + i * cell + (cell - 2 * die - mm(3)) / 2
            for k, face in enumerate(faces):
                _die(c, ink, Rect(x + k * (die + mm(3)), box.top - die - mm(1), die, die), face,
                     data, free if face == FREE_SKATE else None)
            # Two lines at most: a long outcome name wraps rather than shrinking away.
            ink.paragraph(name, Rect(box.x + i * cell + mm(1), box.y, cell - mm(2), label),
                          size=9.5, min_size=6, font=fonts.BOLD, colour=INK,
                          where="outcome name", align="centre")

    # The outcomes in words: each one's name and the faces its dice show.
    return attach(Figure(width, die + label + mm(3), draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the quick reference's picture of the
        # four outcomes of a roll (read before a table of them and its caption).
        alt=loc.gettext("Four pairs of dice, each under its outcome’s name"),
        header=(
            # TRANSLATORS: HTML rules page: head of the first column of the table written
            # out under the picture of the outcomes of a roll: the outcome's name.
            loc.gettext("Outcome"),
            # TRANSLATORS: HTML rules page: head of the second column of the same table:
            # the two faces the outcome's dice show in the picture.
            loc.gettext("Dice shown")),
        rows=tuple((name, loc.list([face_names[f] for f in faces])) for faces, name in pairs)))


def _badge(c: Canvas, data: Mapping[str, Any], colour: str, cx: float, cy: float,
           r: float) -> None:
    spec = _faces(data)[colour]
    symbol_badge(c, spec["symbol"], cx, cy, r, spec)


def story_figure(ctx: RenderContext, story: Story, width: float,
                 names: Sequence[str]) -> Figure:
    """An example's rolls (each with the bears it took) over a table of the position:
    one column per colour, rows for the middle, the bears pulled this turn and each
    player's secured bears; a count that changed shows before → after."""
    loc = ctx.localizer
    rows = _position_rows(ctx, story, names)
    height = _ROLLS_BAND + mm(2) + _TABLE_HEAD + len(rows) * _ROW_HEIGHT

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, loc.code, "rulebook")
        _draw_rolls(c, ink, box, story, ctx)
        _draw_position(c, ink, box, rows, ctx)

    return Figure(width, height, draw)


def _position_rows(ctx: RenderContext, story: Story, names: Sequence[str]) -> list[_Row]:
    """The rows of an example's position: the middle, the bears pulled this turn (if any
    were, before or after) and each player's secured bears."""
    loc = ctx.localizer
    first, last = story.first, story.last
    rows: list[_Row] = [
        # TRANSLATORS: rulebook, example pictures: row head for the bears still in the middle
        # of the rink; one line about 13 mm wide, shrunk to fit.
        (loc.pgettext("example diagram: row", "middle"), first.middle, last.middle)]
    if first.pulled or last.pulled:
        # TRANSLATORS: rulebook, example pictures: row head for the bears pulled this turn
        # (not yet secured); one line about 13 mm wide, shrunk to fit.
        rows.append((loc.pgettext("example diagram: row", "pulled"), first.pulled,
                     last.pulled))
    rows += [(names[p], first.secured[p], last.secured[p]) for p in range(story.players)]
    return rows


def _draw_rolls(c: Canvas, ink: Ink, box: Rect, story: Story, ctx: RenderContext) -> None:
    """The rolls, left to right, each with the bears it took (or a bust)."""
    steps = story.steps
    total = len(steps) * _ROLL + (len(steps) - 1) * _ROLL_GAP
    x = box.x + (box.width - total) / 2
    for n, step in enumerate(steps, start=1):
        dice_y = box.top - mm(3.2) - _DIE
        _draw_roll_dice(c, ink, x, box.top, dice_y, n, step, ctx)
        _draw_under_roll(c, ink, x, dice_y, step, ctx)
        x += _ROLL + _ROLL_GAP


def _draw_roll_dice(c: Canvas, ink: Ink, x: float, top: float, dice_y: float, n: int,
                    step: Step, ctx: RenderContext) -> None:
    """A roll's number over its two dice, or the box of a player who stops."""
    loc = ctx.localizer
    c.setFillColor(INK)
    if step.kind == "stop":
        c.setFillColor(BOARDS)
        c.roundRect(x, dice_y, _ROLL, _DIE, mm(1.2), stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff"))
        # TRANSLATORS: rulebook, example pictures: in a box where the dice of a roll
        # would be, when the player stops and secures the pulled bears; about 12 × 5 mm.
        ink.line(loc.pgettext("example diagram: a player stops", "stop"),
                 Rect(x, dice_y, _ROLL, _DIE).inset(mm(0.8)), fonts.BOLD, 8, 4.5,
                 where="diagram stop")
    else:
        c.setFillColor(INK)
        ink.line(loc.number(n), Rect(x, top - mm(3), _ROLL, mm(3)), fonts.BOLD, 7, 5,
                 where="diagram roll number")
        for k, face in enumerate(step.faces):
            _die(c, ink, Rect(x + k * (_DIE + mm(1)), dice_y, _DIE, _DIE), face, ctx.data)


def _draw_under_roll(c: Canvas, ink: Ink, x: float, dice_y: float, step: Step,
                     ctx: RenderContext) -> None:
    """Under a roll: a bust (the dice struck through), a double Free Skate's "secured",
    or a badge for each bear the roll took (or the stop secured)."""
    loc = ctx.localizer
    took = list(step.took) + [col for _o, col in step.stole]
    if step.kind == "stop":
        took = [col for col, m in step.secured.items() for _ in range(m)]
    under = Rect(x - _ROLL_GAP / 2, dice_y - mm(5), _ROLL + _ROLL_GAP, mm(4.4))
    if step.returned is not None:
        c.setFillColor(CHANGED)
        # TRANSLATORS: rulebook, example pictures: under a roll that busts: the pulled
        # bears go back to the middle and the turn ends. One line about 18 mm wide.
        ink.line(loc.pgettext("example diagram: under the dice", "bust!"), under,
                 fonts.BOLD, 7.5, 4.5, where="diagram bust")
        c.setStrokeColor(CHANGED)
        c.setLineWidth(1.2)
        c.line(x - mm(0.5), dice_y - mm(0.5), x + _ROLL + mm(0.5), dice_y + _DIE + mm(0.5))
    elif step.double_free_skate:
        c.setFillColor(BOARDS)
        # TRANSLATORS: rulebook, example pictures: under a double Free Skate, which
        # secures the pulled bears at once; one line about 18 mm wide.
        ink.line(loc.pgettext("example diagram: under the dice", "secured"), under,
                 fonts.BOLD, 7, 4.5, where="diagram secured")
    elif took:
        r = mm(1.7)
        span = len(took) * 2 * r + (len(took) - 1) * mm(0.8)
        bx = under.x + (under.width - span) / 2 + r
        for i, colour in enumerate(took):
            _badge(c, ctx.data, colour, bx + i * (2 * r + mm(0.8)), under.y + under.height / 2,
                   r)


def _draw_position(c: Canvas, ink: Ink, box: Rect, rows: Sequence[_Row],
                   ctx: RenderContext) -> None:
    """The position: one column per colour, before → after where a count changed."""
    data, loc = ctx.data, ctx.localizer
    colours = [c["id"] for c in data["colours"]]
    table_top = box.top - _ROLLS_BAND - mm(2)
    # Wide enough for the longest row label at the 6 pt floor ("przyciągnięte").
    label_w = min(mm(19.5), box.width * 0.27)
    col = min(mm(11), (box.width - label_w) / len(colours))
    left = box.x + (box.width - label_w - col * len(colours)) / 2
    for i, colour in enumerate(colours):
        _badge(c, data, colour, left + label_w + (i + 0.5) * col, table_top - _TABLE_HEAD / 2,
               mm(2.1))
    for j, (label, before, after) in enumerate(rows):
        y = table_top - _TABLE_HEAD - (j + 1) * _ROW_HEIGHT
        if j % 2 == 0:
            c.setFillColor(HexColor("#ffffff"))
            c.rect(left, y, label_w + col * len(colours), _ROW_HEIGHT, stroke=0, fill=1)
        c.setFillColor(INK)
        ink.line(label, Rect(left + mm(1), y, label_w - mm(1.5), _ROW_HEIGHT), fonts.BOLD, 7,
                 4.5, align="left", where="diagram row label")
        for i, colour in enumerate(colours):
            _draw_count(c, ink, Rect(left + label_w + i * col, y, col, _ROW_HEIGHT),
                        before.get(colour, 0), after.get(colour, 0), loc)


def _draw_count(c: Canvas, ink: Ink, cell: Rect, before: int, after: int,
                loc: Localizer) -> None:
    """One colour's count in one row: muted if unchanged ("·" for none), else before → after."""
    if after == before:
        c.setFillColor(MUTED)
        text = loc.number(after) if after else "·"
        ink.line(text, cell, fonts.REGULAR, 7, 4.5, where="diagram count")
    else:
        c.setFillColor(CHANGED)
        ink.line(bidi.change(loc.number(before), loc.number(after), ink.script.rtl), cell,
                 fonts.BOLD, 7, 4.5, where="diagram change")


__all__ = ["FREE_SKATE", "bears_figure", "components_figure", "cover_figure", "draw_symbol",
           "ink_of", "outcomes_figure", "setup_figure", "story_figure"]
