"""A deck's card file in every form a spreadsheet saves: the same cards as the comma CSV.

The sample's heroes.csv is written again as .xlsx, .ods, semicolon-, tab- and
comma-separated CSV with and without a byte-order mark; each gives the same cards and the
same printed card sheets. Bad input is one line naming the file and the cell.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from printkit.errors import DataErrors
from printkit.model.components import card_file_notes, load_deck
from printkit.model.components.csv_dialect import separator
from printkit.model.components.spreadsheets import cell_text
from tests.support import reader, without_sheet_labels

from .project import Project
from .spreadsheets import Error, write_ods, write_xlsx


def _rows(project: Project) -> list[list[str]]:
    text = (project.folder / "heroes.csv").read_text(encoding="utf-8")
    return list(csv.reader(io.StringIO(text, newline="")))


def _typed(rows: list[list[str]]) -> list[list[Any]]:
    """The rows as a spreadsheet holds them: numbers as numbers (a float where the cell
    is a whole number, as a spreadsheet stores it), empty cells as nothing."""
    def cell(value: str) -> Any:
        if value.isdigit():
            return float(value)
        return value or None

    return [rows[0], *([cell(v) for v in row] for row in rows[1:])]


def _csv(rows: list[list[str]], sep: str, bom: bool) -> bytes:
    out = io.StringIO(newline="")
    csv.writer(out, delimiter=sep, lineterminator="\r\n").writerows(rows)
    return (b"\xef\xbb\xbf" if bom else b"") + out.getvalue().encode("utf-8")


def _as_csv(sep: str, bom: bool) -> Callable[[Path, list[list[str]]], str]:
    def write(folder: Path, rows: list[list[str]]) -> str:
        (folder / "heroes.csv").write_bytes(_csv(rows, sep, bom))
        return "heroes.csv"
    return write


def _as_xlsx(folder: Path, rows: list[list[str]]) -> str:
    write_xlsx(folder / "heroes.xlsx", {"Cards": _typed(rows)})
    return "heroes.xlsx"


def _as_ods(folder: Path, rows: list[list[str]]) -> str:
    write_ods(folder / "heroes.ods", {"Cards": _typed(rows)})
    return "heroes.ods"


FORMS = {
    "comma, BOM": (_as_csv(",", True), "heroes.csv: comma-separated, UTF-8 with BOM"),
    "semicolon": (_as_csv(";", False), "heroes.csv: semicolon-separated, UTF-8"),
    "semicolon, BOM": (_as_csv(";", True), "heroes.csv: semicolon-separated, UTF-8 with BOM"),
    "tab": (_as_csv("\t", False), "heroes.csv: tab-separated, UTF-8"),
    "xlsx": (_as_xlsx, "heroes.xlsx: sheet 'Cards' (the first)"),
    "ods": (_as_ods, "heroes.ods: sheet 'Cards' (the first)"),
}


def _cards(project: Project) -> list[tuple[dict[str, Any], int]]:
    deck = load_deck(project.data(), "heroes", project.folder)
    return [(dict(card.values), card.count) for card in deck.cards]


def _printed(project: Project) -> list[str]:
    pdf = reader(project.render("heroes"))
    return [without_sheet_labels(page.extract_text()) for page in pdf.pages]


def _use(project: Project, name: str) -> None:
    if name != "heroes.csv":
        project.edit('csv = "heroes.csv"', f'csv = "{name}"')


@pytest.mark.parametrize("form", FORMS)
def test_every_form_gives_the_cards_and_sheets_of_the_comma_csv(project: Project,
                                                                form: str) -> None:
    comma = _cards(project)
    printed = _printed(project)
    assert len(comma) == 3 and any("Ana" in page for page in printed)
    assert card_file_notes(project.data(), project.folder) == []  # plain comma UTF-8
    rows = _rows(project)
    (project.folder / "heroes.csv").unlink()
    write, note = FORMS[form]
    _use(project, write(project.folder, rows))
    assert _cards(project) == comma
    assert _printed(project) == printed
    assert card_file_notes(project.data(), project.folder) == [note]


def test_a_bad_cell_in_a_spreadsheet_names_the_file_sheet_and_cell(project: Project) -> None:
    rows = _typed(_rows(project))
    rows[2][6] = "one"  # Ben's count
    write_xlsx(project.folder / "heroes.xlsx", {"Notes": [["not cards"]], "Cards": rows})
    project.edit('csv = "heroes.csv"', 'csv = "heroes.xlsx"\nsheet = "Cards"')
    with pytest.raises(DataErrors) as exc:
        load_deck(project.data(), "heroes", project.folder)
    assert exc.value.lines() == ["heroes.xlsx: sheet 'Cards', cell G3 (count): 'one' is not a "
                                 "whole number from 0 to 10,000"]


def test_a_sheet_the_spreadsheet_lacks_is_one_line_naming_it_and_the_sheets(
        project: Project) -> None:
    write_ods(project.folder / "heroes.ods", {"Cards": _typed(_rows(project)), "Notes": []})
    project.edit('csv = "heroes.csv"', 'csv = "heroes.ods"\nsheet = "Heroes"')
    with pytest.raises(DataErrors) as exc:
        load_deck(project.data(), "heroes", project.folder)
    assert exc.value.lines() == ["game.toml: decks.heroes.sheet: heroes.ods has no sheet "
                                 "'Heroes'; its sheets: Cards, Notes"]


def test_the_named_sheet_is_read_and_its_image_errors_name_its_cells(project: Project) -> None:
    rows = _typed(_rows(project))
    rows[1][5] = "images/missing.png"
    write_xlsx(project.folder / "heroes.xlsx", {"Old": [["name"], ["Zed"]], "Cards": rows})
    project.edit('csv = "heroes.csv"', 'csv = "heroes.xlsx"\nsheet = "Cards"')
    with pytest.raises(DataErrors) as exc:
        load_deck(project.data(), "heroes", project.folder)
    line, = exc.value.lines()
    assert line.startswith("heroes.xlsx: sheet 'Cards', cell F2 (art): image file "
                           "'images/missing.png'"), line


@pytest.mark.parametrize("first", [[["scratch"], ["Ana"]], []])
def test_cards_not_on_the_first_sheet_say_how_to_name_their_sheet(
        project: Project, first: list[list[str]]) -> None:
    rows = _typed(_rows(project))
    write_xlsx(project.folder / "heroes.xlsx", {"Notes": first, "Cards": rows})
    project.edit('csv = "heroes.csv"', 'csv = "heroes.xlsx"')
    with pytest.raises(DataErrors) as exc:
        load_deck(project.data(), "heroes", project.folder)
    lines = exc.value.lines()
    assert all(line.startswith("heroes.xlsx: ") for line in lines[:-1]), lines
    assert lines[-1] == ("game.toml: decks.heroes: heroes.xlsx: the first of its sheets "
                         "('Notes', 'Cards') was read; name the one with the cards, such as "
                         "sheet = 'Cards'")
    project.edit('csv = "heroes.xlsx"', 'csv = "heroes.xlsx"\nsheet = "Cards"')
    assert [c.count for c in load_deck(project.data(), "heroes", project.folder).cards] \
        == [2, 1, 3]


def test_a_sheet_named_for_a_csv_file_is_a_game_toml_error(project: Project) -> None:
    project.edit('csv = "heroes.csv"', 'csv = "heroes.csv"\nsheet = "Cards"')
    with pytest.raises(DataErrors) as exc:
        project.data()
    assert exc.value.lines() == ["game.toml: decks.heroes.sheet: names a sheet of a "
                                 "spreadsheet: give csv an .xlsx or .ods file"]


def test_a_file_that_is_not_a_spreadsheet_is_one_line(project: Project) -> None:
    (project.folder / "heroes.xlsx").write_bytes((project.folder / "heroes.csv").read_bytes())
    project.edit('csv = "heroes.csv"', 'csv = "heroes.xlsx"')
    with pytest.raises(DataErrors) as exc:
        load_deck(project.data(), "heroes", project.folder)
    line, = exc.value.lines()
    assert line.startswith("heroes.xlsx: cannot be read as a spreadsheet (") and \
        line.endswith("); save it again as .xlsx or .ods"), line


def test_csv_that_is_not_utf8_names_the_line_and_byte(project: Project) -> None:
    path = project.folder / "heroes.csv"
    raw = path.read_bytes()
    path.write_bytes(raw.replace(b"Skate", "Sk\xe5te".encode("cp1252")))
    with pytest.raises(DataErrors) as exc:
        load_deck(project.data(), "heroes", project.folder)
    at = raw.index(b"Skate") + 2
    assert exc.value.lines() == [f'heroes.csv: line 3: byte {at} is not UTF-8 text; save the '
                                 f'file as "CSV UTF-8"']


def test_a_semicolon_csv_with_commas_in_its_cells_keeps_them(project: Project) -> None:
    rows = _rows(project)
    (project.folder / "heroes.csv").write_bytes(_csv(rows, ";", False))
    texts = [card.values["text"] for card in
             load_deck(project.data(), "heroes", project.folder).cards]
    assert texts == [row[1] for row in rows[1:]]
    assert "Once per game, move one extra space." in texts


def test_spreadsheet_cells_are_the_text_a_csv_export_holds(project: Project) -> None:
    rows = _typed(_rows(project))
    rows[2][1] = datetime.date(2026, 1, 5)  # Ben's text: a date
    rows[3][2] = 2.5  # Cleo's power
    rows[1][6] = 2  # Ana's count: a whole number stored as such
    write_xlsx(project.folder / "heroes.xlsx", {"Cards": [[*r, None, None] for r in rows]})
    project.edit('csv = "heroes.csv"', 'csv = "heroes.xlsx"')
    cards = load_deck(project.data(), "heroes", project.folder).cards
    assert cards[1].values["text"] == "2026-01-05"
    assert cards[2].values["power"] == "2.5"
    assert [c.count for c in cards] == [2, 1, 3]


@pytest.mark.parametrize(("value", "text"), [
    (3.0, "3"), (0.25, "0.25"), (-2.0, "-2"), (7, "7"), ("", ""), (None, ""),
    (True, "TRUE"), (datetime.date(2026, 1, 5), "2026-01-05"),
    (datetime.datetime(2026, 1, 5), "2026-01-05"),
    (datetime.datetime(2026, 1, 5, 9, 30), "2026-01-05 09:30:00"),
    (datetime.time(9, 30), "09:30:00"), (" Ana ", " Ana "),
])
def test_cell_text(value: Any, text: str) -> None:
    assert cell_text(value) == text


@pytest.mark.parametrize(("text", "fields", "sep"), [
    ("name,text\nAna,a; b\n", ["name", "text"], ","),
    ("name;text\nAna;a, b\n", ["name", "text"], ";"),
    ("name\ttext\nAna\ta, b; c\n", ["name", "text"], "\t"),
    ('"name";"text"\n', ["name", "text"], ";"),
    ("\n\nname;count\n", ["name"], ";"),
    ("name\nAna; Ben\n", ["name"], ","),  # one column: ambiguous, comma as before
    ("nom;texte\n", ["name", "text"], ";"),  # wrong names: still the separator that splits
])
def test_the_separator_is_the_one_that_splits_the_header(text: str, fields: list[str],
                                                         sep: str) -> None:
    assert separator(text, fields) == sep


def test_an_error_cell_is_read_as_empty_and_named_if_required(project: Project) -> None:
    rows = _typed(_rows(project))
    rows[2][6] = Error("#DIV/0!")  # Ben's count: a formula that failed
    write_xlsx(project.folder / "heroes.xlsx", {"Cards": rows})
    project.edit('csv = "heroes.csv"', 'csv = "heroes.xlsx"')
    cards = load_deck(project.data(), "heroes", project.folder).cards
    assert [c.count for c in cards] == [2, 1, 3]  # an empty count: one copy, as in a CSV


def test_a_sheet_name_is_a_name_not_printed_text() -> None:
    from printkit.language.fonts import data_glyph_errors

    data = {"decks": {"heroes": {"sheet": "\U0001f0cf Cards", "title": "\U0001f0cf"}}}
    lines = [str(e) for e in data_glyph_errors(data, "game.toml", ["en"])]
    assert len(lines) == 1 and "decks.heroes.title" in lines[0], lines  # the title only


def test_a_stray_cell_far_beyond_the_cards_is_one_line_naming_it(project: Project) -> None:
    rows: list[list[Any]] = _typed(_rows(project))
    rows += [[] for _ in range(10_000 - len(rows))] + [[None, None, "stray"]]
    write_xlsx(project.folder / "heroes.xlsx", {"Cards": rows})
    project.edit('csv = "heroes.csv"', 'csv = "heroes.xlsx"')
    with pytest.raises(DataErrors) as exc:
        load_deck(project.data(), "heroes", project.folder)
    assert exc.value.lines() == ["heroes.xlsx: sheet 'Cards': has cells as far as row 10,001 "
                                 "and column G; a card list may reach row 10,000 and column "
                                 "CV: clear the cells beyond the cards"]
    write_xlsx(project.folder / "heroes.xlsx", {"Cards": rows[:-1]})  # up to row 10,000
    assert len(load_deck(project.data(), "heroes", project.folder).cards) == 3
