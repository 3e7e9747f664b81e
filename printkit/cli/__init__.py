"""The command line: parses options, runs a command, maps errors to exit codes.

One module per command (:mod:`printkit.cli.build`, :mod:`printkit.cli.check`, …), each
with its ``NAME``, ``HELP`` and ``DESCRIPTION``, ``add_arguments(parser)`` and
``run(args) -> int``; what they share is in :mod:`printkit.cli.common` and
:mod:`printkit.cli.options`. The commands import their work when they run: a rebuild
with nothing to do (see :mod:`printkit.commands.uptodate`) must not pay for importing ReportLab,
pypdf, Jinja2 and Babel.

Exit codes: 0 success; 1 a failed build or a wrong example; 2 bad usage or
bad data.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from printkit import __version__
from printkit.cli import (
    build,
    catalog,
    check,
    export,
    listing,
    new,
    playtest,
    preflight,
    serve,
    solve,
)
from printkit.cli.common import (
    Command,
    Parser,
    StopSignals,
    add_commands,
    err,
    named,
)
from printkit.cli.options import join_negative_offset
from printkit.errors import Stopped, error_lines

__all__ = ["COMMANDS", "main", "parser"]

#: The commands, in the order ``printkit --help`` lists them.
COMMANDS: tuple[Command, ...] = (new, build, serve, check, preflight, listing, solve, playtest,
                                 export, catalog)


def parser() -> argparse.ArgumentParser:
    top = Parser(prog="printkit", description="Build verified, localised, print-ready "
                 "tabletop game kits.")
    top.add_argument("--version", action="version", version=f"printkit {__version__}")
    top.add_argument("--debug", action="store_true",
                     help="show the Python traceback of an unexpected error (for developers)")
    top.add_argument("--project", type=Path, metavar="DIR",
                     help="work on the game project in DIR (a folder with a game.toml); "
                     "default: the nearest such folder at or above the current one, else "
                     "printkit's own games")
    add_commands(top, "command", COMMANDS)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every failure is one line on standard error and an exit code.

    0 success; 1 a failed build, a wrong example or a machine fault (a full
    disk, a read-only folder); 2 bad usage or bad data; 130 interrupted.
    """
    args = parser().parse_args(join_negative_offset(sys.argv[1:] if argv is None else argv))
    stops = StopSignals().install()
    try:
        return named(COMMANDS, args.command).run(args)
    except Stopped as stop:
        err(f"printkit: stopped by {signal.Signals(stop.signum).name}; nothing was written")
        return 128 + stop.signum
    except KeyboardInterrupt:
        err("printkit: interrupted; nothing was written")
        return 130
    except BrokenPipeError:
        # The reader went away (`printkit check | head`): stop quietly, as Unix tools do.
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - flushed at exit, not by us
        return 1
    except Exception as exc:  # a bug in printkit: one line, the traceback on request
        if args.debug:
            raise
        for line in error_lines(exc):
            err(line)
        return 2 if isinstance(exc, RecursionError) else 1
    finally:
        stops.restore()
