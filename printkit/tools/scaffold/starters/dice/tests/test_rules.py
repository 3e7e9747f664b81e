"""A rule of __TITLE__ checked on the rules engine itself: a test names the rule it checks
(``@pytest.mark.rule``), and printkit counts that rule as covered."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


@pytest.mark.rule("start")
def test_every_pawn_starts_on_the_start_space(rules: ModuleType, data: dict[str, Any]) -> None:
    state = rules.setup({"players": 3}, data["rules"], data)
    assert rules.observe(state)["positions"] == [1, 1, 1]
    assert rules.observe(state)["current"] == 0


@pytest.mark.rule("weather-cards")
def test_every_weather_card_says_what_it_does(data: dict[str, Any]) -> None:
    """The engine leaves the variant to the players: the cards themselves must say it."""
    import csv

    from conftest import PROJECT

    deck = data["decks"]["cards"]
    with (PROJECT / deck["csv"]).open(encoding="utf-8", newline="") as fh:
        cards = list(csv.DictReader(fh))
    assert cards
    assert all(card["name"] and card["text"] and int(card["count"]) > 0 for card in cards)
