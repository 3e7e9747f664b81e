"""Running a build's tasks: in the building process, or in worker processes, costliest
first.

:class:`Workers` runs batches of tasks (objects with a ``run(job)`` method, see
:mod:`.tasks`) for one build. With one process it calls ``task.run(job)`` itself; with
more it starts a pool once, on the first batch worth it, and each worker gets the job
once, from the pool's initializer, into its :class:`WorkerContext`: the tasks sent to it
stay small (a game, a locale, a name) while the prepared game data, which can be big,
travels once per worker. The building process never sets a worker context; a worker
never holds more than its one build's job.

Workers fork where that is safe and fast (Linux); elsewhere they spawn, and
``forkserver`` works too: a build gives the same bytes however its workers start, and
with any number of them.
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from itertools import count
from pathlib import Path
from typing import Any, Protocol

from printkit import filestamps
from printkit.commands.build.job import Job
from printkit.i18n import project_folder

#: How worker processes start by default: fork where it is safe (Linux: fast, nothing to
#: import again), else spawn (Windows has no fork; macOS's system libraries are not safe
#: after it). ``BuildOptions.start_method`` chooses another.
START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"


class Task(Protocol):
    """A unit of a build's work: picklable, and run with the build's job."""

    def run(self, job: Job) -> Any: ...


#: A task waiting to run: its rough cost (costlier ones start first) and the task.
Entry = tuple[int, Task]
#: What the building process does with a task's outcome: more entries to run, if any.
Done = Callable[[Any, Any], Iterable[Entry]]


class WorkerContext:
    """What one worker process holds for its life: the job of the build that started it
    and the game project it selected. Set once by :func:`_start_worker`, in the worker;
    tasks read it only through :func:`_run_task`, which passes the job on explicitly."""

    def __init__(self) -> None:
        self.job: Job | None = None
        self.project = ExitStack()

    def start(self, job: Job | bytes, project: Path | None, stamps: dict) -> None:
        if isinstance(job, bytes):  # spawned or forkserver: select the project first,
            filestamps.seed(stamps)  # as the build did, then unpickle (the prepared
            if project is not None:  # examples may hold objects of its rules module)
                from printkit.project import load_project, selected

                self.project.enter_context(selected(load_project(project)))
            job = pickle.loads(job)
        self.job = job

    def run(self, task: Task) -> Any:
        assert self.job is not None, "a worker runs tasks only once it has started"
        return task.run(self.job)


#: This process's worker context: empty in the building process, which never runs
#: through it (it passes its job to each task itself).
_WORKER = WorkerContext()


def _start_worker(job: Job | bytes, project: Path | None, stamps: dict) -> None:
    """Set up a worker process: its build's job, its game project selected as the build
    selected it, and an end at once on a stop signal (the build stops its workers so)
    instead of the build's own handler for it."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    _WORKER.start(job, project, stamps)


def _run_task(task: Task) -> Any:
    """What a worker process runs for each task: the task, with the worker's job."""
    return _WORKER.run(task)


class Workers:
    """Runs one build's tasks in up to ``processes`` processes (see the module's doc).

    Use as a context manager: on leaving it the pool, if one started, is shut down; on a
    failure, Ctrl-C or stop signal every worker is stopped first, so none outlives the
    build.
    """

    def __init__(self, job: Job, processes: int, start_method: str | None = None) -> None:
        self.job = job
        self.processes = max(1, processes)
        self.start_method = start_method or START_METHOD
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if self._pool is None:
            return
        if kind is not None:
            for process in list(getattr(self._pool, "_processes", {}).values()):
                process.terminate()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = None

    def run(self, ready: list[Entry], done: dict[type, Done]) -> None:
        """Run ``(cost, task)`` entries, costliest first (of equal ones, the first queued).

        ``done[type(task)](task, outcome)`` is called in this process as each finishes and
        may return more entries, which join the queue by cost. With one process, or one
        entry and no pool started yet, everything runs here, in the order a pool would
        start it.
        """
        queue = list(ready)

        def take() -> Entry:
            best = max(range(len(queue)), key=lambda i: (queue[i][0], -i))
            return queue.pop(best)

        if self.processes <= 1 or (self._pool is None and len(queue) <= 1):
            while queue:
                _, task = take()
                queue.extend(done[type(task)](task, task.run(self.job)))
            return
        # One task more in flight than workers, so that a worker that finishes starts its
        # next task at once instead of waiting for this process to take the result (that
        # wait cost each worker about 8 % of its time); no more, so that costly work that
        # becomes ready goes ahead of cheaper work.
        pool = self._started()
        order = count()
        running: dict[Future, tuple[int, Task]] = {}
        while queue or running:
            while queue and len(running) < self.processes + 1:
                task = take()[1]
                running[pool.submit(_run_task, task)] = (next(order), task)
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: running[f][0]):
                task = running.pop(future)[1]
                queue.extend(done[type(task)](task, future.result()))

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context(self.start_method)
            self._pool = ProcessPoolExecutor(max_workers=self.processes, mp_context=context,
                                             initializer=_start_worker,
                                             initargs=self._worker_state())
        return self._pool

    def _worker_state(self) -> tuple:
        """What a worker is started with: the job, the selected project's folder, the
        stamps of its pictures. A forked worker has the project and stamps already, and
        gets the job as it is; any other gets them pickled, the job pickled here while
        the project is selected."""
        if self.start_method == "fork":
            return (self.job, None, {})
        return (pickle.dumps(self.job), project_folder(), filestamps.everything())
