"""Benchmark of the solo solver over seeded deals (not a test: it asserts nothing about time).

    python -m printkit.games.pick_a_polar_bear.bench_solver [--seeds N] [--first S]

Deals ``N`` solo games (three rounds each) with :func:`.solver.solo_game`,
solves every round and prints the time per round (median, 90th and 99th
percentile, slowest), the search nodes and the slowest deals.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

from printkit.schema import read_toml, validate

from .data import SCHEMA
from .solver import greedy_chain, solo_game, solve

GAME_TOML = Path(__file__).with_name("game.toml")


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(seeds: range) -> list[str]:
    data = validate(read_toml(GAME_TOML), SCHEMA, "game.toml")
    rows = []
    for seed in seeds:
        for number, grid in enumerate(solo_game(data, seed), 1):
            start = time.perf_counter()
            best = solve(grid)
            took = time.perf_counter() - start
            rows.append((took, seed, number, best.nodes, best.leftover,
                         greedy_chain(grid).leftover, best.optimal))
    times = [r[0] for r in rows]
    nodes = [r[3] for r in rows]
    out = [f"{len(rows)} rounds ({len(seeds)} seeds), every one proven optimal: "
           f"{all(r[6] for r in rows)}",
           f"time per round: median {percentile(times, 0.5) * 1000:.1f} ms, "
           f"p90 {percentile(times, 0.9) * 1000:.1f} ms, p99 {percentile(times, 0.99) * 1000:.1f} "
           f"ms, max {max(times) * 1000:.1f} ms, total {sum(times):.2f} s",
           f"search nodes: median {percentile(nodes, 0.5):.0f}, p99 {percentile(nodes, 0.99):.0f}, "
           f"max {max(nodes)}",
           f"cards set aside: mean {sum(r[4] for r in rows) / len(rows):.2f} (greedy "
           f"{sum(r[5] for r in rows) / len(rows):.2f})",
           "slowest rounds (seed, round, ms, nodes, set aside):"]
    for took, seed, number, count, leftover, _, _ in sorted(rows, reverse=True)[:5]:
        out.append(f"  {seed} {number} {took * 1000:.1f} {count} {leftover}")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    print("\n".join(run(range(args.first, args.first + args.seeds))))


if __name__ == "__main__":
    main()
