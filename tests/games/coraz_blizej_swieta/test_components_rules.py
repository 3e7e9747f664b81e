"""The component and board facts of the original rules, as game.toml states them for the
printed kit: the rules engine and the data must agree (data.py checks it at every load)."""

from __future__ import annotations

import pytest

from printkit import games
from printkit.games.coraz_blizej_swieta import rules

GAME_ID = "coraz-blizej-swieta"


@pytest.fixture(scope="module")
def data():
    return games.get(GAME_ID).load_data()


@pytest.mark.rule("components")
def test_seven_ordinary_dice_and_one_pawn_per_player(data):
    assert data["components"]["dice_per_player"] == rules.MAX_DICE == 7
    assert data["components"]["pawns_per_player"] == 1


@pytest.mark.rule("board")
def test_the_track_runs_from_the_start_to_christmas_eve_then_the_goal(data):
    board = data["board"]
    assert board["start"] == rules.START_FIELD == 1
    assert board["wigilia"] == rules.WIGILIA == 24
    assert tuple(board["goal"]) == rules.GOAL_FIELDS == (25, 26)


@pytest.mark.rule("kit")
def test_the_kit_has_twelve_week_cards_of_seven_days(data):
    assert data["components"]["tydzien_cards"] == 12
    assert data["tydzien_card"]["days"] == rules.DAYS_PER_CARD == 7
    assert data["components"]["tydzien_cards_per_player"] == rules.MAX_CARDS == 3
