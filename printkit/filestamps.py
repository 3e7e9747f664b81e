"""Hashes of input files, kept with each file's size and modification time, so that a
file whose size and modification time are unchanged is not read again (as git does).

A game project may have thousands of pictures; a rebuild that finds nothing changed
should not read them all. The build keeps what it learnt in its store (see
:mod:`printkit.fingerprint`) and hands it to the next build through :func:`seed`.
Standard library only: the whole-build shortcut uses it before any renderer is imported.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: path → [modification time (ns), size, sha256 of the bytes, facts about it (a picture's
#: pixel size)]
_KNOWN: dict[str, list[Any]] = {}


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
    return entry[2], entry[3]


def learn(path: Path, sha: str, facts: list[Any] | None = None) -> None:
    """Remember the hash (and facts) of ``path`` as it is now."""
    mtime, size = _stamp(path)
    old = _KNOWN.get(str(path))
    kept = old[3] if old is not None and old[2] == sha and facts is None else facts
    _KNOWN[str(path)] = [mtime, size, sha, list(kept or [])]


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
    sha = read_sha256(path)
    learn(path, sha)
    return sha


def seed(entries: Mapping[str, Any]) -> None:
    """Take what an earlier build learnt (bad entries are ignored)."""
    for name, entry in entries.items():
        if isinstance(entry, list) and len(entry) == 4 and name not in _KNOWN:
            _KNOWN[name] = entry


def everything() -> dict[str, list[Any]]:
    """All that is known now (for a worker process to start from)."""
    return dict(_KNOWN)


def under(folders: list[Path]) -> dict[str, list[Any]]:
    """What is known of the files inside ``folders``, for the next build."""
    roots = [str(f.resolve()) + os.sep for f in folders]
    return {name: entry for name, entry in sorted(_KNOWN.items())
            if any(name.startswith(root) for root in roots)}
