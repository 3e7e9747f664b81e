"""printkit on a system without POSIX-only modules, its workers spawned as on Windows and
macOS: it imports, builds and locks its output folder, and writes the same bytes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.decks import make_deck
from printkit.commands.fingerprint import STORE_NAME
from tests.conftest import snapshot

#: Builds a project and a built-in game in a fresh interpreter where ``fcntl`` (and
#: ``msvcrt``) cannot be imported, with spawned workers when asked.
SCRIPT = """
import sys
sys.modules["fcntl"] = None  # import fcntl raises ImportError, as on Windows
sys.modules["msvcrt"] = None
from pathlib import Path

from printkit.commands.build import BuildOptions, build
from printkit.tools.project import load_project, selected

if __name__ == "__main__":
    method, project, out, jobs = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])
    with selected(load_project(project)):
        build(BuildOptions(locales=["en"], out=out / "project", jobs=jobs,
                           start_method=method))
    build(BuildOptions(games=["coraz-blizej-swieta"], locales=["pl"], out=out / "built-in",
                       jobs=jobs, previews=False, start_method=method))
    print("imported fcntl:", "fcntl" in sys.modules and sys.modules["fcntl"] is not None)
"""


def _run(method: str, project: Path, out: Path, jobs: int) -> str:
    done = subprocess.run([sys.executable, "-c", SCRIPT, method, str(project), str(out),
                           str(jobs)], capture_output=True, text=True, check=False,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def unstamped(name: str, data: bytes) -> bytes:
    """A file's bytes; the build store's without its stamps (see printkit.filestamps)."""
    if not name.endswith(STORE_NAME):
        return data
    saved = json.loads(data)
    saved.pop("stamps", None)
    return json.dumps(saved, sort_keys=True).encode()


@pytest.mark.slow
def test_spawned_workers_without_fcntl_write_what_forked_ones_do(tmp_path: Path) -> None:
    project = make_deck(tmp_path, 12, size=(150, 210))
    said = _run("spawn", project, tmp_path / "spawned", 2)
    assert "imported fcntl: False" in said
    _run("fork", project, tmp_path / "forked", 1)
    spawned, forked = snapshot(tmp_path / "spawned"), snapshot(tmp_path / "forked")
    # the store's stamps (what a build learnt of its files' times) are not its output
    assert {name: unstamped(name, data) for name, (data, _) in spawned.items()} == \
        {name: unstamped(name, data) for name, (data, _) in forked.items()}
    assert any(name.endswith("kit-a4.pdf") for name in spawned)
    assert not list((tmp_path / "spawned").rglob(".printkit.lock"))
