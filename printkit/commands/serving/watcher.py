"""Which files changed, gathered into one rebuild per flurry of saves.

An editor's save is often several writes (a temporary file, a rename, a touch), and a
"save all" is many; :class:`Debouncer` turns them into one build once the files have
been quiet for a moment. :class:`Watcher` feeds it from ``watchfiles`` (the operating
system's own file notifications, not a polling loop) in a thread of its own.

A folder deleted and made again (``git checkout`` of another branch, a project restored
from a copy) is a new folder the old notifications never hear of, so the watcher checks
each folder's identity between batches: when one goes, comes or is replaced, it watches
anew, and tells the debouncer the folder changed, so the build runs on what is there.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

#: Seconds between looks for a watched folder that is not there.
ABSENT_POLL = 0.2

#: Seconds the files must be quiet before a build starts.
QUIET = 0.15
#: Seconds after the first change at most: a file written without pause still gets built.
LONGEST = 2.0


class Debouncer:
    """Changes in, one build out per flurry.

    A build is due once no change has come for ``quiet`` seconds, or ``longest``
    seconds after the first change still waiting, whichever is sooner. ``clock`` is
    injectable for tests. Safe to feed from one thread and wait in another.
    """

    def __init__(self, quiet: float = QUIET, longest: float = LONGEST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet = quiet
        self.longest = longest
        self.clock = clock
        self._changed: set[str] = set()
        self._first: float | None = None
        self._last: float | None = None
        self._ready = threading.Condition()

    def saw(self, paths: Iterable[str]) -> None:
        """Files that changed just now."""
        with self._ready:
            now = self.clock()
            self._changed.update(paths)
            if self._first is None:
                self._first = now
            self._last = now
            self._ready.notify_all()

    def due(self) -> float | None:
        """Seconds until a build is due: 0 or less, now; None, nothing has changed."""
        with self._ready:
            if self._first is None or self._last is None:
                return None
            now = self.clock()
            return min(self._last + self.quiet, self._first + self.longest) - now

    def take(self) -> set[str]:
        """The files changed since the last build, forgotten: the build is starting."""
        with self._ready:
            changed, self._changed = self._changed, set()
            self._first = self._last = None
            return changed

    def wait(self, stop: threading.Event | None = None, poll: float = 0.5) -> set[str]:
        """Block until a build is due and take its changes (empty when ``stop`` is set)."""
        while stop is None or not stop.is_set():
            left = self.due()
            if left is not None and left <= 0:
                return self.take()
            with self._ready:
                self._ready.wait(poll if left is None else min(left, poll))
        return set()


class Watcher:
    """Watches folders in a background thread and tells a :class:`Debouncer` what changed.

    Paths under any of ``ignore`` (the output folder) are left out, as are the files
    editors and tools write beside the real ones (swap files, ``__pycache__``, ``.git``).
    A folder that is missing is waited for, and watched once it is there.
    """

    def __init__(self, folders: Iterable[Path], debouncer: Debouncer,
                 ignore: Iterable[Path] = ()) -> None:
        self.folders = sorted({Path(f).resolve() for f in folders})
        self.debouncer = debouncer
        self.ignore = [Path(p).resolve() for p in ignore]
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._started = threading.Event()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="printkit-watcher", daemon=True)
        self._thread.start()
        self._started.wait(5)  # changes from here on are seen

    def _identities(self) -> dict[Path, tuple[int, int] | None]:
        """Each folder's device and inode; None where no folder is."""
        found: dict[Path, tuple[int, int] | None] = {}
        for folder in self.folders:
            try:
                status = os.stat(folder)
            except OSError:
                found[folder] = None
                continue
            found[folder] = (status.st_dev, status.st_ino) if os.path.isdir(folder) else None
        return found

    def _run(self) -> None:
        from watchfiles import DefaultFilter

        keep = DefaultFilter(ignore_paths=[str(p) for p in self.ignore])
        watching: dict[Path, tuple[int, int] | None] | None = None
        moved: set[str] = set()  # folders that went, came or were replaced
        while not self._stop.is_set():
            now = self._identities()
            moved.update(str(f) for f in self.folders
                         if watching is not None and now[f] != watching[f])
            watching = now
            present = [str(f) for f, identity in now.items() if identity is not None]
            if present:
                try:
                    moved = self._watch(present, watching, moved, keep)
                except OSError:  # a folder went between the look and the watch
                    pass
            else:  # nothing to watch: told now
                self._started.set()
                if moved:
                    self.debouncer.saw(moved)
                moved = set()
            self._stop.wait(ABSENT_POLL)

    def _watch(self, present: list[str], watching: dict[Path, tuple[int, int] | None],
               moved: set[str], keep: Any) -> set[str]:
        """Watches ``present`` until told to stop or until a folder goes, comes or is
        replaced (its inode number may be the old one's again: its own deletion, in a
        batch, says so too); the folders ``moved`` are told once watching. Returns the
        folders to tell of once watching anew."""
        from watchfiles import Change, watch

        changes = watch(*present, watch_filter=keep, stop_event=self._stop, debounce=400,
                        step=20, rust_timeout=200, yield_on_timeout=True, raise_interrupt=False)
        folders = {str(f) for f in self.folders}
        for batch in changes:  # the first batch, empty or not, comes once watching
            self._started.set()
            if moved:
                self.debouncer.saw(moved)
                moved = set()
            if batch:
                self.debouncer.saw(path for _, path in batch)
            gone = {path for change, path in batch
                    if path in folders and change == Change.deleted}
            if gone or self._identities() != watching:
                return gone
        return set()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
