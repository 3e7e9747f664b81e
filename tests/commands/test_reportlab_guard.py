"""A ReportLab that printkit's reliances on its internals fail with, or that they were never
checked with, is refused at the start of a build or check: one line naming the version
and the reliance, exit code 1, nothing written. A printed kit never comes out of a
ReportLab that nobody checked."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.commands import fingerprint
from printkit.language import internals
from tests.conftest import GAME_ID


@pytest.fixture(autouse=True)
def _probed_again() -> Iterator[None]:
    """The probes' answer is kept per process: forgotten around each test, so that a
    ReportLab changed here is probed, and the real one again after."""
    internals._refused.cache_clear()
    yield
    internals._refused.cache_clear()


def _printed(out: Path) -> list[Path]:
    return sorted(out.rglob("*")) if out.exists() else []


def test_a_reportlab_never_checked_is_refused_in_one_line(tmp_path: Path) -> None:
    """As a user sees it: a real `printkit build` process whose ReportLab says 5.3.0."""
    out = tmp_path / "out"
    script = ("import sys, reportlab\nreportlab.Version = '5.3.0'\n"
              "from printkit.cli import main\nsys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run([sys.executable, "-c", script, "build", "--game", GAME_ID,
                           "--locale", "en", "--no-previews", "--out", str(out)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    low, high = internals.CHECKED
    assert line.startswith("printkit: error: ReportLab 5.3.0 is not one printkit was "
                           f"checked with ({'.'.join(map(str, low))} to "), line
    assert "reliances on ReportLab's internals" in line
    assert f'pip install "{internals.requirement()}"' in line
    assert _printed(out) == []


@pytest.mark.parametrize("command", [["build", "--game", GAME_ID, "--locale", "en",
                                      "--no-previews"], ["check"]])
def test_a_reliance_that_fails_is_named_with_the_version(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delattr(internals.frames.Frame, "_getAvailableWidth")
    out = tmp_path / "out"
    code = main([*command, *(["--out", str(out)] if command[0] == "build" else [])])
    captured = capsys.readouterr()
    assert code == 1 and captured.out == "", captured
    [line] = captured.err.splitlines()
    version = internals.reportlab.Version
    assert line.startswith("printkit: error: the reliance 'Frame._y, _y1p"), line
    assert f"(drawing/pagefit.py) fails with ReportLab {version};" in line
    assert _printed(out) == []


def test_an_unchecked_reportlab_with_a_failing_reliance_names_both(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(internals.reportlab, "Version", "3.6.13")
    monkeypatch.delattr(internals.frames.Frame, "_getAvailableWidth")
    line = internals.refusal()
    assert line is not None and "\n" not in line
    assert line.startswith("ReportLab 3.6.13 is not one printkit was checked with ("), line
    assert ("the reliance 'Frame._y, _y1p, _x1, _y1, _y2, _width, _height, _atTop, "
            "_getAvailableWidth' (drawing/pagefit.py) fails with ReportLab 3.6.13;") in line


def test_a_malformed_source_date_epoch_is_not_a_failed_probe(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every PDF document ReportLab makes reads SOURCE_DATE_EPOCH: a malformed one is the
    build's own usage error, and `printkit check` never reads it."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    assert internals.refusal() is None
    assert internals.os.environ["SOURCE_DATE_EPOCH"] == "yesterday"


def test_the_installed_reportlab_is_not_refused_and_the_probes_are_cheap() -> None:
    start = time.perf_counter()
    internals.require_checked_reportlab()
    first = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(100):
        internals.require_checked_reportlab()
    again = (time.perf_counter() - start) / 100
    assert first < 0.5, f"the probes took {first:.3f} s"  # about 0.01 s
    assert again < 0.001, f"the probes' answer is not kept: {again:.4f} s a call"


def test_a_changed_reportlab_never_takes_the_up_to_date_shortcut(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`printkit build` answers "up to date" without importing ReportLab (see
    printkit.commands.uptodate), so without probing it: safe only because the whole build's digest
    holds ReportLab's version, and a build with another one is never up to date."""
    real = fingerprint.metadata.version
    fingerprint.code_digest.cache_clear()
    before = fingerprint.code_digest()
    monkeypatch.setattr(fingerprint.metadata, "version",
                        lambda name: "5.3.0" if name == "reportlab" else real(name))
    fingerprint.code_digest.cache_clear()
    try:
        assert fingerprint.libraries()["reportlab"] == "5.3.0"
        assert fingerprint.code_digest() != before
    finally:
        monkeypatch.undo()
        fingerprint.code_digest.cache_clear()
    assert fingerprint.code_digest() == before


def test_the_readme_shows_the_refusal_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    [shown] = re.findall(r"^printkit: error: ReportLab (\S+) is not one ", readme, re.M)
    monkeypatch.setattr(internals.reportlab, "Version", shown)
    assert f"printkit: error: {internals.refusal()}" in readme.splitlines()
