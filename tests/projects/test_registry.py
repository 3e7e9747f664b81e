"""One registry: printkit's own games (listed once, in printkit.resources) and every game
installed as its own distribution through the entry point group ``printkit.games``."""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from printkit import games
from printkit.cli import main
from tests.support import reader, text

from .conftest import NAME


def test_built_in_games_come_first_in_their_order() -> None:
    assert list(games.discover()) == list(games.BUILT_IN)
    assert list(games.GAMES) == list(games.BUILT_IN)


def _install(game_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Install a distribution "snow_race_game" whose module builds its Game from its own
    folder (a project-style game: game.toml, rules.py, templates/, locales/ beside it),
    registered through the entry point group; run from ``tmp_path``."""
    package = tmp_path / "site" / "snow_race_game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from pathlib import Path\n"
        "from printkit.tools.project import load_project\n"
        f"GAME = load_project(Path({str(game_folder)!r}))\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.delitem(sys.modules, "snow_race_game", raising=False)
    plugin = EntryPoint(name=NAME, value="snow_race_game:GAME", group=games.GROUP)
    monkeypatch.setattr(games, "entry_points",
                        lambda group: [plugin] if group == games.GROUP else [])
    monkeypatch.setattr(games, "GAMES", games.discover())
    monkeypatch.chdir(tmp_path)


def test_an_installed_game_is_listed_and_builds(scaffolded: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture) -> None:
    _install(scaffolded, tmp_path, monkeypatch)
    assert list(games.GAMES) == [*games.BUILT_IN, NAME]
    assert main(["list"]) == 0
    assert f"{NAME}  Snow Race" in capsys.readouterr().out
    out = tmp_path / "out"
    assert main(["build", "--game", NAME, "--locale", "en", "--jobs", "1", "--no-previews",
                 "--out", str(out), "--quiet"]) == 0
    assert "Tailwind" in text(reader(out / NAME / "en" / "cards-a4.pdf"))
    assert "Worked examples" in text(reader(out / NAME / "en" / "rulebook-a4.pdf"))


def test_an_installed_game_builds_in_the_locales_it_ships(scaffolded: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture) -> None:
    _install(scaffolded, tmp_path, monkeypatch)
    out = tmp_path / "out"
    assert main(["build", "--game", NAME, "--jobs", "1", "--no-previews", "--out", str(out)]) \
        == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.err, captured.err  # its own catalog translates it all
    assert sorted(p.name for p in (out / NAME).iterdir() if p.is_dir()) == ["de", "en"]
    assert "Rückenwind" in text(reader(out / NAME / "de" / "cards-a4.pdf"))
    assert "Vorbereitung" in text(reader(out / NAME / "de" / "rulebook-a4.pdf"))
    assert "Tailwind" in text(reader(out / NAME / "en" / "cards-a4.pdf"))
    # A locale it does not ship is refused by name, as with --project.
    assert main(["build", "--game", NAME, "--locale", "pl", "--out", str(out)]) == 2
    assert "unknown locale 'pl'; shipped locales: en, de" in capsys.readouterr().err


def test_an_installed_game_with_its_own_catalogs_is_not_built_with_others(
        scaffolded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture) -> None:
    _install(scaffolded, tmp_path, monkeypatch)
    out = tmp_path / "out"
    for mixed in (["--game", "polar-derby", "--game", NAME], []):
        assert main(["build", *mixed, "--out", str(out)]) == 2
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and err[0].startswith(
            f"printkit: error: game {NAME!r} has catalogs of its own ("), err
        assert f"en, de), not printkit's: build it on its own (--game {NAME})" in err[0]
        assert "(--locale en)" in err[0]
    assert not out.exists()
    # Checking needs no catalogs: the games check together.
    assert main(["check", "--game", "polar-derby", "--game", NAME]) == 0
    assert f"{NAME}  first-roll  verified" in capsys.readouterr().out


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


def test_a_built_in_game_is_registered_once() -> None:
    """printkit's own games are listed in printkit.resources alone, not again as entry
    points, and each names its own package."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert games.GROUP not in project["project"].get("entry-points", {})
    for game_id, value in games.BUILT_IN.items():
        assert value == f"printkit.games.{game_id.replace('-', '_')}:GAME"
