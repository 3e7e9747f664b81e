"""Rules of __TITLE__ checked on the rules engine itself: a test names the rule it checks
(``@pytest.mark.rule``), and printkit counts that rule as covered."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


@pytest.mark.rule("start")
def test_every_pawn_starts_on_a_camp(rules: ModuleType, data: dict[str, Any]) -> None:
    observed = rules.observe(rules.setup({"players": 4}, data["rules"], data))
    assert observed["positions"] == [[1, 1], [1, 6], [6, 1], [6, 6]]
    assert observed["fish"] == [0, 0, 0, 0] and observed["current"] == 0


@pytest.mark.rule("stuck")
def test_a_pawn_no_slide_can_move_passes(rules: ModuleType, data: dict[str, Any]) -> None:
    # Ana in the corner, Ben and Cleo against her: she cannot slide, whatever she rolls.
    state = rules.setup({"positions": [[1, 1], [1, 2], [2, 1]]}, data["rules"], data)
    with pytest.raises(Exception, match="nowhere"):
        rules.play(state, {"roll": 2, "slide": "right"}, data)
    after, events = rules.play(state, {"roll": 2, "slide": "pass"}, data)
    assert [e.kind for e in events] == ["stuck"] and rules.observe(after)["current"] == 1
