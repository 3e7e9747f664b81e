"""Components that fit their places on the board: declared in the data, measured from the
drawing code, compared by shape, checked before a build renders anything."""

from __future__ import annotations

import copy
import math

import pytest

from printkit.drawing import fit
from printkit.drawing.outlines import Outline, overhang
from printkit.errors import DataErrors
from printkit.games import GAMES
from printkit.geometry import PAPERS

SIZES = {"Yeti space": (42.0, 42.0), "Yeti card": (63.0, 88.0), "course space": (42.0, 42.0),
         "snowboarder": (36.0, 36.0), "mini card": (41.0, 40.0), "spot": (27.0, 27.0),
         "token": (25.0, 25.0)}


def _declared(place: str, holds: str, clearance: float = 1.0,
              turns: bool = True) -> list[dict]:
    return [{"place": place, "holds": holds, "clearance_mm": clearance, "turns": turns}]


def test_a_card_larger_than_its_space_is_named_with_both() -> None:
    (problem,) = fit.misfits(_declared("Yeti space", "Yeti card"), SIZES, "game.toml", "A4")
    assert str(problem) == (
        "game.toml: fit[0]: the Yeti card (63.0×88.0 mm rectangle) does not fit on the Yeti "
        "space (42.0×42.0 mm square on A4) with 1 mm free on every side: it overhangs by "
        "25.3 mm")


@pytest.mark.parametrize(("place", "holds", "clearance", "fits"), [
    ("course space", "snowboarder", 1, True),
    ("course space", "snowboarder", 3, True),   # 36 + 2 × 3 = 42: just
    ("course space", "snowboarder", 3.5, False),
    ("spot", "token", 1, True),
    ("spot", "token", 1.5, False),
    ("Yeti space", "mini card", 0.5, True),     # 41 × 40 lies either way round
])
def test_clearance_is_on_every_side(place: str, holds: str, clearance: float,
                                    fits: bool) -> None:
    assert (not fit.misfits(_declared(place, holds, clearance), SIZES, "g", "A4")) == fits


CIRCLE_25, CIRCLE_27 = Outline("circle", 25, 25), Outline("circle", 27, 27)
SQUARE_25 = Outline("rectangle", 25, 25)
#: A regular hexagon 30 mm from corner to corner, its corners left and right.
HEXAGON = Outline("hexagon", 30, 15 * math.sqrt(3))


@pytest.mark.parametrize(("item", "place", "expected"), [
    (CIRCLE_25, CIRCLE_27, -1.0),                               # by their diameters
    (SQUARE_25, CIRCLE_27, 25 / math.sqrt(2) - 13.5),           # by the square's diagonal
    (CIRCLE_25, SQUARE_25, 0.0),                                # the circle inside a square
    (Outline("rectangle", 20, 30), Outline("rectangle", 24, 40), -2.0),  # by their sides
    (Outline("rectangle", 30, 20), Outline("rectangle", 24, 40), 3.0),   # not turned
    # 63 × 41 on 66 × 44 with 3 mm round corners: the card's corner, 1.5 mm in from both
    # sides, lies 3 − 1.5 √2 mm inside the arc
    (Outline("rectangle", 63, 41), Outline("rounded rectangle", 66, 44, 3),
     -(3 - 1.5 * math.sqrt(2))),
    (Outline("rounded rectangle", 63, 41, 3), Outline("rectangle", 66, 44), -1.5),
    (CIRCLE_25, HEXAGON, 12.5 - 7.5 * math.sqrt(3)),           # by the hexagon's flats
    (HEXAGON, Outline("circle", 30, 30), 0.0),                  # by its corners
    (HEXAGON, Outline("rectangle", 30, 26), 0.0),
    (HEXAGON.turned(), Outline("rectangle", 30, 26), 2.0),      # corners up: 30 tall
])
def test_each_shape_overhangs_by_its_own_geometry(item: Outline, place: Outline,
                                                  expected: float) -> None:
    assert overhang(item, place) == pytest.approx(expected, abs=1e-9)


def test_a_component_that_may_not_turn_is_compared_as_it_lies() -> None:
    sizes = {"slot": (24.0, 40.0), "card": (38.0, 22.0)}
    assert not fit.misfits(_declared("slot", "card"), sizes, "g", "A4")
    (problem,) = fit.misfits(_declared("slot", "card", turns=False), sizes, "g", "A4")
    assert str(problem).endswith("it overhangs by 7.0 mm")  # (38 − 24) / 2


def test_square_tokens_overhang_round_spots_at_their_corners() -> None:
    """The square 25 mm token on a round 27 mm spot: its 35.4 mm diagonal overhangs by
    4.2 mm at each corner, as data in the game's own words."""
    sizes = {"rink spot": CIRCLE_27, "bear token": SQUARE_25}
    (problem,) = fit.misfits(_declared("rink spot", "bear token", 0), sizes,
                             "polar_derby/game.toml", "A4")
    assert str(problem) == (
        "polar_derby/game.toml: fit[0]: the bear token (25.0×25.0 mm square) does not fit on "
        "the rink spot (27.0 mm circle on A4) with 0 mm free on every side: it overhangs by "
        "4.2 mm")
    sizes["bear token"] = CIRCLE_25
    assert not fit.misfits(_declared("rink spot", "bear token"), sizes, "g", "A4")


def test_a_circle_too_close_to_its_place_says_how_much_room_is_left() -> None:
    sizes = {"rink spot": CIRCLE_27, "bear token": Outline("circle", 26, 26)}
    (problem,) = fit.misfits(_declared("rink spot", "bear token"), sizes, "g", "A4")
    assert str(problem).endswith("with 1 mm free on every side: only 0.5 mm is free")


def test_a_name_the_kit_does_not_measure_is_an_error() -> None:
    (problem,) = fit.misfits(_declared("Yeti spot", "snowboarder"), SIZES, "g", "A4")
    assert "'Yeti spot' is nothing the kit measures" in str(problem)


#: Each declared fit of each game that measures its boards, on each paper.
DECLARED = [(game_id, i, paper) for game_id in sorted(GAMES)
            if GAMES[game_id].measure is not None
            for i in range(len(GAMES[game_id].load_data()["fit"])) for paper in sorted(PAPERS)]


@pytest.mark.parametrize(("game_id", "index", "paper"), DECLARED)
def test_every_component_fits_its_space_by_shape(game_id: str, index: int, paper: str) -> None:
    game = GAMES[game_id]
    data = game.load_data()
    entry = data["fit"][index]
    measured = game.measure(data, PAPERS[paper])
    for name in (entry["place"], entry["holds"]):
        assert isinstance(measured[name], Outline), f"{name} has a shape"
    item, place = measured[entry["holds"]], measured[entry["place"]]
    room = -fit.least_overhang(item, place, entry["turns"])
    assert room >= entry["clearance_mm"] - 1e-6, (entry, room)
    assert not fit.misfits([entry], measured, "game.toml", paper)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_fits_on_every_paper(game_id: str, paper: str) -> None:
    game = GAMES[game_id]
    data = game.load_data()
    fit.check(game, data, PAPERS[paper])
    if game.measure is not None:
        assert data["fit"], "a game that measures its boards declares what lies on them"


def test_polar_derby_tokens_and_spots_are_round() -> None:
    data = GAMES["polar-derby"].load_data()
    for paper in PAPERS.values():
        measured = GAMES["polar-derby"].measure(data, paper)
        assert measured["bear token"].shape == measured["rink spot"].shape == "circle"
        # the rink's "room all round": a spot is a token and 1 mm on every side
        assert measured["bear token"].width <= measured["rink spot"].width - 2


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_square_bear_tokens_on_the_round_rink_spots_stop_the_build(paper: str) -> None:
    game = GAMES["polar-derby"]
    data = copy.deepcopy(game.load_data())
    data["print"]["token_shape"] = "rectangle"  # cut square, 25 mm; the spots stay round
    with pytest.raises(DataErrors) as raised:
        fit.check(game, data, PAPERS[paper])
    assert str(raised.value) == (
        f"printkit/games/polar_derby/game.toml: fit[0]: the bear token (25.0×25.0 mm square) "
        f"does not fit on the rink spot (27.0 mm circle on {PAPERS[paper].name}) with 1 mm free "
        f"on every side: it overhangs by 4.2 mm")


def test_a_token_too_big_for_its_rink_spot_stops_the_build() -> None:
    game = GAMES["polar-derby"]
    data = copy.deepcopy(game.load_data())
    data["print"]["token_mm"] = 28  # the spots stay as the lanes allow: 27 mm
    with pytest.raises(DataErrors) as raised:
        fit.check(game, data, PAPERS["a4"])
    assert "bear token (28.0 mm circle) does not fit on the rink spot" in str(raised.value)
