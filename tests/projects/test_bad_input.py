"""Bad input in a project: one line naming the file and where, exit 2, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main

from .conftest import edit


def _fails(capsys: pytest.CaptureFixture, out: Path, *args: str) -> str:
    """Run a build that must fail with exit 2; its error lines (each problem one line,
    every problem at once), joined."""
    assert main([*args, "build", "--jobs", "1", "--no-previews", "--locale", "en",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and all(line.startswith("printkit: error: ") for line in err), err
    assert not out.exists()
    return "\n".join(err)


def test_project_folder_without_game_toml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    line = _fails(capsys, tmp_path / "out", "--project", "empty")
    assert line.startswith("printkit: error: empty: no game.toml here")


def test_csv_columns_that_do_not_match(project: Path, capsys: pytest.CaptureFixture) -> None:
    edit(project / "cards.csv", "name,text,value", "name,txt,value")
    line = _fails(capsys, project / "out")
    assert "printkit: error: cards.csv: line 1, column 2 (txt): unknown column" in line


def test_missing_image_file(project: Path, capsys: pytest.CaptureFixture) -> None:
    edit(project / "game.toml", 'symbol = "snowflake"\nsymbol_colour',
         'image = "art/back.png"\nsymbol = "snowflake"\nsymbol_colour')
    line = _fails(capsys, project / "out")
    assert "decks.cards.back.image" in line and "art/back.png" in line


def test_box_outside_the_safe_zone(project: Path, capsys: pytest.CaptureFixture) -> None:
    edit(project / "game.toml", "x_mm = 6\ny_mm = 60", "x_mm = 1\ny_mm = 60")
    line = _fails(capsys, project / "out")
    assert line.startswith("printkit: error: game.toml: decks.cards.boxes[4]: box 'text'")
    assert "safe zone" in line


def test_rules_py_that_raises_while_loading(project: Path,
                                            capsys: pytest.CaptureFixture) -> None:
    rules = project / "rules.py"
    lines = rules.read_text(encoding="utf-8").splitlines()
    rules.write_text("\n".join([*lines, "LIMIT = 1 / 0"]) + "\n", encoding="utf-8")
    line = _fails(capsys, project / "out")
    assert line == (f"printkit: error: rules.py:{len(lines) + 1}: ZeroDivisionError: "
                    f"division by zero (while loading the rules engine)")
    assert main(["check"]) == 2  # check, list and catalog stop the same way


def test_rules_py_with_a_syntax_error(project: Path, capsys: pytest.CaptureFixture) -> None:
    edit(project / "rules.py", "def observe(state: State)", "def observe(state: State")
    line = _fails(capsys, project / "out")
    assert line.startswith("printkit: error: rules.py:") and "SyntaxError" in line


def test_an_engine_bug_names_the_line_and_the_example(project: Path,
                                                      capsys: pytest.CaptureFixture) -> None:
    edit(project / "rules.py", "    start = state.positions[player]",
         "    start = state.positions[player] + None")
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "first-roll  WRONG" in out and "step 1: rules.py:" in out and "TypeError" in out
