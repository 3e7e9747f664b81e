"""No page of a rulebook or guide is nearly empty, and no heading ends a page or column.

Measured on what a reader gets, every rulebook and guide in every shipped locale, on
A4 and Letter (and, marked slow, the guide of every card layout): every page but the
last has ink down to at least half of its body, and the lowest line of each half of a
page (a column) is never a heading. The guide's drawn calibration pages (and the blank
page before them) are not text pages and are left out.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from printkit.games import GAMES
from printkit.i18n import shipped_locales
from printkit.layout.geometry import MM
from printkit.render.pagefit import MIN_FILL, Fitting, Measure, best_layout

#: The body of a rulebook's or guide's page: its top and bottom margins, in mm.
TOP_MM, BOTTOM_MM = 16, 18
DOCS = ("rulebook", "guide")
#: Headings are set at 11 pt (h2) and 15 pt (h1); body text at 10 pt and less.
HEADING_PT = 10.9


def body_rows(page: pdfium.PdfPage) -> tuple[np.ndarray, int, bool]:
    """The rows of the page body with ink, the body's height, and whether anything is
    printed above the body (only the guide's drawn calibration pages do that)."""
    image = np.asarray(page.render(scale=1).to_pil().convert("L")) < 200
    top, bottom = round(TOP_MM * MM), image.shape[0] - round(BOTTOM_MM * MM)
    # (a panel's frame at the top of the body strays a point above it)
    above = bool(image[:top - 3].any())
    return np.nonzero(image[top:bottom].any(axis=1))[0], bottom - top, above


def text_pages(path: Path) -> list[tuple[int, pdfium.PdfPage, float]]:
    """Every page but the last that is a page of text, with its fill (0 to 1). A drawn
    page prints above the body (the calibration front and back) or only around its
    middle (the page left blank before them)."""
    pdf = pdfium.PdfDocument(path)
    out = []
    for n in range(len(pdf) - 1):
        rows, height, drawn = body_rows(pdf[n])
        if drawn or (len(rows) and rows[0] > height / 4):
            continue
        out.append((n + 1, pdf[n], (rows[-1] + 1) / height if len(rows) else 0.0))
    return out


def lowest_lines(page: pdfium.PdfPage) -> dict[int, tuple[float, str]]:
    """Per half of the page (a column, or half of a full-width line), the lowest line of
    text in the body: its smallest font size and its first characters."""
    text = page.get_textpage()
    width, height = page.get_size()
    halves: dict[int, dict[int, list[tuple[float, str]]]] = {}
    for i in range(text.count_chars()):
        char = chr(raw.FPDFText_GetUnicode(text, i))
        left, bottom, right, top = text.get_charbox(i)
        if char.isspace() or bottom < BOTTOM_MM * MM or top > height - TOP_MM * MM:
            continue
        half = 0 if (left + right) / 2 < width / 2 else 1
        line = halves.setdefault(half, {}).setdefault(round(bottom / 4), [])
        line.append((raw.FPDFText_GetFontSize(text, i), char))
    lowest = {}
    for half, lines in halves.items():
        chars = lines[min(lines)]
        lowest[half] = (min(size for size, _c in chars), "".join(c for _s, c in chars)[:40])
    return lowest


def problems(kit: Path, paper: str, game: str, doc: str) -> list[tuple]:
    found = []
    for locale in shipped_locales():
        path = kit / game / locale / f"{doc}-{paper}.pdf"
        if not path.exists():
            continue  # a game without a guide section (none today)
        for number, page, fill in text_pages(path):
            if fill < MIN_FILL:
                found.append((locale, number, "filled", round(fill, 2)))
            for half, (size, line) in lowest_lines(page).items():
                if size >= HEADING_PT:
                    found.append((locale, number, "heading last", half, line))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("doc", DOCS)
def test_no_page_nearly_empty_nor_ending_with_a_heading_on_a4(built_kit: Path, game: str,
                                                              doc: str) -> None:
    assert problems(built_kit, "a4", game, doc) == []


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("doc", DOCS)
def test_no_page_nearly_empty_nor_ending_with_a_heading_on_letter(
        built_kit_letter: Path, game: str, doc: str) -> None:
    """Polar Derby's setup figure was alone on page 2 of the Letter rulebook (26 %), the
    guide's calibration box alone on page 3 (38 to 49 %) in several locales."""
    assert problems(built_kit_letter, "letter", game, doc) == []


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["shop", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_of_every_card_layout_has_no_nearly_empty_page(
        tmp_path: Path, layout: str, paper: str) -> None:
    from printkit.commands.build import BuildOptions, build

    build(BuildOptions(out=tmp_path, paper=paper, layout=layout, previews=False))
    found = {game: problems(tmp_path, paper, game, "guide") for game in sorted(GAMES)}
    assert found == {game: [] for game in sorted(GAMES)}


def test_the_first_good_layout_is_kept_else_the_best_measured() -> None:
    """Layouts are tried in order: the first with every page but the last half filled and
    no heading last wins; without one, the best score, the earlier of equal ones."""
    tried: list[Fitting] = []

    def lay_out(measures: dict[Fitting, Measure]):  # type: ignore[no-untyped-def]
        def one(fitting: Fitting) -> tuple[Fitting, Measure]:
            tried.append(fitting)
            return fitting, measures[fitting]
        return one

    plain, here, tight = Fitting(), Fitting(columns_here=True), Fitting(spacing=0.7)
    measures = {plain: Measure([0.9, 0.3, 0.8]), here: Measure([0.9, 0.8, 0.4]),
                tight: Measure([0.9, 0.3, 0.2], headings_last=[2])}
    assert best_layout(lay_out(measures), (plain, here, tight)) == here
    assert tried == [plain, here]  # the last page may be short; nothing more is tried
    measures[here] = Measure([0.9, 0.45, 0.2])
    assert best_layout(lay_out(measures), (plain, here, tight)) == here  # less empty space
    measures[here] = Measure([0.9, 0.3, 0.8])
    assert best_layout(lay_out(measures), (plain, here, tight)) == plain  # equal: first
