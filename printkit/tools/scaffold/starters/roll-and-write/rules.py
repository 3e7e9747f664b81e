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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event

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
