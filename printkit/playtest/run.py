"""The runner: K games of one game at one player count, seeded per game so the results do
not depend on how many processes play them.

Game ``i`` (from 1) is played with ``random.Random(f"{seed}:{i}")``; seat ``s`` plays the
``s``-th policy of the list, cycled. With ``jobs`` > 1 the games are played in chunks by a
pool of spawned processes and merged back in game order.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from printkit.errors import UsageError
from printkit.playtest import policies, registry

#: A game still going after this many actions stops the run (a policy that cannot finish).
MAX_ACTIONS = 200_000
#: Games a worker plays at a time; progress is told after each chunk.
CHUNK = 250


@dataclass(frozen=True)
class Setup:
    """One run: which rules, how many players, which policies and rule settings."""

    source: str
    players: int
    policies: tuple[str, ...]
    rules: Mapping[str, str] = field(default_factory=dict)

    def seat_policies(self) -> tuple[str, ...]:
        return tuple(self.policies[s % len(self.policies)] for s in range(self.players))


@dataclass(frozen=True)
class Record:
    """One game played: what the CSV and the summary read."""

    number: int
    seed: str
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    turns: int
    rounds: int | None
    events: Mapping[str, int]


def seed_of(seed: int, number: int) -> str:
    return f"{seed}:{number}"


def play(setup: Setup, seed: str) -> Record:
    """One game from the seed string; raises UsageError if it does not end."""
    module = registry.load(setup.source)
    rng = random.Random(seed)
    choosers = [policies.chooser(policies.make(module, p)) for p in setup.seat_policies()]
    state = module.initial_state(setup.players, rng, dict(setup.rules))
    events: Counter[str] = Counter()
    for _ in range(MAX_ACTIONS):
        if module.is_over(state):
            break
        actions = module.legal_actions(state)
        action = choosers[module.to_move(state)](state, actions, rng)
        state, happened = module.apply(state, action, rng)
        events.update(happened)
    else:
        raise UsageError(f"game {seed} did not end in {MAX_ACTIONS} actions with policies "
                         f"{', '.join(setup.seat_policies())}: a policy that never finishes?")
    turns = module.turns(state) if hasattr(module, "turns") else events["turn_end"]
    rounds = module.rounds(state) if hasattr(module, "rounds") else None
    return Record(number=int(seed.rsplit(":", 1)[1]), seed=seed,
                  scores=tuple(float(s) for s in module.scores(state)),
                  winners=tuple(sorted(int(w) for w in module.winners(state))),
                  turns=int(turns), rounds=None if rounds is None else int(rounds),
                  events=dict(sorted(events.items())))


def _chunk(setup: Setup, seeds: Sequence[str]) -> list[Record]:
    if not setup.source.endswith(".py"):
        return [play(setup, seed) for seed in seeds]
    records = []
    for seed in seeds:  # a project's rules: an error in them is one line naming the game
        try:
            records.append(play(setup, seed))
        except UsageError:
            raise
        except Exception as exc:  # noqa: BLE001 - any error in a designer's file
            raise UsageError(f"{setup.source}: game {seed}: {type(exc).__name__}: {exc} "
                             f"(while playing)") from None
    return records


def run(setup: Setup, games: int, seed: int, jobs: int = 1,
        progress: Callable[[str], None] = lambda line: None) -> list[Record]:
    """Play ``games`` games; the records in game order, the same for any ``jobs``."""
    seeds = [seed_of(seed, i) for i in range(1, games + 1)]
    chunks = [seeds[i:i + CHUNK] for i in range(0, games, CHUNK)]
    records: list[Record] = []
    if jobs <= 1 or len(chunks) <= 1:
        for part in chunks:
            records.extend(_chunk(setup, part))
            _told(progress, len(records), games, setup)
        return records
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        for part in pool.map(_chunk, [setup] * len(chunks), chunks):
            records.extend(part)
            _told(progress, len(records), games, setup)
    return records


def _told(progress: Callable[[str], None], done: int, games: int, setup: Setup) -> None:
    if games >= 2 * CHUNK:
        progress(f"[{done}/{games}] games at {setup.players} players")
