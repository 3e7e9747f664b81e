"""What a deck reads from the rest of game.toml, plural and formatted boxes, the back's own
boxes and the ink-saver forms a box declares: a deck like the built-in Tydzień cards,
written by a project."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from printkit.errors import DataErrors
from printkit.geometry import PAPERS, CardSize, PrintSpec, card_grid, mm
from printkit.language.locales import project_locales
from printkit.language.translations import Localizer
from printkit.model.components import check_components, component_msgids, load_deck
from printkit.tools.extract import extract_catalog
from printkit.tools.project import read_data
from tests.support import reader, text, without_sheet_labels

from .project import Project, page_images

GAME = '''title = "Tally Test"
subtitle = "A test of data-driven decks"
credit = "By the tests"
players = { min = 2, max = 4 }
box = { age = 8, minutes = 20 }

[rules]
card = { width_mm = 60, height_mm = 40 }
copies = 3
bonus = 1200

[decks.tally]
title = "Tally cards"
card = "rules.card"
fields = ["days"]

[[decks.tally.cards]]
days = 1
count = "rules.copies"

[[decks.tally.cards]]
days = 4

[[decks.tally.boxes]]
name = "field"
show = "fill"
colour = "#a3212a"
x_mm = 0
y_mm = 0
width_mm = 60
height_mm = 40
saver = "frame"

[[decks.tally.boxes]]
name = "panel"
show = "fill"
colour = "#fdf8ef"
x_mm = 3
y_mm = 3
width_mm = 54
height_mm = 34
radius_mm = 2
saver = "none"

[[decks.tally.boxes]]
name = "days"
show = "text"
field = "days"
# TRANSLATORS: under the big number of a tally card; %(num)s is the card's days.
plural = ["%(num)s day", "%(num)s days"]
x_mm = 5
y_mm = 5
width_mm = 50
height_mm = 9

[[decks.tally.boxes]]
name = "bonus"
show = "value"
data = "rules.bonus"
format = "+%(value)s"
x_mm = 5
y_mm = 16
width_mm = 50
height_mm = 9
bold = true

[[decks.tally.boxes]]
name = "mark"
show = "symbol"
content = "heart"
x_mm = 25
y_mm = 26
width_mm = 10
height_mm = 10
colour = "#d9a928"
saver = "outline"

[decks.tally.back]
colour = "#1e6b45"

[[decks.tally.back.boxes]]
name = "title"
show = "value"
data = "title"
x_mm = 3
y_mm = 28
width_mm = 54
height_mm = 8
bold = true
colour = "#fdf8ef"
'''


@pytest.fixture
def tally(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    folder = tmp_path / "tally"
    folder.mkdir()
    (folder / "game.toml").write_text(GAME, encoding="utf-8")
    monkeypatch.chdir(folder)
    return Project(folder)


def _data(project: Project) -> dict[str, Any]:
    return read_data(project.folder)


def _render(project: Project, **kw: Any) -> bytes:
    return project.render("tally", data=_data(project), **kw)


def _errors(project: Project) -> list[str]:
    with pytest.raises(DataErrors) as exc:
        check_components(read_data(project.folder), project.folder)
    return exc.value.lines()


def test_the_card_size_and_a_count_come_from_elsewhere_in_game_toml(tally: Project) -> None:
    deck = load_deck(_data(tally), "tally", tally.folder)
    assert deck.card == CardSize(60, 40)
    assert deck.card_key == "rules.card"
    assert [card.count for card in deck.cards] == [3, 1]
    assert len(deck.order) == 4


@pytest.mark.parametrize("locale", ["en", "pl", "de"])
def test_plural_and_formatted_boxes_print_in_the_locale(tally: Project, locale: str) -> None:
    ctx = tally.context("tally", locale=locale, data=_data(tally))
    pdf = reader(ctx.game.document("tally").render(ctx))
    fronts, backs = (without_sheet_labels(pdf.pages[i].extract_text()).replace("\xa0", " ")
                     for i in (0, 1))
    loc = Localizer.for_locale(locale)
    for days, copies in ((1, 3), (4, 1)):
        line = loc.ngettext("%(num)s day", "%(num)s days", days) % {"num": loc.number(days)}
        assert fronts.count(line) == copies, (line, fronts)
    assert fronts.count(f"+{loc.number(1200)}".replace("\xa0", " ")) == 4
    if locale == "de":  # the locale's own way with numbers
        assert "+1.200" in fronts
    assert backs.count("Tally Test") == 4  # a value: the title as it is, not a msgid
    assert "Tally Test" not in ctx.localizer.missing


def _card_image(project: Project, ink_saver: bool, page: int = 0) -> Image.Image:
    """The first card of a page (its front, or its back), cut out of the sheet at 4 px per
    point; the page renders upright, in the grid's own coordinates."""
    pdf = _render(project, layout="shop", ink_saver=ink_saver)
    deck = load_deck(_data(project), "tally", project.folder)
    grid = card_grid(PAPERS["a4"], deck.card, PrintSpec(layout="shop"), len(deck.order))
    trim = (grid.back_box if page % 2 else grid.front_box)(0).trim
    scale = 4.0
    image = page_images(pdf, scale=scale)[page].convert("RGB")
    left, top = trim.x * scale, image.height - trim.top * scale
    return image.crop((round(left), round(top), round(left + mm(60) * scale),
                       round(top + mm(40) * scale)))


def _at(card: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return card.getpixel((round(x_mm / 60 * (card.width - 1)),
                          round(y_mm / 40 * (card.height - 1))))


def _near(colour: tuple[int, ...], hex_: str, tolerance: int = 12) -> bool:
    want = tuple(int(hex_[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(colour, want, strict=False))


def test_ink_saver_forms_declared_by_the_boxes(tally: Project) -> None:
    normal, saver = _card_image(tally, False), _card_image(tally, True)
    # The red field: red as designed; in ink-saver mode paper, with a red frame 1.6 mm in.
    assert _near(_at(normal, 1, 20), "#a3212a")
    assert _near(_at(saver, 0.8, 20), "#ffffff")
    assert not _near(_at(saver, 1.6, 20), "#ffffff", 60)
    # The panel: paper as designed, left out in ink-saver mode.
    assert _near(_at(normal, 10, 36), "#fdf8ef")
    assert _near(_at(saver, 10, 36), "#ffffff")
    # The heart: gold, then an outline round white (its saver_fill).
    assert _near(_at(normal, 30, 31), "#d9a928")
    assert _near(_at(saver, 30, 31), "#ffffff")


def test_a_symbol_may_keep_its_colour_and_a_fill_may_keep_its_field(tally: Project) -> None:
    tally.edit('saver = "outline"', 'saver = "keep"')
    tally.edit('saver = "none"', 'saver = "keep"')
    saver = _card_image(tally, True)
    assert _near(_at(saver, 30, 31), "#d9a928")
    assert _near(_at(saver, 10, 36), "#fdf8ef")


def test_the_back_draws_its_own_boxes(tally: Project) -> None:
    back = _card_image(tally, False, page=1)
    assert _near(_at(back, 1, 1), "#1e6b45")


def test_the_plural_pair_is_one_catalog_entry_with_its_note(tally: Project) -> None:
    pairs = [m for m, _where in component_msgids(_data(tally), tally.folder)
             if isinstance(m, tuple)]
    assert pairs == [("%(num)s day", "%(num)s days")]
    with project_locales(tally.folder / "locales"):
        catalog = extract_catalog()
    entry = catalog.get(("%(num)s day", "%(num)s days"))
    assert entry is not None and entry.pluralizable
    assert any("under the big number" in note for note in entry.auto_comments)
    assert "data: decks.tally.boxes[2].plural" in entry.auto_comments
    ids = {m.id for m in catalog if m.id}
    assert "Tally cards" in ids
    # Box names, values, formats, dotted keys and colours are not text.
    for junk in ("field", "panel", "days", "bonus", "mark", "title", "+%(value)s",
                 "rules.bonus", "rules.card", "heart", "#a3212a", "%(num)s day"):
        assert junk not in ids, junk


@pytest.mark.parametrize(("old", "new", "message"), [
    ('format = "+%(value)s"', 'format = "+%(v)s"',
     "decks.tally.boxes[3].format: needs %(value)s where the value goes"),
    ('format = "+%(value)s"', 'format = "%(value)s %"',
     "decks.tally.boxes[3].format: only %(value)s may follow a % sign"),
    ('saver = "outline"', 'saver = "frame"',
     "decks.tally.boxes[4].saver: a symbol box has no ink-saver form 'frame'; one of: auto, "
     "keep, outline"),
    ('saver = "none"', 'saver = "outline"',
     "decks.tally.boxes[1].saver: a fill box has no ink-saver form 'outline'"),
    ('data = "rules.bonus"\nformat', 'data = "rules.bonus"\nplural = ["a", "b"]\nformat',
     "decks.tally.boxes[3].plural: only a text box shows a plural message"),
    ('field = "days"\n#', 'content = "days"\n#',
     "decks.tally.boxes[2]: box 'days' needs the number that picks the plural form"),
    ('data = "title"', 'field = "days"',
     "decks.tally.back.boxes[0].field: the back is the same on every card"),
    ('card = "rules.card"', 'card = 60',
     "decks.tally.card: expected a table { width_mm, height_mm } or the dotted key of one"),
])
def test_a_box_that_cannot_work_is_one_line(tally: Project, old: str, new: str,
                                            message: str) -> None:
    tally.edit(old, new)
    with pytest.raises(DataErrors) as exc:
        read_data(tally.folder)
    lines = exc.value.lines()
    assert len(lines) == 1 and message in lines[0], lines


@pytest.mark.parametrize(("old", "new", "message"), [
    ('card = "rules.card"', 'card = "rules.size"',
     "game.toml: decks.tally.card: 'rules.size' is not a table of width_mm and height_mm"),
    ('count = "rules.copies"', 'count = "rules.bonus.more"',
     "game.toml: decks.tally.cards[0].count: 'rules.bonus.more' is not a whole number"),
    ('data = "rules.bonus"', 'data = "rules.missing"',
     "game.toml: decks.tally.boxes[3].data: 'rules.missing' is not a key of game.toml"),
    ('days = 4', 'days = "four"',
     "game.toml: decks.tally.cards[1].days: 'four' is not a whole number (box 'days' picks "
     "its plural form by it)"),
    ('x_mm = 25', 'x_mm = 55',
     "game.toml: decks.tally.boxes[4]: box 'mark' lies 8 mm outside the card's safe zone on "
     "the right"),
])
def test_what_a_deck_reads_elsewhere_is_checked_when_it_loads(tally: Project, old: str,
                                                              new: str, message: str) -> None:
    tally.edit(old, new)
    lines = _errors(tally)
    assert len(lines) == 1 and lines[0].startswith(message), lines


def test_a_number_at_a_dotted_key_picks_the_plural_form(tally: Project) -> None:
    tally.edit('field = "days"\n#', 'data = "rules.copies"\n#')
    found = without_sheet_labels(text(reader(_render(tally))))
    assert found.count("3 days") == 4
