"""One exception root for printkit.

Every error a user can cause is a :class:`PrintkitError` whose ``str`` is a
single line naming what is wrong and where (file, key path, locale or
example). The command line prints those lines (:func:`error_lines`, which
``printkit serve`` shows in the browser too) and maps the kind of error to an
exit code, so nothing below the CLI ever calls ``sys.exit``.
"""

from __future__ import annotations

from collections.abc import Iterable


class PrintkitError(Exception):
    """Root of every error printkit reports to a user."""

    #: Exit code the command line uses for this kind of error.
    exit_code = 2

    def lines(self) -> list[str]:
        """The one-line messages this error stands for."""
        return [str(self)]


class UsageError(PrintkitError):
    """A bad option or argument: unknown game, unknown locale, bad paper."""

    exit_code = 2


class DataError(PrintkitError):
    """One problem in a data file, at a key path, with what would be valid."""

    exit_code = 2

    def __init__(self, file: str, key: str, message: str) -> None:
        self.file = file
        self.key = key
        self.message = message
        where = f"{file}: {key}" if key else file
        super().__init__(f"{where}: {message}")


class DataErrors(PrintkitError):
    """Every problem found while loading data, reported together."""

    exit_code = 2

    def __init__(self, errors: Iterable[DataError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    def lines(self) -> list[str]:
        return [str(e) for e in self.errors]


class RuleError(PrintkitError):
    """An action the rules do not allow, with the reason."""

    exit_code = 1


class ExampleError(PrintkitError):
    """A worked example whose expected result is not what the rules compute."""

    exit_code = 1


class TranslationError(PrintkitError):
    """A catalog problem: missing string under --strict, bad placeholder, bad markup."""

    exit_code = 1


class TemplateError(PrintkitError):
    """A template that failed to render: names the template file and line."""

    exit_code = 1


class TranslationErrors(TranslationError):
    """Every rejected entry of a catalog, reported together."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.messages = list(lines)
        super().__init__("\n".join(self.messages))

    def lines(self) -> list[str]:
        return list(self.messages)


class GlyphError(PrintkitError):
    """Text that the embedded fonts cannot print."""

    exit_code = 1


class FitError(PrintkitError):
    """Text that does not fit its box even at the smallest allowed size."""

    exit_code = 1


class PreflightError(PrintkitError):
    """A finished page that the preflight found wrong, in a ``--strict`` build: the
    finding's line, naming the document, the page and the text."""

    exit_code = 1


class OutputError(PrintkitError):
    """The output could not be written (a read-only folder, a full disk, a lock held).

    Nothing was changed: the write is undone before this is raised.
    """

    exit_code = 1


class LibraryError(PrintkitError):
    """An installed library printkit must not work with: a ReportLab outside the versions
    printkit's reliances on its internals were checked with, or one that fails their
    probes (see :mod:`printkit.language.internals`). Refused before anything is built or
    written, as a machine fault: a printed kit could come out wrong without a word."""

    exit_code = 1


class BuildError(PrintkitError):
    """A build that failed; wraps every error of every document."""

    exit_code = 1

    def __init__(self, errors: Iterable[PrintkitError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    def lines(self) -> list[str]:
        out: list[str] = []
        for e in self.errors:
            out.extend(e.lines())
        return out


class Stopped(KeyboardInterrupt):
    """A stop signal (SIGTERM from ``kill``, systemd, Docker or CI; SIGHUP from a closed
    terminal), handled like Ctrl-C: workers stopped, staged files removed, the lock
    released; the exit code is 128 plus the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum



class WorkerError(PrintkitError):
    """A build's worker process that ended before its task did (killed for want of memory,
    a crash in a library): the build stops, every other worker with it, and nothing is
    written."""

    exit_code = 1


def error_lines(exc: BaseException) -> list[str]:
    """What the command line prints for an error a command raised: one line per problem,
    each naming the file (and key or line) where it knows them. ``printkit serve`` shows
    the same lines in the browser."""
    if isinstance(exc, PrintkitError):
        return [f"printkit: error: {line}" for line in exc.lines()]
    if isinstance(exc, RecursionError):
        return ["printkit: error: the input is nested too deeply to read"]
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        return [f"printkit: error: {where}{exc.strerror or exc}"]
    return [f"printkit: internal error: {type(exc).__name__}: {exc} (this is a bug in "
            f"printkit: run again with --debug for the traceback, and report it)"]
