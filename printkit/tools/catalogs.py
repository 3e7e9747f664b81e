"""Keeping catalogs in step with the source: extract the template, start and update locales.

These are thin wrappers over Babel's own catalog objects, with printkit's
extraction settings, so the files stay standard gettext that any PO editor
opens.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from printkit.errors import UsageError
from printkit.language.checks import WORDS, placeholders
from printkit.language.locales import (
    catalog_path,
    folder_code,
    read_po_file,
    shipped_locales,
    template_path,
)
from printkit.output import write_atomic
from printkit.resources import SOURCE_LOCALE
from printkit.tools.extract import STABLE_DATE, extract_catalog

#: Straight quotes and their typographic forms: a msgid that changed only in these keeps
#: its translation (the change is typography, not meaning).
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


def _po_bytes(catalog: Catalog) -> bytes:
    """The catalog as a .po file, without ``#|`` previous-msgid comments.

    A fuzzy entry's previous msgid is useful once, while the translator reviews it;
    kept, it goes stale with the next update, so printkit never writes it.
    """
    for message in catalog:
        message.previous_id = []
        if _has_twins(message.id, message.string):
            # A translation uses one of a count's twins (digits or words), which msgfmt's
            # python-format check would call a missing argument; printkit's own check
            # (printkit.language.checks) holds such entries to their placeholders instead.
            message.flags.discard("python-format")
        # "# | msgid …" is a previous-msgid comment mangled by an editor into a
        # translator comment: it would never go away on its own.
        message.user_comments = [c for c in message.user_comments if not c.startswith("| ")
                                 and c != "|"]
    out = BytesIO()
    write_po(out, catalog, width=88, omit_header=False, include_previous=False,
             ignore_obsolete=True)
    return out.getvalue()


def _has_twins(*texts: object) -> bool:
    """Whether an entry's source or translation spells a count in words (``%(n_words)s``)."""
    flat = [t for text in texts for t in (text if isinstance(text, (list, tuple)) else [text])]
    return any(name.endswith(WORDS) for t in flat if t for name in placeholders(str(t)))


def _same_but_quotes(old: object, new: object) -> bool:
    olds = old if isinstance(old, (list, tuple)) else [old]
    news = new if isinstance(new, (list, tuple)) else [new]
    if len(olds) != len(news):
        return False
    return all(str(a).translate(_QUOTES) == str(b).translate(_QUOTES)
               for a, b in zip(olds, news, strict=True))


def merge(catalog: Catalog, template: Catalog) -> None:
    """Babel's merge, except that a msgid whose only change is straight to typographic
    quotes (or back) keeps its translation instead of turning fuzzy."""
    catalog.update(template)
    for message in catalog:
        if message.fuzzy and message.previous_id and message.id and _same_but_quotes(
                message.previous_id, message.id):
            message.flags.discard("fuzzy")


def extract_template(root: Path | None = None) -> Path:
    """Write ``locales/printkit.pot`` from the current sources."""
    path = template_path(root)
    write_atomic(path, _po_bytes(extract_catalog()))
    return path


def init_locale(code: str, root: Path | None = None) -> Path:
    """Start a catalog for a new locale from the template (plural forms from Babel's CLDR
    data), in the folder :func:`~printkit.language.locales.folder_code` names."""
    typed, code = code, folder_code(code)
    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"{typed!r} is not a locale Babel knows (try e.g. 'de', 'fr', "
                         f"'pt-BR')") from None
    path = catalog_path(code, root)
    if code == SOURCE_LOCALE or path.exists():
        raise UsageError(f"locale {typed!r} already exists")
    template = extract_catalog()
    catalog = Catalog(locale=code, project="printkit", creation_date=STABLE_DATE,
                      revision_date=STABLE_DATE, charset="utf-8")
    catalog.update(template)
    write_atomic(path, _po_bytes(catalog))
    return path


def update_locales(root: Path | None = None) -> list[Path]:
    """Merge the current template into every catalog; changed entries become fuzzy."""
    template = extract_catalog()
    written = [extract_template(root)]
    for code in shipped_locales(root)[1:]:
        path = catalog_path(code, root)
        catalog = read_po_file(code, path)
        merge(catalog, template)
        write_atomic(path, _po_bytes(catalog))
        written.append(path)
    return written


def compile_locales(root: Path | None = None) -> list[Path]:
    """Write a .mo beside every catalog, for tools that want compiled gettext files.

    printkit itself reads the .po files, so this step is never needed to build.
    """
    written = []
    for code in shipped_locales(root)[1:]:
        path = catalog_path(code, root)
        catalog = read_po_file(code, path)
        out = BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        target = path.with_suffix(".mo")
        write_atomic(target, out.getvalue())
        written.append(target)
    return written
