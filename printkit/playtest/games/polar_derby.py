"""Polar Derby behind the playtest protocol, over :mod:`printkit.games.polar_derby.rules`.

A position holds the engine's state and, between a roll and its take, the roll and its
legal takes. Actions: ``"roll"``, ``"stop"`` (after a successful take) and, right after a
roll with more than one legal take, the engine's ``Take`` objects. A roll with no take (a
bust, a double Free Skate) or exactly one is applied at once. Events are the engine's.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.examples import Event
from printkit.games.polar_derby.rules import (
    CautiousPolicy,
    Phase,
    RollKind,
    Rules,
    State,
    Take,
    apply_roll,
    legal_takes,
    read_roll,
    roll_dice,
    rules_from_data,
    stop,
)
from printkit.games.polar_derby.rules import initial_state as engine_state
from printkit.games.polar_derby.rules import scores as engine_scores
from printkit.games.polar_derby.rules import winners as engine_winners
from printkit.playtest.games import flag, number, only, settings

RULES: dict[str, tuple[str, str]] = {
    "no-risk": ("false", "variant: a pulled bear is secured at once; a bust only ends the turn"),
    "younger": ("false", "variant for younger players: every bear is worth 1"),
}


@dataclass(frozen=True)
class Position:
    game: State
    rules: Rules
    roll: tuple[str, str] | None = None
    takes: tuple[Take, ...] = ()
    #: Bears taken so far this turn (in the no-risk variant they are secured at once, so
    #: the engine's pulled bears do not count them).
    taken: int = 0


@functools.cache
def _data() -> Mapping[str, Any]:
    from printkit import games

    return games.get("polar-derby").load_data()


def engine_rules(given: Mapping[str, str]) -> Rules:
    values = settings(given, RULES)
    return rules_from_data(_data(), younger=flag(values, "younger"),
                           no_risk=flag(values, "no-risk"))


def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> Position:
    played = engine_rules(rules)
    if not played.min_players <= players <= played.max_players:
        raise ValueError(f"Polar Derby is for {played.min_players}-{played.max_players} "
                         f"players, not {players}")
    return Position(engine_state(players, played), played)


def to_move(state: Position) -> int:
    return state.game.current


def legal_actions(state: Position) -> Sequence[Any]:
    if state.roll is not None:
        return state.takes
    return ("roll", "stop") if state.game.phase is Phase.CHOOSE else ("roll",)


def apply(state: Position, action: Any, rng: random.Random) -> tuple[Position, Sequence[str]]:
    game, rules = state.game, state.rules
    if action == "stop":
        game, events = stop(game, rules)
    elif action == "roll":
        roll = roll_dice(rules, rng)
        takes = legal_takes(game, roll, rules)
        if len(takes) > 1:
            return Position(game, rules, roll, tuple(takes), state.taken), ()
        take = takes[0] if takes else None
        game, events = apply_roll(game, roll, take, rules)
        return _after(state, game, take, events)
    else:
        assert state.roll is not None
        game, events = apply_roll(game, state.roll, action, rules)
        return _after(state, game, action, events)
    return Position(game, rules), [e.kind for e in events]


def _after(state: Position, game: State, take: Take | None,
           events: Sequence[Event]) -> tuple[Position, Sequence[str]]:
    """The position after a roll: bears taken this turn counted on while the turn goes on."""
    going = game.phase is Phase.CHOOSE and take is not None
    taken = state.taken + take.bears if going and take is not None else 0
    return Position(game, state.rules, taken=taken), [e.kind for e in events]


def is_over(state: Position) -> bool:
    return state.game.over


def scores(state: Position) -> Sequence[float]:
    return engine_scores(state.game, state.rules)


def winners(state: Position) -> Sequence[int]:
    return engine_winners(state.game, state.rules)


def turns(state: Position) -> int:
    """The engine's turn count (a double Free Skate's fresh turn counts as one)."""
    return state.game.turn


def rounds(state: Position) -> int:
    return -(-state.game.turn // state.game.players)


@functools.lru_cache(maxsize=1 << 16)
def bust_chance(game: State, rules: Rules) -> float:
    """The exact chance that the next roll busts, over the dice's equally likely faces."""
    faces = rules.faces
    busts = sum(1 for a in faces for b in faces
                if read_roll((a, b), rules).kind is not RollKind.DOUBLE_FREE_SKATE
                and not legal_takes(game, (a, b), rules))
    return busts / len(faces) ** 2


def _best(state: Position, actions: Sequence[Any], rng: random.Random) -> Any:
    """The take worth most (the middle first), by the engine's cautious player."""
    return CautiousPolicy().choose(state.game, actions, state.rules, rng)


@dataclass(frozen=True)
class StopAfter:
    """Take the most points; stop once ``k`` bears are pulled this turn."""

    k: int = 3

    def choose(self, state: Position, actions: Sequence[Any], rng: random.Random) -> Any:
        if state.roll is not None:
            return _best(state, actions, rng)
        if "stop" in actions and (state.taken >= self.k or not state.game.middle.total):
            return "stop"
        return "roll"


@dataclass(frozen=True)
class Push:
    """Take the most points; roll again while the next roll's bust chance is under ``p``."""

    p: float = 0.3

    def choose(self, state: Position, actions: Sequence[Any], rng: random.Random) -> Any:
        if state.roll is not None:
            return _best(state, actions, rng)
        if "stop" in actions and bust_chance(state.game, state.rules) >= self.p:
            return "stop"
        return "roll"


@dataclass(frozen=True)
class Cautious:
    """The engine's cautious player: stop with ``enough`` colours pulled this turn."""

    enough: int = 2

    def choose(self, state: Position, actions: Sequence[Any], rng: random.Random) -> Any:
        policy = CautiousPolicy(self.enough)
        if state.roll is not None:
            return policy.choose(state.game, actions, state.rules, rng)
        go = "stop" not in actions or policy.roll_again(state.game, state.rules, rng)
        return "roll" if go else "stop"


def _stop_after(**params: str) -> StopAfter:
    only(params, ("k",))
    return StopAfter(int(number(params, "k", int, 1, 25))) if params else StopAfter()


def _push(**params: str) -> Push:
    only(params, ("p",))
    return Push(number(params, "p", float, 0.0, 1.0)) if params else Push()


def _cautious(**params: str) -> Cautious:
    only(params, ("enough",))
    return Cautious(int(number(params, "enough", int, 1, 5))) if params else Cautious()


POLICIES = {"stop-after": _stop_after, "push": _push, "cautious": _cautious}

__all__ = ["POLICIES", "RULES", "apply", "bust_chance", "initial_state", "is_over",
           "legal_actions", "rounds", "scores", "to_move", "turns", "winners"]
