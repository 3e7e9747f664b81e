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


@pytest.mark.rule("solo-planning")
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
    assert solution.nodes == 0  # no search: Solution.nodes is 0 for the greedy chain


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


def test_a_chain_that_must_end_on_card_zero_is_found():
    # Card index 0 (BRGTA) is a dead end: its only neighbour on the table is BDGTA, so
    # every chain that takes all ten cards ends (or starts) on it, for instance
    # BRNNA BRNNA BRNNW BDNNW BDGNW BRGNW BDGNW BDGTW BDGTA BRGTA. The search marks
    # a start as "searched in full" only after searching it; card 0 must not start so.
    codes = ("BRGTA", "BDGTA", "BRNNA", "BRNNA", "BDGTW", "BRGNW", "BDGNW", "BDGNW",
             "BRNNW", "BDNNW")
    grid = [MODEL.parse(t) for t in codes]
    by_hand = [MODEL.parse(t) for t in ("BRNNA", "BRNNA", "BRNNW", "BDNNW", "BDGNW", "BRGNW",
                                        "BDGNW", "BDGTW", "BDGTA", "BRGTA")]
    assert check_chain(by_hand[0], by_hand[1:]) is None
    assert sorted(c.short for c in by_hand) == sorted(codes)
    solution = solve(grid)
    assert solution.optimal and len(solution.chain) == 10 and solution.leftover == 0
    check_solution(grid, solution)


@pytest.mark.rule("solo-planning")
def test_the_optimum_is_never_shorter_than_a_chain_found_by_hand():
    # 23 cards; the 21-card chain below is checked card by card against the matching
    # rule (one attribute changed, or none). The solver claims an optimum, so it must
    # take at least 21: a memo key that mixes up two different search states does not.
    codes = ("BDGNA", "BDGTW", "SRNTA", "BDNTA", "SRNNA", "BRGTA", "SDGNA", "SRNNW", "BDNTA",
             "SDGNA", "BDGNW", "SRGTW", "SRGNA", "SDGTA", "BRNTW", "BRGNA", "SDNNA", "SDGNA",
             "BDGTA", "BDNNW", "BDGTA", "BRGTA", "SRNNA")
    by_hand = [MODEL.parse(t) for t in (
        "SRNTA", "SRNNA", "SRNNW", "SRNNA", "SDNNA", "SDGNA", "SDGTA", "SDGNA", "SRGNA",
        "SDGNA", "BDGNA", "BRGNA", "BRGTA", "BRGTA", "BDGTA", "BDNTA", "BDNTA", "BDGTA",
        "BDGTW", "BDGNW", "BDNNW")]
    assert check_chain(by_hand[0], by_hand[1:]) is None
    grid = [MODEL.parse(t) for t in codes]
    left = list(grid)
    for card in by_hand:
        left.remove(card)  # every card of the chain is a different grid card
    solution = solve(grid)
    assert solution.optimal and len(solution.chain) >= len(by_hand) == 21
    check_solution(grid, solution)


def test_the_memo_of_failed_states_keeps_a_hard_proof_short():
    # The hardest of forty random 32-card deals tried: with a memo of failed search
    # states the proof takes under 3,000 nodes; a memo key that no longer names the
    # state (visits left per card) matches nothing and the same proof takes ~27,000.
    # A budget of 8,000 leaves room for other heuristics, not for a broken memo.
    codes = ("SDGNA BDGTA SDNTW SRNNW BRGNW BDGTA SDGNW SDGTA SDNTW SDNNW BRNTW BDGNW BDGNW "
             "SRNNW SRGTA SDNNA SRNNA SRGTW BRNTA SDGNW BDNNA SDGNW BRGNA SRGTA BRNTW SDNTW "
             "BRGTW SDNTA SRNNW SDNTA BRGNW BDNTA").split()
    grid = [MODEL.parse(t) for t in codes]
    solution = solve(grid, limit=8_000)
    assert solution.optimal, "the proof needed more than 8,000 search nodes"
    check_solution(grid, solution)


def test_the_node_limit_counts_every_node_the_search_visits():
    # The limit is checked after a node is counted and after the target test, so a
    # proof that visits n nodes (the last one reaching the target) runs with limit
    # n - 1 and gives up with limit n - 2, where it has visited n - 1.
    grid = solo_game(DATA, 32)[0]
    needed = solve(grid).nodes
    assert needed > 2
    assert solve(grid, limit=needed - 1).optimal
    gave_up = solve(grid, limit=needed - 2)
    assert not gave_up.optimal and gave_up.nodes == needed - 1


@pytest.mark.parametrize(("copies", "refused"), [(2, True), (3, False)])
def test_a_solo_game_needs_three_grids_of_32_cards(copies, refused):
    # 3 rounds × 32 slots = 96 cards: 3 copies of the 32 combinations are exactly enough,
    # 2 copies (64 cards) are not.
    data = {**DATA, "deck": {"copies": copies}}
    if refused:
        with pytest.raises(RuleError, match="3 solo rounds of 32 cards need more than the 64"):
            solo_game(data, 1)
    else:
        assert [len(grid) for grid in solo_game(data, 1)] == [32, 32, 32]


#: Small grids where pruning that is too strong (a neighbour's part cut short or
#: skipped, the wrong start taken as searched) loses a card: the brute force gives
#: the optimum.
BOUND_SMALL = [
    "SRGTW SRNNW SDGNW BRNNA BRNTW SRGNA BRNTW SRNTW SDNTA SRNTW",
    "SDGTA BDNTA SDNTA SDGNA SRGTA SRNTA SDGNW BRNNW BRGNW SRGNA BRNTW SDGNW BRGNA",
    # a start searched in full must be the one looked up, not its neighbour in the mask
    "BDGNW BRNTW SDGNA SDNTA BDGNW BDNTW BDNTA BRGTW BDGNW SRNNW SRGTA BDGNA BRNNA SDGTW BDGTW",
]

#: Larger grids where the parity bound summing the smallest cards instead of the
#: largest loses a card: each with a chain checked card by card, which the optimum
#: must reach.
BOUND_LARGE = [
    ("BDNNW SDNNW BDGTW BDGNW SRGTW SRNTW SDNTA BRNNW BDNNA SDNNA BRGTA SRNNA SDGNA SDGNA "
     "SRGTA SDGTA BRGNW BDNTW BDGNW BDGTA BDNTA BRNNW SRNTW BRGNA SRNNA BDGTW SRGNW BRGNA",
     "SRNNA SRNNA SDNNA SDGNA SDGNA SDGTA SDNTA BDNTA BDGTA BDGTW BDNTW BDGTW BDGNW BDGNW "
     "BDNNW BRNNW BRNNW BRGNW BRGNA BRGNA BRGTA SRGTA SRGTW SRNTW SRNTW"),
    ("BRNNA SDNNW BRNTW SRGNA SDNNW BRNNA SRNTA BDGNA BRGTA SRNTW BDNTW BRNNA BRNTW SRGNW "
     "BRGNW BDGNA SRGTA BDGNW BDGTW SDNTA BRGTA BDGTW SDNTA SRGTW SDGNW SRGTW",
     "SDNTA SDNTA SRNTA SRGTA SRGNA SRGNW SRGTW SRGTW SRNTW BRNTW BRNTW BDNTW BDGTW BDGTW "
     "BDGNW SDGNW SDNNW SDNNW"),
]


@pytest.mark.parametrize("codes", BOUND_SMALL)
def test_the_bound_never_cuts_off_the_optimum_of_a_small_grid(codes):
    grid = [MODEL.parse(t) for t in codes.split()]
    solution = solve(grid)
    assert solution.optimal and len(solution.chain) == brute_force(grid)


@pytest.mark.parametrize(("codes", "chain"), BOUND_LARGE)
def test_the_bound_never_cuts_off_a_chain_found_by_hand(codes, chain):
    grid = [MODEL.parse(t) for t in codes.split()]
    by_hand = [MODEL.parse(t) for t in chain.split()]
    assert check_chain(by_hand[0], by_hand[1:]) is None
    left = list(grid)
    for card in by_hand:
        left.remove(card)  # each card of the chain is a different grid card
    solution = solve(grid)
    assert solution.optimal and len(solution.chain) >= len(by_hand)
    check_solution(grid, solution)


def test_the_solo_report_prints_each_grid_row_by_row_from_round_one():
    result = solve_seed(DATA, 32)
    lines = result.lines()
    grid = result.rounds[0].grid
    assert lines[1] == "Round 1:" and lines[8] == "Round 2:"
    assert lines[2] == "  " + " ".join(c.short for c in grid[:8])   # 8 columns (game.toml)
    assert lines[5] == "  " + " ".join(c.short for c in grid[24:32])


def test_an_empty_solo_round_sets_nothing_aside():
    leftover, events = solo_round([], [])
    assert leftover == 0 and dict(events[0].params) == {"round": 1, "leftover": 0, "chain": []}


def test_the_memo_key_keeps_two_copies_apart_from_one_card_more():
    # BRGTA BDGTA BDNTA BRNTA make a square; SDGTA hangs off BDGTA (two copies), the
    # pairs BRGNA-SRGNA and BDNTW-SDNTW off BRGTA and BDNTA. Every card but BRNTA can
    # be taken, going out to SDGTA and back between BDGTA's two copies:
    # SRGNA BRGNA BRGTA BDGTA SDGTA BDGTA BDNTA BDNTW SDNTW. On the way, "at BDNTA
    # with BRNTA still to take" and "at BDNTA with BDGTA (both) and SDGTA still to
    # take" are different search states; the second is searched first and fails. A
    # memo key with one bit per card mixes them up (by Card.index BDGTA is 2, SDGTA 3,
    # BRNTA 4, and 2 * 2**2 + 2**3 == 2**4), takes the first as failed too and finds 8.
    codes = "BDNTW BRNTA BDNTA BDGTA SDGTA BRGNA SRGNA SDNTW BRGTA BDGTA"
    grid = [MODEL.parse(t) for t in codes.split()]
    by_hand = [MODEL.parse(t) for t in (
        "SRGNA", "BRGNA", "BRGTA", "BDGTA", "SDGTA", "BDGTA", "BDNTA", "BDNTW", "SDNTW")]
    assert check_chain(by_hand[0], by_hand[1:]) is None
    solution = solve(grid)
    assert solution.optimal and len(solution.chain) == 9 == brute_force(grid)
    assert solution.leftover == 1
    check_solution(grid, solution)


def test_a_proof_through_a_long_walk_finishes_as_runs_grow():
    # 20 copies each of BRGTA and SRGTA, joined directly and through BRGNA-SRGNA; off
    # SRGTA, the single SRGTW leads to two branches, SDGTW-SDGNW and SRNTW (2)-SRNNW,
    # that touch nothing else. SRGTW is taken once at most, and a chain without it
    # splits into two pieces at most, so it takes cards from two of the three parts
    # around SRGTW: at best the 42 cards of the big piles, SRGTW and the larger branch,
    # 46. Proving 47 out of reach searches walks that cross between the piles often,
    # and the restarts' node budgets must keep growing (the Luby sequence 1, 1, 2, 1,
    # 1, 2, 4…) for one run to get through the proof: it takes under 2,000 nodes here;
    # with every run stopped at 64 nodes it had not ended after 3,000,000.
    grid = ([MODEL.parse("BRGTA")] * 20 + [MODEL.parse("SRGTA")] * 20
            + [MODEL.parse(t) for t in "BRGNA SRGNA SRGTW SDGTW SDGNW SRNTW SRNTW SRNNW".split()])
    by_hand = ([MODEL.parse("SRGNA"), MODEL.parse("BRGNA")] + [MODEL.parse("BRGTA")] * 20
               + [MODEL.parse("SRGTA")] * 20
               + [MODEL.parse(t) for t in ("SRGTW", "SRNTW", "SRNTW", "SRNNW")])
    assert check_chain(by_hand[0], by_hand[1:]) is None and len(by_hand) == 46
    solution = solve(grid, limit=100_000)
    assert solution.optimal, "the proof did not finish within 100,000 search nodes"
    assert len(solution.chain) == 46 and solution.leftover == 2
    check_solution(grid, solution)


def test_take_all_counts_the_visit_that_may_end_the_walk():
    # A line SRGTW - SRGTA (3) - SRNTA - BRNTA (2), and BRNNA, BRNTW both off BRNTA:
    # all 9 cards go, for instance BRNNA BRNTA BRNTW BRNTA SRNTA SRGTA SRGTA SRGTA
    # SRGTW (out to BRNTW and back between BRNTA's copies). When a chain must take
    # every card left, the search bounds how often each card can still be visited by
    # its neighbours' visits, plus one where the chain may end: from BRNNA, BRNTW or
    # SRGTW, SRGTA (two single cards around it) gets 1 + 1 visits. Taking the end's
    # visit off instead (1 - 1) leaves SRGTA unreachable from those starts; once they
    # count as searched in full no chain from SRGTA may end there, and it finds 8.
    grid = [MODEL.parse(t) for t in
            "SRGTW SRGTA SRGTA SRGTA SRNTA BRNTW BRNTA BRNTA BRNNA".split()]
    by_hand = [MODEL.parse(t) for t in
               "BRNNA BRNTA BRNTW BRNTA SRNTA SRGTA SRGTA SRGTA SRGTW".split()]
    assert check_chain(by_hand[0], by_hand[1:]) is None
    assert sorted(c.short for c in by_hand) == sorted(c.short for c in grid)
    solution = solve(grid)
    assert solution.optimal and len(solution.chain) == 9 == brute_force(grid)
    assert solution.leftover == 0


def test_the_start_marked_searched_in_full_is_the_one_searched():
    # The only 6-card chain is BRNTW BRNTA BDNTA BDNNA BDGNA BDGNW (SDNNA, off BDNNA,
    # is left; a chain that takes it stops at 5 or fewer). SDGTW and SRGNW match no
    # card: with no neighbour they are tried first as starts, then marked as searched
    # in full, where no later chain may end. By Card.index they are 19 and 25, and
    # the two ends of the best chain are 20 and 26: marking the card after each start
    # instead of the start itself cuts both ends, and the search finds 5.
    grid = [MODEL.parse(t) for t in
            "SDNNA BRNTW SDGTW SRGNW BRNTA BDGNW BDNTA BDGNA BDNNA".split()]
    by_hand = [MODEL.parse(t) for t in "BRNTW BRNTA BDNTA BDNNA BDGNA BDGNW".split()]
    assert check_chain(by_hand[0], by_hand[1:]) is None
    assert [MODEL.parse(t).index for t in ("SDGTW", "BRNTW", "SRGNW", "BDGNW")] == [
        19, 20, 25, 26]
    solution = solve(grid)
    assert solution.optimal and len(solution.chain) == 6 == brute_force(grid)
    check_solution(grid, solution)
