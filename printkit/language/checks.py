"""Checks every translation must pass before a kit is printed with it.

A translation may not drop, add or rename a placeholder (it would crash the
build or print the wrong number), may carry no markup but balanced ``<b>``
and ``<i>`` (anything else could corrupt a page), may not contain a lone
``%`` (new-style gettext formats every string), and must only use characters
the embedded fonts can print. Each problem names the locale and the entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from printkit.language.script import load

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
_PERCENT = re.compile(r"%(?:\(\w+\)[sd]|%)")
_TAG = re.compile(r"<[^>]*>")
ALLOWED_TAGS = ("<b>", "</b>", "<i>", "</i>")
#: The variables a plural form may leave out when it spells the number as a word (and
#: their twins in words, see WORDS).
COUNTS = {"num", "count", "num_words", "count_words"}
#: Every count comes as digits (``%(dice)s``) and as its twin in words
#: (``%(dice_words)s``, see printkit.drawing.templating): a translation uses whichever its
#: language's style wants, whichever one the English uses.
WORDS = "_words"


def _twin(name: str) -> str:
    return name[:-len(WORDS)] if name.endswith(WORDS) else name + WORDS


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _markup_problem(text: str) -> str | None:
    depth = {"b": 0, "i": 0}
    for tag in _TAG.findall(text):
        if tag not in ALLOWED_TAGS:
            return f"markup {tag!r} is not allowed (only <b> and <i>)"
        name = tag.strip("</>")
        depth[name] += -1 if tag.startswith("</") else 1
        if depth[name] < 0:
            return f"{tag} closes a tag that was not opened"
    if any(depth.values()):
        return "a <b> or <i> is not closed"
    if ">" in _TAG.sub("", text) or "<" in _TAG.sub("", text):
        return "a bare < or > would be read as markup; rephrase it"
    return None


def translation_problems(msgid: str | tuple[str, ...], strings: Iterable[str],
             locale: str = "") -> list[str]:
    """What is wrong with the translations of one entry (empty if nothing)."""
    # (ReportLab, which the glyph check reads fonts with, is loaded only when a
    # catalog is checked: marking a msgid with N_ needs none of it)
    from printkit.language.fonts import missing_glyphs

    ids = (msgid,) if isinstance(msgid, str) else msgid
    source = set().union(*(placeholders(i) for i in ids))
    plural = not isinstance(msgid, str)
    named = placeholders(ids[-1]) if plural else source
    # a format string: it has placeholders or writes its percent signs %%
    formatted = any(_PERCENT.search(i) for i in ids)
    found: list[str] = []
    for text in strings:
        if not text:
            continue
        have = placeholders(text)
        lost = {n for n in source - have - (COUNTS if plural else set()) if _twin(n) not in have}
        if lost:
            found.append(f"drops placeholder {', '.join(f'%({n})s' for n in sorted(lost))}")
        # A plural form may name only what the plural msgid names: GNU msgfmt checks each
        # msgstr[n] against msgid_plural, so a catalog printkit reads it reads too.
        extra = {n for n in have - named if _twin(n) not in named}
        if extra:
            found.append(f"adds placeholder {', '.join(f'%({n})s' for n in sorted(extra))} "
                         f"that the source{' (msgid_plural)' if plural else ''} does not have")
        # (a msgid of game data is plain text: its percent signs print as they are)
        if formatted and "%" in _PERCENT.sub("", text):
            found.append("has a lone % (write %% for a percent sign)")
        markup = _markup_problem(text)
        if markup:
            found.append(markup)
        glyphs = missing_glyphs(text, script=load(locale))
        if glyphs:
            found.append(f"uses {glyphs[0]!r} (U+{ord(glyphs[0]):04X}), which no font of "
                         f"the locale can print")
    return list(dict.fromkeys(found))
