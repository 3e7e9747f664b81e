"""The worked examples of Polar Derby and their replay with the game's data.
(The examples each rulebook needs, and how a made-up one is refused: test_example_errors.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import ExampleError
from printkit.examples import Example, load_examples, verify
from printkit.games.polar_derby.data import SCHEMA
from printkit.games.polar_derby.replay import EXAMPLE_SCHEMA, EXAMPLES_FILE, GAME_ID, replay
from printkit.schema import read_toml, validate
from tests.support import made_up_example as example
from tests.support import write_examples as write

GAME_TOML = EXAMPLES_FILE.with_name("game.toml")
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")


def load(path: Path = EXAMPLES_FILE) -> list[Example]:
    return load_examples(path, GAME_ID, EXAMPLE_SCHEMA)


def by_id() -> dict[str, Example]:
    return {ex.id: ex for ex in load()}


def with_value(colour: str, value: int) -> dict:
    return {**DATA, "colours": [dict(c, value=value) if c["id"] == colour else c
                                for c in DATA["colours"]]}


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


def test_setup_players_sets_how_many_play(tmp_path):
    """(More players than the game is for: see tests/games/test_example_errors.py.)"""
    path = write(tmp_path, example('[ { roll = ["green", "blue"], take = ["blue"] } ]',
                                   setup="{ players = 4 }",
                                   expect="{ secured = [{}, {}, {}, {}] }"))
    assert verify(load(path), replay, DATA)
