"""``printkit catalog style``: every catalog against its language's style sheet."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project

NAME = "style"
HELP = "list the translations that break their language's style sheet"
DESCRIPTION = ("Check every translation (English: every msgid) against the rules of "
               "locales/CODE/style/*.toml: general.toml for every text of the language, "
               "GAME.toml for the entries of that game's templates and code (one term for "
               "each of the game's actions, the errors ruled out). List each entry that "
               "breaks a rule with the rule's reason, and exit 1 if there is any.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--locale", action="append", metavar="CODE",
                        help="only this locale (repeatable)")


@in_project()
def run(args: argparse.Namespace) -> int:
    """One line per entry and rule broken, then a count per locale."""
    from printkit.tools import style

    checked = style.style_problems(args.locale)
    for _sheet, found in checked.values():
        for breach in found:
            print(breach.line())
    for code, (sheet, found) in checked.items():
        print(f"locale {code}: {len(sheet)} rules, {len(found)} broken")
    return 1 if any(found for _sheet, found in checked.values()) else 0
