"""One test per rule and per ruling of Yeti Slalom (rulings: the shared GAMES.md)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from printkit.errors import RuleError
from printkit.games.yeti_slalom.course import Colour, course_from_data, hit_spaces
from printkit.games.yeti_slalom.data import SCHEMA
from printkit.games.yeti_slalom.rules import (
    Hand,
    Move,
    Pass,
    PlaceYeti,
    RacerPolicy,
    RandomPolicy,
    Rules,
    Snowboarder,
    Start,
    State,
    Where,
    YetiCard,
    apply,
    count_by_kind,
    deal,
    deal_state,
    is_over,
    legal_actions,
    rules_from_data,
    scores,
    setup_state,
    simulate,
    totals,
    winners,
)
from printkit.schema import read_toml, validate

GAME_TOML = Path(__file__).parents[3] / "printkit" / "games" / "yeti_slalom" / "game.toml"
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
RULES = rules_from_data(DATA)
STRICT = rules_from_data(DATA, strict=True)
TEAMS = ("beavers", "crocodiles", "kangaroos")
B, C, K = TEAMS


def sb(team: str, value: int) -> Snowboarder:
    return Snowboarder(team, value)


def card(text: str) -> YetiCard:
    return YetiCard.parse(text)


def at(positions=(), current: str = B, rules: Rules = RULES, teams=TEAMS, hands=None,
       **kwargs) -> State:
    """A position: ``positions`` is ((team, value, (row, column)), ...)."""
    return setup_state(rules, teams, positions=[(sb(t, v), s) for t, v, s in positions],
                       hands=hands, current=current, **kwargs)


def throw(state: State, text: str, rolls, rules: Rules = RULES):
    return apply(state, PlaceYeti(card(text)), rules, rolls)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def event(events, kind: str) -> dict:
    return next(e.params for e in events if e.kind == kind)


def with_data(**changes) -> dict:
    data = copy.deepcopy(DATA)
    for path, value in changes.items():
        table, key = path.split("__")
        data[table][key] = value
    return data


# --- the course and the components come from the data -----------------------------------

def test_course_is_read_from_the_data():
    course = RULES.course
    assert (course.rows, course.columns, course.start_rows) == (6, 5, (1, 2))
    assert [(y.id, y.row) for y in course.yetis] == [
        ("ambidextrous", 2), ("grumpy", 3), ("sleepy", 4), ("dancing", 5), ("rolling", 6)]
    assert course.green == (3, 4, 5, 6, 0) and course.red == (0, 6, 5, 4, 3)
    assert course.hit_from == 3 and course.multipliers == (4, 3, 2, 2)


@pytest.mark.rule("yeti-sides")
def test_yeti_spaces_green_left_red_right_one_pair_per_yeti_row():
    spaces = RULES.course.yeti_spaces()
    assert len(spaces) == 10
    assert {s.row for s in spaces} == {2, 3, 4, 5, 6}
    assert all(s.side == ("left" if s.colour is Colour.GREEN else "right") for s in spaces)


@pytest.mark.rule("sort-yeti-hand")
def test_a_hand_sorts_as_the_yeti_rows_follow_on_the_board():
    # The original's tip, which the rulebook prints from the data: sorted as the rows run
    # down the board, the Ambidextrous Yeti is at the far left, the Rolling Yeti at the far right.
    hand = deal(3, DATA, random.Random(1)).hands[0].yetis
    rows = {y.id: y.row for y in RULES.course.yetis}
    ordered = sorted(hand, key=lambda c: rows[c.yeti])
    assert [y.id for y in RULES.course.yetis] == sorted(rows, key=rows.get)
    assert (RULES.course.yetis[0].id, RULES.course.yetis[-1].id) == ("ambidextrous", "rolling")
    assert all(rows[a.yeti] <= rows[b.yeti] for a, b in zip(ordered, ordered[1:], strict=False))


@pytest.mark.rule("row-one-safe")
def test_row_without_a_yeti_shows_no_symbols_and_is_never_hit():
    assert [RULES.course.symbol("green", 1, c) for c in range(1, 6)] == [0] * 5
    assert [RULES.course.symbol("green", 3, c) for c in range(1, 6)] == [3, 4, 5, 6, 0]
    assert hit_spaces(RULES.course, "green", 1, 6) == ()


def test_a_different_course_in_the_data_changes_the_engine():
    rules = rules_from_data(with_data(course__rows=7, course__start_rows=[1]))
    state = at([(C, 2, (6, 3))], current=C, rules=rules)
    assert Move(sb(C, 2), None) not in legal_actions(state, rules)
    assert Move(sb(C, 2), (7, 3)) in legal_actions(state, rules)
    assert count_by_kind(legal_actions(at(rules=rules), rules))["start"] == 4 * 5


def test_twenty_yeti_cards_five_yetis_in_two_colours_two_copies_each():
    cards = RULES.all_cards()
    assert len(cards) == 20
    assert set(Counter(cards).values()) == {2}
    assert {c.colour for c in cards} == {Colour.GREEN, Colour.RED}


def test_five_teams_of_four_snowboarders_valued_1_to_4():
    assert RULES.teams == ("beavers", "crocodiles", "kangaroos", "rhinos", "giraffes")
    assert RULES.values == (1, 2, 3, 4)


@pytest.mark.rule("board-and-cards", "deal-yeti-cards", "deal-snowballs", "choose-team")
@pytest.mark.parametrize(("players", "yetis", "snowballs", "box", "snowball_box"), [
    (3, 6, 2, 2, 10), (4, 5, 2, 0, 8), (5, 4, 3, 0, 1)])
def test_deal_by_player_count(players, yetis, snowballs, box, snowball_box):
    state = deal(players, DATA, random.Random(1))
    assert [len(h.yetis) for h in state.hands] == [yetis] * players
    assert [h.snowballs for h in state.hands] == [snowballs] * players
    assert len(state.box) == box and state.snowball_box == snowball_box
    dealt = Counter(state.box)
    for hand in state.hands:
        dealt.update(hand.yetis)
    assert dealt == Counter(RULES.all_cards())
    assert all(loc.where is Where.WAITING for _, loc in state.locations)
    assert state.teams == RULES.teams[:players]


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players):
    with pytest.raises(RuleError, match=f"3-5 players, not {players}"):
        deal(players, DATA, random.Random(0))


# --- starting -------------------------------------------------------------------------------

@pytest.mark.rule("start-snowboarder")
def test_start_onto_any_empty_space_of_the_start_rows():
    state = at([(K, 1, (2, 2))])
    starts = [a for a in legal_actions(state, RULES) if isinstance(a, Start)]
    assert {a.space for a in starts} == {(r, c) for r in (1, 2) for c in range(1, 6)} - {(2, 2)}
    assert len(starts) == 4 * 9
    after, events = apply(state, Start(3, (1, 5)), RULES)
    assert after.location(sb(B, 3)).space == (1, 5) and kinds(events) == ["started"]


def test_start_only_on_the_start_rows():
    with pytest.raises(RuleError, match=r"start beavers 1 on \[3, 1\].*start rows \(1 and 2\)"):
        apply(at(), Start(1, (3, 1)), RULES)


@pytest.mark.rule("start-snowboarder")
def test_start_only_on_an_empty_space():
    with pytest.raises(RuleError, match=r"\[2, 2\] is taken by kangaroos 1"):
        apply(at([(K, 1, (2, 2))]), Start(1, (2, 2)), RULES)


def test_start_only_a_waiting_snowboarder():
    with pytest.raises(RuleError, match=r"beavers 1 has already started: it is on the course"):
        apply(at([(B, 1, (4, 4))]), Start(1, (1, 1)), RULES)


# --- moving ---------------------------------------------------------------------------------

@pytest.mark.rule("move-snowboarder")
def test_move_forward_diagonally_forward_or_sideways():
    state = at([(B, 1, (3, 3))])
    moves = {a.to for a in legal_actions(state, RULES) if isinstance(a, Move)}
    assert moves == {(4, 2), (4, 3), (4, 4), (3, 2), (3, 4)}
    _, events = apply(state, Move(sb(B, 1), (4, 2)), RULES)
    assert event(events, "moved")["direction"] == "diagonal"


@pytest.mark.rule("move-snowboarder")
def test_no_move_backward():
    with pytest.raises(RuleError, match=r"cannot move backward, from row 3 to row 2"):
        apply(at([(B, 1, (3, 3))]), Move(sb(B, 1), (2, 3)), RULES)


@pytest.mark.rule("move-snowboarder")
def test_no_move_off_the_course():
    state = at([(B, 1, (3, 1))])
    assert {a.to for a in legal_actions(state, RULES) if isinstance(a, Move)} == {
        (3, 2), (4, 1), (4, 2)}
    with pytest.raises(RuleError, match=r"\[3, 0\] is off the course"):
        apply(state, Move(sb(B, 1), (3, 0)), RULES)


def test_move_only_one_space():
    with pytest.raises(RuleError, match=r"\[5, 3\] is not next to beavers 1 on \[3, 3\]"):
        apply(at([(B, 1, (3, 3))]), Move(sb(B, 1), (5, 3)), RULES)


def test_move_only_onto_an_empty_space():
    state = at([(B, 1, (3, 3)), (C, 4, (4, 3))])
    with pytest.raises(RuleError, match=r"\[4, 3\] is taken by crocodiles 4"):
        apply(state, Move(sb(B, 1), (4, 3)), RULES)


@pytest.mark.rule("move-snowboarder")
def test_move_only_your_own_snowboarders():
    state = at([(C, 4, (4, 3))])
    assert not any(isinstance(a, Move) for a in legal_actions(state, RULES))
    with pytest.raises(RuleError, match=r"crocodiles 4 belongs to the crocodiles' captain"):
        apply(state, Move(sb(C, 4), (5, 3)), RULES)


@pytest.mark.rule("finish-spaces", "finishing-out-of-the-last-row")
def test_forward_out_of_the_last_row_finishes():
    state = at([(B, 2, (6, 1))])
    assert Move(sb(B, 2), None) in legal_actions(state, RULES)
    after, events = apply(state, Move(sb(B, 2), None), RULES)
    assert after.location(sb(B, 2)).finish == 1
    assert event(events, "finished") == {"captain": B, "team": B, "value": 2, "from": [6, 1],
                                         "space": 1, "multiplier": 4}


def test_only_the_last_row_finishes():
    with pytest.raises(RuleError, match=r"beavers 2 is on row 5; only a move forward out of "
                                        r"the last row \(6\) reaches the finish"):
        apply(at([(B, 2, (5, 1))]), Move(sb(B, 2), None), RULES)


@pytest.mark.rule("finish-spaces")
def test_first_four_finishers_take_the_finish_spaces_in_order():
    state = at([(B, 1, (6, 1)), (C, 2, (6, 2)), (K, 3, (6, 3)), (B, 4, (6, 4))])
    spaces = []
    for team, value in ((B, 1), (C, 2), (K, 3), (B, 4)):  # turn order
        state, events = apply(state, Move(sb(team, value), None), RULES)
        spaces.append((event(events, "finished")["space"], event(events, "finished")["multiplier"]))
    assert state.finishers() == (sb(B, 1), sb(C, 2), sb(K, 3), sb(B, 4))
    assert spaces == [(1, 4), (2, 3), (3, 2), (4, 2)]


@pytest.mark.rule("late-finishers-apart", "finish-scoring")
def test_later_finishers_go_face_down_to_their_own_captain():
    finish = [sb(B, 4), sb(C, 3), sb(K, 1), sb(B, 1)]
    state = at([(K, 3, (6, 4))], current=K, finish=finish)
    after, events = apply(state, Move(sb(K, 3), None), RULES)
    assert after.location(sb(K, 3)).where is Where.LATE
    assert event(events, "finished-late")["place"] == 5
    assert scores(after, RULES)[2].late == (3,)
    assert totals(after, RULES) == (18, 9, 2 + 3)


# --- placing a Yeti ---------------------------------------------------------------------------

@pytest.mark.rule("place-yeti", "yeti-space-and-throw")
def test_yeti_card_goes_on_its_own_space():
    state = at(hands={B: Hand((card("dancing-red"),))})
    after, events = throw(state, "dancing-red", [1])
    assert after.placed == (card("dancing-red"),) and after.hands[0].yetis == ()
    assert event(events, "yeti") == {"captain": B, "yeti": "dancing", "colour": "red", "row": 5,
                                     "side": "right", "cards": 1}


@pytest.mark.rule("two-copies-per-space", "yeti-space-and-throw")
def test_a_yeti_space_holds_at_most_the_two_copies():
    state = at(hands={B: Hand((card("grumpy-red"),))})
    full = replace(state, placed=(card("grumpy-red"), card("grumpy-red")))
    assert PlaceYeti(card("grumpy-red")) not in legal_actions(full, RULES)
    with pytest.raises(RuleError, match=r"grumpy-red space already holds 2 cards"):
        throw(full, "grumpy-red", [6])
    with pytest.raises(RuleError, match=r"3 grumpy-red cards are in hands or on the board"):
        at(hands={B: Hand((card("grumpy-red"),))}, placed=[card("grumpy-red")] * 2)


def test_only_a_card_in_hand_can_be_placed():
    with pytest.raises(RuleError, match=r"the beavers' captain has no grumpy-red card in hand"):
        throw(at(), "grumpy-red", [6])


@pytest.mark.rule("yeti-throws-once", "yeti-space-and-throw")
def test_a_yeti_throws_exactly_once_when_placed():
    state = at([(C, 1, (2, 3))], hands={B: Hand((card("grumpy-green"),))}, current=B)
    after, events = throw(state, "grumpy-green", [6])
    assert kinds(events).count("rolled") == 1 and "missed" in kinds(events)
    after, events = apply(after, Move(sb(C, 1), (3, 3)), RULES)  # into the Yeti's row
    assert kinds(events) == ["moved"]
    assert after.location(sb(C, 1)).space == (3, 3)


@pytest.mark.rule("low-roll-misses")
@pytest.mark.parametrize("roll", [1, 2])
def test_a_roll_below_hit_from_misses(roll):
    state = at([(C, 1, (3, 1))], hands={B: Hand((card("grumpy-green"),))})
    after, events = throw(state, "grumpy-green", [roll])
    assert event(events, "missed") == {"captain": B, "roll": roll, "reason": "low-roll",
                                       "columns": []}
    assert after.location(sb(C, 1)).space == (3, 1)


@pytest.mark.rule("throw-hits", "symbols-by-colour")
@pytest.mark.parametrize(("colour", "roll", "columns"), [
    ("green", 3, (1,)), ("green", 4, (1, 2)), ("green", 5, (1, 2, 3)), ("green", 6, (1, 2, 3, 4)),
    ("red", 3, (5,)), ("red", 4, (4, 5)), ("red", 5, (3, 4, 5)), ("red", 6, (2, 3, 4, 5))])
def test_a_throw_hits_every_space_whose_symbol_is_at_most_the_roll(colour, roll, columns):
    assert hit_spaces(RULES.course, colour, 4, roll) == columns


def test_a_space_without_a_symbol_of_the_colour_is_never_hit():
    state = at([(C, 1, (3, 5)), (K, 1, (3, 1))],
               hands={B: Hand((card("grumpy-green"), card("grumpy-red")))})
    after, events = throw(state, "grumpy-green", [6])
    assert event(events, "hit")["snowboarders"] == [{"team": K, "value": 1}]
    assert after.location(sb(C, 1)).space == (3, 5)
    assert 1 not in hit_spaces(RULES.course, "red", 3, 6)


@pytest.mark.rule("own-snowboarders-safe")
def test_the_throwers_own_snowboarders_are_never_hit():
    state = at([(B, 3, (4, 2)), (C, 2, (4, 3))], hands={B: Hand((card("sleepy-green"),))})
    after, events = throw(state, "sleepy-green", [6])
    assert after.location(sb(B, 3)).space == (4, 2)
    assert event(events, "spared") == {"captain": B, "snowboarders": [{"team": B, "value": 3}],
                                       "spaces": [[4, 2]]}


@pytest.mark.rule("throw-hits", "knocked-off-kept")
def test_several_opponents_fall_at_once_and_go_to_the_thrower():
    state = at([(C, 2, (4, 1)), (K, 4, (4, 2)), (K, 1, (5, 1))],
               hands={B: Hand((card("sleepy-green"),))})
    after, events = throw(state, "sleepy-green", [4])
    assert after.held(0) == (sb(C, 2), sb(K, 4))
    assert event(events, "hit")["spaces"] == [[4, 1], [4, 2]]
    assert after.location(sb(K, 1)).space == (5, 1)  # another row


@pytest.mark.rule("yeti-at-an-empty-row")
def test_a_yeti_may_be_placed_at_a_row_with_no_targets():
    state = at(hands={B: Hand((card("rolling-red"),))})
    assert PlaceYeti(card("rolling-red")) in legal_actions(state, RULES)
    _, events = throw(state, "rolling-red", [6])
    assert event(events, "missed")["reason"] == "no-target"


def test_a_throw_needs_its_rolls_and_only_a_throw_takes_rolls():
    state = at(hands={B: Hand((card("grumpy-red"),))})
    with pytest.raises(RuleError, match="give the roll of the die"):
        throw(state, "grumpy-red", [])
    with pytest.raises(RuleError, match="a roll of the die is 1-6, not 7"):
        throw(state, "grumpy-red", [7])
    with pytest.raises(RuleError, match="only a Yeti throw takes die rolls"):
        apply(state, Start(1, (1, 1)), RULES, [3])


# --- snowballs and the strict variant -----------------------------------------------------------

@pytest.mark.rule("snowball-reroll")
def test_every_reroll_spends_one_snowball_card():
    state = at(hands={B: Hand((card("grumpy-red"),), snowballs=2)})
    after, events = throw(state, "grumpy-red", [1, 1, 5])
    assert after.hands[0].snowballs == 0 and after.snowballs_discarded == 2
    assert event(events, "rolled")["snowballs"] == 2
    with pytest.raises(RuleError, match="3 re-rolls need 3 snowball cards, but the beavers' "
                                        "captain has 2"):
        throw(state, "grumpy-red", [1, 1, 1, 1])


@pytest.mark.rule("best-roll-counts")
def test_the_best_roll_counts():
    state = at([(C, 3, (3, 2)), (K, 2, (3, 3))], current=B,
               hands={B: Hand((card("grumpy-green"),), snowballs=2)})
    after, events = throw(state, "grumpy-green", [4, 2])
    assert event(events, "rolled")["counts"] == 4
    assert after.held(0) == (sb(C, 3),)


@pytest.mark.rule("strict-variant", "strict-last-roll")
def test_strict_variant_the_last_roll_counts():
    state = at([(C, 3, (3, 2))], rules=STRICT, hands={B: Hand((card("grumpy-green"),), 2)})
    after, events = throw(state, "grumpy-green", [4, 2], STRICT)
    assert event(events, "rolled") == {"captain": B, "rolls": [4, 2], "counts": 2,
                                       "snowballs": 1, "rule": "last"}
    assert after.held(0) == ()


@pytest.mark.rule("strict-variant", "strict-last-roll")
def test_strict_variant_after_a_reroll_only_the_equal_symbol_is_hit():
    positions = [(C, 1, (3, 1)), (C, 2, (3, 2)), (K, 1, (3, 3))]
    state = at(positions, rules=STRICT, hands={B: Hand((card("grumpy-green"),), 1)})
    after, events = throw(state, "grumpy-green", [2, 5], STRICT)
    assert after.held(0) == (sb(K, 1),)
    assert event(events, "hit")["exact"] is True and event(events, "hit")["columns"] == [3]


def test_strict_variant_without_a_reroll_hits_every_lower_symbol():
    positions = [(C, 1, (3, 1)), (C, 2, (3, 2)), (K, 1, (3, 3))]
    state = at(positions, rules=STRICT, hands={B: Hand((card("grumpy-green"),), 1)})
    after, _ = throw(state, "grumpy-green", [5], STRICT)
    assert len(after.held(0)) == 3


# --- sideways ban and passing ---------------------------------------------------------------------

def out_of_beavers(**kwargs) -> State:
    """The beavers' captain has no snowboarders left: two finished, two held."""
    return at(finish=[sb(B, 1), sb(B, 2)],
              held=[(sb(B, 3), C), (sb(B, 4), K)], **kwargs)


@pytest.mark.rule("sideways-ban", "sideways-ban-trigger")
def test_sideways_moves_are_banned_once_any_captain_has_no_snowboarders():
    state = out_of_beavers(positions=[(C, 1, (3, 3))], current=C)
    assert not state.sideways_allowed
    moves = {a.to for a in legal_actions(state, RULES) if isinstance(a, Move)}
    assert moves == {(4, 2), (4, 3), (4, 4)}
    with pytest.raises(RuleError, match="nobody may move sideways any more: the beavers' "
                                        "captain has no snowboarders left"):
        apply(state, Move(sb(C, 1), (3, 4)), RULES)


def test_sideways_moves_are_allowed_while_every_captain_has_snowboarders():
    state = at([(C, 1, (3, 3))], current=C, finish=[sb(B, 1), sb(B, 2)],
               held=[(sb(B, 3), C)])  # beavers 4 still waits
    assert state.sideways_allowed
    assert Move(sb(C, 1), (3, 4)) in legal_actions(state, RULES)


@pytest.mark.rule("sideways-ban-trigger")
def test_the_ban_starts_when_the_last_snowboarder_of_a_team_leaves():
    state = at([(B, 4, (6, 2))], finish=[sb(B, 1)], held=[(sb(B, 2), C), (sb(B, 3), K)])
    _, events = apply(state, Move(sb(B, 4), None), RULES)
    assert kinds(events) == ["finished", "sideways-banned"]
    assert event(events, "sideways-banned") == {"team": B}


@pytest.mark.rule("pass", "pass-instead-of-yeti")
def test_pass_only_when_the_captain_can_neither_start_nor_move():
    state = at(hands={B: Hand((card("grumpy-red"),))})
    assert Pass() not in legal_actions(state, RULES)
    with pytest.raises(RuleError, match=r"can still start or move a snowboarder \(40 ways\)"):
        apply(state, Pass(), RULES)


@pytest.mark.rule("pass", "pass-instead-of-yeti")
def test_a_captain_who_cannot_start_or_move_may_pass_instead_of_placing_a_yeti():
    state = out_of_beavers(hands={B: Hand((card("grumpy-red"),))})
    assert count_by_kind(legal_actions(state, RULES)) == {
        "start": 0, "move": 0, "finish": 0, "yeti": 1, "pass": 1}
    after, events = apply(state, Pass(), RULES)
    assert kinds(events) == ["passed"] and after.current == 1


def test_a_captain_with_no_action_at_all_passes():
    state = out_of_beavers()
    assert legal_actions(state, RULES) == [Pass()]


def test_a_blocked_captain_may_pass():
    """Beavers 1 is blocked ahead and on both diagonals; the kangaroos' captain is out, so
    sideways is banned: the beavers can neither start nor move."""
    blockers = [(C, 1, (5, 2)), (C, 2, (5, 3)), (C, 3, (5, 4))]
    state = at([(B, 1, (4, 3)), *blockers], finish=[sb(K, 1), sb(K, 2), sb(B, 2)],
               held=[(sb(K, 3), B), (sb(K, 4), C), (sb(B, 3), C), (sb(B, 4), C)])
    assert not state.sideways_allowed
    assert legal_actions(state, RULES) == [Pass()]
    opened = at([(B, 1, (4, 3)), (C, 1, (5, 2)), (C, 2, (6, 3)), (C, 3, (5, 4))],
                finish=[sb(K, 1), sb(K, 2), sb(B, 2)],
                held=[(sb(K, 3), B), (sb(K, 4), C), (sb(B, 3), C), (sb(B, 4), C)])
    assert legal_actions(opened, RULES) == [Move(sb(B, 1), (5, 3))]


# --- the end and the score ---------------------------------------------------------------------

@pytest.mark.rule("game-end")
def test_the_game_ends_when_the_last_snowboarder_leaves_the_course():
    finish = [sb(C, 2), sb(B, 4), sb(K, 4), sb(K, 2)]
    held = [(sb(B, 1), C), (sb(B, 3), C), (sb(K, 3), C), (sb(C, 4), B), (sb(C, 1), K),
            (sb(C, 3), K)]
    state = at([(K, 1, (6, 2))], current=K, finish=finish, late=[sb(B, 2)], held=held)
    assert not is_over(state)
    after, events = apply(state, Move(sb(K, 1), None), RULES)
    assert is_over(after) and legal_actions(after, RULES) == []
    assert event(events, "game-over") == {"scores": {B: 18, C: 15, K: 17}, "winners": [B]}
    with pytest.raises(RuleError, match="the game is over"):
        apply(after, Pass(), RULES)


def test_the_game_goes_on_while_a_snowboarder_has_not_started():
    state = at([(B, 1, (6, 2))], finish=[sb(C, 1)])
    after, events = apply(state, Move(sb(B, 1), None), RULES)
    assert not is_over(after) and "game-over" not in kinds(events)
    assert after.on_course() == ()


@pytest.mark.rule("finish-scoring", "knocked-off-scoring")
def test_the_crocodile_captains_score():
    state = at(finish=[sb(C, 2)], held=[(sb(B, 1), C), (sb(B, 3), C), (sb(K, 3), C)])
    score = scores(state, RULES)[1]
    assert score.finish == ((1, 2, 4),) and score.knocked_off == (1, 3, 3)
    assert (score.finish_points, sum(score.knocked_off), score.total) == (8, 7, 15)


def test_finish_multipliers_come_from_the_data():
    rules = rules_from_data(with_data(finish__multipliers=[5, 1]))
    state = at(rules=rules, finish=[sb(B, 1), sb(C, 3)], late=[sb(K, 4)])
    assert totals(state, rules) == (5, 3, 4)


@pytest.mark.rule("most-points-wins", "shared-win")
def test_a_tie_is_a_shared_win():
    state = at(finish=[sb(B, 3), sb(C, 4)])
    assert totals(state, RULES) == (12, 12, 0)
    assert winners(state, RULES) == (0, 1)


# --- whole games ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulated_games_end(players):
    for policy in (RacerPolicy(), RandomPolicy()):
        result = simulate(players, RULES, random.Random(players), policy)
        assert result.state.over and result.events[-1].kind == "game-over"
        best = max(result.scores)
        assert result.winners == tuple(i for i, s in enumerate(result.scores) if s == best)
        assert result.scores == tuple(_points_by_hand(result.state, seat)
                                      for seat in range(players))


def _points_by_hand(state, seat: int) -> int:  # type: ignore[no-untyped-def]
    """finish space k multiplies by 4, 3, 2, 2; late finishers and knocked-off count their value."""
    team = state.teams[seat]
    finish = sum(sb.value * (4, 3, 2, 2)[k] for k, sb in enumerate(state.finishers())
                 if sb.team == team)
    return finish + sum(state.late(team)) + sum(sb.value for sb in state.held(seat))


def test_the_deal_shuffles_with_the_given_generator():
    first = deal_state(4, RULES, random.Random(5))
    assert first == deal_state(4, RULES, random.Random(5))
    assert first.hands != deal_state(4, RULES, random.Random(6)).hands


def test_the_course_needs_consistent_data():
    with pytest.raises(RuleError, match="need one per column"):
        course_from_data(with_data(throws__green=[3, 4, 5]))
