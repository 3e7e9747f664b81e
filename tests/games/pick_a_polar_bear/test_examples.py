"""The worked examples of Pick-a-Polar Bear and their replay with the game's data.
(The examples each rulebook needs, and how a made-up one is refused: test_example_errors.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import ExampleError
from printkit.examples import Example, load_examples, verify
from printkit.games.pick_a_polar_bear.data import SCHEMA
from printkit.games.pick_a_polar_bear.replay import EXAMPLE_SCHEMA, EXAMPLES_FILE, GAME_ID, replay
from printkit.schema import read_toml, validate

GAME_TOML = EXAMPLES_FILE.with_name("game.toml")
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")


def load(path: Path = EXAMPLES_FILE) -> list[Example]:
    return load_examples(path, GAME_ID, EXAMPLE_SCHEMA)


def by_id() -> dict[str, Example]:
    return {ex.id: ex for ex in load()}


def test_the_bonus_round_of_the_rulebook():
    result = replay(by_id()["bonus-round-glasses-and-arm-raised"], DATA)
    bonus = next(e for e in result.events if e.kind == "bonus")
    assert bonus.params["features"] == {"arm": "raised", "glasses": "glasses"}
    assert bonus.params["answer"] == 3 and bonus.params["winners"] == [0]
    assert [e.kind for e in result.events] == ["round", "bonus-revealed", "bonus"]
    assert len(result.states) == 3


def test_the_solo_example_is_proven_optimal():
    result = replay(by_id()["solo-round-solved"], DATA)
    assert result.observed["optimal"] is True and result.observed["leftover"] == 2
    (event,) = result.events
    assert event.kind == "solo-round" and len(event.params["chain"]) == 30


def test_penalty_values_come_from_the_data():
    ex = by_id()["wrong-answer-costs-two-cards"]
    changed = {**DATA, "bonus": {**DATA["bonus"], "penalty_cards": 3}}
    assert replay(ex, changed).observed["won"] == [2, 0]
    with pytest.raises(ExampleError, match=r"wrong-answer-costs-two-cards.*won expected "
                                           r"\[3, 0\], computed \[2, 0\]"):
        verify([ex], replay, changed)
