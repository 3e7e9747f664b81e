"""``printkit check``: replay every worked example with the rules engine; render nothing."""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.cli.common import err, in_project

NAME = "check"
HELP = "replay worked examples; render nothing"
DESCRIPTION = ("Replay every worked example with the rules engine and print one line per "
               "example.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", metavar="ID",
                        help="check only this game (repeatable)")
    parser.add_argument("--examples", type=Path, metavar="FILE",
                        help="check your own examples file instead (its format: "
                        "docs/guide/worked-examples.md)")


@in_project(installable=True)
def run(args: argparse.Namespace) -> int:
    """One line per example, then the count; 1 if any is wrong."""
    from printkit.commands.check import check, check_warnings

    lines = check(args.game, args.examples)
    for warning in check_warnings(args.game, args.examples):
        err(warning)
    for line in lines:
        print(line)
    examples = [line for line in lines if line.notice is None]
    wrong = sum(not line.ok for line in examples)
    if examples or not lines:
        print(f"{len(examples) - wrong} verified, {wrong} wrong")
    return 1 if wrong else 0
