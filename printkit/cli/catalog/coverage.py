"""``printkit catalog coverage``: how much of each locale and game is translated."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project

NAME = "coverage"
HELP = "report translation coverage per locale and game"
DESCRIPTION = ("Count translated entries per locale and game; fuzzy entries, empty plural "
               "forms and entries the checks reject count as untranslated.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--locale", action="append", metavar="CODE",
                        help="only this locale (repeatable)")
    parser.add_argument("--fail-under", type=float, metavar="PERCENT",
                        help="exit 1 if any game of any locale is below this coverage")
    parser.add_argument("--missing", action="store_true",
                        help="list every untranslated, fuzzy, partly filled or rejected "
                        "entry, with the reason, and the totals per locale")


@in_project()
def run(args: argparse.Namespace) -> int:
    """One row per locale and game; 1 if any is under ``--fail-under``."""
    from printkit.tools.coverage import coverage

    rows = coverage(args.locale)
    if args.missing:
        return _missing(args.locale, rows)
    for row in rows:
        print(row)
    low = [r for r in rows if args.fail_under is not None and r.percent < args.fail_under]
    return 1 if low else 0


def _missing(locales: list[str] | None, rows: list) -> int:  # type: ignore[type-arg]
    """``--missing``: what is left to translate, with why, and totals."""
    from printkit.tools.coverage import entry_count, gaps

    found = gaps(locales)
    for gap in found:
        print(gap)
    for code in dict.fromkeys(r.locale for r in rows):
        total = entry_count(code)
        left = sum(g.locale == code for g in found)
        print(f"{code}: {left} of {total} entries to do")
    return 0
