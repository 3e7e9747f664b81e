"""Writing a build is all or nothing, whatever goes wrong while writing.

Faults are injected into the real write path (a rename that fails with a full
disk, Ctrl-C between two files) as well as made for real (a file where a
folder should be, a lock held by another build).
"""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import output
from printkit.errors import OutputError
from printkit.output import LOCK_NAME, commit, output_lock
from tests.conftest import snapshot


def files(out: Path, version: bytes, n: int = 6) -> dict[Path, bytes]:
    """``n`` files over two folders, their content naming the build."""
    return {out / ("a" if i % 2 else "b") / f"doc{i}.pdf": version + bytes([i])
            for i in range(n)}


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "out"
    commit(files(folder, b"old", 4))  # an earlier build: 4 of the 6 files exist
    return folder


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob(".*")]


def test_a_build_replaces_every_file_and_leaves_no_temporary_file(out: Path) -> None:
    new = files(out, b"new")
    assert commit(new, out) == list(new)
    assert {p: p.read_bytes() for p in new} == new
    assert leftovers(out) == []


@pytest.mark.parametrize("fail_at", [1, 2, 4, 6, 7])  # 7 renames: the journal, 6 in
def test_a_full_disk_at_any_rename_puts_every_file_back(out: Path, fail_at: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    before = snapshot(out)
    calls = {"n": 0}
    real = os.replace

    def replace(src, dst):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == fail_at:
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real(src, dst)

    monkeypatch.setattr(output.os, "replace", replace)
    with pytest.raises(OutputError, match="No space left on device"):
        commit(files(out, b"new"), out)
    monkeypatch.setattr(output.os, "replace", real)
    assert snapshot(out) == before
    assert leftovers(out) == []


def test_ctrl_c_while_writing_puts_every_file_back(out: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    before = snapshot(out)
    real = output._stage
    calls = {"n": 0}

    def stage(path, data, token):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(path, data, token)

    monkeypatch.setattr(output, "_stage", stage)
    with pytest.raises(KeyboardInterrupt):
        commit(files(out, b"new"), out)
    assert snapshot(out) == before
    assert leftovers(out) == []


def test_a_file_where_a_folder_should_be_changes_nothing(out: Path) -> None:
    (out / "c").write_bytes(b"in the way")
    before = snapshot(out)
    new = files(out, b"new") | {out / "c" / "doc.pdf": b"new"}
    with pytest.raises(OutputError, match="it is a file, not a folder"):
        commit(new, out)
    assert snapshot(out) == before


def test_a_failed_first_build_leaves_no_folder_behind(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "fresh"
    monkeypatch.setattr(output, "_stage", lambda *a: (_ for _ in ()).throw(
        OutputError("cannot write: disk full")))
    with pytest.raises(OutputError):
        commit(files(out, b"new"), out)
    assert not out.exists()


def test_a_second_build_into_the_same_folder_stops_naming_the_first(out: Path) -> None:
    before = snapshot(out)
    with output_lock(out):
        holder = (out / LOCK_NAME).read_text()
        assert str(os.getpid()) in holder
        # Another process tries to write the same folder while we hold the lock.
        code = ("import sys; from pathlib import Path; from printkit.output import commit\n"
                "from printkit.errors import OutputError\n"
                f"out = Path({str(out)!r})\n"
                "try:\n    commit({out / 'x.pdf': b'x'}, out)\n"
                "except OutputError as e:\n    print(e); sys.exit(3)\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert done.returncode == 3, done.stderr
        assert "is being written by" in done.stdout and str(os.getpid()) in done.stdout
    assert not (out / LOCK_NAME).exists()
    assert snapshot(out) == before


_KILLED_BUILD = """
import os, sys
from pathlib import Path
from printkit.output import commit
out, n = Path(sys.argv[1]), int(sys.argv[2])
files = {out / ("a" if i % 2 else "b") / f"doc{i}.pdf": b"new" + bytes([i]) for i in range(6)}
real, calls = os.replace, [0]
def replace(src, dst):
    calls[0] += 1
    if calls[0] == n:
        os._exit(137)  # as kill -9: no clean-up of any kind
    return real(src, dst)
os.replace = replace
commit(files, out)
"""


@pytest.mark.parametrize("kill_at", range(1, 9))  # the journal, 6 files, and after
def test_a_build_killed_at_any_rename_never_leaves_a_file_missing_or_a_mixed_set(
        out: Path, kill_at: int) -> None:
    import subprocess
    import sys

    before = snapshot(out)
    subprocess.run([sys.executable, "-c", _KILLED_BUILD, str(out), str(kill_at)], check=False)
    # at the kill, every published file is there: old or new, never missing
    assert all((out / name).is_file() for name in before)
    # the next build puts the folder right first: the whole old set or the whole new one
    output.recover(out)
    # (a kill leaves the lock file naming a dead holder: the next build takes the lock)
    now = {name: data for name, (data, _mtime) in snapshot(out).items()
           if name != output.LOCK_NAME}
    old = {name: data for name, (data, _mtime) in before.items()}
    new = {p.relative_to(out).as_posix(): data for p, data in files(out, b"new").items()}
    assert now in (old, new), (kill_at, now)
    assert leftovers(out) in ([], [".printkit.lock"]), leftovers(out)


def test_a_big_rendered_file_waits_on_disk_and_is_written_whole(tmp_path: Path) -> None:
    from printkit.output import Spool, Spooled

    big, small = bytes(range(256)) * 8192, b"small"  # 2 MB: kept on disk
    with Spool() as spool:
        kept, held = spool.keep(big), spool.keep(small)
        assert isinstance(kept, Spooled) and held == small
        folder = kept.path.parent
        out = tmp_path / "out"
        commit({out / "a.pdf": kept, out / "b.txt": held}, out)
    assert (out / "a.pdf").read_bytes() == big and (out / "b.txt").read_bytes() == small
    assert not folder.exists()  # the spool is gone with the build
    with pytest.raises(RuntimeError), Spool() as spool:
        folder = spool.keep(big).path.parent  # type: ignore[union-attr]
        raise RuntimeError("a failed build")
    assert not folder.exists()


def test_a_spool_sweep_removes_only_the_folders_of_builds_that_have_ended(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from printkit.output import SPOOL_LOCK, SPOOL_PREFIX, Spool, sweep_spools

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = tmp_path / f"{SPOOL_PREFIX}killed"  # a killed build's: its lock file, unheld
    dead.mkdir()
    (dead / SPOOL_LOCK).write_text("printkit build, process 1 on elsewhere\n")
    (dead / "1-0.part").write_bytes(b"%PDF")
    unknown = tmp_path / f"{SPOOL_PREFIX}unlocked"  # no lock file: nothing tells it is dead
    unknown.mkdir()
    elsewhere = tmp_path / "elsewhere"  # outside, through a link named as a spool folder
    elsewhere.mkdir()
    (elsewhere / SPOOL_LOCK).write_text("")
    (elsewhere / "keep").write_text("")
    with contextlib.suppress(OSError, NotImplementedError):  # links may need rights
        (tmp_path / f"{SPOOL_PREFIX}link").symlink_to(elsewhere, target_is_directory=True)
    with Spool() as live:  # a build starting sweeps first
        mine = live.new().parent
        assert not dead.exists()
        assert sweep_spools() == [] and mine.is_dir()  # a live build's folder stays
    assert not mine.exists()
    assert unknown.is_dir()
    assert (elsewhere / "keep").is_file() and (elsewhere / SPOOL_LOCK).is_file()


def test_a_spool_folder_swept_as_it_is_made_gives_way_to_another(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil
    import tempfile

    from printkit.output import SPOOL_LOCK, Spool

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    made: list[Path] = []
    lock = output.folder_lock

    def swept_first(folder: Path, name: str):  # type: ignore[no-untyped-def]
        made.append(folder)
        if len(made) == 1:  # another build's sweep removed it before this build locked it
            shutil.rmtree(folder)
        return lock(folder, name)

    monkeypatch.setattr(output, "folder_lock", swept_first)
    with Spool() as spool:
        assert len(made) == 2 and spool.new().parent == made[1]
        assert (made[1] / SPOOL_LOCK).is_file()
    assert list(tmp_path.iterdir()) == []


def test_a_spool_sweep_that_fails_never_fails_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from printkit.output import SPOOL_LOCK, SPOOL_PREFIX, Spool, Spooled, sweep_spools

    assert sweep_spools(tmp_path / "missing") == []
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    (tmp_path / f"{SPOOL_PREFIX}killed").mkdir()
    (tmp_path / f"{SPOOL_PREFIX}killed" / SPOOL_LOCK).write_text("")

    def fails(folder: Path) -> bool:
        raise PermissionError(errno.EACCES, "Permission denied", str(folder))

    monkeypatch.setattr(output, "_remove_abandoned", fails)
    with Spool() as spool:
        assert isinstance(spool.keep(bytes(Spool.FROM)), Spooled)  # the spool works


def test_without_a_system_lock_the_lock_file_itself_is_the_lock(
        out: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit import folderlock

    monkeypatch.setattr(folderlock, "_system_lock", lambda: None)
    out.mkdir(parents=True, exist_ok=True)
    with output_lock(out):
        assert str(os.getpid()) in (out / LOCK_NAME).read_text()
        with pytest.raises(OutputError, match=f"process {os.getpid()} .*remove"), \
                output_lock(out):
            pass
    assert not (out / LOCK_NAME).exists()
    with output_lock(out):  # free again
        pass
