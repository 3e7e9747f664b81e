"""A rule of __TITLE__ checked on the rules engine itself: a test names the rule it checks
(``@pytest.mark.rule``), and printkit counts that rule as covered."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


@pytest.mark.rule("start", "basket")
def test_a_basket_scores_only_when_full(rules: ModuleType, data: dict[str, Any]) -> None:
    suits = tuple(data["rules"]["suits"])
    assert rules.score(("Sun 3", "Sun 2"), suits, data["rules"]["basket"]) == 0
    assert rules.score(("Sun 3", "Sun 2", "Sun 1", "Leaf 3"), suits,
                       data["rules"]["basket"]) == 6
    state = rules.setup({"market": ["Sun 1", "Leaf 2", "Star 3"]}, data["rules"], data)
    assert rules.observe(state)["current"] == 0 and len(state.market) == data["rules"]["market"]
