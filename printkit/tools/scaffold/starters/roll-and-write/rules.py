"""The rules engine of __TITLE__: roll three dice and write a score in one box of the sheet.

printkit uses this file to check every worked example in examples.toml before it
prints the rulebook, so a printed example can never contradict the rules. It needs
three functions: ``setup(setup, rules, data) -> state``, ``play(state, step, data) ->
(state, events)`` and ``observe(state) -> dict`` (the dice starter's rules.py, made
with ``printkit new NAME``, explains them at length). Raise
``printkit.errors.RuleError("why")`` for a step the rules do not allow.

Every player fills a sheet of their own, so the engine follows one sheet. Its boxes are
the labels of the score sheet in game.toml: one per face (Ones to Sixes), then three of
a kind, run and chance.

The second half of the file is the playtest protocol (``initial_state``,
``legal_actions``, ``apply``, ...): whole games, every player with a sheet, the dice
rolled by a ``random.Random``, so that ``printkit playtest`` can play thousands of games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event, game_beside

FACES = range(1, 7)


@dataclass(frozen=True)
class State:
    """The sheet's boxes in order, what is written in each (None: still empty)."""

    boxes: tuple[str, ...]
    written: tuple[int | None, ...]
    rules: Mapping[str, Any]

    @property
    def over(self) -> bool:
        return all(score is not None for score in self.written)


def boxes_of(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The sheet's boxes: the labels of the first score sheet of game.toml."""
    return tuple(next(iter(data["sheets"].values()))["labels"])


def score(box: int, roll: tuple[int, ...], rules: Mapping[str, Any]) -> int:
    """What ``roll`` scores in the box at ``box``: boxes 0 to 5 the sum of the dice showing
    that face; then three of a kind, run and chance (the sum of the dice)."""
    if box < 6:
        return sum(die for die in roll if die == box + 1)
    ordered = sorted(roll)
    if box == 6:
        return rules["triple"] if len(set(roll)) == 1 else 0
    if box == 7:
        return rules["run"] if all(b - a == 1 for a, b in pairwise(ordered)) else 0
    return sum(roll)


def setup(setup: Mapping[str, Any], rules: Mapping[str, Any],
          data: Mapping[str, Any]) -> State:
    """``setup = { written = { Ones = 2 } }``: a sheet with those boxes already filled."""
    boxes = boxes_of(data)
    if len(boxes) != 9:
        raise RuleError(f"the score sheet has six face boxes and three combinations, "
                        f"not {len(boxes)} boxes")
    written = dict(setup.get("written", {}))
    unknown = set(written) - set(boxes)
    if unknown:
        raise RuleError(f"no box {sorted(unknown)[0]!r} on the sheet ({', '.join(boxes)})")
    return State(boxes, tuple(written.get(box) for box in boxes), rules)


def play(state: State, step: Mapping[str, Any],
         data: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """``{ roll = [3, 3, 5], write = "Threes" }``: the dice show 3, 3 and 5, and the player
    writes the score in the box Threes."""
    if state.over:
        raise RuleError("the sheet is full: the game is over")
    roll = tuple(step.get("roll", ()))
    if len(roll) != state.rules["dice"] or any(die not in FACES for die in roll):
        raise RuleError(f"roll {state.rules['dice']} dice showing 1 to 6, not {list(roll)}")
    box = step.get("write")
    if box not in state.boxes:
        raise RuleError(f"no box {box!r} on the sheet ({', '.join(state.boxes)})")
    at = state.boxes.index(box)
    if state.written[at] is not None:
        raise RuleError(f"the box {box} is already filled")
    points = score(at, roll, state.rules)
    written = tuple(points if i == at else w for i, w in enumerate(state.written))
    events = [Event("rolled", {"roll": list(roll)}),
              Event("wrote", {"box": box, "points": points})]
    after = replace(state, written=written)
    if after.over:
        events.append(Event("total", {"total": sum(w or 0 for w in written)}))
    return after, events


def observe(state: State) -> dict[str, Any]:
    """What an example may claim: ``written`` (the filled boxes), ``over`` and ``total``."""
    written = zip(state.boxes, state.written, strict=True)
    return {"written": {b: w for b, w in written if w is not None},
            "over": state.over, "total": sum(w or 0 for w in state.written)}


# The playtest protocol: every player fills a sheet; each turn one roll of the dice, and
# every player in turn writes it in a box of their own sheet.

@dataclass(frozen=True)
class Table:
    """Every player's sheet, the dice everyone writes this turn, who writes next."""

    sheets: tuple[State, ...]
    roll: tuple[int, ...]
    current: int = 0
    turns: int = 0


def _game() -> dict[str, Any]:
    """game.toml, beside this file (the protocol passes no game data)."""
    return game_beside(_game)


#: The rule settings a playtest may change (``--rule run=30``): key -> (default, help).
RULES: Mapping[str, tuple[str, str]] = {
    "dice": ("3", "dice rolled each turn"),
    "triple": ("25", "what three of a kind scores"),
    "run": ("20", "what a run of three in a row scores"),
}


def _settings(rules: Mapping[str, str]) -> dict[str, Any]:
    """The [rules] of game.toml with the playtest's settings laid over, parsed."""
    unknown = sorted(set(rules) - set(RULES))
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r}; known: {', '.join(RULES)}")
    settings: dict[str, Any] = dict(_game()["rules"])
    for key, text in rules.items():
        try:
            settings[key] = int(text)
        except ValueError:
            raise ValueError(f"{key}: {text!r} is not a whole number") from None
        if settings[key] < (1 if key == "dice" else 0):
            raise ValueError(f"{key}: {settings[key]} is too small")
    if settings["dice"] != 3:
        raise ValueError("dice: the boxes of this sheet score three dice, not "
                         f"{settings['dice']}")
    return settings


def _roll(rules: Mapping[str, Any], rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.choice(FACES) for _ in range(rules["dice"]))


def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> Table:
    """An empty sheet for every player, the first roll made."""
    settings = _settings(rules)
    sheet = setup({}, settings, _game())
    return Table((sheet,) * players, _roll(settings, rng))


def to_move(state: Table) -> int:
    return state.current


def legal_actions(state: Table) -> Sequence[str]:
    """The empty boxes of the sheet of the player writing now."""
    sheet = state.sheets[state.current]
    return [b for b, w in zip(sheet.boxes, sheet.written, strict=True) if w is None]


def apply(state: Table, action: str, rng: random.Random) -> tuple[Table, Sequence[str]]:
    """The current player writes this turn's dice in the box ``action``; once everyone has,
    the dice are rolled again."""
    sheet, events = play(state.sheets[state.current], {"roll": list(state.roll),
                                                       "write": action}, {})
    sheets = tuple(sheet if i == state.current else s for i, s in enumerate(state.sheets))
    names = [e.kind for e in events if e.kind != "rolled"]
    after = replace(state, sheets=sheets, current=(state.current + 1) % len(sheets))
    if after.current == 0:
        names.append("turn_end")
        after = replace(after, turns=state.turns + 1,
                        roll=() if is_over(after) else _roll(sheet.rules, rng))
    return after, names


def is_over(state: Table) -> bool:
    return all(sheet.over for sheet in state.sheets)


def scores(state: Table) -> Sequence[float]:
    """The total of each player's sheet."""
    return [float(sum(w or 0 for w in sheet.written)) for sheet in state.sheets]


def winners(state: Table) -> Sequence[int]:
    """The highest total; more than one player on a tie; nobody before the end."""
    if not is_over(state):
        return []
    points = scores(state)
    return [i for i, p in enumerate(points) if p == max(points)]


def turns(state: Table) -> int:
    return state.turns


class Greedy:
    """Writes the dice where they score most now; on a tie, any of those boxes."""

    def choose(self, state: Table, actions: Sequence[str], rng: random.Random) -> str:
        sheet = state.sheets[state.current]

        def points(box: str) -> int:
            return score(sheet.boxes.index(box), state.roll, sheet.rules)
        best = max(points(a) for a in actions)
        return rng.choice([a for a in actions if points(a) == best])


#: Named ways to play (``--policy greedy``); "random" is always there besides.
POLICIES: Mapping[str, Any] = {"greedy": Greedy}
