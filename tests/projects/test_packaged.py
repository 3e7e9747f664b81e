"""The scaffold's files travel in the wheel (hatch packages printkit/ whole), and the wheel
declares the built-in games in the entry point group."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from printkit.tools.scaffold import STARTERS_DIR as TEMPLATE

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "-w", str(dist), str(ROOT)], check=True, timeout=300)
    (found,) = dist.glob("printkit-*.whl")
    return zipfile.ZipFile(found)


def test_wheel_carries_every_scaffold_file(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    scaffold = [p for p in TEMPLATE.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert len(scaffold) >= 7
    for path in scaffold:
        assert f"printkit/tools/scaffold/starters/{path.relative_to(TEMPLATE).as_posix()}" in names


def test_wheel_registers_the_built_in_games_once(wheel: zipfile.ZipFile) -> None:
    """printkit's own games are listed in the package (printkit/resources.py), not again
    as entry points; the group is for games of their own distributions."""
    (points,) = [n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt")]
    assert "[printkit.games]" not in wheel.read(points).decode()
    resources = wheel.read("printkit/resources.py").decode()
    assert '"polar-derby": "printkit.games.polar_derby:GAME"' in resources
