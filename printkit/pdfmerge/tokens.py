"""The tokens of a PDF written by ReportLab, and a small parser for its structural objects.

:data:`SCAN` walks the part of an object before its stream and stops at each indirect
reference, literal string or ending keyword; :func:`parse` reads one value (for the few
objects whose meaning matters: trailer, Catalog, Pages, pages, outline items).
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Unsupported(Exception):
    """A part is not in the shape this package reads; merge it another way."""


class Ref(NamedTuple):
    """An indirect reference ``num 0 R`` in a parsed value."""

    num: int


class Name(bytes):
    """A name, without its slash (as written: #xx escapes are not decoded)."""


class String(bytes):
    """A string as written in the file, delimiters and escapes included."""


# --- Tokens ---------------------------------------------------------------------------------

_D = rb"\s()<>\[\]{}/%"  # whitespace and delimiters: what ends a name, number or keyword
_END = rb"(?=[" + _D + rb"]|\Z)"
_REF = rb"(\d++)\s++(\d++)\s++R" + _END

#: From a position inside an object, before its stream: skips everything that cannot hold a
#: reference (whitespace, comments, brackets, names, hex strings, numbers that do not start a
#: reference, true/false/null) and stops at a reference (groups 1, 2), the opening parenthesis
#: of a literal string (3), or the keyword that ends the object's dictionary part (4). A name
#: is skipped whole, so digits inside one ("/F1+0 98 0 R") never start a reference.
SCAN = re.compile(
    rb"(?:[\s\[\]{}]++|<<|>>|%[^\r\n]*+|/[^" + _D + rb"]*+|<[0-9A-Fa-f\s]*+>"
    rb"|[-+]?\d*+\.\d*+" + _END + rb"|[-+]?\d++(?!\s++\d++\s++R" + _END + rb")" + _END
    + rb"|(?:true|false|null)" + _END + rb")*+"
    rb"(?:" + _REF + rb"|(\()|(stream|endobj)" + _END + rb")")

#: One token for the small parser of structural objects.
_TOKEN = re.compile(
    rb"(?:\s++|%[^\r\n]*+)*+(?:" + _REF + rb"|(<<|>>|\[|\])|/([^" + _D + rb"]*+)"
    rb"|<([0-9A-Fa-f\s]*+)>|(\()|([-+]?(?:\d++\.?\d*+|\.\d++))" + _END
    + rb"|([A-Za-z]++)" + _END + rb")")

#: Inside a literal string: a run without parentheses, or an escaped character.
_STRING_RUN = re.compile(rb"(?:[^()\\]++|\\[\s\S])*+")
#: /Length with a direct value, followed by the next key or the dictionary's end.
LENGTH = re.compile(rb"/Length\s++(\d++)(?=\s*+(?:/|>>))")
OBJ = re.compile(rb"(\d++) 0 obj")
STREAM_END = re.compile(rb"(?:\r\n|\r|\n)?endstream" + _END + rb"\s*+endobj" + _END)
STARTXREF = re.compile(rb"startxref\s++(\d++)\s++%%EOF\s*+\Z")
XREF = re.compile(rb"xref(?:\r\n|\r|\n)0 (\d++)[ \t]*+(?:\r\n|\r|\n)")
XREF_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([fn])(?: \r| \n|\r\n)")
TRAILER = re.compile(rb"\s*+trailer" + _END)
HEADER = re.compile(rb"%PDF-1\.(\d)[\r\n]")
PRODUCER_MARK = b"ReportLab Generated PDF document"


def skip_string(data: bytes, pos: int) -> int:
    """The position after the literal string whose opening parenthesis ends before ``pos``."""
    depth = 1
    size = len(data)
    while True:
        pos = _STRING_RUN.match(data, pos).end()
        if pos >= size:
            raise Unsupported("a literal string runs to the end of the file")
        depth += 1 if data[pos] == 0x28 else -1
        pos += 1
        if depth == 0:
            return pos


def parse(data: bytes, pos: int) -> tuple[object, int]:
    """One PDF value at ``pos`` and the position after it (for the few structural objects)."""
    m = _TOKEN.match(data, pos)
    if m is None:
        raise Unsupported(f"unexpected bytes at {pos}")
    end = m.end()
    if m[1] is not None:
        if m[2] != b"0":
            raise Unsupported("a reference to a generation other than 0")
        return Ref(int(m[1])), end
    delimiter = m[3]
    if delimiter == b"<<":
        table: dict[bytes, object] = {}
        while True:
            key = _TOKEN.match(data, end)
            if key is not None and key[3] == b">>":
                return table, key.end()
            if key is None or key[4] is None:
                raise Unsupported(f"a dictionary key expected at {end}")
            table[bytes(key[4])], end = parse(data, key.end())
    if delimiter == b"[":
        items: list[object] = []
        while True:
            close = _TOKEN.match(data, end)
            if close is not None and close[3] == b"]":
                return items, close.end()
            item, end = parse(data, end)
            items.append(item)
    if delimiter is not None:
        raise Unsupported(f"unbalanced {delimiter!r} at {pos}")
    if m[4] is not None:
        return Name(m[4]), end
    if m[5] is not None:
        return String(m[0].lstrip()), end
    if m[6] is not None:
        start = m.start(6)
        end = skip_string(data, end)
        return String(data[start:end]), end
    if m[7] is not None:
        number = m[7]
        return (float(number) if b"." in number else int(number)), end
    keyword = {b"true": True, b"false": False, b"null": None}
    if m[8] in keyword:
        return keyword[m[8]], end
    raise Unsupported(f"unexpected keyword {m[8]!r} at {pos}")
