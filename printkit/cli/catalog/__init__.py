"""``printkit catalog``: the translation catalogs under locales/, one module per action."""

from __future__ import annotations

import argparse

from printkit.cli.catalog import (
    check,
    compile_mo,
    coverage,
    extract,
    init,
    review,
    spell,
    style,
    update,
)
from printkit.cli.common import Command, add_commands, named

NAME = "catalog"
HELP = "translation catalogs: extract, start, update"
DESCRIPTION = ("Keep the gettext catalogs under locales/ in step with the templates, code "
               "and game data.")

#: The actions, in the order ``printkit catalog --help`` lists them.
ACTIONS: tuple[Command, ...] = (extract, init, update, compile_mo, coverage, check, spell,
                                style, review)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_commands(parser, "action", ACTIONS)


def run(args: argparse.Namespace) -> int:
    return named(ACTIONS, args.action).run(args)
