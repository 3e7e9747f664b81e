"""A one-line label too long for its box at the floor wraps onto two lines in the same box,
at the floor or larger, when the box holds them: read back from the PDF, never condensed,
never under the floor, never outside the box, the two lines apart."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.text import PLAY_PT, Ink
from printkit.errors import FitError
from printkit.geometry import Rect, mm
from printkit.language import fonts
from tests.support import printed_lines

TEXT = "Free Skate Spin"


def _ink() -> tuple[Canvas, BytesIO, Ink]:
    buffer = BytesIO()
    fonts.register()
    canvas = Canvas(buffer, pagesize=(mm(100), mm(100)))
    return canvas, buffer, Ink(canvas, "en", "dice", floor_pt=PLAY_PT)


@pytest.mark.parametrize("align", ["centre", "left", "right"])
def test_a_label_too_long_for_one_line_prints_on_two_inside_its_box(align: str) -> None:
    canvas, buffer, ink = _ink()
    one_line = stringWidth(TEXT, fonts.BOLD, PLAY_PT)
    widest_word = max(stringWidth(w, fonts.BOLD, PLAY_PT) for w in TEXT.split())
    width = (one_line * 0.8 if align == "centre" else widest_word + stringWidth(
        " Spin", fonts.BOLD, PLAY_PT))
    assert widest_word < width < one_line
    box = Rect(mm(20), mm(30), width, mm(6.2))
    assert not ink.fits_line(TEXT, box.width, fonts.BOLD)
    assert ink.line(TEXT, box, fonts.BOLD, 11, 5, align=align) >= PLAY_PT
    canvas.showPage()
    canvas.save()
    pdf = buffer.getvalue()
    lines = printed_lines(pdf)[1]
    assert len(lines) == 2, [line.text for line in lines]
    assert " ".join(line.text.strip() for line in sorted(lines, key=lambda x: -x.baseline)) \
        == TEXT
    for line in lines:
        assert line.size >= PLAY_PT - 0.01
        assert box.x - 0.5 <= line.left and line.right <= box.right + 0.5, (line, box)
        assert box.y - 0.5 <= line.bottom and line.top <= box.top + 0.5, (line, box)
    assert not lines[0].overlaps(lines[1])
    assert b"Tz" not in PdfReader(BytesIO(pdf)).pages[0].get_contents().get_data()


def test_a_label_that_fits_one_line_is_not_wrapped() -> None:
    canvas, buffer, ink = _ink()
    box = Rect(mm(20), mm(30), stringWidth(TEXT, fonts.BOLD, PLAY_PT) + 1, mm(6.2))
    assert ink.fits_line(TEXT, box.width, fonts.BOLD)
    assert ink.line(TEXT, box, fonts.BOLD, 11, 5) == PLAY_PT
    canvas.showPage()
    canvas.save()
    assert [line.text for line in printed_lines(buffer.getvalue())[1]] == [TEXT]


def test_a_box_too_short_for_two_lines_at_the_floor_is_still_refused() -> None:
    _canvas, _buffer, ink = _ink()
    width = stringWidth(TEXT, fonts.BOLD, PLAY_PT) * 0.8
    with pytest.raises(FitError, match="even at 7 pt"):
        ink.line(TEXT, Rect(0, 0, width, ink.wrapped_height(2) - 1), fonts.BOLD, 11, 5)
    assert ink.wrapped_height(2) == pytest.approx(2 * PLAY_PT * 1.2)
