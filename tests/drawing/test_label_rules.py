"""Labels in fixed boxes follow the translators' rules of flowing text: ``%%`` prints as a
percent sign and <b>/<i> as bold and italic, never literally."""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader

from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import Ink
from printkit.geometry import Rect, mm
from tests.support import embedded_fonts


def _drawn(draw) -> PdfReader:  # type: ignore[no-untyped-def]
    buffer = BytesIO()
    canvas = new_canvas(buffer, (mm(100), mm(40)), "labels")
    draw(Ink(canvas, "de", "labels"))
    canvas.save()
    return PdfReader(BytesIO(buffer.getvalue()))


def test_a_line_prints_percent_signs_and_bold_as_flowing_text_does() -> None:
    pdf = _drawn(lambda ink: ink.line("Mit <b>100 %%</b> drucken", Rect(0, 0, mm(100), mm(20))))
    text = pdf.pages[0].extract_text()
    assert "100 %" in text and "%%" not in text and "<b>" not in text
    assert "DejaVuSans-Bold" in embedded_fonts(pdf)


def test_a_paragraph_prints_percent_signs_and_italics() -> None:
    pdf = _drawn(lambda ink: ink.paragraph("Auf <i>tatsächliche Größe</i> und 100 %% stellen",
                                           Rect(0, 0, mm(100), mm(30))))
    text = " ".join(pdf.pages[0].extract_text().split())
    assert "tatsächliche Größe" in text and "100 %" in text and "%%" not in text
    assert "<i>" not in text and "DejaVuSans-Oblique" in embedded_fonts(pdf)


def test_a_plain_line_is_unchanged() -> None:
    pdf = _drawn(lambda ink: ink.line("A & B < C", Rect(0, 0, mm(100), mm(20))))
    assert "A & B < C" in pdf.pages[0].extract_text()
    assert embedded_fonts(pdf) == {"DejaVuSans"}
