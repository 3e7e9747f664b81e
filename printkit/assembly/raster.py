"""PDF pages to pixels, and pixels to PNG bytes that never change for the same input.

pypdfium2 (PDFium, the rasteriser of Chromium) renders; Pillow encodes. A PNG
written here carries no timestamp or text chunk, and no resolution unless asked (a
card exported for printing says its dpi): only the pixels, so the same PDF always gives
the same bytes and incremental builds can compare files byte for byte.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PIL import Image

from printkit.geometry import MM_PER_INCH

#: PDF user space units (points) per inch.
POINTS_PER_INCH = 72.0


def png_bytes(image: Image.Image, palette: bool = False, dpi: float | None = None) -> bytes:
    """Encode ``image`` as PNG with no metadata (Pillow adds none unless asked).

    ``palette`` reduces a preview to 256 colours (no dithering, so flat areas stay
    flat): a third of the size, and as deterministic as the full-colour image.
    Print exports keep every colour. ``dpi``: the resolution it prints at, written into
    the file (a pHYs chunk).
    """
    if palette:
        image = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    extra = {} if dpi is None else {"dpi": (dpi, dpi)}
    image.save(buffer, format="PNG", optimize=False, compress_level=9 if palette else 6,
               **extra)
    return buffer.getvalue()


def pixels(mm: float, dpi: float) -> int:
    """A length in millimetres at ``dpi``, to the nearest whole pixel (63 mm + 6 mm → 815)."""
    return round(mm / MM_PER_INCH * dpi)


@contextmanager
def open_pdf(pdf: bytes) -> Iterator[Any]:
    """The PDF as a pypdfium2 document, closed afterwards (PDFium holds native memory)."""
    import pypdfium2 as pdfium  # imported here: only builds with previews and exports need it

    document = pdfium.PdfDocument(pdf)
    try:
        yield document
    finally:
        document.close()


def page_size(document: Any, index: int) -> tuple[float, float]:
    """Width and height of page ``index`` in points."""
    page = document[index]
    try:
        return page.get_size()
    finally:
        page.close()


def render_page(document: Any, index: int, scale: float) -> Image.Image:
    """Page ``index`` at ``scale`` pixels per point, as an RGB image on white."""
    page = document[index]
    try:
        bitmap = page.render(scale=scale, fill_color=(255, 255, 255, 255))
        image = bitmap.to_pil().convert("RGB")
        bitmap.close()
        return image
    finally:
        page.close()


def render_width(document: Any, index: int, width: int) -> Image.Image:
    """Page ``index`` exactly ``width`` pixels wide, its height following the page's shape."""
    w, h = page_size(document, index)
    image = render_page(document, index, width / w)
    return image.crop((0, 0, width, max(1, round(h * width / w))))


def render_dpi(document: Any, index: int, dpi: float, size_mm: tuple[float, float] | None = None
               ) -> Image.Image:
    """Page ``index`` at ``dpi``; with ``size_mm``, cut to that size rounded to whole pixels.

    PDFium rounds a page's pixel size up; a card of 69 × 94 mm at 300 dpi should be
    815 × 1110 px, not 815 × 1111, so the partial last row and column are cut off.
    """
    image = render_page(document, index, dpi / POINTS_PER_INCH)
    if size_mm is None:
        return image
    return image.crop((0, 0, pixels(size_mm[0], dpi), pixels(size_mm[1], dpi)))
