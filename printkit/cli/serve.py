"""``printkit serve``: build, serve the kit page, rebuild on every save."""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.cli.common import project_folder, reported
from printkit.cli.options import add_build_options, build_options

NAME = "serve"
HELP = "build, serve the kit page, rebuild on every save"
DESCRIPTION = ("Build once, serve the kit page at http://127.0.0.1:PORT/ and watch the game "
               "(or project) folder, the catalogs and the templates: every save rebuilds what "
               "changed and every open page reloads by itself. A build error shows over the "
               "page, as the command line prints it, until a save fixes it. Ctrl-C stops.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8000, metavar="N",
                        help="serve on port N (default: 8000; 0: any free port)")
    parser.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                        help="listen on ADDR (default: 127.0.0.1, this computer only; 0.0.0.0 "
                        "lets other computers read the kit)")
    add_build_options(parser, serving=True)


@reported
def run(args: argparse.Namespace) -> int:
    """On the project (read again for every build), else printkit's own games."""
    from printkit.commands.serve import ServeOptions, serve

    found = _project(args)
    return serve(ServeOptions(build=build_options(args), out=args.out, bind=args.bind,
                              port=args.port, project=found, quiet=args.quiet))


def _project(args: argparse.Namespace) -> Path | None:
    """The game project served, checked to be one; None: printkit's own games."""
    found = project_folder(args)
    if found is None and args.game:  # a project-style game installed as a distribution
        from printkit.tools.project import installed

        game = installed("build", args.game, args.locale)
        found = game.folder if game is not None else None
    if found is not None and not (found / "game.toml").is_file():
        from printkit.tools.project import load_project

        load_project(found)  # no project there at all: its usage error now, not in the browser
    return found
