"""Yeti Slalom's printed documents: the tiled board, three kinds of cards and the score sheet.
(Each sheet's page and the card pages' boxes: tests/games/test_sheets.py.)"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from printkit.drawing.layout.seams import tile_plan
from printkit.games.yeti_slalom.board import MARGIN_MM, OVERLAP_MM, Geometry
from printkit.games.yeti_slalom.cards import (
    render_cards,
    snowboarder_cards,
    yeti_cards,
)
from printkit.geometry import PAPERS, PrintSpec, mm
from tests.games.benches import PAPER_IDS, YETI_SLALOM
from tests.support import (
    page_sizes,
    page_texts,
    printed_lines,
    reader,
)

BENCH = YETI_SLALOM
RENDERERS = BENCH.renderers


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return BENCH.data()


def built(data: dict[str, Any], doc: str, paper: str) -> bytes:
    return BENCH.built(data, doc, paper)


def board_plan(data: dict[str, Any], paper: str):
    """The board's sheets as the board module plans them: seams on lines between spaces."""
    geo = Geometry(data)
    return tile_plan(geo.width, geo.height, PAPERS[paper], OVERLAP_MM, MARGIN_MM,
                     seams=geo.seam_lines())


# --- board -------------------------------------------------------------------------------

def test_the_board_is_drawn_at_playing_size(data):
    geo = Geometry(data)
    space = mm(data["print"]["space_mm"])
    assert geo.space(1, 1).width == pytest.approx(space)
    assert geo.course.width == pytest.approx(data["course"]["columns"] * space)
    assert geo.course.height == pytest.approx(data["course"]["rows"] * space)
    # Green Yetis on the left edge, red ones on the right, level with their row.
    for yeti in data["yetis"]:
        row = yeti["row"]
        assert geo.yeti(row, "green").right < geo.space(row, 1).x
        assert geo.yeti(row, "red").x > geo.space(row, data["course"]["columns"]).right
        assert geo.yeti(row, "green").y == pytest.approx(geo.space(row, 1).y)
    # The finish spaces lie below the last row.
    last = geo.space(data["course"]["rows"], 1)
    assert all(geo.finish(i).top < last.y for i in range(len(data["finish"]["multipliers"])))


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_the_board_is_split_across_labelled_sheets(data, paper):
    plan = board_plan(data, paper)
    assert len(plan.tiles) > 1
    pdf = built(data, "board", paper)
    assert page_sizes(pdf) == [pytest.approx(plan.page_size, abs=0.5)] * len(plan.tiles)
    # The sheet label is in the caption band, so read the pages with their labels.
    texts = [" ".join((page.extract_text() or "").split()) for page in reader(pdf).pages]
    total = len(plan.tiles)
    for text, tile in zip(texts, plan.tiles, strict=True):
        assert tile.name in text
        assert f"Yeti Slalom · Board · sheet {tile.index + 1} of {total} · {PAPERS[paper].name}" \
            in text
        for side, other in plan.neighbours(tile):
            assert (f"Glue sheet {other.name} here" in text) == (side in ("right", "down"))


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_the_board_shows_yetis_start_rows_and_finish(data, paper):
    text = " ".join(page_texts(built(data, "board", paper)))
    assert data["title"] in text
    for yeti in data["yetis"]:
        # Each name is on a green and a red space, and may also be cut by a seam.
        assert text.count(yeti["name"]) >= 2, yeti["name"]
    assert "Start" in text and "Finish" in text
    for multiplier in set(data["finish"]["multipliers"]):
        assert f"×{multiplier}" in text
    assert "throw to the right" in text and "throw to the left" in text


# --- cards -------------------------------------------------------------------------------

def card_kinds(data: dict[str, Any]) -> list[int]:
    return [len(yeti_cards(data)), len(snowboarder_cards(data)), data["cards"]["snowballs"]]


def test_the_decks_hold_every_card(data):
    yetis = yeti_cards(data)
    assert len(yetis) == 20
    for yeti in data["yetis"]:
        for side in ("green", "red"):
            assert yetis.count((yeti, side)) == data["cards"]["yeti_copies"]
    boarders = snowboarder_cards(data)
    assert len(boarders) == 20
    assert {(t["id"], v) for t, v in boarders} == {
        (t["id"], v) for t in data["teams"] for v in (1, 2, 3, 4)}
    assert card_kinds(data) == [20, 20, 16]


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_cards_show_names_values_and_backs_by_kind(data, paper):
    texts = page_texts(built(data, "cards", paper))
    fronts, backs = texts[0::2], texts[1::2]
    all_fronts, all_backs = " ".join(fronts), " ".join(backs)
    copies = data["cards"]["yeti_copies"]
    for yeti in data["yetis"]:
        assert all_fronts.count(yeti["name"]) == 2 * copies, yeti["name"]
    assert all_fronts.count("Green Yeti, throws to the right") == len(data["yetis"]) * copies
    assert all_fronts.count("Red Yeti, throws to the left") == len(data["yetis"]) * copies
    for team in data["teams"]:
        assert all_fronts.count(team["name"]) == len(data["snowboarders"]["values"])
    assert all_fronts.count("Snowball") == data["cards"]["snowballs"]
    # Each kind has one back for every card; no back tells a team, a value or a side.
    yetis, boarders, snowballs = card_kinds(data)
    assert all_backs.count(data["title"]) == yetis + snowballs
    assert all_backs.count("Snowboarder") == 20
    assert all_backs.count("Snowball") == data["cards"]["snowballs"]
    for word in [t["name"] for t in data["teams"]] + ["Green", "Red", "Row"]:
        assert word not in all_backs, word


def test_print_shop_a4_sheets_hold_sixteen_mini_cards_and_name_themselves(data):
    """On A4 in the print-shop layout a sheet holds 4 × 4 mini cards (41 × 63 mm, 47 × 69
    mm with bleed) with 3.5 mm crop marks, not 4 × 3 and a 90 mm band: the 36 Yeti and
    snowball cards fill two sheets and a part of a third, where they filled three. Each
    sheet still names itself, its label between the crop marks."""
    ctx = replace(BENCH.context(data, "cards", "a4"), spec=PrintSpec(layout="shop"))
    pdf = reader(render_cards(ctx))
    fronts = [page.extract_text() or "" for page in pdf.pages][0::2]
    assert [f.count("Row") for f in fronts] == [16, 4, 0, 0]
    assert [f.count("Snowball") for f in fronts] == [0, 12, 4, 0]
    assert len(pdf.pages) == 8  # three sheets of mini cards, one of snowboarders
    for number, page in enumerate(pdf.pages):
        sheet = number // 2 + 1 if number < 6 else 1
        side = "backs" if number % 2 else "fronts"
        assert f"{side} {sheet}/" in (page.extract_text() or ""), number


# --- score sheet -------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPER_IDS)
def test_score_sheet_has_a_column_per_captain_and_a_row_per_way_to_score(data, paper):
    (text,) = page_texts(built(data, "score-sheet", paper))  # (its page: test_sheets.py)
    captains = data["players"]["max"]
    multipliers = data["finish"]["multipliers"]
    for i, _m in enumerate(multipliers):
        assert f"Finish space {i + 1}" in text
    for m in set(multipliers):
        assert text.count(f"×{m} =") == captains * multipliers.count(m)
    for label in ("Captain", "Team (circle one)", "Later finishers", "Knocked off", "Total"):
        assert label in text, label


def test_a_snowboarder_card_fits_on_a_course_space(data):
    assert data["print"]["snowboarder_mm"] <= data["print"]["space_mm"]


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_no_board_seam_crosses_a_space_or_the_title(data, paper):
    geo = Geometry(data)
    plan = board_plan(data, paper)
    xs, ys = plan.seams
    assert xs and ys  # the board is tiled both ways on this paper
    for space in geo.spaces():
        for x in xs:
            assert not space.x + 1e-6 < x < space.right - 1e-6, (x, space)
        for y in ys:
            assert not space.y + 1e-6 < y < space.top - 1e-6, (y, space)
    title = geo.title_box(xs)
    assert not any(title.x < x < title.right for x in xs)
    # The sheet windows still cover the whole board, each within the printable area.
    assert plan.tiles[0].window.x == 0 and plan.tiles[-1].window.right == pytest.approx(geo.width)
    for tile in plan.tiles:
        assert plan.area.contains(plan.page_window(tile))


def test_a_team_name_too_long_for_one_line_prints_on_two_in_a_taller_banner(data):
    """Read back from the cards' PDF: the name wraps at 7 pt or more (the banner grows, the
    animal above makes room), and no line of the page touches another."""
    long = {**data, "teams": [{**data["teams"][0], "name": "Snow Beavers Team"},
                              *data["teams"][1:]]}
    pdf = RENDERERS["cards"](BENCH.context(long, "cards", "a4"))  # not the cached deck
    pages = printed_lines(pdf)
    (page,) = [lines for lines in pages.values()
               if any("Snow Beavers" in line.text for line in lines)]
    name = [line for line in page if line.text.strip() in ("Snow Beavers", "Team")]
    values = len(data["snowboarders"]["values"])
    assert len(name) == 2 * values, [line.text for line in page]
    assert min(line.size for line in name) >= 7 - 0.01
    for i, a in enumerate(page):
        for b in page[i + 1:]:
            assert not a.overlaps(b), (a.text, b.text)
