"""``printkit catalog check``: every catalog against its locale's glossary."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project

NAME = "check"
HELP = "check every catalog against its glossary"
DESCRIPTION = ("Report every entry whose source contains a term of locales/CODE/glossary.toml "
               "and whose translation lacks the agreed term or uses a forbidden one; exit 1 if "
               "there is any.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--locale", action="append", metavar="CODE",
                        help="only this locale (repeatable)")


@in_project()
def run(args: argparse.Namespace) -> int:
    """One line per problem, then the count; 1 if there is any."""
    from printkit.tools import glossary

    found = glossary.glossary_problems(args.locale)
    for line in found:
        print(line)
    print(f"{len(found)} glossary problem(s)")
    return 1 if found else 0
