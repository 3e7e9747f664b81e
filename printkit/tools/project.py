"""Game projects: a designer's own game in a folder of its own, outside printkit.

A folder with a ``game.toml`` is a project (that file marks its root, as
``mkdocs.yml`` marks a MkDocs site). Everything a built-in game says in Python
a project says in data: its header, ``[box]``, ``[kit]``, its components
(:mod:`printkit.model.components`), a free-form ``[rules]`` table of numbers its
engine and rulebook read, and an optional ``id``. Beside it:

* ``templates/rulebook.xml.j2`` (and ``reference.xml.j2``): its rulebook (and
  quick reference), in printkit's flow XML, with ``data`` and the verified
  ``examples``; printkit's own templates are searched after the project's;
* ``rules.py``: its rules engine, if it has one (see :func:`engine_replayer`);
* ``examples.toml``: worked examples, replayed by that engine;
* ``locales/<code>/LC_MESSAGES/printkit.po``: its translations, with printkit's
  own catalogs behind them for printkit's strings (the guide, sheet labels…).

:func:`selected` makes a project the game every command works on.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import re
import sys
import traceback
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from printkit import games, projectfiles
from printkit.errors import (
    DataError,
    DataErrors,
    ExampleError,
    PrintkitError,
    RuleError,
    UsageError,
)
from printkit.examples import (
    ID_PATTERN,
    Event,
    Example,
    ExampleSchema,
    Replay,
    Replayer,
)
from printkit.language.locales import project_locales, shipped_locales
from printkit.model.components import COMPONENTS, check_components, documents
from printkit.model.components.deck import shown
from printkit.model.components.figures import project_figures
from printkit.model.game import Document, Game
from printkit.model.kit_table import KIT
from printkit.model.project_fonts import FONTS, RULEBOOK, check_fonts
from printkit.model.rulebook import flow_documents
from printkit.resources import MARKER, PACKAGE_DIR, find_project  # noqa: F401 - re-exported
from printkit.schema import (
    Array,
    Table,
    Value,
    box,
    game_header,
    players_in_order,
    read_toml,
    validate,
)

ENGINE = "rules.py"
#: The functions a rules engine defines, as docs/guide/make-your-own-game.md documents them.
ENGINE_FUNCTIONS = ("setup(setup, rules, data)", "play(state, step, data)", "observe(state)")


class OpenTable(Table):
    """A table whose keys are the project's own: kept as written, only the type checked.

    Used for a project's ``[rules]`` and for the example tables (``rules``, ``setup``,
    each step, ``expect``), whose keys only the project's rules engine knows.
    """

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        if not isinstance(value, dict):
            errors.append(DataError(file, path or "(top level)",
                                    f"expected a table, got {type(value).__name__}"))
            return {}
        return dict(value)


def _open(required: bool = False) -> OpenTable:
    return OpenTable({}, required=required, default={})


#: A project's game.toml.
SCHEMA = Table({
    # The game's id: its output folder and `--game ID`; default: the folder's name.
    "id": Value(str, required=False, pattern=ID_PATTERN),
    **game_header(1, 100),
    # The box facts printed on the cover: `[box]` with `age` and `minutes`.
    "box": box(),
    # The guide's `gather` (what else players need) and `steps` (how to assemble the kit).
    "kit": KIT,
    "rules": _open(),
    "fonts": FONTS,
    "rulebook": RULEBOOK,
    **COMPONENTS,
}, checks=(players_in_order,))

#: A project's examples: the tables are free-form, for its engine to read.
EXAMPLES = ExampleSchema(rules=_open(), setup=_open(), step=_open(), expect=_open(True),
                         min_steps=0)

_ENTRY = Table({
    "id": Value(str, pattern=ID_PATTERN),
    "title": Value(str),
    "rules": _open(),
    "setup": _open(),
    "steps": Array(_open(True), required=False, default=[], max_items=1000),
    "expect": _open(True),
    "shows": Array(Value(str, pattern=ID_PATTERN), required=False, default=[]),
})
_FILE = Table({"game": Value(str, required=False), "examples": Array(_ENTRY, min_items=1)})


def default_id(folder: Path) -> str:
    """A game id from a folder name: lower case, words joined by dashes."""
    return re.sub(r"[^a-z0-9]+", "-", folder.resolve().name.lower()).strip("-")


def read_data(folder: Path) -> dict[str, Any]:
    """The project's game.toml, validated (every problem at once)."""
    path = folder / MARKER
    label = shown(path)
    return validate(read_toml(path, label), SCHEMA, label)


def load_project(folder: Path) -> Game:
    """The game a project folder describes; every problem in it is a one-line error (exit 2).

    Its files are checked here, before any command works on it: game.toml, the CSV
    files and images its decks name, and rules.py, which is loaded once.
    """
    folder = Path(folder)
    if not (folder / MARKER).is_file():
        where = shown(folder)
        raise UsageError(f"{where}: no {MARKER} here; a game project is a folder with a "
                         f"{MARKER} (`printkit new NAME` makes one)")
    folder = folder.resolve()
    _confine_own_files(folder)
    data = read_data(folder)
    game_id = data.get("id") or default_id(folder)
    if not re.fullmatch(ID_PATTERN, game_id):
        raise DataErrors([DataError(shown(folder / MARKER), "id", "the folder name gives no "
                                    "game id; set id = \"my-game\" (lower case, dashes)")])
    check_components(data, folder)
    font_errors = check_fonts(data, folder, shown(folder / MARKER))
    if font_errors:
        raise DataErrors(font_errors)
    engine = folder / ENGINE
    replay = engine_replayer(load_engine(engine)) if engine.is_file() else None
    return Game(id=game_id, folder=folder, data_schema=SCHEMA, example_schema=EXAMPLES,
                replay=replay, documents=(*_flow_documents(folder),
                                          *documents(data, shown(folder / MARKER))),
                project=True, examples_loader=load_examples, figures=project_figures)


def _confine_own_files(folder: Path) -> None:
    """game.toml, examples.toml and rules.py are the project's own regular files: one that
    links out of the folder, or a pipe, is an error naming it, and is never read."""
    errors = []
    for name in (MARKER, "examples.toml", ENGINE):
        path = folder / name
        found = projectfiles.problem(path, (folder,)) if os.path.lexists(path) else None
        if found is not None:
            errors.append(DataError(shown(path), "", found))
    if errors:
        raise DataErrors(errors)


def _flow_documents(folder: Path) -> list[Document]:
    """The rulebook and quick reference, for the templates the project has."""
    return [doc for doc in flow_documents()
            if (folder / "templates" / f"{doc.id}.xml.j2").is_file()]


@contextmanager
def selected(game: Game) -> Iterator[None]:
    """Work on ``game``, a project, alone: the registry, locales and catalogs are its own."""
    with games.only(game), project_locales(game.folder / "locales"):
        yield


def installed(command: str, ids: str | list[str] | None,
              locales: list[str] | None = None) -> Game | None:
    """The game project a command works on alone among the registered games, if any.

    A project-style game (made by :func:`load_project`) installed as its own distribution
    through the entry point group ``printkit.games`` keeps its catalogs in the
    ``locales/`` folder beside its game.toml. When ``--game`` selects it alone, the
    command works on it as ``--project`` would (see :func:`selected`): it builds in
    the locales it ships, its own entries first. None: the command works on the
    registry as it is.

    One build reads one set of catalogs, so a build of such a game together with other
    games is refused (a usage error naming how to build it) unless it is English only.
    """
    wanted = [ids] if isinstance(ids, str) else list(dict.fromkeys(ids or ()))
    chosen = games.select(wanted)
    own = [game for game in chosen if game.project]
    if not own:
        return None
    if len(chosen) == 1:
        return own[0]
    if command == "build" and (not locales or set(locales) != {"en"}):
        game = own[0]
        codes = ", ".join(shipped_locales(game.folder / "locales"))
        others = " ".join(f"--game {g.id}" for g in chosen if g is not game)
        raise UsageError(f"game {game.id!r} has catalogs of its own "
                         f"({shown(game.folder / 'locales')}: {codes}), not printkit's: build "
                         f"it on its own (--game {game.id}), the others apart ({others}), or "
                         f"all of them in English only (--locale en)")
    return None


# --- examples ---------------------------------------------------------------------------

def load_examples(path: Path, game_id: str, schema: ExampleSchema,
                  label: str | None = None) -> list[Example]:
    """A project's examples file: the same format as a built-in game's, with free-form
    tables (checked by the engine when it replays them)."""
    name = label or str(path)
    data = validate(read_toml(path, name), _FILE, name)
    errors: list[DataError] = []
    seen: dict[str, int] = {}
    out = []
    for i, entry in enumerate(data["examples"]):
        if entry["id"] in seen:
            errors.append(DataError(name, f"examples[{i}].id", f"{entry['id']!r} is already "
                                    f"used by examples[{seen[entry['id']]}]"))
        seen[entry["id"]] = i
        expect = dict(entry["expect"])
        refused = expect.pop("refused", None)
        if refused is not None and expect:
            errors.append(DataError(name, f"examples[{i}].expect", "a refused step changes "
                                    f"nothing to observe; leave out {', '.join(sorted(expect))}"))
        if refused is not None and not entry["steps"]:
            errors.append(DataError(name, f"examples[{i}].steps", "a refusal needs a step"))
        out.append(Example(game=game_id, id=entry["id"], title=entry["title"],
                           rules=entry["rules"], setup=entry["setup"],
                           steps=tuple(entry["steps"]), expect=expect, source=name,
                           refused=None if refused is None else str(refused),
                           shows=tuple(entry["shows"])))
    if errors:
        raise DataErrors(errors)
    return out


# --- the rules engine -------------------------------------------------------------------

_NAMES = itertools.count()


def _interrupted(exc: BaseException) -> None:
    """Whatever a project's rules.py raises is one line naming the file, even ``raise
    BaseException``; only Ctrl-C (and a stop signal) goes on stopping printkit."""
    if isinstance(exc, KeyboardInterrupt):
        raise exc


#: The process's own ``os._exit``, whatever :func:`no_exit` puts in its place.
REAL_EXIT = os._exit


class ProcessExit(SystemExit):
    """``os._exit`` called by a project's code while :func:`no_exit` holds: taken for a
    ``sys.exit``, so that it is reported, naming the file and line, instead of ending
    printkit without a word."""

    def __str__(self) -> str:
        return f"os._exit({self.code}) would end printkit's process"


@contextmanager
def no_exit() -> Iterator[None]:
    """While this holds, ``os._exit`` in this process raises :class:`ProcessExit` (a
    process forked meanwhile exits as usual): a project's rules.py runs inside printkit,
    and one that ends the process must be an error naming it, not a build that stops
    at exit 0 having built and said nothing. ``sys.exit`` raises already."""
    owner = os.getpid()

    def refuse(code: int) -> None:
        if os.getpid() != owner:
            REAL_EXIT(code)
        raise ProcessExit(code)

    previous, os._exit = os._exit, refuse
    try:
        yield
    finally:
        os._exit = previous


class EngineExit(PrintkitError):
    """A project's code that ended (or would have ended) printkit's process."""

    exit_code = 1


def exit_error(exc: SystemExit, doing: str = "") -> EngineExit:
    """The error for a ``sys.exit`` or ``os._exit`` in a project's code (rules.py or a
    module beside it), naming the innermost file and line of the project's it came
    from."""
    from printkit.language.locales import project_folder

    folder = project_folder()
    path = (folder / ENGINE) if folder is not None else Path(ENGINE)
    call = str(exc) if isinstance(exc, ProcessExit) else \
        f"sys.exit({exc.code!r}) would end printkit's process"
    where = _at(shown(path), path, exc) if folder is not None else ENGINE
    return EngineExit(f"{where}: {call}{f' ({doing})' if doing else ''}; the rules engine "
                      f"must return, or raise an error")


def load_engine(path: Path) -> ModuleType:
    """Load a project's rules.py under a module name of its own (never cached by path, so an
    edited file is read again); anything it raises is one line naming the file and line.

    rules.py may import modules beside it: ``from . import helpers`` (it is loaded as a
    package whose folder is the project's) or ``from helpers import roll_order`` (see
    :func:`_siblings`). An error inside one of them names that file and line.
    """
    label = shown(path)
    folder = path.resolve().parent
    name = f"printkit_project_rules_{next(_NAMES)}"
    spec = importlib.util.spec_from_file_location(name, path,
                                                  submodule_search_locations=[str(folder)])
    if spec is None or spec.loader is None:
        raise DataErrors([DataError(label, "", "cannot be loaded as Python")])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickling look their module up here
    try:
        with _siblings(folder), no_exit():
            spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 - see _interrupted
        _interrupted(exc)
        for loaded in [n for n in sys.modules if n == name or n.startswith(f"{name}.")]:
            sys.modules.pop(loaded, None)
        raise DataErrors([DataError(_at(label, path, exc), "",
                                    f"{type(exc).__name__}: {exc} (while loading the rules "
                                    f"engine)")]) from None
    missing = [f for f in ENGINE_FUNCTIONS if not callable(getattr(module, f.split("(")[0],
                                                                   None))]
    if missing:
        raise DataErrors([DataError(label, "", f"a rules engine defines "
                                    f"{', '.join(ENGINE_FUNCTIONS)}; missing: "
                                    f"{', '.join(missing)} (or delete {ENGINE}: a game "
                                    f"without one still builds)")])
    return module


def _local_names(folder: Path) -> set[str]:
    """The top-level module names the project's folder provides (``helpers`` for
    helpers.py, a package folder with an ``__init__.py``)."""
    names = {p.stem for p in folder.glob("*.py")} | {
        p.parent.name for p in folder.glob("*/__init__.py")}
    return {n for n in names if n.isidentifier()}


@contextmanager
def _siblings(folder: Path) -> Iterator[None]:
    """The project's folder importable while its rules.py loads, and only then.

    It goes first on ``sys.path`` (as a script's own folder does), and a module of the
    same name as one of its files that something else imported before is set aside, so
    ``import helpers`` finds the project's helpers.py. Afterwards the folder leaves
    ``sys.path`` and every module imported from it by its plain name leaves
    ``sys.modules`` (rules.py keeps what it imported), so a second project's helpers.py
    in the same process is its own, and an edited file is read again. Import such
    modules at the top of rules.py: one imported later, inside a function, is not found.
    A module of the standard library's name (``random.py``) is not set aside.
    """
    local = _local_names(folder) - set(sys.stdlib_module_names) - {"printkit"}
    aside = {n: sys.modules.pop(n) for n in list(sys.modules) if n.split(".")[0] in local}
    entry = str(folder)
    sys.path.insert(0, entry)
    importlib.invalidate_caches()  # files written since the last look at the folder
    # No __pycache__ in the designer's folder: a .pyc is trusted by the second its source
    # was saved, so a quick second edit could be missed.
    writes, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        yield
    finally:
        sys.dont_write_bytecode = writes
        if entry in sys.path:
            sys.path.remove(entry)
        sys.path_importer_cache.pop(entry, None)
        for loaded in [n for n in sys.modules if n.split(".")[0] in local]:
            del sys.modules[loaded]
        sys.modules.update(aside)


def _inside(file: str | None, folder: Path) -> Path | None:
    """``file`` if it is one of the project's own (not in a hidden folder such as .venv)."""
    if not file or file.startswith("<"):  # <string>, <frozen importlib._bootstrap>
        return None
    try:
        inner = Path(file).resolve().relative_to(folder)
    except (ValueError, OSError):
        return None
    if any(part.startswith(".") or part in ("site-packages", "__pycache__")
           for part in inner.parts[:-1]):
        return None
    return folder / inner


def _at(label: str, path: Path, exc: BaseException) -> str:
    """``rules.py:LINE``: where the error was raised (or the syntax error is) in the
    project's own files: rules.py, or a module beside it that it imported
    (``helpers.py:LINE``); the innermost such place."""
    folder = path.resolve().parent
    where, line = None, None
    if isinstance(exc, SyntaxError):  # in a file of the project's, or in a string compiled
        where = _inside(exc.filename, folder)
        line = exc.lineno if where is not None else None
    if where is None:
        for frame in traceback.extract_tb(exc.__traceback__):
            found = _inside(frame.filename, folder)
            if found is not None:
                where, line = found, frame.lineno
    shown_file = label if where is None or where == path.resolve() else shown(where)
    return f"{shown_file}:{line}" if line else shown_file


def engine_replayer(module: ModuleType) -> Replayer:
    """Replay an example with a project's engine, as docs/guide/make-your-own-game.md documents it.

    ``setup(example.setup, example.rules, data)`` gives the first state; each step in
    turn goes through ``play(state, step, data)``, which returns the next state and the
    events to narrate, or raises RuleError for a step the rules refuse; ``observe`` of the
    last state is compared with ``expect``. ``data`` is the validated game.toml; the
    example's ``rules`` are laid over its ``[rules]`` table.
    """
    path = Path(module.__file__ or ENGINE)
    label = shown(path)

    def replay(example: Example, data: Mapping[str, Any]) -> Replay:
        with no_exit():
            return replayed(example, data)

    def replayed(example: Example, data: Mapping[str, Any]) -> Replay:
        where = f"example {example.name} ({example.source})"
        rules = {**(data.get("rules") or {}), **example.rules}
        try:
            state = module.setup(dict(example.setup), rules, data)
        except RuleError as exc:
            raise ExampleError(f"{where}: setup: {exc}") from None
        except BaseException as exc:  # noqa: BLE001 - see _interrupted
            _interrupted(exc)
            raise ExampleError(f"{where}: setup: {_crash(label, path, exc)}") from None
        states, events = [state], []
        for number, step in enumerate(example.steps, 1):
            try:
                state, new = module.play(state, dict(step), data)
            except RuleError as exc:
                raise ExampleError(f"{where}: step {number}: {exc}") from None
            except BaseException as exc:  # noqa: BLE001 - see _interrupted
                _interrupted(exc)
                raise ExampleError(f"{where}: step {number}: {_crash(label, path, exc)}") \
                    from None
            bad = [e for e in new if not isinstance(e, Event)]
            if bad:
                raise ExampleError(f"{where}: step {number}: {label}: play() must return "
                                   f"(state, [Event, …]); got {type(bad[0]).__name__}")
            states.append(state)
            events.extend(new)
        try:
            observed = dict(module.observe(state))
        except BaseException as exc:  # noqa: BLE001 - see _interrupted
            _interrupted(exc)
            raise ExampleError(f"{where}: observe: {_crash(label, path, exc)}") from None
        unknown = sorted(k for k in example.expect if k not in observed)
        if unknown:
            raise ExampleError(f"{where}: expect: {', '.join(unknown)}: observe() reports no "
                               f"such key; it reports {', '.join(sorted(observed)) or 'none'}")
        return Replay(observed=observed, states=tuple(states), events=tuple(events))

    return replay


def _crash(label: str, path: Path, exc: Exception) -> str:
    """An engine bug (not a refusal): the exception and the line of rules.py it came from."""
    return f"{_at(label, path, exc)}: {type(exc).__name__}: {exc} (a bug in the rules engine?)"
