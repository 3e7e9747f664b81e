"""Rulings the rulebooks once contradicted, held fixed in the built rulebook of every locale.

- Polar Derby ``bear-values``: the values of the bears can be changed in the data to match
  another set (GAMES.md); the rulebook said to play with the values on the kit's tokens.
- Pick-a-Polar Bear ``hold-card``: the Hold card goes to the player who alone kept the most
  cards, counted after the card check (the original's "con exito"); the rulebook said
  "collected", and its example "Ana discards 3 cards ... With 3 cards, Ben alone took the
  most" read as a contradiction.
- Pick-a-Polar Bear ``bonus-payment``: the example of a wrong answer paid with a bonus card
  said "Ana has 1 card in the winning pile", then had her pay with a bonus card it never
  mentioned.

Each locale's wording is the catalog's translation of the English entry, typeset as the
rulebook sets it, with the numbers and names the engine's replay gives; the PDF's text is
read (a right-to-left page's text comes out in an order of its own: there, the rulebook's
flow XML). English also keeps none of the old words.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

import pytest

from printkit.drawing import doctree, trace
from printkit.games import GAMES
from printkit.games.pick_a_polar_bear.rulebook import names as cast_names
from printkit.language.locales import shipped_locales
from printkit.language.translations import Localizer
from printkit.model.rulebook import game_flow_source, render_game_flow
from tests.support import _prepared, flat, game_context, reader, reads_right_to_left, text

BOOKS = ("polar-derby", "pick-a-polar-bear")

VALUES_FIRST = ("Each die has one face per colour and a %(free)s face. A score sheet is "
                "included for the long game.")
VALUES = ("Each bear scores the value on its belly. Editions of the game print different "
          "values. This kit\u2019s values are set in its data and shown in the table under "
          "\u201cEnd of the game and scoring\u201d; they can be changed in the data to match "
          "another set, and the tokens, the table and the score sheet follow.")
HOLD = ("After each round, the player who alone kept the most cards that round, counted after "
        "the card check (the extra card for a right FREEZE! included), takes the "
        "\u201c%(hold)s\u201d card. In the next round they may not take a card identical to "
        "the card on top of their pile; if they do, their pile is broken and discarded, captain "
        "included. If several players tie for the most cards, nobody holds it next round.")
HOLDER = ("Having kept %(num)s card, more than anyone else, %(player)s holds the "
          "\u201c%(hold)s\u201d card next round.",
          "Having kept %(num)s cards, more than anyone else, %(player)s holds the "
          "\u201c%(hold)s\u201d card next round.")
WITH_BONUS = ("%(player)s has %(num)s animal card and %(bonus)s in the winning pile.",
              "%(player)s has %(num)s animal cards and %(bonus)s in the winning pile.")
BONUS_CARDS = ("%(num)s bonus card", "%(num)s bonus cards")
PILE = ("%(player)s has %(num)s card in the winning pile.",
        "%(player)s has %(num)s cards in the winning pile.")
#: What the English rulebooks said against the rulings.
OLD_ENGLISH = {
    "polar-derby": ["play with the values on the tokens of this kit"],
    "pick-a-polar-bear": ["alone collected the most", "alone took the most",
                          "Ana has 1 card in the winning pile."],
}


@dataclass(frozen=True)
class Book:
    """A rulebook as built: its flow XML and its PDF's text, made words."""

    game: str
    locale: str
    xml: str
    text: str
    localizer: Localizer

    def says(self, msgid: str | tuple[str, str], n: int = 1, **params: Any) -> str:
        """The catalog's translation, filled in and typeset as the rulebook sets it."""
        said = (self.localizer.gettext(msgid) if isinstance(msgid, str)
                else self.localizer.ngettext(*msgid, n))
        return flat(doctree.typeset(said % params if params else said, self.locale))

    def prints(self, sentence: str) -> bool:
        if reads_right_to_left(self.locale):
            return sentence in flat(" ".join(ET.fromstring(self.xml).itertext()))
        return sentence in self.text

    def passage(self, rule: str) -> str:
        """The text of the first passage marked for ``rule``, as words."""
        return next(flat(t) for ids, t in trace.passages(self.xml) if rule in ids)


@pytest.fixture(scope="module")
def books() -> dict[tuple[str, str], Book]:
    """The two games' rulebooks in every shipped locale, on A4, built once."""
    out = {}
    for game in BOOKS:
        for locale in shipped_locales():
            ctx = game_context(game, locale)
            xml = game_flow_source(ctx)[1]
            pdf = render_game_flow(ctx)
            out[(game, locale)] = Book(game, locale, xml, flat(text(reader(pdf))),
                                       ctx.localizer)
    assert {loc for _g, loc in out} == set(shipped_locales()) and len(shipped_locales()) == 7
    return out


def _number(book: Book, n: int) -> str:
    return book.localizer.number(n)


@pytest.mark.rule("bear-values")
def test_the_bear_values_can_be_changed_to_match_another_set(books: dict) -> None:
    for (game, locale), book in books.items():
        if game != "polar-derby":
            continue
        values = book.says(VALUES)
        assert book.prints(values), locale
        # the passage is its two sentences: nothing of the old one is left in it
        first = book.says(VALUES_FIRST, free=book.localizer.gettext("Free Skate"))
        assert book.passage("bear-values") == flat(f"{first} {values}"), locale


@pytest.mark.rule("hold-card")
def test_the_hold_card_goes_to_who_kept_the_most_cards(books: dict) -> None:
    data, examples = _prepared("pick-a-polar-bear")
    hold_event = next(e for e in examples["hold-card-no-identical-card"].replay.events
                      if e.kind == "hold")
    player, kept = hold_event.params["player"], hold_event.params["taken"]
    names = cast_names(data)
    for (game, locale), book in books.items():
        if game != "pick-a-polar-bear":
            continue
        hold = book.localizer.gettext(data["hold"]["name"])
        rule = book.says(HOLD, hold=hold)
        assert book.prints(rule) and book.passage("hold-card") == rule, locale
        holder = book.says(HOLDER, kept[player], num=_number(book, kept[player]),
                           player=names[player], hold=hold)
        assert book.prints(holder), locale


@pytest.mark.rule("bonus-payment")
def test_a_bonus_card_that_pays_a_wrong_answer_is_said_to_be_held(books: dict) -> None:
    data, examples = _prepared("pick-a-polar-bear")
    seat = examples["wrong-answer-pays-a-bonus-card"].replay.states[0].seats[0]
    assert seat.won < 2 and seat.bonus_cards > 0  # the example pays with a bonus card
    name = cast_names(data)[0]
    for (game, locale), book in books.items():
        if game != "pick-a-polar-bear":
            continue
        bonus = book.localizer.ngettext(*BONUS_CARDS, seat.bonus_cards) % {
            "num": _number(book, seat.bonus_cards)}
        held = book.says(WITH_BONUS, seat.won, player=name, num=_number(book, seat.won),
                         bonus=bonus)
        assert book.prints(held), locale
        assert not book.prints(book.says(PILE, seat.won, player=name,
                                          num=_number(book, seat.won))), locale


@pytest.mark.parametrize("game", BOOKS)
def test_the_english_rulebooks_keep_none_of_the_old_words(books: dict, game: str) -> None:
    book = books[(game, "en")]
    for words in OLD_ENGLISH[game]:
        assert words not in book.text, words
    assert trace.ruling_problems(GAMES[game], book.xml, "en: rulebook") == []
