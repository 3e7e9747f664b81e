"""The files a game project names, read only where they belong.

A downloaded project is data. Every file it names or holds (a font in a locale's
script.toml, a catalog, a glossary, a locale's settings) is resolved, symlinks included,
and must lie inside the project's folder or among printkit's own resources, and be a
regular file: a pipe would wait for a writer for ever, a device never ends. A file
refused is named as the project names it and never opened, so no byte of it can show in
an error.

:func:`problem` says what is wrong with a path, :func:`read_regular` reads one without
waiting on a pipe that took its place after the check.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from printkit.resources import PACKAGE_DIR, fonts_dir, locales_dir, templates_dir


def own_folders() -> tuple[Path, ...]:
    """printkit's own resources: a project may use (or link to) these."""
    return tuple(dict.fromkeys(p.resolve() for p in (PACKAGE_DIR, fonts_dir(), locales_dir(),
                                                     templates_dir())))


def problem(path: Path, folders: Iterable[Path]) -> str | None:
    """What keeps ``path`` from being read as one of a project's files (None: nothing):
    it resolves outside every folder of ``folders`` and printkit's own, or it is not a
    regular file. A missing file is not a problem here; its reader says it is missing."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL in the name
        return "cannot be resolved (a symlink loop or a bad name)"
    if not inside(real, folders):
        return "is outside the game folder (symlinks included); it is not read"
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if not stat.S_ISREG(mode):
        return ("is a folder, not a file" if stat.S_ISDIR(mode) else
                "is not a regular file (a pipe or a device cannot be read)")
    return None


def inside(path: Path, folders: Iterable[Path]) -> bool:
    """Whether ``path``, symlinks resolved, lies in one of ``folders`` or printkit's own."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    return any(real.is_relative_to(folder)
               for folder in (*(Path(f).resolve() for f in folders), *own_folders()))


class NotRegular(OSError):
    """A path that was a regular file when checked and is not when opened."""


def read_regular(path: Path, limit: int) -> bytes:
    """Up to ``limit`` + 1 bytes of ``path``, opened so that a pipe or a device cannot
    block the read (it is refused as :class:`NotRegular` once open); OSError as ``open``
    raises it otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegular(errno.EINVAL, "not a regular file", str(path))
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


#: The largest settings file read (a locale's script.toml, typography.toml): a few lines.
MAX_SETTINGS_BYTES = 1024 * 1024


def read_settings(path: Path) -> str:
    """A small UTF-8 settings file's text, read as :func:`read_regular` reads; OSError
    for one too large, UnicodeDecodeError for one that is not UTF-8."""
    raw = read_regular(path, MAX_SETTINGS_BYTES)
    if len(raw) > MAX_SETTINGS_BYTES:
        raise OSError(errno.EFBIG, f"larger than {MAX_SETTINGS_BYTES // 1024} KB", str(path))
    return raw.decode("utf-8")


def unreadable(exc: Exception) -> str:
    """Why a settings file could not be read, in words that quote none of its bytes."""
    if isinstance(exc, NotRegular):
        return "not a regular file (a pipe or a device cannot be read)"
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (at byte {exc.start}); save it as UTF-8"
    return str(exc)
