"""``printkit catalog init CODE``: a catalog for a new locale."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project, wrote

NAME = "init"
HELP = "start a catalog for a new locale"
DESCRIPTION = ("Create locales/CODE/LC_MESSAGES/printkit.po from the current sources, with "
               "the locale's plural forms.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", metavar="CODE", help="locale code, e.g. de, fr, pt-BR, zh-Hans")


@in_project()
def run(args: argparse.Namespace) -> int:
    from printkit.tools import catalogs

    return wrote([catalogs.init_locale(args.code)])
