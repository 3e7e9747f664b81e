"""``printkit catalog compile``: .mo files beside the catalogs, for other gettext tools."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project, wrote

NAME = "compile"
HELP = "write .mo files beside the catalogs"
DESCRIPTION = ("Compile every catalog to .mo for other gettext tools (printkit itself reads "
               "the .po files).")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options."""


@in_project()
def run(args: argparse.Namespace) -> int:
    from printkit.tools import catalogs

    return wrote(catalogs.compile_locales())
