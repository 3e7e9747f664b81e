"""The playtest protocol of __TITLE__ (``initial_state``, ``legal_actions``, ``apply``, ...):
seeded games played to the end with random choices, as ``printkit playtest`` plays them."""

from __future__ import annotations

import random
from types import ModuleType

import pytest


@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_games_fill_every_sheet(rules: ModuleType, players: int) -> None:
    for seed in range(50):
        rng = random.Random(seed)
        state = rules.initial_state(players, rng, {})
        moves = 0
        while not rules.is_over(state):
            actions = rules.legal_actions(state)
            assert actions, f"seed {seed}: no legal action before the end"
            assert rules.winners(state) == []
            state, _ = rules.apply(state, rng.choice(list(actions)), rng)
            moves += 1
        assert moves == 9 * players and rules.turns(state) == 9
        points = rules.scores(state)
        assert all(points[w] == max(points) for w in rules.winners(state))
        assert rules.winners(state)


def test_the_greedy_policy_beats_random_writing(rules: ModuleType) -> None:
    totals = [0.0, 0.0]
    for seed in range(50):
        rng = random.Random(seed)
        state = rules.initial_state(2, rng, {})
        greedy = rules.POLICIES["greedy"]()
        while not rules.is_over(state):
            actions = rules.legal_actions(state)
            pick = (greedy.choose(state, actions, rng) if rules.to_move(state) == 0
                    else rng.choice(list(actions)))
            state, _ = rules.apply(state, pick, rng)
        totals = [t + s for t, s in zip(totals, rules.scores(state), strict=True)]
    assert totals[0] > totals[1]


def test_a_bad_rule_value_is_named(rules: ModuleType) -> None:
    with pytest.raises(ValueError, match="run"):
        rules.initial_state(2, random.Random(0), {"run": "twenty"})
