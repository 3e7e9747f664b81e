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

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from babel.lists import format_list
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from printkit.assembly.guide.geometry import (
    Ruler,
    Scale,
    Segment,
    back_scales,
    crosshair,
    ruler_bars,
    rulers,
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
from printkit.drawing import doctree
from printkit.drawing.flow import FlowDocument, SketchCanvas
from printkit.drawing.pagefit import Fitting, FittingDocTemplate, Measure
from printkit.drawing.paragraph import Paragraph
from printkit.drawing.pdf import PrintCanvas, doc_options
from printkit.drawing.pdfwriter import ACCENT, PdfWriter, keep_headings
from printkit.drawing.templating import render
from printkit.drawing.text import Ink
from printkit.geometry import MM, mm
from printkit.kinds import ASSEMBLY, KINDS, kind
from printkit.language import fonts
from printkit.model.game import Document, RenderContext
from printkit.model.kit_table import KIT
from printkit.model.runs import in_kit, plan, run_file
from printkit.model.variants import Version, versions

__all__ = [
    "DOCUMENT_ID",
    "KIT",
    "Material",
    "Ruler",
    "Scale",
    "Segment",
    "back_scales",
    "bill_of_materials",
    "crosshair",
    "duplex_option",
    "render_guide",
    "ruler_bars",
    "rulers",
]

#: The guide's document id: ``<out>/<game>/<locale>/guide-<paper>.pdf``.
DOCUMENT_ID = "guide"
TEMPLATE = "guide.xml.j2"
#: The same page margins as every flowing document.
TOP_MM, BOTTOM_MM = 16.0, 18.0


@dataclass(frozen=True)
class Material:
    """One row of the bill of materials; the template turns the codes into words."""

    id: str
    title: str  # English msgid
    kind: str
    pages: int
    paper: str  # "card" or "paper"
    copies: str  # "one" or "per-game"
    sides: str  # "duplex", "fold" or "single"


def bill_of_materials(ctx: RenderContext, pages: Mapping[str, int]) -> list[Material]:
    """One row per document of the kit, in the game's order."""
    return materials(ctx.game.documents, ctx.spec.layout, pages)


def materials(documents: Sequence[Document], layout: str,
              pages: Mapping[str, int]) -> list[Material]:
    """The bill of materials of ``documents`` in a card layout. Folded cards are two layers
    of paper glued together: they print on paper, as card stock would not fold."""
    rows = []
    for doc in documents:
        what = kind(doc.kind)
        if what.two_sided:
            sides = "fold" if layout == "fold" else "duplex"
        else:
            sides = "single"
        card = what.card and sides != "fold"
        rows.append(Material(
            id=doc.id, title=doc.title, kind=doc.kind, pages=pages[doc.id],
            paper="card" if card else "paper", copies=what.copies, sides=sides))
    return rows


def duplex_option(offset_mm: tuple[float, float]) -> str:
    """The command-line option for an offset, as typed: ``--duplex-offset 2,-1``."""
    return f"--duplex-offset {offset_mm[0]:g},{offset_mm[1]:g}"


# -- the guide's own elements ----------------------------------------------------------

@dataclass(frozen=True)
class Cell(doctree.Prose):
    """A ``<th>`` (``head``) or ``<td>`` of the bill of materials."""

    head: bool = False


@dataclass(frozen=True)
class Row(doctree.Node):
    """A ``<tr>``; its children are :class:`Cell`."""


@dataclass(frozen=True)
class BillTable(doctree.Node):
    """A ``<table widths="…">`` of ``<tr>`` rows: ``widths`` are the columns' shares."""

    widths: tuple[float, ...] = ()


@dataclass(frozen=True)
class Calibration(doctree.Node):
    """``<calibration/>``: where the two duplex calibration pages are drawn."""


def _read_table(parser: doctree.Parser, element: ET.Element) -> BillTable:
    rows = []
    for tr in parser.children(element, "tr"):
        cells = []
        for cell in tr:
            if cell.tag not in ("th", "td"):
                raise parser.fail(f"<{cell.tag}> is not allowed inside <tr>")
            parser.attributes(cell)
            cells.append(Cell(head=cell.tag == "th", **parser.prose(cell)))
        rows.append(Row(tuple(cells)))
    widths = tuple(float(f) for f in element.get("widths", "").split(",") if f)
    if not rows or len(widths) != len(rows[0].children):
        raise parser.fail("a <table> needs rows and one width per column")
    return BillTable(tuple(rows), widths=widths)


#: The guide's elements beside the flow vocabulary, and their attributes.
ELEMENTS: dict[str, doctree.ElementReader] = {
    "table": _read_table, "calibration": lambda parser, element: Calibration(),
}
ATTRIBUTES = {"table": frozenset({"widths", "rule"}), "calibration": frozenset()}


class GuideWriter(PdfWriter):
    """The PDF writer, taught the guide's own elements; ``blank`` puts a blank page
    before the calibration pages."""

    def __init__(self, doc: FlowDocument, width: float, spacing: float, *, ink_saver: bool,
                 blank: bool) -> None:
        super().__init__(doc, width, spacing)
        self.ink_saver = ink_saver
        self.blank = blank

    def visit_BillTable(self, node: BillTable) -> list[Flowable]:
        base = self.styles["p"]
        cell = ParagraphStyle("td", base, fontSize=9, leading=11.5, spaceAfter=0)
        head = ParagraphStyle("th", cell, fontName=fonts.BOLD, textColor=ACCENT)
        rows = [[Paragraph(self.markup(c.content), head if c.head else cell,
                           script=self.script)
                 for c in row.children] for row in node.children]
        fractions = list(node.widths)
        total = sum(fractions)
        if self.script.rtl:  # the first column on the right
            rows = [row[::-1] for row in rows]
            fractions.reverse()
        table = Table(rows, colWidths=[self.width * f / total for f in fractions],
                      repeatRows=1)
        style = [
            # A Table's cell font defaults to Helvetica, which is never embedded.
            ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#c9c2b8")),
            ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]
        if not self.ink_saver:
            style.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#fbf5ee")))
        table.setStyle(TableStyle(style))
        return [table, Spacer(1, 8)]

    def visit_Calibration(self, node: Calibration) -> list[Flowable]:
        """Page breaks to the drawn pages: [blank,] front, back, then text again."""
        pages = (["blank"] if self.blank else []) + ["front", "back"]
        out: list[Flowable] = []
        for name in pages:
            # Each drawn page holds one invisible flowable, so the page is emitted.
            out += [NextPageTemplate(name), PageBreak(), Spacer(1, 1)]
        return out + [NextPageTemplate("text"), PageBreak()]


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


@dataclass(frozen=True)
class _Step:
    """One assembly step of the guide: its template and the documents it is about."""

    template: str
    rows: list[Material]


def _assembly(rows: Sequence[Material]) -> list[_Step]:
    """The Assembly section's steps, in the order of the kinds (see :mod:`printkit.kinds`),
    each with the kit's documents of every kind that shares it; steps with none left out."""
    steps: dict[str, list[Material]] = {k.assembly: [] for k in KINDS.values() if k.assembly}
    for row in rows:
        steps[kind(row.kind).assembly or ""].append(row)
    return [_Step(f"{ASSEMBLY}/{name}.xml.j2", group) for name, group in steps.items()
            if group]


def render_guide(ctx: RenderContext, pages: Mapping[str, int]) -> bytes:
    """The kit's print-and-play guide as PDF bytes.

    ``pages`` maps every document id of ``ctx.game.documents``, and every ready-made
    variant the build writes (see :mod:`printkit.model.variants`), to its page count in this
    build. ``ctx.spec`` decides the layout advice, the calibration back's offset
    and the ink-saving table; ``ctx.paper`` the page size.
    """
    extra = list(versions(ctx.game.documents, ctx.spec))
    missing = [name for name in (*(doc.id for doc in ctx.game.documents),
                                 *(version.id for version in extra)) if name not in pages]
    if missing:
        raise ValueError(f"guide: no page count for {', '.join(missing)}")
    loc = ctx.localizer
    rows = bill_of_materials(ctx, pages)

    def names(group: Sequence[Material]) -> str:
        return format_list([loc.gettext(row.title) for row in group], locale=loc.code)

    data = dict(ctx.data)
    data.setdefault("kit", KIT.default)
    documents = print_order(rows)
    titles = {"guide": "Print-and-play guide", **{row.id: row.title for row in rows}}
    words = Words(loc)
    def laid_out(placement: str, fitting: Fitting) -> _Layout:
        calibration_first = placement == "before assembly"
        # The guide lists where each document lands in the whole kit, which starts with
        # the guide itself: lay it out until its own page count stops changing. The count
        # the last guide of this game came to (another locale, usually) is the first guess.
        memo = (ctx.game.id, ctx.paper.id, ctx.spec.layout, placement)
        guide_pages, blank = _LAST_PAGES.get(memo, (1, False))
        for _attempt in range(4):
            xml = render(TEMPLATE, loc, data=data, documents=rows, assembly=_assembly(rows),
                         names=names, cards=any(kind(row.kind).two_sided for row in rows),
                         layout=ctx.spec.layout, offset=duplex_option(ctx.spec.duplex_offset_mm),
                         titles=titles, runs=plan(documents), kit=in_kit(guide_pages, documents),
                         run_file=lambda run: run_file(run, ctx.paper.id),
                         kit_file=f"kit-{ctx.paper.id}.pdf",
                         versions=[_VersionRow(f"{v.id}-{ctx.paper.id}.pdf", v.document.title,
                                               v.variant.title, pages[v.id], _sides(v))
                                   for v in extra], ink_saver=ctx.spec.ink_saver,
                         calibration_first=calibration_first,
                         assembly_on_new_page=placement == "assembly on a new page")
            # The calibration front must be an odd page: a blank page goes before it when
            # it would fall on an even one. Either guess gives the same pages, the first or
            # the second layout.
            tree = doctree.parse(xml, loc.code, DOCUMENT_ID, elements=ELEMENTS,
                                 attributes=ATTRIBUTES)
            laid = _lay_out(ctx, xml, tree, words, blank, fitting, sketch=True)
            if laid.front_page is not None and laid.front_page % 2 == 0:
                blank = not blank
                laid = _lay_out(ctx, xml, tree, words, blank, fitting, sketch=True)
            pages_now = len(laid.measure.fills)
            if pages_now == guide_pages:
                break
            guide_pages = pages_now
        _LAST_PAGES[memo] = (guide_pages, blank)
        return laid

    # The calibration ends the guide; where that leaves a page but the last less than
    # half filled (its box alone on the page before the calibration pages), it may come
    # before Assembly instead, or Assembly may start a new page and share it with the
    # box, and the spacing may tighten: the first of these layouts
    # with every page but the last at least half filled is kept, else the best measured
    # (see printkit.drawing.pagefit). All of it is tried on sketches; the layout kept is
    # drawn.
    best = None
    for placement, fitting in GUIDE_CANDIDATES:
        laid = laid_out(placement, fitting)
        if laid.measure.good():
            best = laid
            break
        if best is None or laid.measure.score() < best.measure.score():
            best = laid
        if laid.front_page is None:
            break  # no calibration pages: nothing to move
    assert best is not None
    return _lay_out(ctx, best.xml, best.tree, words, best.blank, best.fitting).pdf


#: The guide's layouts, in the order tried: where the calibration goes, and the fitting.
GUIDE_CANDIDATES = tuple((placement, fitting)
                         for fitting in (Fitting(), Fitting(floats=True, spacing=0.7))
                         for placement in ("last", "assembly on a new page",
                                           "before assembly"))

#: The page count of the last guide laid out per game, paper and layout, and whether it
#: needed a blank page (see render_guide): guesses only, so the bytes never depend on
#: them, just the number of layout passes.
_LAST_PAGES: dict[tuple[str, str, str, str], tuple[int, bool]] = {}


def print_order(rows: Sequence[Material]) -> list[tuple[str, int, str, str]]:
    """The kit's documents as :mod:`printkit.model.runs` places them: (id, pages, paper, sides)."""
    return [(row.id, row.pages, row.paper, row.sides) for row in rows]

