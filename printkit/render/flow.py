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
    </document>

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
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import AnchorFlowable

from printkit.errors import TranslationError
from printkit.layout.geometry import MM, Paper
from printkit.render import fonts
from printkit.render.pdf import doc_options
from printkit.render.text import markup_escape

#: A figure maker: the figure's XML attributes and the usable width -> a flowable.
FigureMaker = Callable[[Mapping[str, str], float], Flowable]

_SPACES = re.compile(r"[ \t\r\n]+")
INK = colors.HexColor("#1f2430")
ACCENT = colors.HexColor("#9b1c1c")


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=10, leading=13.5,
                          textColor=INK, spaceAfter=5)
    return {
        "title": ParagraphStyle("title", base, fontName=fonts.BOLD, fontSize=24, leading=29,
                                alignment=TA_CENTER, textColor=ACCENT, spaceAfter=4),
        "subtitle": ParagraphStyle("subtitle", base, fontName=fonts.ITALIC, fontSize=12,
                                   leading=16, alignment=TA_CENTER, spaceAfter=14),
        "h1": ParagraphStyle("h1", base, fontName=fonts.BOLD, fontSize=14, leading=18,
                             textColor=ACCENT, spaceBefore=10, spaceAfter=5),
        "h2": ParagraphStyle("h2", base, fontName=fonts.BOLD, fontSize=11, leading=14,
                             spaceBefore=6, spaceAfter=3),
        "p": base,
        "li": ParagraphStyle("li", base, spaceAfter=2),
        "caption": ParagraphStyle("caption", base, fontName=fonts.ITALIC, fontSize=8.5,
                                  leading=11, alignment=TA_CENTER),
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


class FlowBuilder:
    def __init__(self, doc: FlowDocument, width: float) -> None:
        self.doc = doc
        self.width = width
        self.styles = _styles()
        self.sections = 0
        self.seen_h1 = False

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
        fonts.check_glyphs(text, self.doc.locale, self.doc.document)
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
        return _SPACES.sub(" ", "".join(parts)).strip()

    def para(self, element: ET.Element, style: str) -> Paragraph:
        return Paragraph(self.inline(element), self.styles[style])

    def blocks(self, parent: ET.Element) -> list[Flowable]:
        out: list[Flowable] = []
        for element in parent:
            out.extend(self.block(element))
        return out

    def block(self, element: ET.Element) -> list[Flowable]:
        tag = element.tag
        if tag in ("title", "subtitle", "p"):
            return [self.para(element, tag)]
        if tag in ("h1", "h2"):
            # Keep a heading with the start of what follows it.
            heading = self.para(element, tag)
            return [_HeadingMarker(self.bookmark(element)), heading]
        if tag in ("ul", "ol"):
            items = [ListItem(self.para(li, "li"), leftIndent=14) for li in element
                     if li.tag == "li"]
            kind = "bullet" if tag == "ul" else "1"
            return [ListFlowable(items, bulletType=kind, start=None if tag == "ul" else 1,
                                 bulletFontName=fonts.REGULAR, bulletFontSize=9,
                                 leftIndent=14, bulletColor=ACCENT, spaceAfter=4)]
        if tag == "box":
            # A heading in a box is not kept with what follows (the box is kept
            # together anyway), but it still gets its outline entry.
            inner = [f.bookmark if isinstance(f, _HeadingMarker) else f
                     for f in self.blocks(element)]
            table = Table([[inner]], colWidths=[self.width - 4])
            table.setStyle(TableStyle([
                # A Table's cell font defaults to Helvetica, which is never embedded.
                ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
                ("BOX", (0, 0), (-1, -1), 0.8, ACCENT),
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fbf5ee")),
                ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]))
            return [KeepTogether([table, Spacer(1, 6)])]
        if tag == "figure":
            name = element.get("name", "")
            maker = self.doc.figures.get(name)
            if maker is None:
                raise self.fail(f"unknown figure {name!r}; known: {', '.join(self.doc.figures)}")
            flow = maker(element.attrib, self.width)
            caption = self.para(element, "caption")
            return [KeepTogether([Spacer(1, 4), flow, Spacer(1, 3), caption, Spacer(1, 6)])]
        raise self.fail(f"unknown element <{tag}>")


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


def render_flow(doc: FlowDocument) -> bytes:
    """Lay out a flowing document; returns the PDF bytes."""
    try:
        root = ET.fromstring(doc.xml)
    except ET.ParseError as exc:
        raise TranslationError(f"locale {doc.locale}: {doc.document}: the template produced "
                               f"broken markup ({exc})") from None
    buffer = BytesIO()
    margin = 18 * MM
    template = SimpleDocTemplate(buffer, pagesize=doc.paper.size, leftMargin=margin,
                                 rightMargin=margin, topMargin=16 * MM, bottomMargin=18 * MM,
                                 **doc_options(doc.title, doc.document, doc.locale))
    width = doc.paper.size[0] - 2 * margin
    story = keep_headings(FlowBuilder(doc, width).blocks(root))
    footer = doc.title
    fonts.check_glyphs(footer, doc.locale, f"{doc.document}: footer")

    def page_footer(canvas, document) -> None:  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont(fonts.REGULAR, 8)
        canvas.setFillColor(colors.grey)
        canvas.drawString(margin, 10 * MM, footer)
        canvas.drawRightString(doc.paper.size[0] - margin, 10 * MM, str(document.page))
        canvas.restoreState()

    template.build(story, onFirstPage=page_footer, onLaterPages=page_footer)
    return buffer.getvalue()
