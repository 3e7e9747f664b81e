"""A deck's cards from a file beside game.toml: CSV, .xlsx or .ods, a column per field.

Spreadsheets are where designers keep card lists, so a deck may name a card file
instead of listing ``[[cards]]`` in TOML: a CSV file in the dialect it was saved in
(:mod:`~printkit.model.components.csv_dialect`) or a spreadsheet read directly
(:mod:`~printkit.model.components.spreadsheets`). The header row must name exactly the
deck's declared fields (in any order) plus an optional ``count`` column; a wrong or
missing column, a ragged row or a bad count is a one-line error naming the file and
the cell (a CSV's line and column, a spreadsheet's sheet and cell), all of them at once.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.errors import DataError, DataErrors
from printkit.model.components.csv_dialect import dialect
from printkit.model.components.spreadsheets import column_letters, is_spreadsheet, read_sheet
from printkit.schema import MAX_COUNT, read_limited

#: A card list is a few hundred lines; anything far bigger is the wrong file.
MAX_CSV_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class Places:
    """How messages name a row and a cell: ``line 3, column 7 (count)`` in a CSV file,
    ``sheet 'Cards', cell G3 (count)`` in a spreadsheet."""

    sheet: str | None = None

    def row(self, n: int) -> str:
        return f"line {n}" if self.sheet is None else f"sheet {self.sheet!r}, row {n}"

    def cell(self, n: int, col: int, name: str) -> str:
        if self.sheet is None:
            return f"line {n}, column {col} ({name})"
        return f"sheet {self.sheet!r}, cell {column_letters(col)}{n} ({name})"


class HeaderErrors(DataErrors):
    """The header row does not name the deck's fields: perhaps the wrong sheet."""


@dataclass(frozen=True)
class CardRow:
    """One row's card: where it is, its values (``count`` a whole number), and the cell of
    each value by field name (later checks, a missing image, name it)."""

    key: str
    values: dict[str, Any]
    cells: dict[str, str]


@dataclass(frozen=True)
class CardTable:
    rows: list[CardRow]
    #: What was read, when it is worth a line: ``cards.csv: semicolon-separated, UTF-8``.
    note: str | None = None


def read_cards(path: Path, label: str, fields: list[str], sheet: str | None = None,
               sheet_key: tuple[str, str] = ("", "")) -> CardTable:
    """Every card row of a card file; blank rows are skipped.

    Values stay strings (a CSV has no types; a spreadsheet's cells are turned into the
    text a CSV would hold); ``count`` becomes a whole number. ``sheet``: the sheet of a
    spreadsheet to read (the first if None), named in game.toml at ``sheet_key``.
    """
    if is_spreadsheet(path.name):
        name, names, rows = read_sheet(path, label, sheet, sheet_key)
        note = f"{label}: sheet {name!r}" + (" (the first)" if sheet is None else "")
        try:
            return CardTable(_table(label, _numbered(label, _without_empty_columns(rows),
                                                     fields), fields, Places(name)), note)
        except HeaderErrors as exc:
            if sheet is not None or len(names) < 2:
                raise
            # The cards may be on another sheet than the first: say how to name it.
            raise DataErrors([*exc.errors, DataError(
                sheet_key[0], sheet_key[1].rpartition(".")[0],
                f"{label}: the first of its sheets ({', '.join(map(repr, names))}) was "
                f"read; name the one with the cards, such as sheet = {names[1]!r}")]) from None
    text, found = dialect(read_limited(path, label, MAX_CSV_BYTES), label, fields)
    numbered = _numbered(label, _csv_rows(label, text, found.separator), fields)
    note = None if found.plain else f"{label}: {found.describe()}"
    return CardTable(_table(label, numbered, fields, Places()), note)


def _table(label: str, numbered: list[tuple[int, list[str]]], fields: list[str],
           places: Places) -> list[CardRow]:
    header_line, header = numbered[0]
    names = [h.strip() for h in header]
    errors = _header_errors(label, header_line, names, fields, places)
    if errors:
        raise HeaderErrors(errors)
    cards: list[CardRow] = []
    for line, row in numbered[1:]:
        if len(row) != len(names):  # a ragged row: a cell lost or one too many
            errors.append(DataError(label, places.row(line), f"has {len(row)} cells, the "
                                                             f"header {len(names)}"))
            continue
        card = _card(label, line, names, row, errors, places)
        cards.append(CardRow(places.row(line), card, {
            name: places.cell(line, col, name) for col, name in enumerate(names, 1)}))
    if errors:
        raise DataErrors(errors)
    return cards


def _csv_rows(label: str, text: str, separator: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    rows: list[list[str]] = []
    try:
        for row in reader:
            rows.append(row)
    except csv.Error as exc:  # an unclosed quote, a cell over the field limit
        raise DataErrors([DataError(label, f"line {reader.line_num}",
                                    f"is not valid CSV ({exc})")]) from None
    return rows


def _without_empty_columns(rows: list[list[str]]) -> list[list[str]]:
    """A sheet's rows without the empty columns at its right (a spreadsheet keeps a
    formatted but empty column in its range; a CSV export would not show it)."""
    width = max((len(r) for r in rows), default=0)
    while width and all(len(r) < width or not r[width - 1].strip() for r in rows):
        width -= 1
    return [r[:width] for r in rows]


def _numbered(label: str, rows: list[list[str]], fields: list[str]
              ) -> list[tuple[int, list[str]]]:
    """Every row that is not blank, with its number (from 1); the first is the header."""
    numbered = [(i + 1, row) for i, row in enumerate(rows) if any(c.strip() for c in row)]
    if not numbered:
        raise HeaderErrors([DataError(label, "", "has no header row; the first line names "
                                               f"the columns: {', '.join(fields)}, count")])
    return numbered


def _header_errors(label: str, line: int, names: list[str], fields: list[str],
                   places: Places) -> list[DataError]:
    """A column the deck does not declare, a column named twice, a declared field missing."""
    errors: list[DataError] = []
    allowed = [*fields, "count"]
    for col, name in enumerate(names, 1):
        if name not in allowed:
            errors.append(DataError(label, places.cell(line, col, name or "empty"),
                                    f"unknown column; declared fields: {', '.join(fields)} "
                                    f"(and count)"))
        elif names.index(name) != col - 1:
            errors.append(DataError(label, places.cell(line, col, name), "repeats a column"))
    for name in fields:
        if name not in names:
            errors.append(DataError(label, places.row(line), f"no column for the "
                                                          f"declared field {name!r}"))
    return errors


def _card(label: str, line: int, names: list[str], row: list[str],
          errors: list[DataError], places: Places) -> dict[str, Any]:
    """One row's card: its cells by column name, blanks left out; a bad count into
    ``errors``."""
    card: dict[str, Any] = {}
    for col, (name, value) in enumerate(zip(names, row, strict=False), 1):
        value = value.strip()
        if name == "count":
            if not value:
                continue
            if not re.fullmatch(r"[0-9]{1,7}", value) or int(value) > MAX_COUNT:
                errors.append(DataError(label, places.cell(line, col, name),
                                        f"{value!r} is not a whole number from 0 to "
                                        f"{MAX_COUNT:,}"))
                continue
            card["count"] = int(value)
        elif value:
            card[name] = value
    return card
