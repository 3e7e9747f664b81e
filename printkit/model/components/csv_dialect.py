"""Which CSV a spreadsheet saved: its separator and its encoding, found from its bytes.

A spreadsheet set to a European language saves "CSV" with semicolons (the comma is its
decimal mark), another saves tabs, and Excel's "CSV UTF-8" starts with a byte-order mark.
Each gives the same cards. The separator is the one that splits the header into the
deck's declared fields (then into the most columns); a header of one column is
ambiguous and read as comma-separated, as before. Text that is not UTF-8 is one error
naming the line and the byte, since guessing an old code page would print wrong letters.
"""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass

from printkit.errors import DataError, DataErrors

#: The separators a spreadsheet saves, in the order a tie is settled, by their name.
SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}


@dataclass(frozen=True)
class Dialect:
    separator: str
    #: The file starts with UTF-8's byte-order mark.
    bom: bool

    @property
    def plain(self) -> bool:
        """Comma-separated UTF-8 without a byte-order mark: nothing worth a line."""
        return self.separator == "," and not self.bom

    def describe(self) -> str:
        """``semicolon-separated, UTF-8 with BOM``."""
        return f"{SEPARATORS[self.separator]}-separated, UTF-8{' with BOM' if self.bom else ''}"


def decode(raw: bytes, label: str) -> tuple[str, bool]:
    """The text of a CSV file and whether it had a byte-order mark."""
    bom = raw.startswith(codecs.BOM_UTF8)
    body = raw[len(codecs.BOM_UTF8):] if bom else raw
    try:
        return body.decode("utf-8"), bom
    except UnicodeDecodeError as exc:
        at = exc.start + (len(codecs.BOM_UTF8) if bom else 0)
        line = raw[:at].count(b"\n") + 1
        raise DataErrors([DataError(label, f"line {line}", f"byte {at} is not UTF-8 text; "
                                                           f"save the file as \"CSV UTF-8\"")
                          ]) from None


def _header(text: str, separator: str) -> list[str]:
    """The first row that is not blank, split at ``separator`` (nothing if it cannot be)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                return [cell.strip() for cell in row]
    except csv.Error:  # reported when the file is read with the separator chosen
        return []
    return []


def separator(text: str, fields: list[str]) -> str:
    """The separator that splits the header into the most declared fields, then into the
    most columns; a comma when every choice gives one column."""
    allowed = {*fields, "count"}
    best, best_score = ",", (-1, -1)
    for sep in SEPARATORS:
        names = _header(text, sep)
        score = (sum(name in allowed for name in names), len(names))
        if score > best_score:
            best, best_score = sep, score
    return best if best_score[1] > 1 else ","


def dialect(raw: bytes, label: str, fields: list[str]) -> tuple[str, Dialect]:
    """The text of a CSV file and the dialect it was saved in."""
    text, bom = decode(raw, label)
    return text, Dialect(separator(text, fields), bom)
