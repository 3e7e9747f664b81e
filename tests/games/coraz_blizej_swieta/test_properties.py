"""Invariants of "Coraz bliżej Święta…" over many random games and rolls."""

from __future__ import annotations

import random
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.coraz_blizej_swieta.rules import (
    GOAL_FIELDS,
    MAX_CARDS,
    MAX_DICE,
    WIGILIA,
    Player,
    Roll,
    Rules,
    State,
    TurnKind,
    TydzienAnswer,
    WigiliaRoll,
    apply,
    initial_state,
    roll_dice,
    setup_state,
    simulate,
    turn_kind,
    wigilia_choices,
    winning_changes,
)
from tests.games.budget import examples

SETTINGS = settings(max_examples=examples(200))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=2, max_value=4)
all_rules = st.builds(Rules, tydzien=st.booleans(), strict_wigilia=st.booleans())


def careless_action(state: State, rules: Rules, rng: random.Random):
    """A player who sometimes mis-adds and guesses the Tydzień face at random."""
    p = state.player
    kind = turn_kind(state, rules)
    if kind is TurnKind.ANSWER:
        return TydzienAnswer(rng.randint(1, 6))
    faces = roll_dice(p.dice, rng)
    if kind is TurnKind.WIGILIA:
        return WigiliaRoll(faces, winning_changes(faces, rules) or ())
    announced = sum(faces) + 7 * p.cards + rng.choice((-1, 1)) if rng.random() < 0.1 else None
    return Roll(faces, announced)


def check_player(p: Player, rules: Rules) -> None:
    assert 1 <= p.field <= max(GOAL_FIELDS)
    assert p.won == (p.field in GOAL_FIELDS)
    assert 1 <= p.dice <= MAX_DICE
    assert 0 <= p.cards <= MAX_CARDS
    assert p.lost_turns >= 0
    if rules.tydzien:
        assert p.dice == 1
    else:
        assert p.cards == 0


@SETTINGS
@given(seed=seeds, players=player_counts, rules=all_rules)
def test_random_play_keeps_every_player_within_bounds(seed, players, rules):
    rng = random.Random(seed)
    state = initial_state(players, rules)
    while state.winner is None and state.turn < 400:
        before = state.player
        state, events = apply(state, careless_action(state, rules, rng), rules)
        for p in state.players:
            check_player(p, rules)
        kinds = [e.kind for e in events]
        if "won" in kinds:
            # A win only ever comes from Wigilia, with a total of 25 or 26.
            assert before.field == WIGILIA
            total = events[-1].params["total"]
            assert total in GOAL_FIELDS
            assert state.players[state.winner].field == total
        else:
            assert state.winner is None
    assert state.winner is not None


@SETTINGS
@given(seed=seeds, players=player_counts, rules=all_rules)
def test_simulated_games_end_well_below_max_turns(seed, players, rules):
    result = simulate(players, rules, random.Random(seed), max_turns=10_000)
    assert result.winner is not None
    assert result.turns < 500
    won = result.state.players[result.winner]
    assert won.won and won.field in GOAL_FIELDS
    assert sum(p.won for p in result.state.players) == 1


@SETTINGS
@given(seed=seeds, players=player_counts, rules=all_rules)
def test_same_seed_gives_same_game(seed, players, rules):
    first = simulate(players, rules, random.Random(seed))
    second = simulate(players, rules, random.Random(seed))
    assert first == second


faces_lists = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=MAX_DICE)


def can_win_by_brute_force(faces: list[int], rules: Rules) -> bool:
    """Every way to give up to three (strict: exactly three) dice any other face."""
    most = min(3, len(faces))
    for k in ((most,) if rules.strict_wigilia else range(most + 1)):
        for dice in combinations(range(len(faces)), k):
            rest = sum(faces) - sum(faces[i] for i in dice)
            for new in product(*([f for f in range(1, 7) if f != faces[i]] for i in dice)):
                if rest + sum(new) in GOAL_FIELDS:
                    return True
    return False


@settings(max_examples=examples(100))
@given(faces=faces_lists, strict=st.booleans())
def test_wigilia_choices_all_win_and_none_is_missed(faces, strict):
    rules = Rules(strict_wigilia=strict)
    choices = list(wigilia_choices(faces, rules))
    assert bool(choices) == can_win_by_brute_force(faces, rules)
    for changes in choices[:20]:
        indices = [i for i, _ in changes]
        assert len(set(indices)) == len(indices) <= 3
        assert all(faces[i] != face for i, face in changes)
        if strict:
            assert len(changes) == min(3, len(faces))
        new = list(faces)
        for i, face in changes:
            new[i] = face
        assert sum(new) in GOAL_FIELDS


@SETTINGS
@given(faces=faces_lists, strict=st.booleans())
def test_wigilia_turn_wins_exactly_when_a_win_is_possible(faces, strict):
    rules = Rules(strict_wigilia=strict)
    state = setup_state([Player(field=WIGILIA, dice=len(faces)), Player()], rules)
    changes = winning_changes(faces, rules)
    after, events = apply(state, WigiliaRoll(tuple(faces), changes or ()), rules)
    me = after.players[0]
    assert me.won == (changes is not None)
    if not me.won:
        low = sum(faces) < WIGILIA
        assert me.lost_turns == int(low)
        assert me.dice == min(len(faces) + low, MAX_DICE)
        assert events[-1].kind == ("penalty" if low else "passed")
