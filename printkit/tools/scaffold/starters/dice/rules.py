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

The second half of the file is the playtest protocol, for ``printkit playtest``, which
plays whole games many times over to see how long they last and who wins:

``initial_state(players, rng, rules) -> state``
    The start of a game; ``rng`` is a ``random.Random``, the only source of chance
    (dice, shuffles); ``rules`` the ``--rule KEY=VALUE`` settings as strings, laid over
    game.toml's ``[rules]`` (a ValueError naming the key for an unknown one).
``to_move(state)``, ``legal_actions(state)``, ``apply(state, action, rng)``
    Whose decision it is, what they may do (never empty before the end), and the state
    after it with the names of the events that happened (``turn_end`` ends a turn).
``is_over(state)``, ``scores(state)``, ``winners(state)``
    The end, each player's score, the seats that won (more than one on a tie).
``RULES`` and ``POLICIES``
    The rule settings a playtest may change, with their defaults and help; named ways
    to choose an action besides ``random``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event, game_beside

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
    turns: int = 0


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
    return replace(state, positions=positions, winner=winner, turns=state.turns + 1,
                   current=(player + 1) % len(positions)), events


def observe(state: State) -> dict[str, Any]:
    """What an example may claim: ``positions``, ``current`` (whose turn is next) and
    ``winner`` (only once someone has won)."""
    observed: dict[str, Any] = {"positions": list(state.positions), "current": state.current,
                                "over": state.winner is not None}
    if state.winner is not None:
        observed["winner"] = state.winner
    return observed


# The playtest protocol: whole races, the die rolled with the rng passed in.

def _game() -> dict[str, Any]:
    """game.toml, beside this file (the protocol passes no game data)."""
    return game_beside(_game)


#: The rule settings a playtest may change (``--rule slide_back=5``): key -> (default, help).
RULES: Mapping[str, tuple[str, str]] = {
    "slide": ("Slide", "the name of the track's special spaces that send a runner back"),
    "slide_back": ("3", "how many spaces back a slide sends a runner"),
}
#: The one decision of a race: roll the die.
ROLL = "roll"


def _settings(rules: Mapping[str, str]) -> dict[str, Any]:
    """The [rules] of game.toml with the playtest's settings laid over, parsed."""
    unknown = sorted(set(rules) - set(RULES))
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r}; known: {', '.join(RULES)}")
    settings: dict[str, Any] = {**_game()["rules"], **rules}
    try:
        settings["slide_back"] = int(settings["slide_back"])
    except ValueError:
        raise ValueError(f"slide_back: {settings['slide_back']!r} is not a whole "
                         f"number") from None
    if settings["slide_back"] < 0:
        raise ValueError(f"slide_back: 0 or more, not {settings['slide_back']}")
    return settings


def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> State:
    """Every runner on the start space, the first player to roll."""
    return setup({"players": players}, _settings(rules), _game())


def to_move(state: State) -> int:
    return state.current


def legal_actions(state: State) -> Sequence[str]:
    """A race has one decision, to roll; nothing once someone has won."""
    return [] if is_over(state) else [ROLL]


def apply(state: State, action: str, rng: random.Random) -> tuple[State, Sequence[str]]:
    """The current player rolls the die (with ``rng``) and moves."""
    if action != ROLL or is_over(state):
        raise ValueError(f"illegal action {action!r}; legal: {', '.join(legal_actions(state))}")
    after, events = play(state, {"roll": rng.choice(FACES)}, {})
    return after, [*(e.kind for e in events), "turn_end"]


def is_over(state: State) -> bool:
    return state.winner is not None


def scores(state: State) -> Sequence[float]:
    """How far each runner got: its space."""
    return [float(p) for p in state.positions]


def winners(state: State) -> Sequence[int]:
    return [] if state.winner is None else [state.winner]


def turns(state: State) -> int:
    return state.turns


class Runner:
    """Always rolls: the race leaves no other choice, so any policy plays as this one."""

    def choose(self, state: State, actions: Sequence[str], rng: random.Random) -> str:
        return actions[0]


#: Named ways to play (``--policy runner``); "random" is always there besides.
POLICIES: Mapping[str, Any] = {"runner": Runner}
