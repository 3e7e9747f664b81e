"""Message extraction: Python code, Jinja2 templates and game data into one template.

The keywords and Jinja2 options here are the ones rendering uses, so the
catalog template holds exactly the msgids looked up at build time (plural
forms included: ``ngettext`` is extracted with both its arguments).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract

from printkit.drawing.templating import JINJA_EXTENSIONS, TRIMMED
from printkit.resources import PACKAGE_DIR, templates_dir

KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}
#: A comment that starts with one of these, just before a msgid, reaches the catalog as an
#: extracted comment (``#.``): ``# TRANSLATORS: …`` in Python and in game data (the TOML
#: comment lines just above the key), ``{# TRANSLATORS: … #}`` in templates. The tag itself
#: is left out of the catalog (Jinja2's extractor always drops it; the others follow).
COMMENT_TAGS = ("TRANSLATORS:",)

#: Keys of game data whose string values are English msgids. A game's own
#: title is a proper name and is printed as it is in every language. ``gather``
#: and ``steps`` are the lists of the guide's ``[kit]`` table.
TRANSLATABLE_KEYS = {"subtitle", "credit", "name", "label", "labels", "text", "gather", "steps"}
#: In examples files, each example's title is translated too.
EXAMPLE_KEYS = {"title"}
#: game.toml tables of components, whose strings are read as the components read them
#: (:func:`printkit.model.components.component_strings`), not by :data:`TRANSLATABLE_KEYS`: a
#: face box's ``name`` ("title") is not text, its ``content`` is.
_COMPONENT_KEYS = ("decks", "tracks", "tokens", "sheets", "boards")

#: game.toml tables printed as they are in every language: the players of the worked
#: examples (``[[cast]]``) keep their names.
_UNTRANSLATED_KEYS = ("cast",)

#: A fixed date keeps the template byte-stable between extractions.
STABLE_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def _strings(node: Any, keys: set[str], path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            sub = f"{path}.{key}" if path else key
            if isinstance(value, str) and key in keys:
                yield sub, value
            elif isinstance(value, list) and key in keys and all(isinstance(v, str)
                                                                 for v in value):
                for i, item in enumerate(value):
                    yield f"{sub}[{i}]", item
            else:
                yield from _strings(value, keys, sub)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, keys, f"{path}[{i}]")


def _data_strings(data: dict[str, Any], keys: set[str]) -> Iterator[tuple[str, Any]]:
    """(key path, msgid or plural pair) of a data file's strings, in the file's order.

    The components' tables (``[decks.<id>]``…) are read as the components read them
    (:func:`printkit.model.components.component_strings`): a face box's ``name`` is not text
    there, a text box's ``content`` is, and a ``plural`` is a pair. Elsewhere, the
    values of :data:`TRANSLATABLE_KEYS` are msgids.
    """
    from printkit.model.components import component_strings

    for key, value in data.items():
        if key in _COMPONENT_KEYS:
            yield from component_strings({key: value})
        elif key not in _UNTRANSLATED_KEYS:
            yield from _strings({key: value}, keys)


def extract_toml(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
                 options: dict[str, Any]) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel extractor for game data (registered as ``printkit_toml``).

    A translator comment for a data string is a TOML comment block just above its key
    (for a list, above the key that opens the list) starting with a comment tag::

        # TRANSLATORS: printed on the rink, in a box 18 mm wide.
        label = "Free Skate"

    TOML comments were chosen over a sibling key so the schema stays the game's own
    facts, and so the note sits where an editor of the data sees it. A component's
    plural message (``plural = ["%(num)s day", "%(num)s days"]``) is extracted as
    ``ngettext`` is, both forms.
    """
    name = getattr(fileobj, "name", "")
    if str(name).endswith("rules.toml"):
        # A game's list of rules (printkit.drawing.trace) quotes the original; nothing in it
        # is printed.
        return
    raw = fileobj.read()
    data = tomllib.loads(raw.decode("utf-8"))
    keys = TRANSLATABLE_KEYS | (EXAMPLE_KEYS if str(name).endswith("examples.toml") else set())
    lines = raw.decode("utf-8").splitlines()
    tags = tuple(comment_tags or ())
    data_lines = [(i + 1, line) for i, line in enumerate(lines)
                  if not line.lstrip().startswith("#")]
    for path, message in _data_strings(data, keys):
        text = message[0] if isinstance(message, tuple) else message
        encoded = _toml_string(text)
        key = path.rsplit(".", 1)[-1].split("[", 1)[0]
        # Best the line that gives this key this string, then any line with the string.
        opener = re.compile(rf"(^|[{{,])\s*{re.escape(key)}\s*=")
        lineno = next((n for n, line in data_lines if encoded in line and opener.search(line)),
                      0) or next((n for n, line in data_lines if encoded in line), 0) or next(
            (n for n, line in data_lines if text in line), 0)
        notes = _toml_comments(lines, lineno, key, tags) if tags and lineno else []
        yield (lineno, "ngettext" if isinstance(message, tuple) else "gettext", message,
               [*notes, f"data: {path}"])


def _toml_string(text: str) -> str:
    """How a string is written in TOML (a basic string), to find its line."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_comments(lines: list[str], lineno: int, key: str, tags: tuple[str, ...]) -> list[str]:
    """The tagged comment block above the line that starts ``key``, at or before ``lineno``."""
    start = lineno - 1
    opener = re.compile(rf"^\s*{re.escape(key)}\s*=|[{{,]\s*{re.escape(key)}\s*=")
    while start > 0 and not opener.search(lines[start]) and lineno - start < 200:
        start -= 1
    block: list[str] = []
    i = start - 1
    while i >= 0 and lines[i].lstrip().startswith("#"):
        block.insert(0, lines[i].lstrip()[1:].strip())
        i -= 1
    notes: list[str] = []
    for line in block:
        if line.startswith(tags):
            notes.append(line)
        elif notes and line:
            notes[-1] += " " + line
    return notes


def _sources(root: Path) -> Iterator[tuple[Path, str, str, dict[str, Any]]]:
    """(file, shown path, method, options) for every source of msgids, in a stable order."""
    jinja_options = {"extensions": ",".join(JINJA_EXTENSIONS), "trimmed": str(TRIMMED).lower()}
    for path in sorted((root / "printkit").rglob("*.py")):
        yield path, path.relative_to(root).as_posix(), "python", {}
    for path in sorted((root / "printkit" / "games").rglob("*.toml")):
        yield path, path.relative_to(root).as_posix(), "printkit.tools.extract:extract_toml", {}
    templates = root / "templates"
    for path in sorted(templates.rglob("*.j2")):
        yield path, path.relative_to(root).as_posix(), "jinja2.ext:babel_extract", jinja_options




def _project_sources(folder: Path) -> Iterator[tuple[Path, str, str, dict[str, Any]]]:
    """A game project's sources of msgids: its templates, its data and its Python."""
    jinja_options = {"extensions": ",".join(JINJA_EXTENSIONS), "trimmed": str(TRIMMED).lower()}
    for path in sorted(folder.glob("*.py")):
        yield path, path.name, "python", {}
    for name in ("game.toml", "examples.toml"):
        if (folder / name).is_file():
            yield folder / name, name, "printkit.tools.extract:extract_toml", {}
    for path in sorted((folder / "templates").rglob("*.j2")):
        yield path, path.relative_to(folder).as_posix(), "jinja2.ext:babel_extract", jinja_options


def _project_components(catalog: Catalog, folder: Path) -> None:
    """The card texts of the project's CSV files (game.toml's own strings, components'
    included, come from :func:`extract_toml`)."""
    from printkit.model.components import csv_msgids
    from printkit.model.components.deck import shown
    from printkit.tools.project import read_data

    # Card texts name their CSV file as messages do (from the current folder); the
    # catalog names it from the project's root, wherever extraction was run from.
    prefixes = {f"{folder}/", f"{shown(folder / 'x')[:-1]}"} - {""}
    for msgid, where in csv_msgids(read_data(folder), folder):
        for prefix in prefixes:
            where = where.removeprefix(prefix)
        catalog.add(msgid, None, [("game.toml", None)], auto_comments=[f"data: {where}"])


def extract_catalog(root: Path | None = None) -> Catalog:
    """Every msgid of printkit's sources, or of the selected game project's (its strings only:
    printkit's own catalogs translate the rest)."""
    from printkit.language.locales import project_folder

    project = project_folder() if root is None else None
    base = root or _project_root()
    catalog = Catalog(project="printkit", version="", creation_date=STABLE_DATE,
                      revision_date=STABLE_DATE, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="printkit contributors")
    sources = _sources(base) if project is None else _project_sources(project)
    for path, shown, method, options in sources:
        with path.open("rb") as fh:
            for lineno, message, comments, context in extract(
                    method, fh, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, options=options,
                    strip_comment_tags=True):
                catalog.add(message, None, [(shown, lineno)], auto_comments=comments,
                            context=context)
    if project is not None:
        _project_components(catalog, project)
    return catalog


def _project_root() -> Path:
    """The source tree holding printkit/ and templates/ (a checkout, or the wheel's data)."""
    if (PACKAGE_DIR.parent / "templates").is_dir():
        return PACKAGE_DIR.parent
    return templates_dir().parent
