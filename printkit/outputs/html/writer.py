"""The HTML writer of flow documents: the second writer of the document tree, beside the
PDF's :class:`printkit.drawing.pdfwriter.PdfWriter`.

It visits the tree :func:`printkit.drawing.doctree.parse` read from a game's rulebook or
reference template (the vocabulary already checked, sections numbered, text typeset as
the PDF sets it), one ``visit_<Kind>`` method per node kind, as Sphinx's translators
do, and builds a tree of small HTML :class:`Node` objects. These hold only tag and
attribute names chosen here and plain text; ``templates/html/rules.html.j2`` renders
them with autoescaping on, so a ``<`` or ``&`` in a translation or in game data prints
as itself. A node kind without a visit method is a build error naming the template and
the kind: a new element of the vocabulary must be taught to both writers.

A right-to-left page reads as the PDF does (:mod:`printkit.language.lines`): a block whose
text has no right-to-left letter (a fact "2–4" or "6+", a Latin title) is set left to
right inside ``<bdi dir="ltr">``, a signed number or range inside a sentence ("−4",
"2–4") too, and an isolate of the text (FSI … PDI: the game's title spliced into a
sentence) becomes a ``<bdi>``; :func:`printkit.language.bidi.numbers` and
:func:`printkit.language.bidi.direction` decide for both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from printkit.drawing import doctree as dt
from printkit.drawing.alternative import Alternative
from printkit.drawing.doctree import NBSP
from printkit.drawing.pdfwriter import COLUMN_GAP
from printkit.errors import TemplateError
from printkit.language import bidi
from printkit.language.script import load as load_script


class UnknownElementError(TemplateError):
    """A node kind of the document tree the HTML writer has no visit method for."""


@dataclass
class Node:
    """One HTML element of the page: a tag and attributes the writer chose, and children
    that are nodes or plain text (escaped when the page template renders them)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)
    #: A picture's text alternative, from the code that drew it (not rendered itself:
    #: the writer turns it into the picture's alt text and a table or list beside it).
    alternative: Alternative | None = field(default=None, repr=False, compare=False)

    @property
    def attributes(self) -> list[tuple[str, str]]:
        return sorted(self.attrs.items())

    def text(self) -> str:
        """The plain text inside, as a reader hears it."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


@dataclass(frozen=True)
class Heading:
    """An entry of the table of contents: a rulebook section (level 1) or subsection (2)."""

    level: int
    anchor: str
    text: str


#: A figure's drawer: the figure's XML attributes, its width in points, its alt text ->
#: an ``<img>`` node holding the alt text and the figure's text alternative if its maker
#: made one; the drawing replaces it later with the ``<svg>`` (see
#: :class:`printkit.outputs.html.figures.FigureImages`). None for a figure that draws
#: nothing.
FigureWriter = Callable[[Mapping[str, str], float, str], Node | None]


def slug(text: str) -> str:
    """An anchor from English heading text: "Double Free Skate: secure…" -> "double-free-…"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def anchors(tree: dt.Document, prefix: str = "") -> list[str]:
    """The anchors of a flow document's headings (h1, h2) and examples, in document order,
    from their (English) text or their example's id: the same in every locale."""
    out: list[str] = []
    seen: set[str] = set()
    for node in dt.walk(tree):
        if isinstance(node, dt.Heading) and node.level <= 2:
            base = prefix + (slug(node.plain) or "section")
        elif isinstance(node, dt.Example):
            inside = list(dt.walk(node))
            figure = next((f for f in inside if isinstance(f, dt.Figure)
                           and f.attrs.get("example")), None)
            title = next((h for h in inside if isinstance(h, dt.Heading) and h.level == 3),
                         None)
            name = (figure.attrs.get("example", "") if figure is not None
                    else slug(title.plain) if title is not None else "")
            base = "example-" + (slug(name) or "panel")
        else:
            continue
        anchor, n = base, 1
        while anchor in seen:
            n += 1
            anchor = f"{base}-{n}"
        seen.add(anchor)
        out.append(anchor)
    return out


class HtmlWriter(dt.Visitor):
    """A document tree -> a list of :class:`Node`; the table of contents and the cover on
    the side.

    ``template`` names the template in error messages; ``anchors`` are the ids of the
    document's headings and examples in order (see :func:`anchors`); ``top`` is the HTML
    heading level of the document's ``<h1>``; ``width`` the width in points its figures
    are drawn at (a page's text width, as in the PDF).
    """

    def __init__(self, *, template: str, locale: str, anchors: list[str], top: int,
                 width: float, figure: FigureWriter, chapters: bool = True,
                 titled: bool = True) -> None:
        self.template = template
        self.locale = locale
        self._anchors = iter(anchors)
        self.top = top
        self.width = width
        self.figure = figure
        #: Whether numbered sections enter the table of contents.
        self.chapters = chapters
        #: Whether the document's own title and subtitle are shown (not for a reference:
        #: the page heads it).
        self.titled = titled
        #: The last heading level written: a heading never skips a level below it.
        self.level = top - 1
        self.toc: list[Heading] = []
        #: The cover (title, subtitle, facts, figure), for the page's header.
        self.cover: list[Node] = []
        self.title = ""
        self._ids = 0
        #: Whether the page reads right to left (its text then isolated as the PDF's is).
        self.rtl = load_script(locale).rtl

    # -- walking ---------------------------------------------------------------------

    def unknown(self, node: dt.Node) -> UnknownElementError:
        return UnknownElementError(
            f"templates/{self.template}: locale {self.locale}: the HTML rules page has no "
            f"writer for {type(node).__name__}; teach printkit/outputs/html/writer.py the node "
            f"kind "
            f"as printkit/drawing/pdfwriter.py knows it")

    def blocks(self, nodes: tuple[dt.Node, ...]) -> list[Node]:
        out: list[Node] = []
        for node in nodes:
            out.extend(self.visit(node))
        return out

    def inline(self, content: tuple[dt.Inline, ...]) -> list[Node | str]:
        """Running text, typeset as the PDF sets it: text, <strong>, <em>, <br>."""
        out: list[Node | str] = []
        for piece in content:
            if not isinstance(piece, str):
                out.append(self.visit(piece))
            elif self.rtl:
                out += _isolates(bidi.isolate_numbers(piece))
            else:
                out.append(piece)
        return out

    def running(self, content: tuple[dt.Inline, ...]) -> list[Node | str]:
        """A block's text (:meth:`inline`); on a right-to-left page, text without a
        right-to-left letter is set left to right, as the PDF sets such a paragraph."""
        children = self.inline(content)
        text = Node("x", children=children).text()
        if self.rtl and text.strip() and bidi.direction(text) == "LTR":
            whole = children[0] if len(children) == 1 else None
            if isinstance(whole, Node) and whole.tag == "bdi" and whole.attrs == {"dir": "ltr"}:
                return children  # a number alone ("2–4"), isolated already
            return [Node("bdi", {"dir": "ltr"}, children)]
        return children

    def _id(self, stem: str) -> str:
        self._ids += 1
        return f"{stem}-{self._ids}"

    def _narrower(self, node: dt.Node, by: float) -> list[Node]:
        outer = self.width
        self.width = outer - by
        try:
            return self.blocks(node.children)
        finally:
            self.width = outer

    # -- one method per node kind of the document tree ---------------------------------

    def visit_Document(self, node: dt.Document) -> list[Node]:
        return self.blocks(node.children)

    def visit_Bold(self, node: dt.Bold) -> Node:
        return Node("strong", children=self.inline(node.content))

    def visit_Italic(self, node: dt.Italic) -> Node:
        return Node("em", children=self.inline(node.content))

    def visit_Break(self, node: dt.Break) -> Node:
        return Node("br")

    def visit_Title(self, node: dt.Title) -> list[Node]:
        self.title = node.plain
        return [Node("p", {"class": "title"}, self.running(node.content))] if self.titled \
            else []

    def visit_Subtitle(self, node: dt.Subtitle) -> list[Node]:
        return [Node("p", {"class": "subtitle"}, self.running(node.content))] if self.titled \
            else []

    def visit_Paragraph(self, node: dt.Paragraph) -> list[Node]:
        return [Node("p", {}, self.running(node.content))]

    def visit_Colophon(self, node: dt.Colophon) -> list[Node]:
        return [Node("p", {"class": "colophon"}, self.running(node.content))]

    def visit_Heading(self, node: dt.Heading) -> list[Node]:
        anchor = next(self._anchors, None) if node.level <= 2 else None
        level = min(self.top + node.level - 1, self.level + 1, 6)
        self.level = level
        children = self.running(node.content)
        attrs = {"id": anchor} if anchor else {}
        if node.number is not None:
            children = [Node("span", {"class": "number"}, [f"{node.number}{NBSP}"]),
                        *children]
        if anchor and node.level <= 2 and self.chapters:
            self.toc.append(Heading(node.level, anchor, Node("x", children=children).text()))
        return [Node(f"h{level}", attrs, children)]

    def visit_Cover(self, node: dt.Cover) -> list[Node]:
        self.cover = self._narrower(node, 28)
        return []

    def visit_Fact(self, node: dt.Fact) -> Node:
        return Node("div", {}, [Node("dt", {}, self.running((node.label,))),
                                Node("dd", {}, self.running(node.content))])

    def visit_Facts(self, node: dt.Facts) -> list[Node]:
        return [Node("dl", {"class": "facts"}, [self.visit(f) for f in node.children])]

    def visit_Columns(self, node: dt.Columns) -> list[Node]:
        # One column on screen: the columns of the page are the PDF's business.
        return self._narrower(node, (self.width + COLUMN_GAP) / 2)

    def visit_PageBreak(self, node: dt.PageBreak) -> list[Node]:
        return []

    def visit_Example(self, node: dt.Example) -> list[Node]:
        anchor = next(self._anchors, None) or self._id("example")
        level = self.level
        inner = self._narrower(node, 4 + 16 + 3)
        self.level = level  # an example's heading does not deepen what follows it
        # The diagram is described by the example's own text: the replay, told.
        told = [n for n in inner if n.tag == "p"]
        heading = next((n for n in inner if n.tag.startswith("h")), None)
        for i, paragraph in enumerate(told):
            paragraph.attrs["id"] = f"{anchor}-text" + (f"-{i + 1}" if i else "")
        for child in inner:
            if child.tag == "figure" and told:
                for img in _images(child):
                    if heading is not None:  # what the diagram shows: the example's title
                        _label(img, heading.text())
                    img.attrs["aria-describedby"] = " ".join(p.attrs["id"] for p in told)
        return [Node("div", {"class": "example", "id": anchor}, inner)]

    def visit_Note(self, node: dt.Note) -> list[Node]:
        return [Node("div", {"class": "note", "role": "note"},
                     self._narrower(node, 4 + 12 + 3))]

    def visit_Box(self, node: dt.Box) -> list[Node]:
        return [Node("div", {"class": "box"}, self._narrower(node, 4 + 16 + 3))]

    def visit_Item(self, node: dt.Item) -> Node:
        return Node("li", {}, self.running(node.content))

    def visit_ItemList(self, node: dt.ItemList) -> list[Node]:
        return [Node("ol" if node.ordered else "ul", {}, [self.visit(li) for li in node.children])]

    def visit_Cell(self, node: dt.Cell) -> Node:
        return Node("th" if node.head else "td", {}, self.running(node.content))

    def visit_Row(self, node: dt.Row) -> Node:
        return Node("tr", {}, [self.visit(cell) for cell in node.children])

    def visit_Table(self, node: dt.Table) -> list[Node]:
        """A table whose head row's cells head their columns, and whose other rows' header
        cells head their rows, for a screen reader."""
        rows = [self.visit(row) for row in node.children]
        for i, row in enumerate(rows):
            for cell in row.children:
                if isinstance(cell, Node) and cell.tag == "th":
                    cell.attrs["scope"] = "col" if i == 0 else "row"
        return [Node("table", {"class": "outcomes"}, rows)]

    def visit_Figure(self, node: dt.Figure) -> list[Node]:
        """The picture, what it shows as a table or list, and its caption.

        The picture's alt text says what it is: the template's ``alt`` attribute, else the
        one its drawing code gave; never the caption, which a screen reader reads anyway
        (a picture with neither has an empty alt text, as a decorative one has)."""
        caption = self.running(node.content)
        told = Node("x", children=caption).text().strip()
        img = self.figure(node.attrs, self.width, "")
        children: list[Node] = []
        if img is not None:
            alternative = img.alternative or Alternative()
            alt = node.attrs.get("alt", alternative.alt).strip()
            _label(img, "" if alternative.decorative or alt == told else alt)
            children.append(img)
            children += self._alternative(alternative)
        if caption:
            children.append(Node("figcaption", {}, caption))
        if not children:
            return []
        return [Node("figure", {"class": "figure-" + slug(node.name)}, children)]

    def _alternative(self, alternative: Alternative) -> list[Node]:
        """A figure's data as text: a table whose head row heads its columns and whose
        first cells head their rows, and a list."""
        out: list[Node] = []
        if alternative.rows:
            rows: list[Node] = []
            if alternative.header:
                rows.append(Node("tr", {}, [Node("th", {"scope": "col"}, self.running((h,)))
                                            for h in alternative.header]))
            for row in alternative.rows:
                head, *rest = row
                rows.append(Node("tr", {}, [Node("th", {"scope": "row"}, self.running((head,))),
                                            *(Node("td", {}, self.running((cell,)))
                                              for cell in rest)]))
            out.append(Node("table", {"class": "figure-data"}, rows))
        if alternative.items:
            out.append(Node("ul", {"class": "figure-data"},
                            [Node("li", {}, self.running((item,)))
                             for item in alternative.items]))
        return out


def _isolates(text: str) -> list[Node | str]:
    """Text with isolate controls as ``<bdi>`` elements: LRI as ``dir="ltr"``, RLI as
    ``dir="rtl"``, FSI as a plain ``<bdi>`` (its first strong letter decides); an unmatched
    PDI is left out, an unclosed isolate ends with the text."""
    if not any(c in bidi.CONTROLS for c in text):
        return [text] if text else []
    top: list[Node | str] = []
    open_: list[Node] = []
    start = 0

    def add(piece: str) -> None:
        if piece:
            (open_[-1].children if open_ else top).append(piece)

    for i, char in enumerate(text):
        if char not in bidi.CONTROLS:
            continue
        add(text[start:i])
        start = i + 1
        if char == bidi.PDI:
            if open_:
                open_.pop()
            continue
        attrs = {bidi.LRI: {"dir": "ltr"}, bidi.RLI: {"dir": "rtl"}}.get(char, {})
        node = Node("bdi", dict(attrs))
        (open_[-1].children if open_ else top).append(node)
        open_.append(node)
    add(text[start:])
    return top


def _label(picture: Node, alt: str) -> None:
    """Give a picture its alt text: an ``<img>``'s ``alt``, an inline ``<svg>``'s
    ``aria-label``; an empty one marks it decorative (an ``<svg>`` is then hidden)."""
    if picture.tag != "svg":
        picture.attrs["alt"] = alt
    elif alt:
        picture.attrs.pop("aria-hidden", None)
        picture.attrs.update({"role": "img", "aria-label": alt})
    else:
        for name in ("role", "aria-label"):
            picture.attrs.pop(name, None)
        picture.attrs["aria-hidden"] = "true"


def _images(node: Node) -> list[Node]:
    found = [node] if node.tag in ("img", "svg") else []
    for child in node.children:
        if isinstance(child, Node):
            found += _images(child)
    return found
