"""Flowing documents (rulebooks) from a small, escaped XML vocabulary.

Templates render to this vocabulary with Jinja2 autoescaping on, so every
translated string and every number reaches the XML escaped; the document tree
holds the text as text, and the PDF writer escapes it again for Paragraph markup
(the HTML page's template for HTML). A ``<`` or ``&`` in a translation therefore
prints as itself and can never corrupt a page. Vocabulary::

    <document>
      <title>…</title> <subtitle>…</subtitle>
      <cover>title, subtitle, <facts><fact label="…">…</fact></facts>…</cover>
      <h1>…</h1> <h2>…</h2> <p>… <b>…</b> <i>…</i> <br/> …</p>
      <ul><li>…</li></ul>  <ol><li>…</li></ol>  <pagebreak/>
      <box>…block elements…</box>          (a framed, kept-together block)
      <example><h3>…</h3>…</example> <note>…</note>   (panels that never split)
      <columns>…block elements…</columns>  (two columns on paper)
      <figure name="track" example="…">caption</figure>
      <colophon>…</colophon>                (small closing lines at the very end)
    </document>

Any block element may carry ``rule="id id…"``: it states those rules of the
game (``rules.toml``); :mod:`printkit.drawing.trace` reads them from the XML, the
layout ignores them.

The XML is read once into a document tree (:mod:`printkit.drawing.doctree`: the
vocabulary checked, sections numbered, text typeset and glyph-checked), and each
layout of page fitting writes its story from the tree with
:class:`printkit.drawing.pdfwriter.PdfWriter`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from io import BytesIO

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
from reportlab.platypus.doctemplate import LayoutError as RLLayoutError
from reportlab.platypus.frames import Frame

from printkit.drawing import doctree
from printkit.drawing.doctree import UNITS, typeset
from printkit.drawing.pagefit import (
    Fitting,
    FittingDocTemplate,
    Measure,
    PageStarts,
    balance_columns,
    best_layout,
)
from printkit.drawing.pdf import PrintCanvas, doc_options
from printkit.drawing.pdfwriter import COLUMN_GAP, COMPACT, FigureMaker, PdfWriter, keep_headings
from printkit.errors import FitError
from printkit.geometry import MM, Paper
from printkit.language import fonts
from printkit.language.script import Script, load

#: Also taken from here: the typesetting of the tree, the PDF writer's measures.
__all__ = ["COMPACT", "UNITS", "FigureMaker", "FlowDocument", "lay_out_flow", "render_flow",
           "typeset"]


@dataclass
class FlowDocument:
    """Everything needed to lay out one flowing document."""

    xml: str
    paper: Paper
    title: str
    locale: str
    document: str
    figures: Mapping[str, FigureMaker]
    #: The PDF's subject: the document's name as the reader calls it.
    subject: str = ""
    #: A compact document (a quick reference): smaller type and margins.
    compact: bool = False
    #: The type's scale against a rulebook's; None: 1, or COMPACT for a compact document.
    type_scale: float | None = None
    #: printkit's faces a game project's own replace: (printkit's face, the project's).
    faces: tuple[tuple[str, str], ...] = ()


def render_flow(doc: FlowDocument) -> bytes:
    """Lay out a flowing document, fitted to its pages (see :mod:`printkit.drawing.pagefit`);
    returns the PDF bytes.

    The page-fitting settings are tried on sketches (placed, not drawn: a fifth of a
    drawing's time) and only the layout kept is drawn."""
    root = doctree.parse(doc.xml, doc.locale, doc.document)
    if doc.compact:  # a reference fits its one page by its type scale instead
        return lay_out_flow(doc, root, Fitting())[0]

    def sketched(fitting: Fitting) -> tuple[tuple[Fitting, Measure], Measure]:
        measure = lay_out_flow(doc, root, fitting, sketch=True, starts=starts)[1]
        return (fitting, measure), measure

    def with_cuts(cuts: dict[int, float]) -> Measure | None:
        try:
            return lay_out_flow(doc, root, fitting, cuts, sketch=True, starts=starts)[1]
        except FitError:  # a panel taller than the columns cut short
            return None

    starts: PageStarts = {}
    fitting, measure = best_layout(sketched)
    cuts, measure = balance_columns(with_cuts, measure)
    laid, drawn = lay_out_flow(doc, root, fitting, cuts)
    if cuts and drawn.drawn != measure.drawn:  # (drawn otherwise than sketched: never seen)
        laid = lay_out_flow(doc, root, fitting)[0]
    return laid


def flow_pages(doc: FlowDocument, root: doctree.Document | None = None) -> int:
    """How many pages ``doc`` takes laid out plainly (a quick reference at its type
    scale), from a sketch: what :func:`render_flow` of a compact document would give.
    ``root``: ``doc``'s tree, if already read (the same for every type scale tried)."""
    if root is None:
        root = doctree.parse(doc.xml, doc.locale, doc.document)
    return len(lay_out_flow(doc, root, Fitting(), sketch=True)[1].fills)


class SketchCanvas(PrintCanvas):
    """A sketch's canvas: pages laid out and measured, never written (nothing is drawn on
    them, and a sketch's bytes are not used)."""

    def save(self) -> None:
        pass


def _page_templates(doc: FlowDocument, margin: float, top: float, bottom: float,
                    sketch: bool) -> list[PageTemplate]:
    """A flowing document's pages: one column, and two; each with its footer (a sketch's
    without)."""
    script = load(doc.locale)
    page_w, page_h = doc.paper.size
    width, height = page_w - 2 * margin, page_h - top - bottom
    column = (width - COLUMN_GAP) / 2
    footer = partial(_footer, doc, script, margin, sketch)

    def frame(x: float, w: float, name: str) -> Frame:
        return Frame(x, bottom, w, height, leftPadding=0, rightPadding=0, topPadding=0,
                     bottomPadding=0, id=name)

    # (right to left, the first column is the right one)
    columns = [frame(margin, column, "left"), frame(margin + column + COLUMN_GAP, column,
                                                    "right")]
    return [PageTemplate("one", [frame(margin, width, "body")], onPage=footer),
            PageTemplate("two", columns[::-1] if script.rtl else columns, onPage=footer)]


def _footer(doc: FlowDocument, script: Script, margin: float, sketch: bool,
            canvas: Canvas, document: BaseDocTemplate) -> None:
    """A page's footer: the title where lines begin, the page number where they end."""
    if sketch:
        return
    page_w = doc.paper.size[0]
    canvas.saveState()
    canvas.setFont(fonts.REGULAR, 8)
    canvas.setFillColor(colors.grey)
    rtl = script.rtl
    # (a compact page's footer sits clear of the widest printer margin accepted, 6.35 mm,
    # with the descenders of every script: the lowest ink is 6.84 mm from the edge)
    y = 10 * MM if not doc.compact else 7.5 * MM
    fonts.draw_runs(canvas, page_w - margin if rtl else margin, y, doc.title, fonts.REGULAR,
                    8, script, "right" if rtl else "left")
    canvas.setFont(fonts.REGULAR, 8)
    if rtl:
        canvas.drawString(margin, y, str(document.page))
    else:
        canvas.drawRightString(page_w - margin, y, str(document.page))
    canvas.restoreState()


def lay_out_flow(doc: FlowDocument, root: doctree.Document, fitting: Fitting,
                 cuts: dict[int, float] | None = None, sketch: bool = False,
                 starts: PageStarts | None = None) -> tuple[bytes, Measure]:
    """One layout of a flowing document with one page-fitting setting (and the columns of
    the pages in ``cuts`` cut to a height, balanced), and its measure; a sketch places
    everything, draws nothing and writes no bytes.

    A sketch given ``starts`` records how each of its pages begins, and begins at the last
    page cut if a sketch before it recorded that page's start (see
    :class:`printkit.drawing.pagefit.PageStart`)."""
    buffer = BytesIO()
    margin = (12 if doc.compact else 18) * MM
    top, bottom = (10 if doc.compact else 16) * MM, (14 if doc.compact else 18) * MM
    width = doc.paper.size[0] - 2 * margin
    fonts.check_glyphs(doc.title, doc.locale, f"{doc.document}: footer")
    resume = None
    if sketch and starts is not None and cuts:
        resume = starts.get(FittingDocTemplate.page_start_key(fitting, cuts, max(cuts)))
    template = FittingDocTemplate(
        buffer, fitting=fitting, cuts=cuts, sketch=sketch, starts=starts, resume=resume,
        pagesize=doc.paper.size,
        leftMargin=margin, rightMargin=margin, topMargin=top, bottomMargin=bottom,
        pageTemplates=_page_templates(doc, margin, top, bottom, sketch),
        **doc_options(doc.title, doc.subject or doc.document, doc.locale))
    story = (resume.flowables() if resume is not None
             else keep_headings(PdfWriter(doc, width, fitting.spacing).visit(root)))
    try:
        template.build(story, canvasmaker=SketchCanvas if sketch else PrintCanvas)
    except RLLayoutError as exc:
        what = str(exc).split(" with cell")[0].split(" too large")[0][:80]
        raise FitError(f"locale {doc.locale}: {doc.document}: a block is taller than a page "
                       f"or column and cannot be split ({what})") from None
    return buffer.getvalue(), template.measure(template.page)
