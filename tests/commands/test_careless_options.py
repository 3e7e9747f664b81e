"""Careless options and names: each one line and exit 2, or a build that still finishes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from printkit.cli import main


def test_an_empty_output_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["build", "--out", ""])
    assert stop.value.code == 2
    assert "--out: an empty folder name" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing written into the current folder


def test_a_huge_jobs_count_uses_as_many_processes_as_there_is_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["build", "--game", "polar-derby", "--locale", "en", "--no-previews",
                 "--jobs", "1000000", "--out", str(tmp_path)])
    err = capsys.readouterr()
    assert code == 0, err.err
    assert "--jobs 1000000:" in err.out + err.err
    assert (tmp_path / "polar-derby" / "en" / "kit-a4.pdf").is_file()


def test_a_project_name_with_quotes_writes_a_game_toml_that_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", 'q"q', "--dir", str(tmp_path)]) == 0
    folder = tmp_path / 'q"q'
    data = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    assert data["title"] == 'Q"q'
    compile((folder / "rules.py").read_text(encoding="utf-8"), "rules.py", "exec")
