"""How much of each game a catalog translates, counted the strict way.

Unlike Babel's ``--statistics``, a fuzzy entry, an entry with any empty
plural form, and an entry the checks reject all count as untranslated:
exactly what a build would print in English.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit import games
from printkit.language.checks import translation_problems
from printkit.language.locales import (
    catalog_path,
    project_folder,
    read_po_file,
    shipped_locale,
    shipped_locales,
)

COMMON = "common"


@dataclass(frozen=True)
class Coverage:
    locale: str
    game: str
    translated: int
    total: int

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    def __str__(self) -> str:
        return (f"{self.locale:<6} {self.game:<22} {self.translated:>4}/{self.total:<4} "
                f"{self.percent:6.1f}%")


def _owners(locations: list[tuple[str, int | None]],
            project: tuple[Path, str] | None = None) -> set[str]:
    """The games a msgid belongs to, from where it is used; 'common' if none.

    ``project`` is the selected game project's folder and id: a location in one of its
    sources (game.toml and the cards it names, examples.toml, its Python, templates/)
    is that game's.
    """
    folders = {game.folder.name: game.id for game in games.GAMES.values()}
    owners = set()
    for filename, _line in locations:
        parts = Path(filename).parts
        if project is not None and _project_source(project[0], filename):
            owners.add(project[1])
        elif len(parts) > 2 and parts[:2] == ("printkit", "games") and parts[2] in folders:
            owners.add(folders[parts[2]])
        elif len(parts) > 1 and parts[0] == "templates" and parts[1] in games.GAMES:
            owners.add(parts[1])
    return owners or {COMMON}


#: A game project's sources of msgids, as its catalog names them (see
#: :func:`printkit.tools.extract.extract_catalog`): card texts from a CSV file are listed
#: under game.toml, which names the file.
_PROJECT_FILES = ("game.toml", "examples.toml")


def _project_source(folder: Path, filename: str) -> bool:
    """True if a catalog location is one of the project's files (named from its root)."""
    path = Path(filename)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        return False
    if path.parts[0] == "templates" or filename in _PROJECT_FILES:
        return True
    if len(path.parts) == 1 and path.suffix in (".py", ".csv"):
        return True
    return (folder / path).is_file()


def _project() -> tuple[Path, str] | None:
    """The selected game project's folder and game id, if a command works on one."""
    folder = project_folder()
    if folder is None:
        return None
    for game in games.GAMES.values():
        if game.project and game.folder.resolve() == folder.resolve():
            return folder, game.id
    return None


def _translated(message, code: str) -> bool:  # type: ignore[no-untyped-def]
    if message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and not translation_problems(message.id, strings, code)


def coverage(locales: list[str] | None = None, root: Path | None = None) -> list[Coverage]:
    """Translated and total entries per locale and game (a game project's entries are its
    game's; entries of no game are 'common'), games by id, 'common' last."""
    project = _project() if root is None else None
    rows = []
    for code in [shipped_locale(c, root) for c in locales] if locales else \
            shipped_locales(root)[1:]:
        catalog = read_po_file(code, catalog_path(code, root))
        counts: dict[str, list[int]] = {}
        for message in catalog:
            if not message.id:
                continue
            done = _translated(message, code)
            for owner in _owners(message.locations, project):
                tally = counts.setdefault(owner, [0, 0])
                tally[0] += done
                tally[1] += 1
        for owner in sorted(counts, key=lambda g: (g == COMMON, g)):
            rows.append(Coverage(code, owner, *counts[owner]))
    return rows


@dataclass(frozen=True)
class Gap:
    """One entry a build would print in English, and why."""

    locale: str
    msgid: str
    context: str | None
    reason: str
    where: str

    def __str__(self) -> str:
        shown = f"{self.msgid!r}" + (f" (context {self.context!r})" if self.context else "")
        return f"{self.locale:<6} {self.reason:<34} {shown}  [{self.where}]"


def why_untranslated(message, code: str = "") -> str | None:  # type: ignore[no-untyped-def]
    """Why an entry counts as untranslated (None when it is translated)."""
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if not any(strings):
        return "untranslated"
    if message.fuzzy:
        return "fuzzy (review, then remove the flag)"
    if not all(strings):
        empty = ", ".join(f"msgstr[{i}]" for i, s in enumerate(strings) if not s)
        return f"plural form {empty} empty"
    found = translation_problems(message.id, strings, code)
    if found:
        return "rejected: " + "; ".join(found)
    return None


def gaps(locales: list[str] | None = None, root: Path | None = None) -> list[Gap]:
    """Every untranslated, fuzzy, partly filled or rejected entry, per locale, in file order."""
    out = []
    for code in [shipped_locale(c, root) for c in locales] if locales else \
            shipped_locales(root)[1:]:
        for message in read_po_file(code, catalog_path(code, root)):
            if not message.id:
                continue
            reason = why_untranslated(message, code)
            if reason:
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                where = (f"{message.locations[0][0]}:{message.locations[0][1]}"
                         if message.locations else "")
                out.append(Gap(code, msgid, message.context, reason, where))
    return out


def entry_count(code: str, root: Path | None = None) -> int:
    """How many entries a locale's catalog has (each counted once, whatever its games)."""
    return sum(1 for message in read_po_file(code, catalog_path(code, root)) if message.id)
