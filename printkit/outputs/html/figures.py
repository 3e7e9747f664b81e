"""A game's figures for the HTML rules page, drawn by the PDF's own code, as inline SVG.

A figure maker gives a ReportLab flowable; it is drawn alone on a page of its own size
in one PDF per document (uncompressed, so its operators read back plainly), and each
page is translated into an ``<svg>`` (:mod:`printkit.outputs.html.svg`): vector shapes,
its words as ``<text>`` (searchable, readable at any zoom), the ink in ``currentColor``
and the paper white in a class, so that the page's dark mode reaches the figures. The
PDF is read once more by the preflight's glyph check.

A figure too wide to stay readable on a phone (its smallest text would fall under
:data:`SMALLEST_TEXT` CSS pixels in a :data:`PHONE_COLUMN` column) keeps a minimum
width and scrolls sideways in a focusable, labelled region; a link opens it full size
(the page's ``:target`` style, no script).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from io import BytesIO

from markupsafe import Markup

from printkit.drawing import alternative, doctree
from printkit.drawing.flow import FigureMaker
from printkit.drawing.pdf import PrintCanvas
from printkit.errors import TranslationError
from printkit.outputs.html import svg
from printkit.outputs.html.writer import Node

#: CSS pixels per point.
CSS_PX = 96 / 72
#: White space kept around what a figure draws, in points.
MARGIN = 3.0
#: The smallest text a figure may show, in CSS pixels, before it scrolls instead.
SMALLEST_TEXT = 9.0
#: The width of the rules page's column on a phone (390 px wide), in CSS pixels.
PHONE_COLUMN = 320.0


@dataclass(frozen=True)
class WideLabels:
    """The words of a wide figure's controls, in the page's language."""

    region: str  # the scroll region's name when the figure has no alt text
    open: str  # "Full size" (the link's text)
    open_named: str  # "%(figure)s: full size" (its name for a screen reader)
    close: str  # "Close"


ENGLISH = WideLabels("Figure", "Full size", "%(figure)s: full size", "Close")


class FigureImages:
    """The ``<svg>`` nodes of one document's figures (see :data:`writer.FigureWriter`).

    Every figure of the document is drawn on a page of its own in one PDF, read back once
    by :meth:`finish`: a rules page has dozens of diagrams, and a PDF (its fonts subset
    and written) for each one took most of the page's time. Until then each figure's
    node is an ``<img>`` holding only its alt text (and what the writer adds to it: its
    ``aria-describedby``); :meth:`finish` turns it into the figure's ``<svg>``.
    """

    def __init__(self, figures: Mapping[str, FigureMaker], locale: str, document: str,
                 notes: set[str] | None = None, page: str = "rules.html",
                 labels: WideLabels = ENGLISH, written: set[str] | None = None) -> None:
        self.figures = figures
        self.locale = locale
        self.document = document
        #: where the preflight's findings on the pictures go, as warning lines; ``page``
        #: names the rules page in them
        self.notes = notes
        self.page = page
        self.labels = labels
        #: the ids of the designs the page holds already (another document's figures
        #: place them too: the quick reference's cards are the rulebook's)
        self.written = set() if written is None else written
        self._buffer = BytesIO()
        self._canvas: PrintCanvas | None = None
        self._waiting: list[Node] = []

    def __call__(self, attrs: Mapping[str, str], width: float, alt: str) -> Node | None:
        name = doctree.figure_maker(attrs)
        maker = self.figures.get(name)
        if maker is None:
            raise TranslationError(f"locale {self.locale}: {self.document}: "
                                   f"{doctree.unknown_figure(name, self.figures)}")
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
        an inline ``<svg>`` sized in CSS pixels; a figure that draws nothing is left out
        (and its ``<figure>`` too, if it has no caption)."""
        if self._canvas is None:
            return nodes
        self._canvas.save()
        pdf = self._buffer.getvalue()
        if self.notes is not None:
            self.notes.update(self._glyph_findings(pdf))
        blank: set[int] = set()
        drawings = svg.read(pdf, prefix=f"{self.document}-")
        for number, (node, picture) in enumerate(zip(self._waiting, drawings.pages,
                                                     strict=True)):
            if picture.box is None:
                blank.add(id(node))
                continue
            self._fill(node, picture, f"{self.document}-figure-{number + 1}")
        self._canvas, self._waiting = None, []
        if blank:
            nodes = [n for n in _without(list(nodes), blank) if isinstance(n, Node)]
        fresh = [d for i, d in drawings.designs.items() if i not in self.written]
        self.written.update(drawings.designs)
        if fresh:
            # the designs the figures place (card faces, tokens), written once for all
            designs = Node("svg", {"class": "designs", "aria-hidden": "true", "width": "0",
                                   "height": "0"},
                           [Markup(f"<defs>{''.join(fresh)}</defs>")])
            nodes = [designs, *nodes]
        return nodes

    def _fill(self, node: Node, picture: svg.Picture, anchor: str) -> None:
        """The placeholder ``<img>`` made the figure's ``<svg>`` (in place: the writer's
        nodes hold it), in a scroll region with a full-size link when it is wide."""
        alt = node.attrs.pop("alt", "")
        described = node.attrs.pop("aria-describedby", None)
        view = picture.view(MARGIN)
        width, height = view[2] * CSS_PX, view[3] * CSS_PX
        attrs = {"viewBox": " ".join(svg.num(v) for v in view), "width": svg.num(width),
                 "height": svg.num(height), **picture.paint}
        if alt:
            attrs.update(role="img", **{"aria-label": alt})
        else:
            attrs["aria-hidden"] = "true"
        if described and alt:
            attrs["aria-describedby"] = described
        # the narrowest the figure may be with its smallest text still readable
        smallest = picture.smallest * CSS_PX
        narrowest = width * SMALLEST_TEXT / smallest if smallest else 0.0
        wide = narrowest > PHONE_COLUMN
        if wide:
            attrs["style"] = f"min-width:{svg.num(min(width, narrowest))}px"
        # the translation's markup, escaped there (see printkit.outputs.html.svg)
        drawing = Node("svg", attrs, [Markup(picture.content)])
        if not wide:
            node.tag, node.attrs, node.children = drawing.tag, drawing.attrs, drawing.children
            return
        name = alt or self.labels.region
        region = Node("div", {"class": "scroll", "role": "region", "tabindex": "0",
                              "aria-label": name, "id": f"{anchor}-in"}, [drawing])
        opener = Node("a", {"class": "open", "href": f"#{anchor}",
                            "aria-label": self.labels.open_named % {"figure": name}},
                      [self.labels.open])
        closer = Node("a", {"class": "close", "href": f"#{anchor}-in"}, [self.labels.close])
        node.tag, node.attrs = "div", {"class": "wide", "id": anchor}
        node.children = [region, opener, closer]
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

