"""No page of a rulebook or guide is nearly empty, and no heading ends a page or column.

Measured on what a reader gets, every rulebook and guide in every shipped locale, on
A4 and Letter (and, marked slow, the guide of every card layout): every page but the
last has ink down to at least half of its body, and the lowest line of each half of a
page (a column) is never a heading. The guide's drawn calibration pages (and the blank
page before them) are not text pages and are left out. Where a rulebook's two-column
section ends (its last page), the columns end at about the same height.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from printkit.drawing import doctree, flow
from printkit.drawing.flow import lay_out_flow
from printkit.drawing.pagefit import (
    BALANCE_STEP,
    CANDIDATES,
    MIN_FILL,
    Fitting,
    FittingDocTemplate,
    Measure,
    PageStarts,
    balance_columns,
    best_layout,
)
from printkit.errors import FitError
from printkit.games import GAMES
from printkit.geometry import MM
from printkit.language.locales import shipped_locales
from printkit.language.script import load
from printkit.model.rulebook import game_flow_document
from tests.support import flat, game_context, page_texts

#: The body of a rulebook's or guide's page: its top and bottom margins, in mm.
TOP_MM, BOTTOM_MM = 16, 18
DOCS = ("rulebook", "guide")
#: Headings are set at 11 pt (h2) and 15 pt (h1); body text at 10 pt and less.
HEADING_PT = 10.9
#: The columns of a section's last page end no further apart than this much of the body.
BALANCED = 0.25
#: The tints of the example panels and of the notes (see printkit.drawing.flow).
TINTS = ((0xEE, 0xF3, 0xF8), (0xFB, 0xF5, 0xEE))


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


def column_ends(page: pdfium.PdfPage, rtl: bool) -> tuple[float, float, bool]:
    """Where the two columns at the bottom of a page end (the first column's, then the
    second's), as fractions of the body from its top, and whether a panel that cannot
    split stands at the break between them (the last block of the first column or the
    first of the second) and is taller than the difference: moved across, it would leave
    the columns no closer. The columns are what stands below the lowest ink across the gap
    between them; a column with nothing in it ends where the columns start."""
    rgb = np.asarray(page.render(scale=1).to_pil().convert("RGB")).astype(int)
    top, bottom = round(TOP_MM * MM), rgb.shape[0] - round(BOTTOM_MM * MM)
    body = rgb[top:bottom]
    ink = body.min(axis=2) < 200
    height, width = ink.shape
    gap = round(3 * MM)
    across = ink[:, width // 2 - gap:width // 2 + gap].any(axis=1)
    start = int(np.nonzero(across)[0][-1]) + 1 if across.any() else 0
    halves = [slice(0, width // 2 - gap), slice(width // 2 + gap, width)]
    if rtl:  # the first column is the right one
        halves.reverse()
    tint = np.zeros(ink.shape, bool)
    for colour in TINTS:
        tint |= (np.abs(body - colour) <= 3).all(axis=2)
    ends, panels = [], []
    for half in halves:
        rows = np.nonzero(ink[start:, half].any(axis=1))[0] + start
        ends.append(int(rows[-1]) + 1 if len(rows) else start)
        tinted = tint[:, half].mean(axis=1) > 0.04  # (a diagram leaves the margins)
        tinted[:start] = False
        runs, row = [], start
        while row < height:  # the panels: runs of tinted rows
            if tinted[row]:
                first = row
                while row < height and tinted[row]:
                    row += 1
                runs.append((first, row))
            row += 1
        panels.append((runs, int(rows[0]) if len(rows) else start))
    difference = abs(ends[0] - ends[1])
    line = 14  # px: about a line of body text, at 1 px a point
    (first_runs, _), (second_runs, second_top) = panels
    at_break = ([b - a for a, b in first_runs if abs(b - ends[0]) <= line]
                + [b - a for a, b in second_runs if abs(a - second_top) <= line])
    stuck = any(panel >= difference - line for panel in at_break)
    return ends[0] / height, ends[1] / height, stuck


def unbalanced(kit: Path, paper: str, game: str) -> list[tuple]:
    """The rulebooks whose two-column section ends (on their last page: every rulebook's
    columns run to its end) with columns further apart than :data:`BALANCED`, where no
    unsplittable panel at the break between them is the cause."""
    found = []
    for locale in shipped_locales():
        path = kit / game / locale / f"rulebook-{paper}.pdf"
        pdf = pdfium.PdfDocument(path)
        first, second, stuck = column_ends(pdf[len(pdf) - 1], load(locale).rtl)
        if abs(first - second) > BALANCED and not stuck:
            found.append((locale, len(pdf), round(first, 2), round(second, 2)))
    return found


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


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_two_column_section_ends_with_balanced_columns(built_kit: Path,
                                                         built_kit_letter: Path, game: str,
                                                         paper: str) -> None:
    """On the page where a two-column section ends, its columns end at about the same
    height, as a typesetter balances them. Before, the last page of most rulebooks held
    its text in the first column only: Polar Derby's down to 84 to 98 % of the page in six
    locales on A4, its second column empty."""
    kit = built_kit if paper == "a4" else built_kit_letter
    assert unbalanced(kit, paper, game) == []


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["shop", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_of_every_card_layout_has_no_nearly_empty_page(
        built_in_layout: Callable[[str, str], tuple[Path, object]], layout: str,
        paper: str) -> None:
    kit, _said = built_in_layout(paper, layout)
    found = {game: problems(kit, paper, game, "guide") for game in sorted(GAMES)}
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


def test_a_last_page_holding_only_a_remnant_gives_way_to_a_later_layout_that_saves_it(
        ) -> None:
    """A good layout whose last page holds a line or two (under SHORT_LAST) is kept only
    when no later good layout has fewer pages; a last page with more on it ends the search."""
    tried: list[Fitting] = []
    plain, here, tight = Fitting(), Fitting(columns_here=True), Fitting(spacing=0.7)
    measures = {plain: Measure([0.9, 0.9, 0.1]), here: Measure([0.9, 0.3, 0.4]),
                tight: Measure([0.95, 0.99])}

    def one(fitting: Fitting) -> tuple[Fitting, Measure]:
        tried.append(fitting)
        return fitting, measures[fitting]

    assert best_layout(one, (plain, here, tight)) == tight
    assert tried == [plain, here, tight]
    measures[tight] = Measure([0.95, 0.99, 0.05])  # no page saved: the first good stays
    assert best_layout(one, (plain, here, tight)) == plain
    tried.clear()
    measures[plain] = Measure([0.9, 0.9, 0.2])
    assert best_layout(one, (plain, here, tight)) == plain and tried == [plain]


def test_a_heading_starts_a_list_where_its_first_item_fits() -> None:
    """A heading is kept with the first item of the list after it, not the whole list: the
    German Coraz rulebook took its Clarifications heading and their items to a fifth A4
    page, leaving half of page 4's second column empty. Every locale's is four A4 pages,
    its Clarifications heading on the last one, with text after it."""
    for locale in shipped_locales():
        ctx = game_context("coraz-blizej-swieta", locale, "rulebook", "a4")
        pages = page_texts(flow.render_flow(game_flow_document(ctx)))
        assert len(pages) == 4, (locale, len(pages))
        if not load(locale).rtl:  # (a right-to-left page's text comes out in visual order)
            heading = flat(ctx.localizer.gettext("Clarifications"))
            assert heading in flat(pages[3]) and heading not in flat(pages[2]), locale


def test_a_section_s_last_page_gets_the_shortest_columns_that_keep_the_other_pages() -> None:
    """Column heights are tried on sketches; the smallest that keeps every other page as it
    was (and its own content on it) is drawn. Page 2, 300 and 100 pt tall: anything from
    220 pt keeps it; below, its last lines go to a page 3 (or a panel does not fit)."""
    calls: list[dict[int, float]] = []
    pages = [("p", 0, 100.0), ("p", 1, 400.0)]

    def lay_out(cuts: dict[int, float]) -> Measure | None:
        calls.append(cuts)
        height = cuts.get(2, 300.0)
        if height < 150:
            return None
        drawn = [pages[0], ("cut", height)] + ([("p", 0, 700.0)] if height < 220 else [])
        return Measure([0.9] * len(drawn), [], {2: (300.0, 100.0)}, drawn)

    measure = lay_out({})
    assert measure is not None
    cuts, balanced = balance_columns(lay_out, measure)
    assert 220 <= cuts[2] <= 220 + BALANCE_STEP
    assert balanced.drawn == [pages[0], ("cut", cuts[2])]  # the measure of the layout kept
    # columns that end close together are left as they are
    calls.clear()
    close = Measure([0.9, 0.9], [], {2: (300.0, 290.0)}, [pages[0], ("cut", 300.0)])
    assert balance_columns(lay_out, close) == ({}, close) and calls == []


def rulebooks(locale: str) -> list[flow.FlowDocument]:
    """Every game's rulebook in ``locale``, as the build lays it out."""
    return [game_flow_document(game_context(game_id, locale)) for game_id in GAMES]


@pytest.mark.full  # (every rulebook laid out many times: not in the fast loop)
@pytest.mark.parametrize("locale", ["en", "ar", "ja"])
def test_a_sketch_places_every_block_where_the_drawing_does(locale: str) -> None:
    """Page fitting chooses from sketches (placed, not drawn) and draws only the layout it
    keeps: for every rulebook, in a left-to-right, a right-to-left and a vertical-break
    script, each setting tried places every block on the same page, column and height
    sketched as drawn, and a sketch writes no PDF."""
    docs = rulebooks(locale)
    for doc in docs:
        root = doctree.parse(doc.xml, doc.locale, doc.document)
        for fitting in CANDIDATES[:3]:
            sketched, sketch = lay_out_flow(doc, root, fitting, sketch=True)
            drawn, drawing = lay_out_flow(doc, root, fitting)
            assert sketched == b"" and drawn.startswith(b"%PDF")
            assert sketch == drawing, (doc.title, fitting)


@pytest.mark.full  # (every rulebook laid out many times: not in the fast loop)
@pytest.mark.parametrize("locale", ["en", "pl", "ar", "ja"])
def test_a_trial_resumed_where_its_page_begins_is_laid_out_as_a_whole_one(
        locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Balancing a section's last page tries many heights of it; each trial begins where
    that page began in an earlier sketch, without laying out the pages before it again.
    For every rulebook, heights from the tallest column down to where panels no longer fit
    give the same measure (or the same failure) resumed as laid out whole, each resumed
    trial after other trials went on from the same page start (a flowable ReportLab put
    off to the next frame in one of them stays as it was where the page begins)."""
    docs = rulebooks(locale)
    resumed = 0
    for doc in docs:
        root = doctree.parse(doc.xml, doc.locale, doc.document)
        starts: PageStarts = {}
        measure = lay_out_flow(doc, root, Fitting(), sketch=True, starts=starts)[1]
        page = len(measure.fills)
        assert FittingDocTemplate.page_start_key(Fitting(), {}, page) in starts
        tallest = max(measure.section_ends.get(page, (measure.fills[-1] * 700, 0)))

        for less in (0, 10, 20, 40, 80, 160, 320):
            cuts = {page: max(20.0, round(tallest - less, 1))}
            whole = _trial(doc, root, cuts)
            stories: list[object] = []  # a resumed trial makes no story: it takes the start's
            monkeypatch.setattr(flow, "keep_headings", stories.append)
            again = _trial(doc, root, cuts, starts)
            monkeypatch.undo()
            assert again == whole, (doc.title, cuts)
            resumed += not stories
    assert resumed == 7 * len(docs)


def _trial(doc: flow.FlowDocument, root: doctree.Document, cuts: dict[int, float],
           starts: PageStarts | None = None) -> Measure | None:
    """A sketch with ``cuts``; None where a panel is taller than the columns cut."""
    try:
        return lay_out_flow(doc, root, Fitting(), cuts, sketch=True, starts=starts)[1]
    except FitError:
        return None
