"""Coraz bliżej Święta… behind the playtest protocol, over
:mod:`printkit.games.coraz_blizej_swieta.rules`.

A turn is two steps: ``"roll"`` (the dice land), then what the player says: ``"say"`` (the
right sum; on Wigilia a winning change set when there is one, as the rules require), or
``"decline"``, offered only when the sum is below the field and would earn another die (or
Tydzień card): the player announces a wrong sum instead, which the rules punish with a lost
turn and no die; how a player keeps fewer dice. In the Tydzień variant a pawn on Wigilia
answers with a die face (``1``..``6``), no roll. Events are the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from printkit.games.coraz_blizej_swieta.rules import (
    FACES,
    MAX_CARDS,
    MAX_DICE,
    Roll,
    Rules,
    State,
    TurnKind,
    TydzienAnswer,
    WigiliaRoll,
    roll_dice,
    roll_total,
    turn_kind,
    tydzien_answers,
    winning_changes,
)
from printkit.games.coraz_blizej_swieta.rules import (
    apply as engine_apply,
)
from printkit.games.coraz_blizej_swieta.rules import initial_state as engine_state
from printkit.playtest.games import flag, number, only, settings

RULES: dict[str, tuple[str, str]] = {
    "tydzien": ("false", "variant Tydzień: one die; a Tydzień card (+7) instead of each "
                         "extra die"),
    "strict-wigilia": ("false", "variant: on Wigilia exactly three dice change, each to "
                                "another face"),
}
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class Position:
    game: State
    rules: Rules
    faces: tuple[int, ...] | None = None


def engine_rules(given: Mapping[str, str]) -> Rules:
    values = settings(given, RULES)
    return Rules(tydzien=flag(values, "tydzien"), strict_wigilia=flag(values, "strict-wigilia"))


def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> Position:
    played = engine_rules(rules)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Coraz bliżej Święta is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                         f"not {players}")
    return Position(engine_state(players, played), played)


def to_move(state: Position) -> int:
    return state.game.current


def would_earn(state: Position) -> bool:
    """Whether the rolled sum is a penalty that earns another die (or card)."""
    assert state.faces is not None
    p = state.game.player
    if state.rules.tydzien:
        return p.cards < MAX_CARDS and roll_total(state.faces, p.cards) < p.field
    if p.dice >= MAX_DICE or roll_total(state.faces, p.cards) >= min(p.field, 24):
        return False
    return turn_kind(state.game, state.rules) is TurnKind.TRACK \
        or winning_changes(state.faces, state.rules) is None


def legal_actions(state: Position) -> Sequence[Any]:
    if state.faces is None:
        if turn_kind(state.game, state.rules) is TurnKind.ANSWER:
            return tuple(FACES)
        return ("roll",)
    return ("say", "decline") if would_earn(state) else ("say",)


def apply(state: Position, action: Any, rng: random.Random) -> tuple[Position, Sequence[str]]:
    game, rules = state.game, state.rules
    if action == "roll":
        return replace(state, faces=roll_dice(game.player.dice, rng)), ()
    if isinstance(action, int):
        move: Any = TydzienAnswer(action)
    else:
        assert state.faces is not None
        faces = state.faces
        said = roll_total(faces, game.player.cards) + 1 if action == "decline" else None
        if turn_kind(game, rules) is TurnKind.WIGILIA:
            changes = winning_changes(faces, rules) if action == "say" else None
            move = WigiliaRoll(faces, changes or (), said)
        else:
            move = Roll(faces, said)
    game, events = engine_apply(game, move, rules)
    return Position(game, rules), [e.kind for e in events]


def is_over(state: Position) -> bool:
    return state.game.winner is not None


def scores(state: Position) -> Sequence[float]:
    """Each pawn's field (25 or 26 for the winner)."""
    return [p.field for p in state.game.players]


def winners(state: Position) -> Sequence[int]:
    return () if state.game.winner is None else (state.game.winner,)


def turns(state: Position) -> int:
    """Turns played; turns lost to a penalty are not counted (the engine's count)."""
    return state.game.turn


def rounds(state: Position) -> int:
    return -(-state.game.turn // len(state.game.players))


@dataclass(frozen=True)
class Keep:
    """Say the right sum, take every win; refuse dice (or cards) beyond ``n``."""

    n: int = MAX_DICE

    def choose(self, state: Position, actions: Sequence[Any], rng: random.Random) -> Any:
        if actions[0] == "roll":
            return "roll"
        if isinstance(actions[0], int):
            p = state.game.player
            return (tydzien_answers(p.cards) or (6,))[0]
        p = state.game.player
        have = p.cards if state.rules.tydzien else p.dice
        return "decline" if "decline" in actions and have >= self.n else "say"


def _honest(**params: str) -> Keep:
    only(params, ())
    return Keep()


def _keep(**params: str) -> Keep:
    only(params, ("n",))
    return Keep(int(number(params, "n", int, 5, MAX_DICE))) if params else Keep(5)


POLICIES = {"honest": _honest, "keep": _keep}
