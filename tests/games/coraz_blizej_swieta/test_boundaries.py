# ruff: noqa: E501  (one worked example per line reads best, as in examples.toml)
"""Every number of the Coraz rules, on both sides of its boundary, through a user's
examples file. Expected values are worked out from GAMES.md by hand:

* S < field: stay, lose a turn, one more die (only while fewer than 7; Tydzień:
  one more card, at most 3); S = field: stay, no penalty; S > 24 off field 24:
  stop on 24.
* On 24, up to three dice may be set to any face; a total of 25 or 26 wins; if
  not, S < 24 is the ordinary penalty, otherwise the turn passes. Strict
  Wigilia: exactly three dice change, each to a new face.
"""

from __future__ import annotations

import random

import pytest

from printkit import games
from printkit.errors import ExampleError, RuleError
from printkit.games.coraz_blizej_swieta.rules import (
    Player,
    Roll,
    Rules,
    TydzienAnswer,
    WigiliaRoll,
    apply,
    policy_action,
    roll_dice,
    roll_total,
    setup_state,
    simulate,
    wigilia_choices,
    winning_changes,
)
from tests.games.user_examples import assert_verified, events, example, params, verdicts, write

GAME = "coraz-blizej-swieta"

# (id, rules, setup, steps, expect): the expect values are the rulebook's, by hand.
TRACK = [
    # The penalty boundary on field 10 with two dice: S = 9, 10, 11.
    ("sum-one-below-field", "{}", "{ field = 10, dice = 2 }", "[{ roll = [4, 5] }]",
     '{ field = 10, dice = 3, lost_turns = 1, total = 9, outcome = "penalty" }'),
    ("sum-equals-field", "{}", "{ field = 10, dice = 2 }", "[{ roll = [5, 5] }]",
     '{ field = 10, dice = 2, lost_turns = 0, total = 10, outcome = "stayed" }'),
    ("sum-one-above-field", "{}", "{ field = 10, dice = 2 }", "[{ roll = [5, 6] }]",
     '{ field = 11, dice = 2, lost_turns = 0, total = 11, outcome = "moved" }'),
    # The cap: 23 and 24 are fields, 25 stops on 24.
    ("sum-23-moves", "{}", "{ field = 20, dice = 4 }", "[{ roll = [6, 6, 6, 5] }]",
     '{ field = 23, total = 23, outcome = "moved" }'),
    ("sum-24-moves-to-wigilia", "{}", "{ field = 20, dice = 4 }", "[{ roll = [6, 6, 6, 6] }]",
     '{ field = 24, total = 24, outcome = "moved", won = false }'),
    ("sum-25-is-capped", "{}", "{ field = 20, dice = 5 }", "[{ roll = [6, 6, 6, 6, 1] }]",
     '{ field = 24, total = 25, outcome = "capped", won = false, lost_turns = 0 }'),
    # The 7-dice limit: 5 -> 6, 6 -> 7, 7 stays 7 (the turn is lost all the same).
    ("fifth-die-gives-sixth", "{}", "{ field = 20, dice = 5 }", "[{ roll = [1, 1, 1, 1, 1] }]",
     '{ dice = 6, lost_turns = 1, outcome = "penalty", total = 5 }'),
    ("sixth-die-gives-seventh", "{}", "{ field = 20, dice = 6 }", "[{ roll = [1, 1, 1, 1, 1, 1] }]",
     '{ dice = 7, lost_turns = 1, outcome = "penalty" }'),
    ("seven-dice-is-the-limit", "{}", "{ field = 20, dice = 7 }", "[{ roll = [1, 1, 1, 1, 1, 1, 1] }]",
     '{ dice = 7, lost_turns = 1, outcome = "penalty", total = 7 }'),
    # Tydzień: a card is worth 7; 2 -> 3 cards, 3 stays 3.
    ("second-card-gives-third", "{ tydzien = true }", "{ field = 23, cards = 2 }", "[{ roll = [1] }]",
     '{ cards = 3, dice = 1, lost_turns = 1, total = 15, outcome = "penalty" }'),
    ("three-cards-is-the-limit", "{ tydzien = true }", "{ field = 23, cards = 3 }", "[{ roll = [1] }]",
     '{ cards = 3, dice = 1, lost_turns = 1, total = 22, outcome = "penalty" }'),
    ("card-sum-equals-field", "{ tydzien = true }", "{ field = 16, cards = 2 }", "[{ roll = [2] }]",
     '{ field = 16, cards = 2, lost_turns = 0, total = 16, outcome = "stayed" }'),
    ("cards-cap-at-wigilia", "{ tydzien = true }", "{ field = 20, cards = 3 }", "[{ roll = [6] }]",
     '{ field = 24, total = 27, outcome = "capped" }'),
    # A mis-added sum: no move, one lost turn, no extra die, even where S < field.
    ("misadded-below-field", "{}", "{ field = 10, dice = 2 }", "[{ roll = [1, 2], announced = 4 }]",
     '{ field = 10, dice = 2, lost_turns = 1, total = 3, outcome = "misadded" }'),
    ("announced-right-is-no-misadd", "{}", "{ field = 10, dice = 2 }", "[{ roll = [5, 6], announced = 11 }]",
     '{ field = 11, lost_turns = 0, outcome = "moved" }'),
    # A lost turn is served before the player's next turn: two rolls, one lost turn left 0.
    ("lost-turn-is-served", "{}", "{ field = 10, dice = 2, lost_turns = 1 }", "[{ roll = [6, 6] }]",
     '{ field = 12, lost_turns = 0, outcome = "moved" }'),
    ("penalty-then-next-roll", "{}", "{ field = 10, dice = 1 }", "[{ roll = [3] }, { roll = [6, 6] }]",
     '{ field = 12, dice = 2, lost_turns = 0, outcome = "moved" }'),
]

WIGILIA = [
    # The win set on 24 is exactly {25, 26}.
    ("roll-25-wins", "{}", "{ field = 24, dice = 5 }", "[{ roll = [6, 6, 6, 6, 1] }]",
     '{ won = true, field = 25, total = 25, outcome = "won" }'),
    ("roll-26-wins", "{}", "{ field = 24, dice = 5 }", "[{ roll = [6, 6, 6, 6, 2] }]",
     '{ won = true, field = 26, total = 26, outcome = "won" }'),
    ("roll-24-passes", "{}", "{ field = 24, dice = 4 }", "[{ roll = [6, 6, 6, 6] }]",
     '{ won = false, field = 24, dice = 4, lost_turns = 0, total = 24, outcome = "passed" }'),
    ("roll-23-is-a-penalty", "{}", "{ field = 24, dice = 4 }", "[{ roll = [6, 6, 6, 5] }]",
     '{ won = false, field = 24, dice = 5, lost_turns = 1, total = 23, outcome = "penalty" }'),
    ("four-low-dice-earn-a-fifth", "{}", "{ field = 24, dice = 4 }", "[{ roll = [1, 1, 1, 1] }]",
     '{ won = false, dice = 5, lost_turns = 1, total = 4, outcome = "penalty" }'),
    # The roll: 3, 4, 1, 1, 1 (10) wins by setting the three 1s to 6 (25).
    ("three-ones-become-sixes", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [3, 4, 1, 1, 1], changes = [[2, 6], [3, 6], [4, 6]] }]",
     '{ won = true, field = 25, total = 10, outcome = "won" }'),
    # One change, down: 27 -> 26 and 27 -> 25.
    ("change-down-to-26", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 3], changes = [[4, 2]] }]",
     '{ won = true, field = 26, total = 27, outcome = "won" }'),
    ("change-down-to-25", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 3], changes = [[4, 1]] }]",
     '{ won = true, field = 25, total = 27, outcome = "won" }'),
    # Seven dice of 6 (42): three changes take at most 15 off; 27 cannot be reached.
    ("seven-sixes-pass", "{}", "{ field = 24, dice = 7 }", "[{ roll = [6, 6, 6, 6, 6, 6, 6] }]",
     '{ won = false, total = 42, outcome = "passed", lost_turns = 0 }'),
    # Six dice 6, 6, 6, 6, 6, 1 (31): two 6s set to 3 and 4 take 5 off: 26.
    ("six-dice-two-changes-down", "{}", "{ field = 24, dice = 6 }",
     "[{ roll = [6, 6, 6, 6, 6, 1], changes = [[0, 3], [1, 4]] }]",
     '{ won = true, field = 26, total = 31, outcome = "won" }'),
    # Strict Wigilia: 25 as rolled still needs three changes to new faces.
    ("strict-three-changes-win", "{ strict_wigilia = true }", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 1], changes = [[1, 5], [2, 5], [4, 3]] }]",
     '{ won = true, field = 25, total = 25, outcome = "won" }'),
    ("strict-two-dice-change-both", "{ strict_wigilia = true }", "{ field = 24, dice = 2 }",
     "[{ roll = [1, 2] }]",
     '{ won = false, dice = 3, lost_turns = 1, total = 3, outcome = "penalty" }'),
]

REFUSED = [
    # A roll that can win must name its changes; the hint is a smallest winning set.
    ("winning-roll-needs-changes", "{}", "{ field = 24, dice = 5 }", "[{ roll = [3, 4, 1, 1, 1] }]",
     "changes [[2, 6], [3, 6], [4, 6]]"),
    ("one-change-is-enough", "{}", "{ field = 24, dice = 5 }", "[{ roll = [1, 1, 6, 6, 6] }]",
     "changes [[0, 6]]"),
    ("two-changes-do-not-reach-25", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [3, 4, 1, 1, 1], changes = [[3, 6], [4, 6]] }]", "total 20, not 25 or 26"),
    ("change-to-27-does-not-win", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 2], changes = [[4, 3]] }]", "total 27, not 25 or 26"),
    ("change-to-24-does-not-win", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 2], changes = [[3, 4]] }]", "total 24, not 25 or 26"),
    ("four-changes", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [1, 1, 1, 1, 1], changes = [[0, 6], [1, 6], [2, 6], [3, 3]] }]",
     "at most 3 dice may be changed, not 4"),
    ("strict-two-changes", "{ strict_wigilia = true }", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 1], changes = [[1, 5], [4, 2]] }]",
     "exactly 3 dice must be changed, not 2"),
    ("strict-same-face", "{ strict_wigilia = true }", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 1], changes = [[0, 6], [1, 5], [4, 2]] }]", "die 0 already shows 6"),
    ("strict-25-as-rolled-needs-changes", "{ strict_wigilia = true }", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 1] }]", "can be made 25 or 26"),
    # Malformed actions, as a user might write them.
    ("change-die-out-of-range", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 3], changes = [[5, 1]] }]", "names die 5, but the roll has 5 dice (indices 0..4)"),
    ("change-same-die-twice", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 3], changes = [[4, 1], [4, 2]] }]", "die 4 is changed twice"),
    ("change-to-seven", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 3], changes = [[4, 7]] }]", "7 is not a die face"),
    ("change-to-zero", "{}", "{ field = 24, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 3], changes = [[4, 0]] }]", "0 is not a die face"),
    ("changes-off-wigilia", "{}", "{ field = 20, dice = 5 }",
     "[{ roll = [6, 6, 6, 6, 3], changes = [[4, 1]] }]", "only for a pawn on Wigilia"),
    ("too-few-faces", "{}", "{ field = 10, dice = 2 }", "[{ roll = [6] }]",
     "rolled 1 faces [6], but the player rolls 2 dice"),
    ("too-many-faces", "{}", "{ field = 10, dice = 1 }", "[{ roll = [6, 6] }]",
     "rolled 2 faces [6, 6], but the player rolls 1 die"),
    ("face-without-tydzien", "{}", "{ field = 24, dice = 1 }", "[{ face = 4 }]",
     "belongs to the Tydzień variant"),
    ("face-off-wigilia", "{ tydzien = true }", "{ field = 20, cards = 3 }", "[{ face = 4 }]",
     "only a pawn on Wigilia (field 24) answers"),
    ("tydzien-roll-on-wigilia", "{ tydzien = true }", "{ field = 24, cards = 3 }",
     "[{ roll = [4], changes = [] }]", "does not roll"),
]

SETUP_ERRORS = [
    ("tydzien-two-dice", "{ tydzien = true }", "{ field = 5, dice = 2 }",
     "2 dice: the Tydzień variant uses one die"),
    ("cards-without-tydzien", "{}", "{ field = 5, cards = 1 }",
     "1 Tydzień cards: cards belong to the Tydzień variant only"),
]


#: An outcome the neighbouring case would have.
OTHER_SIDE = {"penalty": "stayed", "stayed": "moved", "moved": "capped", "capped": "moved",
              "won": "passed", "passed": "penalty", "misadded": "moved"}


def _body(rows: list[tuple[str, ...]], last: str) -> str:
    return "".join(example(r[0], r[3], setup=r[2], rules=r[1], expect=last.format(r[4]))
                   for r in rows)


@pytest.mark.parametrize("row", TRACK + WIGILIA, ids=[r[0] for r in TRACK + WIGILIA])
def test_boundary_example_verifies(tmp_path, row):
    assert_verified(tmp_path, GAME, _body([row], "{}"))


@pytest.mark.parametrize("row", TRACK + WIGILIA, ids=[r[0] for r in TRACK + WIGILIA])
def test_boundary_example_is_wrong_with_the_other_side(tmp_path, row):
    """The same example claiming the neighbour's outcome must be WRONG: the check can fail."""
    id_, rules, setup, steps, expect = row
    said = expect.split('outcome = "')[1].split('"')[0]
    flipped = expect.replace(f'outcome = "{said}"', f'outcome = "{OTHER_SIDE[said]}"')
    problem = verdicts(tmp_path, GAME, example(id_, steps, setup, expect=flipped,
                                                 rules=rules))[id_]
    assert problem is not None and "outcome expected" in problem


@pytest.mark.parametrize("row", REFUSED, ids=[r[0] for r in REFUSED])
def test_not_allowed(tmp_path, row):
    # Replayed directly: ``check`` cannot verify a Coraz ``refused`` claim yet (its replay
    # names a step "step 1 (steps[0] in FILE):", where ``check`` looks for "step 1:").
    id_, rules, setup, steps, reason = row
    game = games.get(GAME)
    (ex,) = game.load_examples(write(tmp_path, GAME, example(id_, steps, setup, rules=rules)))
    with pytest.raises(ExampleError) as refused:
        game.replay(ex, game.load_data())
    assert reason in str(refused.value)
    assert "step 1 (" in str(refused.value)


@pytest.mark.parametrize("row", SETUP_ERRORS, ids=[r[0] for r in SETUP_ERRORS])
def test_setup_that_breaks_a_rule_is_wrong(tmp_path, row):
    id_, rules, setup, reason = row
    problem = verdicts(tmp_path, GAME, example(id_, "[{ roll = [1] }]", setup, rules=rules))[id_]
    assert problem is not None and reason in problem and "setup" in problem


def test_events_carry_the_numbers_the_rulebook_prints(tmp_path):
    body = (example("penalty", "[{ roll = [4, 5] }]", "{ field = 10, dice = 2 }")
            + example("capped", "[{ roll = [6, 6, 6, 6, 1] }]", "{ field = 20, dice = 5 }")
            + example("limit", "[{ roll = [1, 1, 1, 1, 1, 1, 1] }]", "{ field = 20, dice = 7 }")
            + example("card", "[{ roll = [1] }]", "{ field = 23, cards = 2 }",
                      rules="{ tydzien = true }")
            + example("win", "[{ roll = [3, 4, 1, 1, 1], changes = [[2, 6], [3, 6], [4, 6]] }]",
                      "{ field = 24, dice = 5 }")
            + example("moved", "[{ roll = [5, 6] }]", "{ field = 10, dice = 2 }"))
    found = events(tmp_path, GAME, body)
    assert params(found["penalty"], "penalty") == [
        {"total": 9, "field": 10, "extra_die": True, "extra_card": False, "dice": 3, "cards": 0}]
    assert params(found["capped"], "capped") == [{"total": 25, "to": 24}]
    assert params(found["limit"], "penalty")[0]["extra_die"] is False
    assert params(found["limit"], "penalty")[0]["dice"] == 7
    assert params(found["card"], "rolled") == [{"faces": [1], "cards": 2, "total": 15}]
    assert params(found["card"], "penalty")[0]["extra_card"] is True
    assert params(found["card"], "penalty")[0]["cards"] == 3
    assert params(found["win"], "changed") == [
        {"changes": [[2, 1, 6], [3, 1, 6], [4, 1, 6]], "total": 25}]
    assert params(found["win"], "won") == [{"total": 25}]
    assert params(found["moved"], "moved") == [{"from": 10, "to": 11}]


# --- the change search: fewest changes first ---------------------------------------------

def test_a_winning_roll_needs_no_change():
    assert winning_changes((6, 6, 6, 6, 1), Rules()) == ()


def test_one_change_comes_before_two():
    # 1, 1, 6, 6, 6 (20): one 1 set to 6 makes 25; two changes would also do.
    assert winning_changes((1, 1, 6, 6, 6), Rules()) == ((0, 6),)


def test_the_three_ones_are_the_only_win():
    assert list(wigilia_choices((3, 4, 1, 1, 1), Rules())) == [((2, 6), (3, 6), (4, 6))]


def test_change_sets_come_in_order_of_size():
    sizes = [len(c) for c in wigilia_choices((6, 6, 6, 6, 3), Rules())]
    assert sizes == sorted(sizes) and sizes[0] == 1 and 3 in sizes


def test_one_change_sets_of_27_are_the_two_lower_faces():
    ones = [c for c in wigilia_choices((6, 6, 6, 6, 3), Rules()) if len(c) == 1]
    # Only the 3 can go down by 1 or 2 to make 26 or 25; a 6 set to 4 or 5 also does.
    assert sorted(ones) == [((0, 4),), ((0, 5),), ((1, 4),), ((1, 5),), ((2, 4),), ((2, 5),),
                            ((3, 4),), ((3, 5),), ((4, 1),), ((4, 2),)]


def test_no_change_gives_a_die_its_own_face():
    for changes in wigilia_choices((6, 6, 6, 6, 3), Rules()):
        assert all((6, 6, 6, 6, 3)[i] != face for i, face in changes)


def test_strict_wigilia_lists_only_three_changes():
    found = list(wigilia_choices((6, 6, 6, 6, 1), Rules(strict_wigilia=True)))
    assert found and all(len(c) == 3 for c in found)
    assert ((1, 5), (2, 5), (4, 3)) in found


def test_strict_wigilia_with_two_dice_changes_both():
    # Two dice make at most 12: nothing wins, but the search looks at pairs only.
    assert list(wigilia_choices((1, 2), Rules(strict_wigilia=True))) == []
    assert winning_changes((1, 2), Rules()) is None


def test_a_set_to_one_that_makes_26_is_found():
    # 6, 6, 6, 6, 2, 1 (27): the 2 set to 1 makes 26; a 6 set to 5 or 4 makes 26 or 25.
    ones = sorted(c for c in wigilia_choices((6, 6, 6, 6, 2, 1), Rules()) if len(c) == 1)
    assert ones == [((0, 4),), ((0, 5),), ((1, 4),), ((1, 5),), ((2, 4),), ((2, 5),),
                    ((3, 4),), ((3, 5),), ((4, 1),)]


# --- the public functions at their edges ---------------------------------------------------

def test_roll_total_adds_seven_days_per_card():
    assert roll_total((3, 4)) == 7
    assert roll_total((5,), 2) == 19


def test_roll_dice_shows_every_face_and_no_other():
    rng = random.Random(1)
    seen = {face for _ in range(100) for face in roll_dice(3, rng)}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_simulate_stops_after_exactly_max_turns():
    result = simulate(2, Rules(), random.Random(3), max_turns=3)
    assert result.turns == 3 and result.winner is None


@pytest.mark.parametrize("current", [-1, 2])
def test_current_player_must_be_at_the_table(current):
    with pytest.raises(RuleError, match=f"player {current} cannot be current"):
        setup_state([Player(), Player()], Rules(), current=current)


def test_the_last_seat_may_be_current():
    assert setup_state([Player(), Player()], Rules(), current=1).current == 1


@pytest.mark.parametrize("said", [2.5, -1, True])
def test_an_announced_sum_is_a_whole_number_of_zero_or_more(said):
    on_track = setup_state([Player(field=10, dice=2), Player()], Rules())
    on_wigilia = setup_state([Player(field=24, dice=5), Player()], Rules())
    with pytest.raises(RuleError, match="is not a whole number of 0 or more"):
        apply(on_track, Roll((5, 6), announced=said), Rules())
    with pytest.raises(RuleError, match="is not a whole number of 0 or more"):
        apply(on_wigilia, WigiliaRoll((1, 1, 1, 1, 1), announced=said), Rules())


def test_announcing_zero_is_a_misadd():
    on_track = setup_state([Player(field=10, dice=2), Player()], Rules())
    on_wigilia = setup_state([Player(field=24, dice=5), Player()], Rules())
    _, events_ = apply(on_track, Roll((5, 6), announced=0), Rules())
    assert events_[-1].kind == "misadded" and events_[-1].params == {"announced": 0, "total": 11}
    _, events_ = apply(on_wigilia, WigiliaRoll((1, 1, 1, 1, 1), announced=0), Rules())
    assert events_[-1].kind == "misadded" and events_[-1].params == {"announced": 0, "total": 5}


@pytest.mark.parametrize("change", [(4, 1, 1), (4,), ("4", 1), [4, 1.0]])
def test_a_malformed_change_is_refused(change):
    state = setup_state([Player(field=24, dice=5), Player()], Rules())
    with pytest.raises(RuleError, match=r"a change is \[die index, new face\]"):
        apply(state, WigiliaRoll((6, 6, 6, 6, 3), (change,)), Rules())


def test_the_honest_player_answers_the_smallest_winning_face():
    tydzien = Rules(tydzien=True)
    three = setup_state([Player(field=24, cards=3), Player()], tydzien)
    assert policy_action(three, tydzien, random.Random(0)) == TydzienAnswer(4)
    # Below three cards no face wins; the honest player says 6, which comes closest.
    none = setup_state([Player(field=24, cards=1), Player()], tydzien)
    assert policy_action(none, tydzien, random.Random(0)) == TydzienAnswer(6)
