"""Copying and searching a PDF finds the words as written: a sentence of a shaped script
(Arabic, Hebrew, Thai, Hindi), set by printkit, reads back in logical order with its own
letters (no presentation forms, no marks moved): as poppler's pdftotext copies it, the
sentence itself; as PDFium (Chromium's viewer) does, its letters in order. (PDFium puts
spaces and a right-to-left line's end punctuation by its own guesses from the glyphs'
places: "हैऔर", "من .الحلبة".)"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from io import BytesIO
from pathlib import Path

import pypdfium2
import pytest
from reportlab.lib.styles import ParagraphStyle

from printkit.drawing.paragraph import Paragraph
from printkit.drawing.pdf import new_canvas
from printkit.language import fonts
from printkit.language.script import load
from tests.language.test_hebrew import hebrew  # noqa: F401 - fixture
from tests.language.test_scripts import hindi  # noqa: F401 - fixture
from tests.language.test_thai import thai  # noqa: F401 - fixture

SENTENCES = {
    "ar": "يرمي اللاعب حجري النرد ويأخذ الدببة القطبية من الحلبة.",
    "he": "השחקן מטיל את שתי הקוביות ולוקח דובים מהזירה.",
    "th": "ผู้เล่นทอยลูกเต๋าสองลูกแล้วเดินหมากไปข้างหน้า",
    "hi": "खिलाड़ी पासा फेंकता है और आगे बढ़ता है।",
}


def _pdf(locale: str, text: str) -> bytes:
    buffer = BytesIO()
    canvas = new_canvas(buffer, (500, 200), "copy", lang=locale)
    style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=12, leading=16)
    para = Paragraph(text, style, script=load(locale))
    para.wrap(460, 180)
    para.drawOn(canvas, 20, 180 - para.height)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _words(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def _letters(text: str) -> str:
    """The letters and marks of ``text`` in order (no spaces or punctuation)."""
    return "".join(c for c in unicodedata.normalize("NFC", text)
                   if unicodedata.category(c)[0] in "LM")


def _pdfium(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[0].get_textpage().get_text_range()
    finally:
        document.close()


@pytest.mark.parametrize("locale", ["ar", "he", "th", "hi"])
def test_a_shaped_sentence_copies_as_written(locale: str, request: pytest.FixtureRequest,
                                             tmp_path: Path) -> None:
    if locale != "ar":  # a locale a translator adds, as docs/translate.md says
        request.getfixturevalue({"he": "hebrew", "th": "thai", "hi": "hindi"}[locale])
    sentence = SENTENCES[locale]
    pdf = _pdf(locale, sentence)
    assert _letters(_pdfium(pdf)) == _letters(sentence)
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler's pdftotext is not installed (Debian: poppler-utils)")
    path = tmp_path / "copy.pdf"
    path.write_bytes(pdf)
    copied = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"],
                            capture_output=True, text=True, check=True).stdout
    assert _words(copied.replace("\u202b", "").replace("\u202c", "")
                  .replace("\u202a", "")) == _words(sentence)
