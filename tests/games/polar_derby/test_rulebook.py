"""Polar Derby's rulebook and quick reference: narration from the verified replay in
every locale, the example diagrams, the components page, a one-page reference."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from printkit.drawing.templating import render
from printkit.games import GAMES
from printkit.games.polar_derby.rulebook import (
    cast_names,
    story,
    template_context,
)
from printkit.geometry import PAPERS
from printkit.language import translations as i18n
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.model.rulebook import render_game_flow as render_flow
from tests.support import reader
from tests.support import text as pdf_text

TEMPLATE = "polar-derby/rulebook.xml.j2"
REFERENCE = "polar-derby/reference.xml.j2"

GAME = GAMES["polar-derby"]


@pytest.fixture(scope="module")
def locales() -> Path:
    """The shipped catalogs, where every new sentence of the rulebook is translated."""
    from printkit.resources import locales_dir

    return locales_dir()


@pytest.fixture(scope="module")
def game() -> tuple[dict[str, Any], dict[str, Any]]:
    data = GAME.load_data()
    return data, {v.id: v for v in GAME.verify(data)}


def context(game: tuple[dict[str, Any], dict[str, Any]], locale: str, doc: str) -> RenderContext:
    data, examples = game
    return RenderContext(game=GAME, data=data, examples=examples,
                         localizer=Localizer.for_locale(locale, root=i18n.locales_dir()),
                         paper=PAPERS["a4"], document=doc)


def narrations(ctx: RenderContext) -> dict[str, str]:
    """Each example's narration paragraph, by example id, as the template writes it."""
    xml = render(TEMPLATE, ctx.localizer, data=ctx.data, examples=list(ctx.examples.values()),
                 **template_context(ctx))
    out = {}
    for panel in ET.fromstring(xml).iter("example"):
        figure = panel.find("figure")
        paragraph = panel.find("p")
        assert figure is not None and paragraph is not None
        out[figure.get("example", "")] = " ".join("".join(paragraph.itertext()).split())
    return out


def expected_numbers(v: Any, data: dict[str, Any]) -> list[int]:
    """Numbers the narration must print in digits, read from the verified replay (counts of
    a few bears are words: "two white bears")."""
    s = story(v, data)
    numbers: list[int] = []
    for step in s.steps:
        if step.kind == "stop":
            numbers.append(sum(s.worth(step.secured)))
        if step.game_over:
            over = step.game_over
            numbers += over["scores"]
            best = max(over["scores"])
            numbers += [over["bears"][p] for p, score in enumerate(over["scores"])
                        if score == best and over["scores"].count(best) > 1]
    return numbers


@pytest.mark.parametrize("locale", ["en", "de", "es", "fr", "pl"])
def test_every_example_is_told_with_the_numbers_and_players_of_its_replay(game, locales,
                                                                           locale):
    ctx = context(game, locale, "rulebook")
    told = narrations(ctx)
    names = cast_names(game[0])
    assert set(told) == set(game[1])
    for example_id, v in game[1].items():
        text = told[example_id]
        s = story(v, game[0])
        # A player is named when their turn starts; later sentences say "she"/"he".
        for step in s.steps:
            if step.named:
                assert names[step.player] in text, (locale, example_id)
        found = [int(n) for n in re.findall(r"\d+", text)]
        for n in expected_numbers(v, game[0]):
            assert n in found, (locale, example_id, n, text)
        # No log-style leftovers: counts of bears are words and plural forms, not "1 × White".
        assert "×" not in text and "Player " not in text, (locale, example_id, text)


def test_english_narration_reads_like_a_person_telling_it(game, locales):
    told = narrations(context(game, "en", "rulebook"))
    assert told["split-colours"] == (
        "Ana rolls green and blue. She could take both, but takes only one green bear from the "
        "middle.")
    assert "Ana rolls a double: two whites. She steals two white bears: Ben and Cleo each lose " \
        "one." in \
        told["doubles-one-from-each"]
    assert "Next roll: blue and orange. Bust: both colours were already pulled this turn. " \
        "She puts one blue bear, one pink bear, and one orange bear back in the middle." in \
        told["bust-returns-pulled-bears"]
    assert "Together they are worth 1 + 5 = 6 points." in told["stop-secures-pulled-bears"]
    assert "Ben rolls orange and white. He takes one orange bear from the middle." in \
        told["empty-middle-bust-goes-on"]
    assert "Ana and Ben share the win." in told["shared-win"]
    # Colour names inside sentences are lower case.
    for text in told.values():
        for colour in ("White", "Blue", "Green", "Pink", "Orange"):
            assert f" {colour} " not in text


def test_the_reference_template_is_registered_after_the_rulebook():
    ids = [d.id for d in GAME.documents]
    assert ids[ids.index("rulebook") + 1] == "reference"
    assert GAME.document("reference").kind == "reference"
    assert REFERENCE.endswith("reference.xml.j2")


@pytest.fixture(scope="module")
def english(game, locales) -> str:
    return pdf_text(reader(render_flow(context(game, "en", "rulebook"))))


def test_the_diagrams_show_the_middle_the_pulled_and_the_secured_bears(english):
    flat = " ".join(english.split())
    for label in ("middle", "pulled", "Ana", "Ben", "Cleo", "stop", "bust!"):
        assert label in flat, label
    # A change is printed before → after: the first example takes a blue and a green bear.
    assert re.search(r"5\s*→\s*4", english)
    assert re.search(r"0\s*→\s*1", english)


def test_the_components_page_draws_every_component_with_its_count(game, locales, english):
    data = game[0]
    first = reader(render_flow(context(game, "en", "rulebook"))).pages[0].extract_text()
    for colour in data["colours"]:
        assert colour["name"] in first
    assert first.count(f"{data['colours'][0]['bears']} bears") >= len(data["colours"])
    assert "2 dice" in first and "Rink" in first
    for label in ("Players", "Age", "Playing time", "2–4", "6+", "20 min"):
        assert label in first, label


def test_no_developer_text_in_players_documents(game, locales, english):
    reference = pdf_text(reader(render_flow(context(game, "en", "reference"))))
    for text in (english, reference):
        lowered = text.lower()
        for word in ("printkit", "engine", "replayed", "game data"):
            assert word not in lowered, word
