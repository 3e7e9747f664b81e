"""Simulated frequencies against exact probabilities enumerated over the dice faces.

Each exact value is computed here by enumeration (itertools over the faces) and must lie in
the 99 % Wilson interval of a simulation through the playtest protocol with fixed seeds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product

import pytest

from printkit.games.coraz_blizej_swieta.rules import Player, setup_state
from printkit.games.polar_derby.rules import RollKind, legal_takes, read_roll
from printkit.games.polar_derby.state import setup_state as derby_setup
from printkit.playtest.games import coraz_blizej_swieta as coraz
from printkit.playtest.games import polar_derby as derby
from printkit.playtest.stats import wilson

Z99 = 2.5758293035489004
TRIALS = 600


def _inside(exact: float, hits: int, n: int) -> None:
    low, high = wilson(hits, n, Z99)
    assert low <= exact <= high, f"exact {exact:.4f} outside [{low:.4f}, {high:.4f}] " \
                                 f"({hits}/{n} simulated)"


def _derby_bust(state: derby.Position) -> Fraction:
    faces = state.rules.faces
    busts = sum(1 for roll in product(faces, repeat=2)
                if read_roll(roll, state.rules).kind is not RollKind.DOUBLE_FREE_SKATE
                and not legal_takes(state.game, roll, state.rules))
    return Fraction(busts, len(faces) ** 2)


def _simulated_busts(state: derby.Position, seed: str) -> int:
    return sum("bust" in derby.apply(state, "roll", random.Random(f"{seed}:{i}"))[1]
               for i in range(TRIALS))


def test_polar_derby_first_roll_bust_chance() -> None:
    start = derby.initial_state(3, random.Random(0), {})
    exact = _derby_bust(start)
    # Only a double of a colour busts: nobody has a bear to steal yet.
    assert exact == Fraction(len(start.rules.colours), len(start.rules.faces) ** 2)
    assert derby.bust_chance(start.game, start.rules) == float(exact)
    _inside(float(exact), _simulated_busts(start, "first"), TRIALS)


def test_polar_derby_bust_chance_after_two_colours_pulled() -> None:
    rules = derby.engine_rules({})
    white, blue = rules.colours[:2]
    game = derby_setup(rules, [{}, {white: 1}, {}], pulled=[white, blue])
    state = derby.Position(game, rules)
    exact = _derby_bust(state)
    assert 0 < exact < 1
    assert derby.bust_chance(game, rules) == float(exact)  # what the push policy reads
    _inside(float(exact), _simulated_busts(state, "pulled"), TRIALS)


def _wins_from_wigilia(faces: Sequence[int]) -> bool:
    """Up to three dice set to any face: can the total be 25 or 26?"""
    for k in range(min(3, len(faces)) + 1):
        for changed in combinations(range(len(faces)), k):
            rest = sum(faces) - sum(faces[i] for i in changed)
            if rest + k <= 26 and rest + 6 * k >= 25:
                return True
    return False


def _exact_wigilia(n: int) -> Fraction:
    wins = 0
    for faces in combinations_with_replacement(range(1, 7), n):
        if _wins_from_wigilia(faces):
            ways = math.factorial(n)
            for face in set(faces):
                ways //= math.factorial(faces.count(face))
            wins += ways
    return Fraction(wins, 6 ** n)


@pytest.mark.parametrize("dice", range(1, 8))
def test_coraz_chance_of_reaching_25_from_wigilia(dice: int) -> None:
    exact = _exact_wigilia(dice)
    rules = coraz.engine_rules({})
    game = setup_state([Player(field=24, dice=dice), Player()], rules)
    state = coraz.Position(game, rules)
    hits = 0
    for i in range(TRIALS // 2):
        rng = random.Random(f"wigilia:{dice}:{i}")
        rolled, _ = coraz.apply(state, "roll", rng)
        _, events = coraz.apply(rolled, "say", rng)
        hits += "won" in events
    _inside(float(exact), hits, TRIALS // 2)
    if dice <= 4:  # three dice set to 6 and one more die make at most 24
        assert exact == 0


def test_coraz_first_roll_stays_on_field_one() -> None:
    """A one-die roll of 1 from field 1 is "stayed": exactly 1/6."""
    exact = Fraction(sum(1 for (face,) in product(range(1, 7), repeat=1) if face == 1), 6)
    start = coraz.initial_state(2, random.Random(0), {})
    hits = 0
    for i in range(TRIALS):
        rng = random.Random(f"first:{i}")
        rolled, _ = coraz.apply(start, "roll", rng)
        hits += "stayed" in coraz.apply(rolled, "say", rng)[1]
    _inside(float(exact), hits, TRIALS)
