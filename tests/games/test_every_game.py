"""What every game of printkit's own must do, each one test parametrised over the games:
its worked examples verify, each checks something, a changed expectation is named with
its example and key, a key left out of ``expect`` is not checked; in the session build,
every document embeds its fonts, and the quick reference is one page, on both papers and
in every locale.

What a game's own rules, examples and documents say is tested in its folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit import games
from printkit.errors import ExampleError
from printkit.language.locales import shipped_locales
from printkit.resources import BUILT_IN_GAMES
from tests.conftest import Kit
from tests.support import embedded_fonts, locale_fonts, made_up_example, write_examples

GAME_IDS = list(BUILT_IN_GAMES)
PAPERS = ("a4", "letter")
ALL_DOCUMENTS = [(game_id, doc.id) for game_id in GAME_IDS
                 for doc in games.get(game_id).documents]

#: How many keys each worked example's ``expect`` must claim (Polar Derby's examples
#: each say where the bears are, and what a player secured or pulled).
CLAIMED = {"polar-derby": 3}

#: Per game: an example, a line of its ``expect`` changed (from, to), and what the
#: verifier must then say.
CHANGED = {
    "coraz-blizej-swieta": ("normal-move", "field = 7,", "field = 8,",
                            r"\bfield expected 8, computed 7\b"),
    "polar-derby": ("tie-more-bears-wins", "winners = [0]", "winners = [1]",
                    r"\bwinners expected \[1\], computed \[0\]"),
    "pick-a-polar-bear": ("bonus-round-glasses-and-arm-raised", "bonus_answer = 3",
                          "bonus_answer = 4", r"\bbonus_answer expected 4, computed 3"),
    "yeti-slalom": ("best-roll-counts", "roll_counts = 4", "roll_counts = 2",
                    r"\broll_counts expected 2, computed 4"),
}

#: Per game: a made-up example (steps, setup) that claims only part of what its replay
#: observes, and the ``expect`` it claims, as TOML and as read.
LEFT_OUT = {
    "coraz-blizej-swieta": ("[ { roll = [3, 4] } ]", "{ field = 5, dice = 2 }",
                            "{ field = 7 }", {"field": 7}),
    "polar-derby": ('[ { roll = ["green", "blue"], take = ["green"] } ]', "{}",
                    "{ pulled = { green = 1 } }", {"pulled": {"green": 1}}),
    "pick-a-polar-bear": ('[ { player = 0, take = "BRGTW" } ]',
                          '{ captains = ["BRGTA", "SDNNW"], grid = ["BRGTW"] }',
                          '{ phase = "grab" }', {"phase": "grab"}),
    "yeti-slalom": ("[ { start = 1, at = [1, 1] } ]", "{}", '{ current = "crocodiles" }',
                    {"current": "crocodiles"}),
}


def test_every_game_is_in_the_tables_of_this_module() -> None:
    assert set(CHANGED) == set(LEFT_OUT) == set(GAME_IDS)


# -- Worked examples ------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_example_verifies(game_id: str) -> None:
    game = games.get(game_id)
    examples = game.load_examples()
    assert examples
    assert [v.id for v in game.verify()] == [e.id for e in examples]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_example_checks_something(game_id: str) -> None:
    for ex in games.get(game_id).load_examples():
        claimed = {key for key, value in ex.expect.items() if value is not None}
        assert len(claimed) >= CLAIMED.get(game_id, 2), ex.id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_changed_expectation_names_the_example_and_the_key(tmp_path: Path,
                                                            game_id: str) -> None:
    game = games.get(game_id)
    example_id, old, new, said = CHANGED[game_id]
    text = game.examples_file.read_text(encoding="utf-8")
    start = text.index(f'id = "{example_id}"')
    line_start = text.index("expect = {", start)
    line_end = text.index("\n", line_start)
    line = text[line_start:line_end]
    assert old in line
    path = write_examples(tmp_path, text[:line_start] + line.replace(old, new)
                          + text[line_end:])
    with pytest.raises(ExampleError) as caught:
        game.verify(examples=game.load_examples(path))
    message = str(caught.value)
    assert f"{game_id}/{example_id}" in message
    assert re.search(said, message)
    assert len(caught.value.lines()) == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_key_left_out_of_expect_is_not_checked(tmp_path: Path, game_id: str) -> None:
    game = games.get(game_id)
    steps, setup, expect, claimed = LEFT_OUT[game_id]
    (ex,) = game.load_examples(write_examples(tmp_path, made_up_example(steps, setup, expect)))
    assert {k: v for k, v in ex.expect.items() if v is not None} == claimed
    assert game.verify(examples=[ex])


# -- The session build ----------------------------------------------------------------------

def _kit(request: pytest.FixtureRequest, kit: Kit, paper: str) -> Path:
    """The session's build on ``paper`` (each built once, shared with the other tests): on
    A4 the kit (in the fast loop, one game in a few locales)."""
    return kit.out if paper == "a4" else request.getfixturevalue("built_kit_letter")


def _pdf(kit: Path, game_id: str, locale: str, doc: str, paper: str) -> PdfReader:
    return PdfReader(kit / game_id / locale / f"{doc}-{paper}.pdf")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("game_id", "doc"), ALL_DOCUMENTS)
def test_every_font_is_embedded_and_none_is_standard(request: pytest.FixtureRequest,
                                                     kit: Kit, game_id: str, doc: str,
                                                     paper: str) -> None:
    folder = _kit(request, kit, paper)
    for locale in kit.locales:
        seen = embedded_fonts(_pdf(folder, game_id, locale, doc, paper))
        assert seen, f"{locale} {doc} uses no font"
        assert all(name.startswith(locale_fonts(locale)) for name in seen), (locale, seen)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("locale", shipped_locales())
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_quick_reference_is_one_page(request: pytest.FixtureRequest, kit: Kit,
                                         game_id: str, locale: str, paper: str) -> None:
    assert "reference" in [d.id for d in games.get(game_id).documents]
    assert len(_pdf(_kit(request, kit, paper), game_id, locale, "reference", paper).pages) == 1
