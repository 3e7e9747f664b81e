"""The rules engine of __TITLE__: a dice race down a track of numbered spaces.

printkit uses this file to check every worked example in examples.toml before it
prints the rulebook, so a printed example can never contradict the rules. It
needs three functions (the engine interface):

``setup(setup, rules, data) -> state``
    The position before an example: ``setup`` is the example's ``setup`` table,
    ``rules`` the ``[rules]`` table of game.toml with the example's own ``rules``
    laid over it (a variant), ``data`` the whole of game.toml, checked.
``play(state, step, data) -> (state, events)``
    One step of an example (one table of its ``steps``): the next state, and a list
    of ``printkit.examples.Event(kind, params)`` that the rulebook template turns
    into sentences. Raise ``printkit.errors.RuleError("why")`` for a step the rules
    do not allow; an example may claim that with ``expect = { refused = "why" }``.
``observe(state) -> dict``
    What an example's ``expect`` may claim about the final state: every key of
    ``expect`` must be one of these.

Keep the engine pure: no printing, no files, no random numbers (the examples say
what the dice show). Anything else it raises is reported as a bug in this file,
with its line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event

#: A die's faces.
FACES = range(1, 7)


@dataclass(frozen=True)
class State:
    """Where every runner stands (space numbers from 1), whose turn it is, who won."""

    positions: tuple[int, ...]
    current: int
    last: int
    slides: frozenset[int]
    slide_back: int
    winner: int | None = None


def _track(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The race track: the first track of game.toml."""
    return next(iter(data["tracks"].values()))


def setup(setup: Mapping[str, Any], rules: Mapping[str, Any],
          data: Mapping[str, Any]) -> State:
    """``setup = { positions = [1, 1], current = 0 }``: every runner on the start space
    (1) and the first player to move, unless the example says otherwise."""
    track = _track(data)
    last = track["spaces"]
    players = setup.get("players", data["players"]["min"])
    positions = tuple(setup.get("positions", [1] * players))
    if not data["players"]["min"] <= len(positions) <= data["players"]["max"]:
        raise RuleError(f"the game is for {data['players']['min']} to "
                        f"{data['players']['max']} players, not {len(positions)}")
    for space in positions:
        if not 1 <= space < last:
            raise RuleError(f"a runner stands on a space from 1 to {last - 1}, not {space}")
    current = setup.get("current", 0)
    if not 0 <= current < len(positions):
        raise RuleError(f"current: players are numbered 0 to {len(positions) - 1}")
    slides = frozenset(s["space"] for s in track["special"] if s["name"] == rules["slide"])
    return State(positions, current, last, slides, rules["slide_back"])


def play(state: State, step: Mapping[str, Any],
         data: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """``{ roll = 4 }``: the current player rolls a 4 and moves; ``player = n`` also checks
    whose turn it is."""
    if state.winner is not None:
        raise RuleError(f"the race is over: player {state.winner} has won")
    player = state.current
    if step.get("player", player) != player:
        raise RuleError(f"it is player {player}'s turn, not player {step['player']}'s")
    roll = step.get("roll")
    if roll not in FACES:
        raise RuleError(f"a die shows 1 to 6, not {roll}")
    start = state.positions[player]
    to = min(start + roll, state.last)
    events = [Event("rolled", {"player": player, "roll": roll}),
              Event("moved", {"player": player, "start": start, "to": to})]
    winner = None
    if to == state.last:
        winner = player
        events.append(Event("won", {"player": player}))
    elif to in state.slides:
        back = max(1, to - state.slide_back)
        events.append(Event("slid", {"player": player, "start": to, "to": back}))
        to = back
    positions = tuple(to if i == player else p for i, p in enumerate(state.positions))
    return replace(state, positions=positions, winner=winner,
                   current=(player + 1) % len(positions)), events


def observe(state: State) -> dict[str, Any]:
    """What an example may claim: ``positions``, ``current`` (whose turn is next) and
    ``winner`` (only once someone has won)."""
    observed: dict[str, Any] = {"positions": list(state.positions), "current": state.current,
                                "over": state.winner is not None}
    if state.winner is not None:
        observed["winner"] = state.winner
    return observed
