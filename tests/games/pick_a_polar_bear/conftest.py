"""Fixtures shared by the Pick-a-Polar Bear rulebook tests: the game's data and its
verified examples, read once per module."""

from __future__ import annotations

from typing import Any

import pytest

from printkit.games import GAMES

GAME = GAMES["pick-a-polar-bear"]


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return GAME.load_data()


@pytest.fixture(scope="module")
def verified(data):  # type: ignore[no-untyped-def]
    return {v.id: v for v in GAME.verify(data)}
