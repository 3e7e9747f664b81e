"""Is the whole build already up to date? Answered before the renderers are imported.

A rebuild with nothing changed should cost next to nothing, but importing
ReportLab, pypdf, Jinja2, Babel and the games' drawing code alone takes about
half a second. So every build records, beside the per-file fingerprints of
:mod:`printkit.commands.fingerprint`, one digest of everything the whole build read:
printkit's code, fonts and shared templates, each selected game's data and
templates, the selected locales' catalogs and glossaries (whole files), the
options and ``SOURCE_DATE_EPOCH``. When the next build asks for the same
digest and every file the store records is still as written, there is nothing
to do and the build stops there, having imported nothing heavy.

Anything else (a changed catalog, a deleted PDF, a game project, a game from
another distribution, ``--force``) goes the normal way, which decides document
by document. This is only a shortcut: it never decides that something is up to
date that the normal way would render.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit import filestamps, projectfiles
from printkit.commands.fingerprint import Store, code_digest, digest, game_digest, project_pictures
from printkit.output import playtest_reports
from printkit.resources import BUILT_IN_GAMES, builtin_folder, locale_codes, locales_dir


@dataclass(frozen=True)
class Request:
    """What a build is asked for, as far as its output is concerned (not ``--jobs``)."""

    games: tuple[str, ...]
    locales: tuple[str, ...]
    paper: str
    strict: bool
    layout: str
    duplex_offset: tuple[float, float]
    ink_saver: bool
    previews: bool
    printer_margin: float
    #: the CMYK output profile's digest; "": sRGB
    cmyk_profile: str = ""

    @classmethod
    def of(cls, games: Iterable[str], locales: Iterable[str], paper: str, strict: bool,
           layout: str, duplex_offset: Iterable[float], ink_saver: bool,
           previews: bool, printer_margin: float, cmyk_profile: str = "") -> Request:
        """The request as both the command line and :func:`printkit.commands.build.build`
        state it: offsets and margins as floats, so that ``1`` and ``1.0`` ask for the
        same build."""
        return cls(tuple(games), tuple(locales), paper, strict, layout,
                   tuple(float(v) for v in duplex_offset), ink_saver, previews,
                   float(printer_margin), cmyk_profile)


def _locales_files(codes: tuple[str, ...], roots: tuple[Path, ...] = ()) -> str:
    """Every file of the given locales (catalogs, glossaries, script and typography files,
    the fonts beside them) by its contents, in printkit's own locales and in ``roots`` (a
    project's). A file is read only when its size or time changed since it was last
    hashed (see :mod:`printkit.filestamps`)."""
    h = hashlib.sha256()
    for root in (*roots, locales_dir()):
        for code in codes:
            folder = root / code
            # Only the game folder's own files (or printkit's): a link out of it is never
            # read, not even to be hashed; its reader refuses it by name.
            for path in sorted(p for p in folder.rglob("*") if p.is_file()
                               and projectfiles.inside(p, (root.parent,))) \
                    if folder.is_dir() and projectfiles.inside(folder, (root.parent,)) else ():
                h.update(str(root).encode())
                h.update(path.relative_to(root).as_posix().encode())
                h.update(filestamps.sha256(path.resolve()).encode())
    return h.hexdigest()


def build_digest(request: Request, out: Path, project: Path | None = None) -> str | None:
    """The digest of everything a build of ``request`` reads; None when it cannot be told
    without importing the games (a game that is neither one of printkit's own nor the
    game ``project`` whose folder is given)."""
    if project is not None:
        folders = [("project", game_digest(request.games[0], project, True, out),
                    project_pictures(project, out))]
        roots: tuple[Path, ...] = (project / "locales",)
    else:
        folders = []
        for game_id in request.games:
            folder = builtin_folder(game_id)
            if folder is None:
                return None
            folders.append((game_id, game_digest(game_id, folder, False, out)))
        roots = ()
    # code_digest() holds the installed libraries' versions (fingerprint.libraries): with
    # a ReportLab other than the one the recorded build passed the internals' probes on
    # (printkit.language.internals), nothing is up to date, so this needs no probe of its own.
    # the kit page links the playtest reports beside the kits: one added or gone redoes it
    reports = playtest_reports(out, request.games)
    return digest(code_digest(), folders, _locales_files(request.locales, roots),
                  vars(request), os.environ.get("SOURCE_DATE_EPOCH", ""), reports)


def project_game(folder: Path) -> tuple[str, list[str]] | None:
    """A game project's id and shipped locales, as a build of it will see them (None if
    game.toml cannot be read: the normal way reports it)."""
    import re
    import tomllib

    from printkit.schema import MAX_TOML_BYTES

    path = folder / "game.toml"
    if projectfiles.problem(path, (folder,)) is not None:
        return None  # a link out of the project, a pipe, a device: never read
    try:
        raw = projectfiles.read_regular(path, MAX_TOML_BYTES)
        if len(raw) > MAX_TOML_BYTES:
            return None
        data = tomllib.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return None
    game_id = data.get("id") or re.sub(r"[^a-z0-9]+", "-", folder.name.lower()).strip("-")
    if not isinstance(game_id, str):
        return None
    return game_id, locale_codes(folder / "locales")


def registered() -> list[str] | None:
    """Every registered game id, in registry order, if all are printkit's own; else None."""
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="printkit.games")}
    if not names <= set(BUILT_IN_GAMES):
        return None
    return list(BUILT_IN_GAMES)


def shipped_locales() -> list[str]:
    """English first, then every locale with a catalog (see
    printkit.language.locales.shipped_locales)."""
    return locale_codes(locales_dir())


def outputs_digest(store: Store) -> str:
    """What a build left in its output folder, as its records say: each file and its hash."""
    return digest(sorted((name, record.sha256) for name, record in store.records.items()))


#: How many recent builds (different games, locales or options) the store remembers.
REMEMBERED = 8


def remember(builds: list[dict[str, Any]], build: dict[str, Any]) -> list[dict[str, Any]]:
    """The store's list of recent builds with ``build`` first (one entry per digest)."""
    rest = [b for b in builds if isinstance(b, dict) and b.get("digest") != build["digest"]]
    return [build, *rest][:REMEMBERED]


@dataclass(frozen=True)
class Settled:
    """A build found up to date: how many documents it has and the warnings they gave."""

    documents: int
    warnings: list[str]


def settled(request: Request, out: Path, project: Path | None = None) -> Settled | None:
    """The last build into ``out``, if it was asked for the same and nothing it wrote or read
    has changed since; else None (build the normal way). ``project``: the game project's
    folder, when the build is of a game project."""
    from printkit.output import unfinished

    if unfinished(out):  # a build was killed while writing: the normal way puts it right
        return None
    store = Store.load(out)
    filestamps.seed(store.stamps)  # pictures unchanged since that build: not read again
    wanted = build_digest(request, out, project)
    last = next((b for b in store.last if isinstance(b, dict) and b.get("digest") == wanted),
                None)
    if wanted is None or last is None:
        return None
    # The files are the ones that build left: an older build of the same inputs (before
    # an edit and its undo) matches the digest, but not what is on disk now.
    if last.get("outputs") != outputs_digest(store):
        return None
    for name, record in store.records.items():
        if store.up_to_date(out, out / name, record.fingerprint) is None:
            return None
    for name, sha in last.get("extra", {}).items():
        try:
            if hashlib.sha256((out / name).read_bytes()).hexdigest() != sha:
                return None
        except OSError:
            return None
    return Settled(int(last.get("documents", 0)), list(last.get("warnings", [])))
