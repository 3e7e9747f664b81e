"""Builds the i18n tests share: one game in Polish, and only the document a test looks at."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from printkit import games
from printkit.cli import main
from tests.conftest import GAME_ID


def build(out: Path, *extra: str) -> int:
    return main(["build", "--game", GAME_ID, "--locale", "pl", "--out", str(out), *extra])


def only(monkeypatch: pytest.MonkeyPatch, document: str) -> None:
    """Let the build render just ``document`` of the game (plus the guide and the kit every
    build makes): the test looks at that one document, so the others need not be drawn."""
    game = games.GAMES[GAME_ID]
    patched = dict(games.GAMES)
    patched[GAME_ID] = dataclasses.replace(
        game, documents=tuple(d for d in game.documents if d.id == document))
    monkeypatch.setattr(games, "GAMES", patched)
