"""What every command of the command line shares: the parser class, error reporting and
exit codes, stop signals, loading ReportLab, and the game project a command works on.

Nothing here imports ReportLab, pypdf, Jinja2 or Babel at the top: a rebuild with
nothing to do (see :mod:`printkit.commands.uptodate`) must not pay for them.
"""

from __future__ import annotations

import argparse
import functools
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, Protocol

from printkit.errors import PrintkitError, Stopped, error_lines
from printkit.resources import find_project

if TYPE_CHECKING:
    from printkit.model.game import Game

#: A command's work, or its ``run``: the parsed options in, the exit code out.
Work = Callable[[argparse.Namespace], int]
#: A way to finish without the work (the up-to-date build): its exit code, or None.
Shortcut = Callable[[argparse.Namespace, Path | None], int | None]


class Command(Protocol):
    """A command's module: its name, its help, its options and how it runs."""

    NAME: str
    HELP: str
    DESCRIPTION: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"printkit: error: {message}\n")


def add_commands(parser: argparse.ArgumentParser, dest: str,
                 commands: Sequence[Command]) -> None:
    """One subcommand of ``parser`` per command, in order, its name stored in ``dest``."""
    sub = parser.add_subparsers(dest=dest, required=True, parser_class=Parser)
    for command in commands:
        command.add_arguments(sub.add_parser(command.NAME, help=command.HELP,
                                             description=command.DESCRIPTION))


def named(commands: Sequence[Command], name: str) -> Command:
    """The command called ``name``, as the parser accepted it."""
    return next(command for command in commands if command.NAME == name)


def err(line: str) -> None:
    print(line, file=sys.stderr)


def progress(args: argparse.Namespace) -> Callable[[str], None]:
    """Where a command says how far it got: standard error, or nowhere with ``--quiet``."""
    return (lambda line: None) if args.quiet else err


def wrote(paths: Iterable[Path]) -> int:
    """Each file written, one a line."""
    for path in paths:
        print(f"wrote {path}")
    return 0


def report(exc: PrintkitError) -> int:
    for line in error_lines(exc):
        err(line)
    return exit_code(exc)


def exit_code(exc: PrintkitError) -> int:
    inner = getattr(exc, "errors", None)
    if inner:
        return max(exit_code(e) for e in inner)
    return exc.exit_code


class StopSignals:
    """SIGTERM and SIGHUP stop printkit as Ctrl-C does (see :class:`Stopped`) from
    :meth:`install` to :meth:`restore`.

    A stop is not raised while a module is being imported, nor inside a finalizer (see
    :func:`_finalizing`): it is delivered again a moment later, by an interval timer
    (SIGALRM). Code run by an import cannot be stopped
    safely: a library's ``try: import … except:`` would take the stop for a missing part,
    and Python turns what a class body's field raises into a ``RuntimeError``, so the stop
    would end as a wrong refusal or an internal error instead of exit 143."""

    #: How soon a stop held off by an import is delivered again (held off again while an
    #: import still runs).
    AGAIN_S = 0.02

    def __init__(self) -> None:
        #: The handlers replaced (and the timer's, which a held-off stop takes over).
        self._previous: dict[int, Any] = {}
        #: The stop held off by an import, until the timer delivers it again.
        self._pending: int | None = None

    def install(self) -> StopSignals:
        for name in ("SIGTERM", "SIGHUP", "SIGALRM"):
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            try:
                self._previous[signum] = signal.signal(signum, self.stop) \
                    if name != "SIGALRM" else signal.getsignal(signum)
            except ValueError:  # not the main thread (a test runner's): leave them
                pass
        return self

    def restore(self) -> None:
        """Put back the handlers replaced; a stop still held off is dropped with its
        timer."""
        if self._previous and hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
            self._pending = None
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous.clear()

    def stop(self, signum: int, frame: FrameType | None) -> None:
        """The handler: raise :class:`Stopped`, or hold the stop off during an import."""
        if hasattr(signal, "setitimer") and (_importing(frame) or _finalizing(frame)):
            self._pending = signum
            signal.signal(signal.SIGALRM, self._again)
            signal.setitimer(signal.ITIMER_REAL, self.AGAIN_S)
            return
        raise Stopped(signum)

    def _again(self, _alarm: int, _frame: FrameType | None) -> None:
        if self._pending is not None:
            signum, self._pending = self._pending, None
            signal.raise_signal(signum)  # to whichever handler is in charge now


def _finalizing(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside a finalizer (a ``__del__`` method, a weakref
    callback): Python prints what a finalizer raises as "Exception ignored" with its
    traceback and goes on, so a stop raised there would be lost, the build running on to
    exit 0."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or (code.co_name == "__call__"
                                         and code.co_filename.endswith("weakref.py")):
            return True
        frame = frame.f_back
    return False


def _importing(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside an import (its stack passes through importlib)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def load_libraries() -> None:
    """Import ReportLab with the stop signals held off until it is loaded.

    ReportLab looks for its optional parts (HarfBuzz for shaping, Pyphen for hyphenation)
    with ``try: import … except:``, a bare ``except`` that would take a stop arriving
    during the import for a missing part: the process would go on without shaping, and
    refuse to print (:func:`printkit.language.internals.require_checked_reportlab`)
    instead of stopping. Called before anything that may import ReportLab; after the
    first call, a look-up in ``sys.modules``."""
    from printkit.output import DeferredStops

    with DeferredStops():
        import reportlab.pdfbase.ttfonts  # noqa: F401 - loaded here, used elsewhere
        import reportlab.platypus.paragraph  # noqa: F401


def project_folder(args: argparse.Namespace) -> Path | None:
    """The game project of ``--project``, else the nearest at or above the current folder;
    None: printkit's own games."""
    return args.project if args.project is not None else find_project(Path.cwd())


def reported(work: Work) -> Work:
    """``work`` as a command's ``run``: ReportLab loaded first, an error it raises
    reported."""
    @functools.wraps(work)
    def run(args: argparse.Namespace) -> int:
        load_libraries()
        try:
            return work(args)
        except PrintkitError as exc:
            return report(exc)
    return run


def in_project(installable: bool = False, shortcut: Shortcut | None = None
               ) -> Callable[[Work], Work]:
    """A command's ``run`` that does its work on the selected game project, or on
    printkit's own games.

    ``installable``: a game project installed through the entry point group, chosen with
    ``--game``, is worked on as ``--project`` would be (in its own locales; see
    :func:`printkit.tools.project.installed`). ``shortcut``: tried first, before ReportLab is
    loaded."""
    def command(work: Work) -> Work:
        @functools.wraps(work)
        def run(args: argparse.Namespace) -> int:
            return _in_project(args, reported(work), installable, shortcut)
        return run
    return command


def _in_project(args: argparse.Namespace, work: Work, installable: bool,
                shortcut: Shortcut | None) -> int:
    """The shortcut's answer, else ``work`` done with the game project selected."""
    try:
        found = project_folder(args)
        done = shortcut(args, found) if shortcut is not None else None
        if done is not None:
            return done
        game = _game(args, found, installable)
        if game is None:
            return work(args)
        from printkit.tools.project import selected
    except PrintkitError as exc:
        return report(exc)
    with selected(game):
        return work(args)


def _game(args: argparse.Namespace, found: Path | None, installable: bool) -> Game | None:
    """The game project in ``found``, or the installed one ``--game`` chose alone; None:
    the registered games as they are."""
    if found is None and not installable:
        return None
    load_libraries()
    if found is None:
        from printkit.tools.project import installed

        return installed(args.command, args.game, getattr(args, "locale", None))
    from printkit.tools.project import load_project

    return load_project(found)
