"""The built kit as a printer and a reader get it: pages, boxes, text (its fonts: see
tests/games/test_every_game.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.assembly.guide.materials import materials, print_order
from printkit.games import GAMES
from printkit.geometry import DEFAULT_SPEC, MM, PAPERS, CardSize, card_grid
from printkit.language.locales import shipped_locales
from printkit.language.translations import Localizer
from printkit.model.runs import plan, run_file
from printkit.model.variants import versions
from tests.conftest import GAME_ID, Kit
from tests.support import printed_in

A4 = PAPERS["a4"]
ALL_DOCUMENTS = [(game.id, doc.id) for game in GAMES.values() for doc in game.documents]


def pdf(kit: Path, locale: str, doc: str, game: str = GAME_ID) -> PdfReader:
    return PdfReader(kit / game / locale / f"{doc}-a4.pdf")


def text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def test_every_document_of_every_game_in_every_locale(kit: Kit) -> None:
    for game in map(GAMES.get, kit.games):
        for locale in kit.locales:
            names = sorted(p.name for p in (kit.out / game.id / locale).glob("*.pdf"))
            runs = plan(print_order(materials(game.documents, "home",
                                              {d.id: 1 for d in game.documents})))
            assert names == sorted([f"{doc.id}-a4.pdf" for doc in game.documents]
                                   + [f"{v.id}-a4.pdf" for v in versions(game.documents,
                                                                          DEFAULT_SPEC)]
                                   + ["guide-a4.pdf", "kit-a4.pdf"]
                                   + [run_file(run.id, "a4") for run in runs]
                                   # the calibration sheet, beside the double-sided run
                                   + ["calibration-a4.pdf" for run in runs if run.duplex])


def test_page_sizes(built_kit: Path) -> None:
    portrait = pytest.approx(A4.size, abs=0.5)
    landscape = pytest.approx(A4.landscape_size, abs=0.5)
    for locale in shipped_locales():
        for page in pdf(built_kit, locale, "rulebook").pages:
            assert (float(page.mediabox.width), float(page.mediabox.height)) == portrait
        board = pdf(built_kit, locale, "board").pages[0]
        assert (float(board.mediabox.width), float(board.mediabox.height)) == landscape
        tracker = pdf(built_kit, locale, "tracker").pages[0]
        assert (float(tracker.mediabox.width), float(tracker.mediabox.height)) == portrait


def test_card_pages_have_trim_and_bleed_boxes_of_the_real_card_size(built_kit: Path) -> None:
    data = GAMES[GAME_ID].load_data()
    card = CardSize(data["tydzien_card"]["width_mm"], data["tydzien_card"]["height_mm"])
    count = data["components"]["tydzien_cards"]
    grid = card_grid(A4, card, count=count)
    reader = pdf(built_kit, "pl", "tydzien-cards")
    assert len(reader.pages) == 2 * grid.pages(count)  # fronts and backs
    for page in reader.pages:
        trim = [float(v) for v in page.trimbox]
        # The default home layout butts the cards: the grid is whole cards, no gutters.
        assert trim == pytest.approx(list(grid.grid_trim.as_box()), abs=0.01)
        width_mm = (trim[2] - trim[0]) / MM
        assert width_mm == pytest.approx(grid.cols * card.width_mm, abs=0.01)


def _expected(locale: str, msgid: str, **params: object) -> str:
    return Localizer.for_locale(locale).gettext(msgid) % params


def test_polish_rulebook_text_keeps_every_letter(built_kit: Path) -> None:
    content = text(pdf(built_kit, "pl", "rulebook"))
    assert "Coraz bliżej Święta…" in content
    assert _expected("pl", "Components") in content
    letters = set("ąćęłńóśźż")
    assert letters <= set(content.lower()), letters - set(content.lower())


def test_polish_plural_forms_come_from_the_catalog(built_kit: Path) -> None:
    loc = Localizer.for_locale("pl")
    few = loc.ngettext("%(num)s die", "%(num)s dice", 2) % {"num": "2"}
    many = loc.ngettext("%(num)s die", "%(num)s dice", 7) % {"num": "7"}
    assert few.split()[1] != many.split()[1]  # e.g. "2 kostki" but "7 kostek"
    content = " ".join(text(pdf(built_kit, "pl", "rulebook")).split())
    assert few in content and many in content


@pytest.mark.parametrize("locale", ["es", "pl"])
def test_translated_documents_show_translations(built_kit: Path, locale: str) -> None:
    board = text(pdf(built_kit, locale, "board"))
    assert _expected(locale, "Christmas Eve") in board
    cards = text(pdf(built_kit, locale, "tydzien-cards"))
    assert _expected(locale, "Week") in cards
    tracker = text(pdf(built_kit, locale, "tracker"))
    assert _expected(locale, "Lost turns") in tracker


def test_rulebook_numbers_come_from_verified_examples(kit: Kit) -> None:
    """Every example's computed total and end field is printed in its own panel's text."""
    from tests.drawing.test_rulebooks import flow_xml, squash

    game = GAMES[GAME_ID]
    root = flow_xml(kit, GAME_ID, "en", "rulebook")
    panels = {squash("".join(next(e.iter("h3")).itertext())): squash("".join(e.itertext()))
              for e in root.iter("example")}
    for verified in game.verify():
        observed = verified.replay.observed
        story = panels[squash(verified.example.title)]
        # The end field, as a number standing on its own ("field 25", or "25 ... Christmas").
        assert re.search(rf"(?<![\d,.]){observed['field']}(?!\d|[,.]\d)", story), verified.id
        # The last roll's total stands as a whole number, not inside another one.
        assert re.search(rf"(?<![\d,.]){observed['total']}(?!\d|[,.]\d)", story), verified.id


def test_polar_derby_value_table_comes_from_the_data(built_kit: Path) -> None:
    data = GAMES["polar-derby"].load_data()
    content = text(pdf(built_kit, "en", "rulebook", "polar-derby"))
    for colour in data["colours"]:
        assert colour["name"] in content
        points = "point" if colour["value"] == 1 else "points"
        assert f"{colour['value']} {points}" in content


@pytest.mark.parametrize(("game", "doc"), ALL_DOCUMENTS)
def test_polish_documents_keep_polish_letters(built_kit: Path, game: str, doc: str) -> None:
    """Extracted Polish text has no replacement boxes and no lost diacritics."""
    content = text(pdf(built_kit, "pl", doc, game))
    assert "\ufffd" not in content and "■" not in content
    if doc == "rulebook":
        assert set("ąęłóśż") <= set(content.lower())


def _top_level(outline: list) -> list:
    return [item for item in outline if not isinstance(item, list)]


@pytest.mark.parametrize("game", [g.id for g in GAMES.values()])
def test_every_kit_pdf_holds_the_guide_then_every_document_with_a_bookmark_each(
        kit: Kit, game: str) -> None:
    """The guide, the calibration sheet (in a kit with double-sided sheets), then every
    document, each with its bookmark."""
    documents = GAMES[game].documents
    for locale in kit.locales:
        loc = Localizer.for_locale(locale)
        whole = pdf(kit.out, locale, "kit", game)
        # Each double-sided document starts on an odd page: a blank page may go before it.
        sides = {m.id: m.sides for m in materials(documents, "home", {d.id: 1 for d in documents})}
        calibration = ["calibration"] if "duplex" in sides.values() else []
        sides["calibration"] = "duplex"
        names = [None, *calibration, *(d.id for d in documents)]
        parts = [pdf(kit.out, locale, name or "guide", game) for name in names]
        first, at = 0, 0
        marks = _top_level(whole.outline)
        titles = ([loc.gettext("Print-and-play guide")]
                  + [loc.gettext("Duplex calibration") for _ in calibration]
                  + [loc.gettext(d.title) for d in documents])
        # documents that share a card sheet: one bookmark naming them all, on that sheet
        assert [name for m in marks for name in m.title.split(" \u00b7 ")] == titles
        for mark in marks:
            doc, part = names[at], parts[at]
            sharing = len(mark.title.split(" \u00b7 "))
            if doc is not None and sides[doc] == "duplex" and first % 2:
                first += 1
            assert whole.get_destination_page_number(mark) == first
            first += len(part.pages) if sharing == 1 else 1
            at += sharing
        assert len(whole.pages) == first


@pytest.mark.parametrize("game", [g.id for g in GAMES.values()])
def test_every_guide_names_every_document_of_its_kit(kit: Kit, game: str) -> None:
    for locale in kit.locales:
        loc = Localizer.for_locale(locale)
        content = " ".join(text(pdf(kit.out, locale, "guide", game)).split())
        for doc in GAMES[game].documents:
            assert printed_in(loc.gettext(doc.title), content, locale), (locale, doc.id)
