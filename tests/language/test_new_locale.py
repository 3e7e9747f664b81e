"""docs/translate.md walked through: a new locale starts empty, builds in English, then
changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli import main
from tests.conftest import GAME_ID
from tests.support import edit_catalog


@pytest.mark.full  # (builds a kit in a new locale: not in the fast loop)
def test_a_new_locale_builds_and_follows_its_translations(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "init", "it"]) == 0
    assert (locales_copy / "it" / "LC_MESSAGES" / "printkit.po").is_file()
    capsys.readouterr()

    assert main(["list"]) == 0
    assert "it" in capsys.readouterr().out.splitlines()[-1]

    assert main(["catalog", "coverage", "--locale", "it", "--fail-under", "100"]) == 1
    assert "it     coraz-blizej-swieta" in capsys.readouterr().out

    out = tmp_path / "out"
    build = ["build", "--game", GAME_ID, "--locale", "it", "--out", str(out)]
    assert main(build) == 0
    assert "warning: locale it: no translation for 'Christmas Eve'" in capsys.readouterr().err
    board = out / GAME_ID / "it" / "board-a4.pdf"
    assert "Christmas Eve" in PdfReader(board).pages[0].extract_text()
    assert main([*build, "--strict"]) == 1

    edit_catalog(locales_copy, "it", "Christmas Eve", string="Vigilia di Natale")
    assert main(build) == 0
    text = " ".join(PdfReader(board).pages[0].extract_text().split())
    assert "Vigilia di Natale" in text and "Christmas Eve" not in text
