"""The rules engine of __TITLE__: pawns go round a pond and catch fish on fishing spaces.

printkit uses this file to check every worked example in examples.toml before it
prints the rulebook, so a printed example can never contradict the rules. It needs
three functions: ``setup(setup, rules, data) -> state``, ``play(state, step, data) ->
(state, events)`` and ``observe(state) -> dict`` (the dice starter's rules.py, made
with ``printkit new NAME``, explains them at length). Raise
``printkit.errors.RuleError("why")`` for a step the rules do not allow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event

FACES = range(1, 7)


@dataclass(frozen=True)
class State:
    """Where every pawn stands (spaces numbered from 1 round the loop), the fish each
    player has caught, whose turn it is, who won."""

    positions: tuple[int, ...]
    fish: tuple[int, ...]
    current: int
    spaces: int
    fishing: frozenset[int]
    to_win: int
    winner: int | None = None


def _pond(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The board: the first track of game.toml."""
    return next(iter(data["tracks"].values()))


def setup(setup: Mapping[str, Any], rules: Mapping[str, Any],
          data: Mapping[str, Any]) -> State:
    """``setup = { positions = [1, 1], fish = [0, 0], current = 0 }``: every pawn on the
    start space (1) with no fish, unless the example says otherwise."""
    pond = _pond(data)
    players = setup.get("players", data["players"]["min"])
    positions = tuple(setup.get("positions", [1] * players))
    if not data["players"]["min"] <= len(positions) <= data["players"]["max"]:
        raise RuleError(f"the game is for {data['players']['min']} to "
                        f"{data['players']['max']} players, not {len(positions)}")
    for space in positions:
        if not 1 <= space <= pond["spaces"]:
            raise RuleError(f"a pawn stands on a space from 1 to {pond['spaces']}, not {space}")
    fish = tuple(setup.get("fish", [0] * len(positions)))
    if len(fish) != len(positions):
        raise RuleError(f"fish: one count per player ({len(positions)}), not {len(fish)}")
    current = setup.get("current", 0)
    if not 0 <= current < len(positions):
        raise RuleError(f"current: players are numbered 0 to {len(positions) - 1}")
    fishing = frozenset(s["space"] for s in pond["special"] if s["name"] == rules["fishing"])
    return State(positions, fish, current, pond["spaces"], fishing, rules["to_win"])


def play(state: State, step: Mapping[str, Any],
         data: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """``{ roll = 4 }``: the current player rolls a 4 and moves on round the loop."""
    if state.winner is not None:
        raise RuleError(f"the game is over: player {state.winner} has won")
    player = state.current
    roll = step.get("roll")
    if roll not in FACES:
        raise RuleError(f"a die shows 1 to 6, not {roll}")
    start = state.positions[player]
    to = (start - 1 + roll) % state.spaces + 1
    events = [Event("moved", {"player": player, "roll": roll, "to": to})]
    fish = state.fish
    winner = None
    if to in state.fishing:
        fish = tuple(f + 1 if i == player else f for i, f in enumerate(fish))
        events.append(Event("caught", {"player": player, "fish": fish[player]}))
        if fish[player] >= state.to_win:
            winner = player
            events.append(Event("won", {"player": player}))
    positions = tuple(to if i == player else p for i, p in enumerate(state.positions))
    return replace(state, positions=positions, fish=fish, winner=winner,
                   current=(player + 1) % len(positions)), events


def observe(state: State) -> dict[str, Any]:
    """What an example may claim: ``positions``, ``fish``, ``current``, ``over`` and
    ``winner`` (only once someone has won)."""
    observed: dict[str, Any] = {"positions": list(state.positions), "fish": list(state.fish),
                                "current": state.current, "over": state.winner is not None}
    if state.winner is not None:
        observed["winner"] = state.winner
    return observed
