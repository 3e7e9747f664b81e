"""Pick-a-Polar Bear's rulebook and quick reference, rendered one document at a time.

Worked examples are told with names and with the numbers of their verified
replay; the reference fits one page; the components page and the setup
diagram draw the kit's own cards.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pypdfium2
import pytest

from printkit.drawing.templating import environment
from printkit.games.pick_a_polar_bear import GAME
from printkit.games.pick_a_polar_bear.rulebook import (
    names,
    template_context,
)
from printkit.geometry import PAPERS
from printkit.language.locales import shipped_locales
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.model.rulebook import render_game_flow as render_flow
from tests.support import reader, says_in_words, text

LOCALES = shipped_locales()
NAMES = names(GAME.load_data())


def context(data, verified, doc: str, locale: str = "en",
            root: Path | None = None) -> RenderContext:
    return RenderContext(game=GAME, data=data, examples=verified,
                         localizer=Localizer.for_locale(locale, root=root),
                         paper=PAPERS["a4"], document=doc)


@pytest.fixture
def merged() -> Path:
    """The shipped catalogs, where every new sentence of the rulebook is translated."""
    from printkit.resources import locales_dir

    return locales_dir()


def example_texts(data, verified, locale: str, root: Path | None = None) -> dict[str, str]:
    """Each example's narration, as plain text, straight from the narration template."""
    ctx = context(data, verified, "rulebook", locale, root=root)
    env = environment(ctx.localizer)
    source = ('{%- import "pick-a-polar-bear/narration.xml.j2" as say with context -%}'
              "{{ say.narration(v) }}")
    variables = template_context(ctx)
    return {vid: env.from_string(source).render(data=data, examples=[v], v=v, **variables)
            for vid, v in verified.items()}


def numbers_of(v: Any) -> list[int]:
    """The numbers an example's story must show, read from its verified replay."""
    found: list[int] = []
    for e in v.replay.events:
        p = e.params
        if e.kind in ("kept", "discarded"):
            found.append(p["cards"])
        elif e.kind == "bonus-revealed" or (e.kind == "bonus-discarded"
                                             and p["reason"] != "captains"):
            found.append(p["table"])
        elif e.kind == "bonus":
            found.append(p["answer"])
            found.extend(says for _, says in p["answers"])
        elif e.kind == "penalty" and p["cards"]:
            found.append(p["cards"])
        elif e.kind == "game-over":
            found.extend(p["scores"])
        elif e.kind == "solo-round":
            found += [len(p["chain"]), p["leftover"]]
        elif e.kind == "freeze" and not p["right"]:
            found.append(len(p["matching"]))
    if v.replay.observed.get("best_leftover") is not None and not v.replay.observed["optimal"]:
        found.append(v.replay.observed["best_leftover"])
    return found


def players_of(v: Any) -> set[int]:
    """Seats that act in an example's events."""
    seats: set[int] = set()
    for e in v.replay.events:
        who = e.params.get("player")
        if isinstance(who, int):
            seats.add(who)
        for w in e.params.get("winners") or ():
            seats.add(w)
    return seats


def _check_story(story: str, v: Any, localizer: Localizer) -> None:
    for n in numbers_of(v):
        if says_in_words(localizer.code, n):
            continue
        shown = localizer.number(n)
        assert re.search(rf"(?<![\d]){re.escape(shown)}(?![\d])", story), \
            f"{v.id}: {shown} missing from: {story}"
    for seat in players_of(v):
        assert NAMES[seat] in story, f"{v.id}: {NAMES[seat]} missing from: {story}"
    assert "Player" not in story and "printkit" not in story


def test_every_story_in_english_has_its_replays_numbers_and_names(data, verified):
    loc = Localizer.for_locale("en")
    for vid, story in example_texts(data, verified, "en").items():
        _check_story(story, verified[vid], loc)


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_every_story_in_every_locale_has_its_replays_numbers(data, verified, merged, locale):
    loc = Localizer.for_locale(locale, root=merged)
    for vid, story in example_texts(data, verified, locale, root=merged).items():
        _check_story(story, verified[vid], loc)


def test_stories_have_every_sentence_spaced_and_no_log_words(data, verified):
    for vid, story in example_texts(data, verified, "en").items():
        assert not re.search(r"[.!:][A-Z]", story), f"{vid}: {story}"
        assert "secured" not in story and "engine" not in story


def test_the_rulebook_has_no_developer_text_nor_notes_for_its_makers(data, verified):
    pdf = reader(render_flow(context(data, verified, "rulebook")))
    words = text(pdf)
    for banned in ("printkit", "engine", "replayed", "--seed", "Player 1"):
        assert banned not in words
    assert "checked against the rules" not in " ".join(words.split())


def test_components_page_draws_each_card_with_its_count(data, verified):
    pdf = reader(render_flow(context(data, verified, "rulebook")))
    first = " ".join((pdf.pages[0].extract_text() or "").split())
    bonus = len(data["bonus"]["cards"])
    assert f"{2 ** len(data['attributes']) * data['deck']['copies']} animal cards" in first
    assert f"{bonus} bonus-round cards" in first
    assert f"{data['penalty']['cards']} penalty cards" in first
    # The card faces are the kit's own: their printed texts are on the page, but for the
    # bonus card's small question, which would print under the 6 pt floor in a miniature.
    for printed in ("Bonus round", "Hold", data["title"]):
        assert printed in first, printed
    assert "How many cards on the table" not in first


def test_setup_diagram_shows_the_table_and_names_the_captains(data, verified):
    pdf = reader(render_flow(context(data, verified, "rulebook")))
    second = " ".join((pdf.pages[1].extract_text() or "").split())
    assert "The draw pile" in second
    for name in NAMES[:3]:
        assert name in second
    rows, columns = data["table"]["rows"], data["table"]["columns"]
    assert f"{rows * columns} member cards face up" in second


def test_cover_and_components_are_drawn_in_colour(data, verified):
    pdf = render_flow(context(data, verified, "rulebook"))
    page = pypdfium2.PdfDocument(pdf)[0].render(scale=0.5).to_pil().convert("RGB")
    colours = page.getcolors(1 << 20) or []
    assert len(colours) > 500  # the cards' art, not an empty box
