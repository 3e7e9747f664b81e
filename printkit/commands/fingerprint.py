"""What each output file depends on, so an unchanged document is not built again.

A document's fingerprint is a hash of everything that can change its bytes:

* printkit itself: its code, fonts and shared templates (a new version, or an
  edited module, rebuilds everything), and the versions of Python and of every library
  that shapes the bytes (an upgraded ReportLab rebuilds everything too);
* the game: its data and examples files and its templates;
* the options: paper, layout, ink saver, duplex offset, strictness;
* the translations of exactly the catalog entries the document used when it
  was last rendered (a changed Polish entry rebuilds only the Polish
  documents that print it);
* the pictures the document drew when it was last rendered (a game project's folder
  digest leaves pictures out: one changed picture rebuilds only the documents that show
  it). A picture is hashed only when its size or modification time changed (see
  :mod:`printkit.filestamps`).
* the card files (CSV) of the decks the document read when it was last rendered: a
  game project's folder digest leaves a deck's card file out, so one changed card
  rebuilds the card sheets of its deck (in every locale) and what else reads that deck,
  not the rulebook, the track or the score sheet. A card file a Python file of the
  project names (a rules engine reading it itself) stays in the folder digest.

The store, ``<out>/.printkit-build.json``, records for every output file its
fingerprint, the entries it used, the warnings it gave and the hash of the
bytes written (and a document's page count: its game's guide depends on that alone).
A file is up to date when its fingerprint is unchanged and the file on disk still has
those bytes. A store that is missing, unreadable or of
another format simply means a full rebuild.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printkit.language.translations import Localizer

from printkit import __version__, filestamps
from printkit.resources import PACKAGE_DIR, templates_dir

STORE_NAME = ".printkit-build.json"
FORMAT = 1


def digest(*parts: object) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else json.dumps(part, sort_keys=True,
                                                               default=str).encode())
        h.update(b"\0")
    return h.hexdigest()


def _files_digest(paths: Iterable[Path], root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


#: The distributions whose versions shape the bytes of a build: the PDF writer and its C
#: accelerator, shaping, templates, locale data (Babel carries CLDR), number words,
#: pictures, the kit merger and the previews' rasteriser.
LIBRARIES = ("reportlab", "rl_accel", "uharfbuzz", "jinja2", "markupsafe", "babel",
             "num2words", "pillow", "pypdf", "pypdfium2")


def libraries() -> dict[str, str | None]:
    """The installed version of each of :data:`LIBRARIES` (None: not installed), and
    Python's."""
    versions: dict[str, str | None] = {
        "python": f"{sys.implementation.name} {platform.python_version()}"}
    for name in LIBRARIES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


@cache
def code_digest() -> str:
    """printkit's code, fonts and shared templates (game data and templates excluded), and
    the versions of Python and the libraries that shape the output."""
    files = [p for p in PACKAGE_DIR.rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and p.suffix != ".toml" and "_data" not in p.parts]
    templates = templates_dir()
    shared = [p for p in templates.glob("*") if p.is_file()]
    return digest(__version__, _files_digest(files, PACKAGE_DIR),
                  _files_digest(shared, templates), libraries())


#: What marks a picture among a document's used entries (the rest are catalog keys).
PICTURE = "picture:"
#: Files of a game project fingerprinted per document, by the documents that draw them
#: (pictures, SVG pictures and icons included).
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")

#: Folders of a game project that no rendering reads: translations are fingerprinted per
#: entry (see :func:`translations`), and ``output`` is where a build run inside it writes.
PROJECT_SKIP = ("locales", "output", "__pycache__")


def game_digest(game_id: str, folder: Path, project: bool = False,
                out: Path | None = None, leave_out: Iterable[Path] = ()) -> str:
    """A game's data and examples files and its templates.

    For a game project, every file in its folder that rendering may read: game.toml,
    examples.toml, rules.py, CSV files, images, templates/… (hidden files, ``locales/``,
    ``output/`` and the build's own output folder ``out`` left out, and ``leave_out``:
    the card files a build fingerprints per document, see :func:`decks`).
    """
    if project:
        skip = {path.resolve() for path in leave_out}
        files = [path for path in _project_files(folder, out) if path.resolve() not in skip]
        return digest("project", _files_digest(files, folder))
    data = [p for p in folder.glob("*.toml") if p.is_file()]
    templates = templates_dir() / game_id
    return digest(_files_digest(data, folder),
                  _files_digest([p for p in templates.rglob("*") if p.is_file()], templates)
                  if templates.is_dir() else "")


def _project_files(folder: Path, out: Path | None, want_pictures: bool = False) -> list[Path]:
    """The project's files that rendering may read: its pictures, or every other file."""
    skip = out.resolve() if out is not None else None
    home = folder.resolve()
    files = []
    for path in folder.rglob("*"):
        parts = path.relative_to(folder).parts
        if any(p.startswith(".") for p in parts) or parts[0] in PROJECT_SKIP \
                or "__pycache__" in parts:
            continue
        if skip is not None and path.resolve().is_relative_to(skip):
            continue
        if (path.suffix.lower() in PICTURE_SUFFIXES) != want_pictures:
            continue
        # Only the project's own regular files: a link out of the folder is never read
        # (not even to be hashed), a pipe would wait for ever.
        if path.is_file() and path.resolve().is_relative_to(home):
            files.append(path)
    return files


def project_pictures(folder: Path, out: Path | None) -> str:
    """Every picture of a game project, by its hash: read only where its size or
    modification time changed since the last build (see :mod:`printkit.filestamps`)."""
    return digest([(p.relative_to(folder).as_posix(), filestamps.sha256(p.resolve()))
                   for p in sorted(_project_files(folder, out, want_pictures=True))])


def used_pictures(folder: Path, paths: Iterable[Path]) -> list[str]:
    """Used entries for the pictures a document drew (paths inside the game's folder)."""
    root = folder.resolve()
    out = []
    for path in paths:
        try:
            out.append(PICTURE + path.resolve().relative_to(root).as_posix())
        except ValueError:
            out.append(PICTURE + str(path))
    return sorted(out)


def pictures(folder: Path, used: Iterable[str]) -> str:
    """The current content of the pictures among ``used`` (see :func:`used_pictures`)."""
    found = []
    for key in sorted(k for k in used if k.startswith(PICTURE)):
        path = folder / key[len(PICTURE):]
        try:
            found.append((key, filestamps.sha256(path)))
        except OSError:
            found.append((key, None))
    return digest(found)


#: What marks a deck among a document's used entries: ``deck:<deck id>``.
DECK = "deck:"


def used_decks(deck_ids: Iterable[str]) -> list[str]:
    """Used entries for the decks a document read (see
    :data:`printkit.model.components.deck.READ`)."""
    return sorted(DECK + deck_id for deck_id in set(deck_ids))


def decks(card_files: Mapping[str, Path], used: Iterable[str]) -> str:
    """The current content of the card files of the decks among ``used``, by the bytes of
    each file: any change to a deck's cards (a cell, a row added or removed, the header)
    renders again every document that read it. ``card_files``: each deck's card file by
    deck id; a deck listed in game.toml has none (game.toml is in the game's digest)."""
    found: list[tuple[str, str | None]] = []
    for key in sorted(k for k in used if k.startswith(DECK)):
        path = card_files.get(key[len(DECK):])
        try:
            found.append((key, filestamps.sha256(path.resolve()) if path else ""))
        except OSError:
            found.append((key, None))
    return digest(found)


def catalog_keys(used: Iterable[str]) -> list[str]:
    """The catalog keys among a document's used entries (not its pictures or decks)."""
    return [k for k in used if not k.startswith((PICTURE, DECK))]


def translations(localizer: Localizer, keys: Iterable[str]) -> str:
    """The current translations of the catalog entries ``keys`` in this locale."""
    keys = catalog_keys(keys)
    catalog = localizer.catalog
    if catalog is None:
        return digest(sorted(keys))
    found = [(k, catalog.singular.get(k), catalog.plural.get(k)) for k in sorted(keys)]
    # which plural form a count takes follows the catalog's rule
    rule = catalog.plural_rule if any(plural for _, _, plural in found) else ""
    return digest(found, *([rule] if rule else []))


@dataclass
class Record:
    fingerprint: str
    used: list[str]
    warnings: list[str]
    sha256: str
    #: a document's pages (what its game's guide needs of it); None: not a document, or
    #: recorded by an earlier printkit
    pages: int | None = None


@dataclass
class Store:
    records: dict[str, Record] = field(default_factory=dict)
    #: The recent builds as a whole, newest first (see :mod:`printkit.commands.uptodate`): each
    #: one's digest, how many documents it had, its warnings and the files it wrote
    #: outside the records.
    last: list[dict[str, Any]] = field(default_factory=list)
    #: What the build learnt of its input files (see :mod:`printkit.filestamps`).
    stamps: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, out: Path) -> Store:
        try:
            raw = json.loads((out / STORE_NAME).read_text(encoding="utf-8"))
            if raw.get("format") != FORMAT:
                return cls()
            stamps = raw.get("stamps") or {}
            return cls({name: Record(**rec) for name, rec in raw["files"].items()},
                       list(raw.get("last") or []),
                       stamps if isinstance(stamps, dict) else {})
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return cls()

    def to_bytes(self) -> bytes:
        files = {name: vars(rec) for name, rec in sorted(self.records.items())}
        saved: dict[str, Any] = {"format": FORMAT, "files": files, "last": self.last}
        if self.stamps:
            saved["stamps"] = self.stamps
        return (json.dumps(saved, indent=1, sort_keys=True) + "\n").encode()

    def up_to_date(self, out: Path, path: Path, fingerprint: str) -> Record | None:
        """The record of ``path`` if its fingerprint matches and the file is unchanged."""
        record = self.records.get(_name(out, path))
        if record is None or record.fingerprint != fingerprint:
            return None
        try:  # read again unless its size and time are as when it was last read
            found = filestamps.sha256(path.resolve())
        except OSError:
            return None
        return record if found == record.sha256 else None

    def record(self, out: Path, path: Path, fingerprint: str, used: Iterable[str],
               warnings: list[str], data: Any, pages: int | None = None) -> None:
        """Remember the file's inputs and the hash of ``data``, its bytes (or a
        :class:`printkit.output.Spooled` file holding them), and a document's pages."""
        from printkit.output import sha256

        self.records[_name(out, path)] = Record(fingerprint, sorted(used), warnings,
                                                sha256(data), pages)

    def get(self, out: Path, path: Path) -> Record | None:
        return self.records.get(_name(out, path))


def _name(out: Path, path: Path) -> str:
    return path.relative_to(out).as_posix()


def options_digest(options: Mapping[str, Any]) -> str:
    return digest(dict(options))
