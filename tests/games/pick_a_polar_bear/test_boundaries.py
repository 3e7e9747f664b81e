# ruff: noqa: E501  (one worked example per line reads best, as in examples.toml)
"""The numbers of the bonus rules on both sides of their boundaries, through a user's
examples file. Expected values are worked out by hand from GAMES.md and the docstring
of rules.py (the lead's latest ruling):

* a wrong answer is paid with 2 animal cards if the winning pile holds 2 or more;
  otherwise with one bonus card (worth 2) if it holds one; only a pile with neither
  takes a "-2" card, or turns a "-2" it shows to "-4"; with the 5 penalty cards all
  out, the player loses the animal cards they have;
* a bonus card on top of the draw pile starts a bonus round once at least 10
  member cards lie on the table; before that it is discarded;
* several right answers at the same time each score exactly 2.

In GRID, exactly 3 cards show glasses and a raised right arm, so "Three!" is right.
"""

from __future__ import annotations

import random

import pytest

from printkit import games
from tests.games.user_examples import assert_verified, events, example, params, verdicts

GAME = "pick-a-polar-bear"

GRID = ["BRGTA", "BDGTA", "SRNTA", "SDNNW", "SRGNW", "BDNTW", "SRNNA", "BDGNW", "SDGTA",
        "BRGNW", "BRNTW", "SDNTA"]
CAPTAINS = '"BDNNA", "SDNNA"'


def _grid(cards: list[str]) -> str:
    return "[" + ", ".join(f'"{c}"' for c in cards) + "]"


def _wrong_answer(won: int, bonus: int = 0, minus: str = "[[], []]") -> str:
    return (f"{{ won = [{won}, 0], bonus_cards = [{bonus}, 0], minus = {minus}, grid = {_grid(GRID)}, "
            f'pile = [{CAPTAINS}, "bonus glasses raised"] }}')


STEPS = ('[{ deal = true }, { answers = [{ player = 0, says = 2 }, { player = 1, says = 3 }] }]')

PAYING = [
    # (id, setup, expect): player 0 says 2 (wrong), player 1 says 3 (right, +2 as a bonus card).
    ("pile-of-one-takes-a-minus-card", _wrong_answer(1),
     "{ won = [1, 0], bonus_cards = [0, 1], penalty_cards = [0, 0], minus = [[-2], []], discarded = 0, scores = [-1, 2] }"),
    ("pile-of-two-pays-two", _wrong_answer(2),
     "{ won = [0, 0], bonus_cards = [0, 1], penalty_cards = [2, 0], minus = [[], []], scores = [0, 2], discarded = 2 }"),
    ("pile-of-three-pays-two", _wrong_answer(3),
     "{ won = [1, 0], bonus_cards = [0, 1], penalty_cards = [2, 0], minus = [[], []], scores = [1, 2], discarded = 2 }"),
    ("pile-of-zero-takes-a-minus-card", _wrong_answer(0),
     "{ won = [0, 0], penalty_cards = [0, 0], minus = [[-2], []], scores = [-2, 2] }"),
    ("bonus-card-pays-for-an-empty-pile", _wrong_answer(0, bonus=1),
     "{ won = [0, 0], bonus_cards = [0, 1], penalty_cards = [0, 0], minus = [[], []], scores = [0, 2] }"),
    ("two-animal-cards-before-two-bonus-cards", _wrong_answer(2, bonus=2),
     "{ won = [0, 0], bonus_cards = [2, 1], penalty_cards = [2, 0], scores = [4, 2] }"),
    ("second-penalty-turns-minus-two", _wrong_answer(1, minus="[[-2], []]"),
     "{ minus = [[-4], []], penalty_cards = [0, 0], discarded = 0, scores = [-3, 2] }"),
    ("flip-keeps-the-other-cards", _wrong_answer(1, minus="[[-2, -4], []]"),
     "{ minus = [[-4, -4], []], scores = [-7, 2] }"),
    ("minus-four-takes-a-new-minus-two", _wrong_answer(1, minus="[[-4], []]"),
     "{ minus = [[-4, -2], []], scores = [-5, 2] }"),
    ("last-minus-card-in-the-box", _wrong_answer(1, minus="[[-4, -4], [-4, -4]]"),
     "{ minus = [[-4, -4, -2], [-4, -4]], won = [1, 0], scores = [-9, -6] }"),
    ("no-minus-card-left-loses-the-pile", _wrong_answer(1, minus="[[-4, -4, -4], [-4, -4]]"),
     "{ minus = [[-4, -4, -4], [-4, -4]], won = [0, 0], penalty_cards = [1, 0], scores = [-12, -6] }"),
]


@pytest.mark.rule("bonus-payment")
@pytest.mark.parametrize("row", PAYING, ids=[r[0] for r in PAYING])
def test_paying_a_wrong_answer(tmp_path, row):
    id_, setup, expect = row
    assert_verified(tmp_path, GAME, example(id_, STEPS, setup, expect, "{ bonus = true }"))


def test_paying_events_say_what_paid(tmp_path):
    body = "".join(example(id_, STEPS, setup, rules="{ bonus = true }")
                   for id_, setup, _ in PAYING)
    found = events(tmp_path, GAME, body)
    first = {id_: params(found[id_], "penalty")[0] for id_, _, _ in PAYING}
    none = {"minus_card": None, "flipped": False, "bonus_card": False}
    assert first["pile-of-one-takes-a-minus-card"] == {
        "player": 0, "cards": 0, "minus_card": -2, "flipped": False, "bonus_card": False}
    assert first["pile-of-two-pays-two"] == {"player": 0, "cards": 2, **none}
    assert first["pile-of-three-pays-two"] == {"player": 0, "cards": 2, **none}
    assert first["bonus-card-pays-for-an-empty-pile"] == {
        "player": 0, "cards": 0, "minus_card": None, "flipped": False, "bonus_card": True}
    assert first["second-penalty-turns-minus-two"] == {
        "player": 0, "cards": 0, "minus_card": -4, "flipped": True, "bonus_card": False}
    assert first["no-minus-card-left-loses-the-pile"] == {"player": 0, "cards": 1, **none}
    (bonus,) = params(found["pile-of-two-pays-two"], "bonus")
    assert (bonus["answer"], bonus["answers"], bonus["winners"], bonus["paid"]) == (
        3, [[0, 2], [1, 3]], [1], [])


def test_a_wrong_claim_about_paying_is_wrong(tmp_path):
    id_, setup, _ = PAYING[1]
    body = example(id_, STEPS, setup, "{ won = [1, 0] }", "{ bonus = true }")
    assert "won expected [1, 0], computed [0, 0]" in (verdicts(tmp_path, GAME, body)[id_] or "")


# --- the 10th member card on the table --------------------------------------------------

def _refill(table: int, after: str = "") -> str:
    """``table`` cards on the table, two captains, one card, a bonus card, then ``after``."""
    rest = f', "bonus glasses raised"{after}'
    return (f"{{ grid = {_grid(GRID[:table])}, "
            f'pile = [{CAPTAINS}, "BRGNA"{rest}] }}')


def test_bonus_card_with_ten_member_cards_starts_a_round(tmp_path):
    body = example("ten", "[{ deal = true }]", _refill(9),
                   '{ phase = "bonus", bonus_table = 10, bonus_discarded = 0, table = 10, pile = 0 }',
                   "{ bonus = true }")
    assert_verified(tmp_path, GAME, body)


def test_bonus_card_with_nine_member_cards_is_discarded(tmp_path):
    body = example("nine", "[{ deal = true }]", _refill(8, ', "SDNNW"'),
                   '{ phase = "grab", bonus_discarded = 1, table = 10, pile = 0 }',
                   "{ bonus = true }")
    assert_verified(tmp_path, GAME, body)
    (discarded,) = params(events(tmp_path, GAME, body)["nine"], "bonus-discarded")
    assert discarded == {"card": "bonus raised glasses", "reason": "too-few", "table": 9}


def test_bonus_card_with_eleven_member_cards_starts_a_round(tmp_path):
    body = example("eleven", "[{ deal = true }]", _refill(10),
                   '{ phase = "bonus", bonus_table = 11 }', "{ bonus = true }")
    assert_verified(tmp_path, GAME, body)


# --- several right answers at the same time ----------------------------------------------

def _many(players: int, discarded: int, pile: str) -> str:
    caps = ", ".join(f'"{c}"' for c in ("BDNNA", "SDNNA", "SRNNW", "BRNNA")[:players])
    return (f"{{ players = {players}, discarded = {discarded}, grid = {_grid(GRID)}, "
            f'pile = [{caps}, "bonus glasses raised"{pile}] }}')


def _answers(players: int) -> str:
    return ("[{ deal = true }, { answers = [{ player = 0, says = 3 }"
            + "".join(f", {{ player = {p}, says = 3, same_time = true }}" for p in range(1, players))
            + "] }]")


SIMULTANEOUS = [
    # (id, players, discarded, pile after the bonus card, expect, "paid" by hand)
    ("two-from-the-discards", 2, 2, "",
     "{ bonus_winners = [0, 1], scores = [2, 2], won = [0, 2], bonus_cards = [1, 0], discarded = 0, table = 12 }",
     [[1, 2, 0, 0]]),
    ("one-discard-one-from-the-pile", 2, 1, ', "BRGTW"',
     "{ scores = [2, 2], won = [0, 2], discarded = 0, pile = 0, table = 12 }",
     [[1, 1, 1, 0]]),
    ("one-discard-one-from-the-table", 2, 1, "",
     "{ scores = [2, 2], won = [0, 2], discarded = 0, table = 11 }",
     [[1, 1, 0, 1]]),
    ("three-discards-leave-one", 2, 3, "",
     "{ scores = [2, 2], discarded = 1, table = 12 }",
     [[1, 2, 0, 0]]),
    ("three-players-share", 3, 4, "",
     "{ bonus_winners = [0, 1, 2], scores = [2, 2, 2], won = [0, 2, 2], discarded = 0 }",
     [[1, 2, 0, 0], [2, 2, 0, 0]]),
]


@pytest.mark.rule("bonus-simultaneous")
@pytest.mark.parametrize("row", SIMULTANEOUS, ids=[r[0] for r in SIMULTANEOUS])
def test_simultaneous_right_answers_score_exactly_two(tmp_path, row):
    id_, players, discarded, pile, expect, paid = row
    body = example(id_, _answers(players), _many(players, discarded, pile), expect,
                   "{ bonus = true }")
    assert_verified(tmp_path, GAME, body)
    (bonus,) = params(events(tmp_path, GAME, body)[id_], "bonus")
    assert bonus["paid"] == paid


def test_a_later_right_answer_scores_nothing(tmp_path):
    steps = ("[{ deal = true }, { answers = [{ player = 0, says = 3 }, "
             "{ player = 1, says = 3 }] }]")
    body = example("later", steps, _many(2, 2, ""),
                   "{ bonus_winners = [0], scores = [2, 0], discarded = 2 }", "{ bonus = true }")
    assert_verified(tmp_path, GAME, body)


# --- the engine's own numbers agree with the printed game -------------------------------

def test_the_rules_defaults_are_the_printed_games_numbers():
    """Rules() without data must be the game of the box: 3 copies, a 5 × 6 table, bonus
    rounds from 10 member cards, 2 points, 2 cards to pay, −2/−4 cards (5 of them),
    a 4 × 8 solo grid over 3 rounds, 1–5 players; both variants off."""
    from printkit.games.pick_a_polar_bear.rules import Rules, rules_from_data

    game = games.get(GAME)
    data = game.load_data()
    from_data = rules_from_data(data)
    bare = Rules(model=from_data.model)
    numbers = ("copies", "table_slots", "min_table_cards", "bonus_points", "penalty_cards",
               "minus_front", "minus_back", "minus_supply", "solo_slots", "solo_rounds",
               "max_players")
    assert [getattr(bare, n) for n in numbers] == [3, 30, 10, 2, 2, -2, -4, 5, 32, 3, 5]
    assert [getattr(from_data, n) for n in numbers] == [3, 30, 10, 2, 2, -2, -4, 5, 32, 3, 5]
    assert (bare.hold, bare.bonus) == (False, False)


def test_a_new_game_starts_at_round_one_with_empty_winning_piles():
    from printkit.games.pick_a_polar_bear.rules import deal, new_game, rules_from_data

    rules = rules_from_data(games.get(GAME).load_data())
    state = new_game(rules, 3, random.Random(5))
    assert state.round == 0 and state.minus_left == 5
    assert all((s.won, s.bonus_cards, s.minus) == (0, 0, ()) for s in state.seats)
    _, happened = deal(state, rules)
    assert happened[0].kind == "round" and dict(happened[0].params) == {"round": 1,
                                                                        "holder": None}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_that_never_slips_plays_by_the_rules(seed):
    from printkit.games.pick_a_polar_bear.rules import Bot, rules_from_data, simulate

    rules = rules_from_data(games.get(GAME).load_data())
    result = simulate(rules, 3, random.Random(seed), Bot(slip=0.0))
    assert not [e for e in result.events if e.kind == "chain-broken"]
    assert all(e.params["right"] for e in result.events if e.kind == "freeze")


def test_every_animal_card_is_somewhere_in_the_middle_of_a_round():
    from printkit.games.pick_a_polar_bear.rules import deal, grab, new_game, rules_from_data

    rules = rules_from_data(games.get(GAME).load_data())
    state = new_game(rules, 3, random.Random(5))
    assert state.animal_cards() == 96
    state, _ = deal(state, rules)
    assert state.animal_cards() == 96 and all(s.captain for s in state.seats)
    slot = next(i for i, card in enumerate(state.grid) if card is not None)
    state, _ = grab(state, rules, 1, slot)
    assert state.animal_cards() == 96 and len(state.seats[1].members) == 1


def test_a_wrong_freeze_and_a_broken_chain_are_told_apart(tmp_path):
    # Player 0 calls FREEZE! with BRGTW still matching (wrong); player 1's pile SDNNW ->
    # BRGTA differs in four attributes (broken). Both piles are discarded, for two reasons.
    body = example("both", '[{ player = 1, take = "BRGTA" }, { player = 0, freeze = true }]',
                   '{ captains = ["BRGTA", "SDNNW"], grid = ["BRGTA", "BRGTW"] }',
                   "{ freeze_right = false, kept = [false, false], broken = [[1, 1]], taken = [0, 0], discarded = 3 }")
    assert_verified(tmp_path, GAME, body)
    found = params(events(tmp_path, GAME, body)["both"], "discarded")
    assert found == [{"player": 0, "cards": 1, "reason": "wrong-freeze"},
                     {"player": 1, "cards": 2, "reason": "broken-chain"}]


def test_a_first_answer_marked_same_time_is_an_ordinary_first_answer():
    from printkit.games.pick_a_polar_bear.rules import Answer, bonus_winners

    assert bonus_winners([Answer(0, 3, same_time=True), Answer(1, 3, same_time=True)], 3) == [0, 1]
    assert bonus_winners([Answer(0, 2), Answer(1, 3), Answer(2, 3, same_time=True),
                          Answer(0, 3)], 3) == [1, 2]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_bot_that_cannot_count_is_one_off_and_never_negative(seed):
    from printkit.games.pick_a_polar_bear.rules import Bot, rules_from_data, simulate

    rules = rules_from_data(games.get(GAME).load_data(), bonus=True)
    result = simulate(rules, 3, random.Random(seed), Bot(counting=0.0))
    bonus = [e.params for e in result.events if e.kind == "bonus"]
    assert bonus
    for b in bonus:
        for _, said in b["answers"]:
            assert said >= 0
            assert abs(said - b["answer"]) == 1 or (said, b["answer"]) == (0, 0)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_slipping_non_holder_hands_no_extra_card_for_an_identical_match(seed):
    # Hold variant: only the holder may not follow with an identical card; anyone else
    # may. A bot that slips and calls FREEZE! while only an identical card fits its
    # top card is wrong, so it may not take an extra card (freeze() refuses one). A
    # small table (4 slots) makes "only an identical card fits" common.
    from dataclasses import replace

    from printkit.games.pick_a_polar_bear.rules import Bot, rules_from_data, simulate

    rules = replace(rules_from_data(games.get(GAME).load_data(), hold=True), table_slots=4,
                    min_table_cards=1)
    result = simulate(rules, 3, random.Random(seed), Bot(slip=1.0))
    freezes = [e.params for e in result.events if e.kind == "freeze"]
    assert freezes and all(f["right"] for f in freezes if f["extra"] is not None)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_careful_non_holder_takes_an_identical_card_in_the_hold_variant(seed):
    # Only the holder may not take an identical card: a bot that never slips takes one
    # when it is all that fits, so every FREEZE! it calls is right.
    from dataclasses import replace

    from printkit.games.pick_a_polar_bear.rules import Bot, rules_from_data, simulate

    rules = replace(rules_from_data(games.get(GAME).load_data(), hold=True), table_slots=4,
                    min_table_cards=1)
    result = simulate(rules, 3, random.Random(seed), Bot(slip=0.0))
    freezes = [e.params for e in result.events if e.kind == "freeze"]
    assert freezes and all(f["right"] for f in freezes)
