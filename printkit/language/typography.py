"""Typography per language, applied where text is laid out, never typed by a translator.

- **Quotation marks**: a pair of straight double quotes in a string prints as the
  language's own marks (“…” en, „…“ de, «…» es/fr, „…” pl), which its translator
  declares as ``quotes`` in ``locales/<code>/typography.toml`` (Babel ships no CLDR
  delimiter data; a locale that declares none prints English marks).
- **French spacing**: a no-break space before ``; : ! ?`` and inside ``« »``, so
  a line never starts with a colon or a closing guillemet; a space the translator
  typed there becomes a no-break one, and a missing one is added.
- **Line breaks**: the lines a language's readers expect, declared per locale in
  ``locales/<code>/typography.toml`` beside its catalog (read by
  :mod:`printkit.language.conventions`, which describes every key; "Add a locale in any
  script" in docs/translate.md shows the file). Polish typesetting never ends a
  line with a one-letter word ("w", "z", "i"…): each word of ``no_break_after`` is bound
  to the next word with a no-break space where text is laid out (:func:`localise`: the
  PDF's paragraphs, labels, cards and tables, and the rules page), never in the catalog,
  so translators type plain spaces. Japanese never splits a number from the counter
  after it ("2頭", "1枚"): ``counters`` lists those characters, and the kinsoku line
  breaker (:mod:`printkit.language.kinsoku`) keeps them with the number. The rules are
  data rather than code because they belong to the language, like its quotation marks,
  and a translator who knows them can add Czech or Slovak without touching Python; a
  PDF checker reads the same file.
- **Phrases**: headings and short labels in a language written without spaces break
  only between phrases where they can (:func:`phrases`, BudouX's model of the language),
  never inside a word such as クリスマスイブ; running text keeps breaking between any
  two characters with the kinsoku rules, as Japanese books do.

Lists ("A, B et C") and numbers come from Babel's CLDR data in
:class:`printkit.language.translations.Localizer`, a list's patterns from the locale's
``[lists]`` where it declares them.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from printkit.language.conventions import conventions

NBSP = "\u00a0"
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
    start, end = conventions(code).quotes
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


@cache
def _binder(words: frozenset[str]) -> re.Pattern[str]:
    """A word of ``words`` standing alone (not the end of a longer word, a hyphenated one
    or an entity), with the tags after it and the spaces before the next word."""
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w\-\u00ad'’&#;])({alternatives})((?:</?[bi]>)*)"
                      rf"[ \t\r\n]+(?=[^\s<]|<[bi]>)")


def bind(text: str, words: frozenset[str]) -> str:
    """``text`` (plain or paragraph markup) with each of ``words`` bound to the word after
    it by a no-break space, so no line ends with it."""
    if not words:
        return text
    return _binder(words).sub(lambda m: f"{m.group(1)}{m.group(2)}{NBSP}", text)


#: BudouX's model for each language written without spaces that it knows.
_PHRASE_MODELS = {"ja": "load_default_japanese_parser",
                  "zh": "load_default_simplified_chinese_parser"}


#: Where hiragana turns to katakana inside one of BudouX's phrases, the words of a name
#: meet ("ねぼすけ" "イエティ"): a heading or label may break there too.
_KANA_TURN = re.compile(r"(?<=[\u3041-\u309f])(?=[\u30a1-\u30fa])")


@lru_cache(maxsize=4096)
def phrases(text: str, code: str | None) -> tuple[str, ...]:
    """``text`` cut into the phrases a reader of the language sees, where a line may break
    in a heading or label: BudouX's model of the language (for a language it knows), cut
    again where hiragana turns to katakana, else the text whole. ("クリスマスイブの夜" ->
    "クリスマスイブの", "夜"; "ねぼすけイエティ" -> "ねぼすけ", "イエティ")."""
    loader = _PHRASE_MODELS.get(language(code))
    if loader is None or not text:
        return (text,) if text else ()
    return tuple(part for phrase in _parser(loader).parse(text)
                 for part in _KANA_TURN.split(phrase))


@cache
def _parser(loader: str) -> Any:
    import budoux  # a dependency: its models ship with it, nothing is downloaded

    return getattr(budoux, loader)()


def localise(text: str, code: str | None) -> str:
    """All of the language's typography rules, in order."""
    text = quotes(text, code)
    text = bind(text, conventions(code).no_break_after)
    if language(code) in SPACED_PUNCTUATION:
        text = french_spacing(text)
    if language(code) in CLOSED_UP:
        text = "".join(part if i % 2 else _AFTER_FULL_WIDTH.sub("", part)
                       for i, part in enumerate(_MARKUP.split(text)))
    return text
