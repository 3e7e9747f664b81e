"""Worked examples as data, and their verification.

An example is a starting position (``setup``), what the players do or roll
(``steps``) and the observable result the rulebook claims (``expect``). Each
game's rules engine replays the steps and reports what it computed; the
example is verified when every expected key matches. Rendering only ever sees
verified examples, so a printed example cannot contradict the rules.

File format (one ``[[examples]]`` table per example)::

    [[examples]]
    id = "normal-move"          # unique in the file: lowercase, digits, dashes
    title = "A normal move"     # English; translated through the catalogs
    rules = { tydzien = false } # game options for this example (optional)
    setup = { field = 5, dice = 2 }
    steps = [ { roll = [3, 4] } ]
    expect = { field = 7, dice = 2 }

``rules``, ``setup``, each step and ``expect`` are checked against the game's
own schema, so a typo names the file, the key path and the valid keys.

An example may also show what a player may NOT do: ``expect = { refused = "…" }``
claims that the rules refuse the last step, for a reason containing those words
(``refused = "no green bear in the middle"``); ``check`` verifies that the
engine refuses it, and for that reason.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit.errors import DataError, DataErrors, ExampleError
from printkit.schema import Array, Table, Value, read_toml, validate

ID_PATTERN = r"[a-z0-9]+(-[a-z0-9]+)*"


@dataclass(frozen=True)
class Example:
    """One worked example, validated but not yet replayed."""

    game: str
    id: str
    title: str
    rules: Mapping[str, Any]
    setup: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]
    expect: Mapping[str, Any]
    source: str = ""
    #: The words of the reason the rules refuse the last step for, if the example says so.
    refused: str | None = None
    #: The ids of the game's rules (rules.toml) this example shows.
    shows: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return f"{self.game}/{self.id}"


@dataclass(frozen=True)
class Event:
    """Something that happened during a replay, for the rulebook to narrate.

    ``kind`` is a short stable word (``moved``, ``penalty``); ``params`` holds
    the numbers the sentence needs. Templates map kinds to translated text.
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Replay:
    """What the rules engine computed for an example."""

    observed: Mapping[str, Any]
    #: Game states: before the first step, then after each step.
    states: tuple[Any, ...] = ()
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Verified:
    """An example together with the replay that confirmed it."""

    example: Example
    replay: Replay

    @property
    def id(self) -> str:
        return self.example.id


@dataclass(frozen=True)
class ExampleSchema:
    """The game-specific parts of the example format."""

    rules: Table
    setup: Table
    step: Table
    expect: Table
    min_steps: int = 1


def example_file_schema(game: ExampleSchema) -> Table:
    # The game's own kind of table (some leave absent keys out), with one key more.
    expect = replace(game.expect, fields={**game.expect.fields,
                                          "refused": Value(str, required=False)})
    entry = Table({
        "id": Value(str, pattern=ID_PATTERN),
        "title": Value(str),
        "rules": _optional(game.rules),
        "setup": game.setup,
        "steps": Array(game.step, min_items=game.min_steps, required=game.min_steps > 0,
                       default=[]),
        "expect": expect,
        "shows": Array(Value(str, pattern=ID_PATTERN), required=False, default=[]),
    })
    return Table({
        "game": Value(str, required=False),
        "examples": Array(entry, min_items=1),
    })


def _optional(table: Table) -> Table:
    defaults = {k: v.default for k, v in table.fields.items() if not v.required}
    return Table(table.fields, required=False, default=defaults, checks=table.checks)


def load_examples(path: Path, game_id: str, schema: ExampleSchema,
                  label: str | None = None) -> list[Example]:
    """Read and validate an examples file; every problem is reported at once."""
    name = label or str(path)
    data = validate(read_toml(path, name), example_file_schema(schema), name)
    seen: dict[str, int] = {}
    errors: list[DataError] = []
    examples = []
    for i, entry in enumerate(data["examples"]):
        if entry["id"] in seen:
            first = seen[entry["id"]]
            errors.append(DataError(name, f"examples[{i}].id",
                                    f"{entry['id']!r} is already used by examples[{first}]"))
        seen[entry["id"]] = i
        expect = dict(entry["expect"])
        refused = expect.pop("refused", None)
        if refused is not None and any(v is not None for v in expect.values()):
            claimed = ", ".join(sorted(k for k, v in expect.items() if v is not None))
            errors.append(DataError(name, f"examples[{i}].expect",
                                    f"a refused step changes nothing to observe; leave out "
                                    f"{claimed}, or claim them in an example of their own"))
        examples.append(Example(
            game=game_id, id=entry["id"], title=entry["title"], rules=entry["rules"],
            setup=entry["setup"], steps=tuple(entry["steps"]), expect=expect,
            source=name, refused=refused, shows=tuple(entry["shows"]),
        ))
    if errors:
        raise DataErrors(errors)
    return examples


#: Replays an example with the game's validated data (bear values, board geometry…).
Replayer = Callable[[Example, Mapping[str, Any]], Replay]


def difference(example: Example, replay: Replay) -> str | None:
    """The first expected key whose computed value differs, as one line; None if all agree."""
    for key, expected in example.expect.items():
        if expected is None:  # an optional key the example does not claim anything about
            continue
        computed = replay.observed.get(key)
        if _normalise(computed) != _normalise(expected):
            return (f"example {example.name} ({example.source}): {key} expected "
                    f"{_show(expected)}, computed {_show(computed)}")
    return None


def check(example: Example, replayer: Replayer,
          data: Mapping[str, Any]) -> tuple[Verified | None, str | None]:
    """Replay one example: (verified, None) or (None, the one-line difference)."""
    if example.refused is not None:
        return _check_refused(example, replayer, data)
    try:
        replay = replayer(example, data)
    except ExampleError as exc:
        return None, str(exc)
    diff = difference(example, replay)
    if diff is not None:
        return None, diff
    return Verified(example, replay), None


def _check_refused(example: Example, replayer: Replayer,
                   data: Mapping[str, Any]) -> tuple[Verified | None, str | None]:
    """An example claiming its last step is refused: the engine must refuse that step,
    and for the reason the example gives; every step before it must be allowed."""
    reason = example.refused or ""
    last = re.compile(rf"\bstep {len(example.steps)}\b")
    try:
        replayer(example, data)
    except ExampleError as exc:
        message = str(exc)
        if not last.search(message):
            return None, (f"example {example.name} ({example.source}): the refusal is claimed "
                          f"for the last step, but an earlier one was refused: {message}")
        if reason.casefold() not in message.casefold():
            return None, (f"example {example.name} ({example.source}): refused expected for "
                          f"\"{reason}\", but the rules refuse for another reason: {message}")
        return Verified(example, Replay(observed={"refused": message})), None
    return None, (f"example {example.name} ({example.source}): refused expected for "
                  f"\"{reason}\", but the rules allow every step")


def verify(examples: Sequence[Example], replayer: Replayer,
           data: Mapping[str, Any]) -> list[Verified]:
    """Replay every example; raise one ExampleError per wrong example, all together."""
    verified: list[Verified] = []
    wrong: list[ExampleError] = []
    for example in examples:
        ok, problem = check(example, replayer, data)
        if ok is None:
            wrong.append(ExampleError(problem or example.name))
        else:
            verified.append(ok)
    if wrong:
        raise ExampleFailures(wrong)
    return verified


class ExampleFailures(ExampleError):
    """Every wrong example of a run."""

    def __init__(self, errors: Sequence[ExampleError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    def lines(self) -> list[str]:
        return [str(e) for e in self.errors]


def _normalise(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_normalise(v) for v in value)
    return value


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def game_beside(code: Callable[..., Any]) -> dict[str, Any]:
    """The game.toml in the folder of the file that defines ``code`` (a function of a
    project's rules.py), as written: what the playtest protocol's ``initial_state`` reads,
    since the protocol passes no game data. Only game.toml is read, so a build still knows
    that the rules engine does not read a deck's card file itself (its cards then rebuild
    only the documents that show them)."""
    path = Path(code.__code__.co_filename).with_name("game.toml")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(str(path), "", f"cannot be read: {exc}") from exc
