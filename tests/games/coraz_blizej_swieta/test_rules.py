"""One test per rule and per ruling of "Coraz bliżej Święta…"."""

from __future__ import annotations

import random
from itertools import product

import pytest

from printkit.errors import RuleError
from printkit.games.coraz_blizej_swieta.rules import (
    WIGILIA,
    Outcome,
    Player,
    Roll,
    Rules,
    State,
    TurnKind,
    TydzienAnswer,
    WigiliaRoll,
    apply,
    initial_state,
    is_terminal,
    outcome,
    policy_action,
    setup_state,
    simulate,
    turn_kind,
    tydzien_answers,
    winner,
    winning_changes,
)

CLASSIC = Rules()
STRICT = Rules(strict_wigilia=True)
TYDZIEN = Rules(tydzien=True)


def at(field: int, dice: int = 1, cards: int = 0, lost_turns: int = 0,
       rules: Rules = CLASSIC, players: int = 2) -> State:
    """Player 0 in the given position, to move; the others fresh on field 1."""
    me = Player(field=field, dice=dice, cards=cards, lost_turns=lost_turns)
    return setup_state([me] + [Player()] * (players - 1), rules)


def play(state: State, action, rules: Rules = CLASSIC):
    """Apply ``action``; return player 0 afterwards, the kinds of events, the outcome."""
    after, events = apply(state, action, rules)
    return after.players[0], [e.kind for e in events], outcome(events), after


# --- start and turn order ---------------------------------------------------

@pytest.mark.rule("setup")
def test_everyone_starts_on_field_one_with_one_die():
    state = initial_state(4, CLASSIC)
    assert state.players == (Player(field=1, dice=1, cards=0, lost_turns=0, won=False),) * 4
    assert (state.current, state.winner, state.turn) == (0, None, 0)


@pytest.mark.rule("players")
@pytest.mark.parametrize("count", [1, 5])
def test_two_to_four_players(count):
    with pytest.raises(RuleError, match=f"2-4 players, not {count}"):
        initial_state(count, CLASSIC)


@pytest.mark.rule("turn-order")
def test_turn_passes_to_the_next_player():
    after = play(at(3), Roll((4,)))[3]
    assert after.current == 1
    assert after.turn == 1


@pytest.mark.rule("turn-order", "low-sum")
def test_lost_turn_skipped_in_turn_order():
    state = at(9, dice=2, players=3)
    state = play(state, Roll((2, 3)))[3]                    # penalty for player 0
    assert (state.current, state.players[0].lost_turns) == (1, 1)
    state, _ = apply(state, Roll((1,)), CLASSIC)            # player 1
    state, _ = apply(state, Roll((1,)), CLASSIC)            # player 2; player 0 is skipped
    assert state.current == 1
    assert state.players[0].lost_turns == 0


def test_two_lost_turns_are_skipped_one_round_each():
    state = at(9, dice=2, lost_turns=1)
    state = play(state, Roll((2, 3)))[3]
    assert state.players[0].lost_turns == 2
    for _ in range(2):
        state, _ = apply(state, Roll((1,)), CLASSIC)        # player 1 plays, player 0 skipped
        assert state.current == 1
    state, _ = apply(state, Roll((1,)), CLASSIC)
    assert state.current == 0 and state.players[0].lost_turns == 0


# --- the track --------------------------------------------------------------------

@pytest.mark.rule("move-to-sum", "field-not-steps")
def test_sum_names_the_field_moved_to():
    me, kinds, result, _ = play(at(5, dice=2), Roll((3, 4)))
    assert me.field == 7                                    # not 5 + 7
    assert kinds == ["rolled", "moved"] and result is Outcome.MOVED


@pytest.mark.rule("sum-equals-field")
def test_sum_equal_to_field_stays_without_penalty():
    me, kinds, result, _ = play(at(8, dice=2), Roll((5, 3)))
    assert (me.field, me.dice, me.lost_turns) == (8, 2, 0)
    assert result is Outcome.STAYED


@pytest.mark.rule("low-sum")
def test_sum_below_field_costs_next_turn_and_gives_a_die():
    me, kinds, result, _ = play(at(9, dice=2), Roll((2, 3)))
    assert (me.field, me.dice, me.lost_turns) == (9, 3, 1)
    assert result is Outcome.PENALTY


@pytest.mark.rule("seven-dice")
def test_no_extra_die_beyond_seven():
    after, events = apply(at(23, dice=7), Roll((1,) * 7), CLASSIC)
    me = after.players[0]
    assert (me.dice, me.lost_turns) == (7, 1)
    assert events[-1].params["extra_die"] is False


@pytest.mark.rule("capped")
def test_sum_above_24_stops_on_wigilia():
    me, kinds, result, _ = play(at(18, dice=5), Roll((6, 5, 6, 4, 5)))
    assert me.field == WIGILIA
    assert result is Outcome.CAPPED


def test_sum_of_exactly_24_moves_to_wigilia():
    me, _, result, _ = play(at(20, dice=4), Roll((6, 6, 6, 6)))
    assert me.field == WIGILIA and result is Outcome.MOVED


@pytest.mark.rule("misadded", "misadded-no-die")
def test_misadd_loses_a_turn_without_a_die():
    me, kinds, result, _ = play(at(5, dice=2), Roll((4, 6), announced=9))
    assert (me.field, me.dice, me.lost_turns) == (5, 2, 1)
    assert result is Outcome.MISADDED


def test_misadd_of_a_low_sum_is_still_only_a_misadd():
    me, _, result, _ = play(at(9, dice=2), Roll((2, 3), announced=6))
    assert (me.dice, me.lost_turns) == (2, 1) and result is Outcome.MISADDED


def test_correct_announcement_is_a_normal_roll():
    me, _, result, _ = play(at(5, dice=2), Roll((4, 6), announced=10))
    assert me.field == 10 and result is Outcome.MOVED


# --- Wigilia ----------------------------------------------------------------------

@pytest.mark.rule("wigilia-change", "win")
def test_wigilia_win_by_changing_dice():
    action = WigiliaRoll((3, 2, 4, 1, 5), changes=((3, 6), (1, 6), (2, 5)))
    me, kinds, result, after = play(at(24, dice=5), action)
    assert kinds == ["rolled", "changed", "won"] and result is Outcome.WON
    assert (me.field, me.won) == (25, True)
    assert winner(after) == 0 and is_terminal(after)


def test_wigilia_roll_of_25_wins_without_changes():
    me, _, result, _ = play(at(24, dice=5), WigiliaRoll((6, 6, 6, 6, 1)))
    assert me.won and result is Outcome.WON


def test_possible_wigilia_win_must_be_taken():
    with pytest.raises(RuleError, match=r"can be made 25 or 26 .*name the changes"):
        apply(at(24, dice=5), WigiliaRoll((3, 2, 4, 1, 5)), CLASSIC)


def test_wigilia_changes_that_do_not_win_are_refused():
    with pytest.raises(RuleError, match=r"total 19, not 25 or 26"):
        apply(at(24, dice=5), WigiliaRoll((3, 2, 4, 1, 5), ((3, 5),)), CLASSIC)


@pytest.mark.rule("wigilia-change")
def test_at_most_three_dice_change_on_wigilia():
    changes = ((0, 6), (1, 6), (2, 6), (3, 6))
    with pytest.raises(RuleError, match="at most 3 dice may be changed, not 4"):
        apply(at(24, dice=5), WigiliaRoll((1, 1, 1, 1, 1), changes), CLASSIC)


def test_a_die_changes_at_most_once():
    with pytest.raises(RuleError, match="die 0 is changed twice"):
        apply(at(24, dice=5), WigiliaRoll((1, 1, 6, 6, 6), ((0, 5), (0, 6))), CLASSIC)


@pytest.mark.parametrize("change, reason", [
    ((5, 6), r"names die 5, but the roll has 5 dice \(indices 0..4\)"),
    ((0, 7), "7 is not a die face"),
])
def test_wigilia_change_must_name_a_die_and_a_face(change, reason):
    with pytest.raises(RuleError, match=reason):
        apply(at(24, dice=5), WigiliaRoll((1, 6, 6, 6, 6), (change,)), CLASSIC)


@pytest.mark.rule("wigilia-win-first")
def test_four_dice_on_wigilia_earn_fifth_die():
    me, kinds, result, _ = play(at(24, dice=4), WigiliaRoll((5, 6, 4, 3)))
    assert (me.field, me.dice, me.lost_turns) == (24, 5, 1)
    assert kinds == ["rolled", "penalty"] and result is Outcome.PENALTY


def test_four_dice_can_never_win_on_wigilia():
    assert all(winning_changes(faces, CLASSIC) is None for faces in product(range(1, 7), repeat=4))


@pytest.mark.rule("wigilia-fails")
def test_failed_wigilia_at_24_or_more_simply_passes():
    me, kinds, result, after = play(at(24, dice=4), WigiliaRoll((6, 6, 6, 6)))
    assert (me.dice, me.lost_turns) == (4, 0)
    assert result is Outcome.PASSED and after.current == 1


def test_failed_wigilia_with_seven_dice_passes_without_penalty():
    # Seven sixes: three changed to ones still leave 27, so no win; S >= 24.
    me, _, result, _ = play(at(24, dice=7), WigiliaRoll((6,) * 7))
    assert result is Outcome.PASSED and me.lost_turns == 0


def test_plain_roll_not_allowed_on_wigilia():
    with pytest.raises(RuleError, match="a plain Roll is not played on Wigilia"):
        apply(at(24, dice=5), Roll((1, 2, 3, 4, 5)), CLASSIC)


def test_wigilia_roll_only_on_wigilia():
    with pytest.raises(RuleError, match="only for a pawn on Wigilia"):
        apply(at(10, dice=2), WigiliaRoll((1, 2)), CLASSIC)


# --- strict Wigilia ---------------------------------------------------------------

@pytest.mark.rule("strict-wigilia")
def test_strict_wigilia_needs_exactly_three_changes():
    with pytest.raises(RuleError, match="exactly 3 dice must be changed, not 2"):
        apply(at(24, dice=6, rules=STRICT),
              WigiliaRoll((4, 4, 3, 2, 2, 1), ((5, 6), (3, 6))), STRICT)


def test_strict_wigilia_changed_die_needs_a_different_face():
    with pytest.raises(RuleError, match="die 2 already shows 3"):
        apply(at(24, dice=6, rules=STRICT),
              WigiliaRoll((4, 4, 3, 2, 2, 1), ((5, 6), (3, 6), (2, 3))), STRICT)


def test_strict_wigilia_win_with_three_new_faces():
    action = WigiliaRoll((4, 4, 3, 2, 2, 1), ((5, 6), (4, 6), (2, 4)))
    me, _, result, _ = play(at(24, dice=6, rules=STRICT), action, STRICT)
    assert (me.field, me.won, result) == (26, True, Outcome.WON)


def test_strict_wigilia_roll_of_25_still_needs_three_changes():
    faces = (6, 6, 6, 6, 1)
    with pytest.raises(RuleError, match="name the changes"):
        apply(at(24, dice=5, rules=STRICT), WigiliaRoll(faces), STRICT)
    changes = winning_changes(faces, STRICT)
    assert changes is not None and len(changes) == 3


# --- the Tydzień variant -------------------------------------------------------------

@pytest.mark.rule("tydzien-variant")
def test_tydzien_card_instead_of_a_die():
    after, events = apply(at(10, cards=1, rules=TYDZIEN), Roll((1,)), TYDZIEN)
    me = after.players[0]
    assert (me.dice, me.cards, me.lost_turns) == (1, 2, 1)
    assert events[-1].params["extra_card"] is True and events[-1].params["extra_die"] is False


@pytest.mark.rule("tydzien-max-cards")
def test_tydzien_card_cap_at_three():
    after, events = apply(at(23, cards=3, rules=TYDZIEN), Roll((1,)), TYDZIEN)
    assert (after.players[0].cards, after.players[0].lost_turns) == (3, 1)
    assert events[-1].params["extra_card"] is False


@pytest.mark.rule("tydzien-days")
def test_each_tydzien_card_adds_seven():
    after, events = apply(at(10, cards=2, rules=TYDZIEN), Roll((3,)), TYDZIEN)
    assert events[0].params["total"] == 17 and after.players[0].field == 17


def test_tydzien_sum_above_24_stops_on_wigilia():
    after, _ = apply(at(22, cards=3, rules=TYDZIEN), Roll((6,)), TYDZIEN)
    assert after.players[0].field == WIGILIA


@pytest.mark.rule("tydzien-wigilia")
def test_tydzien_right_answer_wins():
    me, kinds, result, _ = play(at(24, cards=3, rules=TYDZIEN), TydzienAnswer(5), TYDZIEN)
    assert (me.field, me.won, result) == (26, True, Outcome.WON)
    assert kinds == ["answered", "won"]


@pytest.mark.rule("tydzien-wrong")
def test_tydzien_wrong_answer_loses_a_turn():
    me, kinds, result, _ = play(at(24, cards=3, rules=TYDZIEN), TydzienAnswer(6), TYDZIEN)
    assert (me.field, me.won, me.lost_turns) == (24, False, 1)
    assert result is Outcome.WRONG_ANSWER


def test_tydzien_right_faces_need_three_cards():
    assert tydzien_answers(3) == (4, 5)
    assert tydzien_answers(2) == ()


@pytest.mark.rule("tydzien-wigilia")
def test_tydzien_player_on_wigilia_does_not_roll():
    with pytest.raises(RuleError, match="answers with a die face"):
        apply(at(24, cards=3, rules=TYDZIEN), Roll((4,)), TYDZIEN)
    with pytest.raises(RuleError, match="answers with a die face"):
        apply(at(24, cards=3, rules=TYDZIEN), WigiliaRoll((4,)), TYDZIEN)


def test_tydzien_answer_only_in_the_tydzien_variant():
    with pytest.raises(RuleError, match="belongs to the Tydzień variant"):
        apply(at(24, dice=5), TydzienAnswer(4), CLASSIC)


def test_tydzien_answer_only_on_wigilia():
    with pytest.raises(RuleError, match=r"only a pawn on Wigilia \(field 24\) answers"):
        apply(at(20, cards=3, rules=TYDZIEN), TydzienAnswer(4), TYDZIEN)


def test_tydzien_answer_must_be_a_face():
    with pytest.raises(RuleError, match="7 is not a die face"):
        apply(at(24, cards=3, rules=TYDZIEN), TydzienAnswer(7), TYDZIEN)


@pytest.mark.rule("tydzien-variant")
def test_tydzien_variant_plays_one_die():
    with pytest.raises(RuleError, match="the Tydzień variant uses one die"):
        at(5, dice=2, rules=TYDZIEN)
    with pytest.raises(RuleError, match="cards belong to the Tydzień variant only"):
        at(5, cards=1)


# --- illegal actions and the end ------------------------------------------------------

def test_one_face_per_die():
    with pytest.raises(RuleError, match=r"player 0 \(field 5, 2 dice\): rolled 3 faces"):
        apply(at(5, dice=2), Roll((1, 2, 3)), CLASSIC)


@pytest.mark.parametrize("bad", [0, 7, True])
def test_faces_are_one_to_six(bad):
    with pytest.raises(RuleError, match="is not a die face; faces are 1 to 6"):
        apply(at(5, dice=2), Roll((bad, 3)), CLASSIC)


def test_unknown_action_is_refused():
    with pytest.raises(RuleError, match="is not an action of this game"):
        apply(at(5), "roll", CLASSIC)


def test_no_turn_after_a_win():
    after = play(at(24, cards=3, rules=TYDZIEN), TydzienAnswer(4), TYDZIEN)[3]
    with pytest.raises(RuleError, match="the game is over: player 0 has already won"):
        apply(after, Roll((1,)), TYDZIEN)


def test_turn_kind_follows_the_pawn():
    assert turn_kind(at(5), CLASSIC) is TurnKind.TRACK
    assert turn_kind(at(24, dice=4), CLASSIC) is TurnKind.WIGILIA
    assert turn_kind(at(24, cards=3, rules=TYDZIEN), TYDZIEN) is TurnKind.ANSWER


def test_simulated_game_has_a_winner_on_the_goal():
    result = simulate(3, CLASSIC, random.Random(7))
    assert result.winner is not None
    assert result.state.players[result.winner].field in (25, 26)
    # The same game turn by turn, counted here: every apply is one turn played.
    rng, state, played = random.Random(7), initial_state(3, CLASSIC), 0
    while state.winner is None:
        state, _ = apply(state, policy_action(state, CLASSIC, rng), CLASSIC)
        played += 1
    assert (result.turns, result.winner) == (played, state.winner)
