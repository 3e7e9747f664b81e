"""``printkit preflight``: finished PDFs read back as a printer would read them."""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.cli.common import in_project, progress

NAME = "preflight"
HELP = "check finished PDFs as a printer would read them"
DESCRIPTION = ("Read finished PDFs back and report every glyph drawn as a box, font not "
               "embedded or lost bold face, text under 6 pt (7 pt on what is read during "
               "play), ink within the printer margin, line printed over line, and line end a "
               "language forbids. Exit status 1 when anything is found.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="a PDF or a folder of them (default: ./output); kit and "
                        "print-run files are left out, being the other documents merged")
    parser.add_argument("--printer-margin", type=float, default=None, metavar="MM",
                        help="how much of each paper edge the printer cannot print, in mm "
                        "(default: 6)")
    parser.add_argument("--report", type=Path, metavar="FILE",
                        help="also write the findings as an HTML page with a picture of each "
                        "spot")
    parser.add_argument("--quiet", action="store_true", help="print nothing but the findings")


@in_project()
def run(args: argparse.Namespace) -> int:
    """One line per finding, then the count; 1 if anything was found."""
    from printkit.commands.preflight import preflight
    from printkit.geometry import PRINTER_MARGIN_MM

    margin = PRINTER_MARGIN_MM if args.printer_margin is None else args.printer_margin
    done = preflight(args.paths or [Path("output")], margin, args.report,
                     progress=progress(args))
    for finding in done.findings:
        print(finding.line().removeprefix("warning: preflight: "))
    print(f"{done.checked} document(s) checked, {len(done.findings)} finding(s)")
    return 1 if done.findings else 0
