"""The rules engine of __TITLE__: take cards from a market and fill baskets of one suit.

printkit uses this file to check every worked example in examples.toml before it
prints the rulebook, so a printed example can never contradict the rules. It needs
three functions: ``setup(setup, rules, data) -> state``, ``play(state, step, data) ->
(state, events)`` and ``observe(state) -> dict`` (the dice starter's rules.py, made
with ``printkit new NAME``, explains them at length). Raise
``printkit.errors.RuleError("why")`` for a step the rules do not allow.

A card is named as in cards.csv, its suit then its value: ``"Sun 3"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event


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

    @property
    def over(self) -> bool:
        return not self.market


def suit_and_value(card: str, suits: tuple[str, ...]) -> tuple[str, int]:
    """``"Sun 3"`` -> ``("Sun", 3)``; a RuleError for a name that is no card."""
    suit, _, value = card.rpartition(" ")
    if suit not in suits or not value.isdigit():
        raise RuleError(f"{card!r} is not a card: a suit ({', '.join(suits)}) then a value")
    return suit, int(value)


def score(hand: tuple[str, ...], suits: tuple[str, ...], basket: int) -> int:
    """A suit of which a player holds a full basket (``basket`` cards or more) scores the
    values of all its cards; the other suits score nothing."""
    total = 0
    for suit in suits:
        values = [v for s, v in (suit_and_value(c, suits) for c in hand) if s == suit]
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
    for card in (*market, *pile, *(c for h in hands for c in h)):
        suit_and_value(card, suits)
    current = setup.get("current", 0)
    if not 0 <= current < len(hands):
        raise RuleError(f"current: players are numbered 0 to {len(hands) - 1}")
    return State(hands, market, pile, current, suits, rules["basket"])


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
        events.append(Event("scored", {"scores": [score(h, state.suits, state.basket)
                                                  for h in hands]}))
    return after, events


def observe(state: State) -> dict[str, Any]:
    """What an example may claim: ``hands``, ``market``, ``current``, ``over`` and, once the
    market is empty, ``scores``."""
    observed: dict[str, Any] = {"hands": [list(h) for h in state.hands],
                                "market": list(state.market), "current": state.current,
                                "over": state.over}
    if state.over:
        observed["scores"] = [score(h, state.suits, state.basket) for h in state.hands]
    return observed
