"""Quick references fill their one page: the type grows, up to a rulebook's size, while the
reference still fits, so no reference is a third empty paper."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from printkit.games import GAMES
from printkit.geometry import MM
from printkit.language.locales import shipped_locales
from printkit.model import rulebook
from printkit.model.rulebook import SCALES, _filled_page

#: The compact document's top and bottom margins (see render_flow), in mm.
TOP_MM, BOTTOM_MM = 10, 14


def filled(path: Path) -> float:
    """How much of the page body, from its top margin down, has ink down to its last line."""
    page = pdfium.PdfDocument(path)[0]
    scale = 1.0
    image = np.asarray(page.render(scale=scale).to_pil().convert("L"))
    height = image.shape[0]
    top, bottom = round(TOP_MM * MM * scale), height - round(BOTTOM_MM * MM * scale)
    rows = np.nonzero((image[top:bottom] < 200).any(axis=1))[0]
    return (rows[-1] + 1) / (bottom - top) if len(rows) else 0.0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_reference_fills_most_of_its_page(built_kit: Path, game_id: str) -> None:
    for locale in shipped_locales():
        path = built_kit / game_id / locale / "reference-a4.pdf"
        assert filled(path) >= 0.8, (locale, round(filled(path), 2))


def test_the_largest_scale_that_fits_wins_whatever_the_first_guess(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A made-up reference that fits one page up to the fourth scale: every guess the search
    may start from comes to that scale."""
    def pages(scale: float) -> int:
        return 1 if scale <= SCALES[3] else 2

    for guess in range(len(SCALES)):
        monkeypatch.setattr(rulebook, "_LAST_SCALE", {("g", "reference", "a4"): guess})
        assert _filled_page(pages, ("g", "reference", "a4")) == SCALES[3], guess
    # a reference that fits at no scale is set at the smallest
    assert _filled_page(lambda scale: 2, ("g", "reference", "a4")) == SCALES[0]
