"""Files for print shops, from the new project's 63 × 88 mm poker cards: card images at
each shop's exact pixel size with their resolution written in (`export cards --preset`),
and the one-up PDF of a shop build (each card on a page of its own, its trim and bleed
boxes)."""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from printkit.cli import main
from tests.projects.conftest import NAME, edit

#: Millimetres per PDF point.
MM_PER_PT = 25.4 / 72


@pytest.fixture(scope="module")
def copied(scaffolded: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the new project that every export and build of this module shares."""
    folder = tmp_path_factory.mktemp("shop-files") / NAME
    shutil.copytree(scaffolded, folder)
    return folder


@pytest.fixture(scope="module")
def exported(copied: Path) -> Callable[..., Path]:
    """The folder of an export of the project's cards with these options, each made once."""
    made: dict[tuple[str, ...], Path] = {}

    def export(*options: str) -> Path:
        if options not in made:
            out = copied / ("out" + "".join(options))
            assert main(["--project", str(copied), "export", "cards", "--game", NAME,
                         "--quiet", "--out", str(out), *options]) == 0
            made[options] = out / "exports" / NAME / "en"
        return made[options]

    return export


@pytest.mark.parametrize(("options", "folder", "size", "dpi"), [
    (("--preset", "mpc"), "cards-mpc", (822, 1122), 300),  # MakePlayingCards' poker card
    (("--preset", "tgc"), "cards-tgc", (825, 1125), 300),  # The Game Crafter's
    ((), "cards", (815, 1110), 300),  # generic: 63 × 88 mm and 3 mm of bleed a side
    (("--dpi", "150"), "cards", (407, 555), 150),
])
def test_every_card_image_has_the_presets_pixel_size_and_says_its_dpi(
        exported: Callable[..., Path], options: tuple[str, ...], folder: str,
        size: tuple[int, int], dpi: int) -> None:
    images = sorted((exported(*options) / folder).glob("*.png"))
    assert images
    for path in images:
        with Image.open(path) as image:
            assert image.size == size, path.name
            assert "dpi" in image.info, path.name
            assert [round(v) for v in image.info["dpi"]] == [dpi, dpi], path.name


def test_a_shop_image_has_the_card_in_its_middle(exported: Callable[..., Path]) -> None:
    """The MPC image is the generic one (the same card at the same dpi) with more bleed all
    round: the place where the generic image matches it best is its middle, to a pixel
    (the two lie on pixel grids a fraction of a pixel apart)."""
    mpc = Image.open(exported("--preset", "mpc") / "cards-mpc" / "cards-001-front.png")
    generic = Image.open(exported() / "cards" / "cards-001-front.png")
    (mw, mh), (gw, gh) = mpc.size, generic.size
    same = generic.convert("RGB").crop((20, 20, gw - 20, gh - 20))

    def differing(x: int, y: int) -> float:
        inner = mpc.convert("RGB").crop((x + 20, y + 20, x + gw - 20, y + gh - 20))
        levels = ImageChops.difference(inner, same).convert("L").histogram()
        return sum(levels[64:]) / (inner.width * inner.height)

    places = {(x, y): differing(x, y) for x in range(mw - gw + 1) for y in range(mh - gh + 1)}
    x, y = min(places, key=places.__getitem__)
    assert abs(x - (mw - gw) / 2) <= 1 and abs(y - (mh - gh) / 2) <= 1, (x, y)
    assert places[(x, y)] < 0.01


def test_a_card_size_the_shop_does_not_take_is_a_one_line_error(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(project / "game.toml", "card = { width_mm = 63, height_mm = 88 }",
         "card = { width_mm = 70, height_mm = 120 }")
    code = main(["export", "cards", "--game", NAME, "--preset", "tgc", "--quiet",
                 "--out", str(project / "out")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1, err
    assert err[0].startswith("printkit: error: --preset tgc: The Game Crafter"), err
    assert "70×120 mm" in err[0] and "poker 63.5×88.9 mm" in err[0], err
    assert not (project / "out" / "exports").exists()


def test_a_shop_preset_takes_no_dpi(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["export", "cards", "--game", NAME, "--preset", "mpc", "--dpi", "600",
                 "--out", str(project / "out")])
    assert code == 2
    assert "--dpi goes with --preset generic" in capsys.readouterr().err


@pytest.fixture(scope="module")
def one_up(copied: Path) -> PdfReader:
    """The one-up PDF of the project's cards, from a build in the shop layout."""
    out = copied / "out-shop"
    assert main(["--project", str(copied), "build", "--locale", "en", "--layout", "shop",
                 "--no-previews", "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    return PdfReader(out / NAME / "en" / "cards-1up-a4.pdf")


def _mm(box: object) -> list[float]:
    return [float(v) * MM_PER_PT for v in box]  # type: ignore[attr-defined]


def test_a_one_up_page_is_the_card_and_its_bleed_with_trim_and_bleed_boxes(
        one_up: PdfReader) -> None:
    assert len(one_up.pages) > 2
    for page in one_up.pages:
        assert _mm(page.mediabox) == pytest.approx([0, 0, 69, 94], abs=0.01)
        assert _mm(page.bleedbox) == pytest.approx([0, 0, 69, 94], abs=0.01)
        assert _mm(page.trimbox) == pytest.approx([3, 3, 66, 91], abs=0.01)
        assert page.get("/Rotate", 0) == 0


def test_a_one_up_file_has_each_front_then_its_back(one_up: PdfReader,
                                                    copied: Path) -> None:
    """Every card once, copies too, its front then its back: the project's backs are all
    alike, its fronts say the card's name."""
    texts = [page.extract_text() for page in one_up.pages]
    fronts, backs = texts[0::2], texts[1::2]
    assert len(fronts) == len(backs)
    assert len(set(backs)) == 1
    assert not set(fronts) & set(backs)
    with (copied / "cards.csv").open(encoding="utf-8", newline="") as fh:
        assert len(fronts) == sum(int(row["count"]) for row in csv.DictReader(fh))
