"""An installed wheel carries its templates, catalogs and fonts, and builds a kit."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "-w", str(dist), str(ROOT)], check=True)
    (found,) = dist.glob("printkit-*.whl")
    return found


def test_wheel_contains_templates_catalogs_and_fonts(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in (
        "printkit/_data/templates/coraz-blizej-swieta/rulebook.xml.j2",
        "printkit/_data/locales/printkit.pot",
        "printkit/_data/locales/pl/LC_MESSAGES/printkit.po",
        "printkit/_data/locales/es/LC_MESSAGES/printkit.po",
        "printkit/fonts/DejaVuSans.ttf",
        "printkit/fonts/DejaVuSans-Bold.ttf",
        "printkit/fonts/DejaVuSans-Oblique.ttf",
        "printkit/fonts/DejaVuSerif-Bold.ttf",
        "printkit/fonts/LICENSE-DejaVu.txt",
        "printkit/games/coraz_blizej_swieta/game.toml",
        "printkit/games/coraz_blizej_swieta/examples.toml",
    ):
        assert required in names, required


def test_installed_wheel_builds_a_kit(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run([sys.executable, "-c", "import printkit; print(printkit.__file__)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    assert where.stdout.startswith(str(site))  # the wheel's copy, not the checkout
    done = subprocess.run([sys.executable, "-m", "printkit", "build", "--locale", "pl",
                           "--strict", "--quiet", "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "coraz-blizej-swieta" / "pl" / "rulebook-a4.pdf").is_file()
