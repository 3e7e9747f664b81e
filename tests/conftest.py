"""Shared fixtures: a kit built once per session, and a game whose data a test may break."""

from __future__ import annotations

import dataclasses
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from printkit import games
from printkit.commands.build import BuildOptions, build

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


#: The flow XML of every rulebook and reference of the session build, by (game, locale,
#: document): what the templates produced, so tests can find each example's text in the
#: PDF. Read from what the build leaves beside its output (BuildOptions.flow_xml).
FLOW_XML: dict[tuple[str, str, str], str] = {}


def read_flow_xml(folder: Path) -> dict[tuple[str, str, str], str]:
    """The flow XML a build left in ``folder`` (see BuildOptions.flow_xml), by (game,
    locale, document)."""
    return {(path.parent.parent.name, path.parent.name, path.stem): path.read_text("utf-8")
            for path in sorted(folder.glob("*/*/*.xml"))}


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every document of every game in every shipped locale, on A4 (built once)."""
    out = tmp_path_factory.mktemp("output")
    sources = tmp_path_factory.mktemp("flow-xml")
    build(BuildOptions(out=out, flow_xml=sources))
    FLOW_XML.update(read_flow_xml(sources))
    return out


@pytest.fixture(scope="session")
def built_kit_letter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every document of every game in every shipped locale, on Letter (built once)."""
    out = tmp_path_factory.mktemp("output-letter")
    build(BuildOptions(out=out, paper="letter", previews=False))
    return out


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
    from printkit import i18n
    from printkit.resources import locales_dir

    folder = tmp_path / "locales"
    shutil.copytree(locales_dir(), folder)
    monkeypatch.setattr(i18n, "locales_dir", lambda: folder)
    i18n._read_catalog.cache_clear()
    yield folder
    i18n._read_catalog.cache_clear()
