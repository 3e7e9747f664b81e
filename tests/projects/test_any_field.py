"""Any text or number in a project's game.toml or CSV either builds or stops with exit 2
naming the file and key: never an internal error, never a traceback, and the previous
output stays byte-identical. (A larger campaign: tools/fuzz_projects.py.)"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.cli import main
from tests.conftest import snapshot

#: (key as the error names it, the line of game.toml that holds it, how it is written)
STRING_FIELDS = [
    ("title", r'^title = ".*"$', "title = {}"),
    ("subtitle", r'^subtitle = ".*"$', "subtitle = {}"),
    ("credit", r'^credit = ".*"$', "credit = {}"),
    ("decks.cards.title", r'^title = "Weather cards"$', "title = {}"),
]
NUMBER_FIELDS = [
    ("box.age", r"^age = \d+$", "age = {}"),
    ("box.minutes", r"^minutes = \d+$", "minutes = {}"),
    ("decks.cards.card.width_mm", r"width_mm = 63,", "width_mm = {},"),
    ("decks.cards.boxes[0].x_mm", r"^x_mm = 0$", "x_mm = {}"),
]

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
NUMBER = st.one_of(st.floats(allow_nan=True, allow_infinity=True),
                   st.integers(-10**30, 10**30))


@pytest.fixture(scope="module")
def built(scaffolded: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The new project, built once in English: each case starts from a copy of it."""
    folder = tmp_path_factory.mktemp("any-field") / scaffolded.name
    shutil.copytree(scaffolded, folder)
    assert main(["--project", str(folder), "build", "--locale", "en", "--no-previews",
                 "--jobs", "1", "--quiet", "--out", str(folder / "output")]) == 0
    return folder


def _case(built: Path, change: callable, capsys: pytest.CaptureFixture) -> None:  # type: ignore[valid-type]
    work = Path(tempfile.mkdtemp(prefix="any-field-"))
    try:
        folder = work / built.name
        shutil.copytree(built, folder)
        before = snapshot(folder / "output")
        where = change(folder)
        code = main(["--project", str(folder), "build", "--locale", "en", "--no-previews",
                     "--jobs", "1", "--quiet", "--out", str(folder / "output")])
        err = capsys.readouterr().err.strip().splitlines()
        assert code in (0, 2), err
        assert not any("internal error" in line or "Traceback" in line for line in err), err
        if code == 2:
            assert err and all(line.startswith("printkit: error: ") for line in err), err
            assert any(where in line for line in err), (where, err)
            assert snapshot(folder / "output") == before
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _rewrite(folder: Path, pattern: str, line: str) -> None:
    path = folder / "game.toml"
    text = path.read_text(encoding="utf-8")
    new, n = re.subn(pattern, line.replace("\\", "\\\\"), text, count=1, flags=re.M)
    assert n == 1, pattern
    path.write_text(new, encoding="utf-8")


def _field(field: tuple, written_value: str) -> callable:  # type: ignore[valid-type]
    """The change that writes ``written_value`` (TOML) into game.toml's ``field``."""
    _key, pattern, written = field

    def change(folder: Path) -> str:
        _rewrite(folder, pattern, written.format(written_value))
        return "game.toml"

    return change


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(STRING_FIELDS), value=TEXT)
def test_any_text_in_a_field_builds_or_names_the_field(built: Path,
                                                       capsys: pytest.CaptureFixture,
                                                       field: tuple, value: str) -> None:
    _case(built, _field(field, json.dumps(value, ensure_ascii=False)), capsys)


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(NUMBER_FIELDS), value=NUMBER)
def test_any_number_in_a_field_builds_or_names_the_field(built: Path,
                                                         capsys: pytest.CaptureFixture,
                                                         field: tuple, value: float) -> None:
    _case(built, _field(field, str(value).lower()), capsys)


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=TEXT)
def test_any_text_in_a_csv_cell_builds_or_names_the_line(built: Path,
                                                         capsys: pytest.CaptureFixture,
                                                         value: str) -> None:
    def change(folder: Path) -> str:
        path = folder / "cards.csv"
        quoted = '"' + value.replace('"', '""') + '"'
        path.write_text(path.read_text(encoding="utf-8").replace(
            "Move one space further after your roll.", quoted, 1), encoding="utf-8")
        return "cards.csv"

    _case(built, change, capsys)
