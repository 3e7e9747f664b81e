"""The solo solver: optimal against brute force, valid chains, never worse than greedy."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from printkit.errors import RuleError
from printkit.games.pick_a_polar_bear.cards import check_chain, deck, matches, model_from_data
from printkit.games.pick_a_polar_bear.data import SCHEMA
from printkit.games.pick_a_polar_bear.solver import (
    greedy_chain,
    solo_game,
    solo_round,
    solve,
    solve_seed,
)
from printkit.schema import read_toml, validate

GAME_TOML = Path(__file__).parents[3] / "printkit" / "games" / "pick_a_polar_bear" / "game.toml"
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
MODEL = model_from_data(DATA)
DECK = deck(DATA)


def brute_force(grid) -> int:
    """The longest chain by trying every order of every card (memoised on the cards used)."""
    n = len(grid)
    nexts = [[j for j in range(n) if j != i and matches(grid[i], grid[j])] for i in range(n)]

    @cache
    def longest(last: int, used: int) -> int:
        return 1 + max((longest(j, used | 1 << j) for j in nexts[last] if not used >> j & 1),
                       default=0)

    return max((longest(i, 1 << i) for i in range(n)), default=0)


def crowded(rng: random.Random, size: int):
    """Cards from a small corner of the hypercube, many copies: where revisits matter."""
    dims = rng.sample(range(5), rng.choice([2, 3, 4]))
    base = rng.randrange(32)
    corner = []
    for mask in range(1 << len(dims)):
        index = base
        for bit, dim in enumerate(dims):
            if mask >> bit & 1:
                index ^= 1 << dim
        corner += [MODEL.from_index(index)] * rng.choice([0, 1, 1, 2, 3])
    rng.shuffle(corner)
    return corner[:size]


def check_solution(grid, solution) -> None:
    assert len(solution.chain) + solution.leftover == sum(c is not None for c in grid)
    assert [grid[i] for i in solution.positions] == list(solution.chain)
    if solution.chain:
        assert check_chain(solution.chain[0], solution.chain[1:]) is None
    if None not in grid:
        assert solo_round(grid, solution.positions)[0] == solution.leftover


@pytest.mark.parametrize("seed", range(6))
def test_optimal_against_brute_force_on_small_deals(seed):
    rng = random.Random(seed)
    for _ in range(40):
        grid = rng.sample(DECK, rng.randint(1, 10))
        solution = solve(grid)
        assert solution.optimal
        assert len(solution.chain) == brute_force(grid), [c.short for c in grid]
        check_solution(grid, solution)


@pytest.mark.parametrize("seed", range(6))
def test_optimal_against_brute_force_with_many_copies(seed):
    rng = random.Random(100 + seed)
    for _ in range(40):
        grid = crowded(rng, rng.randint(1, 10))
        if not grid:
            continue
        solution = solve(grid)
        assert len(solution.chain) == brute_force(grid), [c.short for c in grid]
        check_solution(grid, solution)


def test_a_hub_visited_twice_beats_taking_its_copies_together():
    # BRGTA (twice) joins three dead ends that differ from each other in two features:
    # taking both copies together leaves one dead end; coming back to BRGTA takes all five.
    grid = [MODEL.parse(t) for t in ("BRGTA", "BRGTA", "SRGTA", "BDGTA", "BRNTA")]
    solution = solve(grid)
    assert len(solution.chain) == 5 == brute_force(grid)
    assert solution.chain[1] == solution.chain[3] == MODEL.parse("BRGTA")


@pytest.mark.parametrize("seed", range(10))
def test_full_deals_are_valid_and_never_worse_than_greedy(seed):
    for number, grid in enumerate(solo_game(DATA, seed), 1):
        best, quick = solve(grid), greedy_chain(grid)
        assert best.optimal and not quick.optimal
        assert len(best.chain) >= len(quick.chain)
        leftover, _ = solo_round(grid, best.positions, number)
        assert leftover == best.leftover
        solo_round(grid, quick.positions)  # the greedy chain is a finished round too


def test_empty_slots_and_an_empty_grid():
    grid = [MODEL.parse("BRGTA"), None, MODEL.parse("BRGTW"), None]
    solution = solve(grid)
    assert solution.positions in ((0, 2), (2, 0)) and solution.leftover == 0
    assert solve([]).chain == () and solve([None, None]).leftover == 0


def test_a_node_limit_gives_up_without_claiming_optimality():
    grid = solo_game(DATA, 32)[0]
    assert solve(grid).leftover == 2
    limited = solve(grid, limit=1)
    assert not limited.optimal and limited.leftover == greedy_chain(grid).leftover


def test_solve_seed_plays_three_rounds_and_adds_up_the_cards_set_aside():
    result = solve_seed(DATA, 32)
    assert len(result.rounds) == 3 and [len(r.grid) for r in result.rounds] == [32] * 3
    assert result.total == sum(r.leftover for r in result.rounds)
    assert result.rounds[0].leftover == 2 and result.rounds[0].solution.optimal
    assert solve_seed(DATA, 32) == result
    lines = result.lines()
    assert lines[0] == "Pick-a-Polar Bear solo, seed 32"
    assert lines[-1] == f"Score: {result.total} (lower is better)"
    assert len(lines) == 2 + 3 * 7


def test_different_seeds_deal_different_games():
    assert solo_game(DATA, 1) != solo_game(DATA, 2)
    assert solo_game(DATA, 1) == solo_game(DATA, 1)


def test_solve_command_proves_every_round_optimal(capsys: pytest.CaptureFixture[str]) -> None:
    """``printkit solve``: three rounds, each chain plus its set-aside cards is the whole
    4 × 8 grid, the score is their sum, and no round says "(not proven optimal)"."""
    from printkit.cli import main

    assert main(["solve", "pick-a-polar-bear", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "not proven optimal" not in out
    chains = [int(n) for n in re.findall(r"chain \((\d+) cards\)", out)]
    aside = [int(n) for n in re.findall(r"set aside: (\d+)", out)]
    assert len(chains) == len(aside) == 3
    assert [c + a for c, a in zip(chains, aside, strict=True)] == [32, 32, 32]
    assert f"Score: {sum(aside)} (lower is better)" in out


def corner_of_zero(rng: random.Random) -> list:
    """Copies of the cards around card 0 (every attribute at its first value): a grid
    whose best chain often has to start or end on card 0, or revisit it."""
    dims = rng.sample(range(5), rng.choice([3, 4]))
    grid = []
    for mask in range(1 << len(dims)):
        index = sum(1 << dim for bit, dim in enumerate(dims) if mask >> bit & 1)
        grid += [MODEL.from_index(index)] * rng.choice([0, 1, 1, 2, 3])
    rng.shuffle(grid)
    return grid[:14]


@pytest.mark.parametrize("seed", range(2))
def test_optimal_against_brute_force_around_card_zero(seed):
    rng = random.Random(100 + seed)
    for _ in range(15):
        grid = corner_of_zero(rng)
        solution = solve(grid)
        assert solution.optimal
        assert len(solution.chain) == brute_force(grid), [c.short for c in grid]


def test_greedy_chain_of_one_card_takes_it():
    (card,) = DECK[:1]
    solution = greedy_chain([card])
    assert solution.chain == (card,) and solution.leftover == 0 and not solution.optimal


def test_solo_round_is_round_one_unless_told():
    grid = [MODEL.from_index(0), MODEL.from_index(1)]
    leftover, events = solo_round(grid, [0, 1])
    assert leftover == 0 and events[0].params["round"] == 1
    assert solo_round(grid, [1, 0], round=3)[1][0].params["round"] == 3


@pytest.mark.parametrize("chain", [[0, 0], [0, 2], [-1]])
def test_a_solo_chain_takes_each_grid_card_at_most_once(chain):
    grid = [MODEL.from_index(0), MODEL.from_index(1)]
    with pytest.raises(RuleError, match="takes each of the 2 grid cards at most once"):
        solo_round(grid, chain)
