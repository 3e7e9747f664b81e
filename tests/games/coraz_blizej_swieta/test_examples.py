"""The worked examples of "Coraz bliżej Święta…" and their replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import DataErrors, ExampleError
from printkit.examples import Example, load_examples
from printkit.games.coraz_blizej_swieta.replay import (
    EXAMPLE_SCHEMA,
    EXAMPLES_FILE,
    GAME_ID,
    replay,
)
from printkit.games.coraz_blizej_swieta.rules import Outcome
from tests.support import made_up_example
from tests.support import write_examples as write

EXPECT_KEYS = {"field", "dice", "cards", "lost_turns", "won", "total", "outcome"}


def load(path: Path = EXAMPLES_FILE) -> list[Example]:
    return load_examples(path, GAME_ID, EXAMPLE_SCHEMA)


def example(steps: str, setup: str = "{ field = 5, dice = 2 }", expect: str = "{}",
            rules: str = "{}", id: str = "made-up") -> str:
    """A made-up example, starting by default on field 5 with two dice."""
    return made_up_example(steps, setup, expect, rules, id)


def test_every_example_sets_every_expect_key():
    for ex in load():
        assert set(ex.expect) == EXPECT_KEYS, ex.id


def test_examples_cover_every_outcome_and_both_variants():
    examples = load()
    assert {ex.expect["outcome"] for ex in examples} == {o.value for o in Outcome}
    assert any(ex.rules["tydzien"] for ex in examples)
    assert any(ex.rules["strict_wigilia"] for ex in examples)


def test_replay_records_states_events_and_observations():
    by_id = {ex.id: ex for ex in load()}
    result = replay(by_id["sum-below-field"])
    assert len(result.states) == 3
    assert [s.players[0].field for s in result.states] == [9, 9, 12]
    assert [e.kind for e in result.events] == ["rolled", "penalty", "rolled", "moved"]
    assert result.observed == {"field": 12, "dice": 3, "cards": 0, "lost_turns": 0,
                               "won": False, "total": 12, "outcome": "moved"}


def test_replay_total_is_the_roll_before_wigilia_changes():
    by_id = {ex.id: ex for ex in load()}
    result = replay(by_id["wigilia-win"])
    assert result.observed["total"] == 15
    assert [e.params["total"] for e in result.events if e.kind == "won"] == [25]


def test_lost_turn_in_setup_is_served_before_the_first_step(tmp_path):
    path = write(tmp_path, example("[ { roll = [3, 4] } ]",
                                   setup="{ field = 5, dice = 2, lost_turns = 2 }"))
    result = replay(load(path)[0])
    assert result.observed["lost_turns"] == 0
    assert result.observed["field"] == 7


def test_bad_step_names_example_step_and_reason(tmp_path):
    path = write(tmp_path, example("[ { roll = [3, 4] }, { roll = [1, 2, 3] } ]",
                                   id="too-many-faces"))
    with pytest.raises(ExampleError) as caught:
        replay(load(path)[0])
    message = str(caught.value)
    assert message.startswith("example coraz-blizej-swieta/too-many-faces:")
    assert "step 2" in message
    assert "rolled 3 faces [1, 2, 3], but the player rolls 2 dice" in message


def test_step_after_the_game_is_won_is_refused(tmp_path):
    path = write(tmp_path, example("[ { face = 4 }, { face = 4 } ]", rules="{ tydzien = true }",
                                   setup="{ field = 24, cards = 3 }", id="too-long"))
    with pytest.raises(ExampleError, match=r"too-long: step 2 .*the game is already over"):
        replay(load(path)[0])


def test_changes_off_wigilia_are_refused(tmp_path):
    path = write(tmp_path, example("[ { roll = [3, 4], changes = [[0, 6]] } ]", id="early"))
    with pytest.raises(ExampleError, match=r"^example coraz-blizej-swieta/early: step 1 .*"
                                           r"only for a pawn on Wigilia"):
        replay(load(path)[0])


def test_setup_against_the_variant_is_an_example_error(tmp_path):
    path = write(tmp_path, example("[ { roll = [3] } ]", rules="{ tydzien = true }",
                                   id="two-dice-tydzien"))
    with pytest.raises(ExampleError, match=r"two-dice-tydzien: setup .*uses one die"):
        replay(load(path)[0])


def test_face_and_roll_in_one_step_is_a_data_error(tmp_path):
    path = write(tmp_path, example("[ { roll = [3], face = 4 } ]", rules="{ tydzien = true }",
                                   setup="{ field = 24, cards = 3 }"))
    with pytest.raises(DataErrors, match=r"steps\[0\]\.roll: a Tydzień answer"):
        load(path)


def test_unknown_step_key_lists_the_valid_ones(tmp_path):
    path = write(tmp_path, example("[ { rolled = [3, 4] } ]"))
    with pytest.raises(DataErrors, match="valid keys here: announced, changes, face, roll"):
        load(path)
