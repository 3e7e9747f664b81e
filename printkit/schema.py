"""A small declarative schema for TOML game data.

Validation never stops at the first problem: every error is collected as a
:class:`~printkit.errors.DataError` naming the file, the key path
(``components.dice.count``) and what would be valid, so a user fixes a data
file in one pass.
"""

from __future__ import annotations

import math
import re
import stat
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.errors import DataError, DataErrors

_MISSING = object()

_TYPE_NAMES = {
    bool: "true or false",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "an array",
    dict: "a table",
}


def _describe(value: Any) -> str:
    for kind, name in ((bool, "a boolean"), (int, "an integer"), (float, "a number"),
                       (str, "a string"), (list, "an array"), (dict, "a table")):
        if isinstance(value, kind):
            shown = repr(value) if not isinstance(value, (list, dict)) else ""
            return f"{name} {shown}".strip()
    return type(value).__name__


#: The largest whole number any data or examples file may give where its schema
#: declares no tighter bound: no count in a printed game comes near it, and a
#: count of a billion would otherwise hang a build or a check.
MAX_COUNT = 10_000


@dataclass(frozen=True)
class Value:
    """A scalar value: type, bounds, choices, pattern.

    A whole number without a declared ``maximum`` is bounded by :data:`MAX_COUNT`.
    """

    kind: type
    required: bool = True
    default: Any = None
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    pattern: str | None = None
    #: The longest a string may be, in characters (MAX_TEXT if not given).
    max_length: int | None = None

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        ok = isinstance(value, self.kind) and not (
            self.kind is not bool and isinstance(value, bool)
        )
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok, value = True, float(value)
        if not ok:
            errors.append(DataError(file, path, f"expected {_TYPE_NAMES[self.kind]}, "
                                                f"got {_describe(value)}"))
            return _MISSING
        if self.kind is float and not math.isfinite(value):  # nan and inf pass no range check
            errors.append(DataError(file, path, f"{value!r} is not a number that can be "
                                                f"printed; give a finite number"))
            return _MISSING
        if self.choices is not None and value not in self.choices:
            valid = ", ".join(repr(c) for c in self.choices)
            errors.append(DataError(file, path, f"{value!r} is not one of {valid}"))
            return _MISSING
        if self.minimum is not None and value < self.minimum:
            errors.append(DataError(file, path, f"{value!r} is below the minimum {self.minimum:g}"))
            return _MISSING
        if self.maximum is not None and value > self.maximum:
            errors.append(DataError(file, path, f"{value!r} is above the maximum {self.maximum:g}"))
            return _MISSING
        if self.maximum is None and self.kind is int and abs(value) > MAX_COUNT:
            errors.append(DataError(file, path, f"{value!r} is beyond {MAX_COUNT:,}; no count "
                                                f"in a printed game is that large"))
            return _MISSING
        if isinstance(value, str) and len(value) > (self.max_length or MAX_TEXT):
            errors.append(DataError(file, path, f"is {len(value):,} characters long, more than "
                                                f"the {self.max_length or MAX_TEXT:,} it may be"))
            return _MISSING
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            errors.append(DataError(file, path, f"{value!r} must match {self.pattern}"))
            return _MISSING
        return value


@dataclass(frozen=True)
class Array:
    """An array whose items all follow one schema."""

    items: Any
    required: bool = True
    default: Any = None
    min_items: int = 0
    max_items: int | None = None

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        if not isinstance(value, list):
            errors.append(DataError(file, path, f"expected an array, got {_describe(value)}"))
            return _MISSING
        if len(value) < self.min_items:
            errors.append(DataError(file, path, f"needs at least {self.min_items} item(s), "
                                                f"has {len(value)}"))
        if self.max_items is not None and len(value) > self.max_items:
            errors.append(DataError(file, path, f"allows at most {self.max_items} item(s), "
                                                f"has {len(value)}"))
        return [self.items.check(v, file, f"{path}[{i}]", errors) for i, v in enumerate(value)]


@dataclass(frozen=True)
class Keyed:
    """A table whose keys are data (e.g. colour ids), each value following one schema.

    Which keys are valid often depends on other data (the colours a game
    defines), so that check belongs to whoever knows them; here only the key's
    shape and the values are checked.
    """

    values: Any
    key_pattern: str = r"[a-z][a-z0-9-]*"
    required: bool = True
    default: Any = None

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        if not isinstance(value, dict):
            errors.append(DataError(file, path, f"expected a table, got {_describe(value)}"))
            return _MISSING
        out = {}
        for key, item in value.items():
            if not re.fullmatch(self.key_pattern, key):
                errors.append(DataError(file, _join(path, key),
                                        f"key must match {self.key_pattern}"))
                continue
            checked = self.values.check(item, file, _join(path, key), errors)
            if checked is not _MISSING:
                out[key] = checked
        return out


@dataclass(frozen=True)
class Table:
    """A table with known keys; an unknown key is an error that lists the valid ones."""

    fields: Mapping[str, Any]
    required: bool = True
    default: Any = None
    #: Extra whole-table checks: called with the checked table, return messages.
    checks: tuple[Callable[[dict[str, Any]], list[tuple[str, str]]], ...] = field(default=())

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        if not isinstance(value, dict):
            errors.append(DataError(file, path or "(top level)",
                                    f"expected a table, got {_describe(value)}"))
            return _MISSING
        out: dict[str, Any] = {}
        before = len(errors)
        for key in value:
            if key not in self.fields:
                valid = ", ".join(sorted(self.fields)) or "none"
                errors.append(DataError(file, _join(path, key),
                                        f"unknown key; valid keys here: {valid}"))
        for key, spec in self.fields.items():
            sub = _join(path, key)
            if key not in value:
                if spec.required:
                    errors.append(DataError(file, sub, "is missing"))
                else:
                    out[key] = spec.default
                continue
            checked = spec.check(value[key], file, sub, errors)
            if checked is not _MISSING:
                out[key] = checked
        if len(errors) == before:
            for check in self.checks:
                for key, message in check(out):
                    errors.append(DataError(file, _join(path, key), message))
        return out


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


#: The largest data or examples file read; a printed game's data is a few kilobytes.
MAX_TOML_BYTES = 5 * 1024 * 1024


def inside(folder: Path, name: str, file: str, key: str, what: str = "file") -> Path:
    """The file ``name`` names in a game folder, resolved (symlinks too): it must lie inside
    the folder and, if it exists, be a regular file; otherwise a DataError naming ``file``
    and ``key`` (and never anything read from outside)."""
    root = folder.resolve()
    if "\0" in name:  # no file name holds one: the system would refuse it
        raise DataError(file, key, f"{what} {name!r}: a file name cannot hold a null "
                                   f"character")
    try:
        real = (folder / name).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop; a name too long
        raise DataError(file, key, f"{what} {name!r} cannot be resolved") from None
    if Path(name).is_absolute() or not real.is_relative_to(root):
        raise DataError(file, key, f"{what} {name!r} must be a path inside the game folder "
                                   f"(symlinks included)")
    try:
        regular = not real.exists() or stat.S_ISREG(real.stat().st_mode)
    except OSError as exc:  # a name too long for the file system
        raise DataError(file, key, f"{what} {name[:80]!r}: {exc.strerror or exc}") from None
    if not regular:
        raise DataError(file, key, f"{what} {name!r} is not a regular file")
    return real


def read_limited(path: Path, label: str, limit: int, hint: str = "") -> bytes:
    """A data file's bytes; a missing, unreadable or oversized file, or a folder, is a
    one-line DataError naming it (``hint`` says what the file should hold)."""
    def fail(message: str) -> DataErrors:
        return DataErrors([DataError(label, "", message)])

    try:
        if path.is_dir():
            raise fail("is a folder, not a file")
        if path.exists() and not stat.S_ISREG(path.stat().st_mode):
            raise fail("is not a regular file (a pipe or a device cannot be read as data)")
        with path.open("rb") as fh:
            raw = fh.read(limit + 1)
    except FileNotFoundError:
        raise fail("file not found") from None
    except OSError as exc:
        raise fail(f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise fail(f"the file is larger than {limit // (1024 * 1024)} MB{hint}")
    return raw


def read_toml(path: Path, label: str | None = None) -> dict[str, Any]:
    """Parse a TOML file; anything that keeps it from being read is a one-line DataError."""
    name = label or str(path)

    def fail(message: str) -> DataErrors:
        return DataErrors([DataError(name, "", message)])

    raw = read_limited(path, name, MAX_TOML_BYTES,
                       "; game data and examples are a few kilobytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise fail(f"is not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    if "\x00" in text:
        raise fail("is a binary file, not TOML text")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise fail(f"invalid TOML: {exc}") from None
    except RecursionError:
        raise fail("invalid TOML: tables or arrays are nested too deeply") from None


def validate(data: Any, schema: Table, file: str) -> dict[str, Any]:
    """Validate ``data`` against ``schema``; raise every problem at once."""
    errors: list[DataError] = []
    result = schema.check(data, file, "", errors)
    if errors:
        raise DataErrors(errors)
    return result


def duplicates(items: list[Any], path: str, key: str | None = None) -> list[tuple[str, str]]:
    """A problem for every item (or ``item[key]``) that repeats an earlier one."""
    problems: list[tuple[str, str]] = []
    seen: dict[Any, int] = {}
    for i, item in enumerate(items):
        value = item[key] if key is not None else item
        where = f"{path}[{i}]" + (f".{key}" if key is not None else "")
        if value in seen:
            first = f"{path}[{seen[value]}]" + (f".{key}" if key is not None else "")
            problems.append((where, f"{value!r} is already used by {first}"))
        else:
            seen[value] = i
    return problems


#: A colour as game data writes it: ``#rrggbb``.
COLOUR_HEX = r"#[0-9a-fA-F]{6}"


def box(ages: tuple[int, int] = (1, 99), minutes: tuple[int, int] = (1, 1000)) -> Table:
    """``[box]``: the age and playing time printed on the cover, within the game's bounds."""
    return Table({
        # The youngest age the game suits, printed on the cover as "8+".
        "age": Value(int, minimum=ages[0], maximum=ages[1]),
        # How long a game takes, in minutes, printed on the cover.
        "minutes": Value(int, minimum=minutes[0], maximum=minutes[1]),
    })


def game_header(min_players: int, max_players: int) -> dict[str, Any]:
    """The keys every game.toml starts with: title (a proper name), the translatable
    subtitle and credit, and the player count within the rules' limits."""
    return {
        # The game's name, printed as it is in every language (never translated).
        "title": Value(str, max_length=TITLE_LENGTH),
        # A line under the title on the cover; translated (a catalog entry).
        "subtitle": Value(str, max_length=300),
        # Who made the game, printed in the rulebook's credits; translated.
        "credit": Value(str, max_length=1000),
        # How many play: `players = { min = 2, max = 4 }`, printed on the cover.
        "players": Table({
            "min": Value(int, minimum=min_players, maximum=max_players),
            "max": Value(int, minimum=min_players, maximum=max_players),
        }),
    }


def cast(min_players: int = 1, max_players: int = 8) -> Array:
    """``[[cast]]``: the players the worked examples follow, in seat order. Names are
    printed as they are in every language; the gender is what pronouns and agreement in
    the narration follow ("She rolls", Polish "wyrzuciła")."""
    return Array(Table({
        "name": Value(str, pattern=r"\S.*"),
        "gender": Value(str, choices=("female", "male")),
    }), min_items=min_players, max_items=max_players)


def players_in_order(data: dict[str, Any]) -> list[tuple[str, str]]:
    """A whole-table check for :func:`game_header`: min must not exceed max."""
    if data["players"]["min"] > data["players"]["max"]:
        return [("players.min", "must not exceed players.max")]
    return []


#: The longest text a game's data may hold in one string, and the longest title (a game's
#: or a document's name: it is set large on covers and in every footer).
MAX_TEXT = 5000
TITLE_LENGTH = 120


class DataText(str):
    """A string of a game's data: text, never a format string or markup.

    Game data reaches the templates marked so (:func:`as_data`), and the templates'
    translation functions print its translation literally: a ``%``, ``<``, ``&`` or
    ``{`` in a title, a kit step or a card prints as itself.
    """

    __slots__ = ()


def as_data(value: Any) -> Any:
    """``value`` with every string in it (dict keys aside) marked as DataText."""
    if isinstance(value, str):
        return value if isinstance(value, DataText) else DataText(value)
    if isinstance(value, dict):
        return {k: as_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_data(v) for v in value]
    if isinstance(value, tuple):
        return tuple(as_data(v) for v in value)
    return value

