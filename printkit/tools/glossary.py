"""Glossaries: each locale's agreed game terms, checked against its catalog.

``locales/<code>/glossary.toml`` lists the terms of the published editions
(the original rules in that language, where there are some), so a term is
translated the same way on every card, sheet and page::

    [[term]]
    en = ["winning pile"]            # English term(s): whole words, any case, in the msgid
    use = "pila ganadora"            # the agreed translation, as a reader sees it
    forms = ["pila* ganadora*"]      # what counts as the term (default: ``use``)
    forbidden = ["montón de cartas ganadas"]
    game = "pick-a-polar-bear"       # only entries of this game (default: every entry)
    note = "Spanish original: «pila ganadora»."

    [[forbidden]]                    # words never to use, whatever the msgid says
    words = ["coger", "coge*"]
    use = "tomar"

A word ending in ``*`` matches any word it begins (``coge*``: coge, coges, cogen);
other words match whole. Markup and placeholders are ignored on both sides.
``exempt`` (a list of msgids) switches a term off for entries where it cannot apply.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from printkit.errors import DataError, DataErrors
from printkit.language.locales import (
    catalog_path,
    locales_root,
    read_po_file,
    shipped_locale,
    shipped_locales,
)
from printkit.language.script import load as load_script
from printkit.resources import SOURCE_LOCALE, relative

_MARKUP = re.compile(r"<[^>]*>|%\(\w+\)[sd]|%%")

#: Arabic vowel signs, shadda and tatweel: optional in writing, and not word characters
#: to a regex, so terms and translations are compared without them.
_OPTIONAL_MARKS = re.compile("[\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06ed]")


def glossary_path(code: str, root: Path | None = None) -> Path:
    return locales_root(root) / code / "glossary.toml"


def _pattern(words: list[str], whole: bool = True) -> re.Pattern[str] | None:
    """One regex for a list of words or phrases; ``*`` at a word's end matches its endings.
    Without ``whole`` (a language written without spaces, such as Japanese) a term
    matches anywhere in the text: there are no word boundaries to look for."""
    alternatives = []
    for word in (_OPTIONAL_MARKS.sub("", w) for w in words):
        end = r"(?!\w)" if whole else ""
        parts = [re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) + end
                 for w in word.split()]
        alternatives.append((r"(?<!\w)" if whole else "") + r"\s+".join(parts))
    return re.compile("|".join(alternatives), re.IGNORECASE) if alternatives else None


@dataclass(frozen=True)
class Term:
    en: tuple[str, ...]
    use: str
    forms: re.Pattern[str] | None
    forbidden: re.Pattern[str] | None
    forbidden_words: tuple[str, ...]
    source: re.Pattern[str] | None
    game: str | None = None
    exempt: frozenset[str] = field(default_factory=frozenset)


def load_glossary(code: str, root: Path | None = None) -> list[Term]:
    """The terms of a locale's glossary (none if it has no glossary); bad data is a DataError."""
    path = glossary_path(code, root)
    if not path.exists():
        return []
    label = relative(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataErrors([DataError(label, "", f"not valid TOML: {exc}")]) from None
    terms: list[Term] = []
    errors: list[DataError] = []
    whole = not load_script(code).cjk  # the translations' words: English ones are whole
    for i, entry in enumerate(data.get("term", [])):
        en = entry.get("en")
        en = [en] if isinstance(en, str) else en
        use = entry.get("use")
        if not en or not isinstance(use, str):
            errors.append(DataError(label, f"term[{i}]", "needs `en` and `use`"))
            continue
        forbidden = list(entry.get("forbidden", []))
        terms.append(Term(en=tuple(en), use=use,
                          forms=_pattern(entry.get("forms", [use]), whole),
                          forbidden=_pattern(forbidden, whole), forbidden_words=tuple(forbidden),
                          source=_pattern(en), game=entry.get("game"),
                          exempt=frozenset(entry.get("exempt", []))))
    for i, entry in enumerate(data.get("forbidden", [])):
        words = list(entry.get("words", []))
        if not words:
            errors.append(DataError(label, f"forbidden[{i}]", "needs `words`"))
            continue
        terms.append(Term(en=(), use=str(entry.get("use", "")), forms=None,
                          forbidden=_pattern(words, whole), forbidden_words=tuple(words),
                          source=None,
                          game=entry.get("game")))
    if errors:
        raise DataErrors(errors)
    return terms


def _plain(text: str) -> str:
    return _OPTIONAL_MARKS.sub("", _MARKUP.sub(" ", text))


def entry_problems(terms: list[Term], msgid: str | tuple[str, ...], strings: tuple[str, ...],
                   owners: set[str]) -> list[str]:
    """What an entry's translation gets wrong against the glossary (empty if nothing)."""
    ids = (msgid,) if isinstance(msgid, str) else msgid
    source = _plain(" ".join(ids))
    texts = [_plain(s) for s in strings if s]
    if not texts:
        return []
    found: list[str] = []
    for term in terms:
        if term.game and term.game not in owners:
            continue
        if ids[0] in term.exempt:
            continue
        if term.source is not None:
            hit = term.source.search(source)
            if hit is None:
                continue
            # A term in every source form must be in every translated form; a term in
            # one form only (a plural that says less) must be in at least one.
            need = all if all(term.source.search(_plain(i)) for i in ids) else any
            if term.forms is not None and not need(term.forms.search(t) for t in texts):
                found.append(f"lacks the glossary term {term.use!r} for {hit.group(0)!r}")
        if term.forbidden is not None:
            for text in texts:
                bad = term.forbidden.search(text)
                if bad:
                    instead = f"; use {term.use!r}" if term.use else ""
                    found.append(f"uses {bad.group(0)!r}, which the glossary forbids{instead}")
                    break
    return list(dict.fromkeys(found))


def check_catalog(code: str, root: Path | None = None) -> list[str]:
    """One line per catalog entry that breaks the locale's glossary: file, line, entry, why."""
    from printkit.tools.coverage import _owners

    terms = load_glossary(code, root)
    if not terms:
        return []
    path = catalog_path(code, root)
    label = relative(path)
    lines = []
    for message in read_po_file(code, path):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        problems = entry_problems(terms, message.id, tuple(strings), _owners(message.locations))
        for problem in problems:
            lines.append(f"locale {code}: {label}:{message.lineno}: entry {msgid!r}: {problem}")
    return lines


def glossary_problems(codes: list[str] | None = None, root: Path | None = None) -> list[str]:
    """Every glossary problem of the given locales (default: every shipped locale).

    Called by ``printkit catalog check`` and by ``printkit build --strict``.
    """
    out: list[str] = []
    for code in [shipped_locale(c, root) for c in codes] if codes else shipped_locales(root):
        if code == SOURCE_LOCALE:
            continue
        out += check_catalog(code, root)
    return out
