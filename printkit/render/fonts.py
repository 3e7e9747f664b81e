"""The embedded font family, and the glyph check that guards it.

ReportLab's standard fonts and its bundled Vera lack Polish letters, and a
TrueType font that lacks a glyph prints an empty box without any warning. So
every PDF uses one embedded family that ships inside the package (DejaVu
Sans, Bitstream Vera licence, see fonts/LICENSE-DejaVu.txt), and every string
is checked against the font's character map before it is drawn.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.errors import GlyphError
from printkit.resources import fonts_dir

FAMILY = "PrintkitSans"
REGULAR = "PrintkitSans"
BOLD = "PrintkitSans-Bold"
ITALIC = "PrintkitSans-Italic"
BOLD_ITALIC = "PrintkitSans-BoldItalic"

#: The heading face: titles and section headings, set apart from the sans body text.
HEADING = "PrintkitSerif-Bold"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}

#: Characters that are layout, not ink: never looked up in the font.
_LAYOUT = {"\n", "\r", "\t", "\u00ad", "\u200b"}


_HEADING_FILE = "DejaVuSerif-Bold.ttf"


#: The characters every font subset of the next document starts with (see :func:`share`).
_SHARED = ""


class _SharedSubsetFont(TTFont):
    """A TrueType font whose subset in each PDF starts with the same characters, in the
    same order, before the document's own text.

    ReportLab numbers a subset's glyphs in the order a document first draws them, so two
    documents that print different text embed different subsets of the same font. With
    every document of a locale starting from one shared character set, their subsets
    come out byte-identical, and the whole-kit PDF (:mod:`printkit.pdfmerge`) stores each
    font once instead of once per document.
    """

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name, filename)
        made: dict[tuple[int, ...], bytes] = {}
        subset = self.face.makeSubset

        def make_subset(codes: list[int]) -> bytes:
            key = tuple(codes)
            if key not in made:
                made[key] = subset(codes)
            return made[key]

        self.face.makeSubset = make_subset  # type: ignore[method-assign]

    def splitString(self, text, doc, encoding="utf-8"):  # type: ignore[no-untyped-def] # noqa: N802
        if _SHARED and doc not in self.state:
            super().splitString(_SHARED, doc, encoding)
        return super().splitString(text, doc, encoding)

    def addObjects(self, doc):  # type: ignore[no-untyped-def] # noqa: N802
        """ReportLab's font objects, with the parts every document of a locale shares (the
        subset font file, its ToUnicode map, its widths) compressed and formatted once per
        process: the same bytes ReportLab would write, without the work per document."""
        subsets = len(self.state[doc].subsets) if doc in self.state else 0
        names = [self.getSubsetInternalName(n, doc)[1:] for n in range(subsets)]
        super().addObjects(doc)
        for name in names:
            font = doc.idToObject["BasicFonts"].dict[name]
            font.Widths = _formatted(font.Widths, doc)
            if doc.compression:
                base = font.BaseFont
                for key in (f"fontFile:{self.face.filename}({base})", f"toUnicodeCMap:{base}"):
                    _compress_once(doc.idToObject[key])


class _Formatted(pdfdoc.PDFObject):
    """A PDF object already written out."""

    def __init__(self, text: bytes) -> None:
        self.text = text

    def format(self, document: object) -> bytes:
        return self.text


_WRITTEN: dict[tuple[object, ...], _Formatted] = {}
_COMPRESSED: dict[bytes, bytes] = {}


def _formatted(array: pdfdoc.PDFArray, doc: object) -> _Formatted:
    key = tuple(array.sequence)
    if key not in _WRITTEN:
        _WRITTEN[key] = _Formatted(array.format(doc))
    return _WRITTEN[key]


def _compress_once(stream: pdfdoc.PDFStream) -> None:
    """Flate-compress ``stream`` now, reusing an earlier document's identical result."""
    content = stream.content
    if isinstance(content, str):
        content = content.encode("utf-8")
    if content not in _COMPRESSED:
        _COMPRESSED[content] = pdfdoc.PDFZCompress.encode(content)
    stream.content = _COMPRESSED[content]
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])


def share(characters: str) -> None:
    """Start the font subsets of the documents made from now on with ``characters``."""
    global _SHARED
    _SHARED = "".join(sorted(set(characters)))


@cache
def register() -> None:
    """Register the family once per process, with <b>/<i> mappings for Paragraph."""
    for name, filename in (*_FILES.items(), (HEADING, _HEADING_FILE)):
        pdfmetrics.registerFont(_SharedSubsetFont(name, str(fonts_dir() / filename)))
    pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD_ITALIC)
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, ITALIC), (1, 1, BOLD_ITALIC)):
        addMapping(FAMILY, bold, italic, name)


@cache
def _charmap(font: str) -> frozenset[int]:
    register()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@cache
def _printable(fonts: tuple[str, ...]) -> frozenset[str]:
    """The characters every one of ``fonts`` has a glyph for, computed once per font set.

    One set lookup per character instead of one per character and font: the
    check runs on every string drawn.
    """
    return frozenset(chr(code) for code in frozenset.intersection(
        *(_charmap(font) for font in fonts)))


def missing_glyphs(text: str, fonts: tuple[str, ...] = tuple(_FILES)) -> list[str]:
    """Characters of ``text`` that some font of the family cannot print, in order, once each."""
    printable = _printable(fonts)
    out: list[str] = []
    for char in text:
        if char in printable or char in _LAYOUT or char in out:
            continue
        out.append(char)
    return out


def check_glyphs(text: str, locale: str, where: str, heading: bool = False) -> None:
    """Fail, naming the string, locale and character, if the font lacks a glyph.

    ``heading`` text is set in the heading face too, so it is checked against both.
    """
    missing = missing_glyphs(text, (*_FILES, HEADING) if heading else tuple(_FILES))
    if missing:
        char = missing[0]
        name = unicodedata.name(char, "unnamed character")
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise GlyphError(f"locale {locale}: {where}: character {char!r} (U+{ord(char):04X} "
                         f"{name}) has no glyph in the embedded font, in {shown!r}")
