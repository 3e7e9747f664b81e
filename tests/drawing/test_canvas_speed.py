"""The shortcuts that make drawing cheaper write exactly what ReportLab would."""

from __future__ import annotations

from io import BytesIO

from hypothesis import example, given
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.pdf import PrintCanvas, new_canvas
from printkit.language import fonts

_COORD = st.floats(min_value=-2000, max_value=2000, allow_nan=False)


@example([(-286.89037, 240.0079199, 126.167, -168.039)], False, True)  # x1 + (x2 - x1) != x2
@given(st.lists(st.tuples(_COORD, _COORD, _COORD, _COORD), min_size=1, max_size=5),
       st.booleans(), st.booleans())
def test_ellipses_and_circles_are_the_operators_reportlab_writes(
        boxes: list[tuple[float, float, float, float]], stroke: bool, fill: bool) -> None:
    ours, theirs = PrintCanvas(BytesIO()), Canvas(BytesIO())
    for canvas in (ours, theirs):
        for x1, y1, x2, y2 in boxes:
            canvas.ellipse(x1, y1, x2, y2, stroke=stroke, fill=fill)
            canvas.circle(x1, y2, abs(x2 - x1) / 2, stroke=stroke, fill=fill)
    assert ours._code == theirs._code


def _document(text: str) -> bytes:
    buffer = BytesIO()
    canvas = new_canvas(buffer, (200, 200), "fonts", lang="pl")
    canvas.setFont(fonts.REGULAR, 12)
    canvas.drawString(10, 100, text)
    canvas.save()
    return buffer.getvalue()


def _font_files(pdf: bytes) -> list[bytes]:
    reader = PdfReader(BytesIO(pdf))
    found = []
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object()["/FontDescriptor"]
            found.append(descriptor["/FontFile2"].get_data())
    return found


def test_documents_of_a_locale_share_font_objects_and_keep_their_own_characters() -> None:
    first, again = _document("Zażółć gęślą jaźń"), _document("Zażółć gęślą jaźń")
    assert first == again
    other = _document("Zażółć gęślą jaźń Ω∞")  # characters beyond the locale's shared set
    assert "Ω∞" in PdfReader(BytesIO(other)).pages[0].extract_text()
    assert "Zażółć gęślą jaźń" in PdfReader(BytesIO(first)).pages[0].extract_text()
    (plain,), (extended,) = _font_files(first), _font_files(other)
    assert len(extended) > len(plain)  # two more glyphs, not the cached subset
