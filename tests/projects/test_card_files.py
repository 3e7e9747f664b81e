"""A new project's cards kept in a spreadsheet or a European CSV: the same printed cards,
a line saying what the build read, and an edit to the spreadsheet renders the deck again."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from printkit.cli import main
from tests.components.spreadsheets import write_ods, write_xlsx
from tests.support import reader, text

from .conftest import NAME, edit


def _build(out: Path, capsys: pytest.CaptureFixture) -> tuple[str, str]:
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en", "--out",
                 str(out)]) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


def _cards_text(out: Path) -> str:
    return text(reader(out / NAME / "en" / "cards-a4.pdf"))


def _rows(project: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO((project / "cards.csv").read_text(encoding="utf-8"),
                                       newline="")))


def test_a_semicolon_csv_with_bom_builds_the_cards_of_the_comma_csv(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    _, err = _build(project / "comma", capsys)
    assert "cards.csv:" not in err  # plain comma UTF-8: nothing to say
    comma = _cards_text(project / "comma")
    out = io.StringIO(newline="")
    csv.writer(out, delimiter=";", lineterminator="\r\n").writerows(_rows(project))
    (project / "cards.csv").write_bytes(b"\xef\xbb\xbf" + out.getvalue().encode("utf-8"))
    _, err = _build(project / "semicolon", capsys)
    assert "cards.csv: semicolon-separated, UTF-8 with BOM" in err.splitlines()
    assert _cards_text(project / "semicolon") == comma


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_spreadsheet_builds_the_cards_and_an_edit_renders_the_deck_again(
        project: Path, capsys: pytest.CaptureFixture, suffix: str) -> None:
    _build(project / "comma", capsys)
    comma = _cards_text(project / "comma")
    rows = _rows(project)
    write = write_xlsx if suffix == "xlsx" else write_ods
    write(project / f"cards.{suffix}", {"Cards": rows})
    (project / "cards.csv").unlink()
    edit(project / "game.toml", 'csv = "cards.csv"', f'csv = "cards.{suffix}"')
    out = project / "sheet"
    _, err = _build(out, capsys)
    assert f"cards.{suffix}: sheet 'Cards' (the first)" in err.splitlines()
    assert _cards_text(out) == comma
    assert "Avalanche" not in comma

    # The spreadsheet is the deck's input: a changed cell renders the deck again.
    write(project / f"cards.{suffix}",
          {"Cards": [[("Avalanche" if v == "Tailwind" else v) for v in row] for row in rows]})
    built, _ = _build(out, capsys)
    assert "rendered 0 document(s)" not in built
    assert "Avalanche" in _cards_text(out)
    built, _ = _build(out, capsys)
    assert "rendered 0 document(s)" in built
