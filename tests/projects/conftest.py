"""Fixtures of the project tests: a game project made by `printkit new`, copied per test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.cli import main

NAME = "snow-race"


@pytest.fixture(scope="session")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One project as `printkit new` writes it, made once and never edited."""
    parent = tmp_path_factory.mktemp("scaffold")
    assert main(["new", NAME, "--dir", str(parent)]) == 0
    return parent / NAME


@pytest.fixture
def project(scaffolded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the new project that the test may edit, as the current folder."""
    folder = tmp_path / NAME
    shutil.copytree(scaffolded, folder)
    monkeypatch.chdir(folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
