"""Shared fixtures: a kit built once per session, and a game whose data a test may break;
and the fast loop (``--fast``).

The fast loop leaves out the tests marked ``full``: every test that reads a whole kit
of the session's (:data:`WHOLE_KITS`) or every built page one by one (``slow``), those of
:data:`BUILDING` (whole folders and modules that build and run printkit as its users do)
and the others marked ``full`` where they stand. The end-to-end tests that read
the ``kit`` fixture still run: in the fast loop it is one game built end to end in a
left-to-right, a right-to-left and a Japanese locale, and each such test runs for what
that build holds (its other cases, for other games, locales or papers, are left out).
Without ``--fast``, ``kit`` is the whole kit and every test runs.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from printkit import games
from printkit.commands.build import BuildOptions, BuildResult, build
from printkit.geometry import MAX_PRINTER_MARGIN_MM, PRINTER_MARGIN_MM
from printkit.language.locales import shipped_locales

# Hypothesis profiles, chosen with PRINTKIT_HYPOTHESIS_PROFILE (default "ci"):
# "ci" is seeded (the same examples on every run) and has no deadline, so a slow or
# busy machine cannot fail a property test at random; "dev" explores ten times wider.
settings.register_profile("ci", derandomize=True, deadline=None, database=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("PRINTKIT_HYPOTHESIS_PROFILE", "ci"))

GAME_ID = "coraz-blizej-swieta"

#: Compiled templates go to a folder of this test run's own, never the user's cache.
_CACHE = tempfile.mkdtemp(prefix="printkit-test-cache-")
os.environ["PRINTKIT_CACHE"] = _CACHE


# A test run started in the background by a shell without job control (`cmd &` in a
# script) inherits SIGINT ignored, and so would every program the tests start: printkit
# serve's tests stop it with SIGINT, as Ctrl-C does, and would wait for it in vain.
# Python's own Ctrl-C handler is put back, so those programs start with the default.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)


#: What the fast loop builds end to end (the ``kit`` fixture): one game, in a
#: left-to-right, a right-to-left and a Japanese locale, on A4.
FAST_GAME, FAST_LOCALES, FAST_PAPER = GAME_ID, ("en", "ar", "ja"), "a4"
#: The session fixtures that build every game in every locale: not in the fast loop.
WHOLE_KITS = ("built_kit", "built_kit_letter", "built_in_layout")
#: Folders and modules below tests/ whose tests build (and rebuild, stop, serve, install)
#: as printkit's users do, each its own builds: not in the fast loop (marked ``full``).
BUILDING = (
    "commands/",  # the commands as a user runs them: builds, rebuilds, stops, the server
    "projects/",  # game projects of a user's own, built
    "outputs/html/",  # the rules pages of every game and locale, in a browser too
    "outputs/preflight/test_in_builds.py",  # builds with findings
    "drawing/layout/test_printed_margins.py",  # every game in several layouts, every ink read
    "test_previews.py",  # kits with their previews, the kit page in a browser
    "test_portable.py",  # builds in a fresh interpreter, workers spawned
    "test_wheel.py",  # a wheel built, installed and building a kit
    "test_rulings.py",  # every game's rulebook rendered in every locale, then read
    # the playtest lab's games played hundreds of times per policy and player count
    "playtest/test_yeti_slalom.py",
    "playtest/test_pick_a_polar_bear.py",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fast", action="store_true", default=False,
                     help="the fast loop: leave out the tests marked full; one game is still "
                          f"built end to end in {', '.join(FAST_LOCALES)}")


@pytest.hookimpl(tryfirst=True)  # (before -m reads the markers)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    for item in items:
        where = item.path.relative_to(tests).as_posix() if item.path.is_relative_to(tests) else ""
        if (set(WHOLE_KITS) & set(item.fixturenames) or item.get_closest_marker("slow")
                or where.startswith(BUILDING)):
            item.add_marker(pytest.mark.full)
    if not config.getoption("fast"):
        return
    left_out = [item for item in items if item.get_closest_marker("full")
                or ("kit" in item.fixturenames and not _in_the_fast_kit(item))]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in set(left_out)]


def _in_the_fast_kit(item: pytest.Item) -> bool:
    """Whether a test of the kit asks only for the game, locale and paper the fast loop
    builds (by its parameters ``game``/``game_id``, ``locale`` and ``paper``)."""
    params = getattr(item, "callspec", None)
    params = params.params if params is not None else {}
    wanted = {"game": {FAST_GAME}, "game_id": {FAST_GAME}, "locale": set(FAST_LOCALES),
              "paper": {FAST_PAPER}}
    return all(params[name] in values for name, values in wanted.items() if name in params)


#: The flow XML of every rulebook and reference of the session build, by (game, locale,
#: document): what the templates produced, so tests can find each example's text in the
#: PDF. Read from what the build leaves beside its output (BuildOptions.flow_xml).
FLOW_XML: dict[tuple[str, str, str], str] = {}


def read_flow_xml(folder: Path) -> dict[tuple[str, str, str], str]:
    """The flow XML a build left in ``folder`` (see BuildOptions.flow_xml), by (game,
    locale, document)."""
    return {(path.parent.parent.name, path.parent.name, path.stem): path.read_text("utf-8")
            for path in sorted(folder.glob("*/*/*.xml"))}


def _not_in_the_fast_loop(request: pytest.FixtureRequest) -> None:
    if request.config.getoption("fast"):
        pytest.fail(f"{request.fixturename} builds every game in every locale, which the fast "
                    f"loop does not: mark the test that asks for it full", pytrace=False)


@pytest.fixture(scope="session")
def built_kit(request: pytest.FixtureRequest,
              tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every document of every game in every shipped locale, on A4, built strict (once)."""
    _not_in_the_fast_loop(request)
    out = tmp_path_factory.mktemp("output")
    sources = tmp_path_factory.mktemp("flow-xml")
    build(BuildOptions(out=out, flow_xml=sources, strict=True))
    FLOW_XML.update(read_flow_xml(sources))
    return out


@pytest.fixture(scope="session")
def built_kit_letter(request: pytest.FixtureRequest,
                     tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every document of every game in every shipped locale, on Letter, built strict
    (once)."""
    _not_in_the_fast_loop(request)
    out = tmp_path_factory.mktemp("output-letter")
    build(BuildOptions(out=out, paper="letter", previews=False, strict=True))
    return out


@pytest.fixture(scope="session")
def built_in_layout(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                    ) -> Callable[[str, str], tuple[Path, BuildResult]]:
    """Every game in every shipped locale built strict in a card layout on a paper, without
    previews, and what the build said: each built once, when a test first asks for it.
    The shop layout is built for the widest printer margin accepted, as a print shop's
    proofs are printed on any printer (the margin test reads it so)."""
    _not_in_the_fast_loop(request)
    built: dict[tuple[str, str], tuple[Path, BuildResult]] = {}

    def kit(paper: str, layout: str) -> tuple[Path, BuildResult]:
        if (paper, layout) not in built:
            out = tmp_path_factory.mktemp(f"output-{layout}-{paper}")
            margin = MAX_PRINTER_MARGIN_MM if layout == "shop" else PRINTER_MARGIN_MM
            built[(paper, layout)] = (out, build(BuildOptions(
                out=out, paper=paper, layout=layout, strict=True, previews=False,
                printer_margin=margin)))
        return built[(paper, layout)]

    return kit


@dataclasses.dataclass(frozen=True)
class Kit:
    """A kit built end to end, as the ``kit`` fixture gives it: its output folder, the
    games and locales built into it (on A4), and the flow XML of their rulebooks and
    references by (game, locale, document)."""

    out: Path
    games: tuple[str, ...]
    locales: tuple[str, ...]
    flow_xml: Mapping[tuple[str, str, str], str]


@pytest.fixture(scope="session")
def kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Kit:
    """The session's whole kit (``built_kit``); in the fast loop, one game built end to end
    in a left-to-right, a right-to-left and a Japanese locale (built once)."""
    if not request.config.getoption("fast"):
        return Kit(request.getfixturevalue("built_kit"), tuple(games.GAMES),
                   tuple(shipped_locales()), FLOW_XML)
    out = tmp_path_factory.mktemp("one-game")
    sources = tmp_path_factory.mktemp("one-game-flow-xml")
    build(BuildOptions(games=[FAST_GAME], locales=list(FAST_LOCALES), paper=FAST_PAPER,
                       out=out, flow_xml=sources))
    return Kit(out, (FAST_GAME,), FAST_LOCALES, read_flow_xml(sources))


@pytest.fixture
def game_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the first game's data files that the test may edit; the registry uses it."""
    original = games.GAMES[GAME_ID]
    folder = tmp_path / "game"
    folder.mkdir()
    for name in ("game.toml", "examples.toml"):
        shutil.copy(original.folder / name, folder / name)
    patched = dict(games.GAMES)
    patched[GAME_ID] = dataclasses.replace(original, folder=folder)
    monkeypatch.setattr(games, "GAMES", patched)
    return folder


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file below ``folder`` with its bytes and modification time."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def locales_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of locales/ that the test may edit; catalogs are read from it."""
    from printkit.language import locales
    from printkit.language import translations as i18n
    from printkit.resources import locales_dir

    folder = tmp_path / "locales"
    shutil.copytree(locales_dir(), folder)
    for module in (i18n, locales):  # where catalogs are found, and read
        monkeypatch.setattr(module, "locales_dir", lambda: folder)
    i18n._read_catalog.cache_clear()
    yield folder
    i18n._read_catalog.cache_clear()
