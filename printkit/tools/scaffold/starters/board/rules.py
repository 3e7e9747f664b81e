"""The rules engine of __TITLE__: pawns slide across a frozen lake and catch fish at holes.

printkit uses this file to check every worked example in examples.toml before it
prints the rulebook, so a printed example can never contradict the rules. It needs
three functions: ``setup(setup, rules, data) -> state``, ``play(state, step, data) ->
(state, events)`` and ``observe(state) -> dict`` (the dice starter's rules.py, made
with ``printkit new NAME``, explains them at length). Raise
``printkit.errors.RuleError("why")`` for a step the rules do not allow.

A square is ``(row, column)``, counted from 1 at the top left as in ``[boards.lake]``.

The second half of the file is the playtest protocol (``initial_state``,
``legal_actions``, ``apply``, ...): the same rules, played to the end with dice from a
``random.Random``, so that ``printkit playtest`` can play thousands of games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event, game_beside

FACES = range(1, 7)
#: The four ways a pawn slides: (rows, columns) per square.
SLIDES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
#: The action of a player whose pawn no slide can move.
PASS = "pass"

Square = tuple[int, int]


@dataclass(frozen=True)
class State:
    """Where every pawn stands, the fish each player has caught, whose turn it is, what
    they rolled (the playtest rolls before a player chooses), who won."""

    positions: tuple[Square, ...]
    fish: tuple[int, ...]
    current: int
    rows: int
    columns: int
    holes: frozenset[Square]
    to_win: int
    winner: int | None = None
    roll: int | None = None
    turns: int = 0


def _squares(lake: Mapping[str, Any], label: str) -> list[Square]:
    """The squares of the board whose label is ``label``, row by row."""
    cols = lake["columns"]
    return [(k // cols + 1, k % cols + 1) for k, text in enumerate(lake.get("labels", []))
            if text == label]


def _lake(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The board: the first board of game.toml."""
    return next(iter(data["boards"].values()))


def slide(state: State, way: str, roll: int) -> Square:
    """Where the current pawn stops: ``roll`` squares in the direction ``way``, or sooner
    at the shore or in front of another pawn."""
    dr, dc = SLIDES[way]
    row, col = state.positions[state.current]
    others = set(state.positions) - {(row, col)}
    for _ in range(roll):
        nxt = (row + dr, col + dc)
        if not (1 <= nxt[0] <= state.rows and 1 <= nxt[1] <= state.columns) or nxt in others:
            break
        row, col = nxt
    return row, col


def ways(state: State, roll: int) -> list[str]:
    """The slides that move the current pawn at least one square."""
    here = state.positions[state.current]
    return [way for way in SLIDES if slide(state, way, roll) != here]


def _move(state: State, way: str, roll: int) -> tuple[State, list[Event]]:
    """The current player slides (or passes, when ``way`` is ``PASS``); the turn passes on."""
    player = state.current
    events: list[Event] = []
    positions, fish, winner = state.positions, state.fish, None
    if way == PASS:
        events.append(Event("stuck", {"player": player, "roll": roll}))
    else:
        to = slide(state, way, roll)
        positions = tuple(to if i == player else p for i, p in enumerate(positions))
        events.append(Event("slid", {"player": player, "roll": roll, "way": way,
                                     "row": to[0], "column": to[1]}))
        if to in state.holes:
            fish = tuple(f + 1 if i == player else f for i, f in enumerate(fish))
            events.append(Event("caught", {"player": player, "fish": fish[player]}))
            if fish[player] >= state.to_win:
                winner = player
                events.append(Event("won", {"player": player}))
    return replace(state, positions=positions, fish=fish, winner=winner, roll=None,
                   current=(player + 1) % len(positions), turns=state.turns + 1), events


def setup(setup: Mapping[str, Any], rules: Mapping[str, Any],
          data: Mapping[str, Any]) -> State:
    """``setup = { positions = [[1, 1], [6, 6]], fish = [0, 0], current = 0 }``: a pawn on
    each camp, in the board's order, with no fish, unless the example says otherwise."""
    lake = _lake(data)
    camps = _squares(lake, rules["camp"])
    players = setup.get("players", data["players"]["min"])
    positions = tuple(tuple(p) for p in setup.get("positions", camps[:players]))
    if not data["players"]["min"] <= len(positions) <= data["players"]["max"]:
        raise RuleError(f"the game is for {data['players']['min']} to "
                        f"{data['players']['max']} players, not {len(positions)}")
    for square in positions:
        if len(square) != 2 or not (1 <= square[0] <= lake["rows"]
                                    and 1 <= square[1] <= lake["columns"]):
            raise RuleError(f"a pawn stands on [row, column] of the {lake['rows']} × "
                            f"{lake['columns']} lake, not {list(square)}")
    if len(set(positions)) != len(positions):
        raise RuleError("two pawns never share a square")
    fish = tuple(setup.get("fish", [0] * len(positions)))
    if len(fish) != len(positions):
        raise RuleError(f"fish: one count per player ({len(positions)}), not {len(fish)}")
    current = setup.get("current", 0)
    if not 0 <= current < len(positions):
        raise RuleError(f"current: players are numbered 0 to {len(positions) - 1}")
    return State(positions, fish, current, lake["rows"], lake["columns"],  # type: ignore[arg-type]
                 frozenset(_squares(lake, rules["hole"])), rules["to_win"])


def play(state: State, step: Mapping[str, Any],
         data: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """``{ roll = 4, slide = "up" }``: the current player rolls a 4 and slides up;
    ``{ roll = 4, slide = "pass" }`` when no slide can move the pawn."""
    if state.winner is not None:
        raise RuleError(f"the game is over: player {state.winner} has won")
    roll, way = step.get("roll"), step.get("slide")
    if roll not in FACES:
        raise RuleError(f"a die shows 1 to 6, not {roll}")
    possible = ways(state, roll)
    if way == PASS and possible:
        raise RuleError(f"player {state.current} can slide {', '.join(possible)}: no passing")
    if way != PASS and way not in possible:
        raise RuleError(f"slide {way!r}: the pawn can slide {', '.join(possible) or 'nowhere'}")
    return _move(state, way, roll)


def observe(state: State) -> dict[str, Any]:
    """What an example may claim: ``positions``, ``fish``, ``current``, ``over`` and
    ``winner`` (only once someone has won)."""
    observed: dict[str, Any] = {"positions": [list(p) for p in state.positions],
                                "fish": list(state.fish), "current": state.current,
                                "over": state.winner is not None}
    if state.winner is not None:
        observed["winner"] = state.winner
    return observed


# The playtest protocol: whole games, the die rolled with the rng passed in.

def _game() -> dict[str, Any]:
    """game.toml, beside this file (the protocol passes no game data)."""
    return game_beside(_game)


#: The rule settings a playtest may change (``--rule to_win=5``): key -> (default, help).
RULES: Mapping[str, tuple[str, str]] = {
    "to_win": ("3", "fish that win the game"),
    "hole": ("Hole", "the label of the fishing holes on the board"),
    "camp": ("Camp", "the label of the squares where the pawns start"),
}


def _settings(rules: Mapping[str, str]) -> dict[str, Any]:
    """The [rules] of game.toml with the playtest's settings laid over, parsed."""
    unknown = sorted(set(rules) - set(RULES))
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r}; known: {', '.join(RULES)}")
    settings: dict[str, Any] = {**_game()["rules"], **rules}
    try:
        settings["to_win"] = int(settings["to_win"])
    except ValueError:
        raise ValueError(f"to_win: {settings['to_win']!r} is not a whole number") from None
    if settings["to_win"] < 1:
        raise ValueError(f"to_win: at least 1, not {settings['to_win']}")
    return settings


def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> State:
    """Every pawn on a camp, the first player's die already rolled."""
    data = _game()
    settings = _settings(rules)
    camps = _squares(_lake(data), settings["camp"])
    if not 1 <= players <= len(camps):
        raise ValueError(f"players: the lake has {len(camps)} camps, not room for {players}")
    state = setup({"positions": [list(c) for c in camps[:players]]}, settings,
                  {**data, "players": {"min": 1, "max": len(camps)}})
    return replace(state, roll=rng.choice(FACES))


def to_move(state: State) -> int:
    return state.current


def legal_actions(state: State) -> Sequence[str]:
    """The slides that move the pawn, or ``pass`` when none can; nothing once won."""
    if is_over(state) or state.roll is None:
        return []
    return ways(state, state.roll) or [PASS]


def apply(state: State, action: str, rng: random.Random) -> tuple[State, Sequence[str]]:
    """The current player slides (or passes); the next player rolls."""
    if action not in legal_actions(state):
        raise ValueError(f"illegal action {action!r}; legal: {', '.join(legal_actions(state))}")
    assert state.roll is not None
    after, events = _move(state, action, state.roll)
    if after.winner is None:
        after = replace(after, roll=rng.choice(FACES))
    return after, [*(e.kind for e in events), "turn_end"]


def is_over(state: State) -> bool:
    return state.winner is not None


def scores(state: State) -> Sequence[float]:
    """The fish each player caught."""
    return [float(f) for f in state.fish]


def winners(state: State) -> Sequence[int]:
    return [] if state.winner is None else [state.winner]


def turns(state: State) -> int:
    return state.turns


class Fisher:
    """Slides onto a hole when the die allows, else to the square nearest a hole."""

    def choose(self, state: State, actions: Sequence[str], rng: random.Random) -> str:
        def distance(way: str) -> int:
            if way == PASS:
                return 0
            row, col = slide(state, way, state.roll or 0)
            return min(abs(row - r) + abs(col - c) for r, c in state.holes)
        best = min(distance(a) for a in actions)
        return rng.choice([a for a in actions if distance(a) == best])


#: Named ways to play (``--policy fisher``); "random" is always there besides.
POLICIES: Mapping[str, Any] = {"fisher": Fisher}
