"""Pick-a-Polar Bear's printed documents: animal cards, special cards and the two score sheets.
(Each sheet's page and the card pages' boxes: tests/games/test_sheets.py.)"""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pypdfium2
import pytest
from PIL import Image, ImageChops

from printkit.drawing.pdf import new_canvas
from printkit.games.pick_a_polar_bear.art import draw_animal
from printkit.games.pick_a_polar_bear.card_sheets import (
    animal_deck,
    combinations,
)
from printkit.geometry import PAPERS, CardSize, Rect, card_grid, mm
from printkit.model.game import RenderContext
from tests.games.benches import PAPER_IDS, PICK_A_POLAR_BEAR
from tests.support import (
    page_texts,
)

BENCH = PICK_A_POLAR_BEAR


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return BENCH.data()


def context(data: dict[str, Any], doc: str, paper: str = "a4") -> RenderContext:
    return BENCH.context(data, doc, paper)


def built(data: dict[str, Any], doc: str, paper: str) -> bytes:
    return BENCH.built(data, doc, paper)


def grid_for(data: dict[str, Any], paper: str, count: int):
    side = data["print"]["card_mm"]
    return card_grid(PAPERS[paper], CardSize(side, side), count=count)


def test_the_deck_is_every_combination_three_times(data):
    combos = combinations(data)
    assert len(combos) == 32
    assert len({tuple(sorted(c.items())) for c in combos}) == 32
    deck = animal_deck(data)
    assert len(deck) == 96
    assert all(deck.count(c) == data["deck"]["copies"] for c in combos)


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("count", [96, 14])
def test_cards_are_butted_so_their_grid_is_a_whole_number_of_them(data, count, paper):
    """The trim is the real card size: 55 mm squares, butted, so the grid is a whole
    number of them (the card pages and their boxes: see tests/games/test_sheets.py)."""
    grid = grid_for(data, paper, count)
    side = mm(data["print"]["card_mm"])
    assert grid.grid_trim.width == pytest.approx(grid.cols * side)


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_animal_fronts_have_no_text_and_backs_only_the_title(data, paper):
    texts = page_texts(built(data, "animal-cards", paper))
    grid = grid_for(data, paper, 96)
    for i in range(0, len(texts), 2):
        assert texts[i] == ""
        on_page = min(grid.per_page, 96 - i // 2 * grid.per_page)
        assert texts[i + 1] == " ".join([data["title"]] * on_page)


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_special_cards_show_their_texts_and_penalties_turn_to_minus_four(data, paper):
    texts = page_texts(built(data, "special-cards", paper))
    fronts, backs = " ".join(texts[0::2]), " ".join(texts[1::2])
    assert data["hold"]["name"] in fronts and data["hold"]["text"] in fronts
    for card in data["bonus"]["cards"]:
        assert card["text"] in fronts, card["text"]
    bonus = len(data["bonus"]["cards"])
    assert fronts.count("Bonus round") == bonus
    assert fronts.count("How many cards on the table show both?") == bonus
    assert fronts.count("2 points") == bonus + data["penalty"]["cards"]
    assert fronts.count("\u22122 points") == data["penalty"]["cards"]
    assert "\u22124" not in fronts
    # Bonus cards are recognisable face down; each penalty card's back reads −4 points.
    assert backs.count("Bonus round") == bonus
    assert backs.count("\u22124 points") == data["penalty"]["cards"]
    assert "\u22122" not in backs
    assert backs.count(data["title"]) == 1  # the hold card's plain back


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_score_sheet_has_rounds_players_columns_and_totals(data, paper):
    (text,) = page_texts(built(data, "score-sheet", paper))
    players = data["players"]["max"]
    for n in range(1, players + 1):
        assert f"Player {n}" in text
    rounds = next(r["count"] for r in data["sheets"]["score-sheet"]["row"]
                  if r.get("label") == "Round %(number)s")
    assert rounds == 10  # a game rarely lasts more
    for n in range(1, rounds + 1):
        assert f"Round {n}" in text
    for column in ("Cards", "Bonus", "Penalty"):
        assert text.count(column) >= players, column
    assert "Total" in text and "Score" in text
    assert "Score = cards + bonus \u2212 penalty" in text


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_solo_sheet_has_the_solo_rounds_and_says_lower_is_better(data, paper):
    (text,) = page_texts(built(data, "solo-sheet", paper))
    solo = data["solo"]
    assert f"Round {solo['rounds']}" in text and f"Round {solo['rounds'] + 1}" not in text
    assert "Lay out 32 cards in 4 rows of 8" in text
    assert "The fewer cards you set aside, the better." in text
    assert "Game 12" in text and text.count("Total") == 2


def card_image(data: dict[str, Any], values: dict[str, str], dpi: int = 100) -> Image.Image:
    """One animal card's front alone, rendered to a greyscale image."""
    buffer = BytesIO()
    side = mm(data["print"]["card_mm"])
    canvas = new_canvas(buffer, (side, side), "card")
    draw_animal(canvas, Rect(0, 0, side, side), values, data)
    canvas.showPage()
    canvas.save()
    page = pypdfium2.PdfDocument(buffer.getvalue())[0]
    return page.render(scale=dpi / 72).to_pil().convert("L")


def changed(data: dict[str, Any], base: dict[str, str], attribute_id: str) -> dict[str, str]:
    """``base`` with the other value of one attribute."""
    values = next(a["values"] for a in data["attributes"] if a["id"] == attribute_id)
    return {**base, attribute_id: values[1 - values.index(base[attribute_id])]}


def difference(a: Image.Image, b: Image.Image) -> tuple[float, tuple[int, int, int, int] | None]:
    """Share of pixels that differ clearly, and the box around them."""
    diff = ImageChops.difference(a, b).point(lambda v: 255 if v > 48 else 0)
    histogram = diff.histogram()
    return (sum(histogram) - histogram[0]) / sum(histogram), diff.getbbox()


def test_the_same_card_renders_the_same(data):
    base = combinations(data)[0]
    share, _ = difference(card_image(data, base), card_image(data, dict(base)))
    assert share == 0


@pytest.mark.parametrize("base", [0, 31], ids=["big-raised-glasses-tin", "small-plain"])
@pytest.mark.parametrize("attribute_id, minimum, region", [
    ("size", 0.1, (0.0, 0.0, 1.0, 1.0)),
    ("arm", 0.01, (0.0, 0.0, 0.5, 1.0)),  # the bear's right arm: on the viewer's left
    ("glasses", 0.003, (0.25, 0.15, 0.75, 0.65)),  # over the eyes
    ("fish", 0.005, (0.55, 0.3, 1.0, 0.9)),  # in the other paw, on the viewer's right
    # The two season colours are close in grey; the ground and the pattern tell them apart.
    ("season", 0.08, (0.0, 0.0, 1.0, 1.0)),
])
def test_cards_differing_in_one_attribute_look_different_where_expected(
        data, base, attribute_id, minimum, region):
    # Images are compared in greyscale, so the difference survives a black-and-white print.
    values = combinations(data)[base]
    a, b = card_image(data, values), card_image(data, changed(data, values, attribute_id))
    share, box = difference(a, b)
    assert share >= minimum, (attribute_id, share)
    assert box is not None
    w, h = a.size
    left, top, right, bottom = region
    assert box[0] >= left * w - 1 and box[2] <= right * w + 1, (attribute_id, box)
    assert box[1] >= top * h - 1 and box[3] <= bottom * h + 1, (attribute_id, box)
