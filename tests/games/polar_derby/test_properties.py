"""Invariants of Polar Derby over many random positions, rolls and whole games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import RuleError
from printkit.games.polar_derby.data import SCHEMA
from printkit.games.polar_derby.rules import (
    FREE_SKATE,
    Bears,
    CautiousPolicy,
    Phase,
    RandomPolicy,
    Rules,
    Simulation,
    State,
    Take,
    apply_roll,
    bust_reason,
    initial_state,
    legal_takes,
    roll_dice,
    rules_from_data,
    simulate,
    stop,
    take_problem,
)
from printkit.schema import read_toml, validate
from tests.games.budget import examples

GAME_TOML = Path(__file__).parents[3] / "printkit" / "games" / "polar_derby" / "game.toml"
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
COLOURS = tuple(c["id"] for c in DATA["colours"])
FACES = (*COLOURS, FREE_SKATE)

SETTINGS = settings(max_examples=examples(100))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=2, max_value=4)
all_rules = st.builds(rules_from_data, st.just(DATA), younger=st.booleans(),
                      no_risk=st.booleans())
policies = st.sampled_from([CautiousPolicy(), CautiousPolicy(enough=3), RandomPolicy(),
                            RandomPolicy(stop_chance=0.3)])
rolls = st.tuples(st.sampled_from(FACES), st.sampled_from(FACES))


def full_set(rules: Rules) -> Bears:
    return Bears.of(dict(rules.bears_per_colour))


def random_position(players: int, rules: Rules, rng: random.Random, actions: int) -> State:
    """Where a game stands after up to ``actions`` random legal actions."""
    state = initial_state(players, rules)
    policy = RandomPolicy(stop_chance=0.3)
    for _ in range(actions):
        if state.over:
            break
        if state.phase is Phase.CHOOSE and not policy.roll_again(state, rules, rng):
            state, _ = stop(state, rules)
        else:
            roll = roll_dice(rules, rng)
            takes = legal_takes(state, roll, rules)
            state, _ = apply_roll(state, roll, rng.choice(takes) if takes else None, rules)
    return state


def check_position(state: State, rules: Rules) -> None:
    assert state.everywhere() == full_set(rules)
    assert state.middle.total + sum(b.total for b in state.secured) + len(state.pulled) == 25
    assert set(state.pulled_colours) >= {p.colour for p in state.pulled}
    assert len(set(state.pulled_colours)) == len(state.pulled_colours)
    if rules.no_risk or state.phase is Phase.ROLL:
        assert state.pulled == ()
    if state.over:
        assert state.middle.total == 0 and state.pulled == ()


@SETTINGS
@given(seed=seeds, players=player_counts, rules=all_rules, policy=policies)
def test_every_bear_is_always_somewhere(seed, players, rules, policy):
    """Middle + pulled + secured is always the whole set, after any sequence of legal actions."""
    rng = random.Random(seed)
    state = initial_state(players, rules)
    for _ in range(300):
        if state.over:
            break
        if state.phase is Phase.CHOOSE and not policy.roll_again(state, rules, rng):
            state, _ = stop(state, rules)
        else:
            roll = roll_dice(rules, rng)
            takes = legal_takes(state, roll, rules)
            take = policy.choose(state, takes, rules, rng) if takes else None
            state, _ = apply_roll(state, roll, take, rules)
        check_position(state, rules)


middle_takes = st.lists(st.sampled_from((*COLOURS, "purple")), max_size=3)
steal_takes = st.lists(st.tuples(st.integers(min_value=-1, max_value=4),
                                 st.sampled_from((*COLOURS, "purple"))), max_size=3)


@settings(max_examples=examples(200))
@given(seed=seeds, players=player_counts, rules=all_rules, roll=rolls,
       actions=st.integers(min_value=0, max_value=25),
       candidates=st.lists(st.tuples(middle_takes, steal_takes), max_size=12))
def test_legal_takes_are_exactly_the_accepted_takes(seed, players, rules, roll, actions,
                                                    candidates):
    state = random_position(players, rules, random.Random(seed), actions)
    if state.over:
        return
    takes = legal_takes(state, roll, rules)
    assert len(set(takes)) == len(takes)
    assert (bust_reason(state, roll, rules) is None) == (bool(takes) or roll == (FREE_SKATE,) * 2)
    for take in takes:
        after, _ = apply_roll(state, roll, take, rules)
        check_position(after, rules)
        assert take_problem(state, roll, take, rules) is None
        written_backwards = Take(take.middle[::-1], take.steals[::-1])
        assert apply_roll(state, roll, written_backwards, rules)[0] == after
    listed = set(takes)
    for middle, steals in candidates:
        take = Take(tuple(middle), tuple(steals))
        if not take.bears:
            continue
        canonical = Take(tuple(sorted(middle, key=lambda c: (COLOURS + ("purple",)).index(c))),
                         tuple(sorted(steals, key=lambda s: (s[0], (COLOURS + ("purple",))
                                                             .index(s[1])))))
        if canonical in listed:
            apply_roll(state, roll, take, rules)
            continue
        try:
            apply_roll(state, roll, take, rules)
        except RuleError as exc:
            assert str(exc).startswith("illegal action '")
            assert take_problem(state, roll, take, rules) is not None
        else:
            raise AssertionError(f"{take} was accepted but is not among {takes}")


def check_finished(result: Simulation, players: int, rules: Rules) -> None:
    assert result.state.over and result.events[-1].kind == "game-over"
    assert result.turns < 1_000
    assert sum(result.bears) == 25
    assert result.winners and set(result.winners) <= set(range(players))
    if not rules.younger:
        assert sum(result.scores) == 75


@SETTINGS
@given(seed=seeds, players=player_counts, rules=all_rules, policy=policies)
def test_simulated_games_always_end(seed, players, rules, policy):
    check_finished(simulate(players, rules, random.Random(seed), policy, max_turns=2_000),
                   players, rules)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", [{}, {"younger": True}, {"no_risk": True}])
def test_seeded_games_end_for_every_player_count_and_variant(players, variant):
    rules = rules_from_data(DATA, **variant)
    for seed in range(8):
        for policy in (CautiousPolicy(), RandomPolicy()):
            check_finished(simulate(players, rules, random.Random(seed), policy), players, rules)


@settings(max_examples=examples(50))
@given(seed=seeds, players=player_counts, rules=all_rules, policy=policies)
def test_same_seed_gives_the_same_game(seed, players, rules, policy):
    first = simulate(players, rules, random.Random(seed), policy)
    second = simulate(players, rules, random.Random(seed), policy)
    assert first == second


@settings(max_examples=examples(50))
@given(seed=seeds, players=player_counts, colour=st.sampled_from(COLOURS),
       value=st.integers(min_value=0, max_value=99))
def test_changing_a_bear_value_in_the_data_changes_the_scores(seed, players, colour, value):
    """The random policy never looks at values, so both games are the same game."""
    changed = {**DATA, "colours": [dict(c, value=value) if c["id"] == colour else c
                                   for c in DATA["colours"]]}
    before = simulate(players, rules_from_data(DATA), random.Random(seed), RandomPolicy())
    after = simulate(players, rules_from_data(changed), random.Random(seed), RandomPolicy())
    assert after.state == before.state
    old = dict(rules_from_data(DATA).values)[colour]
    held = [bears[colour] for bears in after.state.secured]
    assert after.scores == tuple(s + n * (value - old) for s, n in zip(before.scores, held,
                                                                         strict=True))
    if value != old:
        assert after.scores != before.scores
