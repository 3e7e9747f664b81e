"""A finished PDF as the preflight sees it: the glyphs each page draws and the boxes of
everything else on it, read back from the file with PDFium, never from the drawing code.

Each glyph comes with the character it stands for (the PDF's ToUnicode map), the font it
is drawn in (the embedded font's name, subset tag removed, and whether it is embedded),
its size *as printed* (the ``Tf`` size times the square root of the determinant of the
text matrix, the current transformation and the horizontal scaling: 6 pt at 93.3 %
scaling prints at 5.8 pt), its ink box and its origin. Glyphs are gathered into
:class:`Line` objects: the glyphs one text line draws on one baseline, in the order the
file draws them (left to right on the page for every script: right-to-left text is
drawn in visual order).

Pages are read one at a time and let go (:func:`pages`), so a deck of thousands of cards
is read in the memory of one page.
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

#: PDFium's page object types (fpdf_edit.h).
TEXT, PATH, IMAGE, SHADING, FORM = 1, 2, 3, 4, 5
KINDS = {TEXT: "text", PATH: "art", IMAGE: "picture", SHADING: "art", FORM: "art"}

#: Font descriptor flags (PDF 32000 §9.8.2).
ITALIC_FLAG = 1 << 6
BOLD_FLAG = 1 << 18

Box = tuple[float, float, float, float]  # left, bottom, right, top, in points


@dataclass(frozen=True)
class Glyph:
    char: str
    font: str
    #: size as printed, in points
    size: float
    box: Box
    origin: tuple[float, float]
    #: the font descriptor says italic / bold (ForceBold)
    italic: bool
    bold: bool
    #: the glyph is slanted by its matrix (a synthetic oblique), not by its font
    slanted: bool
    embedded: bool
    #: the direction of its baseline on the page, a unit vector (1, 0) for level text
    heading: tuple[float, float] = (1.0, 0.0)


@dataclass
class Line:
    """The glyphs of one line of text, in the order the file draws them."""

    glyphs: list[Glyph] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(g.char for g in self.glyphs)

    @property
    def seen(self) -> str:
        """The line as it stands on the page, glyph after glyph along its baseline (left
        to right for level text), whatever order the file draws them in."""
        ux, uy = self.glyphs[0].heading
        return "".join(g.char for g in sorted(
            self.glyphs, key=lambda g: ux * (g.box[0] + g.box[2]) + uy * (g.box[1] + g.box[3])))

    @cached_property
    def box(self) -> Box:
        """The line's ink box (glyphs with no ink, such as spaces, left out; read once the
        line is whole)."""
        boxes = [g.box for g in self.glyphs if g.box[2] > g.box[0]] or [g.box for g in
                                                                        self.glyphs]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))

    @property
    def baseline(self) -> float:
        """Where the line stands across its baseline's direction (its height, for level
        text)."""
        ux, uy = self.glyphs[0].heading
        x, y = self.glyphs[0].origin
        return ux * y - uy * x

    @property
    def size(self) -> float:
        """The smallest size of the line's ink (spaces left out)."""
        return min((g.size for g in self.glyphs if not g.char.isspace()), default=0.0)


@dataclass(frozen=True)
class Mark:
    """A page object that is not text: a path (a rule, a cut guide, a crop mark, a
    shape), a picture or a form of them, with its box on the page."""

    kind: str
    box: Box


@dataclass
class Page:
    #: 1-based
    number: int
    width: float
    height: float
    lines: list[Line]
    marks: list[Mark]


def pages(pdf: bytes | Path) -> Iterator[Page]:
    """Every page of ``pdf``, read one at a time."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                width, height = page.get_size()
                text = page.get_textpage()
                try:
                    lines = _lines(text.raw)
                finally:
                    text.close()
                marks = _marks(page.raw)
            finally:
                page.close()
            yield Page(index + 1, width, height, lines, marks)
    finally:
        document.close()


def page_count(pdf: bytes | Path) -> int:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return len(document)
    finally:
        document.close()


def _lines(raw: object) -> list[Line]:
    import pypdfium2.raw as c

    count = c.FPDFText_CountChars(raw)
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    matrix = c.FS_MATRIX()
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    x, y = ctypes.c_double(), ctypes.c_double()
    lines: list[Line] = []
    line = Line()
    #: what every glyph of one text object shares: font, flags, size, matrix
    shared: dict[int, tuple[str, bool, bool, float, bool, bool, tuple[float, float]]] = {}
    for i in range(count):
        code = c.FPDFText_GetUnicode(raw, i)
        if c.FPDFText_IsGenerated(raw, i) == 1:
            if code in (10, 13) and line.glyphs:  # PDFium's own line end
                lines.append(line)
                line = Line()
            continue
        obj = c.FPDFText_GetTextObject(raw, i)
        if not obj:  # a space PDFium made up from the text's positions
            continue
        if code == 2:  # PDFium's mark for a hyphen that ends a line
            code = 0x2D
        key = ctypes.cast(obj, ctypes.c_void_p).value or 0
        if key not in shared:
            c.FPDFText_GetFontInfo(raw, i, name, 256, ctypes.byref(flags))
            c.FPDFText_GetMatrix(raw, i, ctypes.byref(matrix))
            font = c.FPDFTextObj_GetFont(obj)
            scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
            shared[key] = (
                font_name(name.value.decode("latin-1")), bool(flags.value & ITALIC_FLAG),
                bool(flags.value & BOLD_FLAG), c.FPDFText_GetFontSize(raw, i) * scale,
                # a slant of the glyphs' vertical axis against the horizontal one
                abs(matrix.a * matrix.c + matrix.b * matrix.d) > 0.05 * max(scale, 1e-9) ** 2,
                not font or bool(c.FPDFFont_GetIsEmbedded(font)), _heading(matrix.a, matrix.b))
        font_, italic, bold, size, slanted, embedded, heading = shared[key]
        c.FPDFText_GetCharBox(raw, i, left, right, bottom, top)
        c.FPDFText_GetCharOrigin(raw, i, x, y)
        glyph = Glyph(chr(code) if 0 <= code < 0x110000 else "\ufffd", font_, size,
                      (left.value, bottom.value, right.value, top.value), (x.value, y.value),
                      italic, bold, slanted, embedded, heading)
        if line.glyphs and _breaks(line.glyphs[-1], glyph):
            lines.append(line)
            line = Line()
        line.glyphs.append(glyph)
    if line.glyphs:
        lines.append(line)
    return lines


def _heading(a: float, b: float) -> tuple[float, float]:
    length = math.hypot(a, b) or 1.0
    return (round(a / length, 3), round(b / length, 3))


def _breaks(last: Glyph, glyph: Glyph) -> bool:
    """Whether ``glyph`` starts a new line after ``last``: another baseline direction (a
    label turned on its side), another baseline, or a jump along it (PDFium gives
    right-to-left text in reading order, so either way)."""
    if last.heading != glyph.heading:
        return True
    ux, uy = glyph.heading
    dx, dy = glyph.origin[0] - last.origin[0], glyph.origin[1] - last.origin[1]
    size = max(min(last.size, glyph.size), 1.0)
    if abs(ux * dy - uy * dx) > 0.35 * size:  # across the baseline
        return True
    return abs(ux * dx + uy * dy) > 3 * max(last.size, glyph.size)  # along it


def font_name(name: str) -> str:
    """A font's name without its subset tag (``ABCDEF+DejaVuSans`` → ``DejaVuSans``)."""
    tag, plus, rest = name.partition("+")
    return rest if plus and len(tag) == 6 and tag.isupper() else name


def _marks(raw: object) -> list[Mark]:
    import pypdfium2.raw as c

    marks = []
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    for i in range(c.FPDFPage_CountObjects(raw)):
        obj = c.FPDFPage_GetObject(raw, i)
        kind = c.FPDFPageObj_GetType(obj)
        if kind == TEXT or kind not in KINDS:
            continue
        if not c.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
            continue
        if kind == PATH and not _painted(obj):
            continue
        marks.append(Mark(KINDS[kind], (left.value, bottom.value, right.value, top.value)))
    return marks


def _painted(obj: object) -> bool:
    """Whether a path leaves ink (a clipping path or an unpainted one does not)."""
    import pypdfium2.raw as c

    mode, stroke = ctypes.c_int(), ctypes.c_int()
    if not c.FPDFPath_GetDrawMode(obj, ctypes.byref(mode), ctypes.byref(stroke)):
        return True
    if stroke.value:
        return True
    if not mode.value:
        return False
    rgba = [ctypes.c_uint() for _ in range(4)]
    if c.FPDFPageObj_GetFillColor(obj, *rgba):  # white paper needs no ink
        return not all(v.value == 255 for v in rgba[:3]) and rgba[3].value > 0
    return True
