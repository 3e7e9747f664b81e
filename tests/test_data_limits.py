"""Counts in game data have bounds a printed game can hold, and cross-field rules name the
file and key: nothing in a data file can hang a build or exhaust memory."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from printkit import games
from printkit.cli import main

CASES = [
    ("yeti-slalom", r"yeti_copies = \d+", "yeti_copies = 1000000000", "cards.yeti_copies"),
    ("yeti-slalom", r"snowballs = 16", "snowballs = 1000000", "cards.snowballs"),
    ("pick-a-polar-bear", r"(\[penalty\]\s*\ncards = )\d+", r"\g<1>1000000", "penalty.cards"),
    ("pick-a-polar-bear", r"(\[table\]\s*\nrows = )\d+", r"\g<1>1000000000", "table.rows"),
    ("pick-a-polar-bear", r"(\[solo\]\s*\nrows = )\d+", r"\g<1>8", "solo"),
    ("coraz-blizej-swieta", r"tydzien_cards = \d+", "tydzien_cards = 5",
     "components.tydzien_cards"),
    ("polar-derby", r'id = "blue"', 'id = "white"', "colours[1].id"),
    ("yeti-slalom", r'id = "crocodiles"', 'id = "beavers"', "teams[1].id"),
]


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    def copy(game_id: str) -> Path:
        original = games.GAMES[game_id]
        folder = tmp_path / game_id
        folder.mkdir()
        for name in ("game.toml", "examples.toml"):
            shutil.copy(original.folder / name, folder / name)
        patched = dict(games.GAMES)
        patched[game_id] = dataclasses.replace(original, folder=folder)
        monkeypatch.setattr(games, "GAMES", patched)
        return folder / "game.toml"
    return copy


@pytest.mark.parametrize(("game", "pattern", "replacement", "key"), CASES,
                         ids=[c[3] for c in CASES])
def test_an_impossible_count_is_one_line_naming_file_and_key(
        data_copy, tmp_path: Path, game: str, pattern: str, replacement: str, key: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = data_copy(game)
    text = path.read_text(encoding="utf-8")
    changed = re.sub(pattern, replacement, text, count=1)
    assert changed != text, pattern
    path.write_text(changed, encoding="utf-8")
    code = main(["build", "--game", game, "--locale", "en", "--quiet", "--out",
                 str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert any("game.toml" in line and key in line for line in err.splitlines()), err
    assert not (tmp_path / "out").exists()
