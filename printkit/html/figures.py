"""A game's figures as pictures for the HTML rules page, drawn by the PDF's own code.

A figure maker gives a ReportLab flowable; it is drawn alone on a page of its own size,
rasterised with PDFium at twice the CSS pixel size (sharp on a phone's screen), cropped
to what it draws, and embedded as a PNG data URI. The PNG carries only pixels (see
:mod:`printkit.preview.raster`), so the same figure always gives the same bytes.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from io import BytesIO

from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import TranslationError
from printkit.html.writer import Node
from printkit.preview.raster import open_pdf, render_page
from printkit.render.flow import FigureMaker
from printkit.render.script import activate

#: Device pixels per CSS pixel of the pictures.
DENSITY = 2
#: CSS pixels per point.
CSS_PX = 96 / 72
#: White space kept around what a figure draws, in CSS pixels.
MARGIN = 4


def figure_png(maker: FigureMaker, attrs: Mapping[str, str], width: float,
               locale: str) -> tuple[bytes, int, int] | None:
    """The figure drawn at ``width`` points as PNG bytes and its size in CSS pixels; None
    when it draws nothing."""
    activate(locale)
    flowable = maker(dict(attrs), width)
    w, h = flowable.wrap(width, 10_000)
    if w <= 0 or h <= 0:
        return None
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(w, h), invariant=1, pageCompression=0)
    flowable.drawOn(canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    with open_pdf(buffer.getvalue()) as document:
        image = render_page(document, 0, DENSITY * CSS_PX)
    box = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
    if box is None:
        return None
    pad = MARGIN * DENSITY
    left, top, right, bottom = box
    image = image.crop((max(0, left - pad), max(0, top - pad), min(image.width, right + pad),
                        min(image.height, bottom + pad)))
    return _png(image), round(image.width / DENSITY), round(image.height / DENSITY)


def _png(image: Image.Image) -> bytes:
    """256 colours (no dithering: flat areas stay flat) and no metadata, as the previews'
    PNGs (:func:`printkit.preview.raster.png_bytes`), with quicker compression: a page
    has dozens of diagrams, and level 9 took four times as long for 3 % fewer bytes."""
    image = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


class FigureImages:
    """The ``<img>`` nodes of one document's figures (see :data:`writer.FigureWriter`)."""

    def __init__(self, figures: Mapping[str, FigureMaker], locale: str, document: str) -> None:
        self.figures = figures
        self.locale = locale
        self.document = document

    def __call__(self, attrs: Mapping[str, str], width: float, alt: str) -> Node | None:
        name = attrs.get("name", "")
        maker = self.figures.get(name)
        if maker is None:
            raise TranslationError(f"locale {self.locale}: {self.document}: unknown figure "
                                   f"{name!r}; known: {', '.join(self.figures)}")
        drawn = figure_png(maker, attrs, width, self.locale)
        if drawn is None:
            return None
        png, w, h = drawn
        uri = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        return Node("img", {"src": uri, "alt": alt, "width": str(w), "height": str(h)})
