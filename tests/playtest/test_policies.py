"""The built-in games' policies do what their names say."""

from __future__ import annotations

import random

import pytest

from printkit.playtest.games import coraz_blizej_swieta as coraz
from printkit.playtest.games import polar_derby as derby
from printkit.playtest.run import Setup, run

DERBY = "printkit.playtest.games.polar_derby"


@pytest.mark.parametrize("rules", [{}, {"no-risk": "true"}])
def test_stop_after_takes_at_most_k_plus_one_bears_a_turn(rules: dict[str, str]) -> None:
    policy = derby.POLICIES["stop-after"](k="2")
    rng = random.Random("stop-after")
    state = derby.initial_state(3, rng, rules)
    stops = 0
    while not derby.is_over(state):
        action = policy.choose(state, derby.legal_actions(state), rng)
        if action == "stop":
            assert state.taken >= 2 or not state.game.middle.total
            stops += 1
        else:
            assert state.taken < 2 or state.roll is not None or "stop" not in \
                derby.legal_actions(state)
        state, _ = derby.apply(state, action, rng)
    assert stops > 0


def test_push_stops_when_the_bust_chance_reaches_p() -> None:
    rng = random.Random("push")
    policy = derby.POLICIES["push"](p="0.2")
    state = derby.initial_state(2, rng, {})
    seen = set()
    while not derby.is_over(state):
        actions = derby.legal_actions(state)
        action = policy.choose(state, actions, rng)
        if "stop" in actions:
            chance = derby.bust_chance(state.game, state.rules)
            assert action == ("stop" if chance >= 0.2 else "roll")
            seen.add(action)
        state, _ = derby.apply(state, action, rng)
    assert seen == {"roll", "stop"}
    records = run(Setup(DERBY, 2, ("push:p=0.01",)), 20, 3)
    bolder = run(Setup(DERBY, 2, ("push:p=0.5",)), 20, 3)
    assert sum(r.events.get("bust", 0) for r in bolder) > sum(r.events.get("bust", 0)
                                                             for r in records)


def test_keep_refuses_dice_beyond_n() -> None:
    records = run(Setup("printkit.playtest.games.coraz_blizej_swieta", 2, ("keep:n=5",)), 30, 5)
    assert sum(r.events.get("misadded", 0) for r in records) > 0
    honest = run(Setup("printkit.playtest.games.coraz_blizej_swieta", 2, ("honest",)), 30, 5)
    assert sum(r.events.get("misadded", 0) for r in honest) == 0
    rng = random.Random(1)
    state = coraz.initial_state(2, rng, {})
    while not coraz.is_over(state):
        state, _ = coraz.apply(state, coraz.Keep(5).choose(state, coraz.legal_actions(state),
                                                           rng), rng)
        assert all(p.dice <= 5 for p in state.game.players)
