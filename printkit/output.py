"""Writing build results as one transaction: every file of a build, or none.

A build renders every document into memory first. Writing then happens in two
steps, both on the destination's own file system:

1. **Stage**: each file is written and flushed to a temporary name beside its
   destination (``.rulebook-a4.pdf.<random>.new``), several at once (a flush
   waits on the disk).
2. **Swap**: each existing destination keeps a second name (a hard link,
   ``….<random>.old``) and the staged file replaces it in one atomic rename, so
   a published file is never missing, not even for an instant.

Before the first swap, a journal (``<out>/.printkit.swap``) lists what is being
replaced; it is removed once every file is in place. A build killed outright
(``kill -9``, a power cut) leaves the journal behind: the next build into the
folder finds it and rolls the swap back to the whole old set, and removes every
staged file of printkit's own naming, before doing anything else.

If anything fails on the way — a read-only folder, a file where a folder
should be, a full disk, Ctrl-C — every step already taken is undone in
reverse: new files are removed, old ones renamed back, folders the build
created are removed again, and no temporary file is left. Only when every
file is in place are the old copies deleted. Ctrl-C is held off while files
are being swapped or put back, and acted on at the next safe point.

Two builds into the same folder never interleave: a lock file
(``<out>/.printkit.lock``) names the holder, and a second build stops with a
message naming it.

Until the write, a build keeps what it rendered in a :class:`Spool`, a folder of
its own in the system's temporary folder (``printkit-build-<random>``), removed
when the build ends. A build killed outright cannot remove it: the folder holds a
lock file its build holds for its life, and the next build to start removes every
such folder whose lock no process holds (:func:`sweep_spools`).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import itertools
import json
import os
import re
import secrets
import shutil
import signal
import stat
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import OutputError, Stopped
from printkit.filestamps import read_sha256
from printkit.folderlock import abandoned, folder_lock

LOCK_NAME = ".printkit.lock"
#: The journal of a swap in progress (see the module's documentation).
JOURNAL_NAME = ".printkit.swap"
#: printkit's own staged and set-aside files: ``.<name>.<8 hex digits>.new`` / ``.old``.
STAGED = re.compile(r"\..+\.[0-9a-f]{8}\.(new|old)")
#: A playtest report's file name: ``printkit playtest`` writes it beside a kit's documents
#: (``<game>/<locale>/``), and the kit page links it.
PLAYTEST_REPORT = re.compile(r"playtest-([1-9][0-9]?)p\.(pdf|html)")


def playtest_reports(out: Path, games: Iterable[str]) -> list[str]:
    """The playtest reports beside the kits of ``games`` in ``out``, by their paths in it."""
    return sorted(path.relative_to(out).as_posix() for game in games
                  for path in (out / game).glob("*/playtest-*")
                  if PLAYTEST_REPORT.fullmatch(path.name) and path.is_file())


def output_lock(out: Path) -> contextlib.AbstractContextManager[None]:
    """Hold ``<out>/.printkit.lock`` while writing; another holder is an OutputError.

    The lock file names its holder and is removed when the lock is released,
    so a build leaves no trace of it (see :mod:`printkit.folderlock`).
    """
    return folder_lock(out, LOCK_NAME)


class DeferredStops:
    """Holds off Ctrl-C and the stop signals (SIGINT, SIGTERM, SIGHUP) inside a block;
    raises them at the next :meth:`check`, or on leaving the block. Also used where a
    stop half-way would leave something no one cleans up (a worker started but not yet
    recorded, workers being stopped)."""

    def __init__(self) -> None:
        self.interrupted = False
        self._previous: dict[int, object] = {}
        self._signum = 0

    def __enter__(self) -> DeferredStops:
        self._previous = {}
        self._signum = 0
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            try:
                self._previous[signum] = signal.signal(signum, self._note)
            except ValueError:  # not the main thread: signals cannot be caught here anyway
                pass
        return self

    def _note(self, signum: int, frame: object) -> None:
        self.interrupted = True
        self._signum = signum

    def check(self) -> None:
        if self.interrupted:
            self.interrupted = False
            if self._signum != signal.SIGINT:
                raise Stopped(self._signum)
            raise KeyboardInterrupt

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        if exc[0] is None:
            self.check()


def _reason(exc: OSError) -> str:
    return exc.strerror or errno.errorcode.get(exc.errno or 0, str(exc))


def _make_dirs(folder: Path, created: list[Path]) -> None:
    """Create ``folder`` and its missing parents, remembering each one created."""
    missing = []
    at = folder
    while not at.exists():
        missing.append(at)
        if at.parent == at:
            break
        at = at.parent
    for path in reversed(missing):
        try:
            path.mkdir()
        except FileExistsError:
            pass
        except OSError as exc:
            raise OutputError(f"cannot create the folder {path}: {_reason(exc)}") from None
        created.append(path)
    if not folder.is_dir():
        raise OutputError(f"cannot write into {folder}: it is a file, not a folder")


@dataclass(frozen=True)
class Spooled:
    """A rendered file's bytes kept on disk until the build writes them (see :class:`Spool`),
    or an output file already in place."""

    path: Path

    def read_bytes(self) -> bytes:
        return self.path.read_bytes()


def contents(data: bytes | Spooled) -> bytes:
    return data if isinstance(data, bytes) else data.read_bytes()


def sha256(data: bytes | Spooled) -> str:
    """The hash of the bytes, read in blocks when they are on disk."""
    if isinstance(data, bytes):
        return hashlib.sha256(data).hexdigest()
    return read_sha256(data.path)


#: How every spool folder's name begins (in the system's temporary folder), and the lock
#: file in each that its build holds for its life (see :class:`Spool`).
SPOOL_PREFIX = "printkit-build-"
SPOOL_LOCK = ".printkit-spool.lock"


class Spool:
    """Where a build keeps what it rendered until the all-or-nothing write: a big file on
    disk, in a private temporary folder removed when the build ends, so that a build's
    memory does not grow with its output (a deck of thousands of illustrated cards).

    A build killed outright cannot remove its folder: so each build holds a lock file in
    its own (:data:`SPOOL_LOCK`) and, on starting, removes every folder whose lock no
    process holds any more (see :func:`sweep_spools`). Forked workers share their build's
    lock: a folder stays while any of them lives (they end with their build).
    """

    #: Files from this size on are kept on disk.
    FROM = 1 << 20
    #: What removes the folder (and lets its lock go): none in a worker, or before entering.
    _stack: contextlib.ExitStack | None = None

    def __enter__(self) -> Spool:
        sweep_spools()
        self._stack = contextlib.ExitStack()
        with DeferredStops() as held:  # a stop half-way would leave a folder behind
            try:
                self._path = self._new_folder()
            except BaseException:
                self._stack.close()
                raise
            if held.interrupted:  # stopped meanwhile: nothing left behind, then the stop
                self._stack.close()
        self._count = itertools.count()
        return self

    def _new_folder(self) -> Path:
        """A new spool folder, locked for this build's life (see :func:`sweep_spools`).

        A build starting at the same instant may take the lock of the folder this one has
        just made, for a dead build's, before this one does: then another folder. Where
        the system cannot lock (no locks on its temporary folder), an unlocked one: it is
        only never swept."""
        for _ in range(3):
            folder = tempfile.TemporaryDirectory(prefix=SPOOL_PREFIX)
            self._stack.callback(folder.cleanup)  # after the lock is let go (Windows)
            path = Path(folder.name)
            try:
                self._stack.enter_context(folder_lock(path, SPOOL_LOCK))
            except OutputError:  # taken by another build's sweep, or removed already
                continue
            except OSError:  # no locks here: a folder only never swept
                pass
            return path
        folder = tempfile.TemporaryDirectory(prefix=SPOOL_PREFIX)
        self._stack.callback(folder.cleanup)
        return Path(folder.name)

    def __exit__(self, *exc: object) -> None:
        if self._stack is not None:
            self._stack.close()

    def __getstate__(self) -> dict[str, object]:
        """A worker process gets the folder to keep its files in, not the folder's cleanup."""
        return {"path": self._path}

    def __setstate__(self, state: dict[str, object]) -> None:
        self._stack = None
        self._path = Path(state["path"])  # type: ignore[arg-type]
        self._count = itertools.count()

    def keep(self, data: bytes | Spooled) -> bytes | Spooled:
        """``data`` as it is if small (or kept already), else on disk. Worker processes
        keep what they render here too, so that it never travels back in memory."""
        if isinstance(data, Spooled) or len(data) < self.FROM:
            return data
        path = self.new()
        path.write_bytes(data)
        return Spooled(path)

    def new(self) -> Path:
        """A new file's name in the spool, for a file written there piece by piece."""
        return self._path / f"{os.getpid()}-{next(self._count)}.part"


def sweep_spools(folder: Path | None = None) -> list[Path]:
    """Remove the spool folders of builds that ended without removing theirs (``kill -9``,
    a power cut) from ``folder``, the system's temporary folder; the folders removed.

    A folder goes only when its lock file is there and no process holds it: its build and
    every worker of it have ended. Never another user's folder, nothing through a link,
    and never a failure: what cannot be removed stays, and the build goes on.
    """
    try:
        entries = list(os.scandir(folder or tempfile.gettempdir()))
    except OSError:
        return []
    removed = []
    for entry in entries:
        try:
            if entry.name.startswith(SPOOL_PREFIX) and _own_folder(entry) \
                    and _remove_abandoned(Path(entry.path)):
                removed.append(Path(entry.path))
        except Exception:  # noqa: BLE001 - a sweep never fails a build
            continue
    return removed


def _own_folder(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a folder itself (not a link, not a Windows junction) that this
    user owns."""
    info = entry.stat(follow_symlinks=False)
    if not stat.S_ISDIR(info.st_mode):
        return False
    if getattr(info, "st_file_attributes", 0) & getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0):
        return False
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def _remove_abandoned(folder: Path) -> bool:
    """Remove ``folder`` if its build has ended (see :func:`sweep_spools`); whether it did.
    Removed while its lock is held here, so that no one takes it meanwhile; Windows
    removes no open file, so there the lock file goes once let go."""
    with abandoned(folder / SPOOL_LOCK) as gone:
        if not gone:
            return False
        shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)
    return not folder.exists()


def _stage(path: Path, data: bytes | Spooled, token: str) -> Path:
    temp = path.with_name(f".{path.name}.{token}.new")
    try:
        with open(temp, "xb") as fh:
            if isinstance(data, Spooled):
                with data.path.open("rb") as source:
                    shutil.copyfileobj(source, fh, 1 << 20)
            else:
                fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(temp, 0o644)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise OutputError(f"cannot write {path}: {_reason(exc)}") from None
    return temp


#: Files written and flushed at once: each flush waits on the disk, not on the processor.
STAGING_THREADS = 8


def _stage_all(files: Mapping[Path, bytes | Spooled], token: str, staged: dict[Path, Path]) -> None:
    """Stage every file (in ``files``' order into ``staged``), flushing several at once;
    the first failure is raised after every other write has finished, so that whatever
    was staged is known and can be removed."""
    with ThreadPoolExecutor(max_workers=STAGING_THREADS) as pool:
        futures = {path: pool.submit(_stage, path, data, token) for path, data in files.items()}
    failure: BaseException | None = None
    for path, future in futures.items():
        try:
            staged[path] = future.result()
        except BaseException as exc:  # noqa: BLE001 - raised below, once all are known
            failure = failure or exc
    if failure is not None:
        raise failure


def commit(files: Mapping[Path, bytes | Spooled], out: Path | None = None,
           remove: Sequence[Path] = ()) -> list[Path]:
    """Write every rendered file and remove every file of ``remove``, or do none of it;
    returns the paths written, in order.

    ``out`` is the output folder to lock while writing (none: no lock). A removed file is
    set aside like a replaced one, so an undone or killed write puts it back; a folder
    it leaves empty goes too.
    Raises :class:`~printkit.errors.OutputError` (one line naming the path and
    the reason) after putting everything back, or ``KeyboardInterrupt`` after
    the same clean-up.
    """
    token = secrets.token_hex(4)
    created: list[Path] = []
    staged: dict[Path, Path] = {}
    moved_aside: dict[Path, Path] = {}
    placed: list[Path] = []
    with DeferredStops() as interrupt, contextlib.ExitStack() as stack:
        try:
            if out is not None:
                _make_dirs(out, created)
                stack.enter_context(output_lock(out))
                recover(out)
            for path in files:
                _make_dirs(path.parent, created)
                if path.is_dir():
                    raise OutputError(f"cannot write {path}: a folder is in the way")
            _stage_all(files, token, staged)
            interrupt.check()
            journal = out / JOURNAL_NAME if out is not None else None
            if journal is not None:
                _write_journal(journal, out, token, [*staged, *remove])
            for path, temp in staged.items():
                if path.exists():
                    old = path.with_name(f".{path.name}.{token}.old")
                    _keep(path, old)
                    moved_aside[path] = old
                _rename(temp, path)  # atomic: the old file until now, the new one after
                placed.append(path)
                interrupt.check()
            for path in remove:
                if path.is_file():
                    old = path.with_name(f".{path.name}.{token}.old")
                    _keep(path, old)
                    moved_aside[path] = old
                    _unlink(path)
                interrupt.check()
            if journal is not None:
                journal.unlink()  # every file is in place: the new set is published
        except BaseException:
            stack.close()  # release (and remove) the lock before removing new folders
            _undo(staged, moved_aside, placed, created)
            if out is not None:
                with contextlib.suppress(OSError):
                    (out / JOURNAL_NAME).unlink(missing_ok=True)
            raise
        for old in moved_aside.values():
            old.unlink(missing_ok=True)
        _remove_empty({path.parent for path in remove}, out)
    return list(files)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError as exc:
        raise OutputError(f"cannot remove {path}: {_reason(exc)}") from None


def _remove_empty(folders: set[Path], out: Path | None) -> None:
    """Remove the folders (and their parents, up to ``out``) that removals left empty."""
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
        while out is not None and folder != out and folder.is_relative_to(out):
            try:
                folder.rmdir()
            except OSError:  # not empty, or not ours to remove
                break
            folder = folder.parent


def _keep(path: Path, old: Path) -> None:
    """Give ``path`` a second name ``old`` (its content, should the swap be undone)."""
    try:
        os.link(path, old)
    except OSError:  # a file system without hard links: a copy does as well
        try:
            shutil.copy2(path, old)
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {_reason(exc)}") from None


def _restore(old: Path, path: Path) -> None:
    """Put the set-aside ``old`` back at ``path`` in one rename. Still a second name of
    the same file (the swap never reached it), it only has to go: renaming one name of a
    file onto another name of it does nothing."""
    if path.exists() and os.path.samefile(old, path):
        old.unlink()
    else:
        os.replace(old, path)


def _write_journal(journal: Path, out: Path, token: str, paths: Sequence[Path]) -> None:
    """Record the swap about to happen: each destination (or file to remove) and whether
    it existed before."""
    entries = [[path.relative_to(out).as_posix() if path.is_relative_to(out) else str(path),
                path.exists()] for path in paths]
    temp = journal.with_name(f"{JOURNAL_NAME}.{token}.new")  # swept like any staged file
    try:
        with open(temp, "w", encoding="utf-8") as fh:
            json.dump({"token": token, "files": entries}, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, journal)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise OutputError(f"cannot write {journal}: {_reason(exc)}") from None


def unfinished(out: Path) -> bool:
    """Whether a killed build left anything in ``out`` to put right (see :func:`recover`):
    a swap's journal, or a staged or set-aside file."""
    return (out / JOURNAL_NAME).exists() or any(
        STAGED.fullmatch(p.name) for p in out.rglob(".*")) if out.is_dir() else False


def recover(out: Path) -> bool:
    """Finish what a killed build left in ``out``: roll an interrupted swap back to the
    whole old set, and remove every staged or set-aside file of printkit's own naming.
    Call it holding the output lock. True if there was anything to put right."""
    journal = out / JOURNAL_NAME
    found = False
    if journal.is_file():
        found = True
        try:
            record = json.loads(journal.read_text(encoding="utf-8"))
            token, entries = str(record["token"]), list(record["files"])
        except (OSError, ValueError, KeyError, TypeError):
            token, entries = "", []  # unreadable: the sweep below still cleans up
        for name, existed in entries:
            path = out / name
            old = path.with_name(f".{path.name}.{token}.old")
            with contextlib.suppress(OSError):
                if existed and old.exists():
                    _restore(old, path)  # the old version, whole
                elif not existed:
                    path.unlink(missing_ok=True)  # new in the swap that did not finish
        journal.unlink(missing_ok=True)
    for leftover in (p for p in out.rglob(".*") if STAGED.fullmatch(p.name)):
        found = True
        with contextlib.suppress(OSError):
            leftover.unlink()
    return found


def write_atomic(path: Path, data: bytes) -> None:
    """Write one file (a catalog, a template) so that a reader never sees half of it."""
    commit({path: data})


def _rename(source: Path, target: Path) -> None:
    try:
        os.replace(source, target)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {_reason(exc)}") from None


def _undo(staged: Mapping[Path, Path], moved_aside: Mapping[Path, Path], placed: list[Path],
          created: list[Path]) -> None:
    """Put every file and folder back as it was; best effort, never raises."""
    for path in reversed(placed):
        if path not in moved_aside:  # new in this build
            with contextlib.suppress(OSError):
                path.unlink()
    for path, old in moved_aside.items():  # the old version back, in one rename
        with contextlib.suppress(OSError):
            _restore(old, path)
    for temp in staged.values():
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
    for folder in reversed(created):
        with contextlib.suppress(OSError):
            folder.rmdir()
