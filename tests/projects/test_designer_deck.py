"""A designer's deck with everything at once, as the tutorial builds it: three card kinds
from a spreadsheet column, a colour from a column, SVG art, a project font and a project
icon in text, built and read back from the finished PDF."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str

from printkit.commands.build import BuildOptions, build
from printkit.resources import fonts_dir
from printkit.tools.project import load_project, selected
from printkit.tools.scaffold import new_project

#: The art's colours: a sun in amber, a coin in gold (each only in its own SVG).
ART = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
       '<circle cx="50" cy="50" r="30" fill="#f2a900"/></svg>')
COIN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="4.5" fill="#d4af37"/></svg>')
#: Each treasure's text colour, from its own column (none of them is a suit's colour).
INKS = {"Sun 3": "#123456", "Leaf 3": "#654321", "Drop 3": "#0a5a0a", "Star 3": "#5a0a5a",
        "Heart 3": "#3c3c00"}

TREASURE = """
[[decks.cards.kinds.treasure]]
name = "treasure-symbol"
show = "symbol"
field = "symbol"
x_mm = 16.5
y_mm = 24
width_mm = 30
height_mm = 30
colour = "{colour}"

[[decks.cards.kinds.treasure]]
name = "treasure-text"
show = "text"
field = "text"
x_mm = 5
y_mm = 62
width_mm = 53
height_mm = 10
size = 11
colour = "{ink}"
"""
ART_BOX = """[[decks.cards.kinds.basket]]
name = "art"
show = "image"
field = "art"
x_mm = 11.5
y_mm = 30
width_mm = 40
height_mm = 40
"""
FONTS = """
[fonts.title]
regular = "fonts/Title-Regular.ttf"
bold = "fonts/Title-Bold.ttf"

[icons]
coin = "art/coin.svg"
"""


def _font(src: str, dst: Path, style: str) -> None:
    """printkit's own font under the family name "Title" (its own PostScript name)."""
    font = TTFont(str(fonts_dir() / src))
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = "Title"
        elif record.nameID == 4:
            record.string = f"Title {style}"
        elif record.nameID == 6:
            record.string = f"Title-{style}"
    dst.parent.mkdir(exist_ok=True)
    font.save(str(dst))


def _deck(root: Path) -> Path:
    game = new_project("my-deck", root, "cards")
    (game / "art").mkdir()
    (game / "art" / "sun.svg").write_text(ART, encoding="utf-8")
    (game / "art" / "coin.svg").write_text(COIN, encoding="utf-8")
    _font("DejaVuSerif-Bold.ttf", game / "fonts" / "Title-Regular.ttf", "Regular")
    _font("DejaVuSans-Bold.ttf", game / "fonts" / "Title-Bold.ttf", "Bold")
    rows = list(csv.DictReader((game / "cards.csv").open(encoding="utf-8")))
    for row in rows:
        row["art"] = "art/sun.svg" if row["kind"] == "basket" else ""
        row["ink"] = INKS.get(row["name"], "")
        if row["name"] in INKS:
            row["kind"], row["text"] = "treasure", "A treasure: :coin: :coin: :coin:"
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    data = (game / "game.toml").read_text(encoding="utf-8")
    start = data.index("\n[[decks.cards.kinds.basket]]\n") + 1  # the table, not a comment
    data = data[:start] + ART_BOX + data[data.index("\n[", start + 1):]
    data = data.replace('"colour", "text"]', '"colour", "text", "art", "ink"]', 1)
    data = data.replace("bold = true\nalign", 'bold = true\nfont = "title"\nalign', 1)
    data = data.replace("[decks.cards.back]", TREASURE + "\n[decks.cards.back]") + FONTS
    (game / "game.toml").write_text(data, encoding="utf-8")
    return game


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> PdfReader:
    root = tmp_path_factory.mktemp("designer")
    game = _deck(root)
    with selected(load_project(game)):
        build(BuildOptions(locales=["en"], out=root / "out", previews=False, jobs=1,
                           strict=True))
    return PdfReader(root / "out" / "my-deck" / "en" / "cards-a4.pdf")


def _forms(reader: PdfReader) -> list[bytes]:
    """The content of every form XObject of every page (forms inside forms too)."""
    found: list[bytes] = []
    seen: set[int] = set()

    def visit(resources: object) -> None:
        xobjects = (resources or {}).get("/XObject") or {}  # type: ignore[attr-defined]
        for ref in xobjects.values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Form":
                found.append(xobject.get_data())
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page["/Resources"])
    return found


def _rgb(hex_: str) -> bytes:
    return (fp_str(*HexColor(hex_).rgb()) + " rg").encode()


def _words(reader: PdfReader) -> str:
    """The text of every page, its lines joined by single spaces."""
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_three_kinds_each_with_its_face(cards: PdfReader) -> None:
    text = _words(cards)
    assert text.count("A treasure") == 10  # 5 treasures, 2 copies each
    assert text.count("no basket needed") == 3  # the gift cards
    assert "Sun 1" in text and "Heart 2" in text  # the basket cards


def test_a_colour_from_a_column(cards: PdfReader) -> None:
    streams = b"".join(page.get_contents().get_data() for page in cards.pages)
    streams += b"".join(_forms(cards))
    for ink in INKS.values():
        assert _rgb(ink) in streams, ink


def test_svg_art_is_vectors_not_pixels(cards: PdfReader) -> None:
    for page in cards.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        assert all(x.get_object()["/Subtype"] != "/Image" for x in xobjects.values())
    forms = _forms(cards)
    assert any(_rgb("#f2a900") in form for form in forms)  # the sun, drawn as shapes


def test_the_project_font_is_embedded_and_used(cards: PdfReader) -> None:
    embedded, titles = set(), ""
    for page in cards.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            for descendant in font.get("/DescendantFonts") or []:
                descriptor = descendant.get_object().get("/FontDescriptor")
            if descriptor is not None and descriptor.get_object().get("/FontFile2"):
                embedded.add(str(font["/BaseFont"]).split("+")[-1])

        def visit(text: str, _cm: object, _tm: object, font: object, _size: object) -> None:
            nonlocal titles
            if font is not None and "Title-Bold" in str(font["/BaseFont"]):  # type: ignore[index]
                titles += text
        page.extract_text(visitor_text=visit)
    assert "Title-Bold" in embedded
    assert "Sun 1" in titles and "A treasure" not in titles


def test_an_icon_of_the_projects_own_in_text(cards: PdfReader) -> None:
    assert "A treasure: coin coin coin" in _words(cards)
    assert any(_rgb("#d4af37") in form for form in _forms(cards))  # the coin, as shapes


def test_every_font_is_embedded(cards: PdfReader) -> None:
    """Drawing SVG art sets no font a printer would lack (a renderer's default Helvetica,
    unembedded, was named by every form that held art)."""
    fonts, seen, todo = {}, set(), [page["/Resources"] for page in cards.pages]
    while todo:
        resources = todo.pop()
        for name, ref in (resources.get("/Font") or {}).items():
            fonts[(name, ref.idnum)] = ref.get_object()
        for ref in (resources.get("/XObject") or {}).values():
            if ref.idnum not in seen:
                seen.add(ref.idnum)
                todo.append(ref.get_object().get("/Resources") or {})
    assert fonts
    for font in fonts.values():
        descriptor = font.get("/FontDescriptor")
        for descendant in font.get("/DescendantFonts") or []:
            descriptor = descendant.get_object().get("/FontDescriptor")
        assert descriptor is not None and descriptor.get_object().get("/FontFile2"), \
            font["/BaseFont"]
