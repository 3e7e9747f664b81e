"""One test per rule and per ruling of Pick-a-Polar Bear (rulings: the shared GAMES.md)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from printkit.errors import RuleError
from printkit.games.pick_a_polar_bear.cards import (
    bonus_cards,
    count_showing,
    deck,
    differences,
    matches,
    model_from_data,
)
from printkit.games.pick_a_polar_bear.data import SCHEMA
from printkit.games.pick_a_polar_bear.replay import position
from printkit.games.pick_a_polar_bear.rules import (
    Answer,
    Bot,
    Phase,
    Rules,
    State,
    answer_bonus,
    check_chain,
    deal,
    freeze,
    freeze_is_right,
    grab,
    hold_after_round,
    new_game,
    refill,
    rules_from_data,
    scores,
    simulate,
    solo_score,
    winners,
)
from printkit.games.pick_a_polar_bear.solver import solo_game, solo_round
from printkit.schema import read_toml, validate

GAME_TOML = Path(__file__).parents[3] / "printkit" / "games" / "pick_a_polar_bear" / "game.toml"
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
MODEL = model_from_data(DATA)
RULES = rules_from_data(DATA)
HOLD = rules_from_data(DATA, hold=True)
BONUS = rules_from_data(DATA, bonus=True)
GLASSES_RAISED = MODEL.parse_bonus("bonus glasses raised", BONUS.bonus_cards)
TIN_AUTUMN = MODEL.parse_bonus("bonus tin autumn", BONUS.bonus_cards)
#: Twelve member cards; exactly three show glasses and the right arm raised.
TWELVE = ["BRGTA", "BDGTA", "SRNTA", "SDNNW", "SRGNW", "BDNTW", "SRNNA", "BDGNW", "SDGTA",
          "BRGNW", "BRNTW", "SDNTA"]


def c(text: str):
    return MODEL.parse(text)


def cards(*texts: str):
    return [c(t) for t in texts]


def at(rules: Rules = RULES, **setup) -> State:
    return position(setup, rules)


def play(state: State, rules: Rules, *actions) -> tuple[State, list]:
    """Apply (player, "take"/"freeze", card) actions; return the state and every event."""
    events = []
    for player, action, text in actions:
        slot = None if text is None else state.grid.index(c(text))
        if action == "take":
            state, happened = grab(state, rules, player, slot)
        else:
            state, happened = freeze(state, rules, player, slot)
        events.extend(happened)
    return state, events


def bonus_round(rules: Rules = BONUS, bonus: str = "bonus glasses raised", **setup) -> State:
    """Dealt with twelve cards on the table and ``bonus`` on top after the captains."""
    state = at(rules, grid=TWELVE, pile=["BDNNA", "SDNNA", bonus, "BRNNA", "SRNNW"], **setup)
    state, _ = deal(state, rules)
    assert state.phase is Phase.BONUS
    return state


# --- the cards ---------------------------------------------------------------------

@pytest.mark.rule("five-features")
def test_deck_has_each_of_the_32_combinations_three_times():
    animals = deck(DATA)
    assert len(animals) == 96
    assert len(set(animals)) == 32
    assert all(animals.count(card) == 3 for card in set(animals))


@pytest.mark.rule("five-features")
def test_five_two_valued_attributes_in_data_order():
    assert MODEL.ids == ("size", "arm", "glasses", "fish", "season")
    assert c("BRGTA").code == "big/raised/glasses/tin/autumn"
    assert c("small down none none winter").short == "SDNNW"
    assert c("sdnnw") == c("small/down/none/none/winter")


def test_card_notation_errors_name_the_letter_and_the_values():
    with pytest.raises(RuleError, match=r"'BXGTA': letter 2 'X' is not a value of arm; "
                                        r"arm: R \(raised\) or D \(down\)"):
        c("BXGTA")
    with pytest.raises(RuleError, match="'huge' is not a value of size"):
        c("huge raised glasses tin autumn")


def test_copies_come_from_the_data():
    changed = {**DATA, "deck": {"copies": 2}}
    assert len(deck(changed)) == 64


@pytest.mark.rule("dealer", "draw-pile", "captains", "member-grid")
def test_the_first_deal_gives_captains_then_lays_out_five_rows_of_six_from_the_draw_pile():
    """The dealer's setup: a shuffled face-down pile of the animal cards, one captain each,
    then 5 × 6 member cards face up; what is left stays the draw pile."""
    state = new_game(RULES, 3, random.Random(2))
    assert len(state.pile) == 96 and not any(state.grid)
    dealt, _ = deal(state, RULES)
    assert [s.captain for s in dealt.seats] == list(state.pile[:3])
    assert list(dealt.grid) == list(state.pile[3:33])
    assert len(dealt.grid) == DATA["table"]["rows"] * DATA["table"]["columns"] == 30
    assert dealt.pile == state.pile[33:]


@pytest.mark.rule("match")
def test_cards_match_with_at_most_one_difference():
    assert matches(c("BRGTA"), c("BRGTA"))
    assert matches(c("BRGTA"), c("BRGTW"))
    assert not matches(c("BRGTA"), c("BRNNA"))
    assert differences(c("BRGTA"), c("BRNNA")) == ["glasses", "fish"]


@pytest.mark.rule("bonus-cards")
def test_bonus_cards_come_from_the_data():
    assert len(bonus_cards(DATA)) == 8
    assert GLASSES_RAISED.as_dict() == {"arm": "raised", "glasses": "glasses"}
    with pytest.raises(RuleError, match="is not one of the bonus cards"):
        MODEL.parse_bonus("bonus size winter", BONUS.bonus_cards)


# --- chains --------------------------------------------------------------------------

@pytest.mark.rule("first-member", "next-member")
def test_chain_starts_at_the_captain_and_each_card_matches_the_previous():
    assert check_chain(c("BRGTA"), cards("BRGTW", "BRNTW", "BRNTW", "SRNTW")) is None


@pytest.mark.rule("card-check", "pile-broken")
def test_a_step_with_two_differences_breaks_the_chain():
    bad = check_chain(c("BRGTA"), cards("BRGTW", "BRNNW", "SRNNW"))
    assert bad is not None
    assert (bad.step, bad.differences, bad.reason) == (2, ("glasses", "fish"), "differences")
    assert bad.describe() == "step 2: BRGTW to BRNNW differs in 2 attributes (glasses, fish)"


@pytest.mark.rule("first-member")
def test_the_first_member_must_match_the_captain():
    bad = check_chain(c("BRGTA"), cards("SDGTA"))
    assert bad is not None and bad.step == 1


@pytest.mark.rule("pile-kept", "captain-counts")
def test_valid_pile_with_its_captain_goes_to_the_winning_pile():
    state = at(captains=["BRGTA", "SDNNW"], grid=["BRGTW", "BRNTW", "SRGTA"])
    state, events = play(state, RULES, (0, "take", "BRGTW"), (0, "take", "BRNTW"),
                         (1, "freeze", "SRGTA"))
    assert [s.won for s in state.seats] == [3, 2]
    assert [e.params["cards"] for e in events if e.kind == "kept"] == [3, 2]


@pytest.mark.rule("pile-broken")
def test_a_broken_pile_is_discarded_captain_included():
    state = at(captains=["BRGTA", "SDNNW"], grid=["BRGTW", "SDGTA", "SRGTA"])
    state, events = play(state, RULES, (0, "take", "BRGTW"), (0, "take", "SDGTA"),
                         (1, "freeze", "SRGTA"))
    assert state.seats[0].won == 0 and state.discarded == 3
    assert [e.kind for e in events if e.params.get("player") == 0][-2:] == [
        "chain-broken", "discarded"]


@pytest.mark.rule("go", "card-check")
def test_grabbing_is_not_checked_until_the_examination():
    state = at(captains=["BRGTA", "SDNNW"], grid=["SDNNW"])
    state, events = grab(state, RULES, 0, 0)
    assert state.seats[0].members == (c("SDNNW"),) and [e.kind for e in events] == ["grab"]


def test_grabbing_an_empty_slot_is_refused():
    state = at(captains=["BRGTA", "SDNNW"], grid=["BRGTW"])
    with pytest.raises(RuleError, match="slot 3 of the table holds no card"):
        grab(state, RULES, 0, 3)


# --- FREEZE! -------------------------------------------------------------------------

@pytest.mark.rule("freeze")
def test_freeze_is_right_when_no_table_card_matches_the_callers_top_card():
    assert freeze_is_right(c("BRGTA"), cards("SDGTA", "BDNTW") + [None])
    assert not freeze_is_right(c("BRGTA"), cards("SDGTA", "BRGTW"))


@pytest.mark.rule("freeze-right")
def test_a_right_freeze_earns_one_extra_card_from_the_table():
    state = at(captains=["SRGNA", "BDNTW"], grid=["SDNTA", "BDGTW"])
    state, events = play(state, RULES, (0, "freeze", "SDNTA"))
    assert state.seats[0].won == 2 and state.grid[0] is None
    assert events[0].params == {"player": 0, "right": True, "top": "SRGNA", "matching": [],
                                "extra": "SDNTA"}


@pytest.mark.rule("freeze-wrong")
def test_a_wrong_freeze_discards_the_callers_cards_captain_included():
    state = at(captains=["SRGNA", "BDNTW"], grid=["SRGNW", "BDNTA"])
    state, events = play(state, RULES, (1, "take", "BDNTA"), (0, "freeze", None))
    assert events[1].params["matching"] == ["SRGNW"]
    assert [s.won for s in state.seats] == [0, 2]
    assert ("discarded", "wrong-freeze") in [(e.kind, e.params.get("reason")) for e in events]


@pytest.mark.rule("freeze-wrong")
def test_a_wrong_freeze_earns_no_extra_card():
    state = at(captains=["SRGNA", "BDNTW"], grid=["SRGNW", "BDGTA"])
    with pytest.raises(RuleError, match="FREEZE! is wrong: no extra card"):
        freeze(state, RULES, 0, 1)


@pytest.mark.rule("freeze-right", "pile-broken")
def test_ruling_the_extra_card_is_lost_with_a_broken_pile():
    state = at(captains=["BRGTA", "SDNNW"], grid=["SDGTA", "BRNNW"])
    state, _ = play(state, RULES, (0, "take", "SDGTA"), (0, "freeze", "BRNNW"))
    assert state.seats[0].won == 0 and state.discarded == 3


@pytest.mark.rule("freeze", "new-round")
def test_freeze_ends_the_round_and_the_next_one_is_dealt():
    state = at(captains=["SRGNA", "BDNTW"], grid=["SDNTA"], pile=["BRGTA", "SDNNW", "BRNNW"])
    state, _ = play(state, RULES, (0, "freeze", None))
    assert state.phase is Phase.DEAL and all(s.captain is None for s in state.seats)
    state, events = deal(state, RULES)
    assert [s.captain for s in state.seats] == cards("BRGTA", "SDNNW")
    assert state.grid[:2] == (c("SDNTA"), c("BRNNW")) and state.round == 2
    assert events[0].params == {"round": 2, "holder": None}


# --- the hold card -------------------------------------------------------------------

@pytest.mark.rule("hold-card")
def test_hold_card_goes_to_the_single_leader():
    assert hold_after_round([4, 3, 0]) == 0


@pytest.mark.rule("hold-tie")
def test_hold_card_tie_nobody_holds_it():
    assert hold_after_round([4, 4, 2]) is None


@pytest.mark.rule("hold-card")
def test_hold_card_counts_the_extra_freeze_card():
    state = at(HOLD, captains=["BRGTA", "SDNNW"], grid=["BRGTW", "SDNNA", "BDGNA"])
    state, events = play(state, HOLD, (0, "take", "BRGTW"), (1, "take", "SDNNA"),
                         (1, "freeze", "BDGNA"))
    assert state.taken == (2, 3) and state.holder == 1
    assert events[-1].params == {"player": 1, "taken": [2, 3]}


@pytest.mark.rule("animal-cards-only", "hold-card")
def test_hold_card_only_in_the_hold_variant():
    state = at(captains=["BRGTA", "SDNNW"], grid=["BRGTW"])
    state, events = play(state, RULES, (0, "take", "BRGTW"), (1, "freeze", None))
    assert state.holder is None and "hold" not in [e.kind for e in events]
    with pytest.raises(RuleError, match="hold card needs rules"):
        at(RULES, captains=["BRGTA", "SDNNW"], holder=0)


@pytest.mark.rule("hold-no-identical", "hold-broken-pile")
def test_holder_may_not_take_a_card_identical_to_the_previous_one():
    assert check_chain(c("BRGTA"), cards("BRGTW", "BRGTW")) is None
    bad = check_chain(c("BRGTA"), cards("BRGTW", "BRGTW"), holder=True)
    assert bad is not None and (bad.step, bad.reason) == (2, "identical")


@pytest.mark.rule("hold-no-identical")
def test_ruling_the_identical_card_ban_covers_the_captain_too():
    bad = check_chain(c("BRGTA"), cards("BRGTA"), holder=True)
    assert bad is not None and (bad.step, bad.reason) == (1, "identical")


def test_ruling_for_the_holder_an_identical_card_does_not_make_freeze_wrong():
    assert not freeze_is_right(c("BRGTA"), cards("BRGTA"))
    assert freeze_is_right(c("BRGTA"), cards("BRGTA"), holder=True)


# --- refill and bonus rounds -----------------------------------------------------------

@pytest.mark.rule("new-round", "bonus-start")
def test_refill_fills_the_gaps_one_card_at_a_time_in_slot_order():
    grid = [c("BRGTA"), None, c("SDNNW"), None]
    done = refill(grid, cards("BRNNA", "SRNNW", "BDGNW"), 10)
    assert done.grid == (c("BRGTA"), c("BRNNA"), c("SDNNW"), c("SRNNW"))
    assert done.laid == (1, 3) and done.pile == (c("BDGNW"),) and done.bonus is None


@pytest.mark.rule("bonus-start", "bonus-among-captains")
def test_bonus_card_before_ten_cards_on_the_table_is_discarded():
    grid = cards(*TWELVE[:9]) + [None] * 3
    done = refill(grid, [GLASSES_RAISED, c("BRNNA")], 10)
    assert done.discarded == ((GLASSES_RAISED, 9),) and done.bonus is None
    assert sum(x is not None for x in done.grid) == 10


@pytest.mark.rule("bonus-start")
def test_bonus_card_with_ten_cards_on_the_table_starts_a_bonus_round():
    grid = cards(*TWELVE[:9]) + [None] * 3
    done = refill(grid, [c("BRNNA"), GLASSES_RAISED, c("SRNNW")], 10)
    assert done.bonus == GLASSES_RAISED and done.pile == (c("SRNNW"),)
    resumed = refill(done.grid, done.pile, 10)
    assert resumed.laid == (10,) and resumed.bonus is None


def test_ruling_a_bonus_card_right_after_the_last_gap_still_counts():
    done = refill(cards(*TWELVE[:11]) + [None], [c("BRNNA"), GLASSES_RAISED], 10)
    assert done.bonus == GLASSES_RAISED


def test_min_table_cards_comes_from_the_data():
    changed = {**DATA, "bonus": {**DATA["bonus"], "min_table_cards": 13}}
    rules = rules_from_data(changed, bonus=True)
    dealt, events = deal(at(rules, grid=TWELVE, pile=["BDNNA", "SDNNA", "bonus glasses raised"]),
                         rules)
    assert dealt.phase is Phase.GRAB
    assert events[-1].params == {"card": "bonus raised glasses", "reason": "too-few",
                                 "table": 12}


@pytest.mark.rule("bonus-among-captains")
def test_ruling_a_bonus_card_among_the_captains_is_discarded():
    state = at(BONUS, grid=TWELVE, pile=["BDNNA", "bonus glasses raised", "SDNNA"])
    state, events = deal(state, BONUS)
    assert [s.captain for s in state.seats] == cards("BDNNA", "SDNNA")
    assert events[1].params["reason"] == "captains" and state.phase is Phase.GRAB


@pytest.mark.rule("bonus-answer")
def test_bonus_answer_counts_the_table_cards_showing_both_features():
    state = bonus_round()
    assert count_showing(state.grid, GLASSES_RAISED) == 3
    assert count_showing(state.grid, TIN_AUTUMN) == 5


@pytest.mark.rule("bonus-right")
def test_a_right_answer_scores_two():
    state, events = answer_bonus(bonus_round(), BONUS, [Answer(1, 2), Answer(0, 3)])
    assert scores(state, BONUS)[0] == 2 and state.seats[0].bonus_cards == 1
    assert events[0].params["winners"] == [0]


@pytest.mark.rule("bonus-first-right")
def test_only_the_first_right_answer_wins_the_card():
    state, _ = answer_bonus(bonus_round(), BONUS, [Answer(0, 3), Answer(1, 3)])
    assert scores(state, BONUS) == (2, 0)


@pytest.mark.rule("bonus-simultaneous")
def test_right_answers_at_the_same_time_both_score_two():
    state, _ = answer_bonus(bonus_round(discarded=1), BONUS,
                            [Answer(1, 3), Answer(0, 3, same_time=True)])
    assert scores(state, BONUS) == (2, 2)
    assert state.seats[1].bonus_cards == 1 and state.seats[0].won == 2
    assert state.discarded == 0  # one card from the discards, one from the draw pile


@pytest.mark.rule("bonus-one-answer")
def test_each_player_shouts_one_answer_only():
    with pytest.raises(RuleError, match="player 0 shouts one and only one answer"):
        answer_bonus(bonus_round(), BONUS, [Answer(0, 2), Answer(0, 3)])


@pytest.mark.rule("bonus-wrong", "bonus-payment")
def test_a_wrong_answer_costs_two_cards_from_the_winning_pile():
    state, events = answer_bonus(bonus_round(won=[5, 0]), BONUS, [Answer(0, 4)])
    assert state.seats[0].won == 3 and state.discarded == 2
    assert events[1].params == {"player": 0, "cards": 2, "minus_card": None, "flipped": False,
                                "bonus_card": False}


@pytest.mark.rule("bonus-wrong", "bonus-payment")
def test_with_fewer_than_two_cards_a_wrong_answer_takes_a_minus_two_card():
    state, _ = answer_bonus(bonus_round(won=[1, 0]), BONUS, [Answer(0, 4)])
    assert state.seats[0].won == 1 and state.seats[0].minus == (-2,)
    assert scores(state, BONUS)[0] == -1 and state.minus_left == 4


@pytest.mark.rule("bonus-wrong", "bonus-payment")
def test_a_second_penalty_turns_the_minus_two_card_to_minus_four():
    state, events = answer_bonus(bonus_round(minus=[[-2], []]), BONUS, [Answer(0, 4)])
    assert state.seats[0].minus == (-4,) and state.minus_left == 4
    assert events[1].params["flipped"] is True


def test_ruling_a_third_penalty_takes_a_new_minus_two_card():
    state, _ = answer_bonus(bonus_round(minus=[[-4], []]), BONUS, [Answer(0, 4)])
    assert state.seats[0].minus == (-4, -2)


def test_ruling_with_no_minus_card_left_the_player_loses_the_cards_they_have():
    state = bonus_round(won=[1, 0], minus=[[-4, -4, -4], [-4, -4]])
    state, events = answer_bonus(state, BONUS, [Answer(0, 4)])
    assert state.seats[0].won == 0 and events[1].params["cards"] == 1


@pytest.mark.rule("bonus-payment")
def test_ruling_a_bonus_card_pays_a_penalty_before_a_minus_card():
    # GAMES.md: with fewer than 2 animal cards, a bonus card (worth 2) pays the penalty.
    state = replace(bonus_round(), seats=tuple(replace(s, bonus_cards=1) for s in
                                               bonus_round().seats))
    state, events = answer_bonus(state, BONUS, [Answer(0, 4)])
    assert state.seats[0].bonus_cards == 0 and state.seats[0].minus == ()
    assert events[1].params["bonus_card"] is True


@pytest.mark.rule("bonus-first-right")
def test_nobody_right_the_bonus_card_is_discarded():
    state, events = answer_bonus(bonus_round(), BONUS, [])
    assert events[0].params["winners"] == [] and scores(state, BONUS) == (0, 0)
    assert state.phase is Phase.GRAB


@pytest.mark.rule("animal-cards-only", "bonus-shuffle")
def test_bonus_cards_are_only_in_the_pile_in_the_bonus_variant():
    with pytest.raises(RuleError, match="only shuffled in with rules"):
        at(RULES, pile=["bonus glasses raised"])
    assert len(new_game(BONUS, 2, random.Random(1)).pile) == 104
    assert len(new_game(RULES, 2, random.Random(1)).pile) == 96


# --- scoring and the end ---------------------------------------------------------------

@pytest.mark.rule("scoring", "bonus-right", "bonus-wrong")
def test_each_card_of_the_winning_pile_scores_one_bonus_cards_two_minus_cards_their_face():
    state = at(won=[7, 3], minus=[[], [-4]])
    state = replace(state, seats=(replace(state.seats[0], bonus_cards=2), state.seats[1]))
    assert scores(state, RULES) == (11, -1)


@pytest.mark.rule("game-end", "tie-shared-win")
def test_game_ends_when_the_pile_cannot_give_every_player_a_captain():
    state, events = deal(at(players=3, won=[4, 6, 6], pile=["BRGTA", "SDNNW"]), RULES)
    assert state.over and events[0].kind == "game-over"
    assert winners(state, RULES) == (1, 2) and events[0].params["winners"] == [1, 2]


def test_ruling_only_animal_cards_count_as_captains():
    state = at(BONUS, pile=["BRGTA", "bonus glasses raised"])
    assert deal(state, BONUS)[0].over


@pytest.mark.rule("last-round")
def test_the_last_round_is_played_with_the_cards_left():
    state, _ = deal(at(pile=["BRGTA", "SDNNW", "BRNNA"]), RULES)
    assert state.phase is Phase.GRAB and sum(x is not None for x in state.grid) == 1


def test_two_to_five_players_in_the_multiplayer_game():
    with pytest.raises(RuleError, match="2-5 players, not 6"):
        new_game(RULES, 6, random.Random(1))
    with pytest.raises(RuleError, match="2-5 players, not 1"):
        at(players=1)


def test_a_seeded_game_is_played_to_its_end():
    result = simulate(rules_from_data(DATA, hold=True, bonus=True), 4, random.Random(7))
    assert result.state.over and result.events[-1].kind == "game-over"
    assert result.state.animal_cards() == 96


def test_actions_in_the_wrong_phase_are_refused():
    with pytest.raises(RuleError, match="illegal action 'grab' in round 0"):
        grab(at(grid=["BRGTA"]), RULES, 0, 0)


# --- solo -------------------------------------------------------------------------------

@pytest.mark.rule("solo-grid", "solo-score")
def test_solo_deals_three_grids_of_32_cards_from_the_whole_deck():
    grids = solo_game(DATA, 5)
    assert [len(g) for g in grids] == [32, 32, 32]
    assert sorted(x.index for g in grids for x in g) == sorted(x.index for x in deck(DATA))


@pytest.mark.rule("solo-grid", "solo-chain")
def test_solo_chain_starts_anywhere_and_each_card_matches_the_previous():
    grid = cards("BRGTA", "SDNNW", "BRGTW", "SDNNA")
    leftover, events = solo_round(grid, [2, 0])
    assert leftover == 2 and events[0].params["chain"] == ["BRGTW", "BRGTA"]


@pytest.mark.rule("solo-chain")
def test_solo_chain_may_not_break():
    with pytest.raises(RuleError, match="breaks at step 1: BRGTA to SDNNW"):
        solo_round(cards("BRGTA", "SDNNW"), [0, 1])


@pytest.mark.rule("solo-chain")
def test_solo_round_ends_only_when_no_card_matches():
    with pytest.raises(RuleError, match="not over: BRGTW still matches BRGTA"):
        solo_round(cards("BRGTA", "SDNNW", "BRGTW"), [0])


@pytest.mark.rule("solo-score")
def test_solo_score_is_the_cards_set_aside_over_three_rounds():
    assert solo_score([2, 0, 5]) == 7


# --- edges of the actions (each comparison on both sides) ------------------------------------

@pytest.mark.rule("hold-first-round")
@pytest.mark.parametrize("holder", [0, 2])
def test_any_player_at_the_table_may_start_holding_the_hold_card(holder):
    assert new_game(HOLD, 3, random.Random(1), holder=holder).holder == holder


@pytest.mark.parametrize(("rules", "holder"), [(HOLD, -1), (HOLD, 3), (RULES, 0)])
def test_the_hold_card_needs_the_variant_and_a_player_at_the_table(rules, holder):
    with pytest.raises(RuleError, match=f"player {holder} cannot hold the hold card"):
        new_game(rules, 3, random.Random(1), holder=holder)


def test_for_a_player_not_holding_an_identical_card_makes_freeze_wrong():
    state = at(HOLD, captains=["BRGTA", "SDNNW"], grid=["BRGTA"], holder=1)
    _, events = freeze(state, HOLD, 0)
    assert events[0].params["right"] is False and events[0].params["matching"] == ["BRGTA"]
    state = at(HOLD, captains=["SDNNW", "BRGTA"], grid=["BRGTA"], holder=1)
    _, events = freeze(state, HOLD, 1)
    assert events[0].params["right"] is True


@pytest.mark.parametrize("slot", [-1, 29, 30])
def test_grab_needs_a_card_in_a_slot_of_the_table(slot):
    state = at(RULES, captains=["BRGTA", "SDNNW"], grid=["BRGTW"])
    with pytest.raises(RuleError, match=f"slot {slot} of the table holds no card"):
        grab(state, RULES, 0, slot)
    assert grab(state, RULES, 0, 0)[1][0].params == {"player": 0, "card": "BRGTW", "slot": 0}


@pytest.mark.parametrize("slot", [-1, 1, 30])
def test_the_extra_card_must_lie_on_the_table(slot):
    state = at(RULES, captains=["BRGTA", "SDNNW"], grid=["SDNTW"])
    with pytest.raises(RuleError, match=f"slot {slot} of the table holds no card for the extra"):
        freeze(state, RULES, 0, slot)
    _, events = freeze(state, RULES, 0, 0)
    assert events[0].params["extra"] == "SDNTW"


@pytest.mark.parametrize("player", [-1, 2])
def test_only_players_at_the_table_act(player):
    state = at(RULES, captains=["BRGTA", "SDNNW"], grid=["BRGTW"])
    with pytest.raises(RuleError, match=f"there is no player {player} "):
        grab(state, RULES, player, 0)
    assert grab(state, RULES, 1, 0)[1][0].params["player"] == 1


def test_a_simulated_game_may_take_exactly_its_rounds():
    rounds = simulate(RULES, 3, random.Random(4)).rounds
    assert simulate(RULES, 3, random.Random(4), max_rounds=rounds).rounds == rounds
    with pytest.raises(RuntimeError, match=f"did not end in {rounds - 1} rounds"):
        simulate(RULES, 3, random.Random(4), max_rounds=rounds - 1)


@pytest.mark.parametrize("hold", [False, True])
def test_bots_that_never_slip_never_break_a_chain(hold):
    rules = rules_from_data(DATA, hold=hold)
    for seed in (1, 2):
        result = simulate(rules, 3, random.Random(seed), Bot(slip=0.0))
        assert not [e for e in result.events if e.kind == "chain-broken"]
        assert all(e.params["right"] for e in result.events if e.kind == "freeze")

