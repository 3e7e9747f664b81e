"""The worked examples read as a publisher would print them, in every locale: the player is
named once and the story goes on with a pronoun, no sentence starts with a number, no two
stories are the same, every player the examples introduce plays one, each kind of diagram
is explained once. And the sentences issue 22 found wrong stay fixed.

The rulebooks and references are built once per locale (shared with test_rulebook.py) and
read as PDF text; the flow XML they were laid out from tells which text is an example's.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from printkit import games
from printkit.drawing import trace
from printkit.drawing.templating import render
from printkit.games.coraz_blizej_swieta.rulebook import cast, template_context
from printkit.language.typography import localise
from tests.games.coraz_blizej_swieta.test_rulebook import LOCALES, _context, _pdf, _text
from tests.support import flat, printed_in, reads_right_to_left, writes_without_spaces

TEMPLATE = "coraz-blizej-swieta/rulebook.xml.j2"
REFERENCE = "coraz-blizej-swieta/reference.xml.j2"

GAME_ID = "coraz-blizej-swieta"


@cache
def _xml(doc: str, locale: str) -> ET.Element:
    """The flow XML the document was laid out from."""
    return ET.fromstring(_xml_text(TEMPLATE if doc == "rulebook" else REFERENCE, locale))


@cache
def _xml_text(template: str, locale: str) -> str:
    ctx = _context("rulebook", locale)
    return render(template, ctx.localizer, data=ctx.data, examples=list(ctx.examples.values()),
                  **template_context(ctx))


def _plain(element: ET.Element, locale: str = "en") -> str:
    """An element's text as the page prints it: the language's quotation marks and
    spacing, whitespace made plain."""
    text = localise("".join(element.itertext()), locale)
    return flat(text)


def _stories(locale: str) -> list[str]:
    """Each example's story, as the rulebook prints it."""
    return [_plain(p, locale) for ex in _xml("rulebook", locale).iter("example")
            for p in ex.iter("p")]


def _names() -> list[str]:
    return [c["name"] for c in cast(games.GAMES[GAME_ID].load_data())]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def _opening(story: str) -> str:
    """A story's first sentence (a Japanese one ends at its full stop)."""
    return re.split(r"(?<=[.!?])\s+|(?<=。)", story, maxsplit=1)[0]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_story_is_printed(locale: str) -> None:
    text = _text(_pdf("rulebook", locale))
    for story in _stories(locale):
        assert printed_in(story, text, locale), (locale, story)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("doc", ["rulebook", "reference"])
def test_no_sentence_starts_with_a_digit(locale: str, doc: str) -> None:
    if writes_without_spaces(locale):
        pytest.skip("English style: Japanese and Chinese start sentences with numerals")
    # Every paragraph, list item, caption and heading of the text (the drawings' numbers
    # and the numbered section headings aside), each as the PDF prints it.
    text = _text(_pdf(doc, locale))
    blocks = [e for e in _xml(doc, locale).iter()
              if e.tag in ("p", "li", "figure", "h3", "colophon")]
    for block in blocks:
        plain = _plain(block, locale)
        if not plain:
            continue
        assert printed_in(plain, text, locale), (locale, plain)
        for sentence in _sentences(plain):
            assert not sentence[0].isdigit(), (locale, sentence)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_player_is_named_once_per_story(locale: str) -> None:
    names = _names()
    for story in _stories(locale):
        named = [n for n in names if n in story]
        assert len(named) == 1, (locale, story)
        assert story.count(named[0]) == 1, (locale, story)
        # Named in the opening sentence, not always as its first word ("With two dice,
        # Ben plays from field 8."): the openings take turns.
        assert named[0] in _opening(story), (locale, story)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_two_stories_are_the_same(locale: str) -> None:
    stories = _stories(locale)
    assert len(set(stories)) == len(stories)
    # Nor does one story repeat another before going on.
    for a in stories:
        for b in stories:
            assert a == b or not b.split(". ", 1)[-1].startswith(a.split(". ", 1)[-1]), (a, b)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_player_the_examples_introduce_plays_one(locale: str) -> None:
    root = _xml("rulebook", locale)
    intro = next(_plain(p) for p in root.iter("p")
                 if all(n in _plain(p) for n in _names()) and not p.get("rule"))
    introduced = [n for n in _names() if n in intro]
    stories = _stories(locale)
    for name in introduced:
        assert any(name in _opening(story) for story in stories), (locale, name)
    assert introduced == _names()


@pytest.mark.parametrize("locale", LOCALES)
def test_each_kind_of_diagram_has_one_caption(locale: str) -> None:
    captions = [_plain(f, locale) for f in _xml("rulebook", locale).iter("figure")
                if f.get("name") == "track"]
    shown = [c for c in captions if c]
    # The track, the dice set on Christmas Eve, the week cards: each explained once.
    assert len(shown) == 3 and len(set(shown)) == 3, (locale, shown)
    text = _text(_pdf("rulebook", locale))
    for caption in shown:
        assert printed_in(caption, text, locale), (locale, caption)
        if not reads_right_to_left(locale):  # (there: see printed_in)
            assert text.count(caption) == 1, (locale, caption)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_line_for_the_makers_closes_the_rulebook(locale: str) -> None:
    """"Every example in this rulebook was checked against the rules" told the makers what
    the build does; a player has no use for it."""
    root = _xml("rulebook", locale)
    assert not list(root.iter("colophon"))
    if locale == "en":
        assert "checked against the rules" not in _text(_pdf("rulebook", locale))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("doc", ["rulebook", "reference"])
def test_every_rule_is_stated(locale: str, doc: str) -> None:
    game = games.GAMES[GAME_ID]
    template = TEMPLATE if doc == "rulebook" else REFERENCE
    assert trace.document_problems(game, doc, _xml_text(template, locale), doc) == []


# --- the sentences issue 22 found wrong --------------------------------------------------

def test_polish_stories_drop_the_subject_after_the_first_sentence() -> None:
    text = _text(_pdf("rulebook", "pl"))
    assert "Ana stoi na polu 5 i ma 2 kostki. Rzuca kostkami: 3 + 4 = 7." in text
    assert "Ana rzuca" not in text and "Ana przesuwa" not in text


def test_a_sum_is_named_before_its_number() -> None:
    pl, es = _text(_pdf("rulebook", "pl")), _text(_pdf("rulebook", "es"))
    assert "Suma 5 jest mniejsza niż 9" in pl and "5 to mniej niż 9" not in pl
    assert "Como 5 es menor que 9" in es and ". 5 es menor que 9" not in es


def test_the_tydzien_answer_comes_on_the_next_turn() -> None:
    pl = _text(_pdf("rulebook", "pl"))
    assert "Na Wigilii Cleo nie rzuca" not in pl
    assert "W następnej kolejce nie rzuca, tylko ustawia kostkę na 4" in pl
    en = _text(_pdf("rulebook"))
    assert re.search(r"On (her|his) next turn, (she|he) does not roll: (she|he) sets (her|his) "
                     r"die to 4", en)


@pytest.mark.parametrize("doc", ["rulebook", "reference"])
def test_polish_week_cards_are_named_in_quotes_and_turns_are_kolejki(doc: str) -> None:
    text = _text(_pdf(doc, "pl"))
    assert "„Tydzień”" in text
    assert not re.search(r"\bkart\w* Tydzień", text), re.findall(r"\bkart\w* Tydzień", text)
    assert "rundzie" not in text and "rundę" not in text


@pytest.mark.parametrize("locale", LOCALES)
def test_the_rules_the_original_states_are_in_the_rulebook(locale: str) -> None:
    # Mis-adding on Christmas Eve, the cap on week cards, and what follows a wrong
    # Tydzień answer: stated, in every language.
    wanted = {
        "en": ["This holds on Christmas Eve too, where a mis-added sum also means no win.",
               "nobody ever holds more than 3 week cards",
               "Wrong: they lose one turn, then try again."],
        "pl": ["Dotyczy to także Wigilii", "nikt nie może mieć naraz więcej niż 3",
               "traci jedną kolejkę, a potem próbuje znowu"],
        "es": ["Así es también en Nochebuena",
               "nadie tiene nunca más de 3 cartas de semana", "vuelve a intentarlo"],
        "de": ["an Heiligabend auch keinen Sieg", "niemand hat je mehr als 3 Wochenkarten",
               "versucht es danach erneut"],
        "fr": ["Cela vaut aussi au réveillon", "personne n’a jamais plus de 3 cartes Semaine",
               "puis réessaie"],
        "ja": ["これはクリスマスイブでも同じ", "「週」カードは誰も3枚より多くは持てません",
               "間違っていれば1回休み、そのあと再び挑戦します"],
        "ar": ["وينطبق هذا في ليلة عيد الميلاد أيضًا", "لا يحمل أحد أبدًا أكثر من 3",
               "وإن أخطأ خسر دورًا واحدًا ثم حاول مجددًا"],
    }[locale]
    for doc in ("rulebook", "reference"):
        text = _text(_pdf(doc, locale))
        source = flat(localise(_xml_text(TEMPLATE if doc == "rulebook" else REFERENCE,
                                         locale), locale))
        for phrase in wanted:
            assert phrase in source and printed_in(phrase, text, locale), (locale, doc, phrase)
