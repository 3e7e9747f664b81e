"""The worked examples of Yeti Slalom and their replay with the game's data."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from printkit.errors import DataErrors, ExampleError
from printkit.examples import Example, load_examples, verify
from printkit.games.yeti_slalom.data import SCHEMA
from printkit.games.yeti_slalom.replay import EXAMPLE_SCHEMA, EXAMPLES_FILE, GAME_ID, replay
from printkit.schema import read_toml, validate
from tests.support import made_up_example as example
from tests.support import write_examples as write

GAME_TOML = EXAMPLES_FILE.with_name("game.toml")
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")

REQUIRED = {
    "crocodile-captain-scores",     # GAMES.md example 1
    "best-roll-counts",             # GAMES.md example 2
    "green-throw-reach",
    "red-throw-reach",
    "own-snowboarder-stays",
    "strict-exact-symbol",
    "sideways-ban",
    "fifth-finisher-face-value",
    "deal-three-players",
}


def load(path: Path = EXAMPLES_FILE) -> list[Example]:
    return load_examples(path, GAME_ID, EXAMPLE_SCHEMA)


def by_id() -> dict[str, Example]:
    return {ex.id: ex for ex in load()}


def test_the_required_examples_are_there():
    assert REQUIRED <= set(by_id())


def test_the_rulebook_examples_say_what_the_rules_text_says():
    examples = by_id()
    croc = replay(examples["crocodile-captain-scores"], DATA).observed
    assert croc["points"]["crocodiles"] == {"finish": 8, "late": 0, "knocked_off": 7,
                                            "total": 15}
    throw = replay(examples["best-roll-counts"], DATA)
    rolled = next(e for e in throw.events if e.kind == "rolled")
    assert rolled.params["rolls"] == [4, 2] and rolled.params["counts"] == 4
    assert len(throw.states) == 2


def test_changed_score_names_example_and_key(tmp_path):
    text = EXAMPLES_FILE.read_text(encoding="utf-8")
    changed = text.replace("scores = { beavers = 18, crocodiles = 15, kangaroos = 17 }",
                           "scores = { beavers = 18, crocodiles = 16, kangaroos = 17 }")
    assert changed != text
    with pytest.raises(ExampleError, match=r"yeti-slalom/crocodile-captain-scores .*: scores "
                                           r"expected"):
        verify(load(write(tmp_path, changed)), replay, DATA)


def test_the_die_symbols_come_from_the_data():
    ex = by_id()["green-throw-reach"]
    data = copy.deepcopy(DATA)
    data["throws"]["green"] = [0, 3, 4, 5, 6]
    observed = replay(ex, data).observed
    assert observed["hit_columns"] == [2, 3, 4, 5]
    with pytest.raises(ExampleError,
                       match=r"green-throw-reach .*: (positions|reach|hit\w*) expected"):
        verify([ex], replay, data)


def test_the_deal_comes_from_the_data():
    ex = by_id()["deal-three-players"]
    data = copy.deepcopy(DATA)
    data["deal"] = [dict(d, yeti_cards=5) if d["players"] == 3 else d for d in data["deal"]]
    assert replay(ex, data).observed["deal"]["box"] == 5
    with pytest.raises(ExampleError, match=r"deal-three-players .*: (deal|yeti_cards) expected"):
        verify([ex], replay, data)


def test_unknown_team_names_the_example_and_the_valid_teams(tmp_path):
    path = write(tmp_path, example("[ { pass = true } ]", id="pandas",
                                   setup='{ positions = [{ team = "pandas", value = 1, '
                                         'at = [1, 1] }] }'))
    with pytest.raises(ExampleError, match=r"^example yeti-slalom/pandas: setup.positions\[0\]: "
                                           r"unknown team 'pandas'; valid: beavers, crocodiles, "
                                           r"kangaroos, rhinos, giraffes$"):
        replay(load(path)[0], DATA)


def test_unknown_yeti_names_the_valid_yetis(tmp_path):
    path = write(tmp_path, example('[ { yeti = "hungry", colour = "red", rolls = [3] } ]',
                                   id="hungry"))
    with pytest.raises(ExampleError, match=r"hungry: step 1: yeti: unknown yeti 'hungry'; "
                                           r"valid: ambidextrous, grumpy"):
        replay(load(path)[0], DATA)


def test_illegal_step_names_example_step_action_and_reason(tmp_path):
    path = write(tmp_path, example("[ { move = 2, to = [3, 4] } ]", id="sideways",
                                   setup='{ positions = [{ team = "beavers", value = 2, '
                                         'at = [3, 3] }, { team = "crocodiles", value = 1, '
                                         'at = [3, 4] }] }'))
    with pytest.raises(ExampleError) as caught:
        replay(load(path)[0], DATA)
    assert str(caught.value) == (
        "example yeti-slalom/sideways: step 1: illegal action 'move beavers 2 to [3, 4]' in "
        "turn 1: [3, 4] is taken by crocodiles 1")


def test_step_for_the_wrong_player_is_refused(tmp_path):
    path = write(tmp_path, example('[ { player = "kangaroos", pass = true } ]', id="wrong"))
    with pytest.raises(ExampleError, match=r"wrong: step 1: the step is for the kangaroos, but "
                                           r"it is the beavers' captain's turn"):
        replay(load(path)[0], DATA)


def test_step_after_the_game_is_over_is_refused(tmp_path):
    setup = ('{ current = "kangaroos", positions = [{ team = "kangaroos", value = 1, '
             'at = [6, 2] }], finish = [{ team = "crocodiles", value = 2 }, '
             '{ team = "beavers", value = 4 }, { team = "kangaroos", value = 4 }, '
             '{ team = "kangaroos", value = 2 }], late = [{ team = "beavers", value = 2 }], '
             'held = [{ team = "beavers", value = 1, by = "crocodiles" }, '
             '{ team = "beavers", value = 3, by = "crocodiles" }, '
             '{ team = "kangaroos", value = 3, by = "crocodiles" }, '
             '{ team = "crocodiles", value = 4, by = "beavers" }, '
             '{ team = "crocodiles", value = 1, by = "kangaroos" }, '
             '{ team = "crocodiles", value = 3, by = "kangaroos" }] }')
    path = write(tmp_path, example("[ { move = 1, finish = true }, { pass = true } ]",
                                   setup=setup, id="too-long"))
    with pytest.raises(ExampleError, match=r"too-long: step 2: the game is already over"):
        replay(load(path)[0], DATA)


def test_setup_that_puts_two_snowboarders_on_one_space_is_an_example_error(tmp_path):
    setup = ('{ positions = [{ team = "beavers", value = 1, at = [2, 2] }, '
             '{ team = "crocodiles", value = 1, at = [2, 2] }] }')
    path = write(tmp_path, example("[ { pass = true } ]", setup=setup, id="crowded"))
    with pytest.raises(ExampleError, match=r"crowded: setup: positions: crocodiles 1 and "
                                           r"beavers 1 are both on \[2, 2\]"):
        replay(load(path)[0], DATA)


def test_setup_with_too_many_cards_is_an_example_error(tmp_path):
    setup = ('{ placed = ["grumpy-red", "grumpy-red"], hands = { beavers = { yetis = '
             '["grumpy-red"] } } }')
    path = write(tmp_path, example("[ { start = 1, at = [1, 1] } ]", setup=setup, id="cards"))
    with pytest.raises(ExampleError, match=r"cards: setup: 3 grumpy-red cards"):
        replay(load(path)[0], DATA)


@pytest.mark.parametrize(("step", "message"), [
    ("{ start = 1 }", r"steps\[0\]\.at: a start needs the space"),
    ("{ move = 1 }", r"steps\[0\]\.to: a move needs to = \[row, column\] or finish = true"),
    ("{ move = 1, to = [3, 3], finish = true }", r"a move needs to"),
    ('{ yeti = "grumpy", rolls = [3] }', r"steps\[0\]\.colour: a Yeti step needs"),
    ('{ yeti = "grumpy", colour = "blue", rolls = [3] }', r"'blue' is not one of"),
    ('{ yeti = "grumpy", colour = "red", rolls = [7] }', r"above the maximum 6"),
    ("{ pass = false }", r"pass = false means nothing"),
    ("{ pass = true, start = 1, at = [1, 1] }", r"exactly one of"),
    ("{ pass = true, rolls = [3] }", r"steps\[0\]\.rolls: does not belong to a pass step"),
    ("{ jump = 1 }", r"valid keys here: at, colour, finish, move, pass, player, rolls, start"),
])
def test_malformed_steps_are_data_errors(tmp_path, step, message):
    path = write(tmp_path, example(f"[ {step} ]"))
    with pytest.raises(DataErrors, match=message):
        load(path)


def test_a_dealt_setup_takes_no_positions(tmp_path):
    path = write(tmp_path, example("[]", setup='{ deal = true, placed = ["grumpy-red"] }'))
    with pytest.raises(DataErrors, match=r"setup\.placed: a dealt game starts"):
        load(path)


def test_an_empty_list_in_an_expected_team_table_is_a_data_error(tmp_path):
    path = write(tmp_path, example("[ { pass = true } ]",
                                   expect="{ knocked_off = { beavers = [] } }"))
    with pytest.raises(DataErrors, match=r"expect\.knocked_off\.beavers: needs at least 1"):
        load(path)
