"""Polar Derby's printed documents: rink, bear tokens, dice nets and score sheet.
(Each sheet's page and the card pages' boxes: tests/games/test_sheets.py.)"""

from __future__ import annotations

import copy
import re
from typing import Any

import pypdfium2
import pytest

from printkit.errors import DataErrors
from printkit.games.polar_derby.data import SCHEMA
from printkit.games.polar_derby.dice import render_dice
from printkit.games.polar_derby.tokens import render_tokens
from printkit.geometry import MM, PAPERS, CardSize, card_grid
from printkit.model.game import RenderContext
from printkit.schema import read_toml, validate
from tests.games.benches import PAPER_IDS, POLAR_DERBY
from tests.support import (
    reader,
    without_sheet_labels,
)
from tests.support import text as support_text

GAME_TOML = POLAR_DERBY.game_toml
BENCH = POLAR_DERBY


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return BENCH.data()


def context(data: dict[str, Any], doc: str, paper: str = "a4") -> RenderContext:
    return BENCH.context(data, doc, paper)


def built(data: dict[str, Any], doc: str, paper: str) -> bytes:
    return BENCH.built(data, doc, paper)


def text(pdf: bytes) -> str:
    return without_sheet_labels(support_text(reader(pdf)))


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_rink_and_score_sheet_name_every_colour_and_value(data, paper):
    for doc in ("rink", "score-sheet"):
        found = text(built(data, doc, paper))
        for colour in data["colours"]:
            assert colour["name"] in found, (doc, colour["name"])
        numbers = set(re.findall(r"\d+", found))
        assert {str(c["value"]) for c in data["colours"]} <= numbers, doc
    rink = text(built(data, "rink", paper))
    assert "Polar Derby" in rink
    assert "5 points" in rink and "1 point" in rink
    sheet = text(built(data, "score-sheet", paper))
    assert "White 1, Blue 2, Green 3, Pink 4, Orange 5" in sheet
    for n in range(1, data["players"]["max"] + 1):
        assert f"Game {n}" in sheet and f"Player {n}" in sheet
    assert "Total" in sheet


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_dice_nets_have_free_skate_glue_tabs_and_instructions(data, paper):
    found = text(built(data, "dice", paper))
    assert found.count("Free Skate") == 2  # one face on each die
    assert found.splitlines().count("glue") == 2 * 7  # seven tabs per net
    assert "Cut along solid lines, fold along dashed lines" in found


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_one_token_per_bear(data, paper):
    """(The token sheets' pages and boxes: see tests/games/test_sheets.py.)"""
    count = sum(c["bears"] for c in data["colours"])
    assert count == 25
    values = re.findall(r"\d+", text(built(data, "bear-tokens", paper)))
    assert sorted(values) == sorted(str(c["value"]) for c in data["colours"]
                                    for _ in range(c["bears"]))


def test_changing_a_value_in_the_data_changes_the_tokens(data):
    changed = copy.deepcopy(data)
    orange = next(c for c in changed["colours"] if c["id"] == "orange")
    orange["value"] = 12
    values = re.findall(r"\d+", text(render_tokens(context(changed, "bear-tokens"))))
    assert values.count("12") == orange["bears"]
    assert "5" not in values


def test_more_bears_mean_more_token_pages(data):
    changed = copy.deepcopy(data)
    for colour in changed["colours"]:
        colour["bears"] = 28
    grid = card_grid(PAPERS["a4"], CardSize(25, 25, "circle"), count=140)
    pdf = reader(render_tokens(context(changed, "bear-tokens")))
    assert grid.per_page == 70  # 7 × 10 round 25 mm tokens, 3 mm apart, inside a 6 mm margin
    assert len(pdf.pages) == grid.pages(140) == 2


def test_rink_keeps_ten_millimetres_clear_of_the_paper_edge(data):
    dpi = 36
    page = pypdfium2.PdfDocument(built(data, "rink", "a4"))[0]
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    width, height = image.size
    edge = int(10 * MM * dpi / 72) - 1
    pixels = image.load()
    for x in range(width):
        for y in range(height):
            if x < edge or y < edge or x >= width - edge or y >= height - edge:
                assert pixels[x, y] == 255, (x, y)


def test_large_die_faces_put_one_net_on_each_page(data):
    changed = copy.deepcopy(data)
    changed["print"]["die_face_mm"] = 45
    pdf = reader(render_dice(context(changed, "dice")))
    assert len(pdf.pages) == 2
    assert text(render_dice(context(changed, "dice"))).count("Free Skate") == 2


def test_dice_need_exactly_five_colours():
    # The file as written (validated data has every optional key filled in).
    changed = read_toml(GAME_TOML)
    changed["colours"] = changed["colours"][:4]
    with pytest.raises(DataErrors, match="6 faces"):
        validate(changed, SCHEMA, "game.toml")


def test_a_one_sided_token_sheet_is_a_sheet_not_fronts(data):
    label = reader(render_tokens(context(data, "bear-tokens"))).pages[0].extract_text()
    assert "Bear tokens · sheet 1 of 1 · A4 · home layout" in " ".join(label.split())
    assert "fronts" not in label
