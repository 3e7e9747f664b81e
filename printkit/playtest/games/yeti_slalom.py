"""Yeti Slalom behind the playtest protocol: the engine of :mod:`printkit.games.yeti_slalom`.

The seat to move is the captain whose turn it is. A turn is the engine's own action (start,
move, place a Yeti, pass: :func:`~printkit.games.yeti_slalom.rules.legal_actions`), with one
addition the engine leaves to its caller: a Yeti's throw. Placing a Yeti card rolls the die
(from the ``rng`` given to :func:`apply`); while the captain still has a snowball card, the
same captain then decides :data:`KEEP` (the throw counts as rolled) or :data:`REROLL` (spend a
snowball card and roll again). The throw is handed to the engine once it is kept, or when no
snowball is left, so the events of a Yeti turn come together, as the engine gives them.

Events are the engine's kinds: ``started``, ``moved``, ``finished``, ``finished-late``,
``yeti``, ``rolled``, ``hit`` (a snowball throw knocked at least one snowboarder off),
``missed``, ``spared``, ``passed``, ``sideways-banned`` and ``game-over``; each turn adds
``turn_end``. :func:`turns` counts the captains' turns, :func:`rounds` the rounds begun.

Policies (``--policy NAME:param=value``), the main decision being whom to throw at:

``random``  any legal action, uniformly (re-roll or keep: a coin toss).
``racer``   the engine's :class:`~printkit.games.yeti_slalom.rules.RacerPolicy`: finish, race
            forward, throw only where two or more opponents stand and nothing else moves
            forward, start; re-roll every miss.
``crowd``   throw the Yeti card that knocks off the most opponent points on average (the
            value of every opponent snowboarder the card can reach, times the chance the first
            roll reaches it), when that is at least ``min`` points (default 2); else race as
            ``racer``. Re-rolls every miss.
``leader``  the same, counting only the snowboarders of the leading opponent (most points so
            far; a tie: the one furthest down the course), when at least ``min`` (default 1).

Rule settings (``--rule KEY=VALUE``): see :data:`RULES`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Any

from printkit.errors import RuleError
from printkit.games import yeti_slalom
from printkit.games.yeti_slalom import rules as engine
from printkit.games.yeti_slalom.course import Colour
from printkit.games.yeti_slalom.rules import PlaceYeti, Rules, YetiCard
from printkit.games.yeti_slalom.state import Deal
from printkit.playtest.games import takes_only, whole, yes_no
from printkit.playtest.policies import RandomPolicy

#: The rule keys, each with its default and a line of help.
RULES: Mapping[str, tuple[str, str]] = {
    "strict": ("false", "variant: the last roll counts, and after a re-roll only the space "
                        "whose symbol equals it is hit (true/false)"),
    "hit_from": ("", "the lowest roll that hits (1-6; default: the game's)"),
    "snowballs": ("", "snowball cards dealt to each captain (default: the game's deal)"),
    "yeti_cards": ("", "Yeti cards dealt to each captain (default: the game's deal)"),
    "multipliers": ("", "the finish spaces' multipliers, comma-separated, e.g. 4,3,2,2 "
                        "(default: the game's)"),
}


@dataclass(frozen=True)
class Keep:
    """Let the throw count as rolled."""


@dataclass(frozen=True)
class Reroll:
    """Spend a snowball card and roll the Yeti's die again."""


KEEP, REROLL = Keep(), Reroll()


@dataclass(frozen=True)
class Table:
    """The engine's position, the rules in use and a Yeti throw not yet kept."""

    game: engine.State
    rules: Rules
    #: The Yeti card being thrown and its rolls so far; None between turns.
    card: YetiCard | None = None
    rolls: tuple[int, ...] = ()

    @cached_property
    def actions(self) -> tuple[Any, ...]:
        """The legal actions, listed once per position (the policy and the check share them)."""
        if self.card is not None:
            return (KEEP, REROLL)
        return tuple(engine.legal_actions(self.game, self.rules))


# --- rules ---------------------------------------------------------------------

@cache
def game_rules() -> Rules:
    """The rules of the built-in game's data (read once)."""
    return engine.rules_from_data(yeti_slalom.GAME.load_data())


def parse_rules(settings: Mapping[str, str], players: int) -> Rules:
    """The engine's rules for ``settings`` (rule key -> text); ValueError names the key."""
    base = game_rules()
    unknown = sorted(set(settings) - set(RULES))
    if unknown:
        raise ValueError(f"rule {unknown[0]}: not a rule of Yeti Slalom; rules: "
                         f"{', '.join(RULES)}")
    given = {key: text for key, text in settings.items() if str(text).strip()}
    course = base.course
    if "hit_from" in given:
        course = replace(course, hit_from=whole("hit_from", given["hit_from"], 1, 6))
    if "multipliers" in given:
        parts = given["multipliers"].split(",")
        course = replace(course, multipliers=tuple(
            whole("multipliers", part.strip(), 1, 99) for part in parts))
    deals = dict(base.deals)
    if players in deals:
        old = deals[players]
        yetis = len(base.all_cards()) // players
        deals[players] = Deal(
            whole("yeti_cards", given["yeti_cards"], 0, yetis)
            if "yeti_cards" in given else old.yeti_cards,
            whole("snowballs", given["snowballs"], 0, base.snowballs // players)
            if "snowballs" in given else old.snowballs)
    strict = yes_no("strict", given["strict"]) if "strict" in given else False
    return replace(base, course=course, deals=deals, strict=strict)


# --- the protocol --------------------------------------------------------------

def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> Table:
    settings = parse_rules(rules, players)
    try:
        return Table(engine.deal_state(players, settings, rng), settings)
    except RuleError as error:
        raise ValueError(str(error)) from None


def to_move(state: Table) -> int:
    return state.game.current


def legal_actions(state: Table) -> Sequence[Any]:
    return state.actions


def apply(state: Table, action: Any, rng: random.Random) -> tuple[Table, Sequence[str]]:
    if state.card is not None:
        if action == REROLL:
            return _roll(state, state.card, state.rolls, rng)
        if action != KEEP:
            raise ValueError(f"a Yeti throw is being rolled: keep or reroll, not {action!r}")
        return _throw(state, state.card, state.rolls)
    if isinstance(action, PlaceYeti):
        if action not in state.actions:
            raise ValueError(f"illegal action {action!r} in turn {state.game.turn}")
        return _roll(state, action.card, (), rng)
    try:
        game, events = engine.apply(state.game, action, state.rules)
    except RuleError as error:
        raise ValueError(str(error)) from None
    return replace(state, game=game), (*(e.kind for e in events), "turn_end")


def _roll(state: Table, card: YetiCard, rolls: tuple[int, ...],
          rng: random.Random) -> tuple[Table, Sequence[str]]:
    rolls = (*rolls, rng.randint(1, 6))
    if len(rolls) - 1 >= state.game.hands[state.game.current].snowballs:
        return _throw(state, card, rolls)
    return replace(state, card=card, rolls=rolls), ()


def _throw(state: Table, card: YetiCard, rolls: tuple[int, ...]) -> tuple[Table, Sequence[str]]:
    game, events = engine.apply(state.game, PlaceYeti(card), state.rules, rolls)
    return Table(game, state.rules), (*(e.kind for e in events), "turn_end")


def is_over(state: Table) -> bool:
    return state.game.over


def scores(state: Table) -> Sequence[float]:
    return engine.totals(state.game, state.rules)


def winners(state: Table) -> Sequence[int]:
    """The captains with the most points; a tie shares the win."""
    return engine.winners(state.game, state.rules)


def turns(state: Table) -> int:
    return state.game.turn - 1


def rounds(state: Table) -> int:
    return -(-turns(state) // state.game.players)


# --- policies ------------------------------------------------------------------

def _racer_choice(state: Table, actions: Sequence[Any], rng: random.Random) -> Any:
    """The engine's racer: a kept throw once it hits, a re-roll of every miss."""
    racer = engine.RacerPolicy()
    if state.card is not None:
        again = racer.reroll(state.game, state.card, state.rolls, state.rules, rng)
        return REROLL if again else KEEP
    return racer.choose(state.game, actions, state.rules, rng)


class RacerPlay:
    """``racer``: see the module docstring."""

    def choose(self, state: Table, actions: Sequence[Any], rng: random.Random) -> Any:
        return _racer_choice(state, actions, rng)


@dataclass(frozen=True)
class Thrower:
    """``crowd`` and ``leader``: throw where the expected knocked-off points are highest."""

    leader_only: bool
    least: float

    def choose(self, state: Table, actions: Sequence[Any], rng: random.Random) -> Any:
        if state.card is not None:
            return _racer_choice(state, actions, rng)
        game, rules = state.game, state.rules
        targets = self._targets(game, rules)
        best, gain = None, 0.0
        for action in actions:
            if isinstance(action, PlaceYeti):
                value = self._gain(game, rules, action.card, targets)
                if value > gain:
                    best, gain = action, value
        if best is not None and gain >= self.least:
            return best
        return _racer_choice(state, actions, rng)

    def _targets(self, game: engine.State, rules: Rules) -> set[str]:
        others = [seat for seat in range(game.players) if seat != game.current]
        if not self.leader_only:
            return {game.teams[seat] for seat in others}
        points = engine.totals(game, rules)
        depth = {team: 0 for team in game.teams}
        for (row, _), sb in game.on_course():
            depth[sb.team] += row
        lead = max(others, key=lambda seat: (points[seat], depth[game.teams[seat]], -seat))
        return {game.teams[lead]}

    def _gain(self, game: engine.State, rules: Rules, card: YetiCard, teams: set[str]) -> float:
        row = rules.course.yeti(card.yeti).row
        gain = 0.0
        for column in range(1, rules.course.columns + 1):
            sb = game.occupant((row, column))
            if sb is not None and sb.team in teams:
                gain += sb.value * _chance(rules, card.colour, row, column)
        return gain


@cache
def _chance(rules: Rules, colour: Colour, row: int, column: int) -> float:
    return sum(column in engine.hit_spaces(rules.course, colour, row, face)
               for face in range(1, 7)) / 6


def _number(name: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"policy {name}: min={text!r} is not a number") from None


def crowd(**params: str) -> Thrower:
    takes_only("crowd", params, ("min",))
    return Thrower(leader_only=False, least=_number("crowd", params.get("min", "2")))


def leader(**params: str) -> Thrower:
    takes_only("leader", params, ("min",))
    return Thrower(leader_only=True, least=_number("leader", params.get("min", "1")))


def racer(**params: str) -> RacerPlay:
    takes_only("racer", params)
    return RacerPlay()


def random_play(**params: str) -> RandomPolicy:
    takes_only("random", params)
    return RandomPolicy()


POLICIES: Mapping[str, Callable[..., Any]] = {
    "random": random_play,
    "racer": racer,
    "crowd": crowd,
    "leader": leader,
}


# --- exact answers -------------------------------------------------------------

def hit_chance(rules: Rules, card: YetiCard, column: int, snowballs: int) -> float:
    """The exact chance a throw of ``card`` reaches ``column`` when its thrower re-rolls
    every miss while holding snowball cards (``racer``'s re-rolls), by enumerating every
    sequence of rolls through the engine's own reading of a throw."""
    course, strict = rules.course, rules.strict

    def reaches(rolls: tuple[int, ...]) -> bool:
        return column in engine.resolve_throw(course, card, rolls, strict).columns

    total = 0.0
    for length in range(1, snowballs + 2):
        for rolls in itertools.product(range(1, 7), repeat=length):
            earlier_missed = all(not reaches(rolls[:k]) for k in range(1, length))
            if earlier_missed and (reaches(rolls) or length == snowballs + 1):
                total += reaches(rolls) / 6 ** length
    return total
