"""Typography per language, applied where text is laid out, never typed by a translator.

- **Quotation marks**: a pair of straight double quotes in a string prints as the
  language's own marks (“…” en, „…“ de, «…» es/fr/it, „…” pl). Babel ships no
  CLDR delimiter data, so the marks are this one per-locale setting (a locale
  missing here gets English marks; add it with one line).
- **French spacing**: a no-break space before ``; : ! ?`` and inside ``« »``, so
  a line never starts with a colon or a closing guillemet; a space the translator
  typed there becomes a no-break one, and a missing one is added.

Lists ("A, B et C") and numbers come from Babel's CLDR data in
:class:`printkit.i18n.Localizer`.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
#: Opening and closing quotation marks per language (CLDR's ``quotationStart/End``).
QUOTES: dict[str, tuple[str, str]] = {
    "en": ("“", "”"), "de": ("„", "“"), "es": ("«", "»"), "fr": ("«", "»"),
    "it": ("«", "»"), "pl": ("„", "”"), "pt": ("“", "”"), "nl": ("‘", "’"),
    "cs": ("„", "“"), "ja": ("「", "」"), "zh": ("“", "”"), "ko": ("“", "”"),
    "ar": ("”", "“"), "he": ("”", "”"), "fa": ("«", "»"), "hi": ("“", "”"),
}
#: What separates the items of a series with no "and" (a legend, values in brackets), where
#: it is not ", ": CLDR's list separators for these scripts.
SERIES: dict[str, str] = {"ar": "، ", "fa": "، ", "ur": "، ", "ja": "、", "zh": "、"}
#: Languages written without spaces: no space follows a full stop, comma or closing
#: bracket of theirs (sentences joined by a space in the source are closed up).
CLOSED_UP = {"ja", "zh"}
_AFTER_FULL_WIDTH = re.compile(r"(?<=[。、！？：；」』）】])[ \t\r\n]+(?=\S)")
#: Languages that set a no-break space before high punctuation and inside guillemets.
SPACED_PUNCTUATION = {"fr"}

#: Paragraph markup and entities pass untouched: ``&amp;`` must not get a space before ``;``.
_MARKUP = re.compile(r"(<[^>]*>|&#?\w+;)")
_BEFORE = re.compile(r"(?<=[^\s;:!?«(\[/])[ \u00a0\u202f]?([;:!?])(?![/\d])")
_OPEN = re.compile(r"«[ \u00a0\u202f]?")
_CLOSE = re.compile(r"[ \u00a0\u202f]?»")


def language(code: str | None) -> str:
    return (code or "en").replace("-", "_").split("_")[0].lower()


def quotes(text: str, code: str | None) -> str:
    """Pairs of straight double quotes as the language's quotation marks."""
    if '"' not in text:
        return text
    parts = _MARKUP.split(text)
    count = sum(p.count('"') for i, p in enumerate(parts) if i % 2 == 0)
    if count % 2:
        return text  # unbalanced: leave the translator's text as it is
    start, end = QUOTES.get(language(code), QUOTES["en"])
    opening = True
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            continue
        chars = []
        for ch in part:
            if ch == '"':
                chars.append(start if opening else end)
                opening = not opening
            else:
                chars.append(ch)
        out.append("".join(chars))
    return "".join(out)


def french_spacing(text: str) -> str:
    """No-break spaces before ; : ! ? and inside « », in text that may carry markup."""
    parts = _MARKUP.split(text)
    out: list[str] = []
    last = ""  # the last visible character before the current part
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            if part.startswith("&"):
                last = "x"
            continue
        if part and part[0] in ";:!?" and last and not last.isspace() and last not in ";:!?«":
            part = NBSP + part
        part = _BEFORE.sub(lambda m: NBSP + m.group(1), part)
        part = _OPEN.sub("«" + NBSP, part)
        part = _CLOSE.sub(NBSP + "»", part)
        out.append(part)
        if part:
            last = part[-1]
    return "".join(out)


def localise(text: str, code: str | None) -> str:
    """All of the language's typography rules, in order."""
    text = quotes(text, code)
    if language(code) in SPACED_PUNCTUATION:
        text = french_spacing(text)
    if language(code) in CLOSED_UP:
        text = "".join(part if i % 2 else _AFTER_FULL_WIDTH.sub("", part)
                       for i, part in enumerate(_MARKUP.split(text)))
    return text


# --- provisional: replaced by the locale data loader ---
from dataclasses import dataclass as _dataclass  # noqa: E402


@_dataclass(frozen=True)
class LineRules:
    no_break_after: frozenset[str] = frozenset()
    counters: str = ""
    keep_with_number: bool = False


def line_rules(code: str) -> LineRules:
    if language(code) == "pl":
        return LineRules(frozenset("aiouwzAIOUWZ"))
    if language(code) == "ja":
        return LineRules(counters="頭枚点個人回本つ分秒歳番目")
    return LineRules()
