# ruff: noqa: E501  (one worked example per line reads best, as in examples.toml)
"""Every number of the Yeti Slalom rules on both sides of its boundary, through a user's
examples file. Expected values are worked out by hand from GAMES.md and game.toml:

* finish spaces ×4, ×3, ×2, ×2 for the first four finishers; the 5th, 6th…
  go face down to their captain and count their value;
* a throw of 1–2 misses; on 3 or more every opponent in the Yeti's row on a space
  whose symbol of the card's colour is at most the roll falls (green symbols 3, 4,
  5, 6, none in columns 1–5; red none, 6, 5, 4, 3);
* snowballs: one card per re-roll, the best roll counts; strict: the last roll
  counts and after a re-roll only the space whose symbol equals it is hit.
"""

from __future__ import annotations

import random

import pytest

from printkit import games
from printkit.errors import DataErrors, RuleError
from printkit.games.yeti_slalom.rules import (
    PlaceYeti,
    RacerPolicy,
    RandomPolicy,
    YetiCard,
    apply,
    resolve_throw,
    rules_from_data,
    simulate,
)
from tests.games.user_examples import (
    assert_verified,
    events,
    example,
    params,
    verdicts,
    write,
)

GAME = "yeti-slalom"

FOUR = ('{ team = "beavers", value = 4 }, { team = "crocodiles", value = 3 }, '
        '{ team = "kangaroos", value = 1 }, { team = "beavers", value = 1 }')


def _finisher(finish: str, late: str = "") -> str:
    return (f'{{ current = "kangaroos", positions = [{{ team = "kangaroos", value = 3, at = [6, 2] }}], '
            f"finish = [{finish}], late = [{late}] }}")


FINISHERS = [
    # (id, setup, the event the move gives, its params by hand, expect)
    ("first-finisher", _finisher(""), "finished",
     {"captain": "kangaroos", "team": "kangaroos", "value": 3, "from": [6, 2], "space": 1, "multiplier": 4},
     '{ finish = [{ team = "kangaroos", value = 3 }], points = { beavers = { finish = 0, late = 0, knocked_off = 0, total = 0 }, crocodiles = { finish = 0, late = 0, knocked_off = 0, total = 0 }, kangaroos = { finish = 12, late = 0, knocked_off = 0, total = 12 } } }'),
    ("second-finisher", _finisher('{ team = "beavers", value = 4 }'), "finished",
     {"captain": "kangaroos", "team": "kangaroos", "value": 3, "from": [6, 2], "space": 2, "multiplier": 3},
     '{ scores = { beavers = 16, crocodiles = 0, kangaroos = 9 } }'),
    ("fourth-finisher", _finisher('{ team = "beavers", value = 4 }, { team = "crocodiles", value = 3 }, { team = "beavers", value = 1 }'), "finished",
     {"captain": "kangaroos", "team": "kangaroos", "value": 3, "from": [6, 2], "space": 4, "multiplier": 2},
     '{ scores = { beavers = 18, crocodiles = 9, kangaroos = 6 }, late = {} }'),
    ("fifth-finisher", _finisher(FOUR), "finished-late",
     {"captain": "kangaroos", "team": "kangaroos", "value": 3, "from": [6, 2], "place": 5},
     '{ late = { kangaroos = [3] }, scores = { beavers = 18, crocodiles = 9, kangaroos = 5 } }'),
    ("sixth-finisher", _finisher(FOUR, '{ team = "crocodiles", value = 2 }'), "finished-late",
     {"captain": "kangaroos", "team": "kangaroos", "value": 3, "from": [6, 2], "place": 6},
     '{ late = { crocodiles = [2], kangaroos = [3] }, scores = { beavers = 18, crocodiles = 11, kangaroos = 5 } }'),
    ("seventh-finisher", _finisher(FOUR, '{ team = "crocodiles", value = 2 }, { team = "kangaroos", value = 4 }'), "finished-late",
     {"captain": "kangaroos", "team": "kangaroos", "value": 3, "from": [6, 2], "place": 7},
     '{ late = { crocodiles = [2], kangaroos = [3, 4] }, scores = { beavers = 18, crocodiles = 11, kangaroos = 9 } }'),
]


@pytest.mark.parametrize("row", FINISHERS, ids=[r[0] for r in FINISHERS])
def test_the_nth_finisher_gets_its_place_and_points(tmp_path, row):
    id_, setup, kind, expected, expect = row
    body = example(id_, "[{ move = 3, finish = true }]", setup, expect)
    assert_verified(tmp_path, GAME, body)
    assert params(events(tmp_path, GAME, body)[id_], kind) == [expected]


def _thrower(targets: str, hand: str = '["sleepy-green", "sleepy-red"]', snowballs: int = 2) -> str:
    return (f'{{ current = "crocodiles", positions = [{targets}], '
            f'hands = {{ crocodiles = {{ yetis = {hand}, snowballs = {snowballs} }} }} }}')


#: Beavers on every column of row 4 (the Sleepy Yeti's row), crocodiles' own one above.
ROW4 = ", ".join(f'{{ team = "beavers", value = {v}, at = [4, {c}] }}'
                 for c, v in ((1, 1), (2, 2), (3, 3), (4, 4))) + \
    ', { team = "kangaroos", value = 4, at = [4, 5] }'


def _hit(*pairs: tuple[str, int]) -> str:
    return "[" + ", ".join(f'{{ team = "{t}", value = {v} }}' for t, v in pairs) + "]"


THROWS = [
    # (id, rules, step, expect): green reaches columns with symbol 3..roll, left to right.
    ("green-roll-2-misses", "{}", '{ yeti = "sleepy", colour = "green", rolls = [2] }',
     '{ roll_counts = 2, missed = true, hit = [], hit_columns = [], last_events = ["yeti", "rolled", "missed"] }'),
    ("green-roll-3-hits-column-1", "{}", '{ yeti = "sleepy", colour = "green", rolls = [3] }',
     f'{{ roll_counts = 3, missed = false, hit_columns = [1], hit = {_hit(("beavers", 1))}, knocked_off = {{ crocodiles = [1] }} }}'),
    ("green-roll-4-hits-columns-1-2", "{}", '{ yeti = "sleepy", colour = "green", rolls = [4] }',
     f'{{ roll_counts = 4, hit_columns = [1, 2], hit = {_hit(("beavers", 1), ("beavers", 2))} }}'),
    ("green-roll-6-never-column-5", "{}", '{ yeti = "sleepy", colour = "green", rolls = [6] }',
     f'{{ hit_columns = [1, 2, 3, 4], hit = {_hit(("beavers", 1), ("beavers", 2), ("beavers", 3), ("beavers", 4))}, knocked_off = {{ crocodiles = [1, 2, 3, 4] }} }}'),
    ("red-roll-2-misses", "{}", '{ yeti = "sleepy", colour = "red", rolls = [2] }',
     '{ missed = true, hit_columns = [] }'),
    ("red-roll-3-hits-column-5", "{}", '{ yeti = "sleepy", colour = "red", rolls = [3] }',
     f'{{ hit_columns = [5], hit = {_hit(("kangaroos", 4))}, knocked_off = {{ crocodiles = [4] }} }}'),
    ("red-roll-4-hits-columns-4-5", "{}", '{ yeti = "sleepy", colour = "red", rolls = [4] }',
     f'{{ hit_columns = [4, 5], hit = {_hit(("beavers", 4), ("kangaroos", 4))} }}'),
    ("red-roll-6-never-column-1", "{}", '{ yeti = "sleepy", colour = "red", rolls = [6] }',
     '{ hit_columns = [2, 3, 4, 5] }'),
    # Snowballs: the best roll counts; one card per re-roll.
    ("reroll-up-counts", "{}", '{ yeti = "sleepy", colour = "green", rolls = [2, 4] }',
     '{ roll_counts = 4, hit_columns = [1, 2], snowballs = { beavers = 0, crocodiles = 1, kangaroos = 0 } }'),
    ("reroll-down-keeps-best", "{}", '{ yeti = "sleepy", colour = "green", rolls = [4, 2] }',
     '{ roll_counts = 4, hit_columns = [1, 2] }'),
    ("two-rerolls-two-snowballs", "{}", '{ yeti = "sleepy", colour = "green", rolls = [1, 2, 3] }',
     '{ roll_counts = 3, hit_columns = [1], snowballs = { beavers = 0, crocodiles = 0, kangaroos = 0 } }'),
    # Strict: the last roll counts; after a re-roll only its own symbol.
    ("strict-last-roll-counts", "{ strict = true }", '{ yeti = "sleepy", colour = "green", rolls = [4, 2] }',
     '{ roll_counts = 2, missed = true, hit_columns = [] }'),
    ("strict-reroll-hits-its-symbol-only", "{ strict = true }", '{ yeti = "sleepy", colour = "green", rolls = [2, 5] }',
     f'{{ roll_counts = 5, hit_columns = [3], hit = {_hit(("beavers", 3))} }}'),
    ("strict-first-roll-reaches-down", "{ strict = true }", '{ yeti = "sleepy", colour = "green", rolls = [5] }',
     '{ roll_counts = 5, hit_columns = [1, 2, 3] }'),
]


@pytest.mark.parametrize("row", THROWS, ids=[r[0] for r in THROWS])
def test_throws(tmp_path, row):
    id_, rules, step, expect = row
    assert_verified(tmp_path, GAME, example(id_, f"[{step}]", _thrower(ROW4), expect, rules))


def test_a_throw_claiming_one_column_more_is_wrong(tmp_path):
    body = example("x", '[{ yeti = "sleepy", colour = "green", rolls = [3] }]', _thrower(ROW4),
                   "{ hit_columns = [1, 2] }")
    assert "hit_columns expected [1, 2], computed [1]" in (verdicts(tmp_path, GAME, body)["x"] or "")


def test_miss_events_say_why(tmp_path):
    body = (example("low", '[{ yeti = "sleepy", colour = "green", rolls = [2] }]', _thrower(ROW4))
            + example("empty", '[{ yeti = "grumpy", colour = "green", rolls = [6] }]',
                      _thrower(ROW4, '["grumpy-green"]'))
            + example("best", '[{ yeti = "sleepy", colour = "green", rolls = [2, 4] }]',
                      _thrower(ROW4)))
    found = events(tmp_path, GAME, body)
    assert params(found["low"], "missed") == [{"captain": "crocodiles", "roll": 2,
                                               "reason": "low-roll", "columns": []}]
    assert params(found["empty"], "missed") == [{"captain": "crocodiles", "roll": 6,
                                                 "reason": "no-target", "columns": [1, 2, 3, 4]}]
    assert params(found["best"], "rolled") == [{"captain": "crocodiles", "rolls": [2, 4],
                                                "counts": 4, "snowballs": 1, "rule": "best"}]
    assert params(found["best"], "yeti") == [{"captain": "crocodiles", "yeti": "sleepy",
                                              "colour": "green", "row": 4, "side": "left",
                                              "cards": 1}]


def test_own_snowboarders_are_spared(tmp_path):
    targets = '{ team = "crocodiles", value = 1, at = [4, 1] }, { team = "beavers", value = 2, at = [4, 2] }'
    body = example("own", '[{ yeti = "sleepy", colour = "green", rolls = [4] }]', _thrower(targets),
                   '{ hit = [{ team = "beavers", value = 2 }], spared = [{ team = "crocodiles", value = 1 }], knocked_off = { crocodiles = [2] } }')
    assert_verified(tmp_path, GAME, body)


REFUSED = [
    ("three-rerolls-two-snowballs", '{ yeti = "sleepy", colour = "green", rolls = [1, 1, 1, 1] }',
     "3 re-rolls need 3 snowball cards"),
    ("one-reroll-no-snowball", '{ yeti = "sleepy", colour = "green", rolls = [1, 1] }',
     "1 re-rolls need 1 snowball cards"),
]


@pytest.mark.parametrize("row", REFUSED, ids=[r[0] for r in REFUSED])
def test_not_allowed(tmp_path, row):
    id_, step, reason = row
    snowballs = 0 if id_ == "one-reroll-no-snowball" else 2
    body = example(id_, f"[{step}]", _thrower(ROW4, snowballs=snowballs),
                   f'{{ refused = "{reason}" }}')
    assert_verified(tmp_path, GAME, body)


def _over(late_value: int) -> str:
    return ('{ over = true, finish = [{ team = "beavers", value = 4 }, { team = "crocodiles", value = 3 }, '
            '{ team = "kangaroos", value = 1 }, { team = "kangaroos", value = 2 }], '
            f'late = [{{ team = "crocodiles", value = {late_value} }}], '
            'held = [{ team = "kangaroos", value = 3, by = "crocodiles" }, '
            '{ team = "beavers", value = 2, by = "crocodiles" }] }')


def test_scores_and_ties_of_a_finished_game(tmp_path):
    # beavers 4 × 4 = 16; crocodiles 3 × 3 + 2 late + 3 + 2 knocked off = 16: a shared win;
    # kangaroos 1 × 2 + 2 × 2 = 6. With a late 4 instead of 2, crocodiles have 18 and win.
    body = (example("tie", "[]", _over(2), '{ game_over = true, scores = { beavers = 16, crocodiles = 16, kangaroos = 6 }, winners = ["beavers", "crocodiles"], points = { beavers = { finish = 16, late = 0, knocked_off = 0, total = 16 }, crocodiles = { finish = 9, late = 2, knocked_off = 5, total = 16 }, kangaroos = { finish = 6, late = 0, knocked_off = 0, total = 6 } } }')
            + example("two-more", "[]", _over(4), '{ scores = { beavers = 16, crocodiles = 18, kangaroos = 6 }, winners = ["crocodiles"] }'))
    assert_verified(tmp_path, GAME, body)


@pytest.mark.parametrize(("roll", "said"), [(7, "7 is above the maximum 6"),
                                            (0, "0 is below the minimum 1")])
def test_a_roll_off_the_die_is_bad_data(tmp_path, roll, said):
    body = example("x", f'[{{ yeti = "sleepy", colour = "green", rolls = [{roll}] }}]',
                   _thrower(ROW4))
    with pytest.raises(DataErrors, match=said):
        verdicts(tmp_path, GAME, body)


SETUP_ERRORS = [
    # (id, setup, words of the problem): the setup checks a user's file meets.
    ("five-on-four-finish-spaces", f'{{ finish = [{FOUR}, {{ team = "crocodiles", value = 1 }}] }}',
     "finish: 5 snowboarders, but there are only 4 finish spaces"),
    ("late-with-a-free-finish-space", '{ finish = [{ team = "beavers", value = 4 }], late = [{ team = "crocodiles", value = 1 }] }',
     "finish space 2 is still free"),
    ("two-on-one-space", '{ positions = [{ team = "beavers", value = 1, at = [3, 3] }, { team = "crocodiles", value = 1, at = [3, 3] }] }',
     "are both on [3, 3]"),
    ("off-the-course", '{ positions = [{ team = "beavers", value = 1, at = [7, 3] }] }', "is off the course"),
    ("held-by-own-captain", '{ held = [{ team = "beavers", value = 1, by = "beavers" }] }',
     "cannot be held by its own captain"),
    ("value-five", '{ positions = [{ team = "beavers", value = 5, at = [3, 3] }] }', "unknown value 5; valid: 1, 2, 3, 4"),
    ("third-copy-on-a-space", '{ current = "crocodiles", placed = ["sleepy-green", "sleepy-green"], hands = { crocodiles = { yetis = ["sleepy-green"] } } }',
     "sleepy-green"),
]


@pytest.mark.parametrize("row", SETUP_ERRORS, ids=[r[0] for r in SETUP_ERRORS])
def test_a_setup_that_breaks_the_box_is_wrong(tmp_path, row):
    id_, setup, words = row
    problem = verdicts(tmp_path, GAME, example(id_, "[]", setup, "{ game_over = false }"))[id_]
    assert problem is not None and words in problem


MOVES = [
    # (id, setup, step, reason): one space forward, diagonally forward or sideways only.
    ("backward", '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [3, 3] }] }',
     "{ move = 1, to = [2, 3] }", "cannot move backward, from row 3 to row 2"),
    ("two-rows", '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [3, 3] }] }',
     "{ move = 1, to = [5, 3] }", "is not next to"),
    ("off-the-side", '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [3, 5] }] }',
     "{ move = 1, to = [4, 6] }", "is off the course (columns 1-5)"),
    ("onto-a-snowboarder", '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [3, 3] }, { team = "crocodiles", value = 2, at = [4, 3] }] }',
     "{ move = 1, to = [4, 3] }", "[4, 3] is taken by"),
    ("finish-from-row-5", '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [5, 3] }] }',
     "{ move = 1, finish = true }", "only a move forward out of the last row"),
    ("start-on-row-3", '{ current = "beavers" }', "{ start = 1, at = [3, 3] }",
     "a snowboarder starts on an empty space of the start rows"),
    ("yeti-not-in-hand", '{ current = "beavers", hands = { beavers = { yetis = ["grumpy-red"] } } }',
     '{ yeti = "grumpy", colour = "green", rolls = [4] }', "has no grumpy-green card in hand"),
]


@pytest.mark.parametrize("row", MOVES, ids=[r[0] for r in MOVES])
def test_moves_the_rules_do_not_allow(tmp_path, row):
    id_, setup, step, reason = row
    body = example(id_, f"[{step}]", setup, f'{{ refused = "{reason}" }}')
    assert_verified(tmp_path, GAME, body)


@pytest.mark.parametrize(("to", "direction"), [([4, 3], "forward"), ([4, 4], "diagonal"),
                                               ([4, 2], "diagonal"), ([3, 4], "sideways")])
def test_the_three_ways_to_move(tmp_path, to, direction):
    setup = '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [3, 3] }] }'
    body = example("m", f"[{{ move = 1, to = {to} }}]", setup)
    (moved,) = params(events(tmp_path, GAME, body)["m"], "moved")
    assert (moved["from"], moved["to"], moved["direction"]) == ([3, 3], to, direction)


def test_a_roll_of_three_is_not_low(tmp_path):
    body = example("three", '[{ yeti = "grumpy", colour = "green", rolls = [3] }]',
                   _thrower(ROW4, '["grumpy-green"]'))
    assert params(events(tmp_path, GAME, body)["three"], "missed") == [
        {"captain": "crocodiles", "roll": 3, "reason": "no-target", "columns": [1]}]


def _rules(strict: bool = False):
    return rules_from_data(games.get(GAME).load_data(), strict=strict)


@pytest.mark.parametrize("roll", [True, 0, 7, 2.0])
def test_resolve_throw_takes_die_faces_only(roll):
    rules = _rules()
    with pytest.raises(RuleError, match="a roll of the die is 1-6"):
        resolve_throw(rules.course, YetiCard.parse("sleepy-green"), [roll], False)


def _position(tmp_path, setup: str):
    game = games.get(GAME)
    (ex,) = game.load_examples(write(tmp_path, GAME, example("p", "[]", setup)))
    return game.replay(ex, game.load_data()).states[0]


def test_simulated_policies_reroll_only_a_miss(tmp_path):
    rules, rng = _rules(), random.Random(0)
    state = _position(tmp_path, _thrower(ROW4))
    card = YetiCard.parse("sleepy-green")
    assert RacerPolicy().reroll(state, card, [2], rules, rng) is True    # 2 misses
    assert RacerPolicy().reroll(state, card, [3], rules, rng) is False   # 3 hits column 1
    assert RandomPolicy(reroll_chance=1.0).reroll(state, card, [3], rules, rng) is False
    assert RandomPolicy(reroll_chance=0.0).reroll(state, card, [2], rules, rng) is False
    assert RandomPolicy(reroll_chance=1.0).reroll(state, card, [2], rules, rng) is True


def test_a_simulated_game_counts_its_turns_and_may_take_exactly_them():
    result = simulate(3, _rules(), random.Random(3))
    kinds = {"started", "moved", "finished", "finished-late", "yeti", "passed"}
    assert result.turns == sum(e.kind in kinds for e in result.events)
    assert simulate(3, _rules(), random.Random(3), max_turns=result.turns).turns == result.turns
    with pytest.raises(RuntimeError, match=f"did not end in {result.turns - 1} turns"):
        simulate(3, _rules(), random.Random(3), max_turns=result.turns - 1)


@pytest.mark.parametrize(("first", "then"), [("beavers", "crocodiles"), ("crocodiles", "kangaroos"),
                                             ("kangaroos", "beavers")])
def test_the_turn_passes_to_the_next_captain_in_seat_order(tmp_path, first, then):
    body = example("next", "[{ start = 1, at = [1, 1] }]", f'{{ current = "{first}" }}',
                   f'{{ current = "{then}" }}')
    assert_verified(tmp_path, GAME, body)


@pytest.mark.parametrize("roll", [True, 2.0, 0])
def test_apply_takes_die_faces_only(tmp_path, roll):
    state = _position(tmp_path, _thrower(ROW4))
    with pytest.raises(RuleError, match="a roll of the die is 1-6"):
        apply(state, PlaceYeti(YetiCard.parse("sleepy-green")), _rules(), [roll])
