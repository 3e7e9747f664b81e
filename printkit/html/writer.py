"""The HTML writer of flow documents: a second backend beside the PDF's FlowBuilder.

It walks the XML that a game's rulebook and reference templates produce (the
vocabulary of :mod:`printkit.render.flow`) and builds a tree of small
:class:`Node` objects, one visitor method per element (``visit_<tag>``), as
Sphinx's translators do. The tree holds only tag and attribute names chosen
here and plain text; ``templates/html/rules.html.j2`` renders it with
autoescaping on, so a ``<`` or ``&`` in a translation or in game data prints as
itself. An element without a visitor is a build error naming the template and
the element: a new element of the vocabulary must be taught to both backends.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from printkit.errors import TemplateError
from printkit.render.flow import COLUMN_GAP, NBSP, typeset

#: An element name that may have a visitor (``visit_<name>``).
_TAG = re.compile(r"[a-z][a-z0-9]*")
_SPACES = re.compile(r"[ \t\r\n]+")


class UnknownElementError(TemplateError):
    """A flow element the HTML writer has no visitor for."""


@dataclass
class Node:
    """One HTML element of the page: a tag and attributes the writer chose, and children
    that are nodes or plain text (escaped when the page template renders them)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

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


#: A figure rasteriser: the figure's XML attributes, its width in points, its alt text ->
#: an ``<img>`` node (or None for a figure that draws nothing).
FigureWriter = Callable[[Mapping[str, str], float, str], Node | None]


def slug(text: str) -> str:
    """An anchor from English heading text: "Double Free Skate: secure…" -> "double-free-…"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def plain(element: ET.Element) -> str:
    return _SPACES.sub(" ", "".join(element.itertext())).strip()


def anchors(root: ET.Element, prefix: str = "") -> list[str]:
    """The anchors of a flow document's headings (h1, h2) and examples, in document order,
    from their (English) text or their example's id: the same in every locale."""
    out: list[str] = []
    seen: set[str] = set()
    for element in root.iter():
        if element.tag in ("h1", "h2"):
            base = prefix + (slug(plain(element)) or "section")
        elif element.tag == "example":
            figure = next((f for f in element.iter("figure") if f.get("example")), None)
            title = next(element.iter("h3"), None)
            name = (figure.get("example", "") if figure is not None
                    else slug(plain(title)) if title is not None else "")
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


class HtmlWriter:
    """Flow XML -> a list of :class:`Node`; the table of contents and the cover on the side.

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
        self.numbered = False
        self.chapter = 0
        #: The last heading level written: a heading never skips a level below it.
        self.level = top - 1
        self.toc: list[Heading] = []
        #: The cover (title, subtitle, facts, figure), for the page's header.
        self.cover: list[Node] = []
        self.title = ""
        self._ids = 0

    # -- walking ---------------------------------------------------------------------

    def fail(self, element: ET.Element, inside: str | None = None) -> UnknownElementError:
        where = f" inside <{inside}>" if inside else ""
        return UnknownElementError(
            f"templates/{self.template}: locale {self.locale}: the HTML rules page has no "
            f"writer for <{element.tag}>{where}; teach printkit/html/writer.py the element "
            f"as printkit/render/flow.py knows it")

    def document(self, root: ET.Element) -> list[Node]:
        if root.tag != "document":
            raise self.fail(root)
        self.numbered = root.get("numbered") == "yes"
        return self.blocks(root)

    def blocks(self, parent: ET.Element) -> list[Node]:
        out: list[Node] = []
        for element in parent:
            out.extend(self.block(element))
        return out

    def block(self, element: ET.Element) -> list[Node]:
        visit = getattr(self, f"visit_{element.tag}", None) if _TAG.fullmatch(element.tag) \
            else None
        if visit is None:
            raise self.fail(element)
        return visit(element)

    def inline(self, element: ET.Element) -> list[Node | str]:
        """An element's mixed content: text (typeset as the PDF sets it), <b>, <i>, <br>."""
        parts: list[Node | str] = []

        def text(value: str | None) -> None:
            if value:
                parts.append(_SPACES.sub(" ", value))

        text(element.text)
        for child in element:
            if child.tag == "b":
                parts.append(Node("strong", children=self.inline(child)))
            elif child.tag == "i":
                parts.append(Node("em", children=self.inline(child)))
            elif child.tag == "br":
                parts.append(Node("br"))
            else:
                raise self.fail(child, element.tag)
            text(child.tail)
        if parts and isinstance(parts[0], str):
            parts[0] = parts[0].lstrip()
        if parts and isinstance(parts[-1], str):
            parts[-1] = parts[-1].rstrip()
        return [typeset(p, self.locale) if isinstance(p, str) else p for p in parts if p != ""]

    def _id(self, stem: str) -> str:
        self._ids += 1
        return f"{stem}-{self._ids}"

    def _narrower(self, element: ET.Element, by: float) -> list[Node]:
        outer = self.width
        self.width = outer - by
        try:
            return self.blocks(element)
        finally:
            self.width = outer

    # -- one method per element of the flow vocabulary ---------------------------------

    def visit_title(self, element: ET.Element) -> list[Node]:
        self.title = plain(element)
        return [Node("p", {"class": "title"}, self.inline(element))] if self.titled else []

    def visit_subtitle(self, element: ET.Element) -> list[Node]:
        return [Node("p", {"class": "subtitle"}, self.inline(element))] if self.titled else []

    def visit_p(self, element: ET.Element) -> list[Node]:
        return [Node("p", {}, self.inline(element))]

    def visit_colophon(self, element: ET.Element) -> list[Node]:
        return [Node("p", {"class": "colophon"}, self.inline(element))]

    def _heading(self, element: ET.Element, depth: int, anchor: str | None) -> Node:
        level = min(self.top + depth - 1, self.level + 1, 6)
        self.level = level
        children = self.inline(element)
        attrs = {"id": anchor} if anchor else {}
        if depth == 1 and self.numbered:
            self.chapter += 1
            children = [Node("span", {"class": "number"}, [f"{self.chapter}{NBSP}"]),
                        *children]
        if anchor and depth <= 2 and self.chapters:
            self.toc.append(Heading(depth, anchor, Node("x", children=children).text()))
        return Node(f"h{level}", attrs, children)

    def visit_h1(self, element: ET.Element) -> list[Node]:
        return [self._heading(element, 1, next(self._anchors, None))]

    def visit_h2(self, element: ET.Element) -> list[Node]:
        return [self._heading(element, 2, next(self._anchors, None))]

    def visit_h3(self, element: ET.Element) -> list[Node]:
        return [self._heading(element, 3, None)]

    def visit_cover(self, element: ET.Element) -> list[Node]:
        outer = self.width
        self.width = outer - 28
        try:
            self.cover = self.blocks(element)
        finally:
            self.width = outer
        return []

    def visit_facts(self, element: ET.Element) -> list[Node]:
        items = []
        for fact in element:
            if fact.tag != "fact":
                raise self.fail(fact, "facts")
            items.append(Node("div", {}, [Node("dt", {}, [fact.get("label", "")]),
                                          Node("dd", {}, self.inline(fact))]))
        return [Node("dl", {"class": "facts"}, items)]

    def visit_columns(self, element: ET.Element) -> list[Node]:
        # One column on screen: the columns of the page are the PDF's business.
        return self._narrower(element, (self.width + COLUMN_GAP) / 2)

    def visit_pagebreak(self, element: ET.Element) -> list[Node]:
        return []

    def visit_example(self, element: ET.Element) -> list[Node]:
        anchor = next(self._anchors, None) or self._id("example")
        level = self.level
        inner = self._narrower(element, 4 + 16 + 3)
        self.level = level  # an example's heading does not deepen what follows it
        # The diagram is described by the example's own text: the replay, told.
        told = [n for n in inner if n.tag == "p"]
        heading = next((n for n in inner if n.tag.startswith("h")), None)
        for i, paragraph in enumerate(told):
            paragraph.attrs["id"] = f"{anchor}-text" + (f"-{i + 1}" if i else "")
        for node in inner:
            if node.tag == "figure" and told:
                for img in _images(node):
                    if heading is not None:  # what the diagram shows: the example's title
                        img.attrs["alt"] = heading.text()
                    img.attrs["aria-describedby"] = " ".join(p.attrs["id"] for p in told)
        return [Node("div", {"class": "example", "id": anchor}, inner)]

    def visit_note(self, element: ET.Element) -> list[Node]:
        return [Node("div", {"class": "note", "role": "note"},
                     self._narrower(element, 4 + 12 + 3))]

    def visit_box(self, element: ET.Element) -> list[Node]:
        return [Node("div", {"class": "box"}, self._narrower(element, 4 + 16 + 3))]

    def _list(self, element: ET.Element, tag: str) -> list[Node]:
        items = []
        for li in element:
            if li.tag != "li":
                raise self.fail(li, element.tag)
            items.append(Node("li", {}, self.inline(li)))
        return [Node(tag, {}, items)]

    def visit_ul(self, element: ET.Element) -> list[Node]:
        return self._list(element, "ul")

    def visit_ol(self, element: ET.Element) -> list[Node]:
        return self._list(element, "ol")

    def visit_figure(self, element: ET.Element) -> list[Node]:
        caption = self.inline(element)
        alt = Node("x", children=caption).text()
        img = self.figure(element.attrib, self.width, alt)
        children: list[Node] = [img] if img is not None else []
        if caption:
            children.append(Node("figcaption", {}, caption))
        if not children:
            return []
        return [Node("figure", {"class": "figure-" + slug(element.get("name", ""))}, children)]


def _images(node: Node) -> list[Node]:
    found = [node] if node.tag == "img" else []
    for child in node.children:
        if isinstance(child, Node):
            found += _images(child)
    return found


def known_elements() -> set[str]:
    """The flow elements the writer knows, for the test that keeps both backends in step."""
    return {name.removeprefix("visit_") for name in dir(HtmlWriter)
            if name.startswith("visit_")} | {"document", "fact", "li", "b", "i", "br"}

