"""Fixtures of the component tests: a fresh copy of the sample project per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from .project import Project, copy_sample


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    """A copy of the sample project that the test may edit, run from inside its folder
    (so messages name its files as a designer working there sees them)."""
    folder = copy_sample(tmp_path)
    monkeypatch.chdir(folder)
    return Project(folder)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """The sample project as shipped (read only), shared by a module's tests."""
    return Project(copy_sample(tmp_path_factory.mktemp("components")))
