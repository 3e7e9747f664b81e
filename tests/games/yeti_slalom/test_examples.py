"""The worked examples of Yeti Slalom and their replay with the game's data.
(The examples each rulebook needs, and how a made-up one is refused: test_example_errors.py.)"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from printkit.errors import ExampleError
from printkit.examples import Example, load_examples, verify
from printkit.games.yeti_slalom.data import SCHEMA
from printkit.games.yeti_slalom.replay import EXAMPLE_SCHEMA, EXAMPLES_FILE, GAME_ID, replay
from printkit.schema import read_toml, validate
from tests.support import write_examples as write

GAME_TOML = EXAMPLES_FILE.with_name("game.toml")
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")


def load(path: Path = EXAMPLES_FILE) -> list[Example]:
    return load_examples(path, GAME_ID, EXAMPLE_SCHEMA)


def by_id() -> dict[str, Example]:
    return {ex.id: ex for ex in load()}


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
