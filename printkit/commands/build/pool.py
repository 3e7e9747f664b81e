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

The build never waits on its workers without end. A worker killed outright (the system
out of memory, a crash in a library) can leave half a result in the pool's pipe, on
which the pool's own thread then waits for ever and no task ever finishes: so the
building process looks at the workers while it waits for results, and a worker gone is
a :class:`~printkit.errors.WorkerError` at once. On leaving, whatever the way out, each
worker has :data:`GRACE` seconds to end (on a failure, Ctrl-C or stop signal, after a
SIGTERM), then is killed, and the pool's thread is let go of the pipe. A worker also
ends by itself as soon as its build has ended, however the build ended: a build killed
outright cannot stop its workers.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack
from itertools import count
from multiprocessing import connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, Protocol

from printkit import filestamps
from printkit.commands.build.job import Job
from printkit.errors import WorkerError
from printkit.language.locales import project_folder
from printkit.output import DeferredStops

#: How worker processes start by default: fork where it is safe (Linux: fast, nothing to
#: import again), else spawn (Windows has no fork; macOS's system libraries are not safe
#: after it). ``BuildOptions.start_method`` chooses another.
START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"

#: Seconds a worker has to end when the build is done with it (or has sent it SIGTERM)
#: before it is killed, then to end after that, and the pool's thread to let go: a
#: build's end never waits longer on its workers.
GRACE = 1.0
#: Seconds between two looks at the workers while the build waits for a result.
WATCH = 0.5


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
                from printkit.tools.project import load_project, selected

                self.project.enter_context(selected(load_project(project)))
            job = pickle.loads(job)
        self.job = job

    def run(self, task: Task) -> Any:
        assert self.job is not None, "a worker runs tasks only once it has started"
        return run_guarded(task, self.job)


#: This process's worker context: empty in the building process, which never runs
#: through it (it passes its job to each task itself).
_WORKER = WorkerContext()


def _start_worker(job: Job | bytes, project: Path | None, stamps: dict) -> None:
    """Set up a worker process: its build's job, its game project selected as the build
    selected it, an end at once on a stop signal (the build stops its workers so) instead
    of the build's own handler for it, Ctrl-C left to the build (the terminal sends it to
    every process of the build), and an end with the build however the build ends."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_the_build()
    _WORKER.start(job, project, stamps)


def _end_with_the_build() -> None:
    """End this worker as soon as the build that started it has ended. A build killed
    outright (``kill -9``) cannot stop its workers, and a forked worker waits for its next
    task for ever (it holds the task pipe's writing end itself), keeping what the build
    left, its spool folder first (see :class:`printkit.output.Spool`)."""
    build = multiprocessing.parent_process()
    if build is None:
        return

    from printkit.tools.project import REAL_EXIT

    def watch() -> None:
        build.join()  # returns once the build has ended: its end of a pipe closes
        REAL_EXIT(1)

    threading.Thread(target=watch, name="printkit-worker-watch", daemon=True).start()


def _run_task(task: Task) -> Any:
    """What a worker process runs for each task: the task, with the worker's job."""
    return _WORKER.run(task)


def run_guarded(task: Task, job: Job) -> Any:
    """``task.run(job)``, where a game project's code that would end the process (its
    rules.py calling ``os._exit`` or ``sys.exit``) is the project's error instead, naming
    the file and line (see :func:`printkit.tools.project.no_exit`)."""
    from printkit.tools.project import exit_error, no_exit

    if project_folder() is None:  # printkit's own games: no project code to guard
        return task.run(job)
    with no_exit():
        try:
            return task.run(job)
        except SystemExit as exc:
            raise exit_error(exc) from None


class Workers:
    """Runs one build's tasks in up to ``processes`` processes (see the module's doc).

    Use as a context manager: on leaving it the pool, if one started, is shut down and
    every worker has ended, in a bounded time; on a failure, Ctrl-C or stop signal every
    worker is stopped first, so none outlives the build.
    """

    def __init__(self, job: Job, processes: int, start_method: str | None = None) -> None:
        self.job = job
        self.processes = max(1, processes)
        self.start_method = start_method or START_METHOD
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            with DeferredStops():  # a second Ctrl-C must not leave the workers half stopped
                _shut_down(pool, stop=kind is not None)

    def run(self, ready: list[Entry], done: dict[type, Done]) -> None:
        """Run ``(cost, task)`` entries, costliest first (of equal ones, the first queued).

        ``done[type(task)](task, outcome)`` is called in this process as each finishes and
        may return more entries, which join the queue by cost. With one process, or one
        entry and no pool started yet, everything runs here, in the order a pool would
        start it. A worker that ends before its task does is a :class:`WorkerError`.
        """
        queue = list(ready)

        def take() -> Entry:
            best = max(range(len(queue)), key=lambda i: (queue[i][0], -i))
            return queue.pop(best)

        if self.processes <= 1 or (self._pool is None and len(queue) <= 1):
            while queue:
                _, task = take()
                queue.extend(done[type(task)](task, run_guarded(task, self.job)))
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
                running[_submit(pool, task)] = (next(order), task)
            finished, _ = wait(running, timeout=WATCH, return_when=FIRST_COMPLETED)
            if not finished and _ended(_workers(pool)):
                raise _lost(_workers(pool))
            for future in sorted(finished, key=lambda f: running[f][0]):
                task = running.pop(future)[1]
                try:
                    outcome = future.result()
                except BrokenProcessPool:
                    raise _lost(_workers(pool)) from None
                queue.extend(done[type(task)](task, outcome))

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


def _submit(pool: ProcessPoolExecutor, task: Task) -> Future:
    """Hand ``task`` to the pool, stop signals held off meanwhile: a submit may start a
    worker, and a stop between its start and the pool's record of it would leave a worker
    that nothing stops."""
    with DeferredStops():
        return pool.submit(_run_task, task)


def _workers(pool: ProcessPoolExecutor) -> list[BaseProcess]:
    """The pool's worker processes (the executor keeps no public list of them)."""
    return list((getattr(pool, "_processes", None) or {}).values())


def _ended(processes: list[BaseProcess]) -> list[BaseProcess]:
    """Those of ``processes`` that have ended, without waiting."""
    still = _running(processes, 0)
    return [p for p in processes if p not in still]


def _running(processes: list[BaseProcess], timeout: float) -> list[BaseProcess]:
    """Those of ``processes`` still running after up to ``timeout`` seconds (less if they
    all end sooner). A process ends when its sentinel becomes ready: this waits on the
    operating system, never on the pool's own thread."""
    deadline = time.monotonic() + timeout
    waiting = {p.sentinel: p for p in processes}
    while waiting:
        for sentinel in connection.wait(list(waiting), max(0.0, deadline - time.monotonic())):
            del waiting[sentinel]
        if time.monotonic() >= deadline:
            break
    return list(waiting.values())


def _shut_down(pool: ProcessPoolExecutor, stop: bool) -> None:
    """Shut ``pool`` down with every worker ended, in a bounded time (see :data:`GRACE`).

    ``stop``: the build failed or was stopped, and running tasks are abandoned: each
    worker gets SIGTERM at once. Else the workers leave when the pool tells them to. A
    worker still there after the grace period is killed. Then the pool's thread, which
    may wait on half a message a killed worker was sending, gets the end of the pipe:
    this process's own copy of its writing end is closed, the workers' went with them.
    """
    processes = _workers(pool)
    thread = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    if stop:
        _signal_each(processes, BaseProcess.terminate)
    pool.shutdown(wait=False, cancel_futures=True)
    late = _running(processes, GRACE)
    if late:
        _signal_each(late, BaseProcess.kill)
        _running(late, GRACE)
    if results is not None:
        with contextlib.suppress(OSError):
            results._writer.close()
    if thread is not None:
        thread.join(GRACE)
        if not thread.is_alive() and results is not None:
            with contextlib.suppress(OSError):
                results.close()


def _signal_each(processes: list[BaseProcess], send: Callable[[BaseProcess], None]) -> None:
    for process in processes:
        with contextlib.suppress(OSError, ValueError):  # ended meanwhile, or closed
            send(process)


def _lost(processes: list[BaseProcess]) -> WorkerError:
    """The error for a worker that ended before its task did, saying how it ended when
    that is known. The pool stops the other workers with SIGTERM itself when it notices,
    so a worker that ended otherwise is the one to name."""
    codes = _exit_codes(_ended(processes))
    codes.sort(key=lambda code: code == -signal.SIGTERM)
    lost = WorkerError(f"a worker process {_how(codes[0]) if codes else 'ended'} before "
                       f"its task was done; nothing was written")
    engine = project_folder() / "rules.py" if project_folder() is not None else None
    if codes and codes[0] >= 0 and engine is not None and engine.is_file():
        # printkit's workers never exit on their own while a task runs: the project's
        # code did (an exit the guard could not catch: posix._exit, a crash of its own)
        from printkit.model.components.deck import shown

        lost = ProjectWorkerError(f"{shown(engine)}: a worker process {_how(codes[0])} "
                                  f"while running the game's code: does the rules engine "
                                  f"end the process? nothing was written")
    return lost


class ProjectWorkerError(WorkerError):
    """A worker that a game project's code ended: the project's error (exit 1)."""


def _exit_codes(ended: list[BaseProcess]) -> list[int]:
    """The exit codes of processes that have ended. The pool's thread may be reaping one
    at this very moment, which this process then cannot: its code is known a moment
    later, once that thread has it (waited for a bounded time)."""
    deadline = time.monotonic() + GRACE
    while any(p.exitcode is None for p in ended) and time.monotonic() < deadline:
        time.sleep(0.01)
    return [p.exitcode for p in ended if p.exitcode is not None]


def _how(code: int) -> str:
    """How a process with exit code ``code`` ended, in words."""
    if code >= 0:
        return f"exited with code {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        name = f"signal {-code}"
    if name == "SIGKILL":  # what the system's out-of-memory killer sends
        return "was killed by SIGKILL (out of memory? fewer --jobs use less)"
    return f"was killed by {name}"
