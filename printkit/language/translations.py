"""Translations: gettext catalogs read with Babel, with an English fallback.

Source strings (msgids) are English. Each other locale has
``locales/<code>/LC_MESSAGES/printkit.po``. Catalogs are read from the ``.po``
files themselves (and compiled in memory), so an edit in a PO editor is used
by the next build with no compile step that could go stale; fuzzy entries
count as untranslated, as gettext tools do.

A msgid missing from a catalog falls back to English and is remembered, so the
build can warn about it by name; with ``strict`` it is an error instead.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path

from babel.numbers import format_decimal

from printkit.errors import (
    TranslationError,
    TranslationErrors,
)
from printkit.language import typography
from printkit.language.checks import translation_problems
from printkit.language.conventions import conventions, joined
from printkit.language.locales import (
    catalog_path,
    project_folder,
    read_po_file,
    shipped_locale,
)
from printkit.resources import SOURCE_LOCALE, locales_dir, relative

MINUS = "\u2212"


def N_(message: str) -> str:
    """Mark a msgid for extraction where it is defined; it is translated where it is used."""
    return message


def message_key(msgid: str, context: str | None = None) -> str:
    """How a catalog entry is looked up: gettext's ``context EOT msgid`` when it has a context."""
    return f"{context}\x04{msgid}" if context else msgid


@dataclass(frozen=True)
class Catalog:
    """The usable translations of one locale: no fuzzy, no empty entries."""

    code: str
    path: str
    singular: dict[str, str]
    plural: dict[str, tuple[str, ...]]
    plural_index: Callable[[int], int]
    num_plurals: int
    #: One line per rejected entry; a rejected entry is used as if untranslated.
    rejected: tuple[str, ...] = ()
    #: The catalog's plural rule as written (``n != 1``): a document printing a plural
    #: depends on it (see :func:`printkit.commands.fingerprint.translations`).
    plural_rule: str = ""
    #: Where each entry of the file is, translated or not, as ``file:line``: what a
    #: warning about it names.
    places: dict[str, str] = field(default_factory=dict)

    def place(self, key: str) -> str:
        """Where a translator finds the entry ``key``: its file and line, or the file it
        is not in yet."""
        return self.places.get(key) or f"not in {self.path}"


def load_catalog(code: str, root: Path | None = None) -> Catalog:
    """The usable translations of a locale, read again whenever its file changes.

    For a game project (and no ``root``), the project's entries win over printkit's own
    catalog of the same locale, which still translates printkit's strings.
    """
    catalog = _read_catalog(code, *_stamped(catalog_path(code, root)))
    if root is not None or project_folder() is None:
        return catalog
    own = catalog_path(code, locales_dir())
    if not own.is_file():
        return catalog
    return _merged(catalog, _read_catalog(code, *_stamped(own)))


def _stamped(path: Path) -> tuple[Path, int | None]:
    try:
        return path, path.stat().st_mtime_ns
    except FileNotFoundError:
        return path, None


def _merged(first: Catalog, behind: Catalog) -> Catalog:
    """``first``'s entries, then ``behind``'s for msgids ``first`` lacks (one locale, so
    the plural rules agree)."""
    return replace(first, singular={**behind.singular, **first.singular},
                   plural={**behind.plural, **first.plural},
                   rejected=first.rejected + behind.rejected,
                   places={**behind.places, **first.places})


@cache
def _read_catalog(code: str, path: Path, stamp: int | None) -> Catalog:
    label = relative(path)
    po = read_po_file(code, path)
    singular: dict[str, str] = {}
    plural: dict[str, tuple[str, ...]] = {}
    rejected: list[str] = []
    places: dict[str, str] = {}
    for message in po:
        if message.id:
            first = message.id if isinstance(message.id, str) else message.id[0]
            places[message_key(first, message.context)] = f"{label}:{message.lineno}"
        if not message.id or message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found = translation_problems(message.id, strings, code)
        if found:
            shown = message.id if isinstance(message.id, str) else message.id[0]
            rejected.append(f"locale {code}: {label}:{message.lineno}: entry {shown!r}: "
                            f"{'; '.join(found)}")
            continue
        if isinstance(message.id, tuple):
            forms = tuple(message.string or ())
            if forms and all(forms):
                plural[message_key(message.id[0], message.context)] = forms
            elif any(forms):
                empty = ", ".join(f"msgstr[{i}]" for i, f in enumerate(forms) if not f)
                rejected.append(f"locale {code}: {label}:{message.lineno}: entry "
                                f"{message.id[0]!r}: "
                                f"{empty} {'is' if empty.count(',') == 0 else 'are'} empty")
        elif message.string:
            singular[message_key(message.id, message.context)] = message.string
    return Catalog(code=code, path=label, singular=singular, plural=plural,
                   plural_index=_gettext.c2py(po.plural_expr), num_plurals=po.num_plurals,
                   rejected=tuple(rejected), plural_rule=f"{po.num_plurals}:{po.plural_expr}",
                   places=places)


@dataclass
class Localizer:
    """Translates and formats for one locale, remembering what fell back to English."""

    code: str
    strict: bool = False
    catalog: Catalog | None = None
    missing: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)
    #: Other ``warning: …`` lines about the document being rendered (rules it leaves
    #: unstated, see :mod:`printkit.drawing.trace`); reported with the missing translations.
    notes: set[str] = field(default_factory=set)

    @classmethod
    def for_locale(cls, code: str, strict: bool = False, root: Path | None = None) -> Localizer:
        code = shipped_locale(code, root)
        catalog = None if code == SOURCE_LOCALE else load_catalog(code, root)
        if strict and catalog is not None and catalog.rejected:
            raise TranslationErrors(catalog.rejected)
        return cls(code=code, strict=strict, catalog=catalog)

    def _fallback(self, msgid: str) -> None:
        if self.strict:
            where = self.catalog.path if self.catalog else self.code
            raise TranslationError(f"locale {self.code}: no translation for {msgid!r} ({where})")
        self.missing.add(msgid)

    def gettext(self, msgid: str) -> str:
        return self.pgettext(None, msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.npgettext(None, singular, plural, n)

    def pgettext(self, context: str | None, msgid: str) -> str:
        """``msgid`` in the sense ``context`` names (e.g. a colour inside a sentence)."""
        key = message_key(msgid, context)
        self.used.add(key)
        if self.catalog is None:
            return msgid
        text = self.catalog.singular.get(key)
        if text is None:
            self._fallback(key)
            return msgid
        # the translation of game data is game data too: text, never markup or a format
        return type(msgid)(text) if type(msgid) is not str else text

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        key = message_key(singular, context)
        self.used.add(key)
        if self.catalog is None:
            return singular if n == 1 else plural
        forms = self.catalog.plural.get(key)
        if forms is None:
            self._fallback(key)
            return singular if n == 1 else plural
        index = self.catalog.plural_index(n)
        return forms[min(index, len(forms) - 1)]

    def list(self, items: Sequence[str], style: str = "standard") -> str:
        """Items joined as the locale joins a list: "A, B and C", "A, B y C", "A, B i C"
        (Babel's CLDR patterns, or the locale's own ``[lists]`` in typography.toml)."""
        return joined(list(items), style, self.code)

    def series(self, items: Sequence[str]) -> str:
        """Items joined with no "and", as the locale separates them: "A, B, C", "A، B، C"."""
        return typography.SERIES.get(typography.language(self.code), ", ").join(items)

    def number(self, value: float) -> str:
        return _decimal(type(value), value, self.code)

    def words(self, value: int) -> str:
        """A count from 0 to 12 spelt out as the locale writes it ("three", "trzy"), for the
        sentences whose style wants it; larger numbers, languages num2words does not know
        and locales whose typography.toml says ``count_words = false``, in digits.
        Grammatical agreement (Polish "dwa"/"dwie") is the translator's call: each entry
        may use the digits twin instead (see :mod:`printkit.language.checks`)."""
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 12 \
                or not conventions(self.code).count_words:
            return self.number(value)
        return _in_words(value, self.code) or self.number(value)

    def signed(self, value: int) -> str:
        """A number as printed on a card: a true minus sign (U+2212), then the locale's digits."""
        return (MINUS if value < 0 else "") + self.number(abs(value))

    def points(self, value: int) -> str:
        """'1 point', '5 points', '−2 points', with the locale's plural forms: a penalty
        has entries of its own, so that a form that spells its number out (Arabic's
        "نقطتان", two points) never loses the sign."""
        if value < 0:
            # TRANSLATORS: a penalty in points, on cards and sheets (−2, −4); %(num)s is the
            # number without its sign, which picks the plural form. Keep the minus sign
            # (U+2212) before the number in every form: the card must read as a penalty.
            return self.ngettext("−%(num)s point", "−%(num)s points", -value) % {
                "num": self.number(-value)}
        # TRANSLATORS: a number of points, on cards and sheets; %(num)s is the number (0
        # or more; a penalty has its own entry, "−%(num)s points").
        return self.ngettext("%(num)s point", "%(num)s points", value) % {
            "num": self.number(value)}


# Numbers are formatted thousands of times a document (every count in every sentence
# comes with its twin in words), always the same few; Babel and num2words take a tenth of
# a millisecond each time. (By type too: 1 and 1.0 are equal keys but may print apart.)
@lru_cache(maxsize=4096)
def _decimal(_kind: type, value: float, code: str) -> str:
    return format_decimal(value, locale=code)


@lru_cache(maxsize=1024)
def _in_words(value: int, code: str) -> str | None:
    """``value`` spelt out in ``code``'s language, or None if num2words does not know it."""
    from num2words import num2words

    try:
        return num2words(value, lang=code)
    except NotImplementedError:
        return None


#: How many of the entries filled from printkit's catalog a warning names.
FILLED_NAMED = 3


def filled_from_printkit(code: str) -> str | None:
    """A ``warning: …`` line naming the entries of the selected game project's catalog of
    ``code`` that are not translated there but are in printkit's own catalog, which then
    fills them (see :func:`load_catalog`); None if there are none, or no project.

    A build that fills them quietly prints them translated, so the project's file looks
    done to nobody but the build: ``catalog coverage --missing`` still lists them."""
    if project_folder() is None or code == SOURCE_LOCALE:
        return None
    path, own = catalog_path(code), catalog_path(code, locales_dir())
    if not path.is_file() or not own.is_file():
        return None
    mine, behind = _read_catalog(code, *_stamped(path)), _read_catalog(code, *_stamped(own))
    done = mine.singular.keys() | mine.plural.keys()
    filled = [key for key in mine.places if key not in done
              and (key in behind.singular or key in behind.plural)]
    if not filled:
        return None
    shown = ", ".join(repr(key.rpartition("\x04")[2]) for key in filled[:FILLED_NAMED])
    more = ", …" if len(filled) > FILLED_NAMED else ""
    return (f"warning: locale {code}: {len(filled)} entr{'y' if len(filled) == 1 else 'ies'} "
            f"of {mine.path} not translated there, filled from printkit's own catalog: "
            f"{shown}{more}; translate {'it' if len(filled) == 1 else 'them'} in that file")
