"""The playtest protocol of __TITLE__ (``initial_state``, ``legal_actions``, ``apply``, ...):
seeded games played to the end with random choices, as ``printkit playtest`` plays them."""

from __future__ import annotations

import random
from types import ModuleType

import pytest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_winners(rules: ModuleType, players: int) -> None:
    for seed in range(50):
        rng = random.Random(seed)
        state = rules.initial_state(players, rng, {})
        taken = 0
        while not rules.is_over(state):
            actions = rules.legal_actions(state)
            assert actions, f"seed {seed}: no legal action before the end"
            assert rules.winners(state) == []
            state, events = rules.apply(state, rng.choice(list(actions)), rng)
            assert "took" in events and "turn_end" in events
            taken += 1
        assert taken == sum(len(hand) for hand in state.hands)
        points = rules.scores(state)
        assert rules.winners(state) and all(points[w] == max(points)
                                            for w in rules.winners(state))


def test_the_collector_policy_outscores_random_play(rules: ModuleType) -> None:
    totals = [0.0, 0.0]
    for seed in range(50):
        rng = random.Random(seed)
        state = rules.initial_state(2, rng, {})
        collector = rules.POLICIES["collector"]()
        while not rules.is_over(state):
            actions = rules.legal_actions(state)
            pick = (collector.choose(state, actions, rng) if rules.to_move(state) == 0
                    else rng.choice(list(actions)))
            state, _ = rules.apply(state, pick, rng)
        totals = [t + s for t, s in zip(totals, rules.scores(state), strict=True)]
    assert totals[0] > totals[1]


def test_a_bad_rule_value_is_named(rules: ModuleType) -> None:
    with pytest.raises(ValueError, match="basket"):
        rules.initial_state(2, random.Random(0), {"basket": "many"})
