"""A card image too small for print is a warning on standard error, from `printkit build` and
`printkit check` alike, once per image; the build still succeeds."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from printkit.cli import main

from .conftest import edit

#: A 20 mm image box on the face of the scaffold's weather cards, filled from a CSV column.
ART_BOX = """[[decks.cards.boxes]]
name = "art"
show = "image"
field = "art"
x_mm = 6
y_mm = 20
width_mm = 20
height_mm = 20

[decks.cards.back]"""


def _add_art(project: Path, size: tuple[int, int]) -> None:
    """art.png of ``size`` pixels on the first two cards (Tailwind, Headwind)."""
    Image.new("RGB", size, (200, 60, 40)).save(project / "art.png")
    edit(project / "game.toml", '"symbol", "colour"]', '"symbol", "colour", "art"]')
    edit(project / "game.toml", "[decks.cards.back]", ART_BOX)
    csv = project / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    lines = [lines[0] + ",art", *(line + ",art.png" for line in lines[1:3]),
             *(line + "," for line in lines[3:])]
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("warning:")]


#: 50 px across 20 mm.
EXPECTED = ("warning: cards.csv: line 2, column 7 (art): image 'art.png' on card 'Tailwind' "
            "and 1 other card prints at 63 dpi (50×50 px at 20 mm wide); 200 dpi needs at "
            "least 157×157 px")


def test_a_small_image_warns_in_build_and_check(project: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    _add_art(project, (50, 50))
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en"]) == 0
    captured = capsys.readouterr()
    assert _warnings(captured.err) == [EXPECTED], captured.err
    assert "wrote" in captured.out
    assert (project / "output" / "snow-race" / "en" / "cards-a4.pdf").is_file()

    assert main(["check"]) == 0
    captured = capsys.readouterr()
    assert _warnings(captured.err) == [EXPECTED], captured.err
    assert "4 verified, 0 wrong" in captured.out and "warning" not in captured.out


def test_a_sharp_image_says_nothing(project: Path, capsys: pytest.CaptureFixture) -> None:
    _add_art(project, (200, 200))  # 254 dpi
    assert main(["check"]) == 0
    assert _warnings(capsys.readouterr().err) == []
