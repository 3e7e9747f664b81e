"""A deck's cards from a spreadsheet (.xlsx, .ods) read directly, as a CSV would give them.

Designers keep their card lists in spreadsheets; saving each change as CSV is a step
they forget. The file is read with python-calamine, the first sheet unless game.toml
names one (``sheet``). Every cell comes out as the text a CSV export would hold, so the
checks and the cards are the same as for a CSV file: a whole number as ``3`` (not
``3.0``), a date as ISO 8601 (``2026-01-05``), an empty cell as ``""``, TRUE/FALSE
for a truth value.
"""

from __future__ import annotations

import datetime
import io
from pathlib import Path
from typing import Any

from printkit.errors import DataError, DataErrors
from printkit.schema import read_limited

#: The spreadsheet files a deck may name besides CSV.
SUFFIXES = (".xlsx", ".ods")

#: A card list of a few hundred rows, with pictures pasted in, is well under this.
MAX_SHEET_BYTES = 16 * 1024 * 1024
#: How far a card sheet's cells may reach: a stray cell far away (XFD1048576) would
#: otherwise make a range of billions of empty cells.
MAX_ROWS = 10_000
MAX_COLUMNS = 100


def is_spreadsheet(name: str) -> bool:
    return Path(name).suffix.lower() in SUFFIXES


def column_letters(n: int) -> str:
    """A column as a spreadsheet names it: 1 is ``A``, 27 is ``AA``."""
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_text(value: Any) -> str:
    """What a CSV export holds for a cell's value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds")
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        seconds = int(value.total_seconds())
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return str(value)


def read_sheet(path: Path, label: str, sheet: str | None,
               sheet_key: tuple[str, str]) -> tuple[str, list[str], list[list[str]]]:
    """The name of the sheet read, the names of all its sheets, and its rows as text,
    from row 1 and column A.

    ``sheet_key``: the file and key that name the sheet (for a sheet the file lacks)."""
    from python_calamine import CalamineError, CalamineWorkbook, WorksheetNotFound

    raw = read_limited(path, label, MAX_SHEET_BYTES)
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(raw))
        names = list(book.sheet_names)
        if not names:
            raise DataErrors([DataError(label, "", "has no sheet")])
        name = names[0] if sheet is None else sheet
        try:
            found = book.get_sheet_by_name(name)
        except WorksheetNotFound:
            raise DataErrors([DataError(*sheet_key, f"{label} has no sheet {sheet!r}; its "
                                                    f"sheets: {', '.join(names)}")]) from None
        end = found.end  # the last cell's (row, column) from 0; None: an empty sheet
        if end is not None and (end[0] >= MAX_ROWS or end[1] >= MAX_COLUMNS):
            raise DataErrors([DataError(label, f"sheet {name!r}", (
                f"has cells as far as row {end[0] + 1:,} and column "
                f"{column_letters(end[1] + 1)}; a card list "
                f"may reach row {MAX_ROWS:,} and column {column_letters(MAX_COLUMNS)}: clear "
                f"the cells beyond the cards"))])
        rows = found.to_python(skip_empty_area=False) if end is not None else []
    except CalamineError as exc:  # not a spreadsheet, damaged, protected by a password
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise DataErrors([DataError(label, "", f"cannot be read as a spreadsheet ({reason}); "
                                               f"save it again as .xlsx or .ods")]) from None
    return name, names, [[cell_text(v) for v in row] for row in rows]
