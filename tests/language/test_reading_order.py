"""Diagrams read in the reader's order: a count that changed reads "before, then after", and
a row of dice from its roll on to the dice after a change, from the right in a right-to-left
locale, the arrow pointing on; the game's own geometry (a track's fields) is not mirrored."""

from __future__ import annotations

from typing import Any

import pytest

from printkit.drawing.text import Ink
from printkit.games.coraz_blizej_swieta import figures
from printkit.geometry import Rect, mm
from printkit.language import bidi, fonts, lines
from printkit.language.script import load


@pytest.mark.parametrize(("locale", "shown"), [("en", "5\u2009\u2192\u20094"),
                                               ("ar", "4\u2009\u2190\u20095")])
def test_a_changed_count_reads_from_before_to_after(locale: str, shown: str) -> None:
    script = load(locale)
    text = bidi.change("5", "4", script.rtl)
    # what a reader sees, left to right on the page
    seen = "".join(str(t) for _f, t, _w in lines.line(text, fonts.BOLD, 7, script, fonts.runs))
    assert seen == shown


def _row(locale: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, float]]:
    """What a dice row draws, left to right: (kind, x where it starts, x where it ends)."""
    drawn: list[tuple[str, float, float]] = []
    monkeypatch.setattr(figures.shapes, "die_face",
                        lambda c, x, y, size, face, highlight=None: drawn.append(
                            (f"die {face}", x, x + size)))
    monkeypatch.setattr(figures.shapes, "arrow",
                        lambda c, x1, y1, x2, y2, **kw: drawn.append(("arrow", x1, x2)))
    items: list[Any] = [("die", 2, False), ("die", 5, False), ("arrow", 0, False),
                        ("die", 2, False), ("die", 6, True)]
    ink = Ink(None, locale, "test")  # type: ignore[arg-type]  # (draws no text here)
    figures._dice_row(None, ink, items, Rect(0, 0, mm(80), mm(10)), mm(6), "T")
    return sorted(drawn, key=lambda d: min(d[1], d[2]))


def test_a_dice_row_reads_from_the_right_in_a_right_to_left_locale(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ltr = _row("en", monkeypatch)
    assert [kind for kind, *_ in ltr] == ["die 2", "die 5", "arrow", "die 2", "die 6"]
    assert ltr[2][1] < ltr[2][2]  # the arrow points right, on to the dice after
    monkeypatch.undo()
    rtl_row = _row("ar", monkeypatch)
    assert [kind for kind, *_ in rtl_row] == ["die 6", "die 2", "arrow", "die 5", "die 2"]
    assert rtl_row[2][1] > rtl_row[2][2]  # the arrow points left, on to the dice after
