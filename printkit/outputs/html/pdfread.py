"""What the SVG translation reads of a PDF: the tokens of a content stream, and a font's
characters and widths (its ToUnicode table, its /Widths).

Only what ReportLab writes, uncompressed: see :mod:`printkit.outputs.html.svg`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

# -- reading a content stream ---------------------------------------------------------------

_ESCAPES = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}


class Name(str):
    """A PDF name (``/F1``), apart from an operator."""


class Op(str):
    """An operator."""


def _string(data: bytes, at: int) -> tuple[bytes, int]:
    """The literal string whose ``(`` is just before ``at``; and where it ends."""
    out = bytearray()
    depth = 1
    i = at
    while i < len(data):
        ch = data[i]
        if ch == 0x5C:  # backslash
            i += 1
            nxt = data[i]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
            elif 0x30 <= nxt <= 0x37:
                digits = data[i:i + 3]
                n = 1
                while n < len(digits) and 0x30 <= digits[n] <= 0x37:
                    n += 1
                out.append(int(digits[:n], 8) & 0xFF)
                i += n - 1
            elif nxt in (0x0A, 0x0D):
                pass
            else:
                out.append(nxt)
        elif ch == 0x28:
            depth += 1
            out.append(ch)
        elif ch == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
            out.append(ch)
        else:
            out.append(ch)
        i += 1
    return bytes(out), i


#: One token of a content stream as ReportLab writes it: a string (its parentheses always
#: escaped, or balanced one deep), a dictionary's brackets, a hex string, an array's
#: bracket, a name, or a number or operator.
_RAW = re.compile(rb"""\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)|<<|>>|<[0-9A-Fa-f\s]*>|[\[\]]"""
                  rb"""|/[^\s/\[\]()<>{}%]*|[^\s/\[\]()<>{}%]+""", re.S)
_NUMBER_START = frozenset(b"0123456789+-.")


def tokens(data: bytes) -> Iterator[Any]:
    """The operands and operators of a content stream: floats, :class:`Name`, bytes
    (strings), lists (arrays), dicts and :class:`Op`."""
    stack: list[list[Any]] = [[]]
    for text in _RAW.findall(data):
        first = text[0]
        value: Any
        if first in _NUMBER_START:
            try:
                value = float(text)
            except ValueError:
                value = Op(text.decode("latin-1"))
        elif first == 0x2F:  # /
            value = Name(text[1:].decode("latin-1"))
        elif first == 0x28:  # (
            value = _string(text, 1)[0] if b"\\" in text else text[1:-1]
        elif text == b"<<" or text == b"[":
            stack.append([])
            continue
        elif text == b"]":
            value = stack.pop()
        elif text == b">>":
            items = stack.pop()
            value = dict(zip(items[::2], items[1::2], strict=False))
        elif first == 0x3C:  # <
            digits = re.sub(rb"\s", b"", text[1:-1])
            value = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))
        else:
            value = Op(text.decode("latin-1"))
        if len(stack) > 1:
            stack[-1].append(value)
        else:
            yield value


# -- fonts ---------------------------------------------------------------------------------

_BFCHAR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
_BFRANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")


@dataclass(frozen=True)
class Font:
    """What the translation needs of a PDF font: its characters and advance widths."""

    name: str
    chars: dict[int, str]
    widths: dict[int, float]
    default_width: float = 0.0

    def text(self, codes: bytes) -> str:
        return "".join(self.chars.get(c, "") for c in codes)

    def width(self, codes: bytes) -> float:
        """The run's advance in text space units (thousandths of the font size)."""
        return sum(self.widths.get(c, self.default_width) for c in codes)


def font(obj: Any) -> Font:
    base = str(obj.get("/BaseFont", "")).lstrip("/")
    family = base.split("+", 1)[-1]
    chars: dict[int, str] = {}
    cmap = obj.get("/ToUnicode")
    if cmap is not None:
        data = cmap.get_object().get_data()
        for section in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
            for lo, hi, dst in _BFRANGE.findall(section):
                start = int(dst, 16)
                for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                    chars[code] = chr(start + i)
        for section in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
            for code, dst in _BFCHAR.findall(section):
                chars[int(code, 16)] = bytes.fromhex(dst.decode()).decode("utf-16-be")
    elif obj.get("/Encoding") in ("/WinAnsiEncoding", None):
        chars = {c: bytes([c]).decode("cp1252", "replace") for c in range(32, 256)}
    widths: dict[int, float] = {}
    first = int(obj.get("/FirstChar", 0))
    for i, w in enumerate(obj.get("/Widths", []) or []):
        widths[first + i] = float(w)
    default = 0.0 if widths else 500.0  # a standard font: an estimate
    return Font(family, chars, widths, default)


def get(holder: Any, key: str, raw: bool = False) -> Any:
    if holder is None:
        return None
    holder = holder.get_object()
    if key not in holder:
        return None
    return holder.raw_get(key) if raw else holder[key]


def utf16(data: bytes) -> str:
    if data.startswith(b"\xfe\xff"):
        return data[2:].decode("utf-16-be", "replace")
    return data.decode("latin-1")
