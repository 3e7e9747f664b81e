"""A tiny runner for the tests of the games behind the playtest protocol: it plays a game
through the protocol's functions only and checks every step on the way."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Played:
    """One game played to its end: what the tests look at."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    events: tuple[str, ...]
    steps: int
    turns: int
    rounds: int

    def count(self, kind: str) -> int:
        return Counter(self.events)[kind]


def policy(game: ModuleType, spec: str) -> Any:
    """``NAME:param=value,...`` -> a policy of ``game``."""
    name, _, params = spec.partition(":")
    kwargs = dict(part.split("=", 1) for part in params.split(",") if part)
    return game.POLICIES[name](**kwargs)


def play(game: ModuleType, seats: Sequence[Any], seed: int,
         rules: Mapping[str, str] | None = None, max_steps: int = 100_000) -> Played:
    """Play one game with ``seats[i]`` choosing for seat i, checking the protocol as it goes."""
    rng = random.Random(seed)
    state = game.initial_state(len(seats), rng, dict(rules or {}))
    events: list[str] = []
    steps = 0
    while not game.is_over(state):
        assert steps < max_steps, f"seed {seed}: no end after {max_steps} steps"
        seat = game.to_move(state)
        assert 0 <= seat < len(seats)
        actions = list(game.legal_actions(state))
        assert actions, f"seed {seed}: no legal action in an unfinished game"
        action = seats[seat].choose(state, actions, rng)
        assert action in actions, f"seed {seed}: {action!r} is not a legal action"
        state, happened = game.apply(state, action, rng)
        assert all(isinstance(kind, str) for kind in happened)
        events.extend(happened)
        steps += 1
    scores = tuple(game.scores(state))
    winners = tuple(game.winners(state))
    assert len(scores) == len(seats)
    assert winners == tuple(i for i, s in enumerate(scores) if s == max(scores)), \
        f"seed {seed}: winners {winners} for scores {scores}"
    return Played(scores, winners, tuple(events), steps, game.turns(state), game.rounds(state))


def win_share(games: Sequence[Played], seat_of: Sequence[int]) -> float:
    """The share of wins of the seat ``seat_of[g]`` in game g (a tie of k shares 1/k)."""
    return sum((seat in g.winners) / len(g.winners)
               for g, seat in zip(games, seat_of, strict=True)) / len(games)


def within_99(exact: float, hits: int, trials: int) -> bool:
    """Is ``exact`` inside the 99 % interval (Wilson) of ``hits`` in ``trials``?"""
    z = 2.5758
    share = hits / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) \
        / (1 + z * z / trials)
    return centre - half <= exact <= centre + half
