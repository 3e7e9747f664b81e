"""``printkit list``: the games, their documents and the shipped locales."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project

NAME = "list"
HELP = "show games, documents and locales"
DESCRIPTION = "Show the games, their documents and the shipped locales."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options."""


@in_project()
def run(args: argparse.Namespace) -> int:
    from printkit.commands import listing

    for line in listing.listing():
        print(line)
    return 0
