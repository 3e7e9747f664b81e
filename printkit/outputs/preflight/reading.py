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
from typing import NamedTuple

#: PDFium's page object types (fpdf_edit.h).
TEXT, PATH, IMAGE, SHADING, FORM = 1, 2, 3, 4, 5
KINDS = {TEXT: "text", PATH: "art", IMAGE: "picture", SHADING: "art", FORM: "art"}

#: Font descriptor flags (PDF 32000 §9.8.2).
ITALIC_FLAG = 1 << 6
BOLD_FLAG = 1 << 18

Box = tuple[float, float, float, float]  # left, bottom, right, top, in points


class Glyph(NamedTuple):
    """One glyph drawn (a tuple: a page holds thousands, made fast)."""

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
    """A page object that is not text, with the box of its ink on the page (cut to its
    clipping paths): "art" (a filled shape, a picture, a form of them) or "rule" (strokes
    alone: a cut guide, a crop mark, a frame)."""

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
                # the page's own space, where its objects are (a page turned by /Rotate
                # keeps its objects unturned)
                left, bottom, right, top = page.get_mediabox()
                width, height = right - left, top - bottom
                text = page.get_textpage()
                try:
                    lines = _lines(text.raw, _form_clips(page.raw))
                finally:
                    text.close()
                marks = _marks(page.raw, width, height)
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


def _form_clips(raw: object) -> dict[int, Box]:
    """The clip of each text object drawn inside a clipped form (a board's tile is the
    whole board as a form, cut to the tile), by the object's address."""
    import pypdfium2.raw as c

    found: dict[int, Box] = {}

    def walk(form: object, clip: Box) -> None:
        for k in range(c.FPDFFormObj_CountObjects(form)):
            inner = c.FPDFFormObj_GetObject(form, k)
            kind = c.FPDFPageObj_GetType(inner)
            if kind == TEXT:
                found[ctypes.cast(inner, ctypes.c_void_p).value or 0] = clip
            elif kind == FORM:
                walk(inner, clip)

    for i in range(c.FPDFPage_CountObjects(raw)):
        obj = c.FPDFPage_GetObject(raw, i)
        if c.FPDFPageObj_GetType(obj) == FORM and c.FPDFPageObj_GetClipPath(obj):
            clip = _clipped(_EVERYWHERE, obj)
            walk(obj, clip if clip is not None else (0.0, 0.0, -1.0, -1.0))
    return found


def _lines(raw: object, form_clips: dict[int, Box]) -> list[Line]:
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
    shared: dict[int, tuple[str, bool, bool, float, bool, bool, tuple[float, float],
                            Box | None]] = {}
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
                not font or bool(c.FPDFFont_GetIsEmbedded(font)), _heading(matrix.a, matrix.b),
                _clipped(form_clips.get(key, _EVERYWHERE), obj))
        font_, italic, bold, size, slanted, embedded, heading, clip = shared[key]
        if clip is None:  # clipped away whole: never printed
            continue
        c.FPDFText_GetCharBox(raw, i, left, right, bottom, top)
        ink = _clipped_to((left.value, bottom.value, right.value, top.value), clip)
        if ink is None:  # a glyph cut off by its clipping path (a board's tile edge)
            continue
        c.FPDFText_GetCharOrigin(raw, i, x, y)
        glyph = Glyph(chr(code) if 0 <= code < 0x110000 else "\ufffd", font_, size,
                      ink, (x.value, y.value), italic, bold, slanted, embedded, heading)
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


#: A stroke's exact ink is worked out only this near a paper edge (points; the widest
#: printer margin and then some): elsewhere PDFium's bounds say enough.
_NEAR_EDGE = 36.0


def _marks(raw: object, width: float, height: float) -> list[Mark]:
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
        ink = _painted(obj) if kind == PATH else "art"
        if ink is None:
            continue
        box = (left.value, bottom.value, right.value, top.value)
        if ink == "rule" and min(box[0], box[1], width - box[2], height - box[3]) < _NEAR_EDGE:
            box = _stroked(obj) or box
        box = _clipped(box, obj)
        if box is not None:
            marks.append(Mark(ink, box))
    return marks


def _stroked(obj: object) -> Box | None:
    """The ink of a stroked path: each segment widened by half the line width across it,
    and along it only where it joins another or its caps are not butt. (PDFium's bounds
    widen a line both ways, so a cut line that stops exactly at the printer margin would
    seem to cross it.)"""
    import pypdfium2.raw as c

    count = c.FPDFPath_CountSegments(obj)
    if count <= 0:
        return None
    matrix = c.FS_MATRIX()
    c.FPDFPageObj_GetMatrix(obj, ctypes.byref(matrix))
    width = ctypes.c_float()
    c.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(width))
    half = width.value * math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c)) / 2
    capped = c.FPDFPageObj_GetLineCap(obj) != 0
    x, y = ctypes.c_float(), ctypes.c_float()
    paths: list[tuple[list[tuple[float, float]], bool]] = []
    for k in range(count):
        segment = c.FPDFPath_GetPathSegment(obj, k)
        if not segment or not c.FPDFPathSegment_GetPoint(segment, x, y):
            return None
        point = (matrix.a * x.value + matrix.c * y.value + matrix.e,
                 matrix.b * x.value + matrix.d * y.value + matrix.f)
        if c.FPDFPathSegment_GetType(segment) == 2 or not paths:  # a move starts a subpath
            paths.append(([point], False))
        else:
            paths[-1][0].append(point)
        if c.FPDFPathSegment_GetClose(segment):
            paths[-1] = (paths[-1][0], True)
    boxes = []
    for points, closed in paths:
        if closed:
            points = points + points[:1]
        for n in range(len(points) - 1):
            (x0, y0), (x1, y1) = points[n], points[n + 1]
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            start = half if (capped or closed or n > 0) else 0.0
            end = half if (capped or closed or n < len(points) - 2) else 0.0
            ends = ((x0 - ux * start, y0 - uy * start), (x1 + ux * end, y1 + uy * end))
            corners = [(px + sx * uy * half, py - sx * ux * half) for px, py in ends
                       for sx in (1, -1)]
            boxes.append((min(p[0] for p in corners), min(p[1] for p in corners),
                          max(p[0] for p in corners), max(p[1] for p in corners)))
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


_EVERYWHERE: Box = (-1e9, -1e9, 1e9, 1e9)


def _clipped_to(box: Box, clip: Box) -> Box | None:
    """``box`` cut to ``clip``; a box with no width (a space) is kept where it stands."""
    if clip == _EVERYWHERE:
        return box
    cut = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]),
           min(box[3], clip[3]))
    if cut[0] > cut[2] or cut[1] > cut[3]:
        return None
    return cut


def _clipped(box: Box, obj: object) -> Box | None:
    """``box`` cut to the object's clipping paths (where its ink can be), None if nothing
    of it is left."""
    import pypdfium2.raw as c

    clip = c.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return box
    x, y = ctypes.c_float(), ctypes.c_float()
    for n in range(c.FPDFClipPath_CountPaths(clip)):
        points = []
        for k in range(c.FPDFClipPath_CountPathSegments(clip, n)):
            segment = c.FPDFClipPath_GetPathSegment(clip, n, k)
            if segment and c.FPDFPathSegment_GetPoint(segment, x, y):
                points.append((x.value, y.value))
        if points:
            box = (max(box[0], min(p[0] for p in points)), max(box[1], min(p[1] for p in points)),
                   min(box[2], max(p[0] for p in points)), min(box[3], max(p[1] for p in points)))
    if box[0] >= box[2] or box[1] >= box[3]:
        return None
    return box


def _painted(obj: object) -> str | None:
    """What ink a path leaves: "art" for a filled shape, "rule" for strokes alone (a cut
    line, a frame, a table's rules), None for a clipping path, an unpainted one or a fill
    of white paper."""
    import pypdfium2.raw as c

    mode, stroke = ctypes.c_int(), ctypes.c_int()
    if not c.FPDFPath_GetDrawMode(obj, ctypes.byref(mode), ctypes.byref(stroke)):
        return "art"
    filled = bool(mode.value)
    if filled:
        rgba = [ctypes.c_uint() for _ in range(4)]
        if c.FPDFPageObj_GetFillColor(obj, *rgba):  # white paper needs no ink
            filled = not all(v.value == 255 for v in rgba[:3]) and rgba[3].value > 0
    if filled:
        return "art"
    return "rule" if stroke.value else None
