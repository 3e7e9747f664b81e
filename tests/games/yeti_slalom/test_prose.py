"""Yeti Slalom's rulebook prose, read off the built PDFs of every locale: narration that
reads like a publisher's (no sentence opening on a digit, no repeated example, every
captain introduced plays), the rules the original has and the first edition missed, the
quick reference's chart, and the sentences issue 22 found wrong, which must not return."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from printkit.drawing import trace
from printkit.games import GAMES
from printkit.language.translations import Localizer
from tests.games.yeti_slalom.test_rulebook import LOCALES, _data, _render
from tests.support import flat, printed_in, reader, writes_without_spaces

GAME = GAMES["yeti-slalom"]
#: Spaces a PDF may print differently from the XML: no-break ones, and those French
#: typography puts before : ; ! ?
_SPACES = re.compile(r"[\s\u00a0\u202f]+")


def _plain(text: str) -> str:
    return re.sub(r" ([:;!?»])", r"\1", flat(_SPACES.sub(" ", text))).strip()


@cache
def built(locale: str, doc: str) -> tuple[str, str]:
    """(the flow XML, the PDF's text) of a document, built once per test session."""
    xml: list[str] = []
    pdf = _render(doc, locale, capture=xml)
    text = " ".join(page.extract_text() or "" for page in reader(pdf).pages)
    return xml[0], _plain(text)


def pdf_bytes(locale: str, doc: str) -> bytes:
    return _render(doc, locale)


def stories(locale: str) -> list[str]:
    """The narration of each example panel (its last paragraph), as plain text."""
    xml, _ = built(locale, "rulebook")
    return [_plain("".join(panel.findall("p")[-1].itertext()))
            for panel in ET.fromstring(xml).iter("example")]


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


# --- narration by design -------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_no_example_sentence_starts_with_a_digit(locale: str) -> None:
    _, pdf = built(locale, "rulebook")
    for story in stories(locale):
        # what the XML says is what the PDF prints
        assert printed_in(story, pdf, locale), (locale, story)
        if writes_without_spaces(locale):
            continue  # English style: Japanese and Chinese start sentences with numerals
        for sentence in sentences(story):
            assert not sentence[0].isdigit(), (locale, sentence)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_two_examples_tell_the_same_story(locale: str) -> None:
    told = stories(locale)
    assert len(told) == len(set(told)), locale


@pytest.mark.parametrize("locale", LOCALES)
def test_every_captain_introduced_plays_in_an_example(locale: str) -> None:
    xml, pdf = built(locale, "rulebook")
    cast = [c["name"] for c in _data()["cast"]]
    intro = next(_plain("".join(n.itertext())) for n in ET.fromstring(xml).iter("note")
                 if cast[0] in "".join(n.itertext()))
    told = " ".join(stories(locale))
    for name in cast:
        assert name in intro and name in told, (locale, name)
    for gone in ("Dev", "Eli"):
        assert gone not in pdf, (locale, gone)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_player_does_not_start_every_sentence(locale: str) -> None:
    cast = [c["name"] for c in _data()["cast"]]
    for story in stories(locale):
        first_words = [s.split()[0] for s in sentences(story)]
        for name in cast:
            # a captain's name may open a sentence, never two in a row
            pairs = zip(first_words, first_words[1:], strict=False)
            assert not any(a == b == name for a, b in pairs), (locale, story)


@pytest.mark.parametrize("locale", LOCALES)
def test_where_a_yeti_stands_is_said_once_per_colour(locale: str) -> None:
    loc = Localizer.for_locale(locale)
    long_forms = [loc.gettext("%(player)s places %(yeti)s on the green space to the left of row "
                              "%(row)s, from where it throws to the right."),
                  loc.gettext("%(player)s places %(yeti)s on the red space to the right of row "
                              "%(row)s, from where it throws to the left.")]
    told = " ".join(stories(locale))
    for form in long_forms:
        tail = _plain(form.split("%(row)s", 1)[1])  # ", from where it throws to the right."
        assert told.count(tail) == 1, (locale, tail)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_kind_of_diagram_has_one_caption(locale: str) -> None:
    xml, _ = built(locale, "rulebook")
    captions = [_plain("".join(f.itertext())) for f in ET.fromstring(xml).iter("figure")
                if f.get("example")]
    shown = [c for c in captions if c]
    assert len(shown) == len(set(shown)) and len(shown) < len(captions), (locale, captions)


def test_the_rulebook_has_no_line_for_its_makers() -> None:
    xml, _ = built("en", "rulebook")
    root = ET.fromstring(xml)
    assert not list(root.iter("colophon"))
    assert "checked against the rules" not in "".join(root.itertext())


# --- rules the first edition missed -------------------------------------------------------

@pytest.mark.rule("sort-yeti-hand", "late-finishers-apart")
@pytest.mark.parametrize("locale", LOCALES)
def test_the_hand_tip_and_the_late_finishers_place_are_stated(locale: str) -> None:
    xml, pdf = built(locale, "rulebook")
    loc = Localizer.for_locale(locale)
    marked = {i for ids, _text in trace.passages(xml) for i in ids}
    assert {"sort-yeti-hand", "late-finishers-apart"} <= marked
    for yeti in (_data()["yetis"][0], _data()["yetis"][-1]):
        assert printed_in(_plain(loc.gettext(yeti["name"])), pdf, locale)


@pytest.mark.parametrize("rule", ["sort-yeti-hand", "late-finishers-apart"])
def test_removing_a_rules_passage_names_the_rule(rule: str) -> None:
    xml, _ = built("pl", "rulebook")
    stripped = re.sub(r' rule="([^"]*)"', lambda m: "" if rule in m.group(1).split()
                      else m.group(0), xml)
    problems = trace.document_problems(GAME, "rulebook", stripped, "pl: rulebook")
    assert [p for p in problems if repr(rule) in p], problems


# --- the quick reference ---------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_the_reference_has_the_chart_the_finish_and_no_empty_bottom_third(locale: str) -> None:
    xml, pdf = built(locale, "reference")
    root = ET.fromstring(xml)
    assert [f.get("name") for f in root.iter("figure")] == ["reach"]
    loc = Localizer.for_locale(locale)
    assert printed_in(_plain(loc.gettext(
        "Moving forward out of the last row finishes. The first four finishers take the "
        "finish spaces in order; later ones go face down in front of their captain, apart "
        "from the snowboarders waiting to start.")), pdf, locale)
    page = reader(pdf_bytes(locale, "reference")).pages[0]
    heights: list[float] = []
    page.extract_text(visitor_text=lambda text, cm, tm, *_: heights.append(tm[5] * cm[3]
                                                                             + cm[5])
                      if text.strip() else None)
    footer = min(heights)
    # below the page's bottom third line there is text besides the footer
    assert any(footer + 20 < y < float(page.mediabox.height) / 3 for y in heights), locale


def test_the_chart_shows_each_columns_symbol_for_both_colours() -> None:
    _, pdf = built("en", "reference")
    throws = _data()["throws"]
    # drawn column by column: its number, then its green and its red symbol ("–" for none)
    chart = " ".join(f"{col} {g or '–'} {r or '–'}" for col, (g, r)
                     in enumerate(zip(throws["green"], throws["red"], strict=True), 1))
    assert f"Column {chart}" in pdf


# --- issue 22's sentences, fixed --------------------------------------------------------------

FIXED = [
    # (locale, document, gone, there)
    ("es", "rulebook", "+8", "8+"),
    ("es", "rulebook", "rodead", "marcados con un círculo"),
    ("es", "rulebook", "En cuanto a un capitán", "Cuando un capitán se queda sin"),
    ("es", "reference", "En cuanto a un capitán", "Cuando un capitán se queda sin"),
    ("es", "rulebook", "pasan a ti", "te los quedas"),
    ("es", "rulebook", "desde donde lanza hacia la derecha. Ben",
     "en su casilla verde (fila 3)"),
    ("pl", "rulebook", "strącali", "strącały"),
    ("pl", "rulebook", "Bobrów", "Kapitan bobrów"),
    ("pl", "rulebook", "Bobry pasują", "bobry pasują"),
    ("pl", "rulebook", "Krokodyli", "kapitana krokodyli"),
    ("pl", "rulebook", "wygrywa najwyższ", "Wygrywa kapitan z największą liczbą punktów"),
    ("de", "rulebook", "umkreist", "eingekreist"),
    ("de", "rulebook", "einsetz", "Einen Yeti auslegen"),
    ("de", "reference", "einsetz", "Yeti auslegen:"),
    ("de", "rulebook", "Die meisten Punkte gewinnen", "mit den meisten Punkten gewinnt"),
    ("fr", "rulebook", "relance d’une boule de neige", "une relance (carte Boule de neige)"),
    ("fr", "reference", "Le plus de points l’emporte", "Le capitaine qui a le plus de points"),
]


@pytest.mark.parametrize(("locale", "doc", "gone", "there"), FIXED)
def test_a_fixed_sentence_stays_fixed(locale: str, doc: str, gone: str, there: str) -> None:
    _, pdf = built(locale, doc)
    assert gone not in pdf and there in pdf


@pytest.mark.parametrize(("locale", "gone", "there"), [
    ("pl", "Wygrywa najwyższa suma", "Wygrywa kapitan z najwyższą sumą"),
    ("de", "Die höchste Summe gewinnt", "Der Kapitän mit der höchsten Summe gewinnt"),
    ("fr", "Le total le plus élevé", "Le capitaine au total le plus élevé"),
    ("es", "Gana el total más alto", "Gana el capitán con el total más alto"),
])
def test_the_score_sheet_says_who_wins(locale: str, gone: str, there: str) -> None:
    sheet = next(t["text"] for t in _data()["sheets"]["score-sheet"]["texts"]
                 if "multiplier" in (t.get("text") or ""))
    said = Localizer.for_locale(locale).gettext(sheet)
    assert gone not in said and there in said


def test_german_uses_one_word_for_unseen_cards() -> None:
    _, pdf = built("de", "rulebook")
    assert "ungesehen" not in pdf and "unbesehen" in pdf
