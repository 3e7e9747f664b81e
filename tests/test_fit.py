"""Components that fit their places on the board: declared in the data, measured from the
drawing code, checked before a build renders anything."""

from __future__ import annotations

import copy

import pytest

from printkit.drawing import fit
from printkit.errors import DataErrors
from printkit.games import GAMES
from printkit.geometry import PAPERS

SIZES = {"Yeti space": (42.0, 42.0), "Yeti card": (63.0, 88.0), "course space": (42.0, 42.0),
         "snowboarder": (36.0, 36.0), "mini card": (41.0, 40.0), "spot": (27.0, 27.0),
         "token": (25.0, 25.0)}


def _declared(place: str, holds: str, clearance: float = 1.0) -> list[dict]:
    return [{"place": place, "holds": holds, "clearance_mm": clearance}]


def test_a_card_larger_than_its_space_is_named_with_both() -> None:
    (problem,) = fit.misfits(_declared("Yeti space", "Yeti card"), SIZES, "game.toml", "A4")
    assert str(problem) == ("game.toml: fit[0]: the Yeti card (63.0×88.0 mm) does not fit on "
                            "the Yeti space (42.0×42.0 mm on A4) with 1 mm free on every side")


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


def test_a_name_the_kit_does_not_measure_is_an_error() -> None:
    (problem,) = fit.misfits(_declared("Yeti spot", "snowboarder"), SIZES, "g", "A4")
    assert "'Yeti spot' is nothing the kit measures" in str(problem)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_fits_on_every_paper(game_id: str, paper: str) -> None:
    game = GAMES[game_id]
    data = game.load_data()
    fit.check(game, data, PAPERS[paper])
    if game.measure is not None:
        assert data["fit"], "a game that measures its boards declares what lies on them"


def test_a_token_too_big_for_its_rink_spot_stops_the_build() -> None:
    game = GAMES["polar-derby"]
    data = copy.deepcopy(game.load_data())
    data["print"]["token_mm"] = 28  # the spots stay as the lanes allow: 27 mm
    with pytest.raises(DataErrors) as raised:
        fit.check(game, data, PAPERS["a4"])
    assert "bear token (28.0×28.0 mm) does not fit on the rink spot" in str(raised.value)
