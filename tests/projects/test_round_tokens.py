"""A project's round tokens: `[tokens.<id>] cut = "circle"` cuts each token along a circle
(as Polar Derby's bears are), its export is the token on its square with bleed, and a cut
printkit does not know is one line naming the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from printkit.cli import main
from tests.games.polar_derby.test_tokens import _circle, cut_lines
from tests.projects.conftest import NAME
from tests.projects.test_bad_input import _fails

MM_PER_PT = 25.4 / 72

MARKERS = '''
[tokens.markers]
title = "Markers"
size_mm = 22
cut = "circle"

[[tokens.markers.tokens]]
shape = "circle"
count = 7
colour = "#2f6f9f"
label = "Bonus"
'''


def _with_markers(project: Path, markers: str = MARKERS) -> None:
    with (project / "game.toml").open("a", encoding="utf-8") as fh:
        fh.write(markers)


def test_round_tokens_are_cut_along_circles(project: Path) -> None:
    _with_markers(project)
    out = project / "out"
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en",
                 "--out", str(out)]) == 0
    pdf = (out / NAME / "en" / "markers-a4.pdf").read_bytes()
    circles = [_circle(path) for path in cut_lines(pdf)]
    assert len(circles) == 7 and all(circles), circles
    assert {round(2 * r * MM_PER_PT, 2) for _x, _y, r in circles} == {22.0}
    # No straight cut line: the sheet's only strokes in the cut lines' black are circles.
    assert all(_circle(path) for path in cut_lines(pdf))


def test_exported_round_tokens_are_square_images_with_their_bleed(project: Path) -> None:
    _with_markers(project)
    out = project / "export"
    assert main(["export", "cards", "--game", NAME, "--document", "markers",
                 "--out", str(out)]) == 0
    images = sorted((out / "exports" / NAME / "en" / "cards").glob("markers-*.png"))
    assert len(images) == 1  # seven alike tokens: one image
    with Image.open(images[0]) as image:
        # 22 mm and 3 mm of bleed a side, at 300 dpi: 28 mm, 331 px either way
        assert image.size == (331, 331)
        assert image.getpixel((0, 0))[:3] == (255, 255, 255)  # the corner is off the token
        assert image.getpixel((165, 8))[:3] == (0x2f, 0x6f, 0x9f)  # the colour to the bleed


def test_a_cut_printkit_does_not_know_names_the_file_and_the_key(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    _with_markers(project, MARKERS.replace('cut = "circle"', 'cut = "round"'))
    line = _fails(capsys, project / "out")
    assert line.count("\n") == 0
    assert line.startswith("printkit: error: game.toml: tokens.markers.cut: 'round' is not one "
                           "of 'square', 'circle'"), line


def test_a_square_token_on_a_sheet_cut_along_circles_is_refused(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    _with_markers(project, MARKERS.replace('shape = "circle"', 'shape = "hexagon"'))
    line = _fails(capsys, project / "out")
    assert "game.toml: tokens.markers.tokens[0].shape: a sheet cut along circles" in line
    assert line.count("\n") == 0
