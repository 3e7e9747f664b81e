"""Quick references answer a mid-game question at a glance: what a roll leads to, on any
field and on Christmas Eve, is a table of cases in Coraz's reference (it was paragraphs of
the rulebook's prose, the Christmas Eve check buried in them), and Yeti Slalom's deal is a
table by number of players (it was three near-identical sentences). Each stays one page in
every locale, on A4 and Letter."""

from __future__ import annotations

import pytest

from printkit.drawing.doctree import typeset
from printkit.games import GAMES
from printkit.language.locales import shipped_locales
from tests.support import (
    PrintedLine,
    game_context,
    printed_lines,
    reader,
    reads_right_to_left,
)

#: Each row of Coraz's outcome tables: the case, then what happens (English entries; the
#: numbers are the game's: 7 dice, Christmas Eve on 24, goals 25 and 26).
CORAZ_ROWS = (
    ("Higher than your field", "Move your pawn to that field."),
    ("Equal to your field", "Your pawn stays; nothing else happens."),
    ("Lower than your field", "Your pawn stays, you lose your next turn and take one more die "
                              "(up to %(max)s).", {"max": 7}),
    ("More than %(wigilia)s", "Your pawn stops on field %(wigilia)s, Christmas Eve.",
     {"wigilia": 24}),
    ("A mis-added sum", "Your pawn does not move; you lose one turn and take no die."),
    ("The total can make %(g1)s or %(g2)s", "You win.", {"g1": 25, "g2": 26}),
    ("It cannot, and you rolled under %(wigilia)s",
     "The usual penalty: you lose your next turn and take one more die.", {"wigilia": 24}),
    ("It cannot, and you rolled %(wigilia)s or more", "The turn passes to the next player.",
     {"wigilia": 24}),
    ("A mis-added sum", "No win; you lose one turn and take no die."),
)


def _reference(game: str, locale: str, paper: str) -> bytes:
    return GAMES[game].document("reference").render(game_context(game, locale, "reference",
                                                                   paper))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["coraz-blizej-swieta", "yeti-slalom"])
def test_a_reference_with_tables_stays_one_page(game: str, paper: str) -> None:
    pages = {loc: len(reader(_reference(game, loc, paper)).pages) for loc in shipped_locales()}
    assert pages == dict.fromkeys(shipped_locales(), 1)


def _rows(pdf: bytes) -> list[list[PrintedLine]]:
    """The page's lines gathered by baseline, each row's cells from left to right."""
    rows: dict[float, list[PrintedLine]] = {}
    for line in printed_lines(pdf)[1]:
        rows.setdefault(round(line.baseline), []).append(line)
    return [sorted(cells, key=lambda c: c.left) for _b, cells in sorted(rows.items())]


@pytest.mark.parametrize("locale", [loc for loc in shipped_locales()
                                    if not reads_right_to_left(loc)])
def test_coraz_outcomes_are_rows_of_a_case_and_what_happens(locale: str) -> None:
    """Each case and its outcome stand side by side on one baseline, the case first, as a
    table's row does (a right-to-left page's letters come out as presentation forms: left
    out; its columns are checked in the Yeti test)."""
    ctx = game_context("coraz-blizej-swieta", locale, "reference")
    # a row's text, spaces left out (a cell's line may come out run into the next cell's)
    rows = ["".join("".join(c.text for c in row).split())
            for row in _rows(_reference("coraz-blizej-swieta", locale, "a4"))]
    _ = ctx.localizer.gettext
    for case, outcome, *numbers in CORAZ_ROWS:
        params = {k: ctx.localizer.number(v) for k, v in (numbers[0] if numbers else {}).items()}
        left, right = ("".join(typeset(_(text) % params, locale).split())[:8]
                       for text in (case, outcome))
        assert any(row.startswith(left) and right in row[len(left):] for row in rows), (
            locale, left, right)


@pytest.mark.parametrize("locale", shipped_locales())
def test_yeti_deal_is_a_row_per_count(locale: str) -> None:
    """The deal table's rows: the players, the Yeti cards and the snowball cards for 3, 4
    and 5 players, from game.toml, side by side on one baseline each, in reading order."""
    ctx = game_context("yeti-slalom", locale, "reference")
    rows = [[c.text for c in row] for row in _rows(_reference("yeti-slalom", locale, "a4"))]
    number = ctx.localizer.number
    deal = ctx.data["deal"]
    for key in ("players", "yeti_cards", "snowballs"):
        cells = [number(d[key]) for d in deal]
        if reads_right_to_left(locale):
            cells.reverse()  # the first column on the right
        assert any(row[:-1] == cells if reads_right_to_left(locale) else row[1:] == cells
                   for row in rows if len(row) == 4), (locale, key, cells)
