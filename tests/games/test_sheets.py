"""What every game's drawn documents promise, each promise one test parametrised over the
documents and both papers: a sheet is one page of its paper, upright or turned as it is
drawn; card and token pages are sheets of their card grids, fronts and backs in pairs
(fronts alone where cards have no back), each with a TrimBox and a BleedBox around the
cards on it, each card at its real size.

What only one game's documents show is tested in its folder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from printkit.games.yeti_slalom.cards import snowboarder_cards, yeti_cards
from printkit.geometry import PAPERS, CardSize, card_grid, mm
from tests.games.benches import BENCHES, PAPER_IDS
from tests.support import card_page_boxes, page_sizes, reader

#: Each one-page sheet, by game and document, and whether it lies in landscape.
SHEETS = {
    ("polar-derby", "rink"): True,
    ("polar-derby", "score-sheet"): False,
    ("polar-derby", "dice"): True,  # both 30 mm nets side by side
    ("pick-a-polar-bear", "score-sheet"): True,
    ("pick-a-polar-bear", "solo-sheet"): False,
    ("yeti-slalom", "score-sheet"): False,
}


def _square(key: str, count: int) -> Callable[[dict[str, Any]], list[tuple[CardSize, int]]]:
    return lambda data: [(CardSize(data["print"][key], data["print"][key]), count)]


def _tokens(data: dict[str, Any]) -> list[tuple[CardSize, int]]:
    """Bear tokens in the shape the data cuts them."""
    size, shape = data["print"]["token_mm"], data["print"]["token_shape"]
    return [(CardSize(size, size, shape), 25)]


def _yeti_slalom_cards(data: dict[str, Any]) -> list[tuple[CardSize, int]]:
    """Kinds of one size share sheets: the Yetis and snowballs, then the snowboarders,
    small enough for a course space."""
    card = CardSize(data["print"]["card_width_mm"], data["print"]["card_height_mm"])
    boarder = data["print"]["snowboarder_mm"]
    return [(card, len(yeti_cards(data)) + data["cards"]["snowballs"]),
            (CardSize(boarder, boarder), len(snowboarder_cards(data)))]


#: Each card set, by game and document: whether its cards have backs, and its cards as
#: (real size, how many) in the order they are printed, from the game's data.
CARD_SETS = {
    ("polar-derby", "bear-tokens"): (False, _tokens),
    ("pick-a-polar-bear", "animal-cards"): (True, _square("card_mm", 96)),
    ("pick-a-polar-bear", "special-cards"): (True, _square("card_mm", 14)),
    ("yeti-slalom", "cards"): (True, _yeti_slalom_cards),
}


def _data(game_id: str) -> dict[str, Any]:
    return BENCHES[game_id].data()


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize(("game_id", "doc"), list(SHEETS))
def test_a_sheet_is_one_page_of_its_paper_upright_or_turned(game_id: str, doc: str,
                                                            paper: str) -> None:
    size = PAPERS[paper].landscape_size if SHEETS[(game_id, doc)] else PAPERS[paper].size
    pdf = BENCHES[game_id].built(_data(game_id), doc, paper)
    assert page_sizes(pdf) == [pytest.approx(size, abs=0.5)]


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize(("game_id", "doc"), list(CARD_SETS))
def test_card_pages_are_their_grids_sheets_with_trim_and_bleed_boxes_around_the_cards(
        game_id: str, doc: str, paper: str) -> None:
    data = _data(game_id)
    backs, cards = CARD_SETS[(game_id, doc)]
    grids = [(card_grid(PAPERS[paper], size, count=n), n, size) for size, n in cards(data)]
    pdf = reader(BENCHES[game_id].built(data, doc, paper))
    assert len(pdf.pages) == sum((2 if backs else 1) * g.pages(n) for g, n, _size in grids)
    pages = iter(pdf.pages)
    for grid, count, size in grids:
        for trim, bleed in card_page_boxes(grid, count, backs):
            page = next(pages)
            # A landscape sheet lies turned on portrait paper (/Rotate 90).
            assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
                grid.media_size, abs=0.5)
            assert page.rotation == (90 if grid.turned else 0)
            assert [float(v) for v in page.trimbox] == pytest.approx(list(trim), abs=0.01)
            assert [float(v) for v in page.bleedbox] == pytest.approx(list(bleed), abs=0.01)
        assert grid.front_box(0).trim.width == pytest.approx(mm(size.width_mm))
        assert grid.front_box(0).trim.height == pytest.approx(mm(size.height_mm))
