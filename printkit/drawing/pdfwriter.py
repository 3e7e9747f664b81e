"""The PDF writer: a flow document's tree as ReportLab flowables.

:class:`PdfWriter` visits the tree :func:`printkit.drawing.doctree.parse` read, one
``visit_<Kind>`` method per node kind, and returns the story that
:func:`printkit.drawing.flow.lay_out_flow` lays out. The tree is read once per document;
a writer is made for each layout, since page fitting tries several spacings
(see :mod:`printkit.drawing.pagefit`) and a story's flowables are consumed by the layout.

Every ``<h1>`` becomes a top-level entry of the PDF outline (bookmarks) and every
``<h2>`` an entry nested under the ``<h1>`` before it, titled with the heading's plain
text; the outline is open when the file is opened. Bookmark keys are numbered in
document order (``s1``, ``s2``…), so the file stays byte-identical from run to run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

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
from reportlab.platypus.doctemplate import NextPageTemplate
from reportlab.platypus.flowables import AnchorFlowable, PageBreakIfNotEmpty

from printkit.drawing import doctree as dt
from printkit.drawing.doctree import NBSP
from printkit.drawing.pagefit import ColumnsEnd, ColumnsHere, FigureBlock, PanelBlock
from printkit.drawing.paragraph import Paragraph
from printkit.drawing.text import markup_escape
from printkit.errors import TranslationError
from printkit.geometry import MM
from printkit.language import fonts, internals
from printkit.language.script import load

if TYPE_CHECKING:
    from printkit.drawing.flow import FlowDocument

#: A figure maker: the figure's XML attributes and the usable width -> a flowable.
FigureMaker = Callable[[Mapping[str, str], float], Flowable]

INK = colors.HexColor("#1f2430")
ACCENT = colors.HexColor("#9b1c1c")
#: Tints of the example boxes, notes and the cover.
EXAMPLE_TINT = colors.HexColor("#eef3f8")
EXAMPLE_RULE = colors.HexColor("#3c6e9f")
NOTE_TINT = colors.HexColor("#fbf5ee")
COVER_TINT = colors.HexColor("#f3efe6")

#: Space between the two columns of a page in two columns.
COLUMN_GAP = 7 * MM

#: The type scale of a compact document (a quick reference) that needs all the room it has.
COMPACT = 0.86


def _styles(scale: float = 1.0) -> dict[str, ParagraphStyle]:
    """The document's styles; ``scale`` shrinks them for compact documents (references)."""
    size = 10 * scale
    base = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=size, leading=size * 1.35,
                          textColor=INK, spaceAfter=5 * scale)
    styles = {
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
    # Headings and the short labels of facts break between phrases in a script written
    # without spaces (kinsoku's ``phrases``), not inside a word; running text anywhere.
    for name in ("title", "subtitle", "h1", "h2", "h3", "fact-label", "fact"):
        styles[name].phrases = True
    return styles


class PdfWriter(dt.Visitor):
    """A document tree -> flowables, for a text ``width`` and a layout's ``spacing``."""

    #: No full tints (a table's head row is left white): an ink-saving build's guide.
    ink_saver = False

    def __init__(self, doc: FlowDocument, width: float, spacing: float = 1.0) -> None:
        self.doc = doc
        self.width = width
        self.script = load(doc.locale)
        self.styles = _styles(doc.type_scale or (COMPACT if doc.compact else 1.0))
        self.faces = dict(doc.faces)
        for style in self.styles.values():  # a project's own fonts (see project_fonts)
            style.fontName = self.faces.get(style.fontName, style.fontName)
        if spacing != 1.0:  # tightened (see printkit.drawing.pagefit)
            for style in self.styles.values():
                style.spaceBefore *= spacing
                style.spaceAfter *= spacing
        self.sections = 0
        self.seen_h1 = False
        #: Whether anything follows the block being visited, in its parent.
        self.more = False

    def bookmark(self, heading: dt.Heading) -> _Bookmark:
        """The outline entry for a heading: its plain text, numbered in document order."""
        self.sections += 1
        if heading.level == 1:
            self.seen_h1 = True
        # An <h2> before any <h1> has no parent to nest under; it goes at the top.
        level = 1 if heading.level == 2 and self.seen_h1 else 0
        return _Bookmark(f"s{self.sections}", heading.plain, level)

    def fail(self, message: str) -> TranslationError:
        return TranslationError(f"locale {self.doc.locale}: {self.doc.document}: {message}")

    # -- walking -----------------------------------------------------------------------

    def blocks(self, nodes: tuple[dt.Node, ...]) -> list[Flowable]:
        out: list[Flowable] = []
        for i, node in enumerate(nodes):
            out.extend(self.block(node, more=i < len(nodes) - 1))
        return out

    def block(self, node: dt.Node, more: bool = False) -> list[Flowable]:
        """The flowables of one block; ``more`` says whether anything follows it."""
        self.more = more
        return self.visit(node)  # type: ignore[no-any-return]

    def markup(self, content: tuple[dt.Inline, ...]) -> str:
        """Typeset running text as escaped Paragraph markup."""
        return "".join(markup_escape(piece) if isinstance(piece, str) else self.visit(piece)
                       for piece in content)

    def para(self, node: dt.Prose, style: str, prefix: str = "") -> Paragraph:
        return Paragraph(prefix + self.markup(node.content), self.styles[style],
                         script=self.script)

    def _panel(self, inner: list[Flowable], tint: colors.Color, rule: colors.Color,
               bar: bool = False, padding: float = 8) -> Table:
        """A tinted panel around ``inner``, framed, or with an accent bar on its left."""
        table = Table([[inner]], colWidths=[self.width - 4])
        rtl = self.script.rtl  # the accent bar stands where lines begin
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

    def _within(self, width: float, make: Callable[[], list[Flowable]]) -> list[Flowable]:
        """What ``make`` makes, laid out for ``width`` (a panel's or a column's)."""
        outer = self.width
        self.width = width
        try:
            return make()
        finally:
            self.width = outer

    def _inside(self, node: dt.Node, padding: float = 8) -> list[Flowable]:
        """The blocks of a panel, laid out for the panel's inner width."""
        return self._within(self.width - 4 - 2 * padding - 3,
                            lambda: _flat(self.blocks(node.children)))

    # -- one method per node kind ------------------------------------------------------

    def visit_Document(self, node: dt.Document) -> list[Flowable]:
        return self.blocks(node.children)

    def visit_Title(self, node: dt.Title) -> list[Flowable]:
        return [self.para(node, "title")]

    def visit_Subtitle(self, node: dt.Subtitle) -> list[Flowable]:
        return [self.para(node, "subtitle")]

    def visit_Paragraph(self, node: dt.Paragraph) -> list[Flowable]:
        return [self.para(node, "p")]

    def visit_Colophon(self, node: dt.Colophon) -> list[Flowable]:
        return [self.para(node, "colophon")]

    def visit_Bold(self, node: dt.Bold) -> str:
        return f"<b>{self.markup(node.content)}</b>"

    def visit_Italic(self, node: dt.Italic) -> str:
        return f"<i>{self.markup(node.content)}</i>"

    def visit_Break(self, node: dt.Break) -> str:
        return "<br/>"

    def visit_Heading(self, node: dt.Heading) -> list[Flowable]:
        prefix = f"{node.number}{NBSP}{NBSP}" if node.number is not None else ""
        heading = self.para(node, f"h{node.level}", prefix)
        if node.level == 3:  # example headings: no outline entry of their own
            return [heading]
        # Keep a heading with the start of what follows it.
        return [_HeadingMarker(self.bookmark(node)), heading]

    def visit_Fact(self, node: dt.Fact) -> list[Flowable]:
        return [Paragraph(markup_escape(node.label), self.styles["fact-label"],
                          script=self.script),
                self.para(node, "fact")]

    def visit_Facts(self, node: dt.Facts) -> list[Flowable]:
        cells = [self.visit(fact) for fact in node.children]
        if self.script.rtl:  # the first fact on the right
            cells.reverse()
        table = Table([cells], colWidths=[self.width / len(cells)] * len(cells))
        table.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
            ("LINEAFTER", (0, 0), (-2, -1), 0.6, colors.HexColor("#c9c2b2")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]))
        return [Spacer(1, 4), table, Spacer(1, 6)]

    def visit_Cover(self, node: dt.Cover) -> list[Flowable]:
        def inner() -> list[Flowable]:
            out: list[Flowable] = []
            for child in node.children:
                out += _flat(self.block(child))
            return out

        panel = self._panel(self._within(self.width - 4 - 24, inner), COVER_TINT, ACCENT,
                            padding=12)
        return [panel, Spacer(1, 10)]

    def visit_Columns(self, node: dt.Columns) -> list[Flowable]:
        """Two columns, below what stands on the page when it has room (page fitting) or
        from the next page on, balanced on their last page; back to one column after, on
        a new page."""
        more = self.more
        inner = self._within((self.width - COLUMN_GAP) / 2, lambda: self.blocks(node.children))
        out: list[Flowable] = [NextPageTemplate("two"), ColumnsHere(), *inner, ColumnsEnd(),
                               NextPageTemplate("one")]
        return out + [PageBreakIfNotEmpty()] if more else out

    def visit_PageBreak(self, node: dt.PageBreak) -> list[Flowable]:
        return [PageBreakIfNotEmpty()]

    def visit_Example(self, node: dt.Example) -> list[Flowable]:
        # A worked example is one tinted panel that never splits: its heading,
        # diagram and text are always on the same page.
        panel = self._panel(self._inside(node), EXAMPLE_TINT, EXAMPLE_RULE, bar=True)
        return [PanelBlock([panel, Spacer(1, 8)])]

    def visit_Note(self, node: dt.Note) -> list[Flowable]:
        panel = self._panel(self._inside(node, padding=6), NOTE_TINT, ACCENT, bar=True,
                            padding=6)
        return [PanelBlock([panel, Spacer(1, 6)])]

    def visit_Box(self, node: dt.Box) -> list[Flowable]:
        # A heading in a box is not kept with what follows (the box is kept
        # together anyway), but it still gets its outline entry.
        panel = self._panel(self._inside(node), NOTE_TINT, ACCENT)
        return [KeepTogether([panel, Spacer(1, 6)])]

    def visit_Item(self, node: dt.Item) -> ListItem:
        return ListItem(self.para(node, "li"), leftIndent=14)

    def visit_ItemList(self, node: dt.ItemList) -> list[Flowable]:
        items = [self.visit(item) for item in node.children]
        # bullets and numbers stand where lines begin: on the right, right to left
        side = ({"bulletDir": "rtl", "rightIndent": 14, "leftIndent": 0}
                if self.script.rtl else {"leftIndent": 14})
        return [ListFlowable(items, bulletType="1" if node.ordered else "bullet",
                             start=1 if node.ordered else None,
                             bulletFontName=fonts.REGULAR, bulletFontSize=9,
                             bulletColor=ACCENT, spaceAfter=4, **side)]

    def visit_Cell(self, node: dt.Cell) -> Paragraph:
        base = self.styles["p"]
        scale = base.fontSize / 10
        cell = ParagraphStyle("td", base, fontSize=9 * scale, leading=11.5 * scale,
                              spaceBefore=0, spaceAfter=0)
        style = (ParagraphStyle("th", cell, fontName=self.faces.get(fonts.BOLD, fonts.BOLD),
                                textColor=ACCENT)
                 if node.head else cell)
        return Paragraph(self.markup(node.content), style, script=self.script)

    def visit_Row(self, node: dt.Row) -> list[Paragraph]:
        cells = [self.visit(cell) for cell in node.children]
        return cells[::-1] if self.script.rtl else cells  # the first column on the right

    def visit_Table(self, node: dt.Table) -> list[Flowable]:
        """Rows under a tinted head row (none in an ink-saving build), ruled between."""
        rows = [self.visit(row) for row in node.children]
        fractions = list(node.widths)[::-1] if self.script.rtl else list(node.widths)
        scale = self.styles["p"].fontSize / 10
        pad = (2 if self.doc.compact else 4) * scale  # (a quick reference's rows closer)
        table = Table(rows, colWidths=[self.width * f / sum(fractions) for f in fractions],
                      repeatRows=1)
        style = [
            # A Table's cell font defaults to Helvetica, which is never embedded.
            ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#c9c2b8")),
            ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ]
        if not self.ink_saver:
            style.append(("BACKGROUND", (0, 0), (-1, 0), NOTE_TINT))
        table.setStyle(TableStyle(style))
        return [table, Spacer(1, (5 if self.doc.compact else 8) * scale)]

    def visit_Figure(self, node: dt.Figure) -> list[Flowable]:
        maker = self.doc.figures.get(node.name)
        if maker is None:
            raise self.fail(dt.unknown_figure(node.name, self.doc.figures))
        flow = maker(node.attrs, self.width)
        return [FigureBlock(flow, self.para(node, "caption"))]


def _flat(flow: list[Flowable]) -> list[Flowable]:
    """Flowables for inside a panel: a panel never splits, so nothing in it needs keeping
    together (a KeepTogether inside a table cell would report an endless height), and a
    heading marker gives way to its outline entry."""
    out: list[Flowable] = []
    for f in flow:
        if isinstance(f, KeepTogether):
            out.extend(_flat(list(internals.kept(f))))
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
        self.canv.addOutlineEntry(self.title, internals.anchor_name(self), level=self.level,
                                  closed=False)
        self.canv.showOutline()


class _HeadingMarker(Spacer):
    """A zero-height marker that keeps a heading with the flowable after it."""

    def __init__(self, bookmark: _Bookmark) -> None:
        super().__init__(0, 0)
        self.bookmark = bookmark


def keep_headings(flow: list[Flowable]) -> list[Flowable]:
    """The story with each heading (and its outline entry) kept with what follows it."""
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
            i += 1
            if isinstance(following, ListFlowable):
                out.append(_HeadedList(group, following))
                continue
            group.extend(internals.kept(following) if isinstance(following, KeepTogether)
                         else [following])
            out.append(KeepTogether(group))
        else:
            out.extend(group)
    return out


class _HeadedList(KeepTogether):
    """Headings kept with the start of the list after them, not the whole list: where the
    room left holds the headings and the list's first item, the list starts below them and
    runs on into the next column or page, as a typesetter's would. Kept whole, a long list
    took its heading along to the next page and left half a column empty (the German Coraz
    rulebook's Clarifications). Page fitting still never leaves a heading last."""

    def __init__(self, headings: list[Flowable], items: ListFlowable) -> None:
        super().__init__([*headings, items])
        self.headings = headings
        self.items = items

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803
        room = aH
        for f in self.headings:
            f.canv = self.canv
            room -= f.wrap(aW, aH)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        first = self.items.split(aW, room)[:1] if room > 0 else []
        if first:
            first[0].canv = self.canv
            if first[0].wrap(aW, room)[1] + first[0].getSpaceBefore() <= room:
                return [*self.headings, self.items]
        return super().split(aW, aH)  # type: ignore[no-any-return]
