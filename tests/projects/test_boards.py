"""A project's boards: `printkit check` measures each cell's label; `build` prints them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli import main

BOARD = """
[boards.field]
title = "Field"
grid = "square"
rows = 2
columns = 3
cell_mm = 12
labels = ["Pond", "Hill", "{third}"]
"""


def _add(project: Path, third: str) -> None:
    path = project / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + BOARD.format(third=third),
                    encoding="utf-8")


def test_check_names_the_board_and_cell_of_a_label_too_long(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    _add(project, "The very long meadow")
    assert main(["check"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["printkit: error: game.toml: boards.field: cell (row 1, column 3): label "
                   "'The very long meadow' does not fit the cell (10 mm for the label) even "
                   "at 6 pt"]


def test_a_board_whose_labels_fit_checks_and_builds(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    _add(project, "Wood")
    assert main(["check"]) == 0
    out = project / "out"
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en",
                 "--out", str(out)]) == 0
    pdfs = list(out.rglob("field-a4.pdf"))
    assert len(pdfs) == 1
    words = PdfReader(pdfs[0]).pages[0].extract_text()
    assert all(label in words for label in ("Pond", "Hill", "Wood"))


def test_a_boards_title_and_labels_are_catalog_entries_but_a_blank_label_is_none(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    path = project / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + BOARD.replace(
        '"{third}"', '""'), encoding="utf-8")
    assert main(["catalog", "extract"]) == 0
    pot = (project / "locales" / "printkit.pot").read_text(encoding="utf-8")
    assert 'msgid "Field"' in pot and 'msgid "Pond"' in pot and 'msgid "Hill"' in pot
    assert "boards.field.labels[2]" not in pot
    assert "Empty msgid" not in capsys.readouterr().err
