"""The Tydzień cards of "Coraz bliżej Święta…" are a data-driven deck: what the game's code no
longer says, what the deck reads from the game's facts, and what the catalog gets.

``[decks.tydzien-cards]`` in game.toml draws them with the deck kind of
:mod:`printkit.model.components`; their size, count and days stay in ``[tydzien_card]`` and
``[components]``, which data.py checks against the rules. (When the cards moved, their
sheets and the rulebook pages that show one were compared with the old code's, page by
page, as images, in every layout, normal and ink-saver.)
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import inspect
import tomllib
from io import BytesIO
from typing import Any

import pytest

from printkit import games
from printkit.drawing.pdf import new_canvas
from printkit.errors import DataErrors
from printkit.games.coraz_blizej_swieta import figures
from printkit.games.coraz_blizej_swieta.data import SCHEMA
from printkit.geometry import DEFAULT_SPEC, PAPERS, CardSize
from printkit.language.translations import Localizer
from printkit.model.components import component_msgids, load_deck
from printkit.model.components.faces import render_deck
from printkit.model.game import RenderContext
from printkit.schema import validate
from printkit.tools.extract import extract_toml
from tests.support import reader, without_sheet_labels

GAME_ID = "coraz-blizej-swieta"
DECK = "tydzien-cards"


@functools.cache
def _data() -> dict[str, Any]:
    return games.get(GAME_ID).load_data()


def _context(data: dict[str, Any] | None = None, locale: str = "pl", layout: str = "home",
             ink_saver: bool = False, doc: str = DECK) -> RenderContext:
    spec = dataclasses.replace(DEFAULT_SPEC, layout=layout, ink_saver=ink_saver)
    return RenderContext(game=games.get(GAME_ID), data=data or _data(), examples={},
                         localizer=Localizer.for_locale(locale), paper=PAPERS["a4"],
                         document=doc, spec=spec)


def _render(data: dict[str, Any] | None = None, **kw: Any) -> bytes:
    ctx = _context(data, **kw)
    return ctx.game.document(DECK).render(ctx)


def test_the_cards_are_the_deck_kind_and_the_game_draws_none_itself() -> None:
    doc = games.get(GAME_ID).document(DECK)
    assert isinstance(doc.render, functools.partial) and doc.render.func is render_deck
    assert doc.render.keywords == {"component_id": DECK}
    assert (doc.title, doc.kind) == ("Week cards", "cards")
    assert importlib.util.find_spec("printkit.games.coraz_blizej_swieta.cards") is None
    source = inspect.getsource(figures)
    assert "draw_front" not in source and "draw_face" in source


def test_size_count_and_days_are_the_game_facts_the_rules_check() -> None:
    data = _data()
    deck = load_deck(data, DECK, games.get(GAME_ID).folder)
    spec = data["tydzien_card"]
    assert deck.card == CardSize(spec["width_mm"], spec["height_mm"])
    assert deck.card_key == "tydzien_card"  # a card too big for the paper names this key
    assert len(deck.order) == data["components"]["tydzien_cards"]
    days = [box for box in data["decks"][DECK]["boxes"] if box.get("data")]
    assert {box["data"] for box in days} == {"tydzien_card.days"}


def _cards_text(text: str) -> str:
    """What the cards of a sheet say: the sheet's margin label ("title · document · …"),
    whatever else it names, left out."""
    return "\n".join(line for line in without_sheet_labels(text).splitlines()
                     if " · " not in line)


@pytest.mark.parametrize("locale", ["pl", "es", "en"])
def test_a_card_says_week_plus_seven_and_seven_days_in_the_locale(locale: str) -> None:
    pdf = reader(_render(locale=locale))
    loc = Localizer.for_locale(locale)
    front = _cards_text(pdf.pages[0].extract_text())
    back = _cards_text(pdf.pages[1].extract_text())
    count = _data()["components"]["tydzien_cards"]
    days = _data()["tydzien_card"]["days"]
    assert front.count(loc.gettext("Week")) == count
    assert front.count(f"+{loc.number(days)}") == count
    line = loc.ngettext("%(num)s day", "%(num)s days", days) % {"num": loc.number(days)}
    assert front.count(line) == count
    assert back.count(_data()["title"]) == count  # the game's name, as it is


def test_other_days_print_on_the_cards() -> None:
    """The deck reads the days where the rules check them: change them, the cards follow."""
    data = {**_data(), "tydzien_card": {**_data()["tydzien_card"], "days": 5}}
    front = without_sheet_labels(reader(_render(data, locale="pl")).pages[0].extract_text())
    loc = Localizer.for_locale("pl")
    assert "+5" in front and "+7" not in front
    assert loc.ngettext("%(num)s day", "%(num)s days", 5) % {"num": "5"} in front


def _raw() -> dict[str, Any]:
    with games.get(GAME_ID).data_file.open("rb") as fh:
        return tomllib.load(fh)


def test_the_game_data_checks_what_the_deck_reads() -> None:
    raw = _raw()
    raw["decks"][DECK]["boxes"][3]["data"] = "tydzien_card.weeks"
    raw["decks"][DECK]["card"] = "tydzien"
    with pytest.raises(DataErrors) as exc:
        validate(raw, SCHEMA, "game.toml")
    assert exc.value.lines() == [
        "game.toml: decks.tydzien-cards.card: 'tydzien' is not a table of width_mm and "
        "height_mm (in mm) in game.toml",
        "game.toml: decks.tydzien-cards.boxes[3].data: 'tydzien_card.weeks' is not a key of "
        "game.toml"]


def test_the_rulebook_draws_the_deck_front(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    original = figures.draw_face

    def spy(c: Any, ink: Any, ctx: RenderContext, deck: Any, card: Any, box: Any) -> None:
        drawn.append(deck.id)
        original(c, ink, ctx, deck, card, box)

    monkeypatch.setattr(figures, "draw_face", spy)
    ctx = _context(doc="rulebook")
    width = 500.0
    for figure in (figures.components_figure(ctx, width), figures.cover_figure(ctx, width)):
        c = new_canvas(BytesIO(), (width, figure.height), "figure", "figure", "pl")
        figure.drawOn(c, 0, 0)
        c.save()
    assert drawn == [DECK, DECK]


def test_every_string_of_the_cards_is_extracted_with_a_note_for_translators() -> None:
    path = games.get(GAME_ID).data_file
    with path.open("rb") as fh:
        found = {(fn, msgid): notes for _line, fn, msgid, notes in
                 extract_toml(fh, None, ("TRANSLATORS:",), {})}
    week = found[("gettext", "Week")]
    days = found[("ngettext", ("%(num)s day", "%(num)s days"))]
    for notes in (week, days):
        assert any(note.startswith("TRANSLATORS:") for note in notes), notes
    assert "data: decks.tydzien-cards.boxes[4].plural" in days
    from_deck = {msgid for (_fn, msgid), notes in found.items()
                 if any(n.startswith(f"data: decks.{DECK}.") for n in notes)}
    assert from_deck == {"Week cards", "Week", ("%(num)s day", "%(num)s days")}
    assert {m for m, _w in component_msgids(_data(), path.parent)} == from_deck


def test_the_board_tint_stops_at_the_printer_margin() -> None:
    """A home printer cannot print to the paper's edge: the tint keeps 5 mm clear."""
    import pypdfium2

    from printkit.games.coraz_blizej_swieta.board import render_board

    pdf = render_board(_context(doc="board"))
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")
    px_per_mm = 2 * 72 / 25.4
    edge = image.getpixel((round(2 * px_per_mm), image.height // 2))
    inside = image.getpixel((round(7 * px_per_mm), image.height // 2))
    assert edge == (255, 255, 255)
    assert inside != (255, 255, 255)
