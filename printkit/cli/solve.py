"""``printkit solve GAME``: a seeded solo deal, solved and proven optimal."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project

NAME = "solve"
HELP = "solve a seeded solo deal and prove it optimal"
DESCRIPTION = ("Deal the solo game from a seed, find the best chain of every round with the "
               "solver (proven optimal), and print the grids, chains and cards set aside.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help="a game with a solver, e.g. "
                        "pick-a-polar-bear")
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")


@in_project()
def run(args: argparse.Namespace) -> int:
    from printkit.commands.solve import solve

    for line in solve(args.game, args.seed):
        print(line)
    return 0
