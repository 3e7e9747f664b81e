"""``printkit new NAME``: a game project to start from, a working sample game to edit."""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.cli.common import report
from printkit.errors import PrintkitError
from printkit.tools.scaffold import STARTERS

NAME = "new"
HELP = "start a game project: a working sample game to edit"
DESCRIPTION = ("Write a new game project folder NAME from a starter, a small playable game "
               "of the kind --template names: game.toml and its data, a rules engine "
               "(rules.py) with worked examples, a rulebook template, tests/ with an "
               "example test (pytest) and a README saying what to edit. The dice starter "
               "(the default) also has a German sample translation.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", metavar="NAME", help="the folder to create, e.g. my-game")
    parser.add_argument("--dir", type=Path, default=Path("."), metavar="PARENT",
                        help="create it in PARENT (default: the current folder)")
    parser.add_argument("--template", choices=STARTERS, default=STARTERS[0],
                        help="the kind of game to start from: a dice race on a track "
                             "(default), a card game, a board game, a roll-and-write "
                             "score sheet game")


def run(args: argparse.Namespace) -> int:
    """Written without ReportLab, and without a game project: it makes one."""
    try:
        from printkit.tools.scaffold import new_project

        folder = new_project(args.name, args.dir, args.template)
    except PrintkitError as exc:
        return report(exc)
    print(f"wrote {folder}: cd into it, then run `printkit check` and "
          f"`printkit build` (see its README.md)")
    return 0
