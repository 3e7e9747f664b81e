"""Pick-a-Polar Bear's prose, held to the standard of its verified examples (issue 22).

Every rule of rules.toml is stated in the rulebook and, where marked, on the quick
reference; the narration reads like a publisher's (no sentence opens with a digit, no
example told twice, every player of the cast plays, no player's name opening sentence
after sentence); the sentences the issue found wrong stay fixed in every locale. The
rulebook and reference of each locale are rendered once per module and shared.
"""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

import pytest

from printkit.drawing import trace
from printkit.drawing.templating import render
from printkit.games.pick_a_polar_bear import GAME
from printkit.games.pick_a_polar_bear.rulebook import (
    names,
    template_context,
)
from printkit.geometry import PAPERS
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.model.rulebook import render_game_flow as render_flow
from printkit.resources import locales_dir
from tests.support import reader

TEMPLATE = "pick-a-polar-bear/rulebook.xml.j2"
REFERENCE = "pick-a-polar-bear/reference.xml.j2"

LOCALES = ["en", "es", "pl", "de", "fr"]


def _ctx(data, verified, locale: str, doc: str = "rulebook") -> RenderContext:
    return RenderContext(game=GAME, data=data, examples=verified,
                         localizer=Localizer.for_locale(locale, root=locales_dir()),
                         paper=PAPERS["a4"], document=doc)


def text(pdf) -> str:
    """The document's text, page after page, without the running footer ("Pick-a-Polar Bear ·
    Rulebook" and the page number), so a paragraph that goes on to the next page reads on."""
    footer = re.compile(r"^\s*Pick-a-Polar Bear · [^\n]*\n\s*\d+\s*\n")
    return "\n".join(footer.sub("", page.extract_text() or "") for page in pdf.pages)


def flat(words: str) -> str:
    """Text without any whitespace, so a sentence is found whatever the line breaks."""
    return re.sub(r"\s+", "", words)


@pytest.fixture(scope="module")
def books(data, verified) -> dict[str, str]:
    """Each locale's rulebook as PDF text, rendered once."""
    return {loc: text(reader(render_flow(_ctx(data, verified, loc)))) for loc in LOCALES}


@pytest.fixture(scope="module")
def references(data, verified) -> dict[str, str]:
    return {loc: text(reader(render_flow(_ctx(data, verified, loc, "reference"))))
            for loc in LOCALES}


@pytest.fixture(scope="module")
def stories(data, verified) -> dict[str, dict[str, str]]:
    """Each example's narration per locale, as the rulebook's XML tells it.

    Read from the whole book rather than each example alone: the book's one teller
    words a repeated event by how often the book has told it already, so an example's
    story depends on the examples told before it."""
    out = {}
    for loc in LOCALES:
        ctx = _ctx(data, verified, loc)
        titles = {ctx.localizer.gettext(v.example.title): vid for vid, v in verified.items()}
        book = ElementTree.fromstring(xml(data, verified, loc, TEMPLATE))
        out[loc] = {titles["".join(ex.find("h3").itertext())]:
                    " ".join("".join(ex.find("p").itertext()).split())
                    for ex in book.iter("example")}
        assert set(out[loc]) == set(verified), f"{loc}: examples missing from the book"
    return out


def sentences(story: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?»”“])\s+(?=[^\s])", story.strip()) if s]


def xml(data, verified, locale: str, template: str) -> str:
    ctx = _ctx(data, verified, locale)
    return render(template, ctx.localizer, data=data, examples=list(verified.values()),
                  **template_context(ctx))


# --- rule traceability -------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_every_rule_is_stated_in_the_rulebook_and_the_reference(data, verified, locale):
    assert trace.document_problems(GAME, "rulebook", xml(data, verified, locale, TEMPLATE),
                                   locale) == []
    assert trace.document_problems(GAME, "reference", xml(data, verified, locale, REFERENCE),
                                   locale) == []


def test_removing_a_rules_passage_names_that_rule(data, verified):
    book = xml(data, verified, "en", TEMPLATE)
    assert 'rule="hold-first-round"' in book
    cut = book.replace('rule="hold-first-round"', "")
    problems = trace.document_problems(GAME, "rulebook", cut, "en")
    assert len(problems) == 1 and "'hold-first-round'" in problems[0]


def test_every_rule_is_shown_by_an_example_or_named_by_a_test(verified):
    assert trace.coverage_problems(GAME, (v.example for v in verified.values())) == []


# --- narration by design --------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_no_example_sentence_starts_with_a_digit_and_each_is_printed(books, stories, locale):
    printed = flat(books[locale])
    for vid, story in stories[locale].items():
        for sentence in sentences(story):
            assert not sentence[0].isdigit(), f"{locale} {vid}: {sentence}"
        assert flat(story) in printed, f"{locale} {vid}: story not printed as told"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_two_examples_are_told_the_same(stories, locale):
    told = list(stories[locale].values())
    assert len(set(told)) == len(told)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_name_opens_two_sentences_in_a_row(data, stories, locale):
    cast = names(data)
    for vid, story in stories[locale].items():
        openers = [next((n for n in cast if s.startswith(n)), None) for s in sentences(story)]
        for first, second in zip(openers, openers[1:], strict=False):
            assert first is None or first != second, f"{locale} {vid}: {story}"


def test_every_player_of_the_cast_plays_and_nobody_else(data, stories, books):
    cast = names(data)
    told = " ".join(stories["en"].values())
    for name in cast:
        assert name in told, f"{name} is in the cast but in no example"
    for stray in ("Dev", "Eli"):
        assert stray not in books["en"]


def test_pronouns_follow_the_players_gender(data, stories):
    told = " ".join(stories["en"].values())
    genders = {p["name"]: p["gender"] for p in data["cast"]}
    assert genders["Ana"] == "female" and genders["Ben"] == "male"
    assert "Ana turns over her captain" in told and "Ben turns over his captain" in told
    assert "Ana turns over his" not in told and "Ben turns over her" not in told


@pytest.mark.parametrize("locale", LOCALES)
def test_each_kind_of_diagram_has_one_caption(data, verified, books, locale):
    loc = Localizer.for_locale(locale, root=locales_dir())
    printed = flat(books[locale])
    for caption in ("Each pile from its captain on, and what changes.",
                    "Framed cards show both features.",
                    "Numbers give the chain’s order; ✗ cards are set aside."):
        assert printed.count(flat(loc.gettext(caption))) == 1, (locale, caption)


# --- the sentences issue 22 found wrong, in every locale -----------------------------------

def _said(locale: str, msgid: str, **values: Any) -> str:
    return flat(Localizer.for_locale(locale, root=locales_dir()).gettext(msgid) % values)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_wrong_answer_is_paid_with_cards_then_a_bonus_card_then_a_minus_card(
        data, books, references, locale):
    loc = Localizer.for_locale(locale, root=locales_dir())
    front, back = loc.signed(data["penalty"]["front"]), loc.signed(data["penalty"]["back"])
    cost = loc.number(data["bonus"]["penalty_cards"])
    assert _said(locale, "A wrong answer costs %(cost)s animal cards from your winning pile. If "
                 "it holds fewer than %(cost)s, pay with one bonus card from it instead. Only if "
                 "it holds neither do you take a penalty card (%(front)s); a second such penalty "
                 "turns your %(front)s card over to %(back)s, and a third takes a new %(front)s "
                 "card.", cost=cost, front=front, back=back) in flat(books[locale])
    wrong = loc.ngettext("<b>Wrong:</b> pay %(num)s animal card from your winning pile; with "
                         "fewer, one bonus card from it; only with neither, take a %(front)s "
                         "card, or turn yours over to %(back)s.",
                         "<b>Wrong:</b> pay %(num)s animal cards from your winning pile; with "
                         "fewer, one bonus card from it; only with neither, take a %(front)s "
                         "card, or turn yours over to %(back)s.", data["bonus"]["penalty_cards"])
    said = re.sub(r"</?b>", "", wrong % {"num": cost, "front": front, "back": back})
    assert flat(said) in flat(references[locale])


@pytest.mark.parametrize("locale", LOCALES)
def test_simultaneous_answers_take_discards_then_draw_pile_then_table(data, books, locale):
    points = Localizer.for_locale(locale, root=locales_dir()).number(data["bonus"]["points"])
    assert _said(locale, "If several players shout the right answer at the same moment, each "
                 "scores exactly %(points)s: the first takes the bonus card, and each of the "
                 "others takes %(cards)s animal cards, from the discards, then from the draw "
                 "pile, then from the table.", points=points, cards=points) in flat(books[locale])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_hold_card_may_go_to_the_last_winner_and_a_tie_is_a_shared_win(
        data, books, references, locale):
    hold = Localizer.for_locale(locale, root=locales_dir()).gettext(data["hold"]["name"])
    assert _said(locale, "Before the first round, the “%(hold)s” card may be given to the "
                 "winner of your previous game, if you remember who that was.",
                 hold=hold) in flat(books[locale])
    assert _said(locale, "The game ends as soon as the draw pile cannot give every player a new "
                 "captain. Every card in your winning pile is worth one point; discarded cards "
                 "score nothing. The player with the most points wins; players who tie for the "
                 "most points share the win.") in flat(books[locale])
    assert _said(locale, "The player with the most points wins; players who tie for the most "
                 "points share the win.") in flat(references[locale])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_dealer_is_chosen_before_the_rulebook_names_them(books, locale):
    intro = Localizer.for_locale(locale, root=locales_dir()).gettext(
        "Choose one player to be the dealer. The dealer shuffles the animal cards face down "
        "into a draw pile, gives every player one face-down card, their captain (nobody looks "
        "at it), and lays out %(rows)s rows of %(columns)s cards face up in the middle of the "
        "table: %(total)s member cards. Then everyone calls “GO!” together.")
    dealer = {"en": "dealer", "es": "crupier", "pl": "rozdając", "de": "Geber",
              "fr": "donneur"}[locale]
    book = books[locale]
    first = book.index(dealer)
    chosen = flat(book).index(flat(intro.split(".")[0]))
    assert len(flat(book[:first])) >= chosen, f"{locale}: the dealer is named before chosen"


@pytest.mark.parametrize(("locale", "wrong"), [
    ("es", "gana quien tenga más cartas"),
    ("pl", "Wygrywa najwięcej punktów"),
    ("pl", "wygrywa najwyższy wynik"),
    ("de", "die meisten Karten gewinnen"),
    ("de", "Die meisten Punkte gewinnen"),
    ("de", "Ana als Einziger"),
    ("fr", "le plus de cartes l’emporte"),
    ("fr", "Le plus de points l’emporte"),
    ("es", "rodeado"),
    ("de", "umkreist"),
])
def test_sentences_found_wrong_do_not_come_back(books, references, locale, wrong):
    assert flat(wrong) not in flat(books[locale]) + flat(references[locale])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_credit_closes_the_rulebook_and_no_note_is_for_its_makers(books, locale):
    credit = Localizer.for_locale(locale, root=locales_dir()).gettext(
        GAME.load_data()["credit"])
    assert flat(books[locale]).endswith(flat(credit)), locale
    assert "checked against the rules" not in flat(books[locale])
