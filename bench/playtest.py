"""Benchmark of the playtest lab: 10,000 games of each built-in game at 3 players on two
processes (target: under 60 s a game on two cores). Run by hand, not by the test suite:

    python -m bench.playtest [--games K] [--jobs N] [GAME ...]

Prints the seconds each game took (the games, their statistics and the English report);
a game whose adapter is not there yet is said so.
"""

from __future__ import annotations

import argparse
import importlib
import tempfile
import time
from pathlib import Path

from printkit.commands.playtest import PlaytestOptions, playtest
from printkit.playtest.registry import ADAPTERS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(ADAPTERS))
    parser.add_argument("--games", dest="count", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    for game in args.games:
        try:
            importlib.import_module(ADAPTERS[game])
        except ImportError:
            print(f"{game}: no playtest adapter yet")
            continue
        with tempfile.TemporaryDirectory() as out:
            started = time.perf_counter()
            options = PlaytestOptions(game=game, players=(3,), games=args.count,
                                      jobs=args.jobs, out=Path(out), locales=("en",))
            playtest(options)
            took = time.perf_counter() - started
        print(f"{game}: {args.count} games at 3 players, --jobs {args.jobs}: {took:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
