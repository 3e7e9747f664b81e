"""Hashes of input files, kept with each file's size and modification time, so that a
file whose size and modification time are unchanged is not read again (as git does).

A game project may have thousands of pictures; a rebuild that finds nothing changed
should not read them all. The build keeps what it learnt in its store (see
:mod:`printkit.commands.fingerprint`) and hands it to the next build through :func:`seed`.
Standard library only: the whole-build shortcut uses it before any renderer is imported.

A stamp is trusted only when the file was last modified well before its hash was taken
(:data:`RACY_NS`): a file changed in the same tick of the file system's clock as it was
hashed, to the same size, would otherwise keep its old hash (git's "racily clean" files).
Such a file is read again until its stamp is old enough.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: path → [modification time (ns), size, sha256 of the bytes, facts about it (a picture's
#: pixel size), when the hash was taken (ns since 1970)]
_KNOWN: dict[str, list[Any]] = {}
#: How long before its hash was taken a file must have been last modified for its stamp
#: to be trusted: more than the coarsest file system clock printkit meets (FAT's 2 s).
RACY_NS = 3_000_000_000
#: How many fields an entry has (entries of another shape, an older printkit's, are
#: ignored: those files are read again).
FIELDS = 5


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


def known(path: Path) -> tuple[str, list[Any]] | None:
    """The file's hash and facts, if they were learnt for its current size and time."""
    entry = _KNOWN.get(str(path))
    if entry is None:
        return None
    try:
        if tuple(entry[:2]) != _stamp(path):
            return None
    except OSError:
        return None
    if entry[0] + RACY_NS >= entry[4]:  # modified too close to its hashing to tell
        return None
    return entry[2], entry[3]


def learn(path: Path, sha: str, facts: list[Any] | None = None,
          stamp: tuple[int, int, int] | None = None) -> None:
    """Remember the hash (and facts) of ``path``. ``stamp``: its modification time, size
    and the time just before its bytes were read (see :func:`sha256`); else the file's
    stamp now, and the hash's time kept from what was known of the same bytes."""
    old = _KNOWN.get(str(path))
    same = old is not None and old[2] == sha
    kept = old[3] if same and facts is None else facts
    if stamp is None:
        mtime, size = _stamp(path)
        taken = old[4] if same and tuple(old[:2]) == (mtime, size) else time.time_ns()
    else:
        mtime, size, taken = stamp
    _KNOWN[str(path)] = [mtime, size, sha, list(kept or []), taken]


def read_sha256(path: Path) -> str:
    """The hash of the file's bytes, read now in blocks (a deck's sheets may be 100 MB)."""
    h = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def sha256(path: Path) -> str:
    """The hash of the file's bytes: remembered, or read now."""
    found = known(path)
    if found is not None:
        return found[0]
    taken = time.time_ns()  # before reading: a change while it is read is not missed
    mtime, size = _stamp(path)
    sha = read_sha256(path)
    learn(path, sha, stamp=(mtime, size, taken))
    return sha


def seed(entries: Mapping[str, Any]) -> None:
    """Take what an earlier build learnt (bad entries are ignored)."""
    for name, entry in entries.items():
        if isinstance(entry, list) and len(entry) == FIELDS and name not in _KNOWN:
            _KNOWN[name] = entry


def everything() -> dict[str, list[Any]]:
    """All that is known now (for a worker process to start from)."""
    return dict(_KNOWN)


def under(folders: list[Path]) -> dict[str, list[Any]]:
    """What is known of the files inside ``folders``, for the next build: only stamps it
    can trust (a file hashed too soon after its last change is read again anyway)."""
    roots = [str(f.resolve()) + os.sep for f in folders]
    return {name: entry for name, entry in sorted(_KNOWN.items())
            if any(name.startswith(root) for root in roots) and entry[0] + RACY_NS < entry[4]}
