"""A stop signal (SIGTERM, what kill, systemd, Docker and CI send) ends a build as Ctrl-C
does: workers stopped, nothing staged or locked left behind, exit 143. A worker that dies
is an error, never a build waiting for ever. No wait in these tests is unbounded: a build
that does not end in time is killed with its whole process group, and the test fails."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from printkit.output import LOCK_NAME, SPOOL_PREFIX, Spool

#: The longest any test here waits for a build to end: far more than a build needs, so
#: only a build that hangs reaches it.
ENDS_WITHIN = 60


def _processes() -> list[tuple[int, list[str]]]:
    """Every process in /proc: its id and the fields of its stat after the name (state,
    parent, process group, …)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found.append((int(entry.name),
                              (entry / "stat").read_text().rsplit(")", 1)[1].split()))
            except OSError:
                continue
    return found


def _children(pid: int) -> list[int]:
    return [child for child, stat in _processes() if int(stat[1]) == pid]


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return stat[0] != "Z"


def _start(args: list[str], err: Path, **options: object) -> subprocess.Popen[bytes]:
    """Start printkit in a session of its own (so that it and every process it starts can
    be found and killed together), its standard error into the file ``err``."""
    with err.open("wb") as sink:
        return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=sink, start_new_session=True, **options)  # type: ignore[call-overload]


def _ended(process: subprocess.Popen[bytes], timeout: float) -> int:
    """The exit code of ``process`` once it ends; if it has not ended within ``timeout``
    seconds, it and its process group are killed and the test fails."""
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        pytest.fail(f"printkit did not end within {timeout} s")


def _left(group: int) -> list[int]:
    """The processes of the process group ``group`` still running: zombies, which run
    nothing, do not count (those of a killed build wait for the system to reap them)."""
    if not Path("/proc").is_dir():
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return []
        return [group]
    return [pid for pid, stat in _processes() if int(stat[2]) == group and stat[0] != "Z"]


def _until(done: Callable[[], object], what: str) -> None:
    """Wait until ``done()`` is true, for at most :data:`ENDS_WITHIN` seconds."""
    deadline = time.monotonic() + ENDS_WITHIN
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {ENDS_WITHIN} s")
        time.sleep(0.05)


def _contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


#: A small build with workers, quick enough to be stopped many times over.
_SMALL = ["build", "--game", "coraz-blizej-swieta", "--locale", "en", "--jobs", "2",
          "--no-previews", "--force"]


#: A build whose first import of HarfBuzz is met by a SIGTERM, as a stop that arrives
#: while ReportLab loads: ReportLab imports it in a ``try`` with a bare ``except``.
_STOPPED_WHILE_LOADING = """
import importlib.abc, os, signal, sys

class Stop(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "uharfbuzz":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGTERM)
        return None

sys.meta_path.insert(0, Stop())
from printkit.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX signals and process groups")
def test_a_stop_while_reportlab_loads_stops_the_build_and_is_never_taken_for_a_missing_part(
        tmp_path: Path) -> None:
    out, err = tmp_path / "out", tmp_path / "err"
    stopped = _start([sys.executable, "-c", _STOPPED_WHILE_LOADING, *_SMALL, "--out", str(out)],
                     err)
    assert _ended(stopped, ENDS_WITHIN) == 128 + signal.SIGTERM, err.read_text()
    assert err.read_text().startswith("printkit: stopped by SIGTERM"), err.read_text()
    assert not out.exists()


#: A module whose import is met by a SIGTERM while a class body's field is set up: Python
#: turns whatever that raises into a RuntimeError.
_A_FIELD_STOPPED = """
import os, signal

class Field:
    def __set_name__(self, owner, name):
        os.kill(os.getpid(), signal.SIGTERM)
        sum(range(10 ** 6))  # (the handler runs here, inside the import)

class Term:
    exempt = Field()
"""

_IMPORT_IT = """
import sys, time
from printkit.cli import common
from printkit.errors import Stopped
common.StopSignals().install()
try:
    import stopped_module
except Stopped:
    sys.exit(2)  # stopped inside the import: its module half made
except Exception as exc:
    print(type(exc).__name__)
    sys.exit(1)
try:
    time.sleep(5)
except Stopped:
    sys.exit(143)  # stopped once the module was loaded
sys.exit(3)
"""


#: A build whose first phase drops an object whose finalizer is met by a SIGTERM: Python
#: prints what a finalizer raises ("Exception ignored", a traceback) and goes on.
_STOPPED_IN_A_FINALIZER = """
import os, signal, sys, time

class Dropped:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.2)  # (the handler runs here, inside the finalizer)

import printkit.commands.build as build
verify = build.verify_games

def verify_games(*args, **kwargs):
    Dropped()
    return verify(*args, **kwargs)

build.verify_games = verify_games
from printkit.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX interval timers")
def test_a_stop_that_meets_a_finalizer_stops_the_build_without_a_traceback(
        tmp_path: Path) -> None:
    out, err = tmp_path / "out", tmp_path / "err"
    stopped = _start([sys.executable, "-c", _STOPPED_IN_A_FINALIZER, *_SMALL, "--out",
                      str(out)], err)
    assert _ended(stopped, ENDS_WITHIN) == 128 + signal.SIGTERM, err.read_text()
    text = err.read_text()
    assert "Traceback" not in text and "Exception ignored" not in text, text
    assert "printkit: stopped by SIGTERM; nothing was written" in text, text
    assert not out.exists()


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX interval timers")
def test_a_stop_during_an_import_waits_for_the_module_and_is_never_an_internal_error(
        tmp_path: Path) -> None:
    (tmp_path / "stopped_module.py").write_text(_A_FIELD_STOPPED)
    done = subprocess.run([sys.executable, "-c", _IMPORT_IT], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(
                              [str(tmp_path), os.environ.get("PYTHONPATH", "")])},
                          timeout=ENDS_WITHIN)
    assert done.returncode == 143, done.stdout + done.stderr


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX signals and process groups")
def test_sigterm_at_30_random_moments_always_ends_within_5_s_leaving_nothing(
        tmp_path: Path) -> None:
    temp, out, err = tmp_path / "tmp", tmp_path / "out", tmp_path / "err"
    temp.mkdir()  # the builds' own temporary folder, where their spool folders go
    env = {**os.environ, "TMPDIR": str(temp)}

    def build(*more: str) -> subprocess.Popen[bytes]:
        return _start([sys.executable, "-m", "printkit", *_SMALL, "--out", str(out), *more],
                      err, env=env)

    # The output before each stop is a Letter kit; a build that completes adds the A4 one.
    assert _ended(build("--paper", "letter"), ENDS_WITHIN) == 0, err.read_text()
    before = _contents(out)
    shutil.copytree(out, tmp_path / "before")
    started = time.monotonic()
    assert _ended(build(), ENDS_WITHIN) == 0, err.read_text()
    took = time.monotonic() - started  # the moments are spread over a whole build
    complete = _contents(out)
    assert complete != before
    moments = random.Random(6).sample(range(1000), 30)
    for moment in (took * m / 1000 for m in moments):
        shutil.rmtree(out)
        shutil.copytree(tmp_path / "before", out)
        stopped = build()
        time.sleep(moment)
        stopped.send_signal(signal.SIGTERM)
        code = _ended(stopped, 5)
        said = f"SIGTERM {moment:.2f} s into the build: {err.read_text()}"
        # stopped (143), or ended by the signal before or after printkit handles it
        assert code in (0, 128 + signal.SIGTERM, -signal.SIGTERM), said
        assert not _left(stopped.pid), said
        assert not list(temp.iterdir()), said  # no spool folder, no lock
        assert not (out / LOCK_NAME).exists(), said
        assert _contents(out) in (before, complete), said


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX signals and process groups")
def test_a_killed_builds_workers_end_and_the_next_build_removes_its_spool_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    temp, out, err = tmp_path / "tmp", tmp_path / "out", tmp_path / "err"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp)}
    killed = _start([sys.executable, "-m", "printkit", *_SMALL, "--out", str(out)], err, env=env)
    _until(lambda: "\n[1/" in err.read_text() and len(_left(killed.pid)) > 1,
           "the build rendering in workers")
    killed.kill()  # the build alone, as the system's out-of-memory killer would
    _ended(killed, ENDS_WITHIN)
    spools = list(temp.glob(f"{SPOOL_PREFIX}*"))
    assert len(spools) == 1  # left by the killed build
    # its workers end with it, instead of waiting for a task for ever
    _until(lambda: not _left(killed.pid), "the killed build's workers ending")
    # a live build's spool folder: its owner waits on its standard input
    owner = subprocess.Popen([sys.executable, "-c", _LIVE_SPOOL], env=env, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert owner.stdout is not None
        live = Path(owner.stdout.readline().strip())
        monkeypatch.setattr(tempfile, "tempdir", str(temp))
        with Spool():
            assert not spools[0].exists()  # the dead build's folder is gone
            assert live.is_dir()  # the live one's stays
    finally:
        owner.communicate("", timeout=ENDS_WITHIN)
    assert not live.exists()  # removed by its owner on its way out
    assert list(temp.iterdir()) == []


#: A build's spool, held until standard input closes; prints its folder.
_LIVE_SPOOL = """
import sys
from printkit.output import Spool
with Spool() as spool:
    print(spool.new().parent, flush=True)
    sys.stdin.read()
"""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
def test_sigterm_while_rendering_stops_every_worker_and_leaves_nothing(tmp_path: Path) -> None:
    out, err = tmp_path / "out", tmp_path / "err"
    build = _start([sys.executable, "-m", "printkit", "build", "--jobs", "2",
                    "--no-previews", "--out", str(out)], err)
    workers: list[int] = []
    deadline = time.monotonic() + ENDS_WITHIN
    while True:  # wait until documents are being rendered in workers
        workers = _children(build.pid)
        if "\n[2/" in err.read_text() and workers:
            break
        if build.poll() is not None or time.monotonic() > deadline:
            _ended(build, 0)
            pytest.fail(f"the build never started rendering: {err.read_text()}")
        time.sleep(0.05)
    build.send_signal(signal.SIGTERM)
    code = _ended(build, ENDS_WITHIN)
    rest = err.read_text()
    assert code == 128 + signal.SIGTERM, rest
    assert "stopped by SIGTERM; nothing was written" in rest
    # the build reaps its workers before it ends: none is left, not even a zombie
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], workers
    left = [p.name for p in out.rglob("*")] if out.exists() else []
    assert not [n for n in left if n.endswith((".new", ".old", ".lock", ".swap"))], left
    assert not (list(out.rglob("*.pdf")) if out.exists() else [])  # nothing was written


#: A build whose workers die in the middle of their first result: ``half-sent`` writes
#: the start of the result into the pool's pipe and is killed (what the system's
#: out-of-memory killer does to a worker mid-send; the pool's own thread then waits for
#: the rest for ever), ``exit`` ends the worker at once, before any result.
_WORKERS_DIE = """
import os, signal, struct, sys
from concurrent.futures import process
from multiprocessing.reduction import ForkingPickler
from printkit.cli import main
from printkit.commands.build import pool
from printkit.commands.build.tasks import RenderDocument

pool.START_METHOD = "fork"  # so that the workers have what is changed below

def half_sent(result_queue, work_id, result=None, exception=None, exit_pid=None):
    data = ForkingPickler.dumps(process._ResultItem(work_id, exception, result, exit_pid))
    result_queue._wlock.acquire()  # as a put does: no other worker writes meanwhile
    os.write(result_queue._writer.fileno(), struct.pack("!i", len(data)) + data[:len(data) // 2])
    os.kill(os.getpid(), signal.SIGKILL)

if sys.argv[1] == "half-sent":
    process._sendback_result = half_sent  # forked workers inherit it
else:
    RenderDocument.run = lambda task, job: os._exit(3)
sys.exit(main(["build", "--game", "coraz-blizej-swieta", "--locale", "en", "--jobs", "2",
               "--no-previews", "--force", "--quiet", "--out", sys.argv[2]]))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the dying workers are forked")
@pytest.mark.parametrize(("how", "said"), [
    ("half-sent", "a worker process was killed by SIGKILL (out of memory?"),
    ("exit", "a worker process exited with code 3"),
])
def test_a_worker_that_dies_mid_build_is_one_line_error_never_a_hang(
        tmp_path: Path, how: str, said: str) -> None:
    out, err = tmp_path / "out", tmp_path / "err"
    build = _start([sys.executable, "-c", _WORKERS_DIE, how, str(out)], err)
    code = _ended(build, ENDS_WITHIN)
    lines = err.read_text().splitlines()
    assert code == 1, lines
    assert len(lines) == 1 and lines[0].startswith(f"printkit: error: {said}"), lines
    assert lines[0].endswith("before its task was done; nothing was written"), lines
    with contextlib.suppress(ProcessLookupError):  # no worker outlives it
        os.killpg(build.pid, 0)
        pytest.fail("a worker of the build is still running")
    assert not (list(out.rglob("*.pdf")) if out.exists() else [])


_SLOW_WRITE = """
import sys, time
from pathlib import Path
from printkit import output
from printkit.cli import main
real = output._stage
def stage(path, data, token):
    (Path(sys.argv[1]).parent / "writing").touch()  # the test's cue
    time.sleep(0.2)
    return real(path, data, token)
output._stage = stage
output.STAGING_THREADS = 1
sys.exit(main(["build", "--game", "polar-derby", "--locale", "en", "--no-previews",
               "--jobs", "1", "--quiet", "--out", sys.argv[1]]))
"""


def test_sigterm_while_writing_leaves_the_old_output_whole(tmp_path: Path) -> None:
    from printkit.cli import main
    from tests.conftest import snapshot

    out = tmp_path / "out"
    assert main(["build", "--game", "polar-derby", "--locale", "en", "--no-previews",
                 "--jobs", "1", "--quiet", "--out", str(out), "--force"]) == 0
    before = snapshot(out)
    # another paper, so that the build writes (new files beside the old ones)
    script = _SLOW_WRITE.replace('"--locale", "en"', '"--locale", "en", "--paper", "letter"')
    build = subprocess.Popen([sys.executable, "-c", script, str(out)],
                             stderr=subprocess.PIPE, text=True)
    cue = tmp_path / "writing"
    deadline = time.monotonic() + 60
    while not cue.exists():
        assert build.poll() is None and time.monotonic() < deadline, "never started writing"
        time.sleep(0.05)
    build.send_signal(signal.SIGTERM)
    assert build.wait(timeout=30) == 128 + signal.SIGTERM
    assert "stopped by SIGTERM" in (build.stderr.read() if build.stderr else "")
    assert snapshot(out) == before  # the old output, whole; nothing staged, no lock
