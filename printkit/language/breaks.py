"""Where a line of a locale's own script may break: the Unicode line breaking rules
(UAX #14), by ICU, with its dictionaries for the languages written without spaces
between words (Thai, Lao, Khmer, Burmese).

A zero-width space (U+200B) in a translation is a place a line may break, and prints
nothing. A signed number or a range ("−4", "2–4") is never broken.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from icu4py.breakers import LineBreaker

from printkit.language import bidi

#: ZERO WIDTH SPACE: a line may break here; nothing is printed.
ZWSP = "\u200b"


def icu_locale(code: str) -> str:
    """ICU's name for locale ``code`` ("zh_Hans" is "zh-Hans")."""
    return code.replace("_", "-")


@lru_cache(maxsize=8192)
def opportunities(text: str, code: str) -> tuple[int, ...]:
    """The indexes of ``text``, inside it, before which a line of locale ``code`` may
    break."""
    if not text:
        return ()
    # ICU counts in UTF-16 code units: a character beyond the BMP takes two
    at = _utf16_indexes(text)
    inside = {p for start, end in bidi.numbers(text) for p in range(start + 1, end)}
    found = (at[end] for _start, end in LineBreaker(text, icu_locale(code)).segments())
    return tuple(p for p in found if 0 < p < len(text) and p not in inside)


def _utf16_indexes(text: str) -> dict[int, int]:
    """Each UTF-16 offset of ``text`` that starts a character (and its end), as the
    index of that character."""
    out, unit = {}, 0
    for i, char in enumerate(text):
        out[unit] = i
        unit += 2 if ord(char) > 0xFFFF else 1
    out[unit] = len(text)
    return out


def words(text: str, code: str) -> list[str]:
    """The parts of ``text`` a line of locale ``code`` cannot break inside, without the
    spaces (and zero-width spaces) around them."""
    cuts = (0, *opportunities(text, code), len(text))
    parts = (text[a:b].replace(ZWSP, "").strip() for a, b in itertools.pairwise(cuts))
    return [p for p in parts if p]
