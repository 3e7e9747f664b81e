"""The playtest protocol of __TITLE__ (``initial_state``, ``legal_actions``, ``apply``, ...):
seeded races played to the end, as ``printkit playtest`` plays them."""

from __future__ import annotations

import random
from types import ModuleType

import pytest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_races_end_with_a_winner_at_the_finish(rules: ModuleType, players: int) -> None:
    for seed in range(50):
        rng = random.Random(seed)
        state = rules.initial_state(players, rng, {})
        for _ in range(10_000):
            if rules.is_over(state):
                break
            actions = rules.legal_actions(state)
            assert actions, f"seed {seed}: no legal action before the end"
            state, events = rules.apply(state, rng.choice(list(actions)), rng)
            assert events[-1] == "turn_end"
        assert rules.is_over(state), f"seed {seed}: no end in 10,000 turns"
        (winner,) = rules.winners(state)
        assert 0 <= winner < players and rules.scores(state)[winner] == state.last


def test_long_slides_make_longer_races(rules: ModuleType) -> None:
    def turns(settings: dict[str, str]) -> int:
        total = 0
        for seed in range(100):
            rng = random.Random(seed)
            state = rules.initial_state(2, rng, settings)
            while not rules.is_over(state):
                state, _ = rules.apply(state, rules.legal_actions(state)[0], rng)
            total += rules.turns(state)
        return total
    assert turns({"slide_back": "10"}) > turns({"slide_back": "0"})


def test_an_unknown_rule_is_named(rules: ModuleType) -> None:
    with pytest.raises(ValueError, match="'speed'"):
        rules.initial_state(2, random.Random(0), {"speed": "3"})
