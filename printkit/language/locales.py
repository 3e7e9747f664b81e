"""Where a locale's files are, and reading a catalog file: the part of translation
every other language module needs (a locale's script.toml and typography.toml sit
beside its catalog), below them all.

A command working on a game project selects its ``locales/`` folder for its duration
(:func:`project_locales`); printkit's own games read printkit's.
"""

from __future__ import annotations

import codecs
import gettext as _gettext
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.pofile import PoFileError, read_po

from printkit import projectfiles
from printkit.errors import DataError, DataErrors, UsageError
from printkit.language import posyntax
from printkit.resources import DOMAIN, locale_codes, locales_dir, relative

#: A game project's own ``locales/`` folder while a command works on that project (see
#: :func:`project_locales`); None for printkit's built-in games.
_PROJECT_LOCALES: Path | None = None


def locales_root(root: Path | None = None) -> Path:
    """The locales folder a command works on: ``root`` if given, else the selected game
    project's, else printkit's own."""
    return root or _PROJECT_LOCALES or locales_dir()


@contextmanager
def project_locales(folder: Path) -> Iterator[None]:
    """``folder`` is the project's ``locales/``: see :func:`locales_root`."""
    """Work on a game project's catalogs: its locales are the ones that ship, ``catalog``
    commands read and write its files, and a Localizer reads its catalog first with
    printkit's own catalog of the same locale behind it (for the guide, sheet labels…).

    A context rather than a parameter threaded through every command: the build's forked
    workers inherit it, as they inherit the registry.
    """
    global _PROJECT_LOCALES
    before = _PROJECT_LOCALES
    _PROJECT_LOCALES = folder
    try:
        yield
    finally:
        _PROJECT_LOCALES = before


def project_folder() -> Path | None:
    """The game project whose catalogs the commands work on, if one is selected."""
    return _PROJECT_LOCALES.parent if _PROJECT_LOCALES is not None else None


def locale_file(code: str, name: str) -> Path | None:
    """A locale's settings file beside its catalog (``script.toml``, ``typography.toml``):
    the selected project's if it has one, else printkit's own; None if neither has. One
    that links out of the project, or is not a regular file, is a DataError naming it."""
    for root in dict.fromkeys((locales_root(), locales_dir())):
        path = root / code / name
        if os.path.lexists(path):
            confine(path, root.parent)
            if path.is_file():
                return path
    return None


def confine(path: Path, home: Path) -> Path:
    """``path``, a locale file of the game folder ``home`` (the folder its ``locales/``
    is in); a DataError naming it, and nothing read, if it resolves outside that folder
    and printkit's own resources or is not a regular file (see
    :mod:`printkit.projectfiles`)."""
    found = projectfiles.problem(path, (home,))
    if found is not None:
        raise DataErrors([DataError(relative(path), "", found)])
    return path


def folder_code(code: str) -> str:
    """The catalog folder of a locale code as typed: BCP-47's ``zh-Hans``, ``pt-BR`` (any
    case) as gettext and Babel spell them, ``zh_Hans``, ``pt_BR``."""
    parts = code.strip().replace("-", "_").split("_")
    out = [parts[0].lower()]
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())  # a script: Hans, Latn, Cyrl
        elif len(part) == 2 and part.isalpha() or len(part) == 3 and part.isdigit():
            out.append(part.upper())  # a region: BR, CN, 419
        else:
            out.append(part)  # a variant, as typed
    return "_".join(out)


def shipped_locale(code: str, root: Path | None = None) -> str:
    """The shipped locale a code typed on the command line names (``pt-BR``: ``pt_BR``); a
    UsageError naming the code as typed if none."""
    known = shipped_locales(root)
    for candidate in (code, folder_code(code)):
        if candidate in known:
            return candidate
    raise UsageError(f"unknown locale {code!r}; shipped locales: {', '.join(known)}")


def catalog_path(code: str, root: Path | None = None) -> Path:
    return locales_root(root) / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path(root: Path | None = None) -> Path:
    return locales_root(root) / f"{DOMAIN}.pot"


def shipped_locales(root: Path | None = None) -> list[str]:
    """English first, then every locale with a catalog, in code order."""
    return locale_codes(locales_root(root))


_CHARSET = re.compile(rb"charset=([A-Za-z0-9_.:-]+)")


#: The largest catalog read: printkit's own are a few hundred kilobytes.
MAX_CATALOG_BYTES = 20 * 1024 * 1024


def _decoded(raw: bytes, fail: Callable[..., DataErrors]) -> str:
    """A catalog's bytes as text in the charset its header declares; ``fail(message,
    line)`` for a charset that does not exist, text that is really UTF-8 declared as
    another charset, or a byte that is no character."""
    found = _CHARSET.search(raw[:4096])
    charset = found.group(1).decode("ascii") if found else "utf-8"
    header = _line_of(raw, found.start() if found else 0)
    try:
        declared = codecs.lookup(charset).name
    except LookupError:
        raise fail(f"unknown charset {charset!r} in the Content-Type header; use UTF-8",
                   header) from None
    if declared != "utf-8" and not raw.isascii():
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            raise fail(f"the header declares charset {charset} but the text is UTF-8; set "
                       f"charset=UTF-8 in the Content-Type header", header)
    if "\n#\"".encode(declared, "replace") != b'\n#"':
        raise fail(f"charset {charset} is not one a catalog can be read in; use UTF-8",
                   header)
    try:
        text = raw.decode(declared)
    except UnicodeDecodeError as exc:
        raise fail(f"not {charset} text (as its header declares): a byte that is no "
                   f"character", _line_of(raw, exc.start)) from None
    if text.startswith("\ufeff"):
        raise fail("starts with a byte order mark, which gettext refuses; save it as "
                   "UTF-8 without one", 1)
    return text


def read_po_file(code: str, path: Path) -> BabelCatalog:
    """Read a catalog file; anything that keeps it from being read right is a DataError.

    Checked before Babel parses it: the file lies in the project (or among printkit's
    own) and is a regular file, the locale folder's name is a locale Babel knows, the
    declared charset exists, text that is really UTF-8 is not declared as another
    charset (which would print "W\u00c3\u00bcrfel" for "W\u00fcrfel"), and every line
    is one Babel reads as gettext does (:mod:`printkit.language.posyntax`): a syntax
    error names its line, where Babel would quietly read something else.
    """
    label = relative(path)

    def fail(message: str, line: int | None = None) -> DataErrors:
        return DataErrors([DataError(label, f"line {line}" if line else "", message)])

    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        raise fail(f"the folder name {code!r} is not a locale Babel knows "
                   f"(e.g. de, fr, pt_BR)") from None
    confine(path, path.parents[3] if len(path.parents) > 3 else path.parent)
    try:
        raw = projectfiles.read_regular(path, MAX_CATALOG_BYTES)
    except FileNotFoundError:
        raise UsageError(f"locale {code!r} has no catalog at {label}") from None
    except projectfiles.NotRegular:
        raise fail("is not a regular file (a pipe or a device cannot be read)") from None
    except OSError as exc:
        raise fail(f"cannot read catalog: {exc.strerror or exc}") from None
    if len(raw) > MAX_CATALOG_BYTES:
        raise fail(f"the catalog is larger than {MAX_CATALOG_BYTES // (1024 * 1024)} MB")
    text = _decoded(raw, fail)
    try:
        posyntax.check(text)
    except posyntax.Invalid as exc:
        raise fail(exc.message, exc.line) from None
    try:
        po = read_po(BytesIO(raw), locale=code, abort_invalid=True)
        _ = po.plural_expr, po.num_plurals
        _gettext.c2py(po.plural_expr)
    except PoFileError as exc:
        raise fail(f"cannot read catalog: {exc}", exc.lineno + 1) from None
    except Exception as exc:  # noqa: BLE001 - a broken header fails deep in Babel or gettext
        plural = raw.find(b"Plural-Forms:")
        raise fail(f"broken Plural-Forms header: {exc}" if plural >= 0 else
                   f"cannot read the catalog's header: {exc}",
                   _line_of(raw, max(plural, 0))) from None
    return po


def _line_of(raw: bytes, offset: int) -> int:
    """The line (from 1) of a file's byte ``offset``."""
    return raw.count(b"\n", 0, offset) + 1
