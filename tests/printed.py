"""Where a PDF puts ink: each drawn object's box on the paper, read back with PDFium.

The tests of the printer margin measure the files a build wrote, not the geometry that
was meant to go into them, so that a drawing that strays (a line run to the paper edge,
art drawn past its clip, a label in the wrong margin) is caught whatever drew it.

A box is what the object can ink, as far as PDFium tells: text and images by their
bounds; paths one subpath at a time (a sheet's cut lines are one path whose bounds are
the whole page), a stroke grown by half its width, except along a straight butt-capped
line, whose ink ends where the line does; every box cut down by the clip paths around
it, through nested forms.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from printkit.geometry import MM

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
KINDS = {raw.FPDF_PAGEOBJ_TEXT: "text", raw.FPDF_PAGEOBJ_PATH: "path",
         raw.FPDF_PAGEOBJ_IMAGE: "image", raw.FPDF_PAGEOBJ_SHADING: "shading"}


@dataclass(frozen=True)
class Ink:
    """One object's inked box on a page, in points of the page's default user space."""

    page: int
    kind: str
    box: Box

    def edge_mm(self, media: Box) -> float:
        """The shortest distance from the box to the paper's edge, in mm."""
        x0, y0, x1, y1 = media
        return min(self.box[0] - x0, self.box[1] - y0, x1 - self.box[2],
                   y1 - self.box[3]) / MM


def _then(m: Matrix, n: Matrix) -> Matrix:
    """``m`` applied first, then ``n``."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _box_of(points: list[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _transform(m: Matrix, box: Box) -> Box:
    x0, y0, x1, y1 = box
    return _box_of([_point(m, x, y) for x in (x0, x1) for y in (y0, y1)])


def _meet(a: Box, b: Box | None) -> Box:
    if b is None:
        return a
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _matrix(obj: object) -> Matrix:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _segment_point(segment: object) -> tuple[float, float]:
    x, y = ctypes.c_float(), ctypes.c_float()
    raw.FPDFPathSegment_GetPoint(segment, x, y)
    return (x.value, y.value)


def _clip(obj: object) -> Box | None:
    """The box of the clip paths around ``obj``, in the space that holds it."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    box = None
    for p in range(raw.FPDFClipPath_CountPaths(clip)):
        points = [_segment_point(raw.FPDFClipPath_GetPathSegment(clip, p, s))
                  for s in range(raw.FPDFClipPath_CountPathSegments(clip, p))]
        if points:
            box = _meet(_box_of(points), box)
    return box


def _path_boxes(obj: object, m: Matrix) -> list[Box]:
    """The subpaths of a path object through ``m``, strokes grown as they ink."""
    mode, stroked = ctypes.c_int(0), ctypes.c_int(0)
    raw.FPDFPath_GetDrawMode(obj, mode, stroked)
    half = 0.0
    width = ctypes.c_float(0)
    if stroked.value and raw.FPDFPageObj_GetStrokeWidth(obj, width):
        half = width.value / 2 * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    butt = raw.FPDFPageObj_GetLineCap(obj) == raw.FPDF_LINECAP_BUTT
    runs: list[list[tuple[float, float]]] = []
    curved: list[bool] = []
    for s in range(raw.FPDFPath_CountSegments(obj)):
        segment = raw.FPDFPath_GetPathSegment(obj, s)
        kind = raw.FPDFPathSegment_GetType(segment)
        if kind == raw.FPDF_SEGMENT_MOVETO or not runs:
            runs.append([])
            curved.append(False)
        curved[-1] |= kind == raw.FPDF_SEGMENT_BEZIERTO
        runs[-1].append(_point(m, *_segment_point(segment)))
    boxes = []
    for points, bent in zip(runs, curved, strict=True):
        x0, y0, x1, y1 = _box_of(points)
        if half and butt and not bent and len(points) == 2 and (x0 == x1 or y0 == y1):
            # A straight butt-capped line: its width lies across it, its ends are exact.
            dx, dy = (half, 0.0) if x0 == x1 else (0.0, half)
            boxes.append((x0 - dx, y0 - dy, x1 + dx, y1 + dy))
        else:
            boxes.append((x0 - half, y0 - half, x1 + half, y1 + half))
    return boxes


def _walk(obj: object, ctm: Matrix, limit: Box | None, page: int, out: list[Ink]) -> None:
    """``ctm``: the enclosing forms' space to the page; ``limit``: their clips on the page."""
    kind = raw.FPDFPageObj_GetType(obj)
    clip = _clip(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        inner = _then(_matrix(obj), ctm)
        if clip is not None:
            limit = _meet(_transform(ctm, clip), limit)
        for i in range(raw.FPDFFormObj_CountObjects(obj)):
            _walk(raw.FPDFFormObj_GetObject(obj, i), inner, limit, page, out)
        return
    if kind == raw.FPDF_PAGEOBJ_PATH:
        boxes = [_transform(ctm, b) for b in _path_boxes(obj, _matrix(obj))]
    else:
        x0, y0, x1, y1 = (ctypes.c_float() for _ in range(4))
        if not raw.FPDFPageObj_GetBounds(obj, x0, y0, x1, y1):
            return
        boxes = [_transform(ctm, (x0.value, y0.value, x1.value, y1.value))]
    if clip is not None:
        clip = _transform(ctm, clip)
    for box in boxes:
        box = _meet(_meet(box, clip), limit)
        if box[0] <= box[2] + 1e-3 and box[1] <= box[3] + 1e-3:  # not clipped away
            out.append(Ink(page, KINDS.get(kind, str(kind)), box))


def inks(path: Path) -> list[tuple[Box, list[Ink]]]:
    """For each page of the PDF at ``path``: its MediaBox and every inked box on it."""
    pdf = pdfium.PdfDocument(path)
    try:
        pages = []
        for number in range(len(pdf)):
            page = pdf[number]
            out: list[Ink] = []
            for k in range(raw.FPDFPage_CountObjects(page.raw)):
                _walk(raw.FPDFPage_GetObject(page.raw, k), IDENTITY, None, number + 1, out)
            pages.append((tuple(page.get_mediabox()), out))
        return pages
    finally:
        pdf.close()


def nearest_edge(path: Path) -> tuple[float, Ink] | None:
    """The ink nearest the paper's edge in the PDF at ``path``: (distance in mm, the ink)."""
    found = [(ink.edge_mm(media), ink) for media, page in inks(path) for ink in page]
    return min(found, key=lambda f: f[0]) if found else None
