"""A locale's conventions as its translator declares them, in ``locales/<code>/typography.toml``
beside its catalog. Every key is optional; a locale without the file takes the defaults::

    quotes = ["„", "“"]          # its quotation marks, opening and closing (default “ ”)
    count_words = false          # %(x_words)s prints digits, as %(x)s does (default true:
                                 # counts from 0 to 12 spelt out, by num2words)
    no_break_after = ["w", "z"]  # words that never end a line (bound to the next word)
    counters = "頭枚点"           # characters that count things after a number
    keep_with_number = true      # a number never split from its counter (default: whether
                                 # counters are listed)

    [lists]                      # how a list is joined, over Babel's CLDR patterns
    standard = "{0} \\u05D5\\u05BE{1}"   # the last two items: Hebrew's "and" (vav, then a
                                     # maqaf) on the last name, "Ana, Ben" vav-maqaf "Cleo"
    or = { two = "{0} or {1}", end = "{0}, or {1}" }   # CLDR's patterns by name

Under ``[lists]``, a key is a CLDR list style (``standard``: "A, B and C", ``or``:
"A, B or C", ``unit``…; see :data:`LIST_STYLES`). Its value is the pattern joining the
last item to the rest, ``{0}`` the items before and ``{1}`` the last one, or a table of
CLDR's own patterns: ``two`` (a list of two), ``start`` (the first two of a longer one),
``middle``, ``end``; what it leaves out is Babel's.

Read once per build (see :mod:`printkit.caches`) and again when the file changes; a file
that cannot be used is a TypographyError naming the locale, the file and the key.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from printkit import caches, projectfiles
from printkit.errors import TranslationError

FILE = "typography.toml"
#: The keys of typography.toml, each with what it holds (for the error naming a bad one).
KEYS = {"quotes": "two marks, the opening and the closing one",
        "count_words": "true or false",
        "lists": "a table of list styles, each a pattern or a table of patterns",
        "no_break_after": "a list of words", "counters": "a string of characters",
        "keep_with_number": "true or false"}
#: CLDR's list styles, as Babel names them.
LIST_STYLES = ("standard", "standard-short", "standard-narrow", "or", "or-short",
               "or-narrow", "unit", "unit-short", "unit-narrow")
#: CLDR's patterns of a list style, as typography.toml names them -> as Babel does.
LIST_PATTERNS = {"two": "2", "start": "start", "middle": "middle", "end": "end"}
#: A pattern: the items before, then the last one, each once, and no other braces.
_PATTERN = re.compile(r"[^{}]*\{0\}[^{}]*\{1\}[^{}]*")
#: English quotation marks: a locale that declares none prints these.
ENGLISH_QUOTES = ("\u201c", "\u201d")


class TypographyError(TranslationError):
    """A typography.toml that cannot be used: one line naming the locale, the file and the
    key; nothing is rendered."""

    exit_code = 2


@dataclass(frozen=True, eq=False)
class Conventions:
    """A locale's conventions (see the module's docstring); one object per file version."""

    quotes: tuple[str, str] = ENGLISH_QUOTES
    #: Whether a count's twin in words (``%(x_words)s``) spells it out.
    count_words: bool = True
    #: Per list style, the CLDR patterns (Babel's keys) that replace Babel's.
    lists: dict[str, dict[str, str]] = field(default_factory=dict)
    #: Words that never end a line: each is bound to the next word with a no-break space.
    no_break_after: frozenset[str] = frozenset()
    #: Characters that count things after a number (Japanese 頭, 枚, 点…).
    counters: str = ""
    #: Whether a number is kept on the line of the counter after it.
    keep_with_number: bool = False

    def digest(self) -> list[str]:
        """What the conventions change in a document, for the incremental build."""
        lists = ";".join(f"{style}:{k}={v}" for style, patterns in sorted(self.lists.items())
                         for k, v in sorted(patterns.items()))
        return [f"{FILE}:no_break_after=" + " ".join(sorted(self.no_break_after)),
                f"counters={self.counters}", f"keep_with_number={self.keep_with_number}",
                f"quotes={''.join(self.quotes)}", f"count_words={self.count_words}",
                f"lists={lists}"]


#: The conventions of a locale without a typography.toml.
DEFAULTS = Conventions()


def typography_file(code: str) -> Path | None:
    """The locale's typography.toml: in the selected project's locales, else printkit's."""
    from printkit.language.locales import locale_file

    return locale_file(code, FILE)


#: Conventions looked up since the build began, by locale and locales folder: every string
#: laid out asks for its locale's.
_LOOKED_UP: dict[tuple[str, Path], Conventions] = {}
caches.per_build("conventions as read from typography.toml", _LOOKED_UP.clear)


def conventions(code: str | None) -> Conventions:
    """The conventions of locale ``code`` (:data:`DEFAULTS` without a typography.toml)."""
    from printkit.language.locales import locales_root

    key = (code or "", locales_root())
    found = _LOOKED_UP.get(key)
    if found is None:
        path = typography_file(code) if code else None
        if path is None:
            found = DEFAULTS
        else:
            stat = path.stat()
            found = _load(code or "", path, stat.st_mtime_ns, stat.st_size)
        _LOOKED_UP[key] = found
    return found


#: Where a locale's lines may not break: the same object, by the name its readers use.
line_rules = conventions


def digest(code: str) -> list[str]:
    """What locale ``code``'s typography.toml changes in its documents: nothing without one
    (so a locale's fingerprints stay as they were)."""
    found = conventions(code)
    return [] if found is DEFAULTS else found.digest()


@cache
def _load(code: str, path: Path, _mtime: int, _size: int) -> Conventions:
    from printkit.resources import relative

    where = f"locale {code}: {relative(path)}"

    def fail(message: str) -> TypographyError:
        return TypographyError(f"{where}: {message}")

    try:
        data: dict[str, Any] = tomllib.loads(projectfiles.read_settings(path))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise fail(f"cannot be read ({projectfiles.unreadable(exc)})") from None
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}; keys: {', '.join(KEYS)}")
    marks = data.get("quotes", list(ENGLISH_QUOTES))
    if (not isinstance(marks, list) or len(marks) != 2
            or not all(isinstance(m, str) and m and not m.isspace() for m in marks)):
        raise fail(f"quotes must be {KEYS['quotes']}, e.g. [\"„\", \"“\"], not {marks!r}")
    count_words = data.get("count_words", True)
    if not isinstance(count_words, bool):
        raise fail(f"count_words must be {KEYS['count_words']}, not {count_words!r}")
    words = data.get("no_break_after", [])
    if not isinstance(words, list):
        raise fail(f"no_break_after must be {KEYS['no_break_after']}, not {words!r}")
    for i, word in enumerate(words):
        if not isinstance(word, str) or not word or any(c.isspace() for c in word):
            raise fail(f"no_break_after[{i}] = {word!r} is not one word")
    counters = data.get("counters", "")
    if not isinstance(counters, str) or any(c.isspace() or c.isdigit() for c in counters):
        raise fail(f"counters must be {KEYS['counters']} (no spaces or digits), not "
                   f"{counters!r}")
    keep = data.get("keep_with_number", bool(counters))
    if not isinstance(keep, bool):
        raise fail(f"keep_with_number must be {KEYS['keep_with_number']}, not {keep!r}")
    if keep and not counters:
        raise fail("keep_with_number = true needs counters")
    return Conventions(quotes=(marks[0], marks[1]), count_words=count_words,
                       lists=_lists(data.get("lists", {}), fail),
                       no_break_after=frozenset(words), counters=counters,
                       keep_with_number=keep)


def _lists(table: Any, fail: Any) -> dict[str, dict[str, str]]:
    """The ``[lists]`` table as Babel's patterns per style; ``fail`` makes the error."""
    if not isinstance(table, dict):
        raise fail(f"lists must be {KEYS['lists']}, not {table!r}")
    out: dict[str, dict[str, str]] = {}
    for style, value in table.items():
        if style not in LIST_STYLES:
            raise fail(f"lists: unknown list style {style!r}; styles: {', '.join(LIST_STYLES)}")
        named = {"two": value, "end": value} if isinstance(value, str) else value
        if not isinstance(named, dict) or not named:
            raise fail(f"lists.{style} must be a pattern such as \"{{0}} and {{1}}\" or a "
                       f"table of patterns ({', '.join(LIST_PATTERNS)}), not {value!r}")
        patterns = {}
        for name, pattern in named.items():
            key = f"lists.{style}" + ("" if isinstance(value, str) else f".{name}")
            if name not in LIST_PATTERNS:
                raise fail(f"{key}: unknown pattern; patterns: {', '.join(LIST_PATTERNS)}")
            if not isinstance(pattern, str) or not _PATTERN.fullmatch(pattern):
                raise fail(f"{key} = {pattern!r} must hold {{0}} and then {{1}}, once each "
                           f"(e.g. \"{{0}} and {{1}}\")")
            patterns[LIST_PATTERNS[name]] = pattern
        out[style] = patterns
    return out


def joined(items: list[str], style: str, code: str) -> str:
    """``items`` joined as locale ``code`` joins a list of ``style``: Babel's CLDR patterns,
    those its ``[lists]`` declares in their place."""
    from babel.lists import format_list

    own = conventions(code).lists.get(style)
    if not own:
        return format_list(items, style=style, locale=code)
    patterns = {**_list_patterns(code, style), **own}
    if len(items) < 2:
        return "".join(items)
    if len(items) == 2:
        return patterns["2"].format(*items)
    text = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        text = patterns["middle"].format(text, item)
    return patterns["end"].format(text, items[-1])


@cache
def _list_patterns(code: str, style: str) -> dict[str, str]:
    """Babel's CLDR list patterns of locale ``code`` for ``style``."""
    from babel import Locale

    patterns = Locale.parse(code).list_patterns
    return dict(patterns.get(style) or patterns["standard"])
