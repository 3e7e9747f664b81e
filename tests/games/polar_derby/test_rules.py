"""One test per rule and per ruling of Polar Derby (rulings: the shared GAMES.md); each
names the rules of rules.toml it checks with @pytest.mark.rule."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from printkit.errors import RuleError
from printkit.games.polar_derby.data import SCHEMA
from printkit.games.polar_derby.rules import (
    FREE_SKATE,
    Bears,
    Phase,
    Pulled,
    RandomPolicy,
    Rules,
    State,
    Take,
    apply_roll,
    bust_reason,
    initial_state,
    is_over,
    legal_takes,
    long_game_totals,
    long_game_winners,
    rules_from_data,
    scores,
    setup_state,
    simulate,
    simulate_long_game,
    stop,
    winners,
)
from printkit.schema import read_toml, validate

GAME_TOML = Path(__file__).parents[3] / "printkit" / "games" / "polar_derby" / "game.toml"
DATA = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
RULES = rules_from_data(DATA)
NO_RISK = rules_from_data(DATA, no_risk=True)
YOUNGER = rules_from_data(DATA, younger=True)
FS = FREE_SKATE


def middle(*colours: str) -> Take:
    return Take(middle=colours)


def steal(*pairs: tuple[int, str]) -> Take:
    return Take(steals=pairs)


def at(secured=None, players: int = 2, rules: Rules = RULES, **kwargs) -> State:
    return setup_state(rules, secured or [{}] * players, **kwargs)


def play(state: State, *actions, rules: Rules = RULES) -> tuple[State, list[str]]:
    """Apply (roll, take) pairs or "stop"; return the state and every event kind."""
    kinds: list[str] = []
    for action in actions:
        if action == "stop":
            state, events = stop(state, rules)
        else:
            state, events = apply_roll(state, action[0], action[1], rules)
        kinds.extend(e.kind for e in events)
    return state, kinds


# --- components and start ---------------------------------------------------------

@pytest.mark.rule("components", "bears-on-the-rink", "rink-in-the-middle")
def test_twenty_five_bears_five_of_each_colour_start_in_the_middle():
    state = initial_state(4, RULES)
    assert RULES.colours == ("white", "blue", "green", "pink", "orange")
    assert state.middle.total == 25
    assert all(state.middle[c] == 5 for c in RULES.colours)
    assert state.secured == (Bears(),) * 4 and state.pulled == ()
    assert (state.current, state.phase, state.turn) == (0, Phase.ROLL, 1)


@pytest.mark.rule("players")
@pytest.mark.parametrize("count", [1, 5])
def test_two_to_four_players(count):
    with pytest.raises(RuleError, match=f"2-4 players, not {count}"):
        initial_state(count, RULES)


@pytest.mark.rule("first-player")
def test_the_first_player_starts_and_play_passes_clockwise():
    # Seats are numbered clockwise: seat 0 starts (the last to have eaten vanilla ice
    # cream), then each turn passes to the next seat, and after the last back to seat 0.
    state = initial_state(3, RULES)
    seen = [state.current]
    for colours in (("white", "blue"), ("green", "pink"), ("orange", "white")):
        state, _ = play(state, (colours, middle(colours[0])), "stop")
        seen.append(state.current)
    assert seen == [0, 1, 2, 0]


@pytest.mark.rule("bear-values")
def test_bear_values_come_from_the_data():
    changed = {**DATA, "colours": [dict(c, value=10) if c["id"] == "white" else c
                                   for c in DATA["colours"]]}
    assert rules_from_data(DATA).values["white"] == 1
    assert rules_from_data(changed).values["white"] == 10
    state = at([{"white": 2}, {}])
    assert scores(state, rules_from_data(changed)) == (20, 0)


def test_rules_refuse_free_skate_as_a_colour_and_mismatched_tables():
    with pytest.raises(RuleError, match="wild face"):
        Rules({"white": 1, FS: 2}, {"white": 5, FS: 5})
    with pytest.raises(RuleError, match="same colours in the same order"):
        Rules({"white": 1, "blue": 2}, {"blue": 5, "white": 5})


def test_setup_must_account_for_every_bear():
    with pytest.raises(RuleError, match="white: 5 in the middle, 1 secured and 0 pulled make 6"):
        at([{"white": 1}, {}], middle={c: 5 for c in RULES.colours})


def test_setup_middle_defaults_to_the_bears_not_secured():
    state = at([{"white": 2}, {"orange": 1}], pulled=["blue"])
    assert state.middle == Bears.of({"white": 3, "blue": 4, "green": 5, "pink": 5, "orange": 4})
    assert state.phase is Phase.CHOOSE and state.pulled_colours == ("blue",)


def test_setup_with_an_empty_middle_and_nothing_pulled_is_refused():
    full = {c: 5 for c in RULES.colours}
    with pytest.raises(RuleError, match="game would be over"):
        at([full, {}])


@pytest.mark.rule("roll-both-dice", "roll-again-or-stop")
def test_a_turn_starts_with_a_roll_not_a_stop():
    with pytest.raises(RuleError, match="illegal action 'stop' in turn 1: player 0 has not "
                                        "rolled yet this turn"):
        stop(initial_state(2, RULES), RULES)


def test_unknown_face_is_refused():
    with pytest.raises(RuleError, match="'purple' is not a die face; faces: white, blue, green, "
                                        "pink, orange, free-skate"):
        apply_roll(initial_state(2, RULES), ("purple", "blue"), middle("blue"), RULES)


# --- split colours ------------------------------------------------------------------

@pytest.mark.rule("split-colours")
def test_split_takes_one_bear_of_each_rolled_colour_from_the_middle():
    state, kinds = play(initial_state(2, RULES), (("green", "blue"), middle("green", "blue")))
    assert state.middle["green"] == state.middle["blue"] == 4
    assert state.pulled_bears == Bears.of(["green", "blue"])
    assert kinds == ["rolled", "took"] and state.phase is Phase.CHOOSE


@pytest.mark.rule("split-take-one")
def test_split_may_take_only_one_of_the_two():
    takes = legal_takes(initial_state(2, RULES), ("green", "blue"), RULES)
    assert takes == [middle("blue"), middle("green"), middle("blue", "green")]
    state, _ = play(initial_state(2, RULES), (("green", "blue"), middle("green")))
    assert state.pulled_bears == Bears.of(["green"])


@pytest.mark.rule("split-take-one")
def test_split_must_take_at_least_one():
    state = initial_state(2, RULES)
    with pytest.raises(RuleError, match="must take at least one"):
        apply_roll(state, ("green", "blue"), None, RULES)
    with pytest.raises(RuleError, match="take at least one bear"):
        apply_roll(state, ("green", "blue"), Take(), RULES)


@pytest.mark.rule("split-colours")
def test_split_takes_only_the_rolled_colours_one_each():
    state = initial_state(2, RULES)
    with pytest.raises(RuleError, match=r"white is not on the dice \(green \+ blue\)"):
        apply_roll(state, ("green", "blue"), middle("white"), RULES)
    with pytest.raises(RuleError, match="one bear of each rolled colour, not two green"):
        apply_roll(state, ("green", "blue"), middle("green", "green"), RULES)


def test_split_never_steals():
    state = at([{}, {"green": 2}])
    with pytest.raises(RuleError, match="green \\+ blue is a split"):
        apply_roll(state, ("green", "blue"), steal((1, "green")), RULES)


def test_split_with_one_colour_gone_from_the_middle_takes_the_other():
    state = at([{}, {"green": 5}])
    assert legal_takes(state, ("green", "blue"), RULES) == [middle("blue")]
    with pytest.raises(RuleError, match="no green bear is left in the middle"):
        apply_roll(state, ("green", "blue"), middle("green", "blue"), RULES)


# --- doubles ----------------------------------------------------------------------

@pytest.mark.rule("doubles-steal", "doubles-one-or-two-opponents")
def test_doubles_steal_two_from_one_opponent():
    state = at([{}, {"white": 2}, {"white": 1}])
    after, kinds = play(state, (("white", "white"), steal((1, "white"), (1, "white"))))
    assert after.secured[1] == Bears() and after.pulled_bears == Bears.of({"white": 2})
    assert after.pulled == (Pulled("white", 1), Pulled("white", 1))
    assert kinds == ["rolled", "stole"]


@pytest.mark.rule("doubles-steal", "doubles-one-or-two-opponents")
def test_doubles_steal_one_each_from_two_opponents():
    state = at([{}, {"white": 2}, {"white": 1}])
    after, _ = play(state, (("white", "white"), steal((2, "white"), (1, "white"))))
    assert after.secured[1:] == (Bears.of({"white": 1}), Bears())


@pytest.mark.rule("doubles-one-or-two-opponents")
def test_doubles_may_steal_just_one():
    state = at([{}, {"white": 2}, {"white": 1}])
    takes = legal_takes(state, ("white", "white"), RULES)
    assert takes == [steal((1, "white")), steal((2, "white")),
                     steal((1, "white"), (1, "white")), steal((1, "white"), (2, "white"))]


@pytest.mark.rule("doubles-secured-only")
def test_doubles_take_nothing_from_the_middle():
    state = initial_state(2, RULES)
    with pytest.raises(RuleError, match="doubles: bears are stolen from opponents"):
        apply_roll(state, ("white", "white"), middle("white"), RULES)
    assert bust_reason(state, ("white", "white"), RULES) == "no opponent has a secured white bear"


@pytest.mark.rule("doubles-secured-only")
def test_doubles_steal_only_the_rolled_colour_from_what_opponents_have():
    state = at([{"white": 1}, {"white": 1, "blue": 1}, {}])
    cases = [
        (steal((1, "blue")), "only white bears can be stolen, not blue"),
        (steal((0, "white")), "player 0 is the player rolling; steal from an opponent"),
        (steal((1, "white"), (1, "white")), "player 1 has only 1 secured white bear, not 2"),
        (steal((2, "white")), "player 2 has no secured white bear"),
        (steal((3, "white")), "there is no player 3"),
        (steal((1, "white"), (1, "white"), (1, "white")), "at most two bears are stolen"),
    ]
    for take, reason in cases:
        with pytest.raises(RuleError, match=reason):
            apply_roll(state, ("white", "white"), take, RULES)


# --- Free Skate -------------------------------------------------------------------

@pytest.mark.rule("free-skate-any-colour", "free-skate-split-or-doubles")
def test_free_skate_counts_as_another_colour_for_a_split():
    state, _ = play(initial_state(2, RULES), (("pink", FS), middle("pink", "orange")))
    assert state.pulled_bears == Bears.of(["pink", "orange"])


@pytest.mark.rule("free-skate-any-colour")
def test_free_skate_alone_may_pull_one_bear_of_any_colour():
    state, _ = play(initial_state(2, RULES), ((FS, "pink"), middle("white")))
    assert state.pulled_bears == Bears.of(["white"])


def test_free_skate_stands_for_one_colour_so_a_pair_includes_the_rolled_one():
    with pytest.raises(RuleError, match="must include pink"):
        apply_roll(initial_state(2, RULES), ("pink", FS), middle("white", "blue"), RULES)


@pytest.mark.rule("free-skate-split-or-doubles")
def test_free_skate_counts_as_the_same_colour_for_doubles():
    state = at([{}, {"pink": 2}])
    after, kinds = play(state, (("pink", FS), steal((1, "pink"), (1, "pink"))))
    assert after.secured[1] == Bears() and kinds == ["rolled", "stole"]
    # 5 single colours + 4 pairs with pink + steal one or two pink bears
    assert len(legal_takes(state, ("pink", FS), RULES)) == 11


# --- double Free Skate ------------------------------------------------------------

@pytest.mark.rule("double-free-skate")
def test_double_free_skate_secures_pulled_bears_and_starts_a_fresh_turn():
    state, _ = play(initial_state(2, RULES), (("green", "blue"), middle("green", "blue")))
    after, kinds = play(state, ((FS, FS), None))
    assert after.secured[0] == Bears.of(["green", "blue"]) and after.pulled == ()
    assert (after.current, after.phase, after.turn) == (0, Phase.ROLL, 2)
    assert kinds == ["rolled", "secured", "fresh-turn"]


@pytest.mark.rule("fresh-turn-forgets-colours")
def test_double_free_skate_forgets_the_pulled_colours():
    state, _ = play(initial_state(2, RULES), (("green", "blue"), middle("green", "blue")),
                    ((FS, FS), None))
    assert state.pulled_colours == ()
    assert len(legal_takes(state, ("green", "blue"), RULES)) == 3


def test_double_free_skate_takes_no_bear():
    with pytest.raises(RuleError, match="a double Free Skate takes no bear"):
        apply_roll(initial_state(2, RULES), (FS, FS), middle("white"), RULES)
    assert legal_takes(initial_state(2, RULES), (FS, FS), RULES) == []
    assert bust_reason(initial_state(2, RULES), (FS, FS), RULES) is None


@pytest.mark.rule("double-free-skate", "end-when-turn-ends")
def test_double_free_skate_with_the_middle_empty_ends_the_game():
    state = at([{c: 5 for c in RULES.colours if c != "orange"}, {"orange": 4}])
    state, _ = play(state, (("orange", "blue"), middle("orange")))
    after, kinds = play(state, ((FS, FS), None))
    assert after.over and kinds[-2:] == ["secured", "game-over"]


# --- rolling again ----------------------------------------------------------------

@pytest.mark.rule("no-colour-twice")
def test_pulled_colour_cannot_be_taken_again_from_the_middle():
    state, _ = play(initial_state(2, RULES), (("orange", "blue"), middle("orange", "blue")))
    assert legal_takes(state, ("orange", "pink"), RULES) == [middle("pink")]
    with pytest.raises(RuleError, match="orange was already pulled this turn"):
        apply_roll(state, ("orange", "pink"), middle("orange", "pink"), RULES)


@pytest.mark.rule("no-colour-twice-stealing")
def test_pulled_colour_cannot_be_stolen():
    state, _ = play(at([{}, {"white": 2}]), (("white", "green"), middle("white")))
    with pytest.raises(RuleError, match=r"^illegal action 'steal white from player 1' in turn 1: "
                                        r"white was already pulled this turn$"):
        apply_roll(state, ("white", "white"), steal((1, "white")), RULES)


@pytest.mark.rule("no-colour-twice-stealing")
def test_stolen_colour_cannot_be_taken_from_the_middle():
    state, _ = play(at([{}, {"white": 2}]), (("white", "white"), steal((1, "white"))))
    assert legal_takes(state, ("white", "blue"), RULES) == [middle("blue")]


@pytest.mark.parametrize(("pulled", "roll", "reason"), [
    (["orange", "blue"], ("blue", "orange"), "blue and orange were already pulled this turn"),
    (["white"], ("white", "white"), "white was already pulled this turn"),
    ([], ("green", "green"), "no opponent has a secured green bear"),
    (list(RULES.colours), ("white", FS),
     "white, blue, green, pink and orange were already pulled this turn"),
])
def test_bust_reason_says_why_nothing_can_be_taken(pulled, roll, reason):
    state = at(pulled=pulled)
    assert legal_takes(state, roll, RULES) == []
    assert bust_reason(state, roll, RULES) == reason


def test_bust_reason_names_colours_gone_from_the_middle():
    state = at([{"pink": 5}, {}], pulled=["orange"])
    assert bust_reason(state, ("pink", "orange"), RULES) == (
        "orange was already pulled this turn; no pink bear is left in the middle")


# --- bust -----------------------------------------------------------------------------

@pytest.mark.rule("bust")
def test_bust_returns_every_pulled_bear_to_the_middle_and_ends_the_turn():
    state, kinds = play(initial_state(2, RULES),
                        (("orange", "blue"), middle("orange", "blue")),
                        (("orange", "pink"), middle("pink")),
                        (("blue", "orange"), None))
    assert state.middle == initial_state(2, RULES).middle
    assert (state.current, state.phase, state.pulled) == (1, Phase.ROLL, ())
    assert kinds[-1] == "bust"


@pytest.mark.rule("bust-returns-stolen")
def test_bust_returns_stolen_bears_to_the_middle_not_to_their_owner():
    state, _ = play(at([{}, {"white": 2}]), (("white", "white"), steal((1, "white"))),
                    (("white", "white"), None))
    assert state.secured[1] == Bears.of({"white": 1})
    assert state.middle["white"] == 4


def test_a_take_on_a_bust_roll_is_refused():
    state, _ = play(initial_state(2, RULES), (("orange", "blue"), middle("orange", "blue")))
    with pytest.raises(RuleError, match="'take blue from the middle' in turn 1: blue was "
                                        "already pulled this turn"):
        apply_roll(state, ("blue", "orange"), middle("blue"), RULES)


@pytest.mark.rule("stop-secures", "keep-pulled-apart")
def test_secured_bears_are_safe_from_a_later_bust():
    state = at([{"orange": 2}, {}])
    state, _ = play(state, (("orange", "blue"), middle("orange")),
                    (("orange", "orange"), None))
    assert state.secured[0] == Bears.of({"orange": 2})


# --- stopping and the end ---------------------------------------------------------

@pytest.mark.rule("stop-secures")
def test_stopping_secures_every_pulled_bear():
    state, kinds = play(at([{}, {"white": 1}]), (("white", FS), steal((1, "white"))),
                        (("green", "blue"), middle("green")), "stop")
    assert state.secured == (Bears.of(["white", "green"]), Bears())
    assert (state.current, state.turn) == (1, 2)
    assert kinds[-2:] == ["stopped", "secured"]


@pytest.mark.rule("game-end", "end-when-turn-ends")
def test_game_ends_when_a_turn_ends_with_the_middle_empty():
    state = at([{c: 5 for c in RULES.colours if c != "orange"}, {"orange": 4}])
    state, kinds = play(state, (("orange", "white"), middle("orange")))
    assert state.middle.total == 0 and not is_over(state)
    state, kinds = play(state, "stop")
    assert is_over(state) and kinds[-1] == "game-over"
    with pytest.raises(RuleError, match="the game is over"):
        apply_roll(state, ("white", "blue"), None, RULES)


@pytest.mark.rule("end-when-turn-ends")
def test_a_bust_refilling_the_middle_does_not_end_the_game():
    state = at([{c: 5 for c in RULES.colours if c != "orange"}, {"orange": 4}])
    state, _ = play(state, (("orange", "white"), middle("orange")), (("orange", FS), None))
    assert not state.over and state.middle == Bears.of(["orange"])


@pytest.mark.rule("scoring")
def test_score_is_the_sum_of_bear_values():
    state = at([{"white": 2, "orange": 1}, {"pink": 3}])
    assert scores(state, RULES) == (7, 12)


@pytest.mark.rule("tie-more-bears")
def test_tie_on_points_goes_to_more_bears():
    state = at([{"white": 2, "blue": 4}, {"pink": 1, "orange": 1, "white": 1}])
    assert scores(state, RULES) == (10, 10)
    assert winners(state, RULES) == (0,)


@pytest.mark.rule("shared-win")
def test_still_tied_the_win_is_shared():
    state = at([{"white": 1, "orange": 1}, {"blue": 1, "pink": 1}, {}])
    assert winners(state, RULES) == (0, 1)


@pytest.mark.rule("long-game")
def test_long_game_adds_the_totals_of_as_many_games_as_players():
    result = simulate_long_game(3, RULES, random.Random(7))
    assert len(result.games) == 3
    assert [g.state.turn > 0 for g in result.games] == [True] * 3
    assert result.totals == tuple(map(sum, zip(*(g.scores for g in result.games), strict=True)))
    assert sum(result.totals) == 3 * 75


@pytest.mark.rule("long-game")
def test_long_game_each_player_starts_one_game():
    result = simulate_long_game(4, RULES, random.Random(3))
    firsts = [next(e.params["player"] for e in g.events if e.kind == "rolled")
              for g in result.games]
    assert firsts == [0, 1, 2, 3]


@pytest.mark.rule("long-game")
def test_long_game_winner_has_the_highest_total_then_more_bears():
    assert long_game_totals([[30, 45], [50, 25]]) == (80, 70)
    assert long_game_winners([[40, 35], [35, 40]], [[10, 12], [9, 9]]) == (1,)
    assert long_game_winners([[40, 35], [35, 40]], [[10, 9], [9, 10]]) == (0, 1)
    with pytest.raises(RuleError, match="same players"):
        long_game_totals([[1, 2], [1, 2, 3]])


# --- variants ---------------------------------------------------------------------

@pytest.mark.rule("variant-younger")
def test_younger_players_count_every_bear_as_one():
    state = at([{"white": 2, "orange": 3}, {"pink": 4}], rules=YOUNGER)
    assert scores(state, YOUNGER) == (5, 4)
    assert scores(state, RULES) == (17, 16)


@pytest.mark.rule("variant-no-risk")
def test_no_risk_secures_a_pulled_bear_at_once():
    state, kinds = play(initial_state(2, NO_RISK), (("green", "blue"), middle("green", "blue")),
                        rules=NO_RISK)
    assert state.secured[0] == Bears.of(["green", "blue"]) and state.pulled == ()
    assert kinds == ["rolled", "took", "secured"]


@pytest.mark.rule("variant-no-risk", "no-colour-twice")
def test_no_risk_still_forbids_a_colour_pulled_this_turn():
    state, _ = play(initial_state(2, NO_RISK), (("green", "blue"), middle("green")),
                    rules=NO_RISK)
    assert legal_takes(state, ("green", "blue"), NO_RISK) == [middle("blue")]


@pytest.mark.rule("no-risk-bust-ends-turn")
def test_no_risk_bust_only_ends_the_turn():
    state, kinds = play(initial_state(2, NO_RISK), (("green", "blue"), middle("green", "blue")),
                        (("blue", "green"), None), rules=NO_RISK)
    assert state.secured[0] == Bears.of(["green", "blue"])
    assert state.middle.total == 23 and state.current == 1
    assert kinds[-1] == "bust"


def test_no_risk_setup_cannot_hold_bears_at_risk():
    with pytest.raises(RuleError, match="secured at once"):
        at(rules=NO_RISK, pulled=["white"])


# --- events and simulation ----------------------------------------------------------

def test_events_carry_what_the_rulebook_narrates():
    state = at([{}, {"white": 1}])
    _, events = apply_roll(state, ("white", FS), steal((1, "white")), RULES)
    assert [(e.kind, dict(e.params)) for e in events] == [
        ("rolled", {"player": 0, "faces": ["white", FS]}),
        ("stole", {"player": 0, "takes": [[1, "white"]]}),
    ]
    state, _ = play(initial_state(2, RULES), (("orange", "blue"), middle("blue", "orange")))
    _, events = apply_roll(state, ("blue", "blue"), None, RULES)
    assert dict(events[-1].params) == {"player": 0, "reason": "blue was already pulled this turn",
                                       "returned": {"blue": 1, "orange": 1}}


def test_a_take_may_be_written_in_any_order():
    state = at([{}, {"white": 1}, {"white": 1}])
    a, _ = apply_roll(state, ("white", "white"), steal((2, "white"), (1, "white")), RULES)
    b, _ = apply_roll(state, ("white", "white"), steal((1, "white"), (2, "white")), RULES)
    assert a == b


def test_simulated_game_ends_with_every_bear_secured():
    result = simulate(3, RULES, random.Random(1), RandomPolicy())
    assert result.state.over and sum(result.bears) == 25
    assert sum(result.scores) == 75
    assert result.events[-1].kind == "game-over"


def test_simulation_gives_up_after_max_turns():
    with pytest.raises(RuntimeError, match="did not end in 1 turns"):
        simulate(2, RULES, random.Random(1), max_turns=1)


def test_state_is_immutable():
    state = initial_state(2, RULES)
    with pytest.raises(AttributeError):
        state.current = 1  # type: ignore[misc]
    assert replace(state, current=1).current == 1
