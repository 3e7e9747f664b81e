"""No printed text under 6 pt: labels, sheets, cards, boards, guides and figures, measured in
the PDFs themselves (font size × text matrix × transformation, forms included)."""

from __future__ import annotations

import math
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import FitError
from printkit.games import GAMES
from printkit.i18n import Localizer
from printkit.layout.geometry import Rect, mm
from printkit.render import fonts
from printkit.render.pdf import draw_once
from printkit.render.text import FLOOR_PT, Ink
from tests.support import IDENTITY, matrix_times, with_ctm

LOCALES = ("en", "pl", "de")


def _scale(m: tuple[float, ...]) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _walk(ops: list, resources, start: tuple[float, ...], pdf, out: list[float]) -> None:
    """Every text-showing operator's size on the paper: Tf size × text matrix × CTM, with
    q/Q, cm and form XObjects (their /Matrix too) followed as a reader does."""
    size, tm = 0.0, IDENTITY
    for operands, op, ctm in with_ctm(ops, start):
        if op == b"BT":
            tm = IDENTITY
        elif op == b"Tm":
            tm = tuple(float(v) for v in operands)
        elif op == b"Tf":
            size = float(operands[1])
        elif op in (b"Tj", b"TJ", b"'", b'"'):
            shown = operands[-1]
            if op == b"TJ":
                shown = "".join(str(x) for x in shown if not isinstance(x, (int, float)))
            if str(shown).strip():
                out.append(size * _scale(tm) * _scale(ctm))
        elif op == b"Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                inner = ContentStream(xobject, pdf).operations
                _walk(inner, xobject.get("/Resources", resources), matrix_times(matrix, ctm), pdf,
                      out)


def text_sizes(pdf: bytes | Path) -> list[tuple[int, float]]:
    """(page, size on the paper) of every string the PDF's pages show, forms included."""
    reader = PdfReader(BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    found: list[tuple[int, float]] = []
    for number, page in enumerate(reader.pages, 1):
        sizes: list[float] = []
        ops = ContentStream(page.get_contents(), reader).operations
        _walk(ops, page["/Resources"], IDENTITY, reader, sizes)
        found += [(number, s) for s in sizes]
    return found


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


def test_a_line_too_wide_at_the_floor_is_condensed_not_shrunk() -> None:
    canvas, buffer, ink = _canvas()
    text = "Crocodiles team"
    wide = stringWidth(text, fonts.BOLD, FLOOR_PT)
    box = Rect(0, 0, wide * 0.9, mm(4))
    assert ink.line(text, box, fonts.BOLD, 8, 4) == FLOOR_PT
    canvas.showPage()
    canvas.save()
    assert [s for _p, s in text_sizes(buffer.getvalue())] == [pytest.approx(FLOOR_PT)]
    assert b"90 Tz" in PdfReader(BytesIO(buffer.getvalue())).pages[0].get_contents().get_data()
    with pytest.raises(FitError):  # more than the CONDENSED allowance
        ink.line(text, Rect(0, 0, wide * 0.7, mm(4)), fonts.BOLD, 8, 4)


#: Documents a player reads during play: their words print at 7 pt at least.
IN_PLAY_KINDS = ("cards", "tokens", "dice", "board", "reference", "sheet")
IN_PLAY_PT = 7.0


def printed_strings(path: Path) -> list[tuple[float, str]]:
    """(size on the paper, text) of every string the PDF shows, forms included, as pypdf
    decodes it."""
    found: list[tuple[float, str]] = []
    for page in PdfReader(path).pages:
        def visit(text: str, cm: list[float], tm: list[float], _font: object,
                  size: float) -> None:
            if text.strip():
                found.append((size * _scale(tuple(tm)) * _scale(tuple(cm)), text.strip()))
        page.extract_text(visitor_text=visit)
    return found


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
