"""A deck of several card kinds, each card's colour from a column: read from the built PDF."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from printkit.errors import DataErrors
from printkit.model.components import load_deck
from tests.support import reader, without_sheet_labels

from .project import Project, page_images

GAME = '''title = "Kinds Sample"

[decks.market]
title = "Market cards"
card = { width_mm = 63, height_mm = 88 }
fields = ["name", "kind", "suit_colour", "text"]
csv = "market.csv"

[[decks.market.boxes]]
name = "band"
show = "fill"
colour = "{suit_colour}"
x_mm = 0
y_mm = 0
width_mm = 63
height_mm = 20

[[decks.market.boxes]]
name = "title"
show = "text"
field = "name"
x_mm = 5
y_mm = 24
width_mm = 53
height_mm = 9

[[decks.market.boxes]]
name = "body"
show = "text"
field = "text"
x_mm = 5
y_mm = 60
width_mm = 53
height_mm = 20
wrap = true
align = "left"

[[decks.market.kinds.spell]]
name = "spell-rule"
show = "text"
content = "Cast at once"
x_mm = 5
y_mm = 40
width_mm = 53
height_mm = 9

[[decks.market.kinds.item]]
name = "item-rule"
show = "text"
content = "Keep in hand"
x_mm = 5
y_mm = 40
width_mm = 53
height_mm = 9

[[decks.market.kinds.ally]]
name = "ally-rule"
show = "text"
content = "Joins your band"
x_mm = 5
y_mm = 40
width_mm = 53
height_mm = 9
colour = "{suit_colour}"
'''

CSV = '''name,kind,suit_colour,text
Fireball,spell,#c0392b,Gain 2 :star: now
Lantern,item,#2e86c1,
Wolf,ally,#27ae60,
'''

#: What each kind alone prints.
OWN = {"spell": "Cast at once", "item": "Keep in hand", "ally": "Joins your band"}


@pytest.fixture
def market(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    folder = tmp_path / "market"
    folder.mkdir()
    (folder / "game.toml").write_text(GAME, encoding="utf-8")
    (folder / "market.csv").write_text(CSV, encoding="utf-8")
    monkeypatch.chdir(folder)
    return Project(folder)


def _one_pdf_page_per_card(project: Project) -> Project:
    """Cards the size of an A4 page's printable area: one card a sheet, so each page is
    one card (and each card's own words are on its own page)."""
    project.edit("card = { width_mm = 63, height_mm = 88 }",
                 "card = { width_mm = 180, height_mm = 200 }")
    return project


def test_each_kind_prints_its_own_boxes_and_no_other(market: Project) -> None:
    pdf = reader(_one_pdf_page_per_card(market).render("market"))
    pages = [without_sheet_labels(page.extract_text()) for page in pdf.pages]
    assert len(pages) == 3
    for name, kind in (("Fireball", "spell"), ("Lantern", "item"), ("Wolf", "ally")):
        page = next(p for p in pages if name in p)
        for other, words in OWN.items():
            assert (words in page) == (other == kind), (name, other, page)


def _drawn(page: Any) -> bytes:
    """A page's content stream and those of the forms it draws (a card face is a form)."""
    out = page.get_contents().get_data()
    forms = page["/Resources"].get("/XObject") or {}
    for form in forms.values():
        form = form.get_object()
        if form.get("/Subtype") == "/Form":
            out += form.get_data()
    return out


def test_a_colour_from_a_column_fills_the_box(market: Project) -> None:
    pdf = _one_pdf_page_per_card(market).render("market")
    content = b"".join(_drawn(page) for page in reader(pdf).pages)
    # Fireball's band: #c0392b as a fill colour operator in the page's content stream.
    assert b".752941 .223529 .168627 rg" in content
    images = page_images(pdf, scale=0.3)
    wolf = next(i for i, page in enumerate(reader(pdf).pages) if "Wolf" in page.extract_text())
    image = images[wolf].convert("RGB")
    # The band fills the top of the card: Wolf's green is the commonest colour after white.
    colours = sorted(image.getcolors(maxcolors=1 << 20), reverse=True)
    assert [c for _n, c in colours[:3]].count((0x27, 0xAE, 0x60)) == 1, colours[:3]


def _one_error(exc: pytest.ExceptionInfo[DataErrors]) -> str:
    lines = exc.value.lines()
    assert len(lines) == 1, lines
    assert "\n" not in lines[0]
    return lines[0]


def test_an_unknown_kind_is_one_line_naming_file_row_and_the_kinds(market: Project) -> None:
    (market.folder / "market.csv").write_text(CSV.replace("Wolf,ally", "Wolf,beast"),
                                              encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        load_deck(market.data(), "market", market.folder)
    line = _one_error(exc)
    assert "market.csv" in line and "line 4" in line and "'beast'" in line
    assert "spell, item, ally" in line


def test_a_bad_colour_in_a_column_is_one_line_naming_file_row_and_column(
        market: Project) -> None:
    (market.folder / "market.csv").write_text(CSV.replace("#2e86c1", "blue"), encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        load_deck(market.data(), "market", market.folder)
    line = _one_error(exc)
    assert "market.csv" in line and "line 3" in line and "suit_colour" in line
    assert "'blue' is not a colour" in line


def test_a_colour_column_must_be_a_declared_field(market: Project) -> None:
    market.edit('colour = "{suit_colour}"', 'colour = "{suit}"')
    with pytest.raises(DataErrors) as exc:
        market.data()
    line = _one_error(exc)
    assert "decks.market.boxes[0]" in line and "'suit' is not a declared field" in line


def _fireball(pdf: bytes) -> tuple[str, bytes]:
    page = next(p for p in reader(pdf).pages if "Fireball" in p.extract_text())
    return page.extract_text(), _drawn(page)


def test_an_icon_in_text_is_drawn_inline_and_copies_as_its_name(market: Project) -> None:
    _one_pdf_page_per_card(market)
    words, drawn = _fireball(market.render("market"))
    assert "Gain 2 star now" in " ".join(words.split()), words
    assert b"3 Tr" in drawn  # the stand-in name is an invisible text run
    (market.folder / "market.csv").write_text(CSV.replace(":star: ", ""), encoding="utf-8")
    plain_words, plain = _fireball(market.render("market"))
    assert "Gain 2 now" in " ".join(plain_words.split())
    # The star is paths filled in the text's colour: more fills than without it.
    fills = re.compile(rb"(?m)^f\*?$| f\*?\n")
    assert len(fills.findall(drawn)) > len(fills.findall(plain))


def test_an_unknown_icon_is_one_line_naming_file_row_column_and_the_icons(
        market: Project) -> None:
    (market.folder / "market.csv").write_text(CSV.replace(":star:", ":coin:"),
                                              encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        load_deck(market.data(), "market", market.folder)
    line = _one_error(exc)
    assert "market.csv" in line and "line 2" in line and "(text)" in line
    assert "':coin:' is not an icon" in line and "star" in line


def test_the_words_after_an_icon_are_visible(market: Project) -> None:
    _one_pdf_page_per_card(market)
    with_word = page_images(market.render("market"), scale=0.3)
    (market.folder / "market.csv").write_text(CSV.replace(":star: now", ":star:"),
                                              encoding="utf-8")
    without = page_images(market.render("market"), scale=0.3)
    # The body is set from the left: only the word after the icon differs (the
    # invisible name of the icon must not leave the rest of the text invisible).
    assert [i.tobytes() for i in with_word] != [i.tobytes() for i in without]


def test_size_and_weight_from_columns(market: Project) -> None:
    """The title's size and boldness come from two more columns: each card's own."""
    _one_pdf_page_per_card(market)
    market.edit('fields = ["name", "kind", "suit_colour", "text"]',
                'fields = ["name", "kind", "suit_colour", "text", "big", "strong"]')
    market.edit('field = "name"\n', 'field = "name"\nsize = "{big}"\nbold = "{strong}"\n')
    rows = CSV.splitlines()
    (market.folder / "market.csv").write_text("\n".join(
        [rows[0] + ",big,strong", rows[1] + ",20,yes", rows[2] + ",9,no",
         rows[3] + ",9,no"]) + "\n", encoding="utf-8")
    pdf = reader(market.render("market"))
    for page in pdf.pages:
        words = page.extract_text()
        drawn = _drawn(page).decode("latin-1")
        big = "Fireball" in words
        # the title's font and size as set: bold 20 pt for Fireball, regular 9 pt else
        assert re.search(r"/F\d+\+?\d* 20 Tf", drawn) is not None if big else \
            re.search(r"/F\d+\+?\d* 9 Tf", drawn) is not None, (words, drawn[:400])
    fonts = {name for page in pdf.pages for name in _fonts(page)}
    assert any("Bold" in name for name in fonts), fonts


def _fonts(page: Any) -> list[str]:
    out = []
    for form in (page["/Resources"].get("/XObject") or {}).values():
        res = form.get_object().get("/Resources") or {}
        for font in (res.get("/Font") or {}).values():
            out.append(str(font.get_object()["/BaseFont"]))
    return out


@pytest.mark.parametrize(("cell", "style", "why"), [
    ("big", "size", "is not a text size from 3 to 200"),
    ("maybe", "bold", "is not true or yes"),
])
def test_a_bad_style_in_a_column_is_one_line(market: Project, cell: str, style: str,
                                             why: str) -> None:
    market.edit('fields = ["name", "kind", "suit_colour", "text"]',
                'fields = ["name", "kind", "suit_colour", "text", "look"]')
    market.edit('field = "name"\n', f'field = "name"\n{style} = "{{look}}"\n')
    rows = CSV.splitlines()
    good = "12" if style == "size" else "no"
    (market.folder / "market.csv").write_text("\n".join(
        [rows[0] + ",look", rows[1] + f",{good}", rows[2] + f",{cell}", rows[3] + f",{good}"]
    ) + "\n", encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        load_deck(market.data(), "market", market.folder)
    line = _one_error(exc)
    assert "market.csv: line 3, column 5 (look)" in line and why in line, line
    assert f"takes its {style} from column 'look'" in line


def test_a_card_in_words_names_its_icons_and_shows_its_kinds_words(market: Project) -> None:
    from printkit.model.components.faces import card_words

    ctx = market.context("market")
    deck = load_deck(ctx.data, "market", market.folder)
    fireball = next(c for c in deck.cards if c.values["name"] == "Fireball")
    assert card_words(ctx, deck, fireball) == ["Fireball", "Gain 2 star now", "Cast at once"]


def test_a_kind_box_named_as_a_box_on_every_card_is_one_line(market: Project) -> None:
    market.edit('name = "spell-rule"', 'name = "title"')
    with pytest.raises(DataErrors) as exc:
        market.data()
    line = _one_error(exc)
    assert "decks.market.kinds.spell[0].name: 'title' is already a box on every card" in line


def test_a_deck_with_kinds_needs_the_kind_field(market: Project) -> None:
    market.edit('fields = ["name", "kind", "suit_colour", "text"]',
                'fields = ["name", "suit_colour", "text"]')
    with pytest.raises(DataErrors) as exc:
        market.data()
    assert "decks.market.fields: a deck with kinds needs a 'kind' field" in _one_error(exc)


def test_the_kinds_texts_are_catalog_entries(market: Project) -> None:
    from printkit.model.components import component_msgids

    found = dict((where, msgid) for msgid, where in component_msgids(market.data(),
                                                                      market.folder))
    assert found["decks.market.kinds.ally[0].content"] == "Joins your band"
    assert found["market.csv: line 2, column 4 (text)"] == "Gain 2 :star: now"
