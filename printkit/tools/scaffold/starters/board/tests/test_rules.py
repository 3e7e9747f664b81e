"""A rule of __TITLE__ checked on the rules engine itself: a test names the rule it checks
(``@pytest.mark.rule``), and printkit counts that rule as covered."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


@pytest.mark.rule("start")
def test_every_pawn_starts_on_the_start_space(rules: ModuleType, data: dict[str, Any]) -> None:
    observed = rules.observe(rules.setup({"players": 4}, data["rules"], data))
    assert observed["positions"] == [1, 1, 1, 1] and observed["fish"] == [0, 0, 0, 0]
    assert observed["current"] == 0
