"""A game project's own fonts, declared once in game.toml: embedded in the cards, the score
sheet and the rulebook for the text that names them, confined to the project, checked
as fonts, glyph-checked, and an input of the build."""

from __future__ import annotations

import os
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from printkit.commands.build import BuildOptions, BuildResult, build
from printkit.errors import BuildError, DataErrors
from printkit.language import fonts
from printkit.language.script import load
from printkit.resources import fonts_dir
from printkit.tools.project import load_project, selected
from tests.projects.conftest import edit

FONTS = """
[fonts.frost]
regular = "fonts/Frost-Regular.ttf"
bold = "fonts/Frost-Bold.ttf"

[rulebook]
heading_font = "frost"

[[sheets.scores.texts]]
text = "Score sheet"
top_mm = 0
height_mm = 12
size = 20
font = "frost"
"""
#: A card name in Polish letters, printed as it is in every locale.
POLISH = "Śnieżyca"


def _font(src: str, dst: Path, family: str, style: str) -> None:
    """printkit's own font under another family name (another PostScript name)."""
    font = TTFont(str(fonts_dir() / src))
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID == 4:
            record.string = f"{family} {style}"
        elif record.nameID == 6:
            record.string = f"{family}-{style}"
    dst.parent.mkdir(exist_ok=True)
    font.save(str(dst))


@pytest.fixture
def fonted(project: Path) -> Path:
    """The new project with the font family 'frost' on its card titles, a line of its
    score sheet and its rulebook's headings, and a card named in Polish."""
    _font("DejaVuSerif-Bold.ttf", project / "fonts" / "Frost-Regular.ttf", "Frost", "Regular")
    _font("DejaVuSans-Bold.ttf", project / "fonts" / "Frost-Bold.ttf", "Frost", "Bold")
    toml = project / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + FONTS, encoding="utf-8")
    edit(toml, 'bold = true\nalign = "left"', 'bold = true\nfont = "frost"\nalign = "left"')
    edit(toml, 'note = "Play one race per player. The winner of each race scores 1 point; the '
               'most points wins the series."\n', "")
    edit(project / "cards.csv", "Tailwind,", f"{POLISH},")
    return project


def _build(folder: Path, out: Path, **options: object) -> BuildResult:
    settings = {"locales": ["en"], "out": out, "previews": False, "jobs": 1, **options}
    with selected(load_project(folder)):
        return build(BuildOptions(**settings))  # type: ignore[arg-type]


def _text_by_font(pdf: Path) -> dict[str, str]:
    """The text of every page of ``pdf``, by the font (BaseFont without its subset tag)
    it is drawn in."""
    found: dict[str, str] = defaultdict(str)
    for page in PdfReader(pdf).pages:
        def visit(text: str, _cm: object, _tm: object, font: object, _size: object) -> None:
            if font is not None and text:
                found[str(font["/BaseFont"]).split("+")[-1]] += text  # type: ignore[index]
        page.extract_text(visitor_text=visit)
    return found


def _embedded(pdf: Path) -> set[str]:
    """The fonts whose file (FontFile2, a TrueType subset) the PDF embeds."""
    names = set()
    for page in PdfReader(pdf).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            for descendant in font.get("/DescendantFonts") or []:
                descriptor = descendant.get_object().get("/FontDescriptor")
            if descriptor is not None and descriptor.get_object().get("/FontFile2"):
                names.add(str(font["/BaseFont"]).split("+")[-1])
    return names


def test_the_family_prints_where_it_is_named(fonted: Path, tmp_path: Path) -> None:
    _build(fonted, tmp_path / "out")
    folder = tmp_path / "out" / "snow-race" / "en"
    cards = _text_by_font(folder / "cards-a4.pdf")
    assert "Frost-Bold" in _embedded(folder / "cards-a4.pdf")
    assert POLISH in cards["Frost-Bold"]  # the card's title, Polish letters and all
    assert "Headwind" in cards["Frost-Bold"]
    assert "Frost-Bold" not in _embedded(folder / "track-a4.pdf")  # nothing names it there
    assert "Move one space" not in cards["Frost-Bold"]  # the card's text keeps printkit's
    assert "Frost-Regular" in _embedded(folder / "scores-a4.pdf")
    assert "Score" in _text_by_font(folder / "scores-a4.pdf")["Frost-Regular"]
    rulebook = _text_by_font(folder / "rulebook-a4.pdf")
    assert "Frost-Bold" in _embedded(folder / "rulebook-a4.pdf")
    assert "Snow" in rulebook["Frost-Bold"]  # the title, in the family's bold face
    assert rulebook["DejaVuSans"]  # the running text is printkit's own still


def test_a_rebuild_is_byte_identical(fonted: Path, tmp_path: Path) -> None:
    _build(fonted, tmp_path / "a")
    _build(fonted, tmp_path / "b")
    for name in ("cards-a4.pdf", "scores-a4.pdf", "rulebook-a4.pdf"):
        a = (tmp_path / "a" / "snow-race" / "en" / name).read_bytes()
        assert a == (tmp_path / "b" / "snow-race" / "en" / name).read_bytes(), name


def test_a_changed_font_rebuilds(fonted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(fonted, out)
    cards = out / "snow-race" / "en" / "cards-a4.pdf"
    before = cards.read_bytes()
    assert _build(fonted, out).rendered == 0
    _font("DejaVuSans.ttf", fonted / "fonts" / "Frost-Bold.ttf", "Frost", "Bold")
    rebuilt = _build(fonted, out).rendered_documents
    assert "snow-race/en/cards" in rebuilt and "snow-race/en/rulebook" in rebuilt
    assert POLISH in _text_by_font(cards)["Frost-Bold"]
    assert cards.read_bytes() != before  # the new font's glyphs, not the old one's
    fresh = tmp_path / "fresh"  # the same bytes as a build that never saw the old font
    _build(fonted, fresh)
    assert (fresh / "snow-race" / "en" / "cards-a4.pdf").read_bytes() == cards.read_bytes()


def _one_error(folder: Path) -> str:
    with pytest.raises(DataErrors) as caught:
        load_project(folder)
    message = str(caught.value)
    assert "\n" not in message.strip(), message
    return message


def test_a_font_outside_the_project_is_refused(fonted: Path, tmp_path: Path) -> None:
    outside = tmp_path / "Elsewhere.ttf"
    _font("DejaVuSans.ttf", outside, "Elsewhere", "Regular")
    edit(fonted / "game.toml", 'regular = "fonts/Frost-Regular.ttf"',
         'regular = "../Elsewhere.ttf"')
    message = _one_error(fonted)
    assert "game.toml" in message and "fonts.frost.regular" in message
    assert "inside the game folder" in message
    # a link inside the folder to a file outside it: the same
    os.symlink(outside, fonted / "fonts" / "Link.ttf")
    edit(fonted / "game.toml", '"../Elsewhere.ttf"', '"fonts/Link.ttf"')
    assert "inside the game folder" in _one_error(fonted)


def test_a_missing_file_is_one_line(fonted: Path) -> None:
    (fonted / "fonts" / "Frost-Bold.ttf").unlink()
    message = _one_error(fonted)
    assert "fonts.frost.bold" in message and "does not exist" in message


def test_a_file_that_is_not_a_font_is_one_line(fonted: Path) -> None:
    (fonted / "fonts" / "Frost-Bold.ttf").write_text("not a font at all", encoding="utf-8")
    message = _one_error(fonted)
    assert "fonts.frost.bold" in message and "Frost-Bold.ttf" in message
    assert "not a TrueType font" in message


def test_a_cff_font_is_refused_with_a_hint(fonted: Path) -> None:
    (fonted / "fonts" / "Frost-Bold.ttf").write_bytes(b"OTTO" + bytes(200))
    message = _one_error(fonted)
    assert "fonts.frost.bold" in message and "CFF" in message and ".ttf" in message


def test_an_undeclared_face_or_family_is_one_line(fonted: Path) -> None:
    toml = fonted / "game.toml"
    edit(toml, 'bold = true\nfont = "frost"', 'bold = true\nitalic = true\nfont = "frost"')
    message = _one_error(fonted)
    assert "decks.cards.boxes[1].font" in message and "bold_italic face" in message
    edit(toml, 'italic = true\nfont = "frost"', 'font = "ice"')
    message = _one_error(fonted)
    assert "decks.cards.boxes[1].font" in message and "'ice' is not declared" in message


def test_the_rulebook_body_needs_bold_and_italic(fonted: Path) -> None:
    edit(fonted / "game.toml", 'heading_font = "frost"', 'body_font = "frost"')
    message = _one_error(fonted)
    assert "rulebook.body_font" in message and "no italic face" in message


def _without_z(path: Path) -> None:
    """The font at ``path`` without its ż."""
    font = TTFont(str(path))
    options = subset.Options()
    options.name_IDs = ["*"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[c for c in font.getBestCmap() if c != ord("ż")])
    cutter.subset(font)
    font.save(str(path))
    assert ord("ż") not in TTFont(str(path)).getBestCmap()


def test_a_rulebook_heading_the_font_cannot_print_is_an_error(fonted: Path,
                                                              tmp_path: Path) -> None:
    _without_z(fonted / "fonts" / "Frost-Bold.ttf")
    edit(fonted / "game.toml", 'bold = true\nfont = "frost"', "bold = true")  # cards: none
    edit(fonted / "game.toml", 'title = "Snow Race"', 'title = "Wyżcig"')
    with pytest.raises(BuildError) as caught:
        _build(fonted, tmp_path / "out")
    message = str(caught.value)
    assert "locale en" in message and "rulebook" in message and "'ż'" in message
    assert "Frost-Bold.ttf" in message


def test_a_character_the_font_lacks_is_an_error(fonted: Path, tmp_path: Path) -> None:
    """Not a silent box: printkit's own font has ż, the project's does not."""
    _without_z(fonted / "fonts" / "Frost-Bold.ttf")
    with pytest.raises(BuildError) as caught:
        _build(fonted, tmp_path / "out")
    message = str(caught.value)
    assert "locale en" in message and "'ż'" in message and "Frost-Bold.ttf" in message
    assert POLISH in message and "box 'title'" in message


def test_the_rulebook_body_in_a_family(fonted: Path, tmp_path: Path) -> None:
    for face, src in (("Regular", "DejaVuSans.ttf"), ("Bold", "DejaVuSans-Bold.ttf"),
                      ("Italic", "DejaVuSans-Oblique.ttf")):
        _font(src, fonted / "fonts" / f"Thaw-{face}.ttf", "Thaw", face)
    toml = fonted / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + (
        '\n[fonts.thaw]\nregular = "fonts/Thaw-Regular.ttf"\nbold = "fonts/Thaw-Bold.ttf"\n'
        'italic = "fonts/Thaw-Italic.ttf"\n'), encoding="utf-8")
    edit(toml, 'heading_font = "frost"', 'heading_font = "frost"\nbody_font = "thaw"')
    _build(fonted, tmp_path / "out")
    rulebook = _text_by_font(tmp_path / "out" / "snow-race" / "en" / "rulebook-a4.pdf")
    assert "Race your pawn" in rulebook["Thaw-Regular"]
    assert rulebook["Thaw-Italic"] and rulebook["Thaw-Bold"]  # subtitle; sub-headings
    assert "Snow Race" in rulebook["Frost-Bold"]
    assert "Race your pawn" not in rulebook["DejaVuSans"]


def test_a_locale_with_fonts_of_its_own_warns_once(fonted: Path, tmp_path: Path) -> None:
    """Japanese: what the family lacks is set in the locale's fonts, with one warning."""
    shutil.copytree(fonted / "locales" / "de", fonted / "locales" / "ja")
    result = _build(fonted, tmp_path / "out", locales=["ja"])
    warned = [w for w in result.warnings if "font family 'frost'" in w]
    assert len(warned) == 1 and "locale ja" in warned[0], result.warnings
    cards = _text_by_font(tmp_path / "out" / "snow-race" / "ja" / "cards-a4.pdf")
    assert POLISH in cards["Frost-Bold"]


def test_a_locale_with_fonts_of_its_own_takes_them_for_what_the_family_lacks(
        fonted: Path) -> None:
    faces = fonts.project_family({(False, False): fonted / "fonts" / "Frost-Regular.ttf"})
    face = faces[(False, False)]
    ja = load("ja")
    runs = fonts.runs("Snow 雪", face, ja)
    assert runs[0] == (face, "Snow ") and runs[-1][0] != face and "雪" in runs[-1][1]
    assert fonts.missing_glyphs("Snow 雪", (face,), ja) == []
    assert fonts.missing_glyphs("Snow 雪", (face,), load("pl")) == ["雪"]


def test_a_card_may_take_its_family_from_a_column(fonted: Path, tmp_path: Path) -> None:
    """``font = "{face}"``: a card with 'frost' in that column prints its title in the
    family, a card with it empty in printkit's own face; a family not declared is one
    line naming it."""
    toml = fonted / "game.toml"
    edit(toml, 'fields = ["name", "text", "value", "symbol", "colour"]',
         'fields = ["name", "text", "value", "symbol", "colour", "face"]')
    edit(toml, 'bold = true\nfont = "frost"', 'bold = true\nfont = "{face}"')
    csv = fonted / "cards.csv"
    rows = csv.read_text(encoding="utf-8").splitlines()
    rows = [rows[0] + ",face", *(row + (",frost" if row.startswith(POLISH) else ",")
                                 for row in rows[1:])]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    _build(fonted, tmp_path / "out")
    cards = _text_by_font(tmp_path / "out" / "snow-race" / "en" / "cards-a4.pdf")
    assert POLISH in cards["Frost-Bold"] and "Headwind" not in cards["Frost-Bold"]
    assert "Headwind" in cards["DejaVuSans-Bold"]
    csv.write_text(csv.read_text(encoding="utf-8").replace(",frost", ",ice"), encoding="utf-8")
    with pytest.raises(BuildError) as caught:
        _build(fonted, tmp_path / "again")
    assert "'ice' is not declared" in str(caught.value) and "box 'title'" in str(caught.value)

