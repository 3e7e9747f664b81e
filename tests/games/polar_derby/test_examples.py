"""The worked examples of Polar Derby and their replay with the game's data."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import DataErrors, ExampleError
from printkit.examples import Example, load_examples, verify
from printkit.games.polar_derby.data import SCHEMA
from printkit.games.polar_derby.replay import EXAMPLE_SCHEMA, EXAMPLES_FILE, GAME_ID, replay
from printkit.schema import read_toml, validate
from tests.support import made_up_example as example
from tests.support import write_examples as write

GAME_TOML = EXAMPLES_FILE.with_name("game.toml")
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")

REQUIRED = {
    "split-colours",                    # GAMES.md example 1
    "doubles-two-from-one",             # example 2, two from one opponent
    "doubles-one-from-each",            # example 2, one each from two
    "free-skate-as-another-colour",     # example 3, as a split
    "free-skate-as-doubles",            # example 3, stealing two pinks
    "bust-returns-pulled-bears",        # example 4, the corrected turn
    "double-free-skate",
    "steal-blocked-already-pulled",
    "no-risk-bust",
    "tie-more-bears-wins",
    "younger-players-score",
    "game-ends-when-middle-empties",
}


def load(path: Path = EXAMPLES_FILE) -> list[Example]:
    return load_examples(path, GAME_ID, EXAMPLE_SCHEMA)


def by_id() -> dict[str, Example]:
    return {ex.id: ex for ex in load()}


def with_value(colour: str, value: int) -> dict:
    return {**DATA, "colours": [dict(c, value=value) if c["id"] == colour else c
                                for c in DATA["colours"]]}


def test_the_required_examples_are_there():
    assert REQUIRED <= set(by_id())


def test_titles_use_the_games_words():
    titles = " ".join(ex.title for ex in load())
    for word in ("middle", "secured", "pulled", "Free Skate"):
        assert word in titles


def test_the_corrected_turn_of_the_rulebook():
    result = replay(by_id()["bust-returns-pulled-bears"], DATA)
    assert [e.kind for e in result.events] == ["rolled", "took", "rolled", "took",
                                               "rolled", "bust"]
    took = [e.params["colours"] for e in result.events if e.kind == "took"]
    assert took == [["blue", "orange"], ["pink"]]
    assert len(result.states) == 4
    assert [s.middle.total for s in result.states] == [25, 23, 22, 25]


def test_bear_values_come_from_the_data():
    ex = by_id()["game-ends-when-middle-empties"]
    assert replay(ex, DATA).observed["scores"] == [39, 36]
    assert replay(ex, with_value("orange", 6)).observed["scores"] == [40, 40]
    with pytest.raises(ExampleError, match=r"game-ends-when-middle-empties.*scores expected "
                                           r"\[39, 36\], computed \[40, 40\]"):
        verify([ex], replay, with_value("orange", 6))


def test_unknown_colour_names_the_example_and_the_valid_colours(tmp_path):
    path = write(tmp_path, example('[ { roll = ["green", "blue"], take = ["purple"] } ]',
                                   id="purple-bear"))
    with pytest.raises(ExampleError, match=r"^example polar-derby/purple-bear: step 1: take: "
                                           r"unknown colour 'purple'; valid: white, blue, "
                                           r"green, pink, orange$"):
        replay(load(path)[0], DATA)


def test_unknown_face_lists_free_skate_too(tmp_path):
    path = write(tmp_path, example('[ { roll = ["green", "wild"] } ]', id="wild"))
    with pytest.raises(ExampleError, match=r"wild: step 1: roll: unknown die face 'wild'; "
                                           r"valid: .*orange, free-skate$"):
        replay(load(path)[0], DATA)


def test_unknown_colour_in_setup_and_expect(tmp_path):
    path = write(tmp_path, example('[ { stop = true } ]', setup="{ pulled = [\"gold\"] }"))
    with pytest.raises(ExampleError, match="setup.pulled: unknown colour 'gold'"):
        replay(load(path)[0], DATA)
    path = write(tmp_path, example('[ { roll = ["green", "blue"], take = ["green"] } ]',
                                   expect="{ middle = { gold = 1 } }"))
    with pytest.raises(ExampleError, match="expect.middle: unknown colour 'gold'"):
        replay(load(path)[0], DATA)


def test_illegal_step_names_example_step_action_and_reason(tmp_path):
    steps = ('[ { roll = ["white", "green"], take = ["white"] }, '
             '{ roll = ["white", "white"], steal = [[1, "white"]] } ]')
    path = write(tmp_path, example(steps, setup="{ secured = [{}, { white = 2 }] }",
                                   id="doubles"))
    with pytest.raises(ExampleError) as caught:
        replay(load(path)[0], DATA)
    assert str(caught.value) == (
        "example polar-derby/doubles: step 2: illegal action 'steal white from player 1' in "
        "turn 1: white was already pulled this turn")


def test_a_roll_that_allows_a_take_needs_one(tmp_path):
    path = write(tmp_path, example('[ { roll = ["green", "blue"] } ]', id="no-take"))
    with pytest.raises(ExampleError, match=r"^example polar-derby/no-take: step 1: illegal "
                                           r"action 'roll green \+ blue'.*must take at least"):
        replay(load(path)[0], DATA)


def test_stop_before_rolling_is_refused(tmp_path):
    path = write(tmp_path, example("[ { stop = true } ]", id="early-stop"))
    with pytest.raises(ExampleError, match=r"^example polar-derby/early-stop: step 1: .*not "
                                           r"rolled yet"):
        replay(load(path)[0], DATA)


def test_step_for_the_wrong_player_is_refused(tmp_path):
    path = write(tmp_path, example('[ { player = 1, roll = ["green", "blue"], take = ["blue"] } ]',
                                   id="wrong-player"))
    with pytest.raises(ExampleError, match=r"wrong-player: step 1: the step is for player 1, "
                                           r"but it is player 0's turn"):
        replay(load(path)[0], DATA)


def test_step_after_the_game_is_over_is_refused(tmp_path):
    steps = ('[ { roll = ["orange", "blue"], take = ["orange", "blue"] }, { stop = true }, '
             '{ roll = ["white", "white"] } ]')
    setup = ("{ secured = [{ white = 5, blue = 2, green = 5, pink = 2 }, "
             "{ blue = 2, pink = 3, orange = 4 }] }")
    path = write(tmp_path, example(steps, setup=setup, id="too-long"))
    with pytest.raises(ExampleError, match=r"too-long: step 3: the game is already over"):
        replay(load(path)[0], DATA)


def test_setup_that_miscounts_the_bears_is_an_example_error(tmp_path):
    path = write(tmp_path, example("[ { stop = true } ]", id="six-white",
                                   setup="{ secured = [{ white = 6 }, {}] }"))
    with pytest.raises(ExampleError, match=r"six-white: setup: white: 0 in the middle, 6 "
                                           r"secured and 0 pulled make 6, but the set has 5"):
        replay(load(path)[0], DATA)


def test_setup_players_must_match_secured(tmp_path):
    path = write(tmp_path, example("[ { stop = true } ]", id="three",
                                   setup="{ players = 3, secured = [{}, {}] }"))
    with pytest.raises(ExampleError, match="three: setup: players = 3, but secured lists 2"):
        replay(load(path)[0], DATA)


def test_setup_players_default_and_count(tmp_path):
    path = write(tmp_path, example('[ { roll = ["green", "blue"], take = ["blue"] } ]',
                                   setup="{ players = 4 }",
                                   expect="{ secured = [{}, {}, {}, {}] }"))
    assert verify(load(path), replay, DATA)
    path = write(tmp_path, example('[ { roll = ["green", "blue"], take = ["blue"] } ]',
                                   setup="{ players = 5 }"))
    with pytest.raises(ExampleError, match="setup: the game is for 2-4 players, not 5"):
        replay(load(path)[0], DATA)


@pytest.mark.parametrize(("step", "message"), [
    ('{ stop = true, roll = ["green", "blue"] }', r"steps\[0\]\.roll: a stop rolls and takes"),
    ("{ stop = false }", r"steps\[0\]\.stop: stop = false means nothing"),
    ('{ take = ["green"] }', r"steps\[0\]\.roll: a step is a roll"),
    ('{ roll = ["green"] }', r"steps\[0\]\.roll: needs at least 2"),
    ('{ roll = ["white", "white"], steal = [["white", 1]] }', r"a steal is \[opponent, colour\]"),
    ('{ rolled = ["green", "blue"] }', "valid keys here: player, roll, steal, stop, take"),
])
def test_malformed_steps_are_data_errors(tmp_path, step, message):
    path = write(tmp_path, example(f"[ {step} ]"))
    with pytest.raises(DataErrors, match=message):
        load(path)


def test_a_zero_in_an_expected_colour_table_is_a_data_error(tmp_path):
    path = write(tmp_path, example('[ { roll = ["green", "blue"], take = ["green"] } ]',
                                   expect="{ pulled = { green = 1, blue = 0 } }"))
    with pytest.raises(DataErrors, match=r"expect\.pulled\.blue: leave out a colour with no "
                                         r"bears"):
        load(path)
