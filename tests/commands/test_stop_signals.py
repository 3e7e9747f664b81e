"""A stop signal (SIGTERM, what kill, systemd, Docker and CI send) ends a build as Ctrl-C
does: workers stopped, nothing staged or locked left behind, exit 143."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return stat[0] != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
def test_sigterm_while_rendering_stops_every_worker_and_leaves_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build = subprocess.Popen([sys.executable, "-m", "printkit", "build", "--jobs", "2",
                              "--no-previews", "--out", str(out)],
                             stderr=subprocess.PIPE, text=True)
    assert build.stderr is not None
    workers: list[int] = []
    deadline = time.monotonic() + 60
    for line in build.stderr:  # wait until documents are being rendered in workers
        workers = _children(build.pid)
        if line.startswith("[2/") and workers:
            break
        assert time.monotonic() < deadline, "the build never started rendering"
    build.send_signal(signal.SIGTERM)
    rest = build.stderr.read()
    assert build.wait(timeout=30) == 128 + signal.SIGTERM, rest
    assert "stopped by SIGTERM; nothing was written" in rest
    time.sleep(5)
    assert not [pid for pid in workers if _alive(pid)], workers
    left = [p.name for p in out.rglob("*")] if out.exists() else []
    assert not [n for n in left if n.endswith((".new", ".old", ".lock", ".swap"))], left
    assert not (list(out.rglob("*.pdf")) if out.exists() else [])  # nothing was written


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
