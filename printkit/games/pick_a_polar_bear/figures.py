"""Rulebook diagrams drawn from verified examples: chains with every difference
marked, the bonus-round table with its count, and a solved solo grid; and the
cover, components and setup pictures, drawn with the card sheets' own faces.

Each figure reads the example's setup and the events the engine reported,
never rule internals, so it shows exactly what was verified.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.alternative import Alternative, attach
from printkit.drawing.figure import Figure
from printkit.drawing.pdf import Shared, draw_once
from printkit.drawing.text import FLOOR_PT, PLAY_PT, Ink
from printkit.examples import Verified
from printkit.geometry import CardBox, Rect, mm
from printkit.language import fonts
from printkit.language.translations import N_, Localizer
from printkit.model.game import RenderContext

from .art import draw_animal, draw_feature_icon
from .card_sheets import Face, combinations, component_faces
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
        draw_card_picture(c, box, self.values(short), self.data)
        c.restoreState()
        c.saveState()
        c.setStrokeColor(frame)
        c.setLineWidth(width)
        c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
        c.restoreState()


def draw_card_picture(c: Canvas, box: Rect, values: Mapping[str, str],
                      data: Mapping[str, Any]) -> None:
    """An animal card's picture in ``box``, drawn once per design and size in a document.

    A rulebook shows the same few cards again and again at one size (the chain
    and setup figures); the picture is not simply scaled, because its thinnest
    lines have a minimum width, so the size is part of the design's name. The
    picture depends on nothing else, so other documents reuse its drawing.
    """
    key = f"animal:{'/'.join(values.values())}:{box.width!r}x{box.height!r}"
    draw_once(c, key, (0, 0, box.width, box.height), (box.x, box.y),
              lambda: draw_animal(c, Rect(0, 0, box.width, box.height), values, data),
              shared=Shared(data))  # the rulebook and reference of every locale


def chains(v: Verified) -> dict[int, list[tuple[str, str, list[str], bool]]]:
    """Per player: (from, to, differences, broken) for every checked step."""
    out: dict[int, list[tuple[str, str, list[str], bool]]] = {}
    for e in v.replay.events:
        if e.kind in ("chain-step", "chain-broken"):
            p = e.params
            out.setdefault(p["player"], []).append(
                (p["from"], p["to"], list(p["differences"]), e.kind == "chain-broken"))
    return out


#: The smallest a card of a chain is drawn before the chain goes on in a second line.
MIN_CHAIN_CARD_MM = 10


def _layout(count: int, width: float, min_gap: float) -> tuple[float, float]:
    """Card side and gap for chains of up to ``count`` cards: on one line, the cards shrunk
    down to MIN_CHAIN_CARD_MM, else at that size on as many lines as it takes. The gap
    holds the words on the arrow, so it never goes below ``min_gap``."""
    gap = max(mm(GAP_MM + 8), min_gap)
    side = min(mm(CARD_MM), (width - (count - 1) * gap) / count) if count > 1 else mm(CARD_MM)
    if side >= mm(MIN_CHAIN_CARD_MM) or count <= 1:
        return side, gap
    return mm(MIN_CHAIN_CARD_MM), min_gap


def chain_figure(v: Verified, data: Mapping[str, Any], width: float, locale: str,
                 translate: Callable[[str], str], player: Callable[[int], str],
                 series: Callable[[Sequence[str]], str]) -> Figure:
    """Each player's pile from the captain on, the name above it, what changes on each arrow
    (the features, as the locale separates items: "Glasses, Fish", "メガネ、魚"); a pile too
    long for one line goes on in the next, starting with its arrow."""
    cards = _Cards(data)
    rows = chains(v)
    names = {a["id"]: translate(a["name"]) for a in data["attributes"]}
    longest = max((len(steps) + 1 for steps in rows.values()), default=1)
    # The longest feature name must fit between two cards at the legibility floor.
    widest = max((stringWidth(n, fonts.BOLD, FLOOR_PT) for n in names.values()), default=0)
    side, gap = _layout(longest, width,
                        widest + stringWidth("✗ ", fonts.BOLD, FLOOR_PT) + mm(0.8))
    label = mm(4.2)
    line_h = side + mm(2.5)

    def places(count: int) -> list[tuple[float, int]]:
        """Where each arrow starts (x from the left edge) and on which line: arrow n leads
        to card n; an arrow and its card that would pass the edge start the next line."""
        out, x, line = [], side, 0
        for _ in range(count - 1):
            if x + gap + side > width + 1e-6:
                x, line = 0.0, line + 1
            out.append((x, line))
            x += gap + side
        return out

    def height(steps: list) -> float:
        arrows = places(len(steps) + 1)
        return label + (1 + (arrows[-1][1] if arrows else 0)) * line_h

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        rtl = ink.script.rtl

        def at(x: float, w: float) -> float:
            """Where something ``x`` from the pile's start and ``w`` wide is drawn: from the
            right in a locale read right to left, the pile read in its own order."""
            return box.right - x - w if rtl else box.x + x

        top = box.top
        for who, steps in sorted(rows.items()):
            c.setFillColor(INK)
            ink.line(player(who), Rect(box.x, top - label, box.width, label), fonts.BOLD, 8,
                     6, align="left", where="chain player")
            first = top - label - side
            cards.draw(c, Rect(at(0, side), first, side, side), steps[0][0], width=1.4)
            for (ax, line), (_from, to, diffs, broken) in zip(places(len(steps) + 1), steps,
                                                              strict=True):
                x, y = at(ax, gap), first - line * line_h
                text = "=" if not diffs else series([names[d] for d in diffs])
                ink.paragraph(("✗ " if broken else "") + text,
                              Rect(x + mm(0.3), y + side * 0.42, gap - mm(0.6),
                                   max(side * 0.58, mm(5))), size=6.5, min_size=6,
                              font=fonts.BOLD, colour=BAD if broken else GOOD,
                              where="chain difference", align="centre", valign="bottom")
                c.setStrokeColor(BAD if broken else GOOD)
                c.setLineWidth(1)
                c.line(x + mm(0.8), y + side * 0.4, x + gap - mm(0.8), y + side * 0.4)
                cards.draw(c, Rect(at(ax + gap, side), y, side, side), to,
                           frame=BAD if broken else INK, width=1.6 if broken else 0.6)
            top -= height(steps)

    return Figure(width, sum(height(s) for s in rows.values()) or label + line_h, draw)


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
    """The bonus card's two features and the answer above the table; framed cards show both."""
    cards = _Cards(data)
    table, features, answer = table_at_bonus(v)  # type: ignore[misc]
    pitch = mm(12)
    columns = max(1, min(len(table), int((width + mm(1.5)) // pitch)))
    side = min(mm(10.5), (width - (columns - 1) * mm(1.5)) / columns)
    step = side + mm(1.5)
    rows = -(-len(table) // columns)
    icon = mm(10)
    head = icon + mm(2.5)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        left = box.x + (box.width - (columns * step - mm(1.5))) / 2
        x = left
        for attribute, value in features.items():
            draw_feature_icon(c, Rect(x, box.top - icon, icon, icon), attribute, value, data)
            x += icon + mm(2)
        c.setFillColor(INK)
        ink.line(f"= {number(answer)}", Rect(x, box.top - icon, mm(16), icon), fonts.BOLD,
                 14, 8, align="left", where="bonus answer")
        for i, short in enumerate(table):
            r, k = divmod(i, columns)
            cell = Rect(left + k * step, box.top - head - (r + 1) * step + mm(1.5), side, side)
            both = cards.model.parse(short).shows(features)
            cards.draw(c, cell, short, frame=MARK if both else INK, width=2.4 if both else 0.5)

    return Figure(width, head + rows * step, draw)


def _feature_label(data: Mapping[str, Any], attribute: str, value: str) -> str:
    """The English label of one way of a feature ("Big"), a msgid."""
    spec = next(a for a in data["attributes"] if a["id"] == attribute)
    return str(spec["labels"][spec["values"].index(value)])


def bonus_strip_figure(v: Verified, data: Mapping[str, Any], width: float, loc: Localizer
                       ) -> Figure:
    """The quick reference's bonus round in one strip: the two features and the answer on the
    left, the table's cards in one row after them, framed where they show both. One row,
    so it takes a single card's height on a page that must stay one page long."""
    locale, number = loc.code, loc.number
    cards = _Cards(data)
    table, features, answer = table_at_bonus(v)  # type: ignore[misc]
    # Which cards the strip frames: those that show both of the bonus card's features.
    framed = [cards.model.parse(short).shows(features) for short in table]
    icon, gap = mm(9), mm(1.2)
    label = mm(13)
    head = len(features) * (icon + mm(1.5)) + label
    side = min(icon, (width - head - (len(table) - 1) * gap) / max(1, len(table)))
    row = len(table) * side + (len(table) - 1) * gap
    height = max(icon, side)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "reference", floor_pt=PLAY_PT)
        x = box.x + (box.width - head - row) / 2
        y = box.top - height
        for attribute, value in features.items():
            draw_feature_icon(c, Rect(x, y + (height - icon) / 2, icon, icon), attribute, value,
                              data)
            x += icon + mm(1.5)
        c.setFillColor(INK)
        ink.line(f"= {number(answer)}", Rect(x, y, label - mm(1.5), height), fonts.BOLD, 13, 8,
                 align="left", where="bonus answer")
        x += label
        for short, both in zip(table, framed, strict=True):
            cards.draw(c, Rect(x, y + (height - side) / 2, side, side), short,
                       frame=MARK if both else INK, width=2.2 if both else 0.5)
            x += side + gap

    return attach(Figure(width, height, draw),
                  _bonus_strip_words(loc, data, cards, table, framed, features, answer))


def _bonus_strip_words(loc: Localizer, data: Mapping[str, Any], cards: _Cards,
                       table: Sequence[str], framed: Sequence[bool],
                       features: Mapping[str, str], answer: int) -> Alternative:
    """The bonus strip in words, from the lists it draws: the bonus card's features and
    the answer, and each card on the table with what it shows and whether it is framed."""
    def ways(values: Mapping[str, str]) -> str:
        return loc.series([loc.gettext(_feature_label(data, a, w)) for a, w in values.items()])

    # TRANSLATORS: HTML rules page: a cell of the table written out under the quick
    # reference's bonus round: this card shows both of the bonus card's features (it is
    # framed in the picture).
    yes = loc.pgettext("a card shows both features", "yes")
    # TRANSLATORS: HTML rules page: the same cell for a card that does not show both.
    no = loc.pgettext("a card shows both features", "no")
    return Alternative(
        # TRANSLATORS: HTML rules page, alt text of the quick reference's picture of a
        # bonus round: the bonus card's two features and the answer, then the cards on the
        # table in a row; a list and a table of the same follow it.
        alt=loc.gettext("A bonus round: the bonus card, its answer and the cards on the "
                        "table"),
        header=(
            # TRANSLATORS: HTML rules page: head of the first column of the table of the
            # cards on the table in the quick reference's bonus round: the card's place in
            # the row (1, 2...).
            loc.gettext("Card"),
            # TRANSLATORS: HTML rules page: head of the second column of the same table:
            # the five features the card shows ("Big, Arm raised, Glasses...").
            loc.gettext("What it shows"),
            # TRANSLATORS: HTML rules page: head of the third column of the same table:
            # whether the card shows both of the bonus card's features ("yes" or "no").
            loc.gettext("Shows both features")),
        rows=tuple((loc.number(i + 1), ways(cards.values(short)), yes if both else no)
                   for i, (short, both) in enumerate(zip(table, framed, strict=True))),
        # TRANSLATORS: HTML rules page: the bonus round of the quick reference in words:
        # %(features)s are the bonus card's two features ("Glasses, Right arm raised"),
        # %(answer)s the right answer, the number of cards that show both (3).
        items=(loc.gettext("Bonus card: %(features)s; the right answer: %(answer)s")
               % {"features": ways(features), "answer": loc.number(answer)},))


def solo_figure(v: Verified, data: Mapping[str, Any], width: float, locale: str,
                number: Callable[[int], str]) -> Figure:
    """The solo grid: each card of the chain numbered in order, the rest marked ✗."""
    cards = _Cards(data)
    grid = list(v.example.setup["solo_grid"])
    chain = next(e.params["chain"] for e in v.replay.events if e.kind == "solo-round")
    order: dict[int, int] = {}
    for n, short in enumerate(chain, start=1):
        slot = next(i for i, card in enumerate(grid) if card == short and i not in order)
        order[slot] = n
    columns = data["solo"]["columns"]
    gap = mm(1.2)
    side = min(mm(13), (width - (columns - 1) * gap) / columns)
    rows = -(-len(grid) // columns)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook")
        left = box.x + (box.width - columns * (side + gap) + gap) / 2
        for i, short in enumerate(grid):
            r, k = divmod(i, columns)
            cell = Rect(left + k * (side + gap), box.top - (r + 1) * (side + gap) + gap,
                        side, side)
            cards.draw(c, cell, short, frame=INK if i in order else BAD,
                       width=0.5 if i in order else 1.8)
            badge = Rect(cell.x, cell.top - side * 0.36, side * 0.48, side * 0.36)
            c.setFillColor(HexColor("#ffffff") if i in order else BAD)
            c.rect(badge.x, badge.y, badge.width, badge.height, stroke=0, fill=1)
            c.setFillColor(INK if i in order else HexColor("#ffffff"))
            ink.line(number(order[i]) if i in order else "✗", badge, fonts.BOLD, 7, 4,
                     where="solo order")

    return Figure(width, rows * (side + gap), draw)


# --- the cover, the components and the setup: the kit's own card faces, scaled down -------

def draw_face(c: Canvas, face: Face, ink: Ink, ctx: RenderContext, cell: Rect,
              turn: float = 0, key: str | None = None) -> None:
    """One card face as the card sheets draw it, scaled into the square ``cell``.

    A face with a ``key`` is drawn once per document, at the card's real size,
    and placed (scaled, turned) wherever it is shown again.
    """
    size = mm(ctx.data["print"]["card_mm"])
    trim = Rect(0, 0, size, size)
    scale = cell.width / size
    c.saveState()
    c.translate(*cell.centre)
    c.rotate(turn)
    c.scale(scale, scale)
    c.translate(-size / 2, -size / 2)
    clip = c.beginPath()
    clip.roundRect(0, 0, size, size, mm(2.5))
    c.saveState()
    c.clipPath(clip, stroke=0, fill=0)
    card = CardBox(trim=trim, bleed=trim, safe=trim.inset(mm(3)))
    if key is None:
        face(c, ink, ctx, card)
    else:
        draw_once(c, f"face:{key}", (0, 0, size, size), (0, 0),
                  lambda: face(c, ink, ctx, card))
    c.restoreState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.5 / scale)
    c.roundRect(0, 0, size, size, mm(2.5), stroke=1, fill=0)
    c.restoreState()


def cover_figure(ctx: RenderContext, width: float) -> Figure:
    """A fan of the kit's cards: animal cards, the hold card, a bonus card, a penalty card."""
    faces = component_faces(ctx)
    animals = combinations(ctx.data)
    picks = [animals[5], animals[18], animals[0], animals[27], animals[12]]
    side = mm(34)
    height = side * 1.2

    def animal(values: Mapping[str, str]) -> Face:
        def draw(c: Canvas, ink: Ink, ctx: RenderContext, box: CardBox) -> None:
            draw_animal(c, box.trim, values, ctx.data)
        return draw

    fan: list[Face] = [faces["penalty"], animal(picks[0]), faces["bonus"], animal(picks[1]),
                       faces["hold"], animal(picks[2]), animal(picks[3])]

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, ctx.localizer.code, "rulebook")
        n = len(fan)
        step = min(side * 0.72, (box.width - side * 1.3) / (n - 1))
        x0 = box.centre[0] - (step * (n - 1)) / 2
        for i, face in enumerate(fan):
            turn = (i - (n - 1) / 2) * -6
            lift = -abs(i - (n - 1) / 2) * mm(1.6)
            cell = Rect(x0 + i * step - side / 2, box.y + (height - side) / 2 + lift + mm(2),
                        side, side)
            draw_face(c, face, ink, ctx, cell, turn)

    return attach(Figure(width, height, draw), Alternative(decorative=True))


def components_figure(ctx: RenderContext, width: float,
                      labels: Sequence[str]) -> Figure:
    """Each kind of card once, as printed, with its name and count below it."""
    faces = component_faces(ctx)
    order = ["animal", "animal-back", "hold", "bonus", "penalty"]
    gap = mm(5)
    side = min(mm(29), (width - gap * (len(order) - 1)) / len(order))
    label = mm(8)

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, ctx.localizer.code, "rulebook")
        left = box.x + (box.width - len(order) * side - (len(order) - 1) * gap) / 2
        for i, key in enumerate(order):
            x = left + i * (side + gap)
            draw_face(c, faces[key], ink, ctx, Rect(x, box.top - side, side, side), key=key)
            c.setFillColor(INK)
            ink.paragraph(labels[i], Rect(x - gap / 2 + mm(0.5), box.y, side + gap - mm(1),
                                          label - mm(1)),
                          size=7.5, min_size=5, colour=INK, align="centre", valign="top",
                          where="component label")

    # The labels under the cards, in words.
    return attach(Figure(width, side + label, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the components picture (each kind of
        # card once); a list of the cards with their counts follows it.
        alt=ctx.localizer.gettext("Each kind of card once, as printed"),
        items=tuple(labels)))


def setup_figure(ctx: RenderContext, width: float, names: Sequence[str],
                 labels: Mapping[str, str]) -> Figure:
    """The table at the start of a round: the draw pile, the member cards face up in their
    rows, and each player's captain face down below them."""
    data = ctx.data
    back = component_faces(ctx)["animal-back"]
    rows, columns = data["table"]["rows"], data["table"]["columns"]
    deck = combinations(data)
    gap = mm(1.2)
    pile = min(mm(14), width * 0.17)
    side = min(mm(10), (width - pile - mm(4) - (columns - 1) * gap) / columns)
    grid_w = columns * side + (columns - 1) * gap
    grid_h = rows * side + (rows - 1) * gap
    cap = side * 1.1
    below = mm(3) + cap
    height = grid_h + below

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, ctx.localizer.code, "rulebook")
        left = box.x + (box.width - grid_w - pile - mm(4)) / 2 + pile + mm(4)
        top = box.top
        for i in range(rows * columns):
            r, k = divmod(i, columns)
            cell = Rect(left + k * (side + gap), top - (r + 1) * side - r * gap, side, side)
            c.saveState()
            clip = c.beginPath()
            clip.rect(cell.x, cell.y, cell.width, cell.height)
            c.clipPath(clip, stroke=0, fill=0)
            draw_card_picture(c, cell, deck[(i * 13 + 5) % len(deck)], data)
            c.restoreState()
            c.setStrokeColor(INK)
            c.setLineWidth(0.4)
            c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=0)
        # The draw pile on the left: a few backs, slightly offset.
        px = left - mm(4) - pile
        py = top - grid_h / 2 - pile / 2 + mm(3)
        for n in range(3):
            draw_face(c, back, ink, ctx, Rect(px + n * mm(0.6) - mm(1.2), py + n * mm(0.6),
                                              pile - mm(1.2), pile - mm(1.2)), key="animal-back")
        c.setFillColor(INK)
        ink.paragraph(labels["pile"], Rect(px - mm(2), py - mm(9), pile + mm(4), mm(8)),
                      size=7, min_size=4.5, colour=INK, align="centre", valign="top",
                      where="setup label")
        # The captains below the table, face down, one per player.
        slot = grid_w / len(names)
        for n, name in enumerate(names):
            x = left + n * slot
            draw_face(c, back, ink, ctx, Rect(x, box.y, cap, cap), key="animal-back")
            c.setFillColor(INK)
            ink.line(name, Rect(x + cap + mm(1.5), box.y, slot - cap - mm(2), cap), fonts.BOLD,
                     8, 5, align="left", where="setup name")

    return attach(Figure(width, height, draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the setup picture (its caption says
        # how many cards lie face up).
        alt=ctx.localizer.gettext("The draw pile, the animal cards in rows on the table, and "
                                  "a captain face down for each player")))


def attributes_figure(data: Mapping[str, Any], width: float, locale: str,
                      translate: Callable[[str], str], floor_pt: float = FLOOR_PT) -> Figure:
    """For each feature, its two ways side by side with their names (``floor_pt``: the
    smallest size they may print at, see :func:`printkit.drawing.text.floor_of`)."""
    attributes = data["attributes"]
    icon = mm(13)
    # What the picture prints: each feature's name and the names of its two ways.
    names = [translate(attribute["name"]) for attribute in attributes]
    ways = [[translate(label) for label in attribute["labels"]] for attribute in attributes]

    def draw(c: Canvas, box: Rect) -> None:
        ink = Ink(c, locale, "rulebook", floor_pt=floor_pt)
        column = box.width / len(attributes)
        for i, attribute in enumerate(attributes):
            x0 = box.x + i * column
            for k, value in enumerate(attribute["values"]):
                cell = Rect(x0 + column / 2 - icon - mm(1) + k * (icon + mm(2)),
                            box.top - icon, icon, icon)
                draw_feature_icon(c, cell, attribute["id"], value, data)
                c.setFillColor(INK)
                # One line, or two in a longer language.
                ink.paragraph(ways[i][k],
                              Rect(cell.x - mm(1.5), cell.y - mm(8), icon + mm(3), mm(7.5)),
                              size=7, min_size=6, align="centre", colour=INK,
                              where="feature label")
            ink.line(names[i], Rect(x0, box.y, column, mm(4.5)),
                     fonts.BOLD, 8, 6, where="feature name")

    return attach(Figure(width, icon + mm(14), draw), Alternative(
        # TRANSLATORS: HTML rules page, alt text of the picture of the five features, each
        # drawn both ways; a table of the features follows it.
        alt=translate(N_("Two small pictures of each feature, one for each way")),
        header=(
            # TRANSLATORS: HTML rules page: head of the first of three columns of the table
            # of the five features written out under their picture: the feature ("Size").
            translate(N_("Feature")),
            # TRANSLATORS: HTML rules page: head of the second column of the same table: the
            # feature's first way ("Big").
            translate(N_("One way")),
            # TRANSLATORS: HTML rules page: head of the third column of the same table: the
            # feature's second way ("Small").
            translate(N_("The other way"))),
        rows=tuple((name, *pair) for name, pair in zip(names, ways, strict=True))))
