"""``printkit catalog update``: new and changed msgids merged into every catalog."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project, wrote

NAME = "update"
HELP = "merge new and changed msgids into every catalog"
DESCRIPTION = ("Re-extract the template and merge it into every catalog; changed entries "
               "are marked fuzzy and count as untranslated.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options."""


@in_project()
def run(args: argparse.Namespace) -> int:
    from printkit.tools import catalogs

    return wrote(catalogs.update_locales())
