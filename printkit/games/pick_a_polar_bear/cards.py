"""The cards of Pick-a-Polar Bear, built from the game data.

An animal card shows one of two values for each of five attributes (size,
right arm, glasses, tin of fish, season). The attributes and their values come
from game.toml, in data order; that order is the order of every card's
``values`` and of every list of attribute ids this module returns.

A card is also a vertex of the five-dimensional hypercube: bit ``i`` of
``Card.index`` is 0 when the card shows the first value of attribute ``i``
and 1 for the second. Two cards *match* when they differ in at most one
attribute, that is when their indexes differ in at most one bit.

Notation (used by the worked examples and every event):

``code``   the value ids joined by "/": ``big/raised/glasses/tin/autumn``
``short``  one capital letter per attribute, the initial of its value id:
           ``BRGTA`` (big, raised, glasses, tin, autumn); ``SDNNW`` (small, arm
           down, no glasses, no tin, winter). Letters are read by position.

:meth:`CardModel.parse` reads both (and the code with spaces instead of "/").
A bonus card is written ``bonus`` and its two value ids, in any order:
``bonus glasses raised``.

Chains (re-exported by :mod:`.rules`): :func:`check_chain` finds the first
step of a pile that breaks it, :func:`matching_slots` the table cards that may
follow a card, :func:`freeze_is_right` judges a FREEZE! call. With
``holder=True`` (the hold card) a card identical to the previous one may not
follow either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.errors import RuleError


@dataclass(frozen=True)
class Attribute:
    """One two-valued attribute: its id, name and value ids, in data order."""

    id: str
    name: str
    values: tuple[str, str]


@dataclass(frozen=True)
class Card:
    """One animal card: a value id per attribute, in the model's attribute order.

    Identical cards (three copies of each in the deck) are equal values.
    """

    values: tuple[str, ...]
    model: CardModel = field(repr=False)
    #: The hypercube vertex: bit i set when the card shows attribute i's second value.
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = 0
        for bit, (attribute, value) in enumerate(zip(self.model.attributes, self.values,
                                                     strict=True)):
            if value not in attribute.values:
                raise RuleError(f"{value!r} is not a value of {attribute.id}; values: "
                                f"{', '.join(attribute.values)}")
            index |= attribute.values.index(value) << bit
        object.__setattr__(self, "index", index)

    @property
    def code(self) -> str:
        """The value ids joined by '/': ``big/raised/glasses/tin/autumn``."""
        return "/".join(self.values)

    @property
    def short(self) -> str:
        """One capital letter per attribute: ``BRGTA``."""
        return "".join(v[0].upper() for v in self.values)

    def value(self, attribute: str) -> str:
        return self.values[self.model.position(attribute)]

    def shows(self, features: Mapping[str, str] | BonusCard) -> bool:
        """Does the card show every (attribute, value) of ``features``?"""
        pairs = features.features if isinstance(features, BonusCard) else features.items()
        return all(self.value(attribute) == value for attribute, value in pairs)

    def __str__(self) -> str:
        return self.short


@dataclass(frozen=True)
class BonusCard:
    """A bonus-round card: its English text and the two (attribute, value) pairs it shows."""

    text: str
    features: tuple[tuple[str, str], ...]

    @property
    def short(self) -> str:
        """``bonus`` and the value ids, in attribute order: ``bonus raised glasses``."""
        return " ".join(("bonus", *(value for _, value in self.features)))

    def as_dict(self) -> dict[str, str]:
        return dict(self.features)

    def __str__(self) -> str:
        return self.short


@dataclass(frozen=True)
class CardModel:
    """The attributes of the game's cards; makes, parses and lists cards."""

    attributes: tuple[Attribute, ...]

    def __post_init__(self) -> None:
        ids = [a.id for a in self.attributes]
        if len(set(ids)) != len(ids):
            raise RuleError(f"attribute ids must be different, not {ids}")

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.attributes)

    def position(self, attribute: str) -> int:
        for i, known in enumerate(self.attributes):
            if known.id == attribute:
                return i
        raise RuleError(f"{attribute!r} is not an attribute; attributes: {', '.join(self.ids)}")

    def card(self, values: Sequence[str]) -> Card:
        if len(values) != len(self.attributes):
            raise RuleError(f"a card has {len(self.attributes)} values, one per attribute "
                            f"({', '.join(self.ids)}), not {len(values)}")
        return Card(tuple(values), self)

    def from_index(self, index: int) -> Card:
        if not 0 <= index < 1 << len(self.attributes):
            raise RuleError(f"card index {index} is out of range")
        return Card(tuple(a.values[(index >> i) & 1] for i, a in enumerate(self.attributes)),
                    self)

    def all_cards(self) -> list[Card]:
        """Every different card once, by index (32 for five attributes)."""
        return [self.from_index(i) for i in range(1 << len(self.attributes))]

    def parse(self, text: str) -> Card:
        """A card from ``BRGTA``, ``big/raised/glasses/tin/autumn`` or the same with spaces."""
        words = text.replace("/", " ").split()
        if len(words) > 1:
            if len(words) != len(self.attributes):
                raise RuleError(f"{text!r}: a card names {len(self.attributes)} values, one per "
                                f"attribute ({', '.join(self.ids)}), not {len(words)}")
            for attribute, word in zip(self.attributes, words, strict=True):
                if word not in attribute.values:
                    raise RuleError(f"{text!r}: {word!r} is not a value of {attribute.id}; "
                                    f"values: {', '.join(attribute.values)}")
            return Card(tuple(words), self)
        letters = text.strip().upper()
        if len(letters) != len(self.attributes):
            raise RuleError(f"{text!r} is not a card: write one letter per attribute "
                            f"({self.legend()}) or the value ids, e.g. "
                            f"{self.from_index(0).code!r}")
        values = []
        for place, (attribute, letter) in enumerate(zip(self.attributes, letters, strict=True), 1):
            initials = [v[0].upper() for v in attribute.values]
            if initials[0] == initials[1]:
                raise RuleError(f"{text!r}: the values of {attribute.id} start with the same "
                                f"letter; write the card's value ids instead")
            if letter not in initials:
                raise RuleError(f"{text!r}: letter {place} {letter!r} is not a value of "
                                f"{attribute.id}; {self._letters(attribute)}")
            values.append(attribute.values[initials.index(letter)])
        return Card(tuple(values), self)

    def parse_bonus(self, text: str, known: Iterable[BonusCard]) -> BonusCard:
        """A bonus card from ``bonus glasses raised`` (value ids in any order)."""
        words = text.split()
        if not words or words[0] != "bonus":
            raise RuleError(f"{text!r} is not a bonus card: write 'bonus' and its two value ids, "
                            f"e.g. 'bonus glasses raised'")
        wanted = sorted(words[1:])
        cards = list(known)
        for card in cards:
            if sorted(value for _, value in card.features) == wanted:
                return card
        shown = "; ".join(c.short for c in cards)
        raise RuleError(f"{text!r} is not one of the bonus cards: {shown}")

    def features(self, features: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
        """Checked (attribute, value) pairs in attribute order."""
        for attribute, value in features.items():
            known = self.attributes[self.position(attribute)]
            if value not in known.values:
                raise RuleError(f"{value!r} is not a value of {attribute}; values: "
                                f"{', '.join(known.values)}")
        return tuple(sorted(features.items(), key=lambda pair: self.position(pair[0])))

    def legend(self) -> str:
        """``size B/S, arm R/D, …``: the letters of the short notation."""
        return ", ".join(f"{a.id} {a.values[0][0].upper()}/{a.values[1][0].upper()}"
                         for a in self.attributes)

    @staticmethod
    def _letters(attribute: Attribute) -> str:
        a, b = attribute.values
        return f"{attribute.id}: {a[0].upper()} ({a}) or {b[0].upper()} ({b})"


def model_from_data(data: Mapping[str, Any]) -> CardModel:
    """The card model of a validated game.toml."""
    return CardModel(tuple(Attribute(a["id"], a["name"], (a["values"][0], a["values"][1]))
                           for a in data["attributes"]))


def deck(data: Mapping[str, Any]) -> list[Card]:
    """Every animal card of the game, unshuffled: each combination ``deck.copies`` times."""
    copies = data["deck"]["copies"]
    return [card for card in model_from_data(data).all_cards() for _ in range(copies)]


def bonus_cards(data: Mapping[str, Any]) -> tuple[BonusCard, ...]:
    """The bonus-round cards of the data, features in attribute order."""
    model = model_from_data(data)
    return tuple(BonusCard(c["text"], model.features(c["features"]))
                 for c in data["bonus"]["cards"])


def differences(a: Card, b: Card) -> list[str]:
    """The ids of the attributes in which the two cards differ, in data order."""
    if a.model.attributes != b.model.attributes:
        raise RuleError("the two cards come from different games")
    changed = a.index ^ b.index
    return [attribute.id for i, attribute in enumerate(a.model.attributes) if changed >> i & 1]


def distance(a: Card, b: Card) -> int:
    """How many attributes differ."""
    return (a.index ^ b.index).bit_count()


def matches(a: Card, b: Card) -> bool:
    """Two cards match when they differ in at most one attribute."""
    return distance(a, b) <= 1


def count_showing(cards: Iterable[Card | None], features: Mapping[str, str] | BonusCard) -> int:
    """How many of ``cards`` (empty slots skipped) show every feature: a bonus round's answer."""
    return sum(1 for card in cards if card is not None and card.shows(features))


# --- chains ---------------------------------------------------------------------------

@dataclass(frozen=True)
class BadStep:
    """The first step of a pile that breaks the chain; step 1 is captain -> first member."""

    step: int
    previous: Card
    card: Card
    differences: tuple[str, ...]
    reason: str  # "differences": more than one; "identical": the holder took an identical card

    def describe(self) -> str:
        if self.reason == "identical":
            return (f"step {self.step}: {self.card} is identical to {self.previous}, which the "
                    f"holder of the hold card may not take")
        return (f"step {self.step}: {self.previous} to {self.card} differs in "
                f"{len(self.differences)} attributes ({', '.join(self.differences)})")


def step_problem(previous: Card, card: Card, holder: bool = False) -> str | None:
    """Why ``card`` may not follow ``previous`` ("differences" or "identical"), or None."""
    d = distance(previous, card)
    return "differences" if d > 1 else "identical" if holder and d == 0 else None


def check_chain(captain: Card, members: Sequence[Card], holder: bool = False) -> BadStep | None:
    """The first bad step of a pile (captain, then members in the order taken), or None."""
    previous = captain
    for step, card in enumerate(members, 1):
        reason = step_problem(previous, card, holder)
        if reason:
            return BadStep(step, previous, card, tuple(differences(previous, card)), reason)
        previous = card
    return None


def matching_slots(top: Card, grid: Sequence[Card | None], holder: bool = False) -> list[int]:
    """The grid slots holding a card that may follow ``top``."""
    return [i for i, c in enumerate(grid) if c is not None and not step_problem(top, c, holder)]


def freeze_is_right(top: Card, grid: Sequence[Card | None], holder: bool = False) -> bool:
    """FREEZE! is right when no grid card may follow the caller's top card."""
    return not matching_slots(top, grid, holder)
