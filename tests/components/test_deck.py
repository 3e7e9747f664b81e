"""Card decks from data: from TOML and from CSV, in every layout, checked against their files."""

from __future__ import annotations

import pytest
from PIL import Image

from printkit.errors import DataErrors, FitError
from printkit.geometry import LAYOUTS, PAPERS
from printkit.model.components import check_components, component_msgids, documents, load_deck
from printkit.model.components.faces import box_rect
from printkit.model.components.images import load_artwork
from printkit.model.components.schema import SAFE_SHOWS
from tests.support import drawn_picture, embedded_fonts, reader, text, without_sheet_labels

from .project import Project, picture


def _one_error(exc: pytest.ExceptionInfo[DataErrors]) -> str:
    lines = exc.value.lines()
    assert len(lines) == 1, lines
    assert "\n" not in lines[0]
    return lines[0]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize(("deck", "names", "backs"), [
    ("heroes", ["Ana", "Ben", "Cleo"], True),  # from CSV, with a back
    ("events", ["Avalanche", "Tailwind"], False),  # from TOML, one-sided
])
def test_deck_prints_in_every_layout_and_paper(sample: Project, deck: str, names: list[str],
                                               backs: bool, layout: str, paper: str) -> None:
    ctx = sample.context(deck, paper=paper, layout=layout)
    loaded = load_deck(ctx.data, deck, sample.folder)
    spec = ctx.data["decks"][deck]["card"]
    from printkit.geometry import CardSize

    grid = ctx.card_grid(CardSize(spec["width_mm"], spec["height_mm"]), len(loaded.order), "k")
    pdf = reader(ctx.game.document(deck).render(ctx))
    sheets = grid.pages(len(loaded.order))
    assert len(pdf.pages) == sheets * (2 if backs and layout != "fold" else 1)
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= embedded_fonts(pdf)
    step = 2 if backs and layout != "fold" else 1
    fronts = "\n".join(without_sheet_labels(pdf.pages[i].extract_text())
                       for i in range(0, len(pdf.pages), step))
    for name in names:
        copies = sum(c.count for c in loaded.cards if c.values["name"] == name)
        assert fronts.count(name) == copies, (name, fronts)
    label = {"home": "home layout", "shop": "print-shop layout", "fold": "fold layout"}[layout]
    assert f"Snow Sample · {ctx.data['decks'][deck]['title']}" in text(pdf)
    assert label in text(pdf)


def test_card_counts_come_from_the_csv(sample: Project) -> None:
    deck = load_deck(sample.data(), "heroes", sample.folder)
    assert [(c.values["name"], c.count) for c in deck.cards] == [("Ana", 2), ("Ben", 1),
                                                                ("Cleo", 3)]
    assert deck.cards[2].values.get("art") is None  # an empty cell: the box draws nothing
    assert deck.warnings == ()


def test_layout_boxes_lie_inside_the_safe_zone(sample: Project) -> None:
    from printkit.geometry import CardSize

    data = sample.data()
    for layout in LAYOUTS:
        ctx = sample.context("heroes", layout=layout, data=data)
        for deck_id, deck in data["decks"].items():
            card = CardSize(deck["card"]["width_mm"], deck["card"]["height_mm"])
            grid = ctx.card_grid(card, None, "k")
            for slot in range(grid.per_page):
                placed = grid.front_box(slot)
                for box in deck["boxes"]:
                    rect = box_rect(box, placed.trim)
                    zone = placed.safe if box["show"] in SAFE_SHOWS else placed.trim
                    assert zone.contains(rect), (layout, deck_id, box["name"])


def test_a_box_outside_the_safe_zone_is_one_line_naming_deck_box_and_distance(
        project: Project) -> None:
    project.edit('x_mm = 4\ny_mm = 4\nwidth_mm = 42', 'x_mm = 1\ny_mm = 4\nwidth_mm = 42')
    with pytest.raises(DataErrors) as exc:
        project.data()
    line = _one_error(exc)
    assert line.startswith("game.toml: decks.heroes.boxes[1]: box 'title' lies 2 mm outside "
                           "the card's safe zone on the left"), line


def test_a_fill_box_may_reach_the_cut_line_but_not_beyond(project: Project) -> None:
    project.edit('width_mm = 63\nheight_mm = 16', 'width_mm = 65\nheight_mm = 16')
    with pytest.raises(DataErrors) as exc:
        project.data()
    assert "decks.heroes.boxes[0]: box 'band' lies 2 mm outside the 63×88 mm card on the " \
           "right" in _one_error(exc)


def test_text_that_does_not_fit_names_the_card_and_the_field(project: Project) -> None:
    csv = project.folder / "heroes.csv"
    long = '"' + " ".join(["Skate past one rival without stopping, then again."] * 12) + '"'
    csv.write_text(csv.read_text(encoding="utf-8").replace(
        "Skate past one rival without stopping.", long), encoding="utf-8")
    with pytest.raises(FitError) as exc:
        project.render("heroes")
    message = str(exc.value)
    assert "card 'Ben'" in message and "heroes.csv: line 3" in message, message
    assert "field 'text' (box 'body')" in message, message


def test_an_image_below_200_dpi_warns_and_still_prints(project: Project) -> None:
    picture((150, 100), (155, 28, 28), "RGBA").save(project.folder / "images" / "ana.png")
    warnings = project.warnings()
    assert len(warnings) == 1, warnings
    line = warnings[0]
    assert "heroes.csv: line 2, column 6 (art)" in line and "'images/ana.png'" in line
    assert "on card 'Ana'" in line, line
    assert "prints at 75 dpi" in line and "200 dpi needs at least" in line, line
    assert project.render("heroes").startswith(b"%PDF")


def test_a_soft_image_warns_once_where_it_prints_softest(project: Project) -> None:
    # ana.png, 150×100 px, on two cards, on the back (57 mm wide: the softest) and in a
    # 20 mm box of another deck: one warning, for the back.
    picture((150, 100), (155, 28, 28), "RGBA").save(project.folder / "images" / "ana.png")
    csv = project.folder / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(",#2e7d32,,3",
                                                           ",#2e7d32,images/ana.png,3"),
                   encoding="utf-8")
    project.edit('text = "Snow Sample"\ntext_colour', 'image = "images/ana.png"\n'
                 'text = "Snow Sample"\ntext_colour')
    project.edit("[[decks.events.cards]]", '[[decks.events.boxes]]\nname = "logo"\n'
                 'show = "image"\ncontent = "images/ana.png"\nx_mm = 40\ny_mm = 6\n'
                 'width_mm = 20\nheight_mm = 20\n\n[[decks.events.cards]]')
    deck = load_deck(project.data(), "heroes", project.folder)
    assert len(deck.warnings) == 1 and "on the card back prints at 67 dpi" in deck.warnings[0]
    warnings = project.warnings()
    assert warnings == [deck.warnings[0]], warnings
    assert warnings[0].startswith("game.toml: decks.heroes.back.image: image 'images/ana.png'")
    events = load_deck(project.data(), "events", project.folder).warnings
    assert len(events) == 1 and "image 'images/ana.png' on every card prints at" in events[0]


def test_a_soft_image_on_several_cards_names_the_first_and_counts_the_rest(
        project: Project) -> None:
    picture((150, 100), (155, 28, 28), "RGBA").save(project.folder / "images" / "ana.png")
    csv = project.folder / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(",#2e7d32,,3",
                                                           ",#2e7d32,images/ana.png,3"),
                   encoding="utf-8")
    (line,) = project.warnings()
    assert line.startswith("heroes.csv: line 2, column 6 (art): image 'images/ana.png' on "
                           "card 'Ana' and 1 other card prints at 75 dpi"), line


def test_a_csv_column_that_is_not_a_field_names_file_line_and_column(project: Project) -> None:
    csv = project.folder / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("suit,", "colour,", 1),
                   encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    lines = exc.value.lines()
    assert lines[0].startswith("heroes.csv: line 1, column 4 (colour): unknown column; "
                               "declared fields: name, text, power, suit, band, art"), lines
    assert "heroes.csv: line 1: no column for the declared field 'suit'" in lines[1], lines


def test_a_bad_count_in_the_csv_names_its_cell(project: Project) -> None:
    csv = project.folder / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(",images/ben.jpg,1",
                                                           ",images/ben.jpg,one"),
                   encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    assert _one_error(exc).startswith("heroes.csv: line 3, column 7 (count): 'one' is not a "
                                      "whole number")


def test_a_missing_image_names_the_cell(project: Project) -> None:
    (project.folder / "images" / "ben.jpg").unlink()
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    assert _one_error(exc) == ("heroes.csv: line 3, column 6 (art): image file "
                               "'images/ben.jpg' not found in sample/")


def test_an_unreadable_image_is_an_error(project: Project) -> None:
    (project.folder / "images" / "ana.png").write_bytes(b"not a picture at all")
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    assert _one_error(exc).endswith("line 2, column 6 (art): image 'images/ana.png' cannot be "
                                    "read as PNG or JPEG")


def test_a_bad_symbol_or_colour_in_a_card_names_the_cell(project: Project) -> None:
    csv = project.folder / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(",skate,#3c6e9f,", ",boot,blue,"),
                   encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        check_components(project.data(), project.folder)
    lines = sorted(exc.value.lines())
    assert len(lines) == 2, lines
    assert lines[0].startswith("heroes.csv: line 3, column 4 (suit): 'boot' is not a symbol")
    assert lines[1].startswith("heroes.csv: line 3, column 5 (band): 'blue' is not a colour")


def test_a_toml_card_with_an_undeclared_field_names_it(project: Project) -> None:
    project.edit('name = "Tailwind"', 'name = "Tailwind"\ncolour = "red"')
    with pytest.raises(DataErrors) as exc:
        project.data()
    assert _one_error(exc) == ("game.toml: decks.events.cards[1].colour: unknown field; "
                               "declared fields: name, text, steps")


def test_a_box_naming_an_undeclared_field_is_an_error(project: Project) -> None:
    project.edit('field = "suit"', 'field = "suite"')
    with pytest.raises(DataErrors) as exc:
        project.data()
    assert "decks.heroes.boxes[4].field: 'suite' is not a declared field" in _one_error(exc)


def test_a_colour_profile_is_converted_to_srgb(sample: Project) -> None:
    art = load_artwork(sample.folder, "images/ben.jpg", "heroes.csv", "line 3")
    drawn = drawn_picture(art)
    assert drawn.mode == "RGB"
    r, g, b = drawn.getpixel((5, 5))
    assert abs(r - 60) < 8 and abs(g - 110) < 8 and abs(b - 159) < 8
    with Image.open(sample.folder / "images" / "ana.png") as original:
        assert original.mode == "RGBA"
    assert drawn_picture(load_artwork(sample.folder, "images/ana.png", "f", "k")).mode == "RGBA"


def test_card_text_is_translated_and_values_are_not(sample: Project) -> None:
    ctx = sample.context("heroes", locale="pl")
    ctx.game.document("heroes").render(ctx)
    assert "Once per game, move one extra space." in ctx.localizer.used
    assert "Ana" in ctx.localizer.used  # the name box is a text field
    assert "3" not in ctx.localizer.used  # the power box is a value


def test_msgids_cover_every_text_field(sample: Project) -> None:
    msgids = {m for m, _where in component_msgids(sample.data(), sample.folder)}
    assert {"Hero cards", "Cleo", "Skate past one rival without stopping.", "Snow Sample",
            "Move ahead three spaces.", "Total", "Player 4", "Avalanche", "Bonus",
            "Race track"} <= msgids
    assert "#9b1c1c" not in msgids and "images/ana.png" not in msgids and "3" not in msgids


def test_components_become_documents(sample: Project) -> None:
    docs = documents(sample.data())
    assert [(d.id, d.title, d.kind) for d in docs] == [
        ("heroes", "Hero cards", "cards"), ("events", "Event cards", "cards"),
        ("race", "Race track", "board"), ("rink", "Rink", "board"),
        ("markers", "Markers", "tokens"), ("score", "Score sheet", "sheet")]


def test_two_components_may_not_share_an_id(project: Project) -> None:
    project.edit("[sheets.score]", "[sheets.race]")
    with pytest.raises(DataErrors) as exc:
        documents(project.data())
    assert _one_error(exc) == ("game.toml: sheets.race: 'race' is already the id of "
                               "tracks.race; document ids must differ")


def test_a_deck_renders_byte_identical_twice(sample: Project) -> None:
    assert sample.render("heroes", layout="shop") == sample.render("heroes", layout="shop")
