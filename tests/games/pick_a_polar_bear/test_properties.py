"""Invariants of Pick-a-Polar Bear over random cards, chains, grids and whole games."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.pick_a_polar_bear.cards import (
    BonusCard,
    Card,
    check_chain,
    deck,
    differences,
    distance,
    matches,
    model_from_data,
)
from printkit.games.pick_a_polar_bear.data import SCHEMA
from printkit.games.pick_a_polar_bear.rules import (
    Bot,
    Phase,
    on_table,
    refill,
    rules_from_data,
    simulate,
)
from printkit.games.pick_a_polar_bear.solver import greedy_chain, solo_round, solve
from printkit.schema import read_toml, validate
from tests.games.budget import examples

GAME_TOML = Path(__file__).parents[3] / "printkit" / "games" / "pick_a_polar_bear" / "game.toml"
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
MODEL = model_from_data(DATA)
DECK = deck(DATA)
RULES = rules_from_data(DATA, bonus=True)

cards = st.integers(min_value=0, max_value=31).map(MODEL.from_index)
grids = st.lists(st.sampled_from(DECK), max_size=32)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@given(a=cards, b=cards)
def test_matching_is_symmetric(a, b):
    assert matches(a, b) == matches(b, a)
    assert differences(a, b) == differences(b, a)
    assert len(differences(a, b)) == distance(a, b)
    assert matches(a, b) == (len(differences(a, b)) <= 1)


@given(card=cards)
def test_both_notations_read_back(card):
    assert MODEL.parse(card.short) == card == MODEL.parse(card.code)


@given(captain=cards, members=st.lists(cards, max_size=8), holder=st.booleans())
def test_an_accepted_chain_has_at_most_one_difference_at_each_step(captain, members, holder):
    bad = check_chain(captain, members, holder)
    pile = [captain, *members]
    steps = list(zip(pile, pile[1:], strict=False))
    if bad is None:
        assert all(distance(a, b) <= 1 for a, b in steps)
        if holder:
            assert all(a != b for a, b in steps)
    else:
        assert all(distance(a, b) == 1 or (distance(a, b) == 0 and not holder)
                   for a, b in steps[:bad.step - 1])
        previous, card = steps[bad.step - 1]
        assert (bad.previous, bad.card) == (previous, card)
        assert distance(previous, card) > 1 or (holder and previous == card)


@settings(max_examples=examples(60))
@given(grid=grids)
def test_solver_chain_is_valid_and_never_shorter_than_greedy(grid):
    best, quick = solve(grid), greedy_chain(grid)
    assert best.optimal and len(best.chain) >= len(quick.chain)
    if best.chain:
        assert check_chain(best.chain[0], best.chain[1:]) is None
        assert solo_round(grid, best.positions)[0] == best.leftover
    assert len(set(best.positions)) == len(best.positions)


@settings(max_examples=examples(60))
@given(grid=st.lists(st.sampled_from(DECK[:48]), max_size=9))
def test_solver_is_optimal_on_small_grids(grid):
    nexts = [[j for j in range(len(grid)) if j != i and matches(grid[i], grid[j])]
             for i in range(len(grid))]

    @cache
    def longest(last: int, used: int) -> int:
        return 1 + max((longest(j, used | 1 << j) for j in nexts[last] if not used >> j & 1),
                       default=0)

    assert len(solve(grid).chain) == max((longest(i, 1 << i) for i in range(len(grid))),
                                         default=0)


@given(filled=st.lists(st.booleans(), min_size=30, max_size=30),
       pile=st.lists(st.one_of(st.sampled_from(DECK), st.sampled_from(RULES.bonus_cards)),
                     max_size=40),
       minimum=st.integers(min_value=0, max_value=30))
def test_refill_lays_cards_in_the_gaps_and_triggers_bonus_rounds_only_from_the_minimum(
        filled, pile, minimum):
    grid = [DECK[i] if full else None for i, full in enumerate(filled)]
    done = refill(grid, pile, minimum)
    assert not any(isinstance(c, BonusCard) for c in done.grid)
    assert all(done.grid[i] == grid[i] for i in range(30) if grid[i] is not None)
    assert list(done.laid) == sorted(done.laid)
    assert all(table < minimum for _, table in done.discarded)
    used = len(pile) - len(done.pile)
    assert used == len(done.laid) + len(done.discarded) + (done.bonus is not None)
    if done.bonus is not None:
        assert on_table(done.grid) >= minimum
    elif done.pile:
        assert on_table(done.grid) == 30


@settings(max_examples=examples(25))
@given(seed=seeds, players=st.integers(min_value=2, max_value=5), hold=st.booleans(),
       bonus=st.booleans(), slip=st.sampled_from([0.0, 0.05, 0.3]))
def test_simulated_games_end_and_keep_every_card(seed, players, hold, bonus, slip):
    rules = rules_from_data(DATA, hold=hold, bonus=bonus)
    result = simulate(rules, players, random.Random(seed), Bot(slip=slip))
    state = result.state
    assert state.phase is Phase.OVER and result.events[-1].kind == "game-over"
    assert state.animal_cards() == len(DECK)
    assert sum(isinstance(c, Card) for c in state.pile) < players
    # A point per animal card, 2 per bonus card, minus what the penalty cards show.
    assert result.scores == tuple(s.won + 2 * s.bonus_cards + sum(s.minus) for s in state.seats)
    assert result.winners and max(result.scores) == result.scores[result.winners[0]]
    assert sum(len(s.minus) for s in state.seats) + state.minus_left == rules.minus_supply
    if not hold:
        assert not any(e.kind == "hold" for e in result.events)


@settings(max_examples=examples(10))
@given(seed=seeds)
def test_same_seed_same_game(seed):
    first = simulate(RULES, 3, random.Random(seed))
    assert simulate(RULES, 3, random.Random(seed)) == first
