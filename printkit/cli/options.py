"""Options more than one command takes: an output folder, and the options of ``build``,
which ``serve`` builds with too."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.geometry import (
    LAYOUTS,
    MAX_DUPLEX_OFFSET_MM,
    MAX_PRINTER_MARGIN_MM,
    PAPERS,
    PRINTER_MARGIN_MM,
)

if TYPE_CHECKING:
    from printkit.commands.build import BuildOptions


def folder(value: str) -> Path:
    """An output folder named on the command line: never empty (that would be the current
    folder, written into by surprise)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("an empty folder name; give a folder such as output")
    return Path(value)


def add_out(p: argparse.ArgumentParser) -> None:
    """``--out DIR``, by default ./output."""
    p.add_argument("--out", type=folder, default=Path("output"), metavar="DIR",
                   help="output folder (default: ./output)")


def add_build_options(p: argparse.ArgumentParser, serving: bool = False) -> None:
    """The options of ``build``, which ``serve`` builds with too."""
    verb = "serve" if serving else "build"
    p.add_argument("--game", action="append", metavar="ID",
                   help=f"{verb} only this game (repeatable; default: every game)")
    p.add_argument("--locale", action="append", metavar="CODE",
                   help=f"{verb} only this locale (repeatable; default: every shipped locale)")
    p.add_argument("--paper", default="a4", choices=sorted(PAPERS),
                   help="paper size (default: a4)")
    p.add_argument("--out", type=folder, default=None if serving else Path("output"),
                   metavar="DIR", help="output folder (default: " + (
                       "a folder of printkit's cache of its own)" if serving else "./output)"))
    p.add_argument("--strict", action="store_true",
                   help="a missing translation is an error, not a warning")
    p.add_argument("--layout", default="home", metavar="|".join(LAYOUTS),
                   help="card layout: home (butted cards, cut lines, duplex backs; default), "
                   "shop (bleed, gutters, crop marks) or fold (fronts and backs on one side, "
                   "folded)")
    p.add_argument("--duplex-offset", default="0,0", metavar="X,Y", type=offset,
                   help="move every back page X mm right and Y mm up, as measured with the "
                   f"guide's calibration page (each within ±{MAX_DUPLEX_OFFSET_MM:g} mm)")
    p.add_argument("--ink-saver", action="store_true",
                   help="no full-page tints or solid card backs: light backgrounds, outlines")
    p.add_argument("--printer-margin", default=PRINTER_MARGIN_MM, metavar="MM", type=margin,
                   help="nothing is printed within MM of the paper's edges, where the printer "
                   f"cannot print (default: {PRINTER_MARGIN_MM:g}; from 0 to "
                   f"{MAX_PRINTER_MARGIN_MM:g}, a quarter inch)")
    p.add_argument("--cmyk-profile", type=Path, metavar="FILE",
                   help="convert every PDF's colours to CMYK for the press this ICC output "
                   "profile describes, and embed it as the output intent (ask your print shop "
                   "for theirs; default: sRGB, as drawn)")
    p.add_argument("--jobs", type=int, metavar="N",
                   help="render with N processes (default: one per core); output is the "
                   "same for any N")
    if not serving:
        p.add_argument("--force", action="store_true",
                       help="render every document, even those whose inputs have not changed")
    p.add_argument("--no-previews", action="store_true",
                   help="write no PNG previews of the pages (the kit page shows links only)")
    p.add_argument("--quiet", action="store_true", help="print only errors")


def build_options(args: argparse.Namespace, **more: Any) -> BuildOptions:
    """The build the options of :func:`add_build_options` ask for (``more``: the rest)."""
    from printkit.commands.build import BuildOptions

    return BuildOptions(games=args.game, locales=args.locale, paper=args.paper,
                        strict=args.strict, layout=args.layout,
                        duplex_offset=args.duplex_offset, ink_saver=args.ink_saver,
                        printer_margin=args.printer_margin, jobs=args.jobs,
                        previews=not args.no_previews, cmyk_profile=args.cmyk_profile,
                        **more)


def offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres, each within the accepted correction."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not two numbers; give X,Y in millimetres, e.g. 1.5,-0.5") from None
    if not all(abs(v) <= MAX_DUPLEX_OFFSET_MM and v == v for v in (x, y)):
        raise argparse.ArgumentTypeError(
            f"{text!r} is more than {MAX_DUPLEX_OFFSET_MM:g} mm either way; each of X and Y "
            f"must be between -{MAX_DUPLEX_OFFSET_MM:g} and {MAX_DUPLEX_OFFSET_MM:g}")
    return (x, y)


def margin(text: str) -> float:
    """A printer margin in millimetres, within the range a build accepts."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number; give millimetres, e.g. 6 or 4.5") from None
    if not 0 <= value <= MAX_PRINTER_MARGIN_MM:  # NaN fails this too
        raise argparse.ArgumentTypeError(
            f"{text!r} is not between 0 and {MAX_PRINTER_MARGIN_MM:g} mm")
    return value


def join_negative_offset(argv: Sequence[str]) -> list[str]:
    """``--duplex-offset -1,2`` read as ``--duplex-offset=-1,2`` : ``-1,2`` looks like a flag."""
    out: list[str] = []
    it = iter(argv)
    for arg in it:
        if arg == "--duplex-offset":
            value = next(it, None)
            out.append(arg if value is None else f"{arg}={value}")
        else:
            out.append(arg)
    return out
