"""Every face a locale's script declares is used, and a script without italics sets its
italic text upright, the Latin letters, digits and punctuation in it too: no glyph of its
PDFs is in an oblique or italic face, or slanted by its text matrix. A Latin locale's
italics are there, read the same way."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
from reportlab.pdfbase.ttfonts import TTFont

from printkit.language.script import load
from tests.conftest import Kit
from tests.support import embedded_fonts, reader


def _slanted(pdf: Path) -> list[tuple[int, str, str]]:
    """(page, character, font) of each glyph in an oblique or italic face, or drawn with a
    text matrix whose axes are not at right angles (a synthetic slant)."""
    document = pypdfium2.PdfDocument(str(pdf))
    found = []
    try:
        for number in range(len(document)):
            page = document[number]  # (kept while its text page is read)
            textpage = pdfium_c.FPDFText_LoadPage(page.raw)
            try:
                for i in range(pdfium_c.FPDFText_CountChars(textpage)):
                    if not pdfium_c.FPDFText_GetTextObject(textpage, i):
                        continue
                    name = ctypes.create_string_buffer(256)
                    flags = ctypes.c_int()
                    pdfium_c.FPDFText_GetFontInfo(textpage, i, name, 256, flags)
                    font = name.value.decode("latin-1")
                    m = pdfium_c.FS_MATRIX()
                    pdfium_c.FPDFText_GetMatrix(textpage, i, m)
                    skew = abs(m.a * m.c + m.b * m.d) / max(
                        (m.a ** 2 + m.b ** 2) ** 0.5 * (m.c ** 2 + m.d ** 2) ** 0.5, 1e-9)
                    if "Oblique" in font or "Italic" in font or skew > 0.01:
                        char = chr(pdfium_c.FPDFText_GetUnicode(textpage, i))
                        found.append((number + 1, char, font))
            finally:
                pdfium_c.FPDFText_ClosePage(textpage)
    finally:
        document.close()
    return found


def test_no_glyph_is_slanted_in_a_locale_without_italics(kit: Kit) -> None:
    checked = 0
    for locale in kit.locales:
        if load(locale).italics:
            continue
        for game in kit.games:
            for pdf in sorted((kit.out / game / locale).glob("*.pdf")):
                if pdf.name.startswith(("kit-", "print-")):
                    continue  # the same pages as the documents they hold
                assert _slanted(pdf) == [], pdf.name
                checked += 1
    assert checked >= 10


def test_a_latin_rulebook_has_its_italics(kit: Kit) -> None:
    game = kit.games[0]
    assert any(font for _page, _char, font in _slanted(kit.out / game / "en" /
                                                     "rulebook-a4.pdf"))


def test_every_face_a_locale_declares_is_embedded_in_its_rulebook(kit: Kit) -> None:
    """Its regular, bold and heading faces (and italic, where declared): a rulebook has
    running text, bold words and headings."""
    checked = 0
    for locale in kit.locales:
        declared = {TTFont(path.stem, str(path)).face.name.decode()
                    for path in load(locale).fonts.values()}
        if not declared:
            continue
        for game in kit.games:
            used = embedded_fonts(reader(kit.out / game / locale / "rulebook-a4.pdf"))
            assert declared <= used, (game, locale, sorted(declared - used))
            checked += 1
    assert checked >= 2
