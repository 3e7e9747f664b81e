"""``printkit serve``: build, serve the kit page, rebuild on every save, reload the page.

One build into the serve's own output folder, then a loop: the watcher (see
:mod:`printkit.commands.serving.watcher`) says which files changed, the build runs again
(incremental: only what the change touches is rendered), and every open page reloads
(see :mod:`printkit.commands.serving.server`). A build that fails leaves the last good files in
place; its messages, the same lines ``printkit build`` prints, show over the page
until a save fixes it. The server stops on Ctrl-C, never on a build error; a project
folder deleted and made again is an error while it is away, then a build.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections.abc import Callable
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path

from printkit.commands.build import BuildOptions, build
from printkit.commands.serving.server import Site, is_loopback, open_server
from printkit.commands.serving.watcher import Debouncer, Watcher
from printkit.errors import Stopped, UsageError, error_lines
from printkit.resources import PACKAGE_DIR, builtin_folder, cache_dir, locales_dir, templates_dir

Say = Callable[[str], None]


@dataclass
class ServeOptions:
    build: BuildOptions = field(default_factory=BuildOptions)
    #: ``--out`` as given; None: a folder of printkit's cache of its own for this work.
    out: Path | None = None
    bind: str = "127.0.0.1"
    port: int = 8000
    #: The game project served (``--project`` or found), reloaded for every build;
    #: None: printkit's own games.
    project: Path | None = None
    quiet: bool = False


def output_folder(options: ServeOptions) -> Path:
    """``--out``, else ``<cache>/serve/<name>-<hash>``: one per project (or printkit)."""
    if options.out is not None:
        return options.out
    source = (options.project or PACKAGE_DIR).resolve()
    tag = hashlib.sha256(str(source).encode()).hexdigest()[:10]
    return cache_dir() / "serve" / f"{source.name}-{tag}"


def watched(options: ServeOptions) -> list[Path]:
    """The folders whose files a build reads: the project (or the selected games' own
    folders), the catalogs and the templates."""
    if options.project is not None:
        sources = [options.project]
    else:
        ids = options.build.games or []
        folders = [builtin_folder(game) for game in ids]
        sources = ([f for f in folders if f is not None] if folders and all(folders)
                   else [PACKAGE_DIR / "games"])
    return [*sources, locales_dir(), templates_dir()]


def serve(options: ServeOptions, say: Say | None = None,
          ready: Callable[[str], None] | None = None) -> int:
    """Serve until Ctrl-C or a stop signal; 0 for Ctrl-C, else 128 plus the signal.

    ``say`` gets every message line (standard error by default); ``ready`` gets the
    page's address once the server listens (printed on standard output by default).
    Raises :class:`~printkit.commands.serving.server.PortInUse` if the port is taken.
    """
    say = say or (lambda line: print(line, file=sys.stderr, flush=True))
    if options.project is not None:  # by its full name: if the folder is deleted and made
        options.project = options.project.resolve()  # again, "." still names the old one
    home = Path.cwd()
    out = output_folder(options).absolute()
    options.build.out = out
    site = Site(out)
    server = open_server(site, options.bind, options.port)
    host, port = server.server_address[:2]
    shown_host = f"[{host}]" if ":" in str(host) else host
    url = f"http://{shown_host}:{port}/"
    if not is_loopback(options.bind):
        say(f"warning: --bind {options.bind}: anyone who can reach this computer on port "
            f"{port} can read the kit; the default, 127.0.0.1, is this computer only")
    debouncer = Debouncer()
    watcher = Watcher(watched(options), debouncer, ignore=[out])
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2},
                              name="printkit-server", daemon=True)
    try:
        watcher.start()
        thread.start()
        (ready or (lambda address: print(f"serving {address} (Ctrl-C to stop)",
                                         flush=True)))(url)
        if not options.quiet:
            say(f"building into {out}")
        _rebuild(options, site, say)
        while True:
            changed = debouncer.wait()
            if not options.quiet:
                say(f"changed: {_names(changed)}")
            _back_home(home)
            _rebuild(options, site, say)
    except KeyboardInterrupt as stop:
        say("printkit: stopped serving")
        return 128 + stop.signum if isinstance(stop, Stopped) else 0
    finally:
        watcher.stop()
        site.stop()
        server.shutdown()
        server.server_close()


def _names(paths: set[str]) -> str:
    names = sorted(Path(p).name for p in paths)
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def _back_home(home: Path) -> None:
    """Into the folder serve started in again, if it was deleted and made again: the
    process would otherwise stay in the deleted one, where no relative name works."""
    try:
        os.getcwd()
    except FileNotFoundError:
        with suppress(OSError):
            os.chdir(home)


def _rebuild(options: ServeOptions, site: Site, say: Say) -> bool:
    """One build; its errors go to ``say`` and the pages, never further. True: it succeeded."""
    site.started()
    progress = (lambda line: None) if options.quiet else say
    try:
        with ExitStack() as stack:
            if options.project is not None:  # read again: game.toml or rules.py may have changed
                from printkit.tools.project import load_project, selected

                if not options.project.is_dir():
                    raise UsageError(f"{options.project}: the project folder is gone; serve "
                                     f"builds again once it is back")

                stack.enter_context(selected(load_project(options.project)))
            result = build(options.build, progress)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure is shown, the server goes on
        lines = error_lines(exc)
        for line in lines:
            say(line)
        site.failed(lines)
        return False
    for warning in result.warnings:
        say(warning)
    status = f"rendered {result.rendered} of {result.documents} documents; wrote " \
        f"{len(result.written)} file(s)"
    if not options.quiet:
        say(status)
    site.built(bool(result.written), result.warnings, status)
    return True
