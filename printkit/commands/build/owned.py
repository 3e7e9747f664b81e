"""What a build owns in its output folder.

The build store's records (see :mod:`printkit.commands.fingerprint`) are the manifest of the files
builds wrote there. A build answers for the files of its own scope: the games and locales
it was asked for, on its paper (a file without a paper in its name, such as a rules page,
belongs to every paper). After a build, the records of its scope are exactly the files it
made or kept; a file of its scope that an earlier build wrote and this one no longer
makes (a document a game dropped, a preview of a page that is gone) is removed in the
same all-or-nothing write (see :func:`printkit.output.commit`). Records outside its scope
carry over untouched, so a build of one locale never forgets the others.

A file the build never wrote is never touched: a folder holding some is named in a
warning, and left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from printkit import filestamps
from printkit.commands.fingerprint import STORE_NAME, Record, Store
from printkit.geometry import PAPERS
from printkit.output import JOURNAL_NAME, LOCK_NAME, PLAYTEST_REPORT, STAGED
from printkit.outputs.preflight.findings import REPORT_NAME
from printkit.outputs.preview.kitpage import INDEX_NAME

#: Files of the output folder that are the builds' own besides the records: their
#: bookkeeping, the kit page and the preflight's report.
BOOKKEEPING = frozenset({STORE_NAME, LOCK_NAME, JOURNAL_NAME, INDEX_NAME, REPORT_NAME})
#: Folders of the output folder that other printkit commands write (``printkit export``).
OTHERS = ("exports",)
#: A paper's id in a file's name: ``rulebook-a4.pdf``, ``rulebook-a4-2.png``, ``kit-a4.json``.
_PAPER = re.compile(r"-(" + "|".join(map(re.escape, PAPERS)) + r")(?=[-.])")
#: How many folders with files of someone else's a build names (then: "and N more").
NAMED = 5


def paper_of(name: str) -> str | None:
    """The paper a recorded file is made for (None: every paper's, as a rules page)."""
    found = _PAPER.findall(name.rsplit("/", 1)[-1])
    return found[-1] if found else None


def in_scope(name: str, groups: Iterable[tuple[str, str]], paper: str) -> bool:
    """Whether the recorded file ``name`` is one a build of ``groups`` (game, locale) on
    ``paper`` makes or removes."""
    parts = name.split("/")
    return len(parts) > 2 and (parts[0], parts[1]) in set(groups) \
        and paper_of(name) in (None, paper)


def settle_records(fresh: Store, previous: Store, groups: list[tuple[str, str]],
                   paper: str) -> list[str]:
    """Carry the previous records outside the build's scope over into ``fresh``; the
    names of the previous records inside it that ``fresh`` lacks (files no longer made)."""
    gone = []
    for name, record in previous.records.items():
        if in_scope(name, groups, paper):
            if name not in fresh.records:
                gone.append(name)
        else:
            fresh.records.setdefault(name, record)
    return sorted(gone)


def removable(out: Path, gone: list[str], previous: Store) -> tuple[list[Path], list[str]]:
    """The files no longer made that are still as the build wrote them (to remove), and a
    warning for each one changed since (left as it is: not the build's to throw away)."""
    remove, warnings = [], []
    for name in gone:
        path = out / name
        record: Record = previous.records[name]
        try:
            same = filestamps.sha256(path.resolve()) == record.sha256
        except OSError:
            continue  # gone already
        if same:
            remove.append(path)
        else:
            warnings.append(f"warning: {path}: no longer made by the build, but changed since "
                            f"it was written; left as it is")
    return remove, warnings


def _playtest(rel: Path) -> bool:
    """A file ``printkit playtest`` writes into a kit's folder: its summaries
    (``<game>/playtest/``) and its reports (``<game>/<locale>/playtest-<N>p.pdf``)."""
    parts = rel.parts
    return len(parts) >= 3 and (parts[1] == "playtest" or (
        len(parts) == 3 and PLAYTEST_REPORT.fullmatch(parts[2]) is not None))


def foreign_warnings(out: Path, names: set[str]) -> list[str]:
    """A warning naming each folder of ``out`` that holds files no build wrote (``names``:
    the records'). They are never touched."""
    folders: dict[str, int] = {}
    if not out.is_dir():
        return []
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out)
        if rel.parts[0] in OTHERS or not (path.is_file() or path.is_symlink()):
            continue
        name = rel.as_posix()
        if name in names or name in BOOKKEEPING or STAGED.fullmatch(path.name) \
                or _playtest(rel):
            continue
        folder = rel.parent.as_posix()
        folders[folder] = folders.get(folder, 0) + 1
    lines = [f"warning: {out / folder if folder != '.' else out}: {count} file(s) printkit "
             f"did not write; left as they are" for folder, count in sorted(folders.items())]
    if len(lines) > NAMED:
        lines = [*lines[:NAMED], f"warning: and {len(lines) - NAMED} more folder(s) in {out} "
                                 f"with files printkit did not write"]
    return lines
