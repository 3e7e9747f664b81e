"""Flowing documents (rulebooks) from a small, escaped XML vocabulary.

Templates render to this vocabulary with Jinja2 autoescaping on, so every
translated string and every number reaches the XML escaped; the parser then
builds ReportLab flowables and re-escapes text for Paragraph markup. A ``<``
or ``&`` in a translation therefore prints as itself and can never corrupt a
page. Vocabulary::

    <document>
      <title>…</title> <subtitle>…</subtitle>
      <h1>…</h1> <h2>…</h2> <p>… <b>…</b> <i>…</i> <br/> …</p>
      <ul><li>…</li></ul>  <ol><li>…</li></ol>
      <box>…block elements…</box>          (a framed, kept-together block)
      <figure name="track" example="…">caption</figure>
      <colophon>…</colophon>                (small closing lines at the very end)
    </document>

Any block element may carry ``rule="id id…"``: it states those rules of the
game (``rules.toml``); :mod:`printkit.trace` reads them from the XML, the
layout ignores them.

Every ``<h1>`` becomes a top-level entry of the PDF outline (bookmarks) and
every ``<h2>`` an entry nested under the ``<h1>`` before it, titled with the
heading's plain text; the outline is open when the file is opened. Bookmark
keys are numbered in document order (``s1``, ``s2``…), so the file stays
byte-identical from run to run.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from io import BytesIO

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError as RLLayoutError
from reportlab.platypus.doctemplate import NextPageTemplate, PageTemplate
from reportlab.platypus.flowables import AnchorFlowable, PageBreakIfNotEmpty
from reportlab.platypus.frames import Frame

from printkit.errors import FitError, TranslationError
from printkit.i18n import typography
from printkit.layout.geometry import MM, Paper
from printkit.render import fonts
from printkit.render.pagefit import (
    ColumnsEnd,
    ColumnsHere,
    FigureBlock,
    Fitting,
    FittingDocTemplate,
    Measure,
    PanelBlock,
    balance_columns,
    best_layout,
)
from printkit.render.paragraph import Paragraph
from printkit.render.pdf import PrintCanvas, doc_options
from printkit.render.script import activate, active
from printkit.render.text import markup_escape

#: A figure maker: the figure's XML attributes and the usable width -> a flowable.
FigureMaker = Callable[[Mapping[str, str], float], Flowable]

_SPACES = re.compile(r"[ \t\r\n]+")
INK = colors.HexColor("#1f2430")
ACCENT = colors.HexColor("#9b1c1c")
#: Tints of the example boxes, notes and the cover.
EXAMPLE_TINT = colors.HexColor("#eef3f8")
EXAMPLE_RULE = colors.HexColor("#3c6e9f")
NOTE_TINT = colors.HexColor("#fbf5ee")
COVER_TINT = colors.HexColor("#f3efe6")

#: Space between the two columns of a page in two columns.
COLUMN_GAP = 7 * MM

NBSP = "\u00a0"
#: Units that stay with their number: "15 min", "63 mm", "100 %".
UNITS = ("mm", "cm", "min", "%", "g/m²", "pt")
_OPERATOR = re.compile(r"[ \u00a0]([+×=\u2212])[ \u00a0]")
_UNIT = re.compile(r"(\d)[ \u00a0](" + "|".join(re.escape(u) for u in UNITS) + r")(?![\w/])")


def typeset(text: str, locale: str | None = None) -> str:
    """No-break spaces around + − × = and between a number and its unit, then the
    locale's own rules (quotation marks, French spacing before ; : ! ?)."""
    text = _OPERATOR.sub(lambda m: f"{NBSP}{m.group(1)}{NBSP}", text)
    text = _UNIT.sub(lambda m: f"{m.group(1)}{NBSP}{m.group(2)}", text)
    return typography.localise(text, locale)


#: The type scale of a compact document (a quick reference) that needs all the room it has.
COMPACT = 0.86


def _styles(scale: float = 1.0) -> dict[str, ParagraphStyle]:
    """The document's styles; ``scale`` shrinks them for compact documents (references)."""
    size = 10 * scale
    base = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=size, leading=size * 1.35,
                          textColor=INK, spaceAfter=5 * scale)
    return {
        "title": ParagraphStyle("title", base, fontName=fonts.HEADING, fontSize=26 * scale,
                                leading=31 * scale, alignment=TA_CENTER, textColor=ACCENT,
                                spaceAfter=4),
        "subtitle": ParagraphStyle("subtitle", base, fontName=fonts.ITALIC, fontSize=12 * scale,
                                   leading=16 * scale, alignment=TA_CENTER,
                                   spaceAfter=14 * scale),
        "h1": ParagraphStyle("h1", base, fontName=fonts.HEADING, fontSize=15 * scale,
                             leading=19 * scale, textColor=ACCENT, spaceBefore=10 * scale,
                             spaceAfter=5 * scale),
        "h2": ParagraphStyle("h2", base, fontName=fonts.BOLD, fontSize=11 * scale,
                             leading=14 * scale, spaceBefore=6 * scale, spaceAfter=3 * scale),
        "h3": ParagraphStyle("h3", base, fontName=fonts.BOLD, fontSize=10 * scale,
                             leading=13 * scale, textColor=EXAMPLE_RULE, spaceAfter=3 * scale),
        "p": base,
        "li": ParagraphStyle("li", base, spaceAfter=2 * scale),
        "caption": ParagraphStyle("caption", base, fontName=fonts.ITALIC, fontSize=8.5 * scale,
                                  leading=11 * scale, alignment=TA_CENTER),
        "fact-label": ParagraphStyle("fact-label", base, fontSize=8 * scale, leading=10 * scale,
                                     alignment=TA_CENTER, textColor=colors.HexColor("#5a5f6b"),
                                     spaceAfter=0),
        "fact": ParagraphStyle("fact", base, fontName=fonts.BOLD, fontSize=13 * scale,
                               leading=16 * scale, alignment=TA_CENTER, spaceAfter=0),
        "note": ParagraphStyle("note", base, fontSize=9 * scale, leading=12 * scale,
                               alignment=TA_LEFT),
        "colophon": ParagraphStyle("colophon", base, fontName=fonts.ITALIC, fontSize=8 * scale,
                                   leading=10.5 * scale, alignment=TA_CENTER,
                                   textColor=colors.HexColor("#5a5f6b"), spaceBefore=10 * scale,
                                   spaceAfter=0),
    }


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


class FlowBuilder:
    def __init__(self, doc: FlowDocument, width: float, spacing: float = 1.0) -> None:
        self.doc = doc
        self.width = width
        activate(doc.locale)
        self.styles = _styles(doc.type_scale or (COMPACT if doc.compact else 1.0))
        if spacing != 1.0:  # tightened (see printkit.render.pagefit)
            for style in self.styles.values():
                style.spaceBefore *= spacing
                style.spaceAfter *= spacing
        self.sections = 0
        self.seen_h1 = False
        #: Numbered h1 sections ("3 Your turn") when the document asks for them.
        self.numbered = False
        self.chapter = 0

    def bookmark(self, element: ET.Element) -> _Bookmark:
        """The outline entry for a heading: its plain text, numbered in document order."""
        self.sections += 1
        if element.tag == "h1":
            self.seen_h1 = True
        # An <h2> before any <h1> has no parent to nest under; it goes at the top.
        level = 1 if element.tag == "h2" and self.seen_h1 else 0
        title = _SPACES.sub(" ", "".join(element.itertext())).strip()
        return _Bookmark(f"s{self.sections}", title, level)

    def fail(self, message: str) -> TranslationError:
        return TranslationError(f"locale {self.doc.locale}: {self.doc.document}: {message}")

    def inline(self, element: ET.Element) -> str:
        """An element's mixed content as escaped Paragraph markup, glyph-checked."""
        text = "".join(element.itertext())
        fonts.check_glyphs(text, self.doc.locale, self.doc.document,
                           heading=element.tag in ("title", "h1"))
        parts = [markup_escape(element.text or "")]
        for child in element:
            if child.tag == "b" or child.tag == "i":
                parts.append(f"<{child.tag}>{self.inline(child)}</{child.tag}>")
            elif child.tag == "br":
                parts.append("<br/>")
            else:
                raise self.fail(f"<{child.tag}> is not allowed inside <{element.tag}>")
            parts.append(markup_escape(child.tail or ""))
        # Collapse layout whitespace only: a translator's no-break space must stay.
        return typeset(_SPACES.sub(" ", "".join(parts)).strip(), self.doc.locale)

    def para(self, element: ET.Element, style: str, prefix: str = "") -> Paragraph:
        return Paragraph(prefix + self.inline(element), self.styles[style])

    def blocks(self, parent: ET.Element) -> list[Flowable]:
        if parent.tag == "document":
            self.numbered = parent.get("numbered") == "yes"
        out: list[Flowable] = []
        children = list(parent)
        for i, element in enumerate(children):
            out.extend(self.block(element, more=i < len(children) - 1))
        return out

    def _panel(self, inner: list[Flowable], tint: colors.Color, rule: colors.Color,
               bar: bool = False, padding: float = 8) -> Table:
        """A tinted panel around ``inner``, framed, or with an accent bar on its left."""
        table = Table([[inner]], colWidths=[self.width - 4])
        rtl = active().rtl  # the accent bar stands where lines begin
        frame = (("LINEAFTER" if rtl else "LINEBEFORE", (0, 0), (0, -1), 3, rule) if bar
                 else ("BOX", (0, 0), (-1, -1), 0.8, rule))
        table.setStyle(TableStyle([
            # A Table's cell font defaults to Helvetica, which is never embedded.
            ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
            frame,
            ("BACKGROUND", (0, 0), (-1, -1), tint),
            ("LEFTPADDING", (0, 0), (-1, -1), padding + (3 if bar and not rtl else 0)),
            ("RIGHTPADDING", (0, 0), (-1, -1), padding + (3 if bar and rtl else 0)),
            ("TOPPADDING", (0, 0), (-1, -1), padding * 0.75),
            ("BOTTOMPADDING", (0, 0), (-1, -1), padding * 0.5),
        ]))
        return table

    def _inside(self, element: ET.Element, padding: float = 8) -> list[Flowable]:
        """The blocks of a panel, laid out for the panel's inner width."""
        outer = self.width
        self.width = outer - 4 - 2 * padding - 3
        try:
            return _flat(self.blocks(element))
        finally:
            self.width = outer

    def _facts(self, element: ET.Element) -> Table:
        facts = [f for f in element if f.tag == "fact"]
        if not facts:
            raise self.fail("<facts> needs at least one <fact>")
        cells = []
        for fact in facts:
            label = fact.get("label", "")
            fonts.check_glyphs(label, self.doc.locale, self.doc.document)
            cells.append([Paragraph(markup_escape(label), self.styles["fact-label"]),
                          self.para(fact, "fact")])
        if active().rtl:  # the first fact on the right
            cells.reverse()
        table = Table([cells], colWidths=[self.width / len(cells)] * len(cells))
        table.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
            ("LINEAFTER", (0, 0), (-2, -1), 0.6, colors.HexColor("#c9c2b2")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]))
        return table

    def _cover(self, element: ET.Element) -> list[Flowable]:
        inner: list[Flowable] = []
        outer = self.width
        self.width = outer - 4 - 24
        try:
            for child in element:
                if child.tag == "facts":
                    inner += [Spacer(1, 4), self._facts(child), Spacer(1, 6)]
                else:
                    inner += _flat(self.block(child))
        finally:
            self.width = outer
        return [self._panel(inner, COVER_TINT, ACCENT, padding=12), Spacer(1, 10)]

    def _columns(self, element: ET.Element, more: bool) -> list[Flowable]:
        """Two columns, below what stands on the page when it has room (page fitting) or
        from the next page on, balanced on their last page; back to one column after, on
        a new page."""
        outer = self.width
        self.width = (outer - COLUMN_GAP) / 2
        try:
            inner = self.blocks(element)
        finally:
            self.width = outer
        out: list[Flowable] = [NextPageTemplate("two"), ColumnsHere(), *inner, ColumnsEnd(),
                               NextPageTemplate("one")]
        return out + [PageBreakIfNotEmpty()] if more else out

    def block(self, element: ET.Element, more: bool = False) -> list[Flowable]:
        """The flowables of one element; ``more`` says whether anything follows it."""
        tag = element.tag
        if tag in ("title", "subtitle", "p"):
            return [self.para(element, tag)]
        if tag == "colophon":
            return [self.para(element, tag)]
        if tag in ("h1", "h2", "h3"):
            # Keep a heading with the start of what follows it.
            prefix = ""
            if tag == "h1" and self.numbered:
                self.chapter += 1
                prefix = f"{self.chapter}{NBSP}{NBSP}"
            heading = self.para(element, tag, prefix)
            if tag == "h3":  # example headings: no outline entry of their own
                return [heading]
            return [_HeadingMarker(self.bookmark(element)), heading]
        if tag == "cover":
            return self._cover(element)
        if tag == "columns":
            return self._columns(element, more)
        if tag == "pagebreak":
            return [PageBreakIfNotEmpty()]
        if tag == "example":
            # A worked example is one tinted panel that never splits: its heading,
            # diagram and text are always on the same page.
            panel = self._panel(self._inside(element), EXAMPLE_TINT, EXAMPLE_RULE, bar=True)
            return [PanelBlock([panel, Spacer(1, 8)])]
        if tag == "note":
            panel = self._panel(self._inside(element, padding=6), NOTE_TINT, ACCENT, bar=True,
                                padding=6)
            return [PanelBlock([panel, Spacer(1, 6)])]
        if tag in ("ul", "ol"):
            items = [ListItem(self.para(li, "li"), leftIndent=14) for li in element
                     if li.tag == "li"]
            kind = "bullet" if tag == "ul" else "1"
            # bullets and numbers stand where lines begin: on the right, right to left
            side = ({"bulletDir": "rtl", "rightIndent": 14, "leftIndent": 0}
                    if active().rtl else {"leftIndent": 14})
            return [ListFlowable(items, bulletType=kind, start=None if tag == "ul" else 1,
                                 bulletFontName=fonts.REGULAR, bulletFontSize=9,
                                 bulletColor=ACCENT, spaceAfter=4, **side)]
        if tag == "box":
            # A heading in a box is not kept with what follows (the box is kept
            # together anyway), but it still gets its outline entry.
            panel = self._panel(self._inside(element), NOTE_TINT, ACCENT)
            return [KeepTogether([panel, Spacer(1, 6)])]
        if tag == "figure":
            name = element.get("name", "")
            maker = self.doc.figures.get(name)
            if maker is None:
                raise self.fail(f"unknown figure {name!r}; known: {', '.join(self.doc.figures)}")
            flow = maker(element.attrib, self.width)
            return [FigureBlock(flow, self.para(element, "caption"))]
        raise self.fail(f"unknown element <{tag}>")


def _flat(flow: list[Flowable]) -> list[Flowable]:
    """Flowables for inside a panel: a panel never splits, so nothing in it needs keeping
    together (a KeepTogether inside a table cell would report an endless height), and a
    heading marker gives way to its outline entry."""
    out: list[Flowable] = []
    for f in flow:
        if isinstance(f, KeepTogether):
            out.extend(_flat(list(f._content)))
        elif isinstance(f, _HeadingMarker):
            out.append(f.bookmark)
        else:
            out.append(f)
    return out


class _Bookmark(AnchorFlowable):
    """ReportLab's zero-size anchor, plus an outline entry pointing at it.

    It travels just before its heading (inside the heading's KeepTogether), so
    the entry points at the page, and the height, where the heading is printed;
    being zero-size, it leaves the heading's space before it as it was.
    """

    def __init__(self, key: str, title: str, level: int) -> None:
        super().__init__(key)
        self.title = title
        self.level = level

    def draw(self) -> None:
        super().draw()
        self.canv.addOutlineEntry(self.title, self._name, level=self.level, closed=False)
        self.canv.showOutline()


class _HeadingMarker(Spacer):
    """A zero-height marker that keeps a heading with the flowable after it."""

    def __init__(self, bookmark: _Bookmark) -> None:
        super().__init__(0, 0)
        self.bookmark = bookmark


def keep_headings(flow: list[Flowable]) -> list[Flowable]:
    out: list[Flowable] = []
    i = 0
    while i < len(flow):
        if not isinstance(flow[i], _HeadingMarker):
            out.append(flow[i])
            i += 1
            continue
        # A run of headings (an h2 straight after an h1) stays together, each
        # with its outline entry just before it, and with the flowable after them.
        group: list[Flowable] = []
        while i < len(flow) and isinstance(flow[i], _HeadingMarker):
            group.append(flow[i].bookmark)
            group.extend(flow[i + 1:i + 2])
            i += 2
        if i < len(flow):
            # KeepTogether reports an infinite height to force its own split, so a
            # kept block is merged into the group rather than nested inside it.
            following = flow[i]
            group.extend(following._content if isinstance(following, KeepTogether)
                         else [following])
            i += 1
            out.append(KeepTogether(group))
        else:
            out.extend(group)
    return out


def _root(doc: FlowDocument) -> ET.Element:
    try:
        return ET.fromstring(doc.xml)
    except ET.ParseError as exc:
        raise TranslationError(f"locale {doc.locale}: {doc.document}: the template produced "
                               f"broken markup ({exc})") from None


def render_flow(doc: FlowDocument) -> bytes:
    """Lay out a flowing document, fitted to its pages (see :mod:`printkit.render.pagefit`);
    returns the PDF bytes.

    The page-fitting settings are tried on sketches (placed, not drawn: a fifth of a
    drawing's time) and only the layout kept is drawn."""
    root = _root(doc)
    if doc.compact:  # a reference fits its one page by its type scale instead
        return lay_out_flow(doc, root, Fitting())[0]

    def sketched(fitting: Fitting) -> tuple[tuple[Fitting, Measure], Measure]:
        measure = lay_out_flow(doc, root, fitting, sketch=True)[1]
        return (fitting, measure), measure

    def with_cuts(cuts: dict[int, float]) -> Measure | None:
        try:
            return lay_out_flow(doc, root, fitting, cuts, sketch=True)[1]
        except FitError:  # a panel taller than the columns cut short
            return None

    fitting, measure = best_layout(sketched)
    cuts, measure = balance_columns(with_cuts, measure)
    laid, drawn = lay_out_flow(doc, root, fitting, cuts)
    if cuts and drawn.drawn != measure.drawn:  # (drawn otherwise than sketched: never seen)
        laid = lay_out_flow(doc, root, fitting)[0]
    return laid


def flow_pages(doc: FlowDocument) -> int:
    """How many pages ``doc`` takes laid out plainly (a quick reference at its type
    scale), from a sketch: what :func:`render_flow` of a compact document would give."""
    return len(lay_out_flow(doc, _root(doc), Fitting(), sketch=True)[1].fills)


class SketchCanvas(PrintCanvas):
    """A sketch's canvas: pages laid out and measured, never written (nothing is drawn on
    them, and a sketch's bytes are not used)."""

    def save(self) -> None:
        pass


def lay_out_flow(doc: FlowDocument, root: ET.Element, fitting: Fitting,
                 cuts: dict[int, float] | None = None,
                 sketch: bool = False) -> tuple[bytes, Measure]:
    """One layout of a flowing document with one page-fitting setting (and the columns of
    the pages in ``cuts`` cut to a height, balanced), and its measure; a sketch places
    everything, draws nothing and writes no bytes."""
    activate(doc.locale)
    buffer = BytesIO()
    margin = (12 if doc.compact else 18) * MM
    top, bottom = (10 if doc.compact else 16) * MM, (14 if doc.compact else 18) * MM
    page_w, page_h = doc.paper.size
    width, height = page_w - 2 * margin, page_h - top - bottom
    column = (width - COLUMN_GAP) / 2
    footer = doc.title
    fonts.check_glyphs(footer, doc.locale, f"{doc.document}: footer")

    def page_footer(canvas, document) -> None:  # type: ignore[no-untyped-def]
        if sketch:
            return
        canvas.saveState()
        canvas.setFont(fonts.REGULAR, 8)
        canvas.setFillColor(colors.grey)
        # the title where lines begin, the page number where they end
        rtl = active().rtl
        y = 10 * MM if not doc.compact else 7 * MM
        fonts.draw_runs(canvas, page_w - margin if rtl else margin, y, footer, fonts.REGULAR,
                        8, "right" if rtl else "left")
        canvas.setFont(fonts.REGULAR, 8)
        if rtl:
            canvas.drawString(margin, y, str(document.page))
        else:
            canvas.drawRightString(page_w - margin, y, str(document.page))
        canvas.restoreState()

    def frame(x: float, w: float, name: str) -> Frame:
        return Frame(x, bottom, w, height, leftPadding=0, rightPadding=0, topPadding=0,
                     bottomPadding=0, id=name)

    # (right to left, the first column is the right one)
    columns = [frame(margin, column, "left"), frame(margin + column + COLUMN_GAP, column,
                                                    "right")]
    template = FittingDocTemplate(
        buffer, fitting=fitting, cuts=cuts, sketch=sketch, pagesize=doc.paper.size,
        leftMargin=margin, rightMargin=margin, topMargin=top, bottomMargin=bottom,
        pageTemplates=[
            PageTemplate("one", [frame(margin, width, "body")], onPage=page_footer),
            PageTemplate("two", columns[::-1] if active().rtl else columns,
                         onPage=page_footer),
        ],
        **doc_options(doc.title, doc.subject or doc.document, doc.locale))
    story = keep_headings(FlowBuilder(doc, width, fitting.spacing).blocks(root))
    try:
        template.build(story, canvasmaker=SketchCanvas if sketch else PrintCanvas)
    except RLLayoutError as exc:
        what = str(exc).split(" with cell")[0].split(" too large")[0][:80]
        raise FitError(f"locale {doc.locale}: {doc.document}: a block is taller than a page "
                       f"or column and cannot be split ({what})") from None
    return buffer.getvalue(), template.measure(template.page)
