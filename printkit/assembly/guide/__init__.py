"""The guide: each kit's first document, on printing, cutting and assembling it at home.

``render_guide(ctx, pages)`` is a pure task like every document: the same
context and page counts always give the same bytes. The text comes from
``templates/guide.xml.j2`` through the flow renderer's vocabulary, plus two
elements of the guide's own: ``<table>`` (the bill of materials) and
``<calibration/>``, where the two duplex calibration pages are drawn on the
canvas. Everything is one ReportLab document, so page numbers run through
and the fonts are embedded once.

The calibration front must be an odd page (so that it and the back share one
sheet): the guide is laid out once, and if the front fell on an even page it
is laid out again with a page left blank before it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from babel.lists import format_list
from reportlab.platypus import Flowable, Frame, PageTemplate

from printkit.assembly.guide.materials import (
    Material,
    assembly_steps,
    bill_of_materials,
    print_order,
)
from printkit.assembly.guide.pages import (
    MARGIN_MM,
    PageInfo,
    Words,
    draw_back,
    draw_blank,
    draw_front,
    footer,
    rulers_figure,
)
from printkit.assembly.guide.writer import ATTRIBUTES, ELEMENTS, GuideWriter
from printkit.drawing import doctree
from printkit.drawing.flow import FlowDocument, SketchCanvas
from printkit.drawing.pagefit import Fitting, FittingDocTemplate, Measure
from printkit.drawing.pdf import PrintCanvas, doc_options
from printkit.drawing.pdfwriter import keep_headings
from printkit.drawing.templating import render
from printkit.drawing.text import Ink
from printkit.geometry import MM, mm
from printkit.kinds import kind
from printkit.model.game import RenderContext
from printkit.model.kit_table import KIT
from printkit.model.runs import in_kit, plan, run_file
from printkit.model.shared_sheets import shares
from printkit.model.variants import Version, versions

#: The guide's document id: ``<out>/<game>/<locale>/guide-<paper>.pdf``.
DOCUMENT_ID = "guide"
TEMPLATE = "guide.xml.j2"
#: The same page margins as every flowing document.
TOP_MM, BOTTOM_MM = 16.0, 18.0


def duplex_option(offset_mm: tuple[float, float]) -> str:
    """The command-line option for an offset, as typed: ``--duplex-offset 2,-1``."""
    return f"--duplex-offset {offset_mm[0]:g},{offset_mm[1]:g}"


# -- the document ------------------------------------------------------------------------

@dataclass
class _Layout:
    """One layout pass: what was laid out (the guide's XML and its tree, whether a blank page goes
    before the calibration, the fitting), the PDF (empty for a sketch), the page the
    calibration front fell on and the measure."""

    xml: str
    tree: doctree.Document
    blank: bool
    fitting: Fitting
    pdf: bytes
    front_page: int | None
    measure: Measure


def _lay_out(ctx: RenderContext, xml: str, tree: doctree.Document, words: Words,
             blank: bool, fitting: Fitting, sketch: bool = False) -> _Layout:
    """One layout of the guide; a sketch places everything, draws nothing and writes no
    PDF (see :mod:`printkit.drawing.pagefit`)."""
    code = ctx.localizer.code
    title = f"{ctx.game_title} · {ctx._('Print-and-play guide')}"
    paper = ctx.paper

    def figure(attrs: Mapping[str, str], width: float) -> Flowable:
        return rulers_figure(width, code, words)

    doc = FlowDocument(xml=xml, paper=paper, title=title, locale=code, document=DOCUMENT_ID,
                       figures={"rulers": figure})
    margin = MARGIN_MM * MM
    width = paper.size[0] - 2 * margin
    writer = GuideWriter(doc, width, fitting.spacing, ink_saver=ctx.ink_saver, blank=blank)
    story = keep_headings(writer.visit(tree))

    buffer = BytesIO()
    template = FittingDocTemplate(buffer, fitting=fitting, sketch=sketch, pagesize=paper.size,
                                  leftMargin=margin,
                                  rightMargin=margin, topMargin=mm(TOP_MM),
                                  bottomMargin=mm(BOTTOM_MM),
                                  **doc_options(title, DOCUMENT_ID, code))
    frame = Frame(margin, mm(BOTTOM_MM), width, paper.size[1] - mm(TOP_MM + BOTTOM_MM),
                  id="text", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    fronts: list[int] = []

    def page(draw: Callable[[Any, PageInfo], None]) -> Callable[[Any, Any], None]:
        def on_page(canvas: Any, document: Any) -> None:
            if draw is front_page:
                fronts.append(document.page)
            if sketch:
                return
            canvas.saveState()
            draw(canvas, PageInfo(paper.size, title, document.page))
            canvas.restoreState()
        return on_page

    def text_page(c: Any, info: PageInfo) -> None:
        footer(c, Ink(c, code, DOCUMENT_ID), info)

    def front_page(c: Any, info: PageInfo) -> None:
        draw_front(c, code, words, info)

    def back_page(c: Any, info: PageInfo) -> None:
        draw_back(c, code, words, info, ctx.spec.duplex_offset_mm, _option)

    template.addPageTemplates([
        PageTemplate("text", [frame], onPage=page(text_page)),
        PageTemplate("blank", [frame], onPage=page(lambda c, i: draw_blank(c, code, words, i))),
        PageTemplate("front", [frame], onPage=page(front_page)),
        PageTemplate("back", [frame], onPage=page(back_page)),
    ])
    template.build(story, canvasmaker=SketchCanvas if sketch else PrintCanvas)
    return _Layout(xml, tree, blank, fitting, buffer.getvalue(), fronts[0] if fronts else None,
                   template.measure(template.page))


def _option(dx: float, dy: float) -> str:
    return duplex_option((dx, dy))


@dataclass(frozen=True)
class _VersionRow:
    """A ready-made variant's row in the guide: file, document and variant (English
    msgids), pages and printing: "duplex", "fold" or "single"."""

    file: str
    document: str
    variant: str
    pages: int
    sides: str


def _sides(version: Version) -> str:
    if not kind(version.document.kind).two_sided:
        return "single"
    return "duplex" if version.variant.duplex else "fold"


def render_guide(ctx: RenderContext, pages: Mapping[str, int]) -> bytes:
    """The kit's print-and-play guide as PDF bytes.

    ``pages`` maps every document id of ``ctx.game.documents``, and every ready-made
    variant the build writes (see :mod:`printkit.model.variants`), to its page count in this
    build. ``ctx.spec`` decides the layout advice, the calibration back's offset
    and the ink-saving table; ``ctx.paper`` the page size.

    The calibration ends the guide; where that leaves a page but the last less than half
    filled (its box alone on the page before the calibration pages), it may come before
    Assembly instead, or Assembly may start a new page and share it with the box, and the
    spacing may tighten: the first of these layouts with every page but the last at least
    half filled is kept, else the best measured (see :mod:`printkit.drawing.pagefit`). All
    of it is tried on sketches; the layout kept is drawn.
    """
    guide = _Guide(ctx, pages)
    best = None
    for placement, fitting in GUIDE_CANDIDATES:
        laid = guide.laid_out(placement, fitting)
        if laid.measure.good():
            best = laid
            break
        if best is None or laid.measure.score() < best.measure.score():
            best = laid
        if laid.front_page is None:
            break  # no calibration pages: nothing to move
    assert best is not None
    return _lay_out(ctx, best.xml, best.tree, guide.words, best.blank, best.fitting).pdf


class _Guide:
    """The guide of one kit, laid out with the calibration in one place or another."""

    def __init__(self, ctx: RenderContext, pages: Mapping[str, int]) -> None:
        self.ctx = ctx
        self.pages = pages
        self.versions = list(versions(ctx.game.documents, ctx.spec))
        missing = [name for name in (*(doc.id for doc in ctx.game.documents),
                                     *(version.id for version in self.versions))
                   if name not in pages]
        if missing:
            raise ValueError(f"guide: no page count for {', '.join(missing)}")
        self.rows = bill_of_materials(ctx, pages)
        self.documents = print_order(self.rows)
        self.shares = shares(ctx, pages)
        self.words = Words(ctx.localizer)

    def laid_out(self, placement: str, fitting: Fitting) -> _Layout:
        """The guide with the calibration at ``placement``, sketched.

        The guide lists where each document lands in the whole kit, which starts with the
        guide itself: it is laid out until its own page count stops changing. The count
        the last guide of this game came to (another locale, usually) is the first guess.
        The calibration front must be an odd page: a blank page goes before it when it
        would fall on an even one. Either guess gives the same pages, the first or the
        second layout."""
        ctx = self.ctx
        memo = (ctx.game.id, ctx.paper.id, ctx.spec.layout, placement)
        guide_pages, blank = _LAST_PAGES.get(memo, (1, False))
        for _attempt in range(4):
            xml = self.xml(guide_pages, placement)
            tree = doctree.parse(xml, ctx.localizer.code, DOCUMENT_ID, elements=ELEMENTS,
                                 attributes=ATTRIBUTES)
            laid = _lay_out(ctx, xml, tree, self.words, blank, fitting, sketch=True)
            if laid.front_page is not None and laid.front_page % 2 == 0:
                blank = not blank
                laid = _lay_out(ctx, xml, tree, self.words, blank, fitting, sketch=True)
            pages_now = len(laid.measure.fills)
            if pages_now == guide_pages:
                break
            guide_pages = pages_now
        _LAST_PAGES[memo] = (guide_pages, blank)
        return laid

    def xml(self, guide_pages: int, placement: str) -> str:
        """The guide's text for a guide of ``guide_pages`` pages, the calibration at
        ``placement``."""
        ctx, loc, rows = self.ctx, self.ctx.localizer, self.rows
        data = dict(ctx.data)
        data.setdefault("kit", KIT.default)

        def names(group: Sequence[Material]) -> str:
            return format_list([loc.gettext(row.title) for row in group], locale=loc.code)

        return render(
            TEMPLATE, loc, data=data, documents=rows, assembly=assembly_steps(rows),
            names=names, cards=any(kind(row.kind).two_sided for row in rows),
            layout=ctx.spec.layout, offset=duplex_option(ctx.spec.duplex_offset_mm),
            titles={"guide": "Print-and-play guide", **{row.id: row.title for row in rows}},
            runs=plan(self.documents, self.shares),
            kit=in_kit(guide_pages, self.documents, self.shares),
            run_file=lambda run: run_file(run, ctx.paper.id),
            kit_file=f"kit-{ctx.paper.id}.pdf",
            versions=[_VersionRow(f"{v.id}-{ctx.paper.id}.pdf", v.document.title,
                                  v.variant.title, self.pages[v.id], _sides(v))
                      for v in self.versions], ink_saver=ctx.spec.ink_saver,
            calibration_first=placement == "before assembly",
            assembly_on_new_page=placement == "assembly on a new page")


#: The guide's layouts, in the order tried: where the calibration goes, and the fitting.
GUIDE_CANDIDATES = tuple((placement, fitting)
                         for fitting in (Fitting(), Fitting(floats=True, spacing=0.7))
                         for placement in ("last", "assembly on a new page",
                                           "before assembly"))

#: The page count of the last guide laid out per game, paper and layout, and whether it
#: needed a blank page (see render_guide): guesses only, so the bytes never depend on
#: them, just the number of layout passes.
_LAST_PAGES: dict[tuple[str, str, str, str], tuple[int, bool]] = {}


