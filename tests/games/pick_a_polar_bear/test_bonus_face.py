"""The bonus card's face: the features named, the question and the points stacked without
a line of one printed over a line of another, in every locale, paper and layout, and every
word of it at 7 pt or more as printed (the cards are read during play)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from printkit.drawing.text import PLAY_PT
from printkit.errors import FitError
from printkit.games.pick_a_polar_bear.card_sheets import card_size, render_special_cards
from printkit.geometry import LAYOUTS, PrintSpec, mm
from printkit.language.translations import Localizer
from tests.support import PrintedLine, printed_lines

from .test_documents import BENCH

LOCALES = ("en", "ar", "de", "es", "fr", "ja", "pl")
#: Text read during play prints at this size or more.
IN_PLAY_PT = PLAY_PT


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return BENCH.data()


def _card_lines(data: dict[str, Any], locale: str, paper: str,
                layout: str) -> list[tuple[Any, list[PrintedLine]]]:
    """(card box, its lines of text) of each bonus card, on the fronts pages."""
    ctx = dataclasses.replace(BENCH.context(data, "special-cards", paper, locale),
                              spec=PrintSpec(layout=layout))
    pdf = render_special_cards(ctx)
    bonus = len(data["bonus"]["cards"])
    grid = ctx.card_grid(card_size(data), 1 + bonus + 2 * data["penalty"]["cards"],
                         "print.card_mm")
    assert not grid.turned  # the checks below read the page's y as the card's
    pages = printed_lines(pdf)
    cards = []
    for card in range(1, 1 + bonus):  # the hold card comes first
        sheet, slot = divmod(card, grid.per_page)
        lines = pages[2 * sheet + 1 if grid.duplex else sheet + 1]
        box = grid.front_box(slot)
        inside = [line for line in lines
                  if box.trim.x <= (line.left + line.right) / 2 <= box.trim.right
                  and box.trim.y <= line.baseline <= box.trim.top]
        cards.append((box, inside))
    return cards


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("locale", LOCALES)
def test_no_line_of_a_bonus_card_prints_over_another(data: dict[str, Any], locale: str,
                                                     paper: str, layout: str) -> None:
    points = Localizer.for_locale(locale).points(data["bonus"]["points"])
    cards = _card_lines(data, locale, paper, layout)
    assert len(cards) == 8
    for box, lines in cards:
        assert len(lines) >= 4, [line.text for line in lines]  # title, features, question, points
        clashes = [(a.text, b.text) for i, a in enumerate(lines) for b in lines[i + 1:]
                   if a.overlaps(b)]
        assert not clashes, (locale, paper, layout, clashes)
        # the points lie lowest, everything else above them (the letters compared as a
        # set: a line read right to left comes out in the order it is drawn)
        lowest = min(lines, key=lambda line: line.baseline)
        assert sorted(lowest.text.replace(" ", "")) == sorted(points.replace(" ", "")), \
            lowest.text
        assert all(line.bottom >= lowest.top for line in lines if line is not lowest)
        # below the two pictures (the title band, 8 mm, then 2.5 mm, then 18 mm), but the title
        words = sorted(lines, key=lambda line: -line.baseline)[1:]
        pictures = box.safe.top - mm(8 + 2.5 + 18)
        assert all(line.top <= pictures for line in words), [
            (line.text, line.top - pictures) for line in words]
        small = [(line.text, round(line.size, 2)) for line in lines if line.size < IN_PLAY_PT]
        assert not small, (locale, small)


def test_the_old_face_is_caught() -> None:
    """The check above finds a question printed over its points, as the face once had."""
    a = PrintedLine("show both?", 0, 670.1, 45, 676.3, 670.2, 8)
    b = PrintedLine("2 points", 5, 664.4, 40, 672.2, 666.1, 8)
    assert a.overlaps(b) and b.overlaps(a)
    assert not a.overlaps(dataclasses.replace(b, top=670.0))


QUESTION = "How many cards on the table show both?"


def _asking(monkeypatch: pytest.MonkeyPatch, question: str) -> None:
    """Every locale's catalog translates the bonus question as ``question``."""
    original = Localizer.gettext

    def gettext(self: Localizer, msgid: str) -> str:
        return question if msgid == QUESTION else original(self, msgid)

    monkeypatch.setattr(Localizer, "gettext", gettext)


@pytest.mark.parametrize("locale", ["de", "ar"])
def test_a_longer_question_takes_room_from_the_features_not_from_the_points(
        data: dict[str, Any], monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    """A question of three lines pushes the features' box up (their text shrinks, down to
    7 pt), and still no line prints over another."""
    _asking(monkeypatch, "Wie viele Karten, die offen auf dem Tisch liegen, zeigen beide "
                         "Merkmale dieser Karte zugleich?")
    for _box, lines in _card_lines(data, locale, "a4", "home"):
        assert not [(a.text, b.text) for i, a in enumerate(lines) for b in lines[i + 1:]
                    if a.overlaps(b)]
        assert min(line.size for line in lines) >= IN_PLAY_PT - 0.01
        # the title, the features, three lines of question, the points
        assert len(lines) >= 6, [line.text for line in lines]


def test_a_question_too_long_for_the_card_is_refused_not_shrunk(
        data: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    _asking(monkeypatch, "Wie viele Karten zeigen beide Merkmale? " * 5)
    with pytest.raises(FitError, match="bonus question.*even at 7 pt"):
        _card_lines(data, "de", "a4", "home")
