"""``printkit catalog spell``: every catalog's words against its language's dictionary."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project

NAME = "spell"
HELP = "list the words of each catalog no dictionary knows"
DESCRIPTION = ("Spell every translation (English: every msgid) with the language's Hunspell "
               "dictionary and the word lists (locales/words.txt, locales/CODE/words.txt, "
               "each game's words.txt); list each entry with the words neither knows, and "
               "exit 1 if there is any. A locale without a dictionary is named, with the "
               "package to install.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--locale", action="append", metavar="CODE",
                        help="only this locale (repeatable)")


@in_project()
def run(args: argparse.Namespace) -> int:
    """One line per entry with unknown words or locale not spelt, then a count per locale."""
    from printkit.tools import spelling

    spelt = spelling.spelling_problems(args.locale)
    for catalog in spelt:
        for line in catalog.lines():
            print(line)
    for catalog in spelt:
        print(catalog.summary())
    return 1 if any(catalog.entries for catalog in spelt) else 0
