"""A game's figures as pictures for the HTML rules page, drawn by the PDF's own code.

A figure maker gives a ReportLab flowable; it is drawn alone on a page of its own size,
rasterised with PDFium at twice the CSS pixel size (sharp on a phone's screen), cropped
to what it draws, and embedded as a PNG data URI. The PNG carries only pixels (see
:mod:`printkit.assembly.raster`), so the same figure always gives the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
from collections import OrderedDict
from collections.abc import Mapping
from io import BytesIO

from PIL import Image, ImageChops

from printkit.assembly.raster import open_pdf, render_page
from printkit.drawing import alternative
from printkit.drawing.flow import FigureMaker
from printkit.drawing.pdf import PrintCanvas
from printkit.errors import TranslationError
from printkit.outputs.html.writer import Node

#: Device pixels per CSS pixel of the pictures.
DENSITY = 2
#: CSS pixels per point.
CSS_PX = 96 / 72
#: White space kept around what a figure draws, in CSS pixels.
MARGIN = 4


def _cropped(image: Image.Image) -> Image.Image | None:
    """``image`` cut to what it draws, with :data:`MARGIN` around; None when it is blank."""
    box = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
    if box is None:
        return None
    pad = MARGIN * DENSITY
    left, top, right, bottom = box
    return image.crop((max(0, left - pad), max(0, top - pad), min(image.width, right + pad),
                       min(image.height, bottom + pad)))


#: The PNGs of the pictures made last, by a digest of their pixels: a third of the
#: figures of a build's rules pages look the same in another locale or document (no words
#: in them, or the same numbers), and their PNG is then made once. A cache: the same
#: pixels always give the same bytes.
_MADE: OrderedDict[bytes, bytes] = OrderedDict()
_MADE_MAX = 512


def _png(image: Image.Image) -> bytes:
    """256 colours (no dithering: flat areas stay flat) and no metadata, as the previews'
    PNGs (:func:`printkit.assembly.raster.png_bytes`), with quicker compression: a page
    has dozens of diagrams, and level 9 took four times as long for 3 % fewer bytes."""
    pixels = hashlib.blake2b(f"{image.mode} {image.size}".encode(), digest_size=16)
    pixels.update(image.tobytes())
    digest = pixels.digest()
    made = _MADE.get(digest)
    if made is not None:
        _MADE.move_to_end(digest)
        return made
    image = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    _MADE[digest] = made = buffer.getvalue()
    if len(_MADE) > _MADE_MAX:
        _MADE.popitem(last=False)
    return made


class FigureImages:
    """The ``<img>`` nodes of one document's figures (see :data:`writer.FigureWriter`).

    Every figure of the document is drawn on a page of its own in one PDF, opened and
    rasterised once by :meth:`finish`: a rules page has dozens of diagrams, and a PDF
    (its fonts subset and written, then parsed by PDFium) for each one took most of the
    page's time. Until then each figure's node holds only its alt text.
    """

    def __init__(self, figures: Mapping[str, FigureMaker], locale: str, document: str,
                 notes: set[str] | None = None, page: str = "rules.html") -> None:
        self.figures = figures
        self.locale = locale
        self.document = document
        #: where the preflight's findings on the pictures go, as warning lines; ``page``
        #: names the rules page in them
        self.notes = notes
        self.page = page
        self._buffer = BytesIO()
        self._canvas: PrintCanvas | None = None
        self._waiting: list[Node] = []

    def __call__(self, attrs: Mapping[str, str], width: float, alt: str) -> Node | None:
        name = attrs.get("name", "")
        maker = self.figures.get(name)
        if maker is None:
            raise TranslationError(f"locale {self.locale}: {self.document}: unknown figure "
                                   f"{name!r}; known: {', '.join(self.figures)}")
        flowable = maker(dict(attrs), width)
        w, h = flowable.wrap(width, 10_000)
        if w <= 0 or h <= 0:
            return None
        if self._canvas is None:
            self._canvas = PrintCanvas(self._buffer, invariant=1, pageCompression=0,
                                       lang=self.locale)
        self._canvas.setPageSize((w, h))
        flowable.drawOn(self._canvas, 0, 0)
        self._canvas.showPage()
        node = Node("img", {"alt": alt}, alternative=alternative.of(flowable))
        self._waiting.append(node)
        return node

    def finish(self, nodes: list[Node]) -> list[Node]:
        """``nodes`` (the document's page nodes) with every figure's picture filled in, as
        PNG bytes in a data URI with its size in CSS pixels; a figure that draws nothing
        is left out (and its ``<figure>`` too, if it has no caption)."""
        if self._canvas is None:
            return nodes
        self._canvas.save()
        if self.notes is not None:
            self.notes.update(self._glyph_findings(self._buffer.getvalue()))
        blank: set[int] = set()
        with open_pdf(self._buffer.getvalue()) as document:
            for index, node in enumerate(self._waiting):
                image = _cropped(render_page(document, index, DENSITY * CSS_PX))
                if image is None:
                    blank.add(id(node))
                    continue
                uri = "data:image/png;base64," + base64.b64encode(_png(image)).decode("ascii")
                node.attrs.update(src=uri, width=str(round(image.width / DENSITY)),
                                  height=str(round(image.height / DENSITY)))
        self._canvas, self._waiting = None, []
        return [n for n in _without(list(nodes), blank) if isinstance(n, Node)] if blank else nodes


    def _glyph_findings(self, pdf: bytes) -> list[str]:
        """The preflight's glyph check on the pictures, read from the PDF they are cut from:
        a letter drawn as an empty box on the rules page too."""
        from printkit.outputs.preflight import target_for
        from printkit.outputs.preflight.findings import Finding
        from printkit.outputs.preflight.glyphs import missing_glyphs
        from printkit.outputs.preflight.reading import pages

        target = target_for(self.page, self.locale, None)
        return [Finding(f.check, self.page, 0,
                        f"{self.document} figure {page.number}: {f.what}").line()
                for page in pages(pdf) for f in missing_glyphs(page, target)]


def _without(nodes: list[Node | str], blank: set[int]) -> list[Node | str]:
    """``nodes`` without the pictures in ``blank`` (by id), nor a figure left empty."""
    kept: list[Node | str] = []
    for node in nodes:
        if isinstance(node, Node):
            if id(node) in blank:
                continue
            node.children = _without(node.children, blank)
            if node.tag == "figure" and not node.children:
                continue
        kept.append(node)
    return kept
