"""The worked examples of "Coraz bliżej Święta…" and their replay.
(The examples each rulebook needs, and how a made-up one is refused: test_example_errors.py.)"""

from __future__ import annotations

from pathlib import Path

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
