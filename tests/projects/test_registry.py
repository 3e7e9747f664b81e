"""One registry: printkit's own games and a game installed as its own distribution are
found through the entry point group ``printkit.games``."""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from printkit import games
from printkit.cli import main
from tests.support import reader, text

from .conftest import NAME


def test_built_in_games_come_through_the_group_or_the_fallback() -> None:
    assert list(games.discover()) == list(games.BUILT_IN)
    assert list(games.GAMES) == list(games.BUILT_IN)


def test_an_installed_game_is_listed_and_builds(scaffolded: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture) -> None:
    # A distribution "snow_race_game" whose module builds its Game from its own folder.
    package = tmp_path / "site" / "snow_race_game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from pathlib import Path\n"
        "from printkit.project import load_project\n"
        f"GAME = load_project(Path({str(scaffolded)!r}))\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.delitem(sys.modules, "snow_race_game", raising=False)
    plugin = EntryPoint(name=NAME, value="snow_race_game:GAME", group=games.GROUP)
    monkeypatch.setattr(games, "entry_points",
                        lambda group: [plugin] if group == games.GROUP else [])
    monkeypatch.setattr(games, "GAMES", games.discover())
    monkeypatch.chdir(tmp_path)

    assert list(games.GAMES) == [*games.BUILT_IN, NAME]
    assert main(["list"]) == 0
    assert f"{NAME}  Snow Race" in capsys.readouterr().out
    out = tmp_path / "out"
    assert main(["build", "--game", NAME, "--locale", "en", "--jobs", "1", "--no-previews",
                 "--out", str(out), "--quiet"]) == 0
    assert "Tailwind" in text(reader(out / NAME / "en" / "cards-a4.pdf"))
    assert "Worked examples" in text(reader(out / NAME / "en" / "rulebook-a4.pdf"))


def test_a_broken_entry_point_is_named_not_fatal(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture) -> None:
    broken = EntryPoint(name="broken-game", value="no_such_module_xyz:GAME", group=games.GROUP)
    monkeypatch.setattr(games, "entry_points", lambda group: [broken])
    monkeypatch.setattr(games, "GAMES", games.discover())
    assert list(games.GAMES) == list(games.BUILT_IN)
    assert main(["check", "--game", "broken-game"]) == 2
    err = capsys.readouterr().err
    assert "game 'broken-game' (entry point no_such_module_xyz:GAME" in err
    monkeypatch.undo()
    games.discover()  # BROKEN as it was


def test_pyproject_registers_the_built_in_games_as_the_fallback_does() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"][games.GROUP] == games.BUILT_IN
