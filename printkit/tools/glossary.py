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

A language that writes some words onto the next (Hebrew's "the", "and", "from"...,
Arabic's) lists them once, at the top of the file, before any table::

    prefixes = ["h", "w", "m"]       # in the language's letters: a term matches with any
                                     # chain of them before it

Words of a script written without spaces (Thai) are ICU's; see
:mod:`printkit.tools.termforms`.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from printkit.errors import DataError, DataErrors
from printkit.language.locales import (
    catalog_path,
    confine,
    locales_root,
    read_po_file,
    shipped_locale,
    shipped_locales,
)
from printkit.language.script import load as load_script
from printkit.projectfiles import read_regular
from printkit.resources import SOURCE_LOCALE, relative
from printkit.schema import MAX_TOML_BYTES
from printkit.tools.termforms import Finder, TermForms, plain, written_without_spaces


def glossary_path(code: str, root: Path | None = None) -> Path:
    return locales_root(root) / code / "glossary.toml"


@dataclass(frozen=True)
class Term:
    en: tuple[str, ...]
    use: str
    forms: Finder | None
    forbidden: Finder | None
    forbidden_words: tuple[str, ...]
    source: Finder | None
    game: str | None = None
    exempt: frozenset[str] = field(default_factory=frozenset)


#: How the English terms are found in a msgid: whole words.
ENGLISH = TermForms()


def term_forms(code: str, prefixes: tuple[str, ...] = ()) -> TermForms:
    """How locale ``code``'s terms are found in its translations (see
    :mod:`printkit.tools.termforms`)."""
    if load_script(code).cjk:
        return TermForms("anywhere", prefixes=prefixes)
    if written_without_spaces(code):
        return TermForms("icu", code, prefixes)
    return TermForms(prefixes=prefixes)


def load_glossary(code: str, root: Path | None = None) -> list[Term]:
    """The terms of a locale's glossary (none if it has no glossary); bad data is a DataError."""
    path = glossary_path(code, root)
    if not os.path.lexists(path):
        return []
    label = relative(confine(path, locales_root(root).parent))
    try:
        raw = read_regular(path, MAX_TOML_BYTES)
        if len(raw) > MAX_TOML_BYTES:
            raise DataErrors([DataError(label, "", "the file is larger than "
                                        f"{MAX_TOML_BYTES // (1024 * 1024)} MB")])
        data = tomllib.loads(raw.decode("utf-8"))
    except FileNotFoundError:  # a link to nothing
        return []
    except OSError as exc:
        raise DataErrors([DataError(label, "", f"cannot be read: {exc.strerror or exc}")]) \
            from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataErrors([DataError(label, "", f"not valid TOML: {exc}")]) from None
    terms: list[Term] = []
    errors: list[DataError] = []
    prefixes = data.get("prefixes", [])
    if not isinstance(prefixes, list) or not all(
            isinstance(p, str) and p and not any(c.isspace() for c in p) for p in prefixes):
        raise DataErrors([DataError(label, "prefixes", f"must be a list of words written onto "
                                    f"the next one, e.g. [\"b\", \"l\"], not {prefixes!r}")])
    forms = term_forms(code, tuple(prefixes))
    errors += _shape_problems(data, label)
    if errors:
        raise DataErrors(errors)
    for i, entry in enumerate(data.get("term", [])):
        en = entry.get("en")
        en = [en] if isinstance(en, str) else en
        use = entry.get("use")
        if not en or not isinstance(use, str):
            errors.append(DataError(label, f"term[{i}]", "needs `en` and `use`"))
            continue
        forbidden = list(entry.get("forbidden", []))
        terms.append(Term(en=tuple(en), use=use,
                          forms=forms.finder(entry.get("forms", [use])),
                          forbidden=forms.finder(forbidden), forbidden_words=tuple(forbidden),
                          source=ENGLISH.finder(en), game=entry.get("game"),
                          exempt=frozenset(entry.get("exempt", []))))
    for i, entry in enumerate(data.get("forbidden", [])):
        words = list(entry.get("words", []))
        if not words:
            errors.append(DataError(label, f"forbidden[{i}]", "needs `words`"))
            continue
        terms.append(Term(en=(), use=str(entry.get("use", "")), forms=None,
                          forbidden=forms.finder(words), forbidden_words=tuple(words),
                          source=None,
                          game=entry.get("game")))
    if errors:
        raise DataErrors(errors)
    return terms


def _shape_problems(data: dict, label: str) -> list[DataError]:
    """A glossary's tables and lists of words as their readers take them: ``[[term]]``
    and ``[[forbidden]]`` arrays of tables, each word list a list of strings."""
    def words(value: object) -> bool:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)

    found = []
    for array, lists, texts in (("term", ("forms", "forbidden", "exempt"), ("use", "game")),
                                ("forbidden", ("words",), ("use", "game"))):
        entries = data.get(array, [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            found.append(DataError(label, array, f"must be an array of tables ([[{array}]])"))
            continue
        for i, entry in enumerate(entries):
            if array == "term" and "en" in entry and not (
                    isinstance(entry["en"], str) or words(entry["en"])):
                found.append(DataError(label, f"{array}[{i}].en", "must be a word or a list "
                                                                  "of words"))
            found += [DataError(label, f"{array}[{i}].{key}", "must be a list of words")
                      for key in lists if key in entry and not words(entry[key])]
            found += [DataError(label, f"{array}[{i}].{key}", "must be a string")
                      for key in texts if key in entry and not isinstance(entry[key], str)]
    return found


def entry_problems(terms: list[Term], msgid: str | tuple[str, ...], strings: tuple[str, ...],
                   owners: set[str]) -> list[str]:
    """What an entry's translation gets wrong against the glossary (empty if nothing)."""
    ids = (msgid,) if isinstance(msgid, str) else msgid
    source = plain(" ".join(ids))
    texts = [plain(s) for s in strings if s]
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
            need = all if all(term.source.search(plain(i)) for i in ids) else any
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
