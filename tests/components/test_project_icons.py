"""The project's own icons (``[icons]`` in game.toml): in card text and in symbol boxes."""

from __future__ import annotations

import io

import numpy
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.icon_text import draw_icon_text
from printkit.drawing.text import PLAY_PT, Ink
from printkit.errors import DataErrors, TranslationError
from printkit.geometry import Rect, mm
from printkit.language import fonts
from printkit.model.components import check_components

from .project import Project, page_images

#: A pure-blue disc: a colour nothing else on the sample cards has.
COIN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">'
        '<circle cx="10" cy="10" r="10" fill="#0000ff"/></svg>')


def _with_icons(project: Project, text: str = "Gain 2 :coin: and 1 :wood:.",
                suit: str = "star") -> None:
    icons = project.folder / "icons"
    icons.mkdir()
    (icons / "coin.svg").write_text(COIN, encoding="utf-8")
    Image.new("RGB", (40, 40), (0, 255, 0)).save(icons / "wood.png")  # pure green
    project.edit('title = "Snow Sample"\n', 'title = "Snow Sample"\n\n[icons]\n'
                 'coin = "icons/coin.svg"\nwood = "icons/wood.png"\n')
    (project.folder / "heroes.csv").write_text(
        "name,text,power,suit,band,art,count\n"
        f"Ana,{text},3,{suit},#9b1c1c,,1\n", encoding="utf-8")


def _pixels(pdf: bytes, rgb: tuple[int, int, int]) -> int:
    image = numpy.asarray(page_images(pdf, scale=2.0)[0].convert("RGB")).astype(int)
    near = numpy.abs(image - numpy.array(rgb)).sum(axis=2) < 40
    return int(near.sum())


def test_icons_in_card_text_are_drawn_and_copy_as_their_names(project: Project) -> None:
    _with_icons(project)
    assert check_components(project.data(), project.folder) == []
    pdf = project.render("heroes")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    words = " ".join(page.extract_text().split())
    assert "Gain 2 coin and 1 wood" in words, words
    assert _pixels(pdf, (0, 0, 255)) > 100  # the SVG coin, as vectors
    assert _pixels(pdf, (0, 255, 0)) > 100  # the PNG wood
    assert b"/Subtype /Image" in pdf  # the PNG icon is a picture...
    assert pdf.count(b"/Subtype /Image") == 1  # ...embedded once; the SVG is none


def test_an_icon_in_text_follows_a_changed_file(project: Project) -> None:
    _with_icons(project)
    assert _pixels(project.render("heroes"), (0, 0, 255)) > 100
    (project.folder / "icons" / "coin.svg").write_text(COIN.replace("#0000ff", "#ff8000"),
                                                     encoding="utf-8")
    pdf = project.render("heroes")
    assert _pixels(pdf, (0, 0, 255)) == 0
    assert _pixels(pdf, (255, 128, 0)) > 100


def test_a_symbol_box_shows_a_project_icon(project: Project) -> None:
    _with_icons(project, text="No icons here.", suit="coin")
    assert check_components(project.data(), project.folder) == []
    # the suit box is 10 mm square: at 2 × 72 dpi, some 3,000 pixels of a disc
    assert _pixels(project.render("heroes"), (0, 0, 255)) > 2000


def _one_line(project: Project) -> str:
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    [line] = exc.value.lines()
    return line


def test_an_unknown_icon_lists_the_project_s_icons(project: Project) -> None:
    _with_icons(project, text="Gain :gold:.")
    line = _one_line(project)
    assert line.startswith("heroes.csv: line 2, column 2 (text): ':gold:' is not an icon; "
                           "icons: snowflake, "), line
    assert line.endswith(", fish, coin, wood"), line


def test_an_unknown_symbol_lists_the_project_s_icons(project: Project) -> None:
    _with_icons(project, suit="gold")
    line = _one_line(project)
    assert "'gold' is not a symbol; symbols: snowflake," in line and "coin, wood" in line


def test_an_icon_named_like_a_built_in_symbol_is_an_error(project: Project) -> None:
    _with_icons(project)
    project.edit('coin = "icons/coin.svg"', 'star = "icons/coin.svg"\ncoin = "icons/coin.svg"')
    assert _one_line(project).startswith("game.toml: icons.star: 'star' is a built-in "
                                         "symbol; give the project's icon another name")


def test_a_missing_or_bad_icon_file_is_one_line(project: Project) -> None:
    _with_icons(project)
    (project.folder / "icons" / "wood.png").unlink()
    assert _one_line(project) == ("game.toml: icons.wood: image file 'icons/wood.png' not "
                                  "found in sample/")
    Image.new("RGB", (4, 4)).save(project.folder / "icons" / "wood.png")
    (project.folder / "icons" / "coin.svg").write_text("<svg><text>1</text></svg>",
                                                       encoding="utf-8")
    line = _one_line(project)
    assert line.startswith("game.toml: icons.coin: SVG picture 'icons/coin.svg' "), line


def test_a_translation_may_use_the_project_s_icons_and_names_them_when_it_errs() -> None:
    fonts.register()
    canvas = Canvas(io.BytesIO(), pagesize=(mm(100), mm(100)))
    ink = Ink(canvas, "pl", "cards", floor_pt=PLAY_PT)
    drawn: list[str] = []
    own = {"coin": lambda c, x, y, side: drawn.append(f"coin {side:.1f}")}
    box = Rect(0, 0, mm(80), mm(10))
    draw_icon_text(canvas, ink, "Zdobądź 2 :coin:", box, fonts.REGULAR, 10, 7, "left", black,
                   "card 'A': field 'text'", False, own)
    assert drawn == ["coin 9.0"]  # as tall as the 10 pt text, like a built-in symbol
    with pytest.raises(TranslationError) as exc:
        draw_icon_text(canvas, ink, "Zdobądź 2 :moneta:", box, fonts.REGULAR, 10, 7, "left",
                       black, "card 'A': field 'text'", False, own)
    assert str(exc.value).endswith("':moneta:' is not an icon; icons: snowflake, drop, leaf, "
                                   "heart, sun, skate, star, fish, coin")
