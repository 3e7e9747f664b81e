"""The summary of a run (the dict ``summary.json`` holds and the report reads), the
comparison of two rule settings, and the per-game CSV."""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from printkit.playtest.run import Record, Setup
from printkit.playtest.stats import balance, distribution, paired_difference, wilson

#: Significant digits kept for every float written (the bytes are then the same everywhere;
#: a p-value of 1e-20 stays itself instead of rounding to 0).
DIGITS = 9


def shares(record: Record, players: int) -> list[float]:
    """Each seat's share of the win: 1/k for each of k tied winners."""
    return [1 / len(record.winners) if s in record.winners else 0.0 for s in range(players)]


def summarise(records: Sequence[Record], setup: Setup, game: str, seed: int,
              minutes_per_turn: float) -> dict[str, Any]:
    n, players = len(records), setup.players
    seat_shares = [shares(r, players) for r in records]
    wins = [math.fsum(row[s] for row in seat_shares) for s in range(players)]
    seats = []
    for s, policy in enumerate(setup.seat_policies()):
        low, high = wilson(wins[s], n)
        seats.append({"seat": s + 1, "policy": policy, "wins": wins[s],
                      "win_rate": wins[s] / n if n else 0.0, "low": low, "high": high})
    tied = sum(1 for r in records if len(r.winners) > 1)
    low, high = wilson(tied, n)
    turns = [r.turns for r in records]
    rounds = [r.rounds for r in records if r.rounds is not None]
    return {
        "game": game, "players": players, "games": n, "seed": seed,
        "policies": list(setup.seat_policies()), "rules": dict(sorted(setup.rules.items())),
        "minutes_per_turn": minutes_per_turn, "seats": seats,
        "balance": balance(wins, n),
        "length": {"turns": distribution(turns),
                   "rounds": distribution(rounds) if len(rounds) == n and n else None,
                   "minutes": distribution([t * minutes_per_turn for t in turns])},
        "scores": {"seats": [{"seat": s + 1, **_short(distribution([r.scores[s]
                                                                    for r in records]))}
                             for s in range(players)],
                   "margin": distribution([_margin(r) for r in records])},
        "ties": {"games": tied, "rate": tied / n if n else 0.0, "low": low, "high": high},
        "events": _events(records),
        "comparison": None,
    }


def _short(dist: dict[str, Any]) -> dict[str, Any]:
    return {k: dist[k] for k in ("mean", "median", "p10", "p90", "histogram")}


def _margin(record: Record) -> float:
    """Winner's score minus the best other score (0 for a tie)."""
    ordered = sorted(record.scores, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0.0


def _events(records: Sequence[Record]) -> list[dict[str, Any]]:
    names = sorted({name for r in records for name in r.events})
    n = len(records) or 1
    rows = []
    for name in names:
        total = sum(r.events.get(name, 0) for r in records)
        having = sum(1 for r in records if r.events.get(name, 0))
        rows.append({"name": name, "total": total, "per_game": total / n,
                     "games_with": having, "rate": having / n})
    return rows


def compare(a: dict[str, Any], b: dict[str, Any], records_a: Sequence[Record],
            records_b: Sequence[Record], rules_b: Mapping[str, str]) -> dict[str, Any]:
    """Run B against run A, played on the same seeds: B minus A with 95 % intervals
    (normal approximation to the per-game paired differences)."""
    players = a["players"]
    measures: list[tuple[str, list[float], list[float]]] = []
    for s in range(players):
        measures.append((f"seat {s + 1} win rate", [shares(r, players)[s] for r in records_a],
                         [shares(r, players)[s] for r in records_b]))
    measures.append(("mean turns", [r.turns for r in records_a], [r.turns for r in records_b]))
    measures.append(("tie rate", [float(len(r.winners) > 1) for r in records_a],
                     [float(len(r.winners) > 1) for r in records_b]))
    names = sorted({n for r in (*records_a, *records_b) for n in r.events})
    for name in names:
        measures.append((f"{name} per game", [r.events.get(name, 0) for r in records_a],
                         [r.events.get(name, 0) for r in records_b]))
    differences = []
    for measure, xs, ys in measures:
        diff, low, high = paired_difference(xs, ys)
        differences.append({"measure": measure, "a": _mean(xs), "b": _mean(ys),
                            "difference": diff, "low": low, "high": high})
    b = {k: v for k, v in b.items() if k != "comparison"}
    return {"rules": dict(sorted(rules_b.items())), "b": b, "differences": differences}


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def rounded(value: Any) -> Any:
    """Every float rounded to :data:`DIGITS` significant digits (whole floats stay floats)."""
    if isinstance(value, float):
        return float(format(value, f".{DIGITS}g")) + 0.0
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v) for v in value]
    return value


def to_json(summary: Mapping[str, Any]) -> bytes:
    return (json.dumps(rounded(summary), sort_keys=True, indent=1, ensure_ascii=False)
            + "\n").encode("utf-8")


def to_csv(runs: Sequence[tuple[str, Setup, Sequence[Record]]]) -> bytes:
    """One row per game of every run (``run`` A, then B)."""
    players = runs[0][1].players
    names = sorted({n for _, _, records in runs for r in records for n in r.events})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["run", "game", "seed", *(f"policy_{s + 1}" for s in range(players)),
                     *(f"score_{s + 1}" for s in range(players)), "winners", "turns", "rounds",
                     *names])
    for label, setup, records in runs:
        for r in records:
            writer.writerow([label, r.number, r.seed, *setup.seat_policies(),
                             *(_number(x) for x in r.scores),
                             " ".join(str(w + 1) for w in r.winners), r.turns,
                             "" if r.rounds is None else r.rounds,
                             *(r.events.get(n, 0) for n in names)])
    return out.getvalue().encode("utf-8")


def _number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return repr(float(format(value, f".{DIGITS}g")))
