"""Yeti Slalom behind the playtest protocol: every policy plays whole games through the
protocol only, the policies differ where the game's main decision is (whom to throw at), the
rule settings parse and change the game, and a Yeti's hit chance agrees with enumeration."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from printkit.games.yeti_slalom.course import Colour
from printkit.games.yeti_slalom.rules import Hand, PlaceYeti, Snowboarder, YetiCard, setup_state
from printkit.playtest.games import yeti_slalom as game

from .protocol_play import play, policy, win_share, within_99

POLICIES = ("random", "racer", "crowd", "leader")


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("spec", POLICIES)
def test_every_policy_plays_300_games_to_the_end(spec: str, players: int) -> None:
    """The runner checks every step: a seat in range, a non-empty list of legal actions, the
    chosen action among them, winners exactly the seats with the most points."""
    seats = [policy(game, spec)] * players
    played = [play(game, seats, seed) for seed in range(300)]
    assert all(g.count("game-over") == 1 for g in played)
    assert all(g.turns == g.count("turn_end") for g in played)
    assert all(g.rounds * players >= g.turns > (g.rounds - 1) * players for g in played)
    # Every snowboarder ends somewhere that scores, so no game ends with all points zero.
    assert all(max(g.scores) > 0 for g in played)


def test_the_game_is_for_3_to_5_players() -> None:
    rules = game.game_rules()
    assert (rules.min_players, rules.max_players) == (3, 5)
    for players in (2, 6):
        with pytest.raises(ValueError, match="3-5 players"):
            game.initial_state(players, random.Random(1), {})


def test_mixed_seats_and_ties_share_the_win() -> None:
    seats = [policy(game, "racer"), policy(game, "crowd"), policy(game, "leader:min=0.5"),
             policy(game, "random")]
    played = [play(game, seats, seed) for seed in range(300)]
    ties = [g for g in played if len(g.winners) > 1]
    assert ties, "300 games without a tie: the tie rule was never tried"
    for g in ties:
        assert len({g.scores[seat] for seat in g.winners}) == 1


def test_the_same_seed_plays_the_same_game() -> None:
    seats = [policy(game, "random"), policy(game, "crowd"), policy(game, "leader")]
    first, again = play(game, seats, 17), play(game, seats, 17)
    assert first == again
    others = {play(game, seats, seed) for seed in range(18, 24)}
    assert first not in others and len(others) > 1


@pytest.mark.parametrize("spec", ["racer", "crowd", "leader"])
def test_a_sensible_policy_beats_random(spec: str) -> None:
    """Over 500 games at 3 players, with the sensible captain moving round the seats, it
    wins at least 80 % (random captains: a third each)."""
    played, seat_of = [], []
    for seed in range(500):
        seats = [policy(game, "random")] * 3
        seats[seed % 3] = policy(game, spec)
        played.append(play(game, seats, seed))
        seat_of.append(seed % 3)
    assert win_share(played, seat_of) >= 0.8


def test_throwers_throw_more_than_the_racer() -> None:
    """The main decision: ``crowd`` and ``leader`` throw wherever opponents' points stand,
    ``racer`` only when nothing moves forward. Over 300 games each, the throwers average at
    least two more throws that hit per game than the racer (about 5-6 against under 2)."""
    def hits(spec: str) -> float:
        return statistics.mean(play(game, [policy(game, spec)] * 3, seed).count("hit")
                               for seed in range(300))
    racer = hits("racer")
    assert hits("crowd") >= racer + 2
    assert hits("leader") >= racer + 2


def test_policy_parameters_are_read() -> None:
    lazy = [play(game, [policy(game, "crowd:min=100")] * 3, seed) for seed in range(50)]
    keen = [play(game, [policy(game, "crowd:min=0.1")] * 3, seed) for seed in range(50)]
    assert sum(g.count("yeti") for g in keen) > sum(g.count("yeti") for g in lazy)
    with pytest.raises(ValueError, match="^policy crowd: min='x' is not a number$"):
        policy(game, "crowd:min=x")
    with pytest.raises(ValueError, match="^policy racer: no parameter 'k'; no parameters$"):
        policy(game, "racer:k=3")
    with pytest.raises(ValueError, match="^policy leader: no parameter 'p'; parameters: min$"):
        policy(game, "leader:p=3")


# --- rule settings ---------------------------------------------------------------

@pytest.mark.parametrize(("rules", "message"), [
    ({"speed": "1"}, "rule speed: not a rule of Yeti Slalom; rules: strict, hit_from, "),
    ({"strict": "maybe"}, "rule strict: 'maybe' is not true or false"),
    ({"hit_from": "7"}, "rule hit_from: 7 is not in 1-6"),
    ({"hit_from": "three"}, "rule hit_from: 'three' is not a whole number"),
    ({"snowballs": "9"}, "rule snowballs: 9 is not in 0-5"),
    ({"multipliers": "4,x"}, "rule multipliers: 'x' is not a whole number"),
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


def _total(events: str, rules: dict[str, str], spec: str = "crowd", games: int = 200) -> int:
    return sum(play(game, [policy(game, spec)] * 3, seed, rules).count(events)
               for seed in range(games))


def test_rule_settings_change_the_game() -> None:
    assert _total("hit", {"hit_from": "6"}) < _total("hit", {}) * 0.7
    assert _total("hit", {"strict": "true"}) < _total("hit", {})
    assert _total("rolled", {"yeti_cards": "0"}, "random") == 0
    assert _total("hit", {"snowballs": "0"}) < _total("hit", {"snowballs": "5"})
    flat = play(game, [policy(game, "racer")] * 3, 3, {"multipliers": "1,1,1,1"})
    usual = play(game, [policy(game, "racer")] * 3, 3)
    assert sum(flat.scores) < sum(usual.scores)


# --- exact answers -----------------------------------------------------------------

def _throw_position(card: YetiCard, column: int, snowballs: int, strict: bool) -> game.Table:
    """A captain holding ``card`` and ``snowballs`` snowball cards; one opponent's snowboarder
    on ``column`` of the card's Yeti row, nobody else on the course."""
    rules = replace(game.game_rules(), strict=strict)
    row = rules.course.yeti(card.yeti).row
    teams = rules.teams[:3]
    state = setup_state(rules, teams, positions=[(Snowboarder(teams[1], 4), (row, column))],
                        hands={teams[0]: Hand((card,), snowballs)})
    return game.Table(state, rules)


@pytest.mark.parametrize(("colour", "column", "snowballs", "strict"), [
    (Colour.GREEN, 1, 0, False), (Colour.GREEN, 3, 1, False), (Colour.RED, 2, 2, False),
    (Colour.GREEN, 2, 2, True), (Colour.RED, 4, 1, True),
])
def test_hit_chance_agrees_with_simulated_throws(colour: Colour, column: int, snowballs: int,
                                                 strict: bool) -> None:
    """The enumerated chance that a thrower who re-rolls every miss (``racer``) hits a
    snowboarder, inside the 99 % interval of 4,000 throws played through the protocol."""
    card = YetiCard("grumpy", colour)
    start = _throw_position(card, column, snowballs, strict)
    exact = game.hit_chance(start.rules, card, column, snowballs)
    thrower = policy(game, "racer")
    hits = 0
    for seed in range(4000):
        rng = random.Random(seed)
        state, events = game.apply(start, PlaceYeti(card), rng)
        while not events:
            state, events = game.apply(state, thrower.choose(state, game.legal_actions(state),
                                                             rng), rng)
        hits += "hit" in events
    assert 0 < exact < 1
    assert within_99(exact, hits, 4000), (exact, hits / 4000)


def test_hit_chance_by_hand() -> None:
    """Column 1 shows green 3: a roll of 3-6 hits; one re-roll of a miss: 1 - (2/6)²; the
    strict variant's re-roll hits only on a 3: 4/6 + 2/6 · 1/6."""
    card = YetiCard("grumpy", Colour.GREEN)
    rules = game.game_rules()
    assert game.hit_chance(rules, card, 1, 0) == pytest.approx(4 / 6)
    assert game.hit_chance(rules, card, 1, 1) == pytest.approx(1 - (2 / 6) ** 2)
    assert game.hit_chance(replace(rules, strict=True), card, 1, 1) == pytest.approx(
        4 / 6 + 2 / 6 / 6)
    assert game.hit_chance(rules, card, 5, 3) == 0
