"""The guide: each kit's first document, on printing, cutting and assembling it at home.

``render_guide(ctx, pages)`` is a pure task like every document: the same
context and page counts always give the same bytes. The text comes from
``templates/guide.xml.j2`` through the flow renderer's vocabulary, plus an
element of the guide's own, ``<table>`` (the bill of materials, the print runs),
and two drawn figures: the rulers and double-sided printing by hand. Everything
is one ReportLab document, so page numbers run through and the fonts are
embedded once. The guide is text to read or print single-sided: every page of
it is a page of text.

``render_calibration(ctx)`` draws the duplex calibration sheet, a front and its
back: a file of its own and the first sheet of the double-sided print run (see
:mod:`printkit.model.runs`), which the guide points to by file and page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    totals,
)
from printkit.assembly.guide.pages import (
    MARGIN_MM,
    PageInfo,
    Words,
    draw_back,
    draw_front,
    footer,
    manual_duplex_figure,
    rulers_figure,
)
from printkit.assembly.guide.writer import GuideWriter
from printkit.drawing import doctree
from printkit.drawing.flow import FlowDocument, SketchCanvas
from printkit.drawing.pagefit import Fitting, FittingDocTemplate, Measure
from printkit.drawing.pdf import PrintCanvas, doc_options, new_canvas
from printkit.drawing.pdfwriter import keep_headings
from printkit.drawing.templating import render
from printkit.drawing.text import Ink
from printkit.geometry import MM, mm
from printkit.kinds import kind
from printkit.model.game import CALIBRATION, RenderContext
from printkit.model.kit_table import KIT
from printkit.model.runs import (
    calibration_file,
    has_calibration,
    in_kit,
    plan,
    run_file,
)
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
    """One layout pass: what was laid out (the guide's XML and its tree, the fitting), the
    PDF (empty for a sketch) and the measure."""

    xml: str
    tree: doctree.Document
    fitting: Fitting
    pdf: bytes
    measure: Measure


def _lay_out(ctx: RenderContext, xml: str, tree: doctree.Document, words: Words,
             fitting: Fitting, sketch: bool = False) -> _Layout:
    """One layout of the guide; a sketch places everything, draws nothing and writes no
    PDF (see :mod:`printkit.drawing.pagefit`)."""
    code = ctx.localizer.code
    title = f"{ctx.game_title} · {ctx._('Print-and-play guide')}"
    paper = ctx.paper

    def rulers(attrs: Mapping[str, str], width: float) -> Flowable:
        return rulers_figure(width, code, words)

    def manual(attrs: Mapping[str, str], width: float) -> Flowable:
        return manual_duplex_figure(width, code, words)

    doc = FlowDocument(xml=xml, paper=paper, title=title, locale=code, document=DOCUMENT_ID,
                       figures={"rulers": rulers, "manual-duplex": manual})
    margin = MARGIN_MM * MM
    width = paper.size[0] - 2 * margin
    writer = GuideWriter(doc, width, fitting.spacing, ink_saver=ctx.ink_saver)
    story = keep_headings(writer.visit(tree))

    buffer = BytesIO()
    template = FittingDocTemplate(buffer, fitting=fitting, sketch=sketch, pagesize=paper.size,
                                  leftMargin=margin,
                                  rightMargin=margin, topMargin=mm(TOP_MM),
                                  bottomMargin=mm(BOTTOM_MM),
                                  **doc_options(title, DOCUMENT_ID, code))
    frame = Frame(margin, mm(BOTTOM_MM), width, paper.size[1] - mm(TOP_MM + BOTTOM_MM),
                  id="text", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def text_page(canvas: Any, document: Any) -> None:
        if sketch:
            return
        canvas.saveState()
        footer(canvas, Ink(canvas, code, DOCUMENT_ID), PageInfo(paper.size, title, document.page))
        canvas.restoreState()

    template.addPageTemplates([PageTemplate("text", [frame], onPage=text_page)])
    template.build(story, canvasmaker=SketchCanvas if sketch else PrintCanvas)
    return _Layout(xml, tree, fitting, buffer.getvalue(), template.measure(template.page))


def render_calibration(ctx: RenderContext) -> bytes:
    """The duplex calibration sheet as PDF bytes: its front (centre lines, corner crosses,
    an arrow at the top edge) and its back (the X and Y scales, corner targets, an arrow
    that lies behind the front's on a sheet turned the right way), the back moved by the
    kit's duplex offset like every back page. Each page's footer names the game and the
    sheet, and the page number, which is the page's number in the double-sided run too."""
    code = ctx.localizer.code
    paper = ctx.paper
    title = f"{ctx.game_title} · {ctx._(CALIBRATION.title)}"
    words = Words(ctx.localizer)
    buffer = BytesIO()
    canvas = new_canvas(buffer, paper.size, title, CALIBRATION.id, code)
    draw_front(canvas, code, words, PageInfo(paper.size, title, 1))
    canvas.showPage()
    draw_back(canvas, code, words, PageInfo(paper.size, title, 2), ctx.spec.duplex_offset_mm,
              _option)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


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

    The calibration box and double-sided printing by hand come before Assembly; where that
    leaves a page but the last less than half filled, they may end the guide instead, or
    Assembly may start a new page, and the spacing may tighten: the first of these layouts
    with every page but the last at least half filled is kept, else the best measured (see
    :mod:`printkit.drawing.pagefit`). All of it is tried on sketches; the layout kept is
    drawn.
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
        if not guide.calibration:
            break  # no calibration box: nothing to move
    assert best is not None
    return _lay_out(ctx, best.xml, best.tree, guide.words, best.fitting).pdf


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
        self.calibration = has_calibration(self.documents)
        self.shares = shares(ctx, pages)
        self.words = Words(ctx.localizer)

    def laid_out(self, placement: str, fitting: Fitting) -> _Layout:
        """The guide with the calibration box at ``placement``, sketched.

        The guide lists where each document lands in the whole kit, which starts with the
        guide itself: it is laid out until its own page count stops changing. The count
        the last guide of this game came to (another locale, usually) is the first guess;
        a wrong guess costs a pass, never other bytes."""
        ctx = self.ctx
        memo = (ctx.game.id, ctx.paper.id, ctx.spec.layout, placement)
        guide_pages = _LAST_PAGES.get(memo, 1)
        for _attempt in range(4):
            xml = self.xml(guide_pages, placement)
            tree = doctree.parse(xml, ctx.localizer.code, DOCUMENT_ID)
            laid = _lay_out(ctx, xml, tree, self.words, fitting, sketch=True)
            pages_now = len(laid.measure.fills)
            if pages_now == guide_pages:
                break
            guide_pages = pages_now
        _LAST_PAGES[memo] = guide_pages
        return laid

    def xml(self, guide_pages: int, placement: str) -> str:
        """The guide's text for a guide of ``guide_pages`` pages, the calibration at
        ``placement``."""
        ctx, loc, rows = self.ctx, self.ctx.localizer, self.rows
        data = dict(ctx.data)
        data.setdefault("kit", KIT.default)

        def names(group: Sequence[Material]) -> str:
            return format_list([loc.gettext(row.title) for row in group], locale=loc.code)

        runs = plan(self.documents, self.shares)
        duplex = next((run for run in runs if run.duplex), None)
        return render(
            TEMPLATE, loc, data=data, documents=rows, assembly=assembly_steps(rows),
            names=names, cards=any(kind(row.kind).two_sided for row in rows),
            layout=ctx.spec.layout, offset=duplex_option(ctx.spec.duplex_offset_mm),
            titles={"guide": "Print-and-play guide", CALIBRATION.id: CALIBRATION.title,
                    **{row.id: row.title for row in rows}},
            runs=runs, duplex_run=duplex, kit=in_kit(guide_pages, self.documents, self.shares),
            totals=totals(rows, len(self.shares)),
            run_file=lambda run: run_file(run, ctx.paper.id),
            calibration_file=calibration_file(ctx.paper.id) if duplex else None,
            kit_file=f"kit-{ctx.paper.id}.pdf", guide_file=f"{DOCUMENT_ID}-{ctx.paper.id}.pdf",
            versions=[_VersionRow(f"{v.id}-{ctx.paper.id}.pdf", v.document.title,
                                  v.variant.title, self.pages[v.id], _sides(v))
                      for v in self.versions], ink_saver=ctx.spec.ink_saver,
            colour_profile=ctx.colour_profile,
            calibration_first=placement == "before assembly",
            assembly_on_new_page=placement == "assembly on a new page")


#: The guide's layouts, in the order tried: where the calibration goes, and the fitting.
GUIDE_CANDIDATES = tuple((placement, fitting)
                         for fitting in (Fitting(), Fitting(floats=True, spacing=0.7))
                         for placement in ("before assembly", "last",
                                           "assembly on a new page"))

#: The page count of the last guide laid out per game, paper, layout and placement (see
#: render_guide): guesses only, so the bytes never depend on them, just the number of
#: layout passes.
_LAST_PAGES: dict[tuple[str, str, str, str], int] = {}


