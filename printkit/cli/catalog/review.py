"""``printkit catalog review``: a locale's review sheet, as a PDF and a CSV."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project, wrote
from printkit.cli.options import add_out

NAME = "review"
HELP = "write a review sheet (PDF and CSV) for a locale"
DESCRIPTION = ("Write OUT/review/CODE.pdf and OUT/review/CODE.csv: every entry with its "
               "source, translation, translator comment, the documents and pages that print "
               "it and its status, entries that need work first.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--locale", required=True, metavar="CODE", help="the locale to review")
    add_out(parser)


@in_project()
def run(args: argparse.Namespace) -> int:
    from printkit.tools.review import write_review

    return wrote(write_review(args.locale, args.out))
