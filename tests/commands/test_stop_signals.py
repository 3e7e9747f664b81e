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
