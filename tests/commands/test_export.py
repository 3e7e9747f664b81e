"""``printkit export``: card images for print services and Tabletop Simulator decks."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pytest
from PIL import Image

from printkit.assembly.raster import open_pdf, render_dpi
from printkit.cli import main
from printkit.commands.export import ExportOptions, export_cards, export_tts
from printkit.games import GAMES
from printkit.geometry import DEFAULT_SPEC, PAPERS, CardSize, card_grid
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.outputs.preview import tts

BEAR = "pick-a-polar-bear"
YETI = "yeti-slalom"
CORAZ = "coraz-blizej-swieta"


def cards_of(out: Path, game: str) -> tuple[Path, list[dict[str, str]]]:
    folder = out / "exports" / game / "en" / "cards"
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as fh:
        return folder, list(csv.DictReader(fh))


@pytest.fixture(scope="module")
def bear_cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bear")
    export_cards(ExportOptions(game=BEAR, dpi=100, out=out))
    return out


def test_a_card_image_is_the_card_and_its_bleed_at_the_dpi(tmp_path: Path) -> None:
    export_cards(ExportOptions(game=YETI, out=tmp_path))  # 300 dpi
    folder, rows = cards_of(tmp_path, YETI)
    data = GAMES[YETI].load_data()["print"]
    # (card + 2 × 3 mm bleed) at 300 dpi: the 41 × 63 mm Yeti card is 555 × 815 px
    sizes = {(round((data["card_width_mm"] + 6) / 25.4 * 300),
              round((data["card_height_mm"] + 6) / 25.4 * 300))}
    assert (555, 815) in sizes
    side = round((data["snowboarder_mm"] + 6) / 25.4 * 300)
    sizes.add((side, side))
    seen = {Image.open(folder / row["file"]).size for row in rows}
    assert seen == sizes


def test_the_manifest_counts_every_card_of_the_game_once(bear_cards: Path) -> None:
    folder, rows = cards_of(bear_cards, BEAR)
    data = GAMES[BEAR].load_data()
    combos = 1
    for attribute in data["attributes"]:
        combos *= len(attribute["values"])
    animals = combos * data["deck"]["copies"]
    specials = 1 + len(data["bonus"]["cards"]) + data["penalty"]["cards"]
    for side in ("front", "back"):
        assert sum(int(r["copies"]) for r in rows if r["side"] == side) == animals + specials
    animal_fronts = {r["file"] for r in rows if r["side"] == "front"
                     and r["card_id"].startswith("animal-cards")}
    assert len(animal_fronts) == combos  # 32 designs, each written once with 3 copies
    assert {r["file"] for r in rows} == {p.name for p in folder.glob("*.png")}


def test_a_face_image_is_the_card_cut_from_the_print_shop_sheet(tmp_path: Path) -> None:
    """The exported front equals the same card cropped from the shop-layout PDF's render."""
    dpi = 150
    export_cards(ExportOptions(game=CORAZ, dpi=dpi, out=tmp_path))
    folder, rows = cards_of(tmp_path, CORAZ)
    (front,) = [r for r in rows if r["side"] == "front"]
    exported = np.asarray(Image.open(folder / front["file"]).convert("RGB"), dtype=float)

    game = GAMES[CORAZ]
    data = game.load_data()
    spec = replace(DEFAULT_SPEC, layout="shop")
    ctx = RenderContext(game=game, data=data, examples={}, localizer=Localizer.for_locale("en"),
                        paper=PAPERS["a4"], document="tydzien-cards", spec=spec)
    pdf = game.document("tydzien-cards").render(ctx)
    card = data["tydzien_card"]
    grid = card_grid(PAPERS["a4"], CardSize(card["width_mm"], card["height_mm"]), spec,
                     data["components"]["tydzien_cards"])
    bleed = grid.front_box(4).bleed  # any slot: every copy is alike
    with open_pdf(pdf) as document:
        sheet = render_dpi(document, 0, dpi)
    scale = dpi / 72
    top = grid.page_size[1] - bleed.top
    box = (round(bleed.x * scale), round(top * scale), round(bleed.right * scale),
           round((top + bleed.height) * scale))
    cut = np.asarray(sheet.crop(box).resize(exported.shape[1::-1]).convert("RGB"), dtype=float)
    difference = np.abs(cut - exported)
    assert difference.mean() < 6, difference.mean()  # antialiasing and a sub-pixel shift
    assert np.percentile(difference, 90) < 20


def test_tts_decks_fit_its_limits_and_load_the_written_files(tmp_path: Path) -> None:
    result = export_tts(ExportOptions(game=BEAR, out=tmp_path))
    folder = tmp_path / "exports" / BEAR / "en" / "tts"
    expected = {"animal-cards": 96, "special-cards": 14}
    for name, count in expected.items():
        saved = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        (deck,) = saved["ObjectStates"]
        assert deck["Name"] == "Deck" and len(deck["DeckIDs"]) == count
        assert len(deck["ContainedObjects"]) == count
        for key, sheet in deck["CustomDeck"].items():
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            used = {i for i in deck["DeckIDs"] if i // 100 == int(key)}
            assert max(i % 100 for i in used) < min(69, sheet["NumWidth"] * sheet["NumHeight"])
            for url in (sheet["FaceURL"], sheet["BackURL"]):
                path = Path(unquote(urlparse(url).path))
                assert urlparse(url).scheme == "file" and path in result.written, url
                assert max(Image.open(path).size) <= 4096
            face = Image.open(Path(unquote(urlparse(sheet["FaceURL"]).path)))
            assert face.width % sheet["NumWidth"] == 0 and face.height % sheet["NumHeight"] == 0
    assert result.notes == []


def test_a_set_too_big_for_one_legible_sheet_is_split_and_says_so() -> None:
    plan = tts.plan("big (big)", 69, 120, 170)
    assert plan.dpi >= tts.LEGIBLE_DPI and plan.per_sheet < 69
    assert plan.cols * round(120 / 25.4 * plan.dpi) <= 4096
    assert plan.note and "reduced to" in plan.note and "per sheet" in plan.note
    small = tts.plan("poker", 69, 63, 88)
    assert (small.cols, small.rows, small.note) == (10, 7, None)


@pytest.mark.parametrize(("args", "names"), [
    (["export", "cards", "--game", "nope"], "'nope'"),
    (["export", "tts", "--game", BEAR, "--locale", "xx"], "'xx'"),
    (["export", "cards", "--game", BEAR, "--document", "rulebook"], "'rulebook'"),
    (["export", "cards", "--game", BEAR, "--dpi", "50"], "--dpi"),
    (["export", "cards", "--game", BEAR, "--dpi", "1201"], "--dpi"),
])
def test_bad_input_exits_2_with_one_line_naming_it(args: list[str], names: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*args, "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and names in err
    assert not (tmp_path / "o").exists()
