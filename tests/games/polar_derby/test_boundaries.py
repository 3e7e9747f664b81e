# ruff: noqa: E501  (one worked example per line reads best, as in examples.toml)
"""Every count of the Polar Derby rules on both sides of its boundary, through a user's
examples file. Expected values are worked out by hand from GAMES.md and the default
bear values (white 1, blue 2, green 3, pink 4, orange 5; five bears of each):

* split colours: one bear of each rolled colour from the middle, or one of them;
* doubles: up to two bears of that colour from opponents (two from one, one each);
* Free Skate + c: any single colour, c plus another, or steal c;
* a colour pulled this turn cannot be taken again; no bear: bust, every pulled bear
  (stolen ones too) back to the middle; double Free Skate: secure, fresh turn;
* the game ends when a turn ends with the middle empty; most points, then most bears.
"""

from __future__ import annotations

import random

import pytest

from printkit import games
from printkit.errors import ExampleError, RuleError
from printkit.games.polar_derby.rules import (
    CautiousPolicy,
    RandomPolicy,
    Reading,
    RollKind,
    Rules,
    Take,
    describe_take,
    legal_takes,
    long_game_totals,
    long_game_winners,
    over_state,
    read_roll,
    rules_from_data,
    setup_state,
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

GAME = "polar-derby"

ROWS = [
    # Split colours: both, or one (3 choices); a colour with 1 bear left still counts.
    ("split-both", "{}", '[{ roll = ["green", "blue"], take = ["green", "blue"] }]',
     '{ choices = 3, pulled = { blue = 1, green = 1 }, middle = { white = 5, blue = 4, green = 4, pink = 5, orange = 5 }, turn_over = false }'),
    ("split-last-green", "{ secured = [{}, { green = 4 }] }", '[{ roll = ["green", "blue"], take = ["green"] }]',
     '{ choices = 3, pulled = { green = 1 }, middle = { white = 5, blue = 5, pink = 5, orange = 5 } }'),
    ("split-no-green-left", "{ secured = [{}, { green = 5 }] }", '[{ roll = ["green", "blue"], take = ["blue"] }]',
     '{ choices = 1, pulled = { blue = 1 } }'),
    ("split-green-already-pulled", '{ pulled = ["green"] }', '[{ roll = ["green", "blue"], take = ["blue"] }]',
     '{ choices = 1, pulled = { blue = 1, green = 1 }, pulled_colours = ["green", "blue"] }'),
    # Doubles: holdings of 1 and 2, one or two opponents.
    ("doubles-one-bear", "{ secured = [{}, { white = 1 }] }", '[{ roll = ["white", "white"], steal = [[1, "white"]] }]',
     '{ choices = 1, secured = [{}, {}], pulled = { white = 1 }, middle = { white = 4, blue = 5, green = 5, pink = 5, orange = 5 } }'),
    ("doubles-two-bears", "{ secured = [{}, { white = 2 }] }", '[{ roll = ["white", "white"], steal = [[1, "white"], [1, "white"]] }]',
     '{ choices = 2, secured = [{}, {}], pulled = { white = 2 } }'),
    ("doubles-three-bears-one-taken", "{ secured = [{}, { white = 3 }] }", '[{ roll = ["white", "white"], steal = [[1, "white"]] }]',
     '{ choices = 2, secured = [{}, { white = 2 }], pulled = { white = 1 } }'),
    ("doubles-two-opponents", "{ secured = [{}, { white = 1 }, { white = 1 }] }", '[{ roll = ["white", "white"], steal = [[1, "white"], [2, "white"]] }]',
     '{ choices = 3, secured = [{}, {}, {}], pulled = { white = 2 } }'),
    ("doubles-two-and-one", "{ secured = [{}, { white = 2 }, { white = 1 }] }", '[{ roll = ["white", "white"], steal = [[2, "white"]] }]',
     '{ choices = 4, secured = [{}, { white = 2 }, {}], pulled = { white = 1 } }'),
    ("doubles-nobody-has-one", "{ secured = [{}, { blue = 1 }] }", '[{ roll = ["white", "white"] }]',
     '{ choices = 0, bust = true, bust_reason = "no opponent has a secured white bear", returned = {}, turn_over = true, current = 1 }'),
    ("doubles-own-bears-are-no-target", "{ secured = [{ white = 2 }, {}] }", '[{ roll = ["white", "white"] }]',
     '{ choices = 0, bust = true, secured = [{ white = 2 }, {}] }'),
    # Free Skate + pink: 5 single colours + 4 pairs with pink, then one or two steals.
    ("free-skate-nobody-secured", "{}", '[{ roll = ["pink", "free-skate"], take = ["pink", "orange"] }]',
     '{ choices = 9, pulled = { pink = 1, orange = 1 } }'),
    ("free-skate-one-pink-to-steal", "{ secured = [{}, { pink = 1 }] }", '[{ roll = ["free-skate", "pink"], steal = [[1, "pink"]] }]',
     '{ choices = 10, secured = [{}, {}], pulled = { pink = 1 } }'),
    ("free-skate-two-pinks-to-steal", "{ secured = [{}, { pink = 2 }] }", '[{ roll = ["pink", "free-skate"], take = ["white"] }]',
     '{ choices = 11, pulled = { white = 1 } }'),
    ("free-skate-pink-pulled", '{ pulled = ["pink"] }', '[{ roll = ["pink", "free-skate"], take = ["white"] }]',
     '{ choices = 4, pulled = { white = 1, pink = 1 } }'),
    # Bust: every pulled bear back to the middle, stolen ones too (not to their owner).
    ("bust-after-two-rolls", "{}", '[{ roll = ["orange", "blue"], take = ["orange", "blue"] }, { roll = ["blue", "orange"] }]',
     '{ bust = true, returned = { blue = 1, orange = 1 }, bust_reason = "blue and orange were already pulled this turn", secured = [{}, {}], middle = { white = 5, blue = 5, green = 5, pink = 5, orange = 5 }, current = 1, turn_over = true, game_over = false }'),
    ("bust-returns-stolen-bears", "{ secured = [{}, { white = 2 }] }", '[{ roll = ["white", "white"], steal = [[1, "white"], [1, "white"]] }, { roll = ["white", "white"] }]',
     '{ bust = true, returned = { white = 2 }, bust_reason = "white was already pulled this turn", secured = [{}, {}], middle = { white = 5, blue = 5, green = 5, pink = 5, orange = 5 } }'),
    # Stopping secures; the next player rolls; the game ends only with the middle empty.
    ("stop-secures", '{ pulled = ["green", "blue"] }', "[{ stop = true }]",
     '{ secured = [{ blue = 1, green = 1 }, {}], pulled = {}, current = 1, turn_over = true, game_over = false, scores = [5, 0], bears = [2, 0] }'),
    ("stop-passes-to-the-next-of-three", '{ secured = [{}, {}, {}], pulled = ["green"] }', "[{ stop = true }]",
     '{ current = 1, turn_over = true, secured = [{ green = 1 }, {}, {}] }'),
    ("last-of-three-passes-to-the-first", '{ secured = [{}, {}, {}], current = 2, pulled = ["green"] }', "[{ stop = true }]",
     '{ current = 0, secured = [{}, {}, { green = 1 }] }'),
    ("stop-with-one-bear-left", '{ secured = [{ white = 5, blue = 5, green = 3, pink = 5, orange = 5 }, {}], pulled = ["green"] }', "[{ stop = true }]",
     '{ game_over = false, middle = { green = 1 }, current = 1, scores = [72, 0] }'),
    ("stop-with-middle-empty", '{ secured = [{ white = 5, blue = 5, green = 4, pink = 5, orange = 5 }, {}], pulled = ["green"] }', "[{ stop = true }]",
     '{ game_over = true, middle = {}, scores = [75, 0], bears = [25, 0], winners = [0] }'),
    # Double Free Skate: secured at once, a fresh turn of the same player, colours forgotten.
    ("double-free-skate", '{ pulled = ["green"] }', '[{ roll = ["free-skate", "free-skate"] }, { roll = ["green", "blue"], take = ["green"] }]',
     '{ secured = [{ green = 1 }, {}], pulled = { green = 1 }, pulled_colours = ["green"], current = 0, turn_over = false }'),
    ("double-free-skate-middle-empty", '{ secured = [{ white = 5, blue = 5, green = 4, pink = 5, orange = 5 }, {}], pulled = ["green"] }', '[{ roll = ["free-skate", "free-skate"] }]',
     '{ game_over = true, turn_over = true, scores = [75, 0], winners = [0] }'),
]

NO_RISK = [
    ("no-risk-secures-at-once", '[{ roll = ["green", "blue"], take = ["green", "blue"] }]',
     '{ secured = [{ blue = 1, green = 1 }, {}], pulled = {}, pulled_colours = ["blue", "green"], scores = [5, 0] }'),
    ("no-risk-bust-returns-nothing", '[{ roll = ["green", "blue"], take = ["green", "blue"] }, { roll = ["blue", "green"] }]',
     '{ bust = true, returned = {}, secured = [{ blue = 1, green = 1 }, {}], current = 1 }'),
]

FINISHED = [
    # (id, rules, secured, scores, bears, winners), worked out from the default values.
    ("more-points-fewer-bears", "{}", "[{ orange = 1 }, { white = 4 }]", "[5, 4]", "[1, 4]", "[0]"),
    ("tie-on-points-more-bears", "{}", "[{ orange = 1 }, { white = 1, pink = 1 }]", "[5, 5]", "[1, 2]", "[1]"),
    ("tie-on-points-and-bears", "{}", "[{ green = 1, white = 1 }, { blue = 2 }]", "[4, 4]", "[2, 2]", "[0, 1]"),
    ("one-point-behind", "{}", "[{ green = 1 }, { blue = 1, white = 2 }, {}]", "[3, 4, 0]", "[1, 3, 0]", "[1]"),
    ("younger-every-bear-is-one", "{ younger = true }", "[{ orange = 1 }, { white = 2 }]", "[1, 2]", "[1, 2]", "[1]"),
    ("younger-tie", "{ younger = true }", "[{ orange = 2 }, { white = 2 }]", "[2, 2]", "[2, 2]", "[0, 1]"),
]

REFUSED = [
    ("steal-three", "{ secured = [{}, { white = 3 }] }", '[{ roll = ["white", "white"], steal = [[1, "white"], [1, "white"], [1, "white"]] }]',
     "at most two bears are stolen on doubles, not 3"),
    ("steal-two-of-one", "{ secured = [{}, { white = 1 }] }", '[{ roll = ["white", "white"], steal = [[1, "white"], [1, "white"]] }]',
     "player 1 has only 1 secured white bear, not 2"),
    ("steal-from-self", "{ secured = [{ white = 1 }, { white = 1 }] }", '[{ roll = ["white", "white"], steal = [[0, "white"]] }]',
     "player 0 is the player rolling"),
    ("steal-from-nobody", "{ secured = [{}, { white = 1 }] }", '[{ roll = ["white", "white"], steal = [[2, "white"]] }]',
     "there is no player 2 (players 0..1)"),
    ("steal-other-colour", "{ secured = [{}, { blue = 1, white = 1 }] }", '[{ roll = ["white", "white"], steal = [[1, "blue"]] }]',
     "only white bears can be stolen, not blue"),
    ("steal-on-a-split", "{ secured = [{}, { white = 1 }] }", '[{ roll = ["white", "blue"], steal = [[1, "white"]] }]',
     "is a split"),
    ("take-on-doubles", "{ secured = [{}, { white = 1 }] }", '[{ roll = ["white", "white"], take = ["white"] }]',
     "is doubles"),
    ("take-three", "{}", '[{ roll = ["white", "blue"], take = ["white", "blue", "green"] }]',
     "at most two bears come from the middle"),
    ("take-two-of-one-colour", "{}", '[{ roll = ["white", "blue"], take = ["white", "white"] }]',
     "one bear of each rolled colour, not two white"),
    ("take-colour-not-rolled", "{}", '[{ roll = ["white", "blue"], take = ["green"] }]',
     "green is not on the dice"),
    ("free-skate-pair-without-pink", "{}", '[{ roll = ["pink", "free-skate"], take = ["white", "blue"] }]',
     "must include pink"),
    ("take-pulled-colour", '{ pulled = ["white"] }', '[{ roll = ["white", "blue"], take = ["white"] }]',
     "white was already pulled this turn"),
    ("take-nothing", "{}", '[{ roll = ["white", "blue"] }]',
     "the player must take at least one"),
    ("take-on-double-free-skate", "{}", '[{ roll = ["free-skate", "free-skate"], take = ["white"] }]',
     "a double Free Skate takes no bear"),
    ("stop-before-rolling", "{}", "[{ stop = true }]", "a turn starts with a roll"),
    ("take-and-steal", "{ secured = [{}, { white = 1 }] }", '[{ roll = ["white", "free-skate"], take = ["blue"], steal = [[1, "white"]] }]',
     "never both"),
    ("steal-pulled-colour", '{ secured = [{}, { white = 1 }], pulled = ["white"] }', '[{ roll = ["white", "free-skate"], steal = [[1, "white"]] }]',
     "white was already pulled this turn"),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_boundary_example_verifies(tmp_path, row):
    id_, setup, steps, expect = row
    assert_verified(tmp_path, GAME, example(id_, steps, setup, expect))


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_a_claim_one_off_is_wrong(tmp_path, row):
    """The check can fail: the same example claiming one choice more is WRONG."""
    id_, setup, steps, expect = row
    claim = expect.replace("choices = ", "choices = 1") if "choices" in expect else \
        expect.replace("{ ", '{ bust = true, ' if "bust" not in expect else "{ choices = 99, ", 1)
    problem = verdicts(tmp_path, GAME, example(id_, steps, setup, claim))[id_]
    assert problem is not None


@pytest.mark.parametrize("row", NO_RISK, ids=[r[0] for r in NO_RISK])
def test_no_risk(tmp_path, row):
    id_, steps, expect = row
    assert_verified(tmp_path, GAME, example(id_, steps, expect=expect, rules="{ no_risk = true }"))


@pytest.mark.parametrize("row", FINISHED, ids=[r[0] for r in FINISHED])
def test_finished_game_scores_and_tie_breaks(tmp_path, row):
    id_, rules, secured, points, bears, won = row
    body = (f'[[examples]]\nid = "{id_}"\ntitle = "t"\nrules = {rules}\n'
            f"setup = {{ over = true, secured = {secured} }}\n"
            f"expect = {{ game_over = true, scores = {points}, bears = {bears}, winners = {won} }}\n")
    assert_verified(tmp_path, GAME, body)


@pytest.mark.parametrize("row", REFUSED, ids=[r[0] for r in REFUSED])
def test_not_allowed(tmp_path, row):
    id_, setup, steps, reason = row
    assert_verified(tmp_path, GAME, example(id_, steps, setup, f'{{ refused = "{reason}" }}'))


def test_events_carry_the_numbers_the_rulebook_prints(tmp_path):
    body = (example("steal", '[{ roll = ["white", "white"], steal = [[2, "white"], [1, "white"]] }]',
                    "{ secured = [{}, { white = 1 }, { white = 1 }] }")
            + example("end", '[{ stop = true }]',
                      '{ secured = [{ white = 5, blue = 5, green = 4, pink = 5, orange = 5 }, { }], pulled = ["green"] }')
            + example("bust", '[{ roll = ["orange", "blue"], take = ["blue", "orange"] }, { roll = ["blue", "orange"] }]'))
    found = events(tmp_path, GAME, body)
    assert params(found["steal"], "stole") == [
        {"player": 0, "takes": [[1, "white"], [2, "white"]]}]
    assert params(found["end"], "secured") == [{"player": 0, "bears": {"green": 1}}]
    assert params(found["end"], "game-over") == [{"scores": [75, 0], "bears": [25, 0],
                                                  "winners": [0]}]
    assert params(found["bust"], "took") == [{"player": 0, "colours": ["blue", "orange"],
                                              "from": "middle"}]
    (bust,) = params(found["bust"], "bust")
    assert bust["returned"] == {"blue": 1, "orange": 1}


# --- the long game ------------------------------------------------------------------

def test_long_game_totals_add_each_players_games():
    assert long_game_totals([[10, 5, 0], [5, 10, 7]]) == (15, 15, 7)


def test_long_game_tie_on_points_goes_to_more_bears():
    assert long_game_winners([[10, 5], [5, 10]], [[3, 2], [2, 2]]) == (0,)
    assert long_game_winners([[10, 5], [5, 10]], [[2, 2], [2, 3]]) == (1,)


def test_long_game_full_tie_is_shared():
    assert long_game_winners([[10, 5], [5, 10]], [[3, 2], [2, 3]]) == (0, 1)


def test_long_game_one_point_ahead_wins_with_fewer_bears():
    assert long_game_winners([[10, 6], [5, 10]], [[1, 9], [1, 9]]) == (1,)


@pytest.mark.parametrize("games", [[], [[1, 2], [1, 2, 3]]])
def test_long_game_needs_games_of_the_same_players(games):
    with pytest.raises(RuleError):
        long_game_totals(games)


SETUP_ERRORS = [
    # (id, setup, words of the problem): the setup checks of state.py, as a user meets them.
    ("five-players", "{ players = 5 }", "the game is for 2-4 players, not 5"),
    ("one-player", "{ players = 1 }", "the game is for 2-4 players, not 1"),
    ("current-out-of-range", "{ current = 2 }", "player 2 cannot be current: players are 0..1"),
    ("six-white-bears", "{ secured = [{ white = 6 }, {}] }",
     "white: 0 in the middle, 6 secured and 0 pulled make 6, but the set has 5 white bears"),
    ("middle-short-of-a-bear", "{ middle = { white = 5, blue = 5, green = 5, pink = 5, orange = 4 } }",
     "orange: 4 in the middle, 0 secured and 0 pulled make 4, but the set has 5 orange bears"),
    ("middle-empty", "{ secured = [{ white = 5, blue = 5, green = 5 }, { pink = 5, orange = 5 }] }",
     "the middle is empty and nothing is pulled"),
    ("pulled-in-no-risk", '{ pulled = ["white"] }', "in the no-risk variant a pulled bear is secured at once"),
]


@pytest.mark.parametrize("row", SETUP_ERRORS, ids=[r[0] for r in SETUP_ERRORS])
def test_a_setup_that_breaks_the_bear_set_is_wrong(tmp_path, row):
    id_, setup, words = row
    rules = "{ no_risk = true }" if id_ == "pulled-in-no-risk" else "{}"
    body = example(id_, '[{ roll = ["white", "blue"], take = ["white"] }]', setup, rules=rules)
    problem = verdicts(tmp_path, GAME, body)[id_]
    assert problem is not None and "setup" in problem and words in problem


def test_a_finished_game_cannot_hold_more_bears_than_the_set(tmp_path):
    body = ('[[examples]]\nid = "too-many"\ntitle = "t"\n'
            "setup = { over = true, secured = [{ orange = 3 }, { orange = 3 }] }\n"
            "expect = { game_over = true }\n")
    problem = verdicts(tmp_path, GAME, body)["too-many"]
    assert problem is not None and "orange: the players hold 6, but the set has 5" in problem


def test_a_finished_game_of_five_players_is_wrong(tmp_path):
    body = ('[[examples]]\nid = "five"\ntitle = "t"\n'
            "setup = { over = true, secured = [{}, {}, {}, {}, { white = 1 }] }\n"
            "expect = { game_over = true }\n")
    problem = verdicts(tmp_path, GAME, body)["five"]
    assert problem is not None and "the game is for 2-4 players, not 5" in problem


# --- the simulation's own numbers -------------------------------------------------------

def _rules():
    return rules_from_data(games.get(GAME).load_data())


def test_a_simulated_game_counts_its_rolls_and_starts_with_player_zero():
    result = simulate(3, _rules(), random.Random(2))
    rolled = [e for e in result.events if e.kind == "rolled"]
    assert result.rolls == len(rolled)
    assert rolled[0].params["player"] == 0


def test_a_simulated_game_may_take_exactly_its_turns():
    turns = simulate(2, _rules(), random.Random(5)).turns
    assert simulate(2, _rules(), random.Random(5), max_turns=turns).turns == turns
    with pytest.raises(RuntimeError, match=f"did not end in {turns - 1} turns"):
        simulate(2, _rules(), random.Random(5), max_turns=turns - 1)


def test_the_cautious_player_stops_with_two_colours_pulled():
    rules, rng = _rules(), random.Random(0)
    one = setup_state(rules, [{}, {}], pulled=["green"])
    two = setup_state(rules, [{}, {}], pulled=["green", "blue"])
    assert CautiousPolicy().roll_again(one, rules, rng) is True
    assert CautiousPolicy().roll_again(two, rules, rng) is False


def test_no_player_rolls_on_with_the_middle_empty():
    rules, rng = _rules(), random.Random(0)
    empty = setup_state(rules, [{"white": 5, "blue": 5, "green": 4, "pink": 5, "orange": 5}, {}],
                        pulled=["green"])
    one_left = setup_state(rules, [{"white": 5, "blue": 5, "green": 3, "pink": 5,
                                    "orange": 5}, {}], pulled=["green"])
    assert CautiousPolicy().roll_again(empty, rules, rng) is False
    assert CautiousPolicy().roll_again(one_left, rules, rng) is True
    assert RandomPolicy(stop_chance=0.0).roll_again(empty, rules, rng) is False
    assert RandomPolicy(stop_chance=0.0).roll_again(one_left, rules, rng) is True


@pytest.mark.parametrize(("setup", "roll", "more"), [
    ("{}", '["pink", "free-skate"]', " (or 5 more)"),       # 9 takes: 4 shown
    ('{ pulled = ["pink"] }', '["pink", "free-skate"]', ""),  # exactly 4: all shown
    # white and blue pulled: green, pink, orange alone, pink + green, pink + orange: 5 takes
    ('{ pulled = ["white", "blue"] }', '["pink", "free-skate"]', " (or 1 more)"),
])
def test_a_roll_that_allows_a_take_needs_one(tmp_path, setup, roll, more):
    game = games.get(GAME)
    (ex,) = game.load_examples(write(tmp_path, GAME, example("x", f"[{{ roll = {roll} }}]", setup)))
    with pytest.raises(ExampleError, match="the player must take at least one") as refused:
        game.replay(ex, game.load_data())
    assert str(refused.value).endswith(f"from the middle{more}")
    assert str(refused.value).count("from the middle") == 4


def test_the_cautious_player_takes_the_most_points_the_middle_first():
    rules, rng = _rules(), random.Random(0)
    state = setup_state(rules, [{}, {"orange": 1}])
    both = CautiousPolicy().choose(state, legal_takes(state, ("green", "blue"), rules), rules, rng)
    assert (both.middle, both.steals) == (("blue", "green"), ())
    # Free Skate + orange: orange and pink from the middle (9) beat stealing one orange (5).
    best = CautiousPolicy().choose(state, legal_takes(state, ("orange", "free-skate"), rules),
                                   rules, rng)
    assert (best.middle, best.steals) == (("pink", "orange"), ())


def test_how_takes_and_rolls_are_said():
    assert describe_take(None) == describe_take(Take()) == "take nothing"
    assert describe_take(Take(steals=((1, "white"), (1, "white")))) == "steal two white from player 1"
    assert describe_take(Take(steals=((1, "white"), (2, "white")))) == \
        "steal white from player 1 and white from player 2"
    assert read_roll(("white", "white"), _rules()) == Reading(RollKind.DOUBLES, ("white",))


def test_a_bare_rule_set_is_the_printed_game():
    bare = Rules(values={"white": 1, "blue": 2}, bears_per_colour={"white": 5, "blue": 5})
    assert (bare.younger, bare.no_risk, bare.min_players, bare.max_players) == (False, False, 2, 4)


def test_a_finished_game_names_player_zero_as_current():
    assert over_state(_rules(), [{"white": 1}, {}]).current == 0


def test_a_finished_game_of_two_or_four_holding_a_whole_colour():
    rules = _rules()
    four = over_state(rules, [{"orange": 2}, {"orange": 3}, {}, {"white": 1}])
    assert four.players == 4 and four.secured[1]["orange"] == 3
    assert over_state(rules, [{"orange": 5}, {}]).players == 2


@pytest.mark.parametrize("count", [2.5, True, "2", -1])
def test_a_bear_count_is_a_whole_number_of_zero_or_more(count):
    with pytest.raises(RuleError, match="a count is 0 or more"):
        setup_state(_rules(), [{"white": count}, {}])


def _bare(values=None, bears=None, **players) -> Rules:
    return Rules(values={"white": 1, "blue": 2, **(values or {})},
                 bears_per_colour={"white": 5, "blue": 5, **(bears or {})}, **players)


@pytest.mark.parametrize("value", [-1, True, "2", 2.0])
def test_a_bear_value_is_a_whole_number_of_zero_or_more(value):
    with pytest.raises(RuleError, match="a value is 0 or more"):
        _bare(values={"blue": value})


@pytest.mark.parametrize("count", [0, -1, True, "2"])
def test_every_colour_has_at_least_one_bear(count):
    with pytest.raises(RuleError, match="every colour has at least one"):
        _bare(bears={"blue": count})


def test_a_bear_worth_zero_and_a_colour_of_one_bear_are_allowed():
    rules = _bare(values={"white": 0}, bears={"blue": 1})
    assert rules.values["white"] == 0 and rules.bears_per_colour["blue"] == 1


@pytest.mark.parametrize(("low", "high", "allowed"), [
    (2, 2, True), (3, 3, True), (2, 5, True), (1, 4, False), (3, 2, False)])
def test_the_player_range_starts_at_two_and_may_be_one_number(low, high, allowed):
    if allowed:
        rules = _bare(min_players=low, max_players=high)
        assert (rules.min_players, rules.max_players) == (low, high)
    else:
        with pytest.raises(RuleError, match="is not a range of at least two players"):
            _bare(min_players=low, max_players=high)


def test_a_secured_count_of_zero_is_no_bear():
    state = setup_state(_rules(), [{"white": 0}, {"blue": 0}])
    assert state.secured[0]["white"] == 0 and state.middle["white"] == 5
    assert over_state(_rules(), [{"white": 0}, {}]).secured[0]["white"] == 0


def test_data_without_a_player_range_is_the_printed_two_to_four():
    data = {k: v for k, v in games.get(GAME).load_data().items() if k != "players"}
    rules = rules_from_data(data)
    assert (rules.min_players, rules.max_players) == (2, 4)
