"""The built-in games' score sheets are data-driven score sheets: what a player gets from them.

Polar Derby's, Yeti Slalom's and Pick-a-Polar Bear's score sheets are
``[sheets.score-sheet]`` in their game.toml, drawn by the score-sheet kind of
:mod:`printkit.model.components`; the games' own code only adds pictures and the
numbers their texts quote. Each must still build in every layout, on its page
size, in Polish, with every heading and label translated and every font
embedded. (When the sheets moved, their renders were compared with the old
code's, page by page, as images.)
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import Any

import pytest

from printkit import games
from printkit.errors import DataError, DataErrors
from printkit.geometry import DEFAULT_SPEC, PAPERS
from printkit.language.translations import MINUS, Localizer
from printkit.model.components import component_msgids
from printkit.model.components.scoresheet import render_sheet
from printkit.model.game import RenderContext
from printkit.tools.extract import extract_toml
from tests.support import embedded_fonts, reader, text, without_sheet_labels

from .project import Project

#: game id -> the sheet's id and whether it is landscape.
MOVED = {
    "polar-derby": ("score-sheet", False),
    "yeti-slalom": ("score-sheet", False),
    "pick-a-polar-bear": ("score-sheet", True),
}


@functools.cache
def _data(game_id: str) -> dict[str, Any]:
    return games.get(game_id).load_data()


def render(game_id: str, locale: str = "pl", paper: str = "a4", layout: str = "home",
           ink_saver: bool = False) -> bytes:
    game = games.get(game_id)
    doc, _landscape = MOVED[game_id]
    spec = dataclasses.replace(DEFAULT_SPEC, layout=layout, ink_saver=ink_saver)
    ctx = RenderContext(game=game, data=_data(game_id), examples={},
                        localizer=Localizer.for_locale(locale), paper=PAPERS[paper],
                        document=doc, spec=spec)
    return game.document(doc).render(ctx)


def words(pdf: bytes) -> str:
    """The page's text, lines joined: wrapped texts read as one."""
    return " ".join(without_sheet_labels(text(reader(pdf))).split())


@pytest.mark.parametrize("game_id", list(MOVED))
@pytest.mark.parametrize(("paper", "layout", "ink_saver"), [
    ("a4", "home", False), ("a4", "shop", True), ("letter", "fold", False)])
def test_each_sheet_builds_on_one_page_of_its_size_with_fonts_embedded(
        game_id: str, paper: str, layout: str, ink_saver: bool) -> None:
    pdf = reader(render(game_id, paper=paper, layout=layout, ink_saver=ink_saver))
    _doc, landscape = MOVED[game_id]
    size = PAPERS[paper].landscape_size if landscape else PAPERS[paper].size
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.5)
    fonts = embedded_fonts(pdf)
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= fonts
    assert all(name.startswith("DejaVu") for name in fonts), fonts


def _translated(loc: Localizer, msgid: str, **values: Any) -> str:
    out = loc.gettext(msgid)
    assert msgid not in loc.missing, f"{msgid!r} has no Polish translation"
    return out % {k: loc.number(v) for k, v in values.items()}


def test_polar_derby_sheet_is_in_polish() -> None:
    loc = Localizer.for_locale("pl")
    found = words(render("polar-derby"))
    players = _data("polar-derby")["players"]["max"]
    for n in range(1, players + 1):
        assert _translated(loc, "Game %(number)s", number=n) in found
        assert _translated(loc, "Player %(number)s", number=n) in found
    for msgid in ("Score sheet for the long game", "Name", "Total", "points", "bears"):
        assert _translated(loc, msgid) in found, msgid
    # The note quotes every colour's value, in Polish.
    first = _data("polar-derby")["colours"][0]
    assert f"{loc.gettext(first['name'])} {loc.number(first['value'])}" in found


def test_yeti_slalom_sheet_is_in_polish_with_a_row_per_finish_space() -> None:
    loc = Localizer.for_locale("pl")
    found = words(render("yeti-slalom"))
    data = _data("yeti-slalom")
    multipliers = data["finish"]["multipliers"]
    for n in range(1, len(multipliers) + 1):
        assert _translated(loc, "Finish space %(number)s", number=n) in found
    for m in set(multipliers):
        assert found.count(f"×{m} =") == data["players"]["max"] * multipliers.count(m)
    for msgid in ("Score sheet", "Captain", "Later finishers", "your own, each at its value",
                  "Knocked off", "Total"):
        assert _translated(loc, msgid) in found, msgid
    assert _translated(loc, "Team (circle one)").split()[0] in found


def test_pick_a_polar_bear_sheet_is_in_polish_with_parts_per_player() -> None:
    loc = Localizer.for_locale("pl")
    found = words(render("pick-a-polar-bear"))
    players = _data("pick-a-polar-bear")["players"]["max"]
    for msgid in ("Cards", "Bonus", "Penalty"):
        assert found.count(_translated(loc, msgid)) >= players, msgid
    for n in (1, 10):
        assert _translated(loc, "Round %(number)s", number=n) in found
    assert _translated(loc, "Round %(number)s", number=11) not in found
    for msgid in ("Name", "Total", "Score"):
        assert _translated(loc, msgid) in found, msgid
    assert MINUS in found  # the note's "cards + bonus − penalty"


#: Strings only the score sheet prints: now in game.toml, no longer in the game's code.
SHEET_STRINGS = {
    "polar-derby": ("Score sheet for the long game", "Player %(number)s", '"points"',
                    '"bears"', "Game %(number)s"),
    "yeti-slalom": ("Finish space", "Later finishers", "Knocked off", "Team (circle one)",
                    "Captain"),
    "pick-a-polar-bear": ('"Cards"', '"Bonus"', '"Penalty"', "Score = cards",
                          "Player %(number)s"),
}


@pytest.mark.parametrize("game_id", list(MOVED))
def test_the_game_code_only_adds_pictures(game_id: str) -> None:
    """The document is the data-driven kind's; no game module draws a score sheet itself."""
    game = games.get(game_id)
    render_fn = game.document("score-sheet").render
    assert isinstance(render_fn, functools.partial) and render_fn.func is render_sheet
    assert render_fn.keywords["component_id"] == "score-sheet"
    module = inspect.getmodule(render_fn.keywords["art"].header)
    assert module is not None
    assert not hasattr(module, "render_score_sheet")
    source = inspect.getsource(module)
    for drawn in SHEET_STRINGS[game_id]:
        assert drawn not in source, (module.__name__, drawn)
    if game_id != "pick-a-polar-bear":  # pick's module still draws the solo sheet
        assert "new_canvas" not in source


@pytest.mark.parametrize("game_id", list(MOVED))
def test_every_string_of_the_sheet_is_extracted_with_a_note_for_translators(
        game_id: str) -> None:
    path = games.get(game_id).data_file
    with path.open("rb") as fh:
        found = {msgid: notes for _line, _fn, msgid, notes in
                 extract_toml(fh, None, ("TRANSLATORS:",), {})}
    for msgid, _where in component_msgids(_data(game_id), path.parent):
        if msgid == "Score sheet":
            continue  # the document title, also in the game's Python
        assert msgid in found, msgid
        assert any(note.startswith("TRANSLATORS:") for note in found[msgid]), msgid


# --- the detailed form in a project -------------------------------------------------------

DETAILED = '''
[players]
max = 3

[rules]
bonus = [5, 3, 1]

[sheets.detailed]
title = "Detailed sheet"
label_mm = 30
per_player = true
parts = [{ label = "Gold" }, { label = "Silver" }]

[[sheets.detailed.texts]]
top_mm = 0
height_mm = 12
size = 20
bold = true

[[sheets.detailed.texts]]
text = "Write each race in its row."
top_mm = 13
height_mm = 8

[[sheets.detailed.row]]
label = "Name"
height_mm = 14
merge = true
text = "Player %(number)s"

[[sheets.detailed.row]]
heads = true
height_mm = 7

[[sheets.detailed.row]]
label = "Race %(number)s (+%(value)s)"
each = "rules.bonus"
box = { label = "laps" }

[[sheets.detailed.row]]
label = "Total"
subtitle = "both parts"
fill = "#dde7f0"
outline = 1.6
'''


def _detailed(project: Project, extra: str = "") -> None:
    path = project.folder / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + DETAILED + extra, encoding="utf-8")


def _with_players(project: Project) -> dict[str, Any]:
    import tomllib

    from printkit.model.components import COMPONENTS
    from printkit.schema import Array, Table, Value, validate

    schema = Table({"title": Value(str), "players": Table({"max": Value(int)}),
                    "rules": Table({"bonus": Array(Value(int))}), **COMPONENTS})
    raw = tomllib.loads((project.folder / "game.toml").read_text(encoding="utf-8"))
    return validate(raw, schema, "game.toml")


def test_a_project_sheet_in_the_detailed_form(project: Project) -> None:
    _detailed(project)
    data = _with_players(project)
    found = words(project.render("detailed", data=data))
    for expected in ("Snow Sample", "Write each race in its row.", "Player 1", "Player 3",
                     "Gold", "Silver", "Race 1 (+5)", "Race 3 (+1)", "laps", "Total",
                     "both parts"):
        assert expected in found, expected
    assert "Player 4" not in found and "Race 4" not in found
    msgids = {m for m, _w in component_msgids(data, project.folder)}
    assert {"Write each race in its row.", "Gold", "Silver", "Player %(number)s",
            "Race %(number)s (+%(value)s)", "laps", "both parts"} <= msgids


def test_the_detailed_form_needs_a_list_of_numbers_for_each(project: Project) -> None:
    _detailed(project)
    data = _with_players(project)
    data["sheets"]["detailed"]["row"][2]["each"] = "rules.nothing"
    with pytest.raises(DataError, match=r"sheets.detailed.row\[2\].each: 'rules.nothing' is "
                                        r"not a list of numbers"):
        project.render("detailed", data=data)


def test_a_column_per_player_needs_the_most_players(project: Project) -> None:
    _detailed(project)
    data = _with_players(project)
    del data["players"]
    with pytest.raises(DataError, match=r"per_player needs the most players"):
        project.render("detailed", data=data)


def test_the_two_forms_do_not_mix(project: Project) -> None:
    path = project.folder / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[[sheets.score.row]]\nlabel = "A"\n',
                    encoding="utf-8")
    with pytest.raises(DataErrors, match=r"sheets.score.columns: give the rows either as "
                                         r"\[\[row\]\] tables or"):
        project.data()
