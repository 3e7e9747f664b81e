"""The worked examples of examples.toml, replayed with rules.py as ``printkit check`` does."""

from __future__ import annotations

import pytest
from conftest import PROJECT

from printkit.cli import main


def test_every_worked_example_replays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(PROJECT), "check"]) == 0, capsys.readouterr().out
    assert " 0 wrong" in capsys.readouterr().out
