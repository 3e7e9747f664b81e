"""What the tests of __TITLE__ share: the game's data and its rules engine.

Run the tests with ``python -m pytest tests`` in the project folder. A test that
checks a rule names it with ``@pytest.mark.rule("id")`` (an id of rules.toml):
``printkit check`` and ``printkit build`` count such a rule as covered, as they count
a rule that a worked example shows.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

#: The project folder: game.toml, rules.py and examples.toml are there.
PROJECT = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(*ids): the rules of rules.toml a test checks")


@pytest.fixture(scope="session")
def data() -> dict[str, Any]:
    """game.toml, as the rules engine receives it."""
    return tomllib.loads((PROJECT / "game.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def rules() -> ModuleType:
    """The rules engine, rules.py, imported as printkit imports it (its folder on the path)."""
    sys.path.insert(0, str(PROJECT))
    try:
        return importlib.import_module("rules")
    finally:
        sys.path.remove(str(PROJECT))
