"""The playtest protocol of __TITLE__ (``initial_state``, ``legal_actions``, ``apply``, ...):
seeded games played to the end with random choices, as ``printkit playtest`` plays them."""

from __future__ import annotations

import random
from types import ModuleType

import pytest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_winner(rules: ModuleType, players: int) -> None:
    for seed in range(50):
        rng = random.Random(seed)
        state = rules.initial_state(players, rng, {})
        for _ in range(10_000):
            if rules.is_over(state):
                break
            actions = rules.legal_actions(state)
            assert actions, f"seed {seed}: no legal action before the end"
            state, events = rules.apply(state, rng.choice(list(actions)), rng)
            assert "turn_end" in events
        assert rules.is_over(state), f"seed {seed}: no end in 10,000 turns"
        (winner,) = rules.winners(state)
        assert 0 <= winner < players
        assert rules.scores(state)[winner] == max(rules.scores(state)) == 3


def test_the_fisher_policy_plays_legal_slides(rules: ModuleType) -> None:
    rng = random.Random(1)
    state = rules.initial_state(2, rng, {"to_win": "2"})
    fisher = rules.POLICIES["fisher"]()
    while not rules.is_over(state):
        action = fisher.choose(state, rules.legal_actions(state), rng)
        state, _ = rules.apply(state, action, rng)
    assert max(rules.scores(state)) == 2


def test_an_unknown_rule_is_named(rules: ModuleType) -> None:
    with pytest.raises(ValueError, match="'fish'"):
        rules.initial_state(2, random.Random(0), {"fish": "3"})
