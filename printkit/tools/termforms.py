"""Where a glossary's word is in a translation, as the locale's script writes words.

- Most scripts: the word whole (not inside a longer one), any case; ``*`` at its end
  matches any word it begins.
- A language whose lines break between characters (``line_break = "cjk"``, Japanese):
  anywhere, there being no word boundaries to look for.
- A script written without spaces between words (Thai, Lao, Khmer, Burmese): on the word
  boundaries of ICU's dictionary for the locale, so a term run together with the words
  around it is found, and one inside a longer word is not.
- The glossary's ``prefixes`` (Hebrew's and Arabic's one-letter words written onto the
  next: "and", "the", "from", "in"...): a term matches with any chain of them before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

#: Scripts written without spaces between words, which ICU cuts into words by dictionary
#: (ISO 15924 codes, as CLDR names a language's script).
UNSPACED_SCRIPTS = frozenset({"Thai", "Laoo", "Khmr", "Mymr"})
#: Arabic vowel signs, shadda and tatweel: optional in writing, and not word characters
#: to a regex, so terms and translations are compared without them.
_OPTIONAL_MARKS = re.compile("[\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06ed]")
_MARKUP = re.compile(r"<[^>]*>|%\(\w+\)[sd]|%%")


class Finder(Protocol):
    """What finds a word in a text: a compiled regex, or one that keeps to ICU's words."""

    def search(self, text: str) -> re.Match[str] | None: ...


def written_without_spaces(code: str) -> bool:
    """Whether locale ``code``'s script writes no spaces between words (by CLDR's script
    of the language, or the script the code names: ``th``, ``km``...)."""
    from babel import Locale, UnknownLocaleError
    from babel.core import get_global

    try:
        locale = Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return False
    script = locale.script
    if not script:  # the language's usual script: th_Thai_TH
        likely = get_global("likely_subtags").get(locale.language, "").split("_")
        script = likely[1] if len(likely) > 1 else ""
    return script in UNSPACED_SCRIPTS


@dataclass(frozen=True)
class TermForms:
    """How a locale's terms are found (see the module's docstring)."""

    #: "whole" (whole words), "anywhere" (cjk) or "icu" (ICU's words of the locale).
    mode: str = "whole"
    #: The ICU locale whose dictionary cuts the words ("icu" only).
    locale: str = ""
    #: Words written onto the next one, any chain of which may stand before a term.
    prefixes: tuple[str, ...] = ()

    def finder(self, words: list[str]) -> Finder | None:
        """One finder for a list of words or phrases (None for no words)."""
        if not words:
            return None
        whole = self.mode == "whole"
        chain = ("(?:" + "|".join(re.escape(p) for p in sorted(self.prefixes, key=len,
                                                               reverse=True)) + ")*"
                 if self.prefixes else "")
        alternatives = []
        for word in (_OPTIONAL_MARKS.sub("", w) for w in words):
            end = r"(?!\w)" if whole else ""
            parts = [re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) + end
                     for w in word.split()]
            alternatives.append((r"(?<!\w)" if whole else "") + chain + r"\s+".join(parts))
        pattern = re.compile("|".join(alternatives), re.IGNORECASE)
        return _OnWords(pattern, self.locale) if self.mode == "icu" else pattern



def plain(text: str) -> str:
    """``text`` as terms are looked for in it: no markup, placeholders or optional marks."""
    return _OPTIONAL_MARKS.sub("", _MARKUP.sub(" ", text))


@dataclass(frozen=True)
class _OnWords:
    """A pattern that matches only from one of ICU's word boundaries to another."""

    pattern: re.Pattern[str]
    locale: str

    def search(self, text: str) -> re.Match[str] | None:
        bounds = _boundaries(text, self.locale)
        for i, start in enumerate(bounds):
            if self.pattern.match(text, start) is None:
                continue
            for end in bounds[i + 1:]:
                found = self.pattern.fullmatch(text, start, end)
                if found:
                    return found
        return None


@lru_cache(maxsize=4096)
def _boundaries(text: str, locale: str) -> tuple[int, ...]:
    """Where ICU's words of ``text`` begin and end, in the locale's dictionary."""
    from icu4py.breakers import WordBreaker  # a dependency, its data inside the wheel

    bounds = [0]
    for word in WordBreaker(text, locale):
        bounds.append(bounds[-1] + len(word))
    return tuple(bounds)
