"""The rulebook and quick reference of "Coraz bliżej Święta…": told from the verified
replays, drawn with the kit's own drawing code (the reference on one page: see
tests/games/test_every_game.py)."""

from __future__ import annotations

import re
from functools import cache
from io import BytesIO

import pytest
from pypdf import PdfReader

from printkit import games
from printkit.examples import Verified
from printkit.games.coraz_blizej_swieta.figures import component_labels
from printkit.games.coraz_blizej_swieta.rulebook import cast
from printkit.geometry import PAPERS
from printkit.language.locales import shipped_locales
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from tests.support import flat, printed_in

GAME_ID = "coraz-blizej-swieta"
LOCALES = shipped_locales()


def _context(doc: str, locale: str = "en") -> RenderContext:
    game = games.GAMES[GAME_ID]
    data = game.load_data()
    return RenderContext(game=game, data=data, examples={v.id: v for v in _verified()},
                         localizer=Localizer.for_locale(locale), paper=PAPERS["a4"],
                         document=doc)


@cache
def _verified() -> tuple[Verified, ...]:
    return tuple(games.GAMES[GAME_ID].verify())


@cache
def _pdf(doc: str, locale: str = "en") -> bytes:
    ctx = _context(doc, locale)
    return ctx.game.document(doc).render(ctx)


def _text(pdf: bytes) -> str:
    """The extracted text with line breaks and no-break spaces made plain spaces."""
    raw = "\n".join(page.extract_text() or "" for page in PdfReader(BytesIO(pdf)).pages)
    return flat(raw)


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def _sum(faces: list[int], total: int) -> str:
    return " + ".join(str(f) for f in faces) + f" = {total}" if len(faces) > 1 else str(total)


def _expected_numbers(v: Verified) -> list[str]:
    """What an example's story must print, taken from its replay."""
    out = [str(v.example.setup["field"]), str(v.replay.observed["field"])]
    for event in v.replay.events:
        p = event.params
        if event.kind == "rolled":
            days = (p["total"] - sum(p["faces"])) // p["cards"] if p["cards"] else 0
            out.append(_sum(list(p["faces"]) + [days] * p["cards"], p["total"]))
        elif event.kind in ("changed", "won", "passed", "capped", "penalty", "answered"):
            out.append(str(p["total"]))
        elif event.kind == "misadded":
            out += [str(p["announced"]), str(p["total"])]
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_every_story_prints_the_numbers_of_its_replay(locale: str) -> None:
    text = _text(_pdf("rulebook", locale))
    players = [c["name"] for c in cast(games.GAMES[GAME_ID].load_data())]
    for i, v in enumerate(_verified()):
        player = players[i % len(players)]
        assert player in text, (locale, v.id)
        for wanted in _expected_numbers(v):
            assert printed_in(wanted, text, locale), (locale, v.id, wanted)


def test_a_christmas_eve_change_is_told_with_its_new_sum() -> None:
    text = _text(_pdf("rulebook"))
    for v in _verified():
        for event in v.replay.events:
            if event.kind != "changed":
                continue
            faces = next(list(e.params["faces"]) for e in v.replay.events if e.kind == "rolled")
            for index, _old, new in event.params["changes"]:
                faces[index] = new
            assert f"Now the dice show {_sum(faces, event.params['total'])}." in text, v.id


def test_the_english_stories_name_the_player_once_then_go_on_with_a_pronoun() -> None:
    text = _text(_pdf("rulebook"))
    assert ("Ana is on field 5 with two dice. She rolls her dice: 3 + 4 = 7. She moves her "
            "pawn from field 5 to field 7.") in text
    for word in ("printkit", "engine", "replayed", "Before:", "After:"):
        assert word not in text, word


def test_the_reference_holds_the_turn_and_the_rulings() -> None:
    text = _text(_pdf("reference"))
    for phrase in ("Roll all your dice and add them up.", "Christmas Eve (field 24)",
                   "A mis-added sum costs one turn and never gives a die.",
                   "Variant: Tydzień (one die only)"):
        assert phrase in text, phrase


@pytest.mark.parametrize("locale", LOCALES)
def test_the_components_page_draws_each_component_with_its_count(locale: str) -> None:
    ctx = _context("rulebook", locale)
    loc = ctx.localizer
    first = flat(PdfReader(BytesIO(_pdf("rulebook", locale))).pages[0].extract_text() or "")
    for label in component_labels(ctx).values():
        assert printed_in(flat(label), first, locale), (locale, label)
    # The week card is the kit's own drawing, its title large enough to print.
    assert printed_in(loc.gettext("Week"), first, locale)
    # The board's field names and the tracker sheet's words would print under the 6 pt
    # floor in these miniatures: the pictures show them without those words.
    assert loc.gettext("Second day of Christmas") not in first
    assert loc.gettext("Lost turns") not in first


def test_the_cover_shows_players_age_and_playing_time() -> None:
    data = games.GAMES[GAME_ID].load_data()
    first = _text(_pdf("rulebook")).split("1 The idea")[0]
    assert f"{data['players']['min']}–{data['players']['max']}" in first
    assert f"{data['box']['age']}+" in first
    assert f"{data['box']['minutes']} min" in first


def test_every_example_is_drawn_in_its_own_panel() -> None:
    text = _text(_pdf("rulebook"))
    loc = Localizer.for_locale("en")
    titles = [loc.gettext(v.example.title) for v in _verified()]
    positions = [text.index(t) for t in titles]
    assert len(set(positions)) == len(titles)
