"""The document tree: a flow template's XML, read once, checked once, for every writer.

A game's rulebook and quick reference templates render to a small XML vocabulary
(see :mod:`printkit.drawing.flow`). :func:`parse` reads it into a tree of the small
nodes below, one kind per element of the vocabulary, and does there, once, all that
does not depend on what is written: the vocabulary and its attributes are checked
(an unknown element or attribute is a one-line error naming the locale, the document
and the element; an unknown element of a template's output names the template and the
line that printed it instead of the locale, the same in every one), sections are
numbered, text is typeset (:func:`typeset`) and its glyphs are checked against the
locale's fonts.

Writers then turn the tree into output, one ``visit_<Kind>`` method per node kind
(:class:`Visitor`, after Sphinx's translators): the PDF's
:class:`printkit.drawing.pdfwriter.PdfWriter`, laid out several times while a page is
fitted, and the rules page's :class:`printkit.outputs.html.writer.HtmlWriter`. A new element
of the vocabulary is a new node kind here, and each writer must learn it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat
from xml.sax.saxutils import escape, unescape

from printkit.errors import TranslationError
from printkit.language import fonts, typography

_SPACES = re.compile(r"[ \t\r\n]+")
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


# -- the nodes ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Node:
    """A node of the tree. Containers hold their nodes in ``children``."""

    children: tuple[Node, ...] = ()


@dataclass(frozen=True)
class Bold(Node):
    content: tuple[Inline, ...] = ()


@dataclass(frozen=True)
class Italic(Node):
    content: tuple[Inline, ...] = ()


@dataclass(frozen=True)
class Break(Node):
    """A line break inside a paragraph."""


#: A piece of running text: typeset plain text, or bold, italic or a line break.
Inline = str | Bold | Italic | Break


@dataclass(frozen=True)
class Prose(Node):
    """An element of running text: its typeset ``content`` and its ``plain`` text as
    written (what an outline entry or an anchor is made from)."""

    content: tuple[Inline, ...] = ()
    plain: str = ""


@dataclass(frozen=True)
class Title(Prose):
    """The document's title, on its cover."""


@dataclass(frozen=True)
class Subtitle(Prose):
    """The line under the title."""


@dataclass(frozen=True)
class Paragraph(Prose):
    """A paragraph of running text."""


@dataclass(frozen=True)
class Colophon(Prose):
    """Small closing lines at the very end."""


@dataclass(frozen=True)
class Heading(Prose):
    """``<h1>`` (a section), ``<h2>`` (a subsection) or ``<h3>`` (an example's heading);
    ``number`` is a section's number in a numbered document."""

    level: int = 1
    number: int | None = None


@dataclass(frozen=True)
class Item(Prose):
    """One ``<li>`` of a list."""


@dataclass(frozen=True)
class ItemList(Node):
    """``<ul>`` (bullets) or ``<ol>`` (numbered); its children are :class:`Item`."""

    ordered: bool = False


@dataclass(frozen=True)
class Cell(Prose):
    """A ``<th>`` (``head``) or ``<td>`` of a table."""

    head: bool = False


@dataclass(frozen=True)
class Row(Node):
    """A ``<tr>`` of a table; its children are :class:`Cell`."""


@dataclass(frozen=True)
class Table(Node):
    """A ``<table widths="...">`` of ``<tr>`` rows (a first row of ``<th>`` is its head):
    what each case leads to, at a glance. ``widths`` are the columns' shares of the text
    width."""

    widths: tuple[float, ...] = ()


@dataclass(frozen=True)
class Fact(Prose):
    """One ``<fact label="Players">2–4</fact>`` of the cover."""

    label: str = ""


@dataclass(frozen=True)
class Facts(Node):
    """The cover's row of facts; its children are :class:`Fact`."""


@dataclass(frozen=True)
class Figure(Prose):
    """A game's drawing, by ``name``, with its caption; ``attrs`` go to the drawing."""

    attrs: Mapping[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return figure_maker(self.attrs)


#: The figures any game project may place by what they show instead of by name: one of
#: its pictures, one of its cards, a row of a deck's cards (see
#: :mod:`printkit.model.components.figures`).
PROJECT_FIGURES = ("picture", "card", "cards")


def unknown_figure(name: str, known: Iterable[str]) -> str:
    """The message for a figure no maker draws: the known ones, and for a file name where
    the project's pictures can be placed, how to place it."""
    known = list(known)
    message = f"unknown figure {name!r}; known: {', '.join(known)}"
    if "picture" in known and "." in name:
        message += f'; a picture of the project is <figure picture="{name}"/>'
    return message


def figure_maker(attrs: Mapping[str, str]) -> str:
    """The figure maker a ``<figure>`` asks for: its ``name``, or, without one, the first
    of :data:`PROJECT_FIGURES` among its attributes (``<figure card="cards:3"/>``)."""
    if "name" in attrs:
        return attrs["name"]
    return next((kind for kind in PROJECT_FIGURES if kind in attrs), "")


@dataclass(frozen=True)
class Cover(Node):
    """The first page's tinted panel: title, subtitle, facts, a figure."""


@dataclass(frozen=True)
class Columns(Node):
    """Blocks set in two columns on paper."""


@dataclass(frozen=True)
class PageBreak(Node):
    """A new page, unless the page is still empty."""


@dataclass(frozen=True)
class Example(Node):
    """A worked example: one panel with its heading, diagram and text."""


@dataclass(frozen=True)
class Note(Node):
    """An aside in a tinted panel that never splits."""


@dataclass(frozen=True)
class Box(Node):
    """A framed block, kept together."""


@dataclass(frozen=True)
class Document(Node):
    """The root; ``numbered`` when its sections are numbered."""

    numbered: bool = False


#: Every node kind of the vocabulary: each writer has a visit method for each.
NODE_KINDS: tuple[type[Node], ...] = (
    Document, Cover, Facts, Fact, Title, Subtitle, Paragraph, Colophon, Heading, Columns,
    PageBreak, Example, Note, Box, ItemList, Item, Figure, Table, Row, Cell, Bold, Italic,
    Break)


def walk(node: Node) -> Iterator[Node]:
    """``node`` and every node inside it, in document order (inline markup aside)."""
    yield node
    for child in node.children:
        yield from walk(child)


class Visitor:
    """A writer: one ``visit_<Kind>`` method per node kind, found by the node's class."""

    def visit(self, node: Node) -> Any:
        method = getattr(self, f"visit_{type(node).__name__}", None)
        if method is None:
            raise self.unknown(node)
        return method(node)

    def unknown(self, node: Node) -> Exception:
        """The error for a node kind this writer was never taught."""
        return TypeError(f"{type(self).__name__} has no visit_{type(node).__name__}")


# -- reading the XML ---------------------------------------------------------------------

#: What reads one element into its node.
ElementReader = Callable[["Parser", ET.Element], Node]
#: The attributes of elements: a set of names, or None for any.
Attributes = Mapping[str, frozenset[str] | None]

#: The attributes an element takes, where not only ``rule`` (any block element may say
#: which rules of the game it states; :mod:`printkit.drawing.trace` reads them). None: any (a
#: figure's go to the game's drawing code).
_ATTRIBUTES: Attributes = {
    "document": frozenset({"numbered"}),
    "fact": frozenset({"label", "rule"}),
    "figure": None,
    "table": frozenset({"widths", "rule"}),
    "b": frozenset(), "i": frozenset(), "br": frozenset(),
}
_RULE = frozenset({"rule"})
#: Paragraph markup that typesetting leaves as it is, and the pieces it stands for.
_MARKUP = re.compile(r"(</?[bi]>|<br/>)")


class Parser:
    """Reads one document's XML; ``elements`` and their ``attributes`` add a document's
    own elements to the vocabulary, ``template`` names the template
    in errors."""

    def __init__(self, locale: str, document: str, template: str | None = None,
                 elements: Mapping[str, ElementReader] | None = None,
                 attributes: Attributes | None = None) -> None:
        self.locale = locale
        self.document = document
        self.template = template
        self.elements = {**BLOCKS, **(elements or {})}
        self.takes = {**_ATTRIBUTES, **(attributes or {})}
        self.numbered = False
        self.chapter = 0
        self.xml = ""
        self.top: ET.Element | None = None

    def fail(self, message: str) -> TranslationError:
        where = f"templates/{self.template}: " if self.template else ""
        return TranslationError(f"{where}locale {self.locale}: {self.document}: {message}")

    def printed(self, element: ET.Element) -> tuple[str, int] | None:
        """The template and line that printed ``element``, when the XML is a template's
        output that knows (see :class:`printkit.drawing.templating.Rendered`)."""
        where = getattr(self.xml, "where", None)
        if where is None or self.top is None:
            return None
        index = next((i for i, e in enumerate(self.top.iter()) if e is element), None)
        starts: list[tuple[int, int]] = []
        reader = expat.ParserCreate()
        reader.StartElementHandler = lambda *_: starts.append(
            (reader.CurrentLineNumber, reader.CurrentColumnNumber))
        try:
            reader.Parse(self.xml, True)
        except expat.ExpatError:
            return None
        if index is None or index >= len(starts):
            return None
        line, column = starts[index]
        lines = self.xml.split("\n")
        offset = sum(len(text) + 1 for text in lines[:line - 1]) + min(column,
                                                                      len(lines[line - 1]))
        template, at = where(offset)
        return (template, at) if template and at else None

    def unknown(self, element: ET.Element) -> TranslationError:
        """An element not in the vocabulary: where the template printed it, if known (one
        line for every locale), else the locale and document."""
        message = f"unknown element <{element.tag}>"
        place = self.printed(element)
        if place is None:
            return self.fail(message)
        return TranslationError(f"templates/{place[0]}:{place[1]}: {self.document}: {message}")

    def attributes(self, element: ET.Element, allowed: frozenset[str] | None = _RULE) -> None:
        allowed = self.takes.get(element.tag, allowed)
        if allowed is None:
            return
        for name in element.attrib:
            if name not in allowed:
                takes = ", ".join(sorted(allowed)) or "none"
                raise self.fail(f"<{element.tag}> has no attribute {name!r} (it takes: {takes})")

    def root(self, xml: str) -> Document:
        try:
            root = ET.fromstring(xml)
        except ET.ParseError as exc:
            raise self.fail(f"the template produced broken markup ({exc})") from None
        self.xml, self.top = xml, root
        if root.tag != "document":
            raise self.fail(f"the root element is <{root.tag}>, not <document>")
        self.attributes(root)
        self.numbered = root.get("numbered") == "yes"
        return Document(self.blocks(root), numbered=self.numbered)

    def blocks(self, parent: ET.Element) -> tuple[Node, ...]:
        return tuple(self.block(element) for element in parent)

    def block(self, element: ET.Element) -> Node:
        read = self.elements.get(element.tag)
        if read is None:
            raise self.unknown(element)
        self.attributes(element)
        return read(self, element)

    def children(self, parent: ET.Element, tag: str) -> list[ET.Element]:
        """The children of ``parent``, each a ``<tag>``."""
        for child in parent:
            if child.tag != tag:
                raise self.fail(f"<{child.tag}> is not allowed inside <{parent.tag}>")
            self.attributes(child)
        return list(parent)

    def prose(self, element: ET.Element) -> dict[str, Any]:
        """An element's running text, glyph-checked and typeset: its node's fields."""
        text = "".join(element.itertext())
        fonts.check_glyphs(text, self.locale, self.document,
                           heading=element.tag in ("title", "h1"))
        return {"content": _pieces(self._markup(element)),
                "plain": _SPACES.sub(" ", text).strip()}

    def _markup(self, element: ET.Element) -> str:
        """The text as Paragraph markup, typeset as one string at each level of markup, so
        that quotation marks pair and French spacing applies across <b> and <i>."""
        parts = [escape(element.text or "")]
        for child in element:
            if child.tag in ("b", "i"):
                self.attributes(child)
                parts.append(f"<{child.tag}>{self._markup(child)}</{child.tag}>")
            elif child.tag == "br":
                self.attributes(child)
                parts.append("<br/>")
            else:
                raise self.fail(f"<{child.tag}> is not allowed inside <{element.tag}>")
            parts.append(escape(child.tail or ""))
        # Collapse layout whitespace only: a translator's no-break space must stay.
        return typeset(_SPACES.sub(" ", "".join(parts)).strip(), self.locale)

    def heading(self, element: ET.Element, level: int) -> Heading:
        number = None
        if level == 1 and self.numbered:
            self.chapter += 1
            number = self.chapter
        return Heading(level=level, number=number, **self.prose(element))


def _pieces(markup: str) -> tuple[Inline, ...]:
    """Typeset markup back into text and inline nodes (the text unescaped)."""
    stack: list[list[Inline]] = [[]]
    for i, token in enumerate(_MARKUP.split(markup)):
        if i % 2 == 0:
            if token:
                stack[-1].append(unescape(token))
        elif token == "<br/>":
            stack[-1].append(Break())
        elif token in ("<b>", "<i>"):
            stack.append([])
        else:
            content = tuple(stack.pop())
            stack[-1].append(Bold(content=content) if token == "</b>"
                             else Italic(content=content))
    return tuple(stack[0])


def _cover(parser: Parser, element: ET.Element) -> Cover:
    children: list[Node] = []
    for child in element:
        if child.tag == "facts":
            parser.attributes(child)
            facts = parser.children(child, "fact")
            if not facts:
                raise parser.fail("<facts> needs at least one <fact>")
            for fact in facts:
                fonts.check_glyphs(fact.get("label", ""), parser.locale, parser.document)
            children.append(Facts(tuple(Fact(label=f.get("label", ""), **parser.prose(f))
                                        for f in facts)))
        else:
            children.append(parser.block(child))
    return Cover(tuple(children))


def _list(parser: Parser, element: ET.Element) -> ItemList:
    items = tuple(Item(**parser.prose(li)) for li in parser.children(element, "li"))
    return ItemList(items, ordered=element.tag == "ol")


def _table(parser: Parser, element: ET.Element) -> Table:
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
    if not rows or any(len(widths) != len(row.children) for row in rows):
        raise parser.fail("a <table> needs rows and one width per column")
    return Table(tuple(rows), widths=widths)


def _figure(parser: Parser, element: ET.Element) -> Figure:
    return Figure(attrs=dict(element.attrib), **parser.prose(element))


def _prose(kind: type[Prose]) -> ElementReader:
    return lambda parser, element: kind(**parser.prose(element))


def _container(kind: type[Node]) -> ElementReader:
    return lambda parser, element: kind(parser.blocks(element))


#: The vocabulary: each block element and what reads it.
BLOCKS: dict[str, ElementReader] = {
    "title": _prose(Title), "subtitle": _prose(Subtitle), "p": _prose(Paragraph),
    "colophon": _prose(Colophon),
    "h1": lambda p, e: p.heading(e, 1), "h2": lambda p, e: p.heading(e, 2),
    "h3": lambda p, e: p.heading(e, 3),
    "cover": _cover, "columns": _container(Columns), "example": _container(Example),
    "note": _container(Note), "box": _container(Box),
    "pagebreak": lambda p, e: PageBreak(), "ul": _list, "ol": _list, "figure": _figure,
    "table": _table,
}


def parse(xml: str, locale: str, document: str, *, template: str | None = None,
          elements: Mapping[str, ElementReader] | None = None,
          attributes: Attributes | None = None) -> Document:
    """The tree of a flow document's XML in ``locale``; raises
    :class:`printkit.errors.TranslationError` naming the locale, the ``document`` (and
    the ``template``, if given) and the element, or a glyph error naming the text."""
    return Parser(locale, document, template, elements, attributes).root(xml)
