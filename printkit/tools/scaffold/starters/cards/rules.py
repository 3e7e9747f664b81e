"""The rules engine of __TITLE__: take cards from a market and fill baskets of one suit.

printkit uses this file to check every worked example in examples.toml before it
prints the rulebook, so a printed example can never contradict the rules. It needs
three functions: ``setup(setup, rules, data) -> state``, ``play(state, step, data) ->
(state, events)`` and ``observe(state) -> dict`` (the dice starter's rules.py, made
with ``printkit new NAME``, explains them at length). Raise
``printkit.errors.RuleError("why")`` for a step the rules do not allow.

A card is named as in cards.csv, its suit then its value: ``"Sun 3"``; a gift card's
first word is ``gift`` of ``[rules]``: ``"Gift 2"``.

The second half of the file is the playtest protocol (``initial_state``,
``legal_actions``, ``apply``, ...): the same rules, played to the end with a deck
shuffled by a ``random.Random``, so that ``printkit playtest`` can play thousands of games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event, game_beside
from printkit.model.components.cards_csv import read_cards


@dataclass(frozen=True)
class State:
    """Every player's cards, the face-up market, the face-down pile (top first), whose
    turn it is."""

    hands: tuple[tuple[str, ...], ...]
    market: tuple[str, ...]
    pile: tuple[str, ...]
    current: int
    suits: tuple[str, ...]
    basket: int
    gift: str = "Gift"

    @property
    def over(self) -> bool:
        return not self.market


def suit_and_value(card: str, suits: tuple[str, ...], gift: str = "Gift") -> tuple[str, int]:
    """``"Sun 3"`` -> ``("Sun", 3)``; a RuleError for a name that is no card."""
    suit, _, value = card.rpartition(" ")
    if suit not in (*suits, gift) or not value.isdigit():
        raise RuleError(f"{card!r} is not a card: a suit ({', '.join(suits)}) or {gift}, "
                        f"then a value")
    return suit, int(value)


def score(hand: tuple[str, ...], suits: tuple[str, ...], basket: int,
          gift: str = "Gift") -> int:
    """A suit of which a player holds a full basket (``basket`` cards or more) scores the
    values of all its cards; the other suits score nothing; gifts always score."""
    total = sum(v for s, v in (suit_and_value(c, suits, gift) for c in hand) if s == gift)
    for suit in suits:
        values = [v for s, v in (suit_and_value(c, suits, gift) for c in hand) if s == suit]
        if len(values) >= basket:
            total += sum(values)
    return total


def setup(setup: Mapping[str, Any], rules: Mapping[str, Any],
          data: Mapping[str, Any]) -> State:
    """``setup = { market = [...], pile = [...], hands = [[...], [...]], current = 0 }``:
    the cards where the example says they are; empty hands for the fewest players unless
    it gives them."""
    suits = tuple(rules["suits"])
    hands = tuple(tuple(h) for h in setup.get("hands", [[]] * data["players"]["min"]))
    if not data["players"]["min"] <= len(hands) <= data["players"]["max"]:
        raise RuleError(f"the game is for {data['players']['min']} to "
                        f"{data['players']['max']} players, not {len(hands)}")
    market = tuple(setup.get("market", ()))
    if len(market) > rules["market"]:
        raise RuleError(f"the market holds {rules['market']} cards, not {len(market)}")
    pile = tuple(setup.get("pile", ()))
    gift = rules.get("gift", "Gift")
    for card in (*market, *pile, *(c for h in hands for c in h)):
        suit_and_value(card, suits, gift)
    current = setup.get("current", 0)
    if not 0 <= current < len(hands):
        raise RuleError(f"current: players are numbered 0 to {len(hands) - 1}")
    return State(hands, market, pile, current, suits, rules["basket"], gift)


def play(state: State, step: Mapping[str, Any],
         data: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """``{ take = "Sun 3" }``: the current player takes that card from the market, and the
    top card of the pile takes its place."""
    if state.over:
        raise RuleError("the game is over: the market is empty")
    player = state.current
    card = step.get("take")
    if card not in state.market:
        raise RuleError(f"{card!r} is not in the market ({', '.join(state.market)})")
    events = [Event("took", {"player": player, "card": card})]
    market = list(state.market)
    at = market.index(card)
    pile = state.pile
    if pile:
        market[at] = pile[0]
        events.append(Event("refilled", {"card": pile[0]}))
        pile = pile[1:]
    else:
        del market[at]
    hands = tuple((*h, card) if i == player else h for i, h in enumerate(state.hands))
    after = replace(state, hands=hands, market=tuple(market), pile=pile,
                    current=(player + 1) % len(hands))
    if after.over:
        events.append(Event("scored", {"scores": scores(after)}))
    return after, events


def observe(state: State) -> dict[str, Any]:
    """What an example may claim: ``hands``, ``market``, ``current``, ``over`` and, once the
    market is empty, ``scores``."""
    observed: dict[str, Any] = {"hands": [list(h) for h in state.hands],
                                "market": list(state.market), "current": state.current,
                                "over": state.over}
    if state.over:
        observed["scores"] = scores(state)
    return observed


# The playtest protocol: whole games, the deck shuffled with the rng passed in.

def _game() -> dict[str, Any]:
    """game.toml, beside this file (the protocol passes no game data)."""
    return game_beside(_game)


def _deck(data: Mapping[str, Any]) -> list[str]:
    """Every card of the deck's card file beside this file (CSV, or a spreadsheet's sheet),
    ``count`` copies each, read as the build reads it."""
    deck = next(iter(data["decks"].values()))
    table = read_cards(Path(__file__).with_name(deck["csv"]), deck["csv"], list(deck["fields"]),
                       deck.get("sheet"))
    return [row.values["name"] for row in table.rows for _ in range(row.values["count"])]


#: The rule settings a playtest may change (``--rule basket=4``): key -> (default, help).
RULES: Mapping[str, tuple[str, str]] = {
    "suits": ("Sun,Leaf,Drop,Star,Heart", "the suits, comma-separated: first words of the "
                                          "basket cards' names"),
    "gift": ("Gift", "the first word of the gift cards' names"),
    "market": ("3", "face-up cards to choose from"),
    "basket": ("3", "cards of one suit that make a full basket"),
}


def _settings(rules: Mapping[str, str]) -> dict[str, Any]:
    """The [rules] of game.toml with the playtest's settings laid over, parsed."""
    unknown = sorted(set(rules) - set(RULES))
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r}; known: {', '.join(RULES)}")
    settings: dict[str, Any] = dict(_game()["rules"])
    if "suits" in rules:
        settings["suits"] = [s.strip() for s in rules["suits"].split(",") if s.strip()]
    if "gift" in rules:
        settings["gift"] = rules["gift"]
    for key in ("market", "basket"):
        if key in rules:
            try:
                settings[key] = int(rules[key])
            except ValueError:
                raise ValueError(f"{key}: {rules[key]!r} is not a whole number") from None
        if settings[key] < 1:
            raise ValueError(f"{key}: at least 1, not {settings[key]}")
    return settings


def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> State:
    """The deck shuffled, the market laid out, every hand empty, the first player to take."""
    data = _game()
    settings = _settings(rules)
    deck = _deck(data)
    rng.shuffle(deck)
    market = settings["market"]
    return setup({"hands": [[] for _ in range(players)], "market": deck[:market],
                  "pile": deck[market:]}, settings, data)


def to_move(state: State) -> int:
    return state.current


def legal_actions(state: State) -> Sequence[str]:
    """The cards of the market, each name once."""
    return list(dict.fromkeys(state.market))


def apply(state: State, action: str, rng: random.Random) -> tuple[State, Sequence[str]]:
    """The current player takes ``action``, a card of the market."""
    after, events = play(state, {"take": action}, {})
    return after, [*(e.kind for e in events), "turn_end"]


def is_over(state: State) -> bool:
    return state.over


def scores(state: State) -> Sequence[float]:
    """Each player's full baskets and gifts."""
    return [score(h, state.suits, state.basket, state.gift) for h in state.hands]


def winners(state: State) -> Sequence[int]:
    """The highest score; more than one player on a tie; nobody before the end."""
    if not state.over:
        return []
    points = scores(state)
    return [i for i, p in enumerate(points) if p == max(points)]


class Collector:
    """Takes the card that raises its score most, else one of the suit it holds most of."""

    def choose(self, state: State, actions: Sequence[str], rng: random.Random) -> str:
        hand = state.hands[state.current]
        held = [suit_and_value(c, state.suits, state.gift)[0] for c in hand]

        def worth(card: str) -> tuple[int, int]:
            suit = suit_and_value(card, state.suits, state.gift)[0]
            gain = score((*hand, card), state.suits, state.basket, state.gift)
            return gain, held.count(suit)
        best = max(worth(a) for a in actions)
        return rng.choice([a for a in actions if worth(a) == best])


#: Named ways to play (``--policy collector``); "random" is always there besides.
POLICIES: Mapping[str, Any] = {"collector": Collector}
