"""A rule of __TITLE__ checked on the rules engine itself: a test names the rule it checks
(``@pytest.mark.rule``), and printkit counts that rule as covered."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from printkit.errors import RuleError


@pytest.mark.rule("turn")
def test_a_filled_box_takes_no_second_score(rules: ModuleType, data: dict[str, Any]) -> None:
    state = rules.setup({"written": {"Fives": 10}}, data["rules"], data)
    with pytest.raises(RuleError, match="already filled"):
        rules.play(state, {"roll": [5, 5, 1], "write": "Fives"}, data)
