"""Worked examples of "Coraz bliżej Święta…", replayed by the rules engine.

An example follows one player: player 0 of a two-player game. Player 1 stands
outside the example and passes every turn, so the example's steps are the
player's consecutive turns; a lost turn the player owes is served between
steps, as the turn order would. Each step is one turn:

* ``roll = [...]`` (with ``announced`` for a mis-added sum) on the track and on Wigilia;
* ``roll`` plus ``changes = [[die index, new face], ...]`` on Wigilia, die
  indices counted from 0 (no ``changes`` when the roll cannot win);
* ``face = n`` on Wigilia in the Tydzień variant (no roll).

``expect`` may name the player's ``field``, ``dice``, ``cards``,
``lost_turns`` and ``won`` after the last step, that step's roll ``total`` S
(the dice plus 7 per card, before any Wigilia change; for a Tydzień answer,
face plus 7 per card) and its ``outcome``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from printkit.errors import DataError, ExampleError, RuleError
from printkit.examples import Event, Example, ExampleSchema, Replay
from printkit.schema import Array, Table, Value

from .rules import (
    GOAL_FIELDS,
    MAX_CARDS,
    MAX_DICE,
    WIGILIA,
    Action,
    Outcome,
    Player,
    Roll,
    Rules,
    State,
    TydzienAnswer,
    WigiliaRoll,
    apply,
    next_turn,
    outcome,
    setup_state,
)

GAME_ID = "coraz-blizej-swieta"
EXAMPLES_FILE = Path(__file__).with_name("examples.toml")

#: The player an example follows; the other player only passes.
EXAMPLE_PLAYER = 0
IDLE_PLAYER = 1


def _step_conflicts(step: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Keys that cannot meet in one step: a turn is a roll or a Tydzień answer."""
    problems = []
    given = {key for key, value in step.items() if value not in (None, (), [])}
    if "face" in given:
        for key in sorted(given & {"roll", "announced", "changes"}):
            problems.append((key, "a Tydzień answer (face) is given instead of a roll; "
                                  "leave out roll, announced and changes"))
    return problems


class _Sparse(Table):
    """A table that leaves absent optional keys out instead of filling in defaults.

    ``expect`` is compared key by key, so a key the author did not write must
    not turn into an expectation of None.
    """

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        out = super().check(value, file, path, errors)
        if isinstance(out, dict) and isinstance(value, dict):
            return {key: v for key, v in out.items() if key in value}
        return out


def _optional_int(low: int, high: int | None = None) -> Value:
    return Value(int, required=False, minimum=low, maximum=high)


EXAMPLE_SCHEMA = ExampleSchema(
    rules=Table({
        "tydzien": Value(bool, required=False, default=False),
        "strict_wigilia": Value(bool, required=False, default=False),
    }),
    setup=Table({
        "field": Value(int, minimum=1, maximum=WIGILIA),
        "dice": Value(int, required=False, default=1, minimum=1, maximum=MAX_DICE),
        "cards": Value(int, required=False, default=0, minimum=0, maximum=MAX_CARDS),
        "lost_turns": Value(int, required=False, default=0, minimum=0),
    }),
    step=Table({
        "roll": Array(Value(int, minimum=1, maximum=6), required=False, default=()),
        "announced": _optional_int(0),
        "changes": Array(Array(Value(int, minimum=0), min_items=2, max_items=2),
                         required=False),
        "face": _optional_int(1, 6),
    }, checks=(_step_conflicts,)),
    expect=_Sparse({
        "field": _optional_int(1, GOAL_FIELDS[-1]),
        "dice": _optional_int(1, MAX_DICE),
        "cards": _optional_int(0, MAX_CARDS),
        "lost_turns": _optional_int(0),
        "won": Value(bool, required=False),
        "total": _optional_int(0),
        "outcome": Value(str, required=False, choices=tuple(o.value for o in Outcome)),
    }),
)


def replay(example: Example, data: Mapping[str, Any] | None = None) -> Replay:
    """Play the example's steps; observe player 0 after the last one.

    ``states`` holds the position before the first step (player 1, who only
    passes, to move) and after each step; ``events`` every event of the
    example player's turns, in order.
    """
    rules = Rules(tydzien=bool(example.rules.get("tydzien", False)),
                  strict_wigilia=bool(example.rules.get("strict_wigilia", False)))
    state = _setup(example, rules)
    states: list[State] = [state]
    events: list[Event] = []
    last: tuple[Event, ...] = ()
    for number, step in enumerate(example.steps, 1):
        where = f"step {number} (steps[{number - 1}]{_in(example)})"
        if state.winner is not None:
            raise _error(example, f"{where}: the game is already over; "
                                  f"player {state.winner} won in an earlier step")
        state = _example_players_turn(state)
        try:
            state, last = apply(state, _action(step, state, rules), rules)
        except (RuleError, _StepError) as exc:
            raise _error(example, f"{where}: {exc}") from None
        states.append(state)
        events.extend(last)
    if not last:
        raise _error(example, "has no steps; an example needs at least one turn")
    player = state.players[EXAMPLE_PLAYER]
    observed = {
        "field": player.field,
        "dice": player.dice,
        "cards": player.cards,
        "lost_turns": player.lost_turns,
        "won": player.won,
        "total": _roll_total(last),
        "outcome": outcome(last).value,
    }
    return Replay(observed=observed, states=tuple(states), events=tuple(events))


class _StepError(Exception):
    """A step whose keys do not make one action."""


def _setup(example: Example, rules: Rules) -> State:
    setup = example.setup
    player = Player(field=setup["field"], dice=setup.get("dice", 1),
                    cards=setup.get("cards", 0), lost_turns=setup.get("lost_turns", 0))
    try:
        return setup_state((player, Player()), rules, current=IDLE_PLAYER)
    except RuleError as exc:
        raise _error(example, f"setup{_in(example)}: {exc}") from None


def _example_players_turn(state: State) -> State:
    """Let the idle player pass until the example player may act."""
    while state.current != EXAMPLE_PLAYER:
        state = next_turn(state)
    return state


def _action(step: Mapping[str, Any], state: State, rules: Rules) -> Action:
    """The action a step stands for; which one depends on where the pawn is."""
    conflicts = _step_conflicts(step)
    if conflicts:
        key, message = conflicts[0]
        raise _StepError(f"{key}: {message}")
    faces = tuple(step.get("roll") or ())
    if step.get("face") is not None:
        return TydzienAnswer(step["face"])
    changes = step.get("changes")
    on_wigilia = state.players[EXAMPLE_PLAYER].field == WIGILIA
    if changes is not None or (on_wigilia and not rules.tydzien):
        return WigiliaRoll(faces, _pairs(changes or ()), step.get("announced"))
    return Roll(faces, step.get("announced"))


def _pairs(changes: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    pairs = []
    for change in changes:
        if len(change) != 2:
            raise _StepError(f"a change is [die index, new face], got {list(change)}")
        pairs.append((change[0], change[1]))
    return tuple(pairs)


def _roll_total(events: Sequence[Event]) -> int:
    """The sum S of a turn: the roll, or the Tydzień answer's face plus cards."""
    return next(e.params["total"] for e in events if e.kind in ("rolled", "answered"))


def _in(example: Example) -> str:
    return f" in {example.source}" if example.source else ""


def _error(example: Example, message: str) -> ExampleError:
    return ExampleError(f"example {example.name}: {message}")
