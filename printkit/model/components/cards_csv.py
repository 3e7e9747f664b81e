"""A deck's cards from a CSV file beside game.toml: a header row, a column per field, ``count``.

Spreadsheets are where designers keep card lists, so a deck may name a CSV
file instead of listing ``[[cards]]`` in TOML. The header must name exactly
the deck's declared fields (in any order) plus an optional ``count``
column; a wrong or missing column, a ragged row or a bad count is a
one-line error naming the file, the line and the column, all of them at once.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from printkit.errors import DataError, DataErrors
from printkit.schema import MAX_COUNT, read_limited

#: A card list is a few hundred lines; anything far bigger is the wrong file.
MAX_CSV_BYTES = 2 * 1024 * 1024


def _read(path: Path, label: str) -> str:
    def fail(message: str) -> DataErrors:
        return DataErrors([DataError(label, "", message)])

    raw = read_limited(path, label, MAX_CSV_BYTES)
    try:
        return raw.decode("utf-8-sig")  # a spreadsheet's byte-order mark is fine
    except UnicodeDecodeError as exc:
        raise fail(f"is not UTF-8 text (byte {exc.start}); save it as CSV UTF-8") from None


def _cell(line: int, col: int, name: str) -> str:
    return f"line {line}, column {col} ({name})"


def read_cards(path: Path, label: str,
               fields: list[str]) -> tuple[list[tuple[int, dict[str, Any]]], dict[str, int]]:
    """``(line, card)`` for every row, and each column's number (from 1) by name.

    The line and column numbers let later checks (a missing image) name the cell.

    Values stay strings (a CSV has no types); ``count`` becomes a whole number.
    Blank lines are skipped.
    """
    numbered = _lines(path, label, fields)
    header_line, header = numbered[0]
    names = [h.strip() for h in header]
    errors = _header_errors(label, header_line, names, fields)
    if errors:
        raise DataErrors(errors)
    cards: list[tuple[int, dict[str, Any]]] = []
    for line, row in numbered[1:]:
        if len(row) != len(names):  # a ragged row: a cell lost or one too many
            errors.append(DataError(label, f"line {line}", f"has {len(row)} cells, the header "
                                                           f"{len(names)}"))
            continue
        cards.append((line, _card(label, line, names, row, errors)))
    if errors:
        raise DataErrors(errors)
    return cards, {name: col for col, name in enumerate(names, 1)}


def _lines(path: Path, label: str, fields: list[str]) -> list[tuple[int, list[str]]]:
    """Every line that is not blank, with its number (from 1); the first is the header."""
    text = _read(path, label)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[list[str]] = []
    try:
        for row in reader:
            rows.append(row)
    except csv.Error as exc:  # an unclosed quote, a cell over the field limit
        raise DataErrors([DataError(label, f"line {reader.line_num}",
                                    f"is not valid CSV ({exc})")]) from None
    numbered = [(i + 1, row) for i, row in enumerate(rows) if any(c.strip() for c in row)]
    if not numbered:
        raise DataErrors([DataError(label, "", "has no header row; the first line names "
                                               f"the columns: {', '.join(fields)}, count")])
    return numbered


def _header_errors(label: str, line: int, names: list[str],
                   fields: list[str]) -> list[DataError]:
    """A column the deck does not declare, a column named twice, a declared field missing."""
    errors: list[DataError] = []
    allowed = [*fields, "count"]
    for col, name in enumerate(names, 1):
        if name not in allowed:
            errors.append(DataError(label, _cell(line, col, name or "empty"),
                                    f"unknown column; declared fields: {', '.join(fields)} "
                                    f"(and count)"))
        elif names.index(name) != col - 1:
            errors.append(DataError(label, _cell(line, col, name), "repeats a column"))
    for name in fields:
        if name not in names:
            errors.append(DataError(label, f"line {line}", f"no column for the "
                                                           f"declared field {name!r}"))
    return errors


def _card(label: str, line: int, names: list[str], row: list[str],
          errors: list[DataError]) -> dict[str, Any]:
    """One row's card: its cells by column name, blanks left out; a bad count into
    ``errors``."""
    card: dict[str, Any] = {}
    for col, (name, value) in enumerate(zip(names, row, strict=False), 1):
        value = value.strip()
        if name == "count":
            if not value:
                continue
            if not re.fullmatch(r"[0-9]{1,7}", value) or int(value) > MAX_COUNT:
                errors.append(DataError(label, _cell(line, col, name),
                                        f"{value!r} is not a whole number from 0 to "
                                        f"{MAX_COUNT:,}"))
                continue
            card["count"] = int(value)
        elif value:
            card[name] = value
    return card
