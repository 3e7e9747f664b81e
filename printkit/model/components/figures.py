"""A game project's rulebook figures: its own pictures and cards, by what they show.

A project has no drawing code of its own, so its rulebook template places what the
project already holds::

    <figure picture="art/rain.png">A rainy day</figure>       one of its pictures
    <figure card="weather:3"/>  <figure card="weather:Storm" side="back"/>   one card
    <figure cards="weather"/>   <figure cards="weather:storm" count="4"/>    a row of them

A card is the deck's Nth entry (counted from 1) or the entry whose ``name`` column (the
first column, if the deck has no ``name``) says so; ``cards="DECK:KIND"`` keeps the
entries whose ``kind`` column says KIND. A card is drawn at its real size, or smaller to
fit the column, or as ``scale`` (a share of its real size) or ``width`` (mm) says; a row
shrinks its cards until they fit the column. Every card is drawn by the card sheet's
own face drawer, once per design and size (a form), so the rulebook shows what the
sheets print, and the rules page the same (see :mod:`printkit.outputs.html.figures`).

A picture is confined to the project as a card's pictures are, and drawn ``width`` mm
wide, or the column's width, never wider than it prints sharply
(:data:`~printkit.model.components.images.MIN_DPI`); a ``width`` that makes it print
softer is a warning, as on a card.

Every mistake is one :class:`~printkit.errors.DataError` naming the template and the
figure as written: an unknown deck (with the decks there are), a card number out of
range (with how many cards the deck lists), an unknown card name (with the nearest), a
missing picture or one outside the project.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printkit.drawing.alternative import Alternative, attach
from printkit.drawing.figure import Figure
from printkit.drawing.pdf import draw_once
from printkit.drawing.text import PLAY_PT, Ink
from printkit.errors import DataError
from printkit.geometry import CardBox, Rect, mm
from printkit.model.components.deck import Card, Deck, loaded_deck, shown
from printkit.model.components.faces import card_words, draw_back, draw_face
from printkit.model.components.images import (
    MIN_DPI,
    draw_artwork,
    load_artwork,
    resolution_warning,
)
from printkit.model.game import RenderContext

#: The space between the cards of a row, in mm.
ROW_GAP_MM = 4.0
#: The most cards a row shows unless ``count`` says otherwise.
ROW_MAX = 8
#: The text-safe zone inside a card's cut line, in mm (the card sheets' own).
SAFE_MM = 3.0
#: The line round a card's cut edge, in points as printed.
EDGE_PT = 0.5

FigureMaker = Callable[[Mapping[str, str], float], Flowable]


def project_figures(ctx: RenderContext) -> dict[str, FigureMaker]:
    """The figure makers of a project's flow documents: ``picture``, ``card`` and
    ``cards`` (see :func:`printkit.drawing.doctree.figure_maker`)."""
    return {"picture": lambda attrs, width: picture_figure(ctx, attrs, width),
            "card": lambda attrs, width: card_figure(ctx, attrs, width),
            "cards": lambda attrs, width: cards_figure(ctx, attrs, width)}


def _template(ctx: RenderContext) -> str:
    return shown(ctx.game.folder / "templates" / f"{ctx.document}.xml.j2")


def _written(attrs: Mapping[str, str]) -> str:
    """The figure as the template wrote it, for messages."""
    return "<figure " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>"


def _fail(ctx: RenderContext, attrs: Mapping[str, str], message: str) -> DataError:
    return DataError(_template(ctx), _written(attrs), message)


def _number(ctx: RenderContext, attrs: Mapping[str, str], key: str) -> float | None:
    """A positive number attribute, or None when absent."""
    raw = attrs.get(key)
    if raw is None:
        return None
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise _fail(ctx, attrs, f"{key}={raw!r} must be a positive number")
    return value


# -- pictures ------------------------------------------------------------------------------


def picture_figure(ctx: RenderContext, attrs: Mapping[str, str], width: float) -> Flowable:
    """One of the project's pictures, ``width`` mm wide or as wide as the column allows
    while it prints sharply."""
    name = attrs["picture"]
    try:
        art = load_artwork(ctx.game.folder, name, _template(ctx), _written(attrs))
    except DataError as exc:
        raise DataError(exc.file, exc.key, exc.message.replace("image", "picture", 1)) from None
    wanted = _number(ctx, attrs, "width")
    sharp = width if art.vector else art.size[0] / MIN_DPI * 72
    w = min(width, mm(wanted) if wanted is not None else sharp)
    h = w * art.size[1] / art.size[0]
    soft = resolution_warning(art, name, w, h, _template(ctx), _written(attrs),
                              "in a figure")
    if soft is not None:
        ctx.localizer.notes.add(f"warning: {soft}")

    def draw(c: Canvas, box: Rect) -> None:
        draw_artwork(c, art, box.x + (box.width - w) / 2, box.y, w, h)

    return Figure(width, h, draw)


# -- cards ---------------------------------------------------------------------------------


def _deck(ctx: RenderContext, attrs: Mapping[str, str], deck_id: str) -> Deck:
    decks = ctx.data.get("decks") or {}
    if deck_id not in decks:
        known = ", ".join(sorted(decks)) or "none"
        raise _fail(ctx, attrs, f"no deck {deck_id!r} in game.toml; decks: {known}")
    return loaded_deck(ctx.data, deck_id, ctx.game.folder)


def _name_field(deck: Deck) -> str:
    fields = list(deck.spec.get("fields") or [])
    if "name" in fields:
        return "name"
    return fields[0] if fields else next(iter(deck.cards[0].values), "")


def _card(ctx: RenderContext, attrs: Mapping[str, str], deck: Deck, which: str) -> Card:
    """The deck's entry ``which``: a number counted from 1, or a name."""
    if which.isdigit():
        n = int(which)
        if not 1 <= n <= len(deck.cards):
            raise _fail(ctx, attrs, f"card {n} is out of range: deck {deck.id!r} lists "
                                    f"{len(deck.cards)} cards (1 to {len(deck.cards)})")
        return deck.cards[n - 1]
    field = _name_field(deck)
    names = {str(card.values.get(field, "")): card for card in deck.cards}
    if which in names:
        return names[which]
    folded = {name.casefold(): card for name, card in names.items()}
    if which.casefold() in folded:
        return folded[which.casefold()]
    near = difflib.get_close_matches(which, list(names), n=1, cutoff=0.0)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise _fail(ctx, attrs, f"no card named {which!r} in deck {deck.id!r} (its {field!r} "
                            f"column){hint}")


def _split(value: str) -> tuple[str, str | None]:
    """``DECK:WHICH`` as the deck's id and what follows the colon (None without one)."""
    deck_id, colon, rest = value.partition(":")
    return deck_id.strip(), (rest.strip() if colon else None)


class _CardDrawer:
    """Draws cards of one deck, each design once per document and size (a form)."""

    def __init__(self, ctx: RenderContext, attrs: Mapping[str, str], deck: Deck) -> None:
        self.ctx = ctx
        self.deck = deck
        self.back = attrs.get("side", "front") == "back"
        if attrs.get("side", "front") not in ("front", "back"):
            raise _fail(ctx, attrs, f"side={attrs['side']!r}: front or back")
        if self.back and deck.spec.get("back") is None:
            raise _fail(ctx, attrs, f"deck {deck.id!r} has no back")
        self.w, self.h = mm(deck.card.width_mm), mm(deck.card.height_mm)

    def alternative(self, cards: list[Card]) -> Alternative:
        """The figure in words for the rules page: each card's words, one item a card (a
        back shows the deck's back, which the rules say in words already)."""
        if self.back:
            return Alternative(decorative=True)
        return Alternative(items=tuple(" · ".join(card_words(self.ctx, self.deck, card))
                                       for card in cards))

    def draw(self, c: Canvas, card: Card, x: float, y: float, scale: float) -> None:
        ctx, deck = self.ctx, self.deck
        ink = Ink(c, ctx.localizer.code, ctx.document, floor_pt=PLAY_PT)
        trim = Rect(0, 0, self.w, self.h)
        box = CardBox(trim=trim, bleed=trim, safe=trim.inset(mm(SAFE_MM)))
        if self.back:
            key = f"figure-card:{deck.id}:back"
            paint: Callable[[], None] = lambda: draw_back(c, ink, ctx, deck, box)  # noqa: E731
        else:
            key = f"figure-card:{deck.id}:{deck.cards.index(card)}"
            paint = lambda: draw_face(c, ink, ctx, deck, card, box)  # noqa: E731
        c.saveState()
        c.translate(x, y)
        c.scale(scale, scale)
        draw_once(c, key, (0, 0, self.w, self.h), (0, 0), paint)
        c.setStrokeColorRGB(0.35, 0.33, 0.3)
        c.setLineWidth(EDGE_PT / scale)
        c.rect(0, 0, self.w, self.h, stroke=1, fill=0)
        c.restoreState()


def _scale(ctx: RenderContext, attrs: Mapping[str, str], card_w: float) -> float:
    """The scale the template asks for (``scale``, or ``width`` in mm), else 1."""
    scale = _number(ctx, attrs, "scale")
    wanted = _number(ctx, attrs, "width")
    if wanted is not None:
        return mm(wanted) / card_w
    return scale if scale is not None else 1.0


def card_figure(ctx: RenderContext, attrs: Mapping[str, str], width: float) -> Flowable:
    """One card, front or back, at its real size or as asked, never wider than the column."""
    deck_id, which = _split(attrs["card"])
    deck = _deck(ctx, attrs, deck_id)
    if not which:
        raise _fail(ctx, attrs, f'say which card: card="{deck_id}:1" (its number) or '
                                f'card="{deck_id}:NAME"')
    card = _card(ctx, attrs, deck, which)
    drawer = _CardDrawer(ctx, attrs, deck)
    scale = min(_scale(ctx, attrs, drawer.w), width / drawer.w)
    w, h = drawer.w * scale, drawer.h * scale  # centred in the column

    def draw(c: Canvas, box: Rect) -> None:
        drawer.draw(c, card, box.x + (box.width - w) / 2, box.y, scale)

    return attach(Figure(width, h, draw), drawer.alternative([card]))


def _kind_cards(ctx: RenderContext, attrs: Mapping[str, str], deck: Deck,
                kind: str | None) -> list[Card]:
    if kind is None:
        return list(deck.cards)
    if "kind" not in (deck.spec.get("fields") or []):
        raise _fail(ctx, attrs, f"deck {deck.id!r} has no 'kind' column to pick {kind!r} by")
    cards = [c for c in deck.cards if str(c.values.get("kind", "")).casefold()
             == kind.casefold()]
    if not cards:
        kinds = sorted({str(c.values.get("kind", "")) for c in deck.cards} - {""})
        raise _fail(ctx, attrs, f"no card of kind {kind!r} in deck {deck.id!r}; kinds: "
                                f"{', '.join(kinds) or 'none'}")
    return cards


def cards_figure(ctx: RenderContext, attrs: Mapping[str, str], width: float) -> Flowable:
    """A row of a deck's cards (each entry once, in the deck's order), shrunk to fit the
    column; ``count`` (or ``max``) shows at most that many."""
    deck_id, kind = _split(attrs["cards"])
    deck = _deck(ctx, attrs, deck_id)
    cards = _kind_cards(ctx, attrs, deck, kind or None)
    limit = _number(ctx, attrs, "count") or _number(ctx, attrs, "max") or ROW_MAX
    cards = cards[:max(1, int(limit))]
    drawer = _CardDrawer(ctx, attrs, deck)
    gap = mm(ROW_GAP_MM)
    n = len(cards)
    fits = (width - gap * (n - 1)) / (drawer.w * n)
    scale = min(_scale(ctx, attrs, drawer.w), fits)
    w = drawer.w * scale * n + gap * (n - 1)
    h = drawer.h * scale

    def draw(c: Canvas, box: Rect) -> None:
        left = box.x + (box.width - w) / 2
        for i, card in enumerate(cards):
            drawer.draw(c, card, left + i * (drawer.w * scale + gap), box.y, scale)

    return attach(Figure(width, h, draw), drawer.alternative(cards))

