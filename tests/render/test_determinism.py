"""The same input always gives byte-identical PDFs, across separate processes too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import GAME_ID


def _build(out: Path) -> dict[str, bytes]:
    subprocess.run([sys.executable, "-m", "printkit", "build", "--locale", "pl", "--quiet",
                    "--out", str(out)], check=True)
    return {p.name: p.read_bytes() for p in sorted((out / GAME_ID / "pl").iterdir())}


def test_two_builds_are_byte_identical(tmp_path: Path, built_kit: Path) -> None:
    first = _build(tmp_path / "a")
    second = _build(tmp_path / "b")
    assert len(first) == 6  # four documents, the guide and the whole kit
    assert {"guide-a4.pdf", "kit-a4.pdf"} <= set(first)
    assert first == second
    # ...and the in-process session build agrees with both.
    session = {p.name: p.read_bytes() for p in sorted((built_kit / GAME_ID / "pl").iterdir())}
    assert session == first
