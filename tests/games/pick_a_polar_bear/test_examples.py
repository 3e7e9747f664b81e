"""The worked examples of Pick-a-Polar Bear and their replay with the game's data."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import DataErrors, ExampleError
from printkit.examples import Example, load_examples, verify
from printkit.games.pick_a_polar_bear.data import SCHEMA
from printkit.games.pick_a_polar_bear.replay import EXAMPLE_SCHEMA, EXAMPLES_FILE, GAME_ID, replay
from printkit.schema import read_toml, validate
from tests.support import made_up_example as example
from tests.support import write_examples as write

GAME_TOML = EXAMPLES_FILE.with_name("game.toml")
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")

REQUIRED = {
    "bonus-round-glasses-and-arm-raised",   # the worked example of GAMES.md
    "valid-chain",
    "two-differences-break-the-chain",
    "freeze-right",
    "freeze-wrong",
    "hold-card-to-the-leader",
    "hold-card-tie",
    "wrong-answer-costs-two-cards",
    "wrong-answer-minus-card",              # -2 card, then turned to -4
    "solo-round-solved",
}


def load(path: Path = EXAMPLES_FILE) -> list[Example]:
    return load_examples(path, GAME_ID, EXAMPLE_SCHEMA)


def by_id() -> dict[str, Example]:
    return {ex.id: ex for ex in load()}


def test_the_required_examples_are_there():
    assert REQUIRED <= set(by_id())


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


@pytest.mark.parametrize(("setup", "step", "message"), [
    ('{ captains = ["BRGTA", "SDNNW"], grid = ["BRGTW"] }', '{ player = 0, take = "BXGTW" }',
     r"made-up: step 1: take: 'BXGTW': letter 2 'X' is not a value of arm"),
    ('{ captains = ["BRGTA", "SDNNW"], grid = ["BRGTW"] }', '{ player = 0, take = "SRGTW" }',
     r"made-up: step 1: take: no SRGTW lies on the table"),
    ('{ captains = ["BRGTA", "SDNNW"], grid = ["BRGTW"] }', '{ player = 3, take = "BRGTW" }',
     r"made-up: step 1: there is no player 3"),
    ('{ grid = ["BRGTA"], pile = ["bonus glasses raised"] }', "{ deal = true }",
     r"made-up: setup: pile: bonus cards are only shuffled in with rules"),
    ('{ grid = ["BRGTA", "BRGTA", "BRGTA", "BRGTA"] }', "{ deal = true }",
     r"made-up: setup: BRGTA is shown 4 times; the deck has 3 of each card"),
    ('{ captains = ["BRGTA"] }', "{ deal = true }",
     r"made-up: setup: the multiplayer game is for 2-5 players, not 1"),
    ("{ solo_grid = [\"BRGTA\", \"SDNNW\"] }", '{ chain = ["BRGTA", "SDNNW"] }',
     r"made-up: step 1: the solo chain breaks at step 1"),
])
def test_impossible_examples_are_example_errors(tmp_path, setup, step, message):
    path = write(tmp_path, example(f"[ {step} ]", setup=setup))
    with pytest.raises(ExampleError, match=message):
        replay(load(path)[0], DATA)


@pytest.mark.parametrize(("step", "message"), [
    ('{ take = "BRGTW" }', r"steps\[0\]\.player: who does it\?"),
    ('{ player = 0, take = "BRGTW", slot = 2 }', r"steps\[0\]\.slot: take a card or a slot"),
    ("{ deal = true, solve = true }", r"a step is exactly one of"),
    ("{ deal = false }", r"steps\[0\]\.deal: deal = false means nothing"),
    ('{ deal = true, extra = "BRGTW" }', r"only a FREEZE! call takes an extra card"),
    ("{ answers = [{ player = 0 }] }", r"steps\[0\]\.answers\[0\]\.says: is missing"),
    ('{ grab = "BRGTW" }', "valid keys here: answers, chain, deal, extra, freeze, player, "
                           "slot, solve, take"),
])
def test_malformed_steps_are_data_errors(tmp_path, step, message):
    path = write(tmp_path, example(f"[ {step} ]"))
    with pytest.raises(DataErrors, match=message):
        load(path)
