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
    Move,
    PlaceYeti,
    RacerPolicy,
    RandomPolicy,
    Snowboarder,
    YetiCard,
    apply,
    legal_actions,
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
    # Crocodiles 1-3 have finished; crocodile 4 on [6, 3] can finish or step sideways to
    # [6, 2] or [6, 4]: three ways, no start, so it may not pass.
    ("pass-with-three-moves", '{ current = "crocodiles", finish = [{ team = "crocodiles", value = 1 }, { team = "crocodiles", value = 2 }, { team = "crocodiles", value = 3 }], positions = [{ team = "crocodiles", value = 4, at = [6, 3] }] }',
     "{ pass = true }", "can still start or move a snowboarder (3 ways)"),
    # Row 6 is the last row: [6, 6] is a column off the course, not a row past the end.
    ("sideways-off-the-last-row", '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [6, 5] }] }',
     "{ move = 1, to = [6, 6] }", "[6, 6] is off the course (columns 1-5)"),
    ("forward-past-the-last-row", '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [6, 3] }] }',
     "{ move = 1, to = [7, 3] }", "there is no row 7: moving forward out of row 6 is moving to the finish"),
    ("start-a-finished-snowboarder", '{ current = "beavers", finish = [{ team = "beavers", value = 1 }, { team = "beavers", value = 2 }] }',
     "{ start = 2, at = [1, 1] }", "has already started: it is on finish space 2"),
    ("start-a-knocked-off-snowboarder", '{ current = "beavers", held = [{ team = "beavers", value = 1, by = "crocodiles" }] }',
     "{ start = 1, at = [1, 1] }", "has already started: it is held by the crocodiles"),
    ("yeti-not-in-hand", '{ current = "beavers", hands = { beavers = { yetis = ["grumpy-red"] } } }',
     '{ yeti = "grumpy", colour = "green", rolls = [4] }', "has no grumpy-green card in hand"),
]


@pytest.mark.parametrize("row", MOVES, ids=[r[0] for r in MOVES])
def test_moves_the_rules_do_not_allow(tmp_path, row):
    id_, setup, step, reason = row
    body = example(id_, f"[{step}]", setup, f'{{ refused = "{reason}" }}')
    assert_verified(tmp_path, GAME, body)


@pytest.mark.rule("move-snowboarder")
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


@pytest.mark.rule("youngest-starts")
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


# --- the racing bot's preferences (RacerPolicy): not rules, but pinned all the same ---------
# Its docstring: finish, race forward, throw at a row with targets, start. By hand: a
# finishing move beats a forward step, forward beats diagonal, a diagonal step beats a
# throw at a row with two opponents or more, that throw beats a start, a start beats a
# sideways step, a sideways step beats a throw at a row with fewer than two opponents.
# Ties go to the move or start that reaches the row nearer the finish.

def _choice(tmp_path, setup: str, seed: int):
    rules = _rules()
    state = _position(tmp_path, setup)
    return state, RacerPolicy().choose(state, legal_actions(state, rules), rules,
                                       random.Random(seed))


def _racer(positions: str, hand: str = "[]") -> str:
    return (f'{{ current = "crocodiles", positions = [{positions}], '
            f'hands = {{ crocodiles = {{ yetis = {hand}, snowballs = 0 }} }} }}')


def _croc(value: int, row: int, col: int, team: str = "crocodiles") -> str:
    return f'{{ team = "{team}", value = {value}, at = [{row}, {col}] }}'


def _target(state, action):
    """(row, column) a move goes to, "finish", or the kind of any other action."""
    if isinstance(action, Move):
        return "finish" if action.to is None else tuple(action.to)
    return type(action).__name__


@pytest.mark.parametrize("seed", range(8))
def test_the_racer_finishes_first(tmp_path, seed):
    state, chosen = _choice(tmp_path, _racer(_croc(4, 6, 3) + ", " + _croc(3, 2, 3)), seed)
    assert _target(state, chosen) == "finish"


@pytest.mark.parametrize("seed", range(8))
def test_the_racer_goes_forward_before_diagonal_and_the_lowest_first(tmp_path, seed):
    # Crocodiles on [2, 3] and [3, 1]: forward to [3, 3] or [4, 1]; the lower row wins.
    state, chosen = _choice(tmp_path, _racer(_croc(4, 2, 3) + ", " + _croc(3, 3, 1)), seed)
    assert _target(state, chosen) == (4, 1)
    state, chosen = _choice(tmp_path, _racer(_croc(4, 2, 3)), seed)
    assert _target(state, chosen) == (3, 3)


@pytest.mark.parametrize("seed", range(8))
def test_the_racer_steps_diagonally_before_throwing(tmp_path, seed):
    # Forward [3, 3] is blocked by a beaver; the diagonals [3, 2], [3, 4] are free;
    # beavers on [4, 1] and [4, 5] are two targets of the Sleepy Yeti (row 4).
    blocked = _croc(4, 2, 3) + ", " + _croc(1, 3, 3, "beavers")
    targets = _croc(2, 4, 1, "beavers") + ", " + _croc(3, 4, 5, "kangaroos")
    state, chosen = _choice(tmp_path, _racer(blocked + ", " + targets, '["sleepy-green"]'), seed)
    assert _target(state, chosen) in {(3, 2), (3, 4)}


# No crocodile on the course: a start or the Sleepy Yeti (row 4).
ROW4_ONE_EACH_END = [_croc(2, 4, 1, "beavers"), _croc(3, 4, 5, "kangaroos")]
ROW4_TWO = ", ".join(ROW4_ONE_EACH_END)  # columns 1 and 5, the ends of the row


@pytest.mark.parametrize("seed", range(4))
def test_the_racer_throws_at_two_opponents_before_starting(tmp_path, seed):
    state, chosen = _choice(tmp_path, _racer(ROW4_TWO, '["sleepy-green"]'), seed)
    assert _target(state, chosen) == "PlaceYeti"


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("one", ROW4_ONE_EACH_END)
def test_the_racer_starts_before_throwing_at_one_opponent_and_starts_low(tmp_path, seed, one):
    state, chosen = _choice(tmp_path, _racer(one, '["sleepy-green"]'), seed)
    assert _target(state, chosen) == "Start" and chosen.space[0] == 2


@pytest.mark.parametrize("seed", range(4))
def test_the_racer_counts_no_own_snowboarder_as_a_target(tmp_path, seed):
    # A crocodile on [4, 1] that cannot move ([5, 1], [5, 2] and [4, 2] taken) and
    # one beaver on [4, 2]: one target, so the racer starts instead of throwing.
    boxed = ", ".join([_croc(4, 4, 1), _croc(1, 4, 2, "beavers"), _croc(2, 5, 1, "beavers"),
                       _croc(1, 5, 2, "kangaroos")])
    state, chosen = _choice(tmp_path, _racer(boxed, '["sleepy-green"]'), seed)
    assert _target(state, chosen) == "Start"


@pytest.mark.parametrize("seed", range(8))
def test_the_racer_starts_before_stepping_sideways(tmp_path, seed):
    # A crocodile on [3, 1]: [4, 1] and [4, 2] taken, so only sideways to [3, 2].
    boxed = ", ".join([_croc(4, 3, 1), _croc(1, 4, 1, "beavers"), _croc(2, 4, 2, "beavers")])
    state, chosen = _choice(tmp_path, _racer(boxed), seed)
    assert _target(state, chosen) == "Start"


@pytest.mark.parametrize("seed", range(4))
def test_the_racer_steps_sideways_before_a_throw_without_targets(tmp_path, seed):
    # The other crocodiles have finished: no start. The Grumpy Yeti's row 3 holds only
    # the crocodile itself: no target. Left: the sideways step to [3, 2] and the throw.
    boxed = ", ".join([_croc(4, 3, 1), _croc(1, 4, 1, "beavers"), _croc(2, 4, 2, "beavers")])
    done = ", ".join(f'{{ team = "crocodiles", value = {v} }}' for v in (1, 2, 3))
    setup = _racer(boxed, '["grumpy-green"]').replace("positions", f"finish = [{done}], positions")
    state, chosen = _choice(tmp_path, setup, seed)
    assert _target(state, chosen) == (3, 2)


@pytest.mark.parametrize("to", [(4,), (4, 3, 1), [4, 3]])
def test_a_move_to_something_that_is_not_a_space_is_refused(tmp_path, to):
    # The examples file's schema only lets [row, column] through; apply() itself must
    # refuse anything but a (row, column) pair too.
    state = _position(tmp_path, '{ current = "beavers", positions = [{ team = "beavers", value = 1, at = [3, 3] }] }')
    with pytest.raises(RuleError, match="is not a space"):
        apply(state, Move(Snowboarder("beavers", 1), to), _rules())


def test_a_refusal_names_the_turn_it_happens_in(tmp_path):
    # Turn 1: beavers start; turn 2: crocodiles start; turn 3: the kangaroos' 1 has
    # not started, so it cannot move.
    steps = ('[{ start = 1, at = [1, 1] }, { start = 1, at = [1, 2] }, '
             '{ move = 1, to = [2, 3] }]')
    body = example("third", steps, "{}", '{ refused = "in turn 3: " }')
    assert_verified(tmp_path, GAME, body)


@pytest.mark.parametrize("roll", [True, 7, 0])
def test_a_throw_with_a_roll_off_the_die_is_an_illegal_action(tmp_path, roll):
    # apply() refuses it as an action (naming the action and the turn) before any throw.
    state = _position(tmp_path, _thrower(ROW4))
    with pytest.raises(RuleError, match=r"^illegal action 'place Yeti sleepy-green' in turn 1: "
                                        r"a roll of the die is 1-6"):
        apply(state, PlaceYeti(YetiCard.parse("sleepy-green")), _rules(), [roll])


class _ThrowAndReroll:
    """A simulated captain who throws a Yeti whenever it can (else races) and re-rolls
    every roll."""

    def choose(self, state, actions, rules, rng):
        throw = next((a for a in actions if isinstance(a, PlaceYeti)), None)
        return throw or RacerPolicy().choose(state, actions, rules, rng)

    def reroll(self, state, card, rolls, rules, rng):
        return True


def test_a_simulated_captain_may_spend_every_snowball_and_rolls_every_face():
    # One snowball card per re-roll: a captain who always re-rolls spends all the
    # snowballs dealt on its first throw. A die shows 1-6, first rolls and re-rolls alike.
    rules = _rules()
    dealt = rules.deal_for(3).snowballs
    assert dealt >= 1
    first_rolls, rerolls = set(), set()
    for seed in range(3):
        result = simulate(3, rules, random.Random(seed), policy=_ThrowAndReroll())
        rolled = params(result.events, "rolled")
        firsts = {}
        for r in rolled:
            firsts.setdefault(r["captain"], r)
            first_rolls.add(r["rolls"][0])
            rerolls.update(r["rolls"][1:])
        assert len(firsts) == 3
        assert all(len(r["rolls"]) == dealt + 1 and r["snowballs"] == dealt
                   for r in firsts.values())
    assert first_rolls == rerolls == {1, 2, 3, 4, 5, 6}


def _course(**changes):
    from printkit.games.yeti_slalom.course import Course

    small = {"rows": 2, "columns": 2, "start_rows": (1,), "yetis": (), "green": (3, 0),
             "red": (0, 3), "hit_from": 3, "multipliers": (1,)}
    small.update(changes)
    for colour in ("green", "red"):  # one symbol per column, whatever the width
        small[colour] = (small[colour] * small["columns"])[:small["columns"]]
    return Course(**small)


def test_the_smallest_course_is_two_by_two_with_one_finish_multiplier_of_one():
    course = _course()
    assert (course.rows, course.columns, course.multipliers) == (2, 2, (1,))


@pytest.mark.parametrize(("rows", "columns"), [(1, 2), (2, 1)])
def test_a_course_of_one_row_or_one_column_is_too_small(rows, columns):
    with pytest.raises(RuleError, match="is too small"):
        _course(rows=rows, columns=columns, start_rows=(1,))


@pytest.mark.parametrize("multipliers", [(), (0,), (2, 0)])
def test_finish_multipliers_are_at_least_one_each_1_or_more(multipliers):
    with pytest.raises(RuleError, match="at least one, each 1 or more"):
        _course(multipliers=multipliers)


@pytest.mark.parametrize(("row", "allowed"), [(0, False), (1, True), (3, True), (4, False)])
def test_start_rows_and_yeti_rows_are_rows_of_the_course(row, allowed):
    from printkit.games.yeti_slalom.course import Yeti

    for changes in ({"start_rows": (row,)}, {"yetis": (Yeti("sleepy", "Sleepy", row),)}):
        if allowed:
            assert _course(rows=3, **changes).rows == 3
        else:
            with pytest.raises(RuleError, match=r"not a row of the course \(1-3\)"):
                _course(rows=3, **changes)


def test_the_course_is_every_row_by_every_column_of_whole_numbers():
    course = _rules().course  # 6 rows of 5 columns (game.toml)
    spaces = course.spaces()
    assert len(spaces) == len(set(spaces)) == 30
    assert (spaces[0], spaces[-1]) == ((1, 1), (6, 5))
    assert {r for r, _ in spaces} == {1, 2, 3, 4, 5, 6} and {c for _, c in spaces} == {1, 2, 3, 4, 5}
    assert course.contains((6, 5)) and not course.contains((True, 1))
    assert not course.contains((1, True)) and not course.contains((1.0, 1))


def test_a_deal_needs_the_snowball_cards_it_deals():
    from dataclasses import replace

    from printkit.games.yeti_slalom.state import deal_state

    rules = _rules()
    need = rules.deal_for(3).snowballs * 3
    assert deal_state(3, replace(rules, snowballs=need), random.Random(1)).snowball_box == 0
    with pytest.raises(RuleError, match="3 players need more cards than the game has"):
        deal_state(3, replace(rules, snowballs=need - 1), random.Random(1))
    # One copy of each Yeti card: 5 Yetis × 2 colours = 10 cards, short of 3 × 6.
    assert rules.deal_for(3).yeti_cards == 6 and len(rules.course.yetis) == 5
    with pytest.raises(RuleError, match="3 players need more cards than the game has"):
        deal_state(3, replace(rules, yeti_copies=1), random.Random(1))


@pytest.mark.parametrize("hands", [{"beavers": -1}, {"beavers": 1, "crocodiles": -1}])
def test_a_hand_holds_no_negative_number_of_snowballs(hands):
    # The examples file's schema stops a negative count first; setup_state() checks too.
    from printkit.games.yeti_slalom.state import Hand, setup_state

    rules = _rules()
    with pytest.raises(RuleError, match="snowball cards, but the game has"):
        setup_state(rules, rules.teams[:3], hands={t: Hand((), n) for t, n in hands.items()})


def test_the_hands_hold_at_most_the_snowball_cards_of_the_game(tmp_path):
    total = _rules().snowballs
    for held, allowed in ((total, True), (total + 1, False)):
        setup = f"{{ hands = {{ beavers = {{ snowballs = {held} }} }} }}"
        problem = verdicts(tmp_path, GAME, example("h", "[]", setup, "{ game_over = false }"))["h"]
        assert (problem is None) == allowed, problem


@pytest.mark.parametrize(("changes", "words"), [
    ({"teams": ("beavers",)}, "at least two, each named once"),
    ({"teams": ("beavers", "beavers", "crocodiles")}, "at least two, each named once"),
    ({"values": ()}, "at least one, all different"),
    ({"values": (1, 2, 2)}, "at least one, all different"),
])
def test_rules_need_two_teams_and_distinct_values(changes, words):
    from dataclasses import replace

    with pytest.raises(RuleError, match=words):
        replace(_rules(), **changes)
    assert replace(_rules(), teams=("beavers", "crocodiles"), values=(1,)).values == (1,)


def test_the_snowball_cards_not_in_a_hand_are_in_the_box():
    from printkit.games.yeti_slalom.state import Hand, setup_state

    rules = _rules()
    state = setup_state(rules, rules.teams[:3], hands={"beavers": Hand((), 2),
                                                       "kangaroos": Hand((), 1)})
    assert state.snowball_box == rules.snowballs - 3
