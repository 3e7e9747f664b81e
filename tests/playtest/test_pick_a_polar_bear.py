"""Pick-a-Polar Bear behind the playtest protocol: ticks in which every seat says what it
does, policies that differ in reaction time and error rate, the rule settings, and the
enumerated chance of k fitting cards on the first table against seeded deals."""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from printkit.games.pick_a_polar_bear.cards import matching_slots
from printkit.playtest.games import pick_a_polar_bear as game

from .protocol_play import Played, play, policy, win_share, within_99

POLICIES = ("random", "bot", "quick", "careful", "bot:speed=0.3,errors=0.2")


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("spec", POLICIES)
def test_every_policy_plays_300_games_to_the_end(spec: str, players: int) -> None:
    """The runner checks every step: a seat in range, a non-empty list of legal actions, the
    chosen action among them, winners exactly the seats with the most points."""
    seats = [policy(game, spec)] * players
    played = [play(game, seats, seed) for seed in range(300)]
    for g in played:
        assert g.count("game-over") == 1
        assert g.count("round") == g.rounds >= 1
        assert g.count("freeze") == g.rounds
        assert g.turns == g.count("turn_end") and g.steps == g.turns * players


def test_the_seat_to_move_goes_round_the_table_each_tick() -> None:
    rng = random.Random(5)
    state = game.initial_state(4, rng, {})
    seen = []
    for _ in range(8):
        seen.append(game.to_move(state))
        state, _ = game.apply(state, game.WAIT, rng)
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3]
    assert game.turns(state) == 2


def test_the_game_is_for_2_to_5_players() -> None:
    for players in (1, 6):
        with pytest.raises(ValueError, match="2-5 players"):
            game.initial_state(players, random.Random(1), {})


def test_the_same_seed_plays_the_same_game() -> None:
    seats = [policy(game, "random"), policy(game, "quick"), policy(game, "careful")]
    first = play(game, seats, 11, {"bonus": "true"})
    assert first == play(game, seats, 11, {"bonus": "true"})
    others = {play(game, seats, seed, {"bonus": "true"}) for seed in range(12, 18)}
    assert first not in others and len(others) > 1


def _share(spec: str, against: str, games: int) -> float:
    """The win share of ``spec`` moving round the seats among ``against`` at 3 players."""
    played, seat_of = [], []
    for seed in range(games):
        seats = [policy(game, against)] * 3
        seats[seed % 3] = policy(game, spec)
        played.append(play(game, seats, seed))
        seat_of.append(seed % 3)
    return win_share(played, seat_of)


@pytest.mark.parametrize("spec", ["bot", "quick", "careful"])
def test_a_bot_beats_random_play(spec: str) -> None:
    """Over 500 games at 3 players, a bot among random players wins at least 80 %
    (a third each if it were no better)."""
    assert _share(spec, "random", 500) >= 0.8


def test_reaction_time_against_error_rate() -> None:
    """``careful`` (half as fast, never wrong) among ``quick`` players wins more than its
    third, and ``quick`` among ``careful`` ones less: over 300 games each, a margin of 0.05."""
    assert _share("careful", "quick", 300) >= 1 / 3 + 0.05
    assert _share("quick", "careful", 300) <= 1 / 3 - 0.05


def _mean(played: list[Played], kind: str) -> float:
    return statistics.mean(g.count(kind) for g in played)


def test_errors_break_chains_and_speed_shortens_rounds() -> None:
    def games(spec: str) -> list[Played]:
        return [play(game, [policy(game, spec)] * 3, seed) for seed in range(200)]
    careful, quick = games("careful"), games("quick")
    assert _mean(careful, "chain-broken") == 0
    assert _mean(quick, "chain-broken") >= 1
    assert statistics.mean(g.turns for g in quick) < statistics.mean(g.turns for g in careful)


@pytest.mark.parametrize(("spec", "message"), [
    ("bot:speed=2", "policy bot: speed=2.0 is not in 0-1"),
    ("bot:errors=lots", "policy bot: errors='lots' is not a number"),
    ("bot:fast=1", "policy bot: no parameter 'fast'; parameters: speed, errors"),
    ("careful:speed=1", "policy careful: no parameter 'speed'; no parameters"),
])
def test_a_bad_policy_parameter_is_one_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        policy(game, spec)
    assert str(error.value) == message


# --- rule settings ---------------------------------------------------------------

@pytest.mark.parametrize(("rules", "message"), [
    ({"solo": "true"}, "rule solo: not a rule of Pick-a-Polar Bear; rules: hold, bonus, "),
    ({"hold": "perhaps"}, "rule hold: 'perhaps' is not true or false"),
    ({"bonus_points": "-1"}, "rule bonus_points: -1 is not in 0-10"),
    ({"min_table_cards": "x"}, "rule min_table_cards: 'x' is not a whole number"),
])
def test_a_bad_rule_is_one_line_naming_the_key(rules: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError) as error:
        game.initial_state(3, random.Random(1), rules)
    assert str(error.value).startswith(message)
    assert "\n" not in str(error.value)


def test_every_rule_has_a_default_and_a_help_line() -> None:
    for key, (default, help_line) in game.RULES.items():
        assert help_line and "\n" not in help_line, key
        game.initial_state(3, random.Random(1), {key: default})


def _events(rules: dict[str, str], spec: str = "bot", games: int = 100) -> Counter[str]:
    return Counter(kind for seed in range(games)
                   for kind in play(game, [policy(game, spec)] * 3, seed, rules).events)


def test_the_variants_fire_their_rules() -> None:
    plain, bonus, hold = _events({}), _events({"bonus": "true"}), _events({"hold": "true"})
    assert plain["bonus-revealed"] == plain["hold"] == 0
    assert bonus["bonus-revealed"] == bonus["bonus"] > 50
    assert hold["hold"] == hold["freeze"] > 100
    # A bonus round is scored when every answer is in: with bots counting wrong one time
    # in two, some answers are penalised.
    sloppy = _events({"bonus": "true"}, "bot:errors=0.5")
    assert sloppy["penalty"] > bonus["penalty"]


def test_bonus_points_count_in_the_scores() -> None:
    seats = [policy(game, "careful")] * 3
    low = [play(game, seats, seed, {"bonus": "true", "bonus_points": "0"}) for seed in range(60)]
    high = [play(game, seats, seed, {"bonus": "true", "bonus_points": "5"}) for seed in range(60)]
    assert sum(map(sum, (g.scores for g in high))) > sum(map(sum, (g.scores for g in low)))


# --- exact answers -----------------------------------------------------------------

def test_first_table_matches_is_a_distribution() -> None:
    chances = [game.first_table_matches(k) for k in range(31)]
    assert sum(chances) == pytest.approx(1)
    # 17 of the 95 other cards fit a captain: its 2 other copies and 5 kinds × 3 copies.
    assert statistics.fmean(range(31), weights=chances) == pytest.approx(30 * 17 / 95)


def test_first_table_matches_agrees_with_seeded_deals() -> None:
    """The chance that k first-table cards fit player 0's captain, against 4,000 first
    deals made by :func:`initial_state`: each k from 2 to 9 inside the 99 % interval."""
    deals = 4000
    counts: Counter[int] = Counter()
    for seed in range(deals):
        state = game.initial_state(3, random.Random(seed), {})
        captain = state.game.seats[0].captain
        assert captain is not None
        counts[len(matching_slots(captain, state.game.grid))] += 1
    for k in range(2, 10):
        exact = game.first_table_matches(k)
        assert within_99(exact, counts[k], deals), (k, exact, counts[k] / deals)
