"""Invariants of Yeti Slalom over random positions, actions and whole games."""

from __future__ import annotations

import copy
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import RuleError
from printkit.games.yeti_slalom.course import hit_spaces
from printkit.games.yeti_slalom.data import SCHEMA
from printkit.games.yeti_slalom.rules import (
    Hand,
    Move,
    Pass,
    PlaceYeti,
    RacerPolicy,
    RandomPolicy,
    Rules,
    Snowboarder,
    Start,
    State,
    Where,
    YetiCard,
    action_problem,
    apply,
    deal_state,
    legal_actions,
    rules_from_data,
    setup_state,
    simulate,
)
from printkit.schema import read_toml, validate
from tests.games.budget import examples

GAME_TOML = Path(__file__).parents[3] / "printkit" / "games" / "yeti_slalom" / "game.toml"
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
RULES = rules_from_data(DATA)

SETTINGS = settings(max_examples=examples(30))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([3, 4, 5])
all_rules = st.sampled_from([RULES, rules_from_data(DATA, strict=True)])
policies = st.sampled_from([RacerPolicy(), RandomPolicy(), RandomPolicy(reroll_chance=1.0)])


def rolls_for(state: State, rng: random.Random) -> list[int]:
    """A first roll and up to as many re-rolls as the captain has snowballs."""
    return [rng.randint(1, 6) for _ in range(1 + rng.randint(0, state.hands[state.current]
                                                             .snowballs))]


def play(state: State, rules: Rules, rng: random.Random, actions: int) -> State:
    """Up to ``actions`` random legal actions."""
    for _ in range(actions):
        if state.over:
            break
        action = rng.choice(legal_actions(state, rules))
        rolls = rolls_for(state, rng) if isinstance(action, PlaceYeti) else []
        state, _ = apply(state, action, rules, rolls)
    return state


def check_position(state: State, rules: Rules) -> None:
    """Every snowboarder, Yeti card and snowball card is exactly once somewhere."""
    everyone = Counter(sb for sb, _ in state.locations)
    in_box = [Snowboarder(t, v) for t in rules.teams if t not in state.teams for v in rules.values]
    everyone.update(in_box)
    assert len(everyone) == 20 and set(everyone.values()) == {1}
    assert everyone.keys() == {Snowboarder(t, v) for t in rules.teams for v in rules.values}
    spaces = [loc.space for _, loc in state.locations if loc.where is Where.COURSE]
    assert len(spaces) == len(set(spaces)) and all(rules.course.contains(s) for s in spaces)
    finish = sorted(loc.finish for _, loc in state.locations if loc.where is Where.FINISH)
    assert finish == list(range(1, len(finish) + 1))
    assert len(finish) <= len(rules.course.multipliers)
    if any(loc.where is Where.LATE for _, loc in state.locations):
        assert len(finish) == len(rules.course.multipliers)
    for sb, loc in state.locations:
        if loc.where is Where.HELD:
            assert state.teams[loc.holder] != sb.team
    cards = Counter(state.placed) + Counter(state.box)
    for hand in state.hands:
        cards.update(hand.yetis)
    assert cards == Counter(rules.all_cards())
    assert all(n <= rules.yeti_copies for n in Counter(state.placed).values())
    snowballs = sum(h.snowballs for h in state.hands)
    assert snowballs + state.snowball_box + state.snowballs_discarded == rules.snowballs
    assert state.over == (not legal_actions(state, rules))


@SETTINGS
@given(seed=seeds, players=player_counts, rules=all_rules, policy=policies)
def test_the_twenty_snowboarders_are_always_accounted_for(seed, players, rules, policy):
    rng = random.Random(seed)
    state = deal_state(players, rules, rng)
    check_position(state, rules)
    for _ in range(400):
        if state.over:
            break
        action = policy.choose(state, legal_actions(state, rules), rules, rng)
        rolls = rolls_for(state, rng) if isinstance(action, PlaceYeti) else []
        state, _ = apply(state, action, rules, rolls)
        check_position(state, rules)


def candidate_actions(state: State, rules: Rules) -> list:
    """Legal and illegal actions alike: every start, move and card one could try."""
    course = rules.course
    out: list = [Pass()]
    out += [Start(v, s) for v in rules.values for s in course.spaces()[:15]]
    for sb, loc in state.locations:
        if loc.where is Where.COURSE and loc.space is not None:
            r, c = loc.space
            out += [Move(sb, (r + dr, c + dc)) for dr in (-1, 0, 1, 2) for dc in (-1, 0, 1)]
            out.append(Move(sb, None))
        else:
            out.append(Move(sb, (3, 3)))
    out += [PlaceYeti(card) for card in dict.fromkeys(rules.all_cards())]
    return out


@settings(max_examples=examples(40))
@given(seed=seeds, players=player_counts, rules=all_rules,
       actions=st.integers(min_value=0, max_value=120))
def test_every_legal_action_applies_and_nothing_else_does(seed, players, rules, actions):
    rng = random.Random(seed)
    state = play(deal_state(players, rules, rng), rules, rng, actions)
    legal = legal_actions(state, rules)
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert action_problem(state, action, rules) is None
        rolls = rolls_for(state, rng) if isinstance(action, PlaceYeti) else []
        after, events = apply(state, action, rules, rolls)
        check_position(after, rules)
        assert events and after.current == (state.current + 1) % state.players
    for action in candidate_actions(state, rules):
        if action in legal:
            continue
        rolls = [6] if isinstance(action, PlaceYeti) else []
        with pytest.raises(RuleError, match=r"^illegal action '"):
            apply(state, action, rules, rolls)


@SETTINGS
@given(seed=seeds, players=player_counts, rules=all_rules, policy=policies)
def test_seeded_simulations_always_end(seed, players, rules, policy):
    result = simulate(players, rules, random.Random(seed), policy, max_turns=5_000)
    assert result.state.over and result.events[-1].kind == "game-over"
    assert result.turns < 1_000
    check_position(result.state, rules)
    assert simulate(players, rules, random.Random(seed), policy) == result


@pytest.mark.parametrize("players", [3, 4, 5])
def test_seeded_simulations_end_for_every_player_count(players):
    for seed in range(10):
        for rules in (RULES, rules_from_data(DATA, strict=True)):
            result = simulate(players, rules, random.Random(seed), RandomPolicy())
            assert result.state.over


symbols = st.lists(st.integers(min_value=0, max_value=6), min_size=5, max_size=5)


@settings(max_examples=examples(60))
@given(green=symbols, red=symbols, hit_from=st.integers(min_value=1, max_value=6),
       colour=st.sampled_from(["green", "red"]), roll=st.integers(min_value=1, max_value=6),
       strict=st.booleans())
def test_changing_the_die_symbols_in_the_data_changes_which_spaces_are_hit(
        green, red, hit_from, colour, roll, strict):
    data = copy.deepcopy(DATA)
    data["throws"].update(green=green, red=red, hit_from=hit_from)
    rules = rules_from_data(data)
    row = 4  # the sleepy Yeti's row
    wanted = tuple(c for c, s in enumerate(green if colour == "green" else red, 1)
                   if roll >= hit_from and s and (s == roll if strict else s <= roll))
    assert hit_spaces(rules.course, colour, row, roll, strict_exact=strict) == wanted
    # the engine knocks off exactly the opponents on those spaces of a full row
    opponents = [Snowboarder("beavers", v) for v in (1, 2, 3, 4)] + [Snowboarder("kangaroos", 1)]
    card = YetiCard.parse(f"sleepy-{colour}")
    state = setup_state(rules, ("beavers", "crocodiles", "kangaroos"),
                        positions=[(sb, (row, c)) for c, sb in enumerate(opponents, 1)],
                        hands={"crocodiles": Hand((card,), 1)}, current="crocodiles")
    rolls = [1, roll] if strict else [roll]
    if strict:
        rules = rules_from_data(data, strict=True)
    after, _ = apply(state, PlaceYeti(card), rules, rolls)
    knocked = set(after.held(1))
    assert tuple(c for c, sb in enumerate(opponents, 1) if sb in knocked) == wanted
    engine = [hit_spaces(rules.course, k, row, r) for k in ("green", "red") for r in range(1, 7)]
    assert engine == _reach(green, red, hit_from)
    if _reach(green, red, hit_from) != _reach(list(RULES.course.green),
                                              list(RULES.course.red), RULES.course.hit_from):
        assert engine != [hit_spaces(RULES.course, k, row, r) for k in ("green", "red")
                          for r in range(1, 7)]


def _reach(green: list[int], red: list[int], hit_from: int) -> list[tuple[int, ...]]:
    """Worked out from the symbols alone: the columns each colour's roll 1..6 reaches."""
    return [tuple(c for c, s in enumerate(sym, 1) if r >= hit_from and s and s <= r)
            for sym in (green, red) for r in range(1, 7)]


def test_swapping_two_green_symbols_swaps_the_spaces_hit():
    data = copy.deepcopy(DATA)
    data["throws"]["green"] = [4, 3, 5, 6, 0]
    changed = rules_from_data(data)
    assert hit_spaces(RULES.course, "green", 3, 3) == (1,)
    assert hit_spaces(changed.course, "green", 3, 3) == (2,)
