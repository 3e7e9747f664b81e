"""Worked examples of Polar Derby, replayed by the rules engine with the game's data.

Bear values come from the validated game.toml handed to :func:`replay`, so an
example's scores follow the data. Format of one ``[[examples]]`` entry:

``rules``  ``{ younger = false, no_risk = false }`` (both optional)

``setup`` (optional; default: two players, every bear in the middle, player 0 to roll)
    ``players``  2..4; defaults to the length of ``secured``, else 2
    ``current``  the player whose turn it is (default 0)
    ``secured``  one colour -> count table per player: ``[{ white = 2 }, {}]``
    ``middle``   colour -> count; default: every bear not secured or pulled
    ``pulled``   colours the current player already pulled from the middle this
                 turn, e.g. ``["green", "blue"]``; the player then rolls again or stops

``steps``: each step is one action of whoever's turn it is (turns pass on by the rules):
    ``{ roll = ["green", "blue"], take = ["green", "blue"] }``  bears from the middle
    ``{ roll = ["white", "white"], steal = [[1, "white"], [2, "white"]] }``  doubles
    ``{ roll = ["blue", "orange"] }``  nothing taken: a bust or a double Free Skate
    ``{ stop = true }``  secure the pulled bears, end the turn
    ``player = n`` (optional) checks that it is player n's turn.
    Free Skate is written ``"free-skate"``.

``expect`` (every key optional; colour tables leave out colours with no bear):
    ``middle``, ``pulled`` (bears pulled this turn, at risk), ``secured`` (one table
    per player), ``pulled_colours`` (colours that cannot be taken again this turn, in
    the order pulled), ``scores``, ``bears`` (secured bears per player), ``current``,
    ``game_over``, ``winners`` (only once the game is over), ``turn_over`` (the last
    step ended the player's turn: a stop, a bust or the game's end; a double Free
    Skate starts a fresh turn of the same player, so not), and for the example's last
    roll: ``bust``, ``bust_reason``, ``returned`` (bears the bust sent back to the
    middle) and ``choices`` (how many legal takes it allowed).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.errors import DataError, ExampleError, RuleError
from printkit.examples import Event, Example, ExampleSchema, Replay
from printkit.schema import Array, Keyed, Table, Value

from .rules import (
    FREE_SKATE,
    Rules,
    State,
    Take,
    apply_roll,
    bears_held,
    legal_takes,
    over_state,
    rules_from_data,
    scores,
    setup_state,
    stop,
    winners,
)

GAME_ID = "polar-derby"
EXAMPLES_FILE = Path(__file__).with_name("examples.toml")

#: Events that mean the acting player's turn is over.
TURN_ENDERS = frozenset({"stopped", "bust", "game-over"})


@dataclass(frozen=True)
class _Steal:
    """One stolen bear: ``[opponent, colour]``."""

    required: bool = True
    default: Any = None

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], int)
                and not isinstance(value[0], bool) and isinstance(value[1], str)):
            errors.append(DataError(file, path, f'a steal is [opponent, colour], e.g. '
                                                f'[1, "white"], got {value!r}'))
        return value


def _step_shape(step: dict[str, Any]) -> list[tuple[str, str]]:
    """A step is a roll (with its take or steal) or a stop, never both."""
    if step.get("stop") is not None:
        if step["stop"] is not True:
            return [("stop", "stop = false means nothing; leave it out")]
        return [(key, "a stop rolls and takes nothing; leave it out")
                for key in ("roll", "take", "steal") if step.get(key) is not None]
    if step.get("roll") is None:
        return [("roll", "a step is a roll (roll = [face, face]) or stop = true")]
    return []


def _no_empty_counts(expect: dict[str, Any]) -> list[tuple[str, str]]:
    """Expected colour tables list the bears present, so a count of 0 would never match."""
    tables: list[tuple[str, Mapping[str, int]]] = [
        (key, expect[key]) for key in ("middle", "pulled", "returned") if expect.get(key)]
    tables += [(f"secured[{i}]", t) for i, t in enumerate(expect.get("secured") or [])]
    return [(f"{where}.{colour}", f"leave out a colour with no bears (here {colour} = 0)")
            for where, table in tables for colour, n in table.items() if n == 0]


def _counts(required: bool = False) -> Keyed:
    return Keyed(Value(int, minimum=0), required=required)


def _maybe(kind: type) -> Value:
    return Value(kind, required=False)


def _over_shape(setup: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A finished game is only what each player holds: no middle, nothing pulled."""
    if not setup.get("over"):
        return []
    problems = [(key, "a finished game has no middle and nothing pulled; list what each "
                      "player holds under secured")
                for key in ("middle", "pulled") if setup.get(key)]
    if not setup.get("secured"):
        problems.append(("secured", "a finished game needs what each player holds"))
    return problems


EXAMPLE_SCHEMA = ExampleSchema(
    rules=Table({
        "younger": Value(bool, required=False, default=False),
        "no_risk": Value(bool, required=False, default=False),
    }),
    setup=Table({
        "players": Value(int, required=False, minimum=1),
        "current": Value(int, required=False, default=0, minimum=0),
        "secured": Array(_counts(required=True), required=False),
        "middle": _counts(),
        "pulled": Array(Value(str), required=False, default=[]),
        "over": Value(bool, required=False, default=False),
    }, required=False, default={}, checks=(_over_shape,)),
    step=Table({
        "player": Value(int, required=False, minimum=0),
        "roll": Array(Value(str), required=False, min_items=2, max_items=2),
        "take": Array(Value(str), required=False),
        "steal": Array(_Steal(), required=False),
        "stop": _maybe(bool),
    }, checks=(_step_shape,)),
    expect=Table({
        "middle": _counts(),
        "secured": Array(_counts(required=True), required=False),
        "pulled": _counts(),
        "pulled_colours": Array(Value(str), required=False),
        "returned": _counts(),
        "bust": _maybe(bool),
        "bust_reason": _maybe(str),
        "choices": Value(int, required=False, minimum=0),
        "turn_over": _maybe(bool),
        "current": Value(int, required=False, minimum=0),
        "game_over": _maybe(bool),
        "scores": Array(Value(int), required=False),
        "bears": Array(Value(int, minimum=0), required=False),
        "winners": Array(Value(int, minimum=0), required=False),
    }, checks=(_no_empty_counts,)),
    # A finished game (setup.over) needs no step: it shows how the winner is decided.
    min_steps=0,
)


def replay(example: Example, data: Mapping[str, Any]) -> Replay:
    """Play the example's steps from its setup; observe the position after the last one.

    ``states`` holds the position before the first step and after each step;
    ``events`` every event of every step, in order.
    """
    rules = rules_from_data(data, younger=bool(example.rules.get("younger", False)),
                            no_risk=bool(example.rules.get("no_risk", False)))
    _check_colours(example, rules)
    if example.setup.get("over"):
        return _finished(example, rules)
    if not example.steps:
        raise _error(example, "steps: give at least one step (only a finished game, "
                              "setup.over = true, has none)")
    state = _setup(example, rules)
    states: list[State] = [state]
    events: list[Event] = []
    last_step: tuple[Event, ...] = ()
    last_roll: tuple[int, tuple[Event, ...]] | None = None
    for number, step in enumerate(example.steps, 1):
        where = f"step {number}"
        if state.over:
            raise _error(example, f"{where}: the game is already over; a step after the "
                                  f"last turn has nothing to do")
        if step.get("player") is not None and step["player"] != state.current:
            raise _error(example, f"{where}: the step is for player {step['player']}, but "
                                  f"it is player {state.current}'s turn")
        try:
            if step.get("stop"):
                state, last_step = stop(state, rules)
            else:
                roll = tuple(step["roll"])
                choices = len(legal_takes(state, roll, rules))
                state, last_step = apply_roll(state, roll, _take(step), rules)
                last_roll = (choices, last_step)
        except RuleError as exc:
            raise _error(example, f"{where}: {exc}") from None
        states.append(state)
        events.extend(last_step)
    return Replay(observed=_observe(state, rules, last_step, last_roll),
                  states=tuple(states), events=tuple(events))


def _observe(state: State, rules: Rules, last_step: tuple[Event, ...],
             last_roll: tuple[int, tuple[Event, ...]] | None) -> dict[str, Any]:
    colours = rules.colours
    bust = next((e for e in (last_roll[1] if last_roll else ()) if e.kind == "bust"), None)
    return {
        "middle": state.middle.as_dict(colours),
        "secured": [bears.as_dict(colours) for bears in state.secured],
        "pulled": state.pulled_bears.as_dict(colours),
        "pulled_colours": list(state.pulled_colours),
        "returned": dict(bust.params["returned"]) if bust else {},
        "bust": bust is not None,
        "bust_reason": bust.params["reason"] if bust else None,
        "choices": last_roll[0] if last_roll else None,
        "turn_over": any(e.kind in TURN_ENDERS for e in last_step),
        "current": state.current,
        "game_over": state.over,
        "scores": list(scores(state, rules)),
        "bears": list(bears_held(state)),
        "winners": list(winners(state, rules)) if state.over else None,
    }


def _finished(example: Example, rules: Rules) -> Replay:
    """A finished game's position: what each player holds decides the winner.

    Bears nobody holds are simply out of the example; only the holdings must
    fit the bear set.
    """
    if example.steps:
        raise _error(example, "steps: a finished game (setup.over) has no steps left")
    secured = example.setup["secured"]
    try:
        held = over_state(rules, secured)
    except RuleError as exc:
        raise _error(example, f"setup: {exc}") from None
    ended = (Event("game-over", {"scores": list(scores(held, rules)),
                                 "bears": list(bears_held(held)),
                                 "winners": list(winners(held, rules))}),)
    return Replay(observed=_observe(held, rules, ended, None), states=(held,), events=ended)


def _take(step: Mapping[str, Any]) -> Take | None:
    if step.get("take") is None and step.get("steal") is None:
        return None
    return Take(middle=tuple(step.get("take") or ()),
                steals=tuple((o, c) for o, c in step.get("steal") or ()))


def _setup(example: Example, rules: Rules) -> State:
    setup = example.setup
    secured = setup.get("secured")
    players = setup.get("players")
    if secured is None:
        secured = [{}] * (players or 2)
    elif players is not None and players != len(secured):
        raise _error(example, f"setup: players = {players}, but secured lists "
                              f"{len(secured)} players; give one table per player")
    try:
        return setup_state(rules, secured, middle=setup.get("middle"),
                           pulled=setup.get("pulled") or (), current=setup.get("current", 0))
    except RuleError as exc:
        raise _error(example, f"setup: {exc}") from None


def _check_colours(example: Example, rules: Rules) -> None:
    """Every colour an example names must be one of the data's colours."""
    for where, colour, faces in _named_colours(example):
        valid = rules.faces if faces else rules.colours
        if colour not in valid:
            what = "die face" if faces else "colour"
            raise _error(example, f"{where}: unknown {what} {colour!r}; valid: "
                                  f"{', '.join(valid)}")


def _named_colours(example: Example) -> Iterator[tuple[str, str, bool]]:
    """(where, colour, may it be Free Skate) for every colour the example writes."""
    setup, expect = example.setup, example.expect
    for i, table in enumerate(setup.get("secured") or []):
        yield from ((f"setup.secured[{i}]", c, False) for c in table)
    yield from (("setup.middle", c, False) for c in setup.get("middle") or {})
    yield from (("setup.pulled", c, False) for c in setup.get("pulled") or [])
    for n, step in enumerate(example.steps, 1):
        yield from ((f"step {n}: roll", face, True) for face in step.get("roll") or [])
        yield from ((f"step {n}: take", c, False) for c in step.get("take") or [])
        yield from ((f"step {n}: steal", s[1], False) for s in step.get("steal") or [])
    for key in ("middle", "pulled", "returned", "pulled_colours"):
        yield from ((f"expect.{key}", c, False) for c in expect.get(key) or [])
    for i, table in enumerate(expect.get("secured") or []):
        yield from ((f"expect.secured[{i}]", c, False) for c in table)


def _error(example: Example, message: str) -> ExampleError:
    return ExampleError(f"example {example.name}: {message}")


__all__ = ["EXAMPLES_FILE", "EXAMPLE_SCHEMA", "FREE_SKATE", "GAME_ID", "replay"]
