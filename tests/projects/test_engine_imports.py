"""A project's rules.py may import modules beside it, without leaking them into the process."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.errors import DataErrors
from printkit.tools.project import load_engine

from .conftest import NAME, edit

#: The scaffold's die, moved into a module beside rules.py.
HELPERS = '"""Helpers of the rules engine."""\n\nFACES = range(1, 7)\n\n\n' \
          'def roll_order(players):\n    return list(range(players))\n'


def _split(project: Path, how: str) -> None:
    """Move ``FACES`` out of rules.py into helpers.py, imported ``how``."""
    (project / "helpers.py").write_text(HELPERS, encoding="utf-8")
    edit(project / "rules.py", "FACES = range(1, 7)", how)


def _clean(project: Path) -> None:
    """Nothing of the project stays importable once it is loaded."""
    assert "helpers" not in sys.modules
    assert str(project) not in sys.path and str(project.resolve()) not in sys.path


@pytest.mark.parametrize("how", ["from helpers import FACES, roll_order",
                                 "from . import helpers\nFACES = helpers.FACES",
                                 "from .helpers import FACES"])
def test_rules_py_imports_a_sibling_module(project: Path, how: str,
                                           capsys: pytest.CaptureFixture) -> None:
    _split(project, how)
    assert main(["check"]) == 0, capsys.readouterr().err
    assert "4 verified, 0 wrong" in capsys.readouterr().out
    _clean(project)


def test_an_error_in_a_sibling_module_names_its_file_and_line(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    _split(project, "from helpers import FACES")
    with (project / "helpers.py").open("a", encoding="utf-8") as fh:
        fh.write("LIMIT = 1 / 0\n")
    line = HELPERS.count("\n") + 1
    assert main(["check"]) == 2
    assert capsys.readouterr().err == (f"printkit: error: helpers.py:{line}: ZeroDivisionError: "
                                       f"division by zero (while loading the rules engine)\n")
    _clean(project)

    (project / "helpers.py").write_text("FACES = range(1, 7\n", encoding="utf-8")
    assert main(["check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("printkit: error: helpers.py:1: SyntaxError") and err.count("\n") == 1


def test_an_engine_bug_in_a_sibling_module_names_its_line(project: Path,
                                                          capsys: pytest.CaptureFixture
                                                          ) -> None:
    _split(project, "from helpers import FACES, roll_order")
    edit(project / "helpers.py", "    return list(range(players))", "    return players + None")
    edit(project / "rules.py", "    start = state.positions[player]",
         "    roll_order(len(state.positions))\n    start = state.positions[player]")
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert f"{NAME}  first-roll  WRONG" in out and "step 1: helpers.py:7: TypeError" in out, out


def _engine(folder: Path, value: str) -> Path:
    folder.mkdir()
    (folder / "helpers.py").write_text(f"VALUE = {value!r}\n", encoding="utf-8")
    (folder / "rules.py").write_text(
        "from helpers import VALUE\n\n\ndef setup(setup, rules, data):\n    return VALUE\n\n\n"
        "def play(state, step, data):\n    return state, []\n\n\n"
        "def observe(state):\n    return {'value': state}\n", encoding="utf-8")
    return folder / "rules.py"


def test_two_projects_in_one_process_each_import_their_own_helpers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Another module called helpers, imported before: set aside while a project loads.
    other = types.ModuleType("helpers")
    monkeypatch.setitem(sys.modules, "helpers", other)
    first = load_engine(_engine(tmp_path / "first", "one"))
    second = load_engine(_engine(tmp_path / "second", "two"))
    assert (first.VALUE, second.VALUE) == ("one", "two")
    assert sys.modules["helpers"] is other
    assert str(tmp_path / "first") not in sys.path and str(tmp_path / "second") not in sys.path
    # An edited helper is read again by the next load.
    (tmp_path / "first" / "helpers.py").write_text("VALUE = 'uno'\n", encoding="utf-8")
    assert load_engine(tmp_path / "first" / "rules.py").VALUE == "uno"


def test_a_missing_sibling_is_a_one_line_error(tmp_path: Path) -> None:
    rules = _engine(tmp_path / "game", "one")
    (tmp_path / "game" / "helpers.py").unlink()
    with pytest.raises(DataErrors) as exc:
        load_engine(rules)
    (line,) = exc.value.lines()
    assert line.endswith("rules.py:1: ModuleNotFoundError: No module named 'helpers' (while "
                         "loading the rules engine)"), line
