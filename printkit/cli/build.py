"""``printkit build``: verify every worked example, then build every document of the
selected games and locales, or say that nothing changed since the last build."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from printkit.cli.common import err, in_project, progress
from printkit.cli.options import add_build_options, build_options

NAME = "build"
HELP = "build kits into the output folder"
DESCRIPTION = ("Verify every worked example, then build every document of the selected "
               "games and locales. Nothing is written if anything fails.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_build_options(parser)


def settled_build(args: argparse.Namespace, project: Path | None = None) -> int | None:
    """A build of printkit's own games, or of the game ``project``, that finds nothing
    changed since the last build into the same folder: said so without importing the
    renderers. None: build the normal way."""
    if args.force or "printkit.games" in sys.modules or args.cmyk_profile is not None:
        # a process that already loaded the games (a test) builds normally; so does a CMYK
        # build, whose profile is read and checked by the build itself
        return None
    from printkit.commands import uptodate

    project = project.resolve() if project is not None else None
    wanted = _wanted(args, project)
    if wanted is None:
        return None
    request = uptodate.Request.of(*wanted, args.paper, args.strict, args.layout,
                                  args.duplex_offset, args.ink_saver, not args.no_previews,
                                  args.printer_margin)
    done = uptodate.settled(request, args.out, project)
    if done is None:
        return None
    return _built(args, done.warnings, 0, done.documents, 0)


def _wanted(args: argparse.Namespace, project: Path | None
            ) -> tuple[list[str], list[str]] | None:
    """The games and locales the build asks for, known without loading the games; None:
    not known so (a game or locale the records cannot name)."""
    from printkit.commands import uptodate

    if project is not None:
        found = uptodate.project_game(project)
        if found is None or (args.game and list(dict.fromkeys(args.game)) != [found[0]]):
            return None
        games: list[str] | None = [found[0]]
        shipped = found[1]
    else:
        games = list(dict.fromkeys(args.game)) if args.game else uptodate.registered()
        shipped = uptodate.shipped_locales()
    locales = list(dict.fromkeys(args.locale)) if args.locale else shipped
    if games is None or any(code not in shipped for code in locales):
        return None
    return games, locales


@in_project(installable=True, shortcut=settled_build)
def run(args: argparse.Namespace) -> int:
    from printkit.commands.build import build

    result = build(build_options(args, out=args.out, force=args.force),
                   progress=progress(args))
    return _built(args, result.warnings, result.rendered, result.up_to_date,
                  len(result.written), len(result.removed))


def _built(args: argparse.Namespace, warnings: list[str], rendered: int, up_to_date: int,
           written: int, removed: int = 0) -> int:
    """A build's warnings on standard error and its one-line summary."""
    for warning in warnings:
        err(warning)
    if not args.quiet:
        gone = f"; removed {removed} file(s) no longer made" if removed else ""
        print(f"rendered {rendered} document(s), {up_to_date} up to date; wrote {written} "
              f"file(s) to {args.out}{gone}")
    return 0
