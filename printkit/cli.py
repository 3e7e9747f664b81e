"""The command line: parses options, calls a command function, maps errors to exit codes.

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
from typing import Any

from printkit import __version__
from printkit.errors import PrintkitError, Stopped, error_lines
from printkit.layout.geometry import (
    LAYOUTS,
    MAX_DUPLEX_OFFSET_MM,
    MAX_PRINTER_MARGIN_MM,
    PAPERS,
    PRINTER_MARGIN_MM,
)
from printkit.resources import find_project

# The commands are imported when they run: a rebuild with nothing to do (see
# printkit.uptodate) must not pay for importing ReportLab, pypdf, Jinja2 and Babel.

class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"printkit: error: {message}\n")




def _folder(value: str) -> Path:
    """An output folder named on the command line: never empty (that would be the current
    folder, written into by surprise)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("an empty folder name; give a folder such as output")
    return Path(value)


def _build_options(p: argparse.ArgumentParser, serving: bool = False) -> None:
    """The options of ``build``, which ``serve`` builds with too."""
    verb = "serve" if serving else "build"
    p.add_argument("--game", action="append", metavar="ID",
                   help=f"{verb} only this game (repeatable; default: every game)")
    p.add_argument("--locale", action="append", metavar="CODE",
                   help=f"{verb} only this locale (repeatable; default: every shipped locale)")
    p.add_argument("--paper", default="a4", choices=sorted(PAPERS),
                   help="paper size (default: a4)")
    p.add_argument("--out", type=_folder, default=None if serving else Path("output"),
                   metavar="DIR", help="output folder (default: " + (
                       "a folder of printkit's cache of its own)" if serving else "./output)"))
    p.add_argument("--strict", action="store_true",
                   help="a missing translation is an error, not a warning")
    p.add_argument("--layout", default="home", metavar="|".join(LAYOUTS),
                   help="card layout: home (butted cards, cut lines, duplex backs; default), "
                   "shop (bleed, gutters, crop marks) or fold (fronts and backs on one side, "
                   "folded)")
    p.add_argument("--duplex-offset", default="0,0", metavar="X,Y", type=_offset,
                   help="move every back page X mm right and Y mm up, as measured with the "
                   f"guide's calibration page (each within ±{MAX_DUPLEX_OFFSET_MM:g} mm)")
    p.add_argument("--ink-saver", action="store_true",
                   help="no full-page tints or solid card backs: light backgrounds, outlines")
    p.add_argument("--printer-margin", default=PRINTER_MARGIN_MM, metavar="MM", type=_margin,
                   help="nothing is printed within MM of the paper's edges, where the printer "
                   f"cannot print (default: {PRINTER_MARGIN_MM:g}; from 0 to "
                   f"{MAX_PRINTER_MARGIN_MM:g}, a quarter inch)")
    p.add_argument("--jobs", type=int, metavar="N",
                   help="render with N processes (default: one per core); output is the "
                   "same for any N")
    if not serving:
        p.add_argument("--force", action="store_true",
                       help="render every document, even those whose inputs have not changed")
    p.add_argument("--no-previews", action="store_true",
                   help="write no PNG previews of the pages (the kit page shows links only)")
    p.add_argument("--quiet", action="store_true", help="print only errors")


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="printkit", description="Build verified, localised, print-ready "
                  "tabletop game kits.")
    top.add_argument("--version", action="version", version=f"printkit {__version__}")
    top.add_argument("--debug", action="store_true",
                     help="show the Python traceback of an unexpected error (for developers)")
    top.add_argument("--project", type=Path, metavar="DIR",
                     help="work on the game project in DIR (a folder with a game.toml); "
                     "default: the nearest such folder at or above the current one, else "
                     "printkit's own games")
    sub = top.add_subparsers(dest="command", required=True, parser_class=_Parser)

    n = sub.add_parser("new", help="start a game project: a working sample game to edit",
                       description="Write a new game project folder NAME: game.toml with a "
                       "card deck, a score sheet and a track, cards.csv, a rules engine "
                       "(rules.py) with worked examples, a rulebook template, a German "
                       "sample translation and a README saying what to edit.")
    n.add_argument("name", metavar="NAME", help="the folder to create, e.g. my-game")
    n.add_argument("--dir", type=Path, default=Path("."), metavar="PARENT",
                   help="create it in PARENT (default: the current folder)")

    b = sub.add_parser("build", help="build kits into the output folder",
                       description="Verify every worked example, then build every document "
                       "of the selected games and locales. Nothing is written if anything "
                       "fails.")
    _build_options(b)

    srv = sub.add_parser("serve", help="build, serve the kit page, rebuild on every save",
                         description="Build once, serve the kit page at http://127.0.0.1:PORT/ "
                         "and watch the game (or project) folder, the catalogs and the "
                         "templates: every save rebuilds what changed and every open page "
                         "reloads by itself. A build error shows over the page, as the "
                         "command line prints it, until a save fixes it. Ctrl-C stops.")
    srv.add_argument("--port", type=int, default=8000, metavar="N",
                     help="serve on port N (default: 8000; 0: any free port)")
    srv.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                     help="listen on ADDR (default: 127.0.0.1, this computer only; 0.0.0.0 "
                     "lets other computers read the kit)")
    _build_options(srv, serving=True)

    c = sub.add_parser("check", help="replay worked examples; render nothing",
                       description="Replay every worked example with the rules engine and "
                       "print one line per example.")
    c.add_argument("--game", action="append", metavar="ID",
                   help="check only this game (repeatable)")
    c.add_argument("--examples", type=Path, metavar="FILE",
                   help="check your own examples file instead (see README)")

    pre = sub.add_parser("preflight", help="check finished PDFs as a printer would read them",
                         description="Read finished PDFs back and report every glyph drawn "
                         "as a box, font not embedded or lost bold face, text under 6 pt "
                         "(7 pt on what is read during play), ink within the printer margin, "
                         "line printed over line, and line end a language forbids. Exit "
                         "status 1 when anything is found.")
    pre.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                     help="a PDF or a folder of them (default: ./output); kit and print-run "
                     "files are left out, being the other documents merged")
    pre.add_argument("--printer-margin", type=float, default=None, metavar="MM",
                     help="how much of each paper edge the printer cannot print, in mm "
                     "(default: 6)")
    pre.add_argument("--report", type=Path, metavar="FILE",
                     help="also write the findings as an HTML page with a picture of each "
                     "spot")
    pre.add_argument("--quiet", action="store_true", help="print nothing but the findings")

    sub.add_parser("list", help="show games, documents and locales",
                   description="Show the games, their documents and the shipped locales.")

    solve_cmd = sub.add_parser("solve", help="solve a seeded solo deal and prove it optimal",
                               description="Deal the solo game from a seed, find the best "
                               "chain of every round with the solver (proven optimal), and "
                               "print the grids, chains and cards set aside.")
    solve_cmd.add_argument("game", metavar="GAME", help="a game with a solver, e.g. "
                           "pick-a-polar-bear")
    solve_cmd.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")

    exp = sub.add_parser("export", help="card images: for print services, Tabletop Simulator",
                         description="Draw a game's cards with the PDFs' own code and write "
                         "them as images under OUT/exports/GAME/LOCALE/.")
    kinds = exp.add_subparsers(dest="kind", required=True, parser_class=_Parser)
    for kind, summary in (("cards", "one PNG per card face and back, with bleed, and a CSV "
                                    "manifest"),
                          ("tts", "Tabletop Simulator deck sheets, backs and saved objects")):
        e = kinds.add_parser(kind, help=summary, description=summary[:1].upper() + summary[1:]
                             + ".")
        e.add_argument("--game", required=True, metavar="ID", help="the game")
        e.add_argument("--locale", action="append", metavar="CODE",
                       help="this locale (repeatable; default: en)")
        e.add_argument("--document", action="append", metavar="ID",
                       help="only this card set (repeatable; default: every card and token "
                       "document)")
        if kind == "cards":
            e.add_argument("--dpi", type=int, default=300, metavar="N",
                           help="resolution, 72 to 1200 (default: 300)")
        e.add_argument("--out", type=_folder, default=Path("output"), metavar="DIR",
                       help="output folder (default: ./output)")
        e.add_argument("--quiet", action="store_true", help="print only errors")

    cat = sub.add_parser("catalog", help="translation catalogs: extract, start, update",
                         description="Keep the gettext catalogs under locales/ in step with "
                         "the templates, code and game data.")
    actions = cat.add_subparsers(dest="action", required=True, parser_class=_Parser)
    actions.add_parser("extract", help="write locales/printkit.pot from the sources",
                       description="Extract every msgid into locales/printkit.pot.")
    init = actions.add_parser("init", help="start a catalog for a new locale",
                              description="Create locales/CODE/LC_MESSAGES/printkit.po from "
                              "the current sources, with the locale's plural forms.")
    init.add_argument("code", metavar="CODE", help="locale code, e.g. de, fr, pt_BR")
    actions.add_parser("update", help="merge new and changed msgids into every catalog",
                       description="Re-extract the template and merge it into every catalog; "
                       "changed entries are marked fuzzy and count as untranslated.")
    actions.add_parser("compile", help="write .mo files beside the catalogs",
                       description="Compile every catalog to .mo for other gettext tools "
                       "(printkit itself reads the .po files).")
    cov = actions.add_parser("coverage", help="report translation coverage per locale and game",
                             description="Count translated entries per locale and game; "
                             "fuzzy entries, empty plural forms and entries the checks reject "
                             "count as untranslated.")
    cov.add_argument("--locale", action="append", metavar="CODE",
                     help="only this locale (repeatable)")
    cov.add_argument("--fail-under", type=float, metavar="PERCENT",
                     help="exit 1 if any game of any locale is below this coverage")
    cov.add_argument("--missing", action="store_true",
                     help="list every untranslated, fuzzy, partly filled or rejected entry, "
                     "with the reason, and the totals per locale")
    chk = actions.add_parser("check", help="check every catalog against its glossary",
                             description="Report every entry whose source contains a term of "
                             "locales/CODE/glossary.toml and whose translation lacks the agreed "
                             "term or uses a forbidden one; exit 1 if there is any.")
    chk.add_argument("--locale", action="append", metavar="CODE",
                     help="only this locale (repeatable)")
    rev = actions.add_parser("review", help="write a review sheet (PDF and CSV) for a locale",
                             description="Write OUT/review/CODE.pdf and OUT/review/CODE.csv: "
                             "every entry with its source, translation, translator comment, "
                             "the documents and pages that print it and its status, entries "
                             "that need work first.")
    rev.add_argument("--locale", required=True, metavar="CODE", help="the locale to review")
    rev.add_argument("--out", type=_folder, default=Path("output"), metavar="DIR",
                     help="output folder (default: ./output)")
    return top


def _offset(text: str) -> tuple[float, float]:
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


def _margin(text: str) -> float:
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


def _err(line: str) -> None:
    print(line, file=sys.stderr)


def _join_negative_offset(argv: Sequence[str]) -> list[str]:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every failure is one line on standard error and an exit code.

    0 success; 1 a failed build, a wrong example or a machine fault (a full
    disk, a read-only folder); 2 bad usage or bad data; 130 interrupted.
    """
    args = parser().parse_args(_join_negative_offset(sys.argv[1:] if argv is None else argv))
    previous = _handle_stop_signals()
    try:
        return _run(args)
    except Stopped as stop:
        _err(f"printkit: stopped by {signal.Signals(stop.signum).name}; nothing was written")
        return 128 + stop.signum
    except KeyboardInterrupt:
        _err("printkit: interrupted; nothing was written")
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
            _err(line)
        return 2 if isinstance(exc, RecursionError) else 1
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


def _handle_stop_signals() -> dict[int, Any]:
    """SIGTERM and SIGHUP stop printkit as Ctrl-C does (see :class:`Stopped`); the
    handlers they had before, to put back."""
    previous: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            previous[signum] = signal.signal(signum, _stop)
        except ValueError:  # not the main thread (a test runner's): leave them
            pass
    return previous


def _load_libraries() -> None:
    """Import ReportLab with the stop signals held off until it is loaded.

    ReportLab looks for its optional parts (HarfBuzz for shaping, Pyphen for hyphenation)
    with ``try: import … except:``, a bare ``except`` that would take a stop arriving
    during the import for a missing part: the process would go on without shaping, and
    refuse to print (:func:`printkit.render.internals.require_checked_reportlab`)
    instead of stopping. Called before anything that may import ReportLab; after the
    first call, a look-up in ``sys.modules``."""
    from printkit.output import DeferredStops

    with DeferredStops():
        import reportlab.pdfbase.ttfonts  # noqa: F401 - loaded here, used elsewhere
        import reportlab.platypus.paragraph  # noqa: F401


def _run(args: argparse.Namespace) -> int:
    """Run the command on the selected game project, or on printkit's own games."""
    try:
        if args.command == "new":
            from printkit.scaffold import new_project

            folder = new_project(args.name, args.dir)
            print(f"wrote {folder}: cd into it, then run `printkit check` and "
                  f"`printkit build` (see its README.md)")
            return 0
        if args.command == "serve":
            return _serve(args)
        found = args.project if args.project is not None else find_project(Path.cwd())
        if found is None:
            settled = _settled_build(args)
            if settled is not None or args.command not in ("build", "check", "export"):
                return settled if settled is not None else _dispatch(args)
            # A game project installed through the entry point group, chosen with --game,
            # works as --project does: in its own locales (see printkit.project.installed).
            _load_libraries()
            from printkit.project import installed

            game = installed(args.command, args.game, getattr(args, "locale", None))
            if game is None:
                return _dispatch(args)
        else:
            settled = _settled_build(args, found)
            if settled is not None:
                return settled
            _load_libraries()
            from printkit.project import load_project

            game = load_project(found)
        from printkit.project import selected
    except PrintkitError as exc:
        return _report(exc)
    with selected(game):
        return _dispatch(args)


def _serve(args: argparse.Namespace) -> int:
    """``printkit serve``: on the project (read again for every build), else printkit's
    own games."""
    _load_libraries()
    from printkit.commands.build import BuildOptions
    from printkit.commands.serve import ServeOptions, serve

    found = args.project if args.project is not None else find_project(Path.cwd())
    if found is None and args.game:  # a project-style game installed as a distribution
        from printkit.project import installed

        game = installed("build", args.game, args.locale)
        found = game.folder if game is not None else None
    if found is not None and not (found / "game.toml").is_file():
        from printkit.project import load_project

        load_project(found)  # no project there at all: its usage error now, not in the browser
    options = BuildOptions(games=args.game, locales=args.locale, paper=args.paper,
                           strict=args.strict, layout=args.layout,
                           duplex_offset=args.duplex_offset, ink_saver=args.ink_saver,
                           printer_margin=args.printer_margin,
                           jobs=args.jobs, previews=not args.no_previews)
    return serve(ServeOptions(build=options, out=args.out, bind=args.bind, port=args.port,
                              project=found, quiet=args.quiet))


def _settled_build(args: argparse.Namespace, project: Path | None = None) -> int | None:
    """A build of printkit's own games, or of the game ``project``, that finds nothing
    changed since the last build into the same folder: said so without importing the
    renderers. None: build the normal way."""
    if args.command != "build" or args.force or "printkit.games" in sys.modules:
        return None  # a process that already loaded the games (a test) builds normally
    from printkit import uptodate

    if project is not None:
        project = project.resolve()
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
    request = uptodate.Request.of(games, locales, args.paper, args.strict, args.layout,
                                  args.duplex_offset, args.ink_saver, not args.no_previews,
                                  args.printer_margin)
    done = uptodate.settled(request, args.out, project)
    if done is None:
        return None
    return _built(args, done.warnings, 0, done.documents, 0)


def _built(args: argparse.Namespace, warnings: list[str], rendered: int, up_to_date: int,
           written: int, removed: int = 0) -> int:
    """A build's warnings on standard error and its one-line summary."""
    for warning in warnings:
        _err(warning)
    if not args.quiet:
        gone = f"; removed {removed} file(s) no longer made" if removed else ""
        print(f"rendered {rendered} document(s), {up_to_date} up to date; wrote {written} "
              f"file(s) to {args.out}{gone}")
    return 0


def _report(exc: PrintkitError) -> int:
    for line in error_lines(exc):
        _err(line)
    return _exit_code(exc)


def _dispatch(args: argparse.Namespace) -> int:
    _load_libraries()
    try:
        if args.command == "build":
            from printkit.commands.build import BuildOptions, build

            say = (lambda line: None) if args.quiet else _err
            result = build(BuildOptions(games=args.game, locales=args.locale, paper=args.paper,
                                        out=args.out, strict=args.strict,
                                        layout=args.layout, duplex_offset=args.duplex_offset,
                                        ink_saver=args.ink_saver,
                                        printer_margin=args.printer_margin, jobs=args.jobs,
                                        force=args.force, previews=not args.no_previews),
                           progress=say)
            return _built(args, result.warnings, result.rendered, result.up_to_date,
                          len(result.written), len(result.removed))
        if args.command == "check":
            from printkit.commands.check import check, check_warnings

            lines = check(args.game, args.examples)
            for warning in check_warnings(args.game, args.examples):
                _err(warning)
            for line in lines:
                print(line)
            examples = [line for line in lines if line.notice is None]
            wrong = sum(not line.ok for line in examples)
            if examples or not lines:
                print(f"{len(examples) - wrong} verified, {wrong} wrong")
            return 1 if wrong else 0
        if args.command == "preflight":
            from printkit.commands.preflight import preflight
            from printkit.preflight import PRINTER_MARGIN_MM

            margin = PRINTER_MARGIN_MM if args.printer_margin is None else args.printer_margin
            done = preflight(args.paths or [Path("output")], margin, args.report,
                             progress=(lambda line: None) if args.quiet else _err)
            for finding in done.findings:
                print(finding.line().removeprefix("warning: preflight: "))
            print(f"{done.checked} document(s) checked, {len(done.findings)} finding(s)")
            return 1 if done.findings else 0
        if args.command == "solve":
            from printkit.commands.solve import solve

            for line in solve(args.game, args.seed):
                print(line)
            return 0
        if args.command == "export":
            from printkit.commands.export import ExportOptions, export_cards, export_tts

            say = (lambda line: None) if args.quiet else _err
            options = ExportOptions(game=args.game, locales=args.locale,
                                    documents=args.document, dpi=getattr(args, "dpi", 300),
                                    out=args.out)
            done = (export_cards if args.kind == "cards" else export_tts)(options, progress=say)
            for note in done.notes:
                _err(f"note: {note}")
            if not args.quiet:
                print(f"wrote {len(done.written)} file(s) to "
                      f"{options.out / 'exports' / options.game}")
            return 0
        if args.command == "catalog" and args.action == "coverage":
            from printkit.i18n.coverage import coverage

            rows = coverage(args.locale)
            if args.missing:
                return _missing(args.locale, rows)
            for row in rows:
                print(row)
            low = [r for r in rows if args.fail_under is not None and r.percent < args.fail_under]
            return 1 if low else 0
        if args.command == "catalog" and args.action == "check":
            from printkit.i18n import glossary

            found = glossary.glossary_problems(args.locale)
            for line in found:
                print(line)
            print(f"{len(found)} glossary problem(s)")
            return 1 if found else 0
        if args.command == "catalog":
            for path in _catalog(args):
                print(f"wrote {path}")
            return 0
        from printkit.commands import listing

        for line in listing.listing():
            print(line)
        return 0
    except PrintkitError as exc:
        return _report(exc)


def _missing(locales: list[str] | None, rows: list) -> int:  # type: ignore[type-arg]
    """``catalog coverage --missing``: what is left to translate, with why, and totals."""
    from printkit.i18n.coverage import entry_count, gaps

    found = gaps(locales)
    for gap in found:
        print(gap)
    for code in dict.fromkeys(r.locale for r in rows):
        total = entry_count(code)
        left = sum(g.locale == code for g in found)
        print(f"{code}: {left} of {total} entries to do")
    return 0


def _catalog(args: argparse.Namespace) -> list[Path]:
    from printkit.i18n import catalogs
    from printkit.i18n.review import write_review

    if args.action == "review":
        return write_review(args.locale, args.out)
    if args.action == "extract":
        return [catalogs.extract_template()]
    if args.action == "init":
        return [catalogs.init_locale(args.code)]
    if args.action == "compile":
        return catalogs.compile_locales()
    return catalogs.update_locales()


def _exit_code(exc: PrintkitError) -> int:
    inner = getattr(exc, "errors", None)
    if inner:
        return max(_exit_code(e) for e in inner)
    return exc.exit_code


if __name__ == "__main__":
    sys.exit(main())
