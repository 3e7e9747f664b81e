"""No printed text under 6 pt: labels, sheets, cards, boards, guides and figures, measured in
the PDFs themselves (font size × text matrix × transformation × horizontal scaling, forms
included); what players read during play at 7 pt at least."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.pdf import draw_once
from printkit.drawing.text import FLOOR_PT, PLAY_PT, Ink
from printkit.errors import FitError
from printkit.games import GAMES
from printkit.geometry import PAPERS, Rect, mm
from printkit.language import fonts
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.model.rulebook import render_game_flow as render_flow
from tests.support import printed_lines

LOCALES = ("en", "pl", "de")


def text_sizes(pdf: bytes | Path) -> list[tuple[int, float]]:
    """(page, size on the paper) of every line of text the PDF's pages show, forms
    included: font size × text matrix × transformation × horizontal scaling (Tz)."""
    return [(number, line.size) for number, lines in printed_lines(pdf).items()
            for line in lines]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_nothing_prints_under_six_points(built_kit: Path, game_id: str) -> None:
    for locale in LOCALES:
        for path in sorted((built_kit / game_id / locale).glob("*.pdf")):
            if path.name.startswith(("kit-", "print-")):
                continue  # the same pages as the documents
            sizes = text_sizes(path)
            assert sizes, path.name
            small = [(p, round(s, 2)) for p, s in sizes if s < FLOOR_PT - 0.01]
            assert not small, (locale, path.name, small[:5])


def _canvas() -> tuple[Canvas, BytesIO, Ink]:
    buffer = BytesIO()
    fonts.register()
    canvas = Canvas(buffer, pagesize=(mm(100), mm(100)))
    return canvas, buffer, Ink(canvas, "en", "test")


def test_a_label_asked_for_smaller_prints_at_the_floor() -> None:
    canvas, buffer, ink = _canvas()
    assert ink.line("sheet 1 of 2", Rect(mm(5), mm(5), mm(60), mm(2)), size=4, min_size=3) == \
        FLOOR_PT
    canvas.showPage()
    canvas.save()
    assert min(s for _p, s in text_sizes(buffer.getvalue())) == pytest.approx(FLOOR_PT)


def test_text_that_fits_only_below_the_floor_is_refused() -> None:
    _canvas_, _buffer, ink = _canvas()
    with pytest.raises(FitError, match="even at 6 pt"):
        ink.line("a label far too long for its little box", Rect(0, 0, mm(10), mm(3)),
                 size=8, min_size=2)


def test_a_miniature_leaves_out_the_words_it_would_print_too_small() -> None:
    """A card drawn at half size, directly and as a form: its 14 pt title stays (7 pt on the
    paper), its 8 pt rule text (4 pt) is left out."""
    canvas, buffer, ink = _canvas()

    def card() -> None:
        ink.line("Title", Rect(0, mm(30), mm(40), mm(8)), fonts.BOLD, 14, 10)
        ink.paragraph("Rule text of the card", Rect(0, 0, mm(40), mm(20)), size=8, min_size=6)

    canvas.saveState()
    canvas.scale(0.5, 0.5)
    card()
    draw_once(canvas, "card", (0, 0, mm(40), mm(40)), (mm(50), 0), card)
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    sizes = [s for _p, s in text_sizes(buffer.getvalue())]
    assert sizes == [pytest.approx(7), pytest.approx(7)]  # the two titles, nothing else


def test_a_line_too_wide_at_the_floor_is_refused_not_condensed() -> None:
    """Condensing a line at the floor prints it under the floor (its size on the paper is
    the geometric mean of its two scales: 6 pt at 93 % is 5.8 pt): the layout must make
    room instead."""
    canvas, buffer, ink = _canvas()
    text = "Crocodiles team"
    wide = stringWidth(text, fonts.BOLD, FLOOR_PT)
    with pytest.raises(FitError, match="even at 6 pt"):
        ink.line(text, Rect(0, 0, wide * 0.95, mm(4)), fonts.BOLD, 8, 4)
    assert ink.line(text, Rect(0, 0, wide + 1, mm(4)), fonts.BOLD, 8, 4) == FLOOR_PT
    canvas.showPage()
    canvas.save()
    assert [s for _p, s in text_sizes(buffer.getvalue())] == [pytest.approx(FLOOR_PT)]
    assert b"Tz" not in PdfReader(BytesIO(buffer.getvalue())).pages[0].get_contents().get_data()


def test_the_measure_counts_horizontal_scaling() -> None:
    """A line condensed by hand, as the fit check once did: 6 pt at 93.3 % is 5.8 pt."""
    canvas, buffer, _ink = _canvas()
    line = canvas.beginText(mm(5), mm(5))
    line.setFont(fonts.REGULAR, 6)
    line.setHorizScale(93.3)
    line.textOut("Pomarańczowy")
    canvas.drawText(line)
    canvas.showPage()
    canvas.save()
    assert [s for _p, s in text_sizes(buffer.getvalue())] == [pytest.approx(5.795, abs=0.01)]


def test_words_read_during_play_are_held_to_seven_points_but_a_sheet_label() -> None:
    """An Ink for a card or board sets nothing under PLAY_PT and refuses what fits only
    below it; within ``aside`` (a sheet's label, a fold hint) the floor is FLOOR_PT."""
    buffer = BytesIO()
    fonts.register()
    canvas = Canvas(buffer, pagesize=(mm(100), mm(100)))
    ink = Ink(canvas, "en", "cards", floor_pt=PLAY_PT)
    assert ink.line("2 points", Rect(mm(5), mm(5), mm(40), mm(4)), size=8, min_size=5) == 8
    assert ink.line("2 points", Rect(mm(5), mm(15), mm(40), mm(4)), size=5, min_size=5) == \
        PLAY_PT
    assert ink.paragraph("How many cards on the table show both?",
                         Rect(mm(5), mm(25), mm(40), mm(10)), size=5, min_size=5) == PLAY_PT
    text = "Polar Derby · Bear tokens · fronts 2/4"
    box = Rect(mm(5), mm(40), stringWidth(text, fonts.REGULAR, 6.5), mm(3))
    with pytest.raises(FitError, match="even at 7 pt"):
        ink.line(text, box, size=7, min_size=6)
    with ink.aside():
        assert ink.line(text, box, size=7, min_size=6) == 6.5
    assert ink.floor() == PLAY_PT
    canvas.showPage()
    canvas.save()
    assert sorted(round(s, 2) for _p, s in text_sizes(buffer.getvalue())) == [6.5, 7, 7, 7, 8]


#: Documents a player reads during play: their words print at 7 pt at least.
IN_PLAY_KINDS = ("cards", "tokens", "dice", "board", "reference", "sheet")
IN_PLAY_PT = PLAY_PT


def printed_strings(path: Path) -> list[tuple[float, str]]:
    """(size on the paper, text) of every line of text the PDF shows, forms included,
    horizontal scaling counted (see :func:`text_sizes`)."""
    return [(line.size, line.text) for lines in printed_lines(path).values()
            for line in lines]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_what_players_read_during_play_prints_at_seven_points(built_kit: Path,
                                                              game_id: str) -> None:
    """Cards, tokens, dice, boards, quick references and sheets in the layout a build gives
    them. Only a sheet's own label (game, document, sheet, paper and layout, for whoever
    prints and sorts the sheets) may keep to the 6 pt floor; the rulebook's figures and the
    fold layout's folding instructions are read before play."""
    documents = [d for d in GAMES[game_id].documents if d.kind in IN_PLAY_KINDS]
    assert documents
    for locale in LOCALES:
        title = Localizer.for_locale(locale).gettext(GAMES[game_id].load_data()["title"])
        for doc in documents:
            strings = printed_strings(built_kit / game_id / locale / f"{doc.id}-a4.pdf")
            assert strings, doc.id
            small = [(round(size, 2), text[:40]) for size, text in strings
                     if size < IN_PLAY_PT - 0.01 and not text.startswith(f"{title} · ")]
            assert not small, (locale, doc.id, small[:5])


@pytest.fixture(scope="module")
def polar_derby() -> tuple[Any, dict[str, Any], dict[str, Any]]:
    game = GAMES["polar-derby"]
    data = game.load_data()
    return game, data, {v.id: v for v in game.verify(data)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_polish_value_table_prints_every_colour_at_six_points_or_more(
        polar_derby: tuple[Any, dict[str, Any], dict[str, Any]], paper: str) -> None:
    """"Pomarańczowy" is too wide for its column in bold at 6 pt: it once printed
    condensed to 93 % (5.8 pt as printed). The value table now sets the names in two rows,
    each as wide as two columns. The rulebook keeps to the floor, the quick reference (read
    during play) to 7 pt."""
    game, data, examples = polar_derby
    for doc, floor in (("rulebook", FLOOR_PT), ("reference", PLAY_PT)):
        ctx = RenderContext(game=game, data=data, examples=examples,
                            localizer=Localizer.for_locale("pl"), paper=PAPERS[paper],
                            document=doc)
        pages = printed_lines(render_flow(ctx))
        lines = [line for page in pages.values() for line in page]
        # the value table's name prints in bold at 8 pt at least, over no other line
        assert max(line.size for line in lines if "Pomarańczowy" in line.text) >= 8
        for page in pages.values():
            for name in [line for line in page if "Pomarańczowy" in line.text]:
                assert not [other.text for other in page
                            if other is not name and other.overlaps(name)]
        small = [(line.text[:30], round(line.size, 2)) for line in lines
                 if line.size < floor - 0.01]
        assert not small, (doc, paper, small)
