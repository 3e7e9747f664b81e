"""One build at a time writes an output folder: a lock file that names its holder.

The lock is the operating system's own, on an open file: ``flock`` where there is
``fcntl`` (Linux, macOS, the BSDs), ``msvcrt.locking`` on Windows. Either is let go
when the holder ends, however it ends, so a killed build never leaves the folder
locked. The file says who holds it (process and computer) and is removed on release.

On Windows a locked byte cannot be read, so the lock is taken on a byte far past
the holder's name. A system with neither module (none that printkit knows of) falls
back to creating the file exclusively: a build killed there leaves the file, and the
message names it, to be removed by hand.

The same lock tells whether the holder of a lock file left behind is still alive
(:func:`abandoned`): a build's spool folder is removed by a later build once its own
build has ended, however it ended (see :class:`printkit.output.Spool`).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from printkit.errors import OutputError

#: The byte Windows locks: past any holder's name, which stays readable.
_WINDOWS_BYTE = 1 << 20


def _flock(fd: int) -> bool:
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _msvcrt_lock(fd: int) -> bool:
    import msvcrt

    os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _system_lock() -> Callable[[int], bool] | None:
    """How this system locks an open file without waiting (True: taken, False: another
    holds it); None if it has no such lock."""
    for module, lock in (("fcntl", _flock), ("msvcrt", _msvcrt_lock)):
        try:
            importlib.import_module(module)
        except ImportError:
            continue
        return lock
    return None


def _read(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 200).decode("utf-8", "replace").strip()


def _busy(out: Path, holder: str) -> OutputError:
    return OutputError(f"the output folder {out} is being written by "
                       f"{holder or 'another build'}; try again when it has finished")


@contextlib.contextmanager
def folder_lock(out: Path, name: str) -> Iterator[None]:
    """Hold ``<out>/<name>`` while writing; another holder is an OutputError naming it."""
    path = out / name
    lock = _system_lock()
    while True:
        try:
            # with no lock of the system's own, the file itself is the lock
            fd = os.open(path, os.O_RDWR | os.O_CREAT | (0 if lock else os.O_EXCL), 0o644)
        except FileExistsError:
            holder = path.read_text(encoding="utf-8", errors="replace").strip()
            raise _busy(out, f"{holder} (if no build is running, remove {path})") from None
        except OSError as exc:
            raise OutputError(f"cannot lock the output folder {out}: "
                              f"{exc.strerror or exc}") from None
        if lock is None:
            break
        if not lock(fd):
            holder = _read(fd)
            os.close(fd)
            raise _busy(out, holder)
        # The holder before us may have removed the file after we opened it: lock
        # the file that is there now, not a deleted one.
        if os.path.exists(path) and os.stat(path).st_ino == os.fstat(fd).st_ino:
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"printkit build, process {os.getpid()} on {socket.gethostname()}\n"
                 .encode())
        yield
    finally:
        # Removed while still held (a build waiting on the old file then sees it gone);
        # Windows removes no open file: there, once closed.
        try:
            os.unlink(path)
            removed = True
        except OSError:
            removed = False
        os.close(fd)  # closing releases the lock
        if not removed:
            with contextlib.suppress(OSError):
                os.unlink(path)


@contextlib.contextmanager
def abandoned(path: Path) -> Iterator[bool]:
    """Whether the lock file ``path`` is there with no one holding it: its holder ended
    without removing it (killed). The lock is held while the block runs, so that nothing
    takes it meanwhile. False if the file is missing, held, not a plain file, or on a
    system without a lock of its own (there, a file says nothing of its holder's life)."""
    lock = _system_lock()
    fd = _open_plain(path) if lock is not None else None
    try:
        yield fd is not None and lock is not None and _try(lock, fd)
    finally:
        if fd is not None:
            os.close(fd)


def _open_plain(path: Path) -> int | None:
    """``path`` opened to be locked, if it is a plain file (never through a link)."""
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    if stat.S_ISREG(os.fstat(fd).st_mode):
        return fd
    os.close(fd)
    return None


def _try(lock: Callable[[int], bool], fd: int) -> bool:
    try:
        return lock(fd)
    except OSError:  # a file system without locks: nothing can be told
        return False
