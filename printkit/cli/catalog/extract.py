"""``printkit catalog extract``: the template of every msgid, from the sources."""

from __future__ import annotations

import argparse

from printkit.cli.common import in_project, wrote

NAME = "extract"
HELP = "write locales/printkit.pot from the sources"
DESCRIPTION = "Extract every msgid into locales/printkit.pot."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options."""


@in_project()
def run(args: argparse.Namespace) -> int:
    from printkit.tools import catalogs

    return wrote([catalogs.extract_template()])
