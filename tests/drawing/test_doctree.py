"""The document tree: a flow template read once (vocabulary, numbers, typesetting, glyphs),
and the writers that visit it, each with a method for every node kind."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

import pytest

from printkit.assembly.guide.writer import GuideWriter
from printkit.drawing import doctree
from printkit.drawing.doctree import NBSP, parse
from printkit.drawing.flow import FlowDocument
from printkit.drawing.pdfwriter import PdfWriter
from printkit.errors import PrintkitError, TranslationError
from printkit.geometry import PAPERS
from printkit.outputs.html.writer import HtmlWriter, UnknownElementError
from tests.support import game_context


def game_tree(game_id: str, locale: str, document: str = "rulebook") -> doctree.Document:
    from printkit.model.rulebook import game_flow_source

    template, xml, _figures = game_flow_source(game_context(game_id, locale, document))
    return parse(xml, locale, document, template=template)


def test_a_rulebook_template_becomes_a_numbered_tree() -> None:
    tree = game_tree("polar-derby", "fr")
    assert tree.numbered
    nodes = list(doctree.walk(tree))
    assert all(isinstance(n, doctree.NODE_KINDS) for n in nodes)
    headings = [n for n in nodes if isinstance(n, doctree.Heading)]
    sections = [h for h in headings if h.level == 1]
    # Sections are numbered in document order, 1, 2, 3…; subsections and examples not.
    assert [h.number for h in sections] == list(range(1, len(sections) + 1))
    assert len(sections) >= 4
    assert all(h.number is None for h in headings if h.level > 1)
    assert isinstance(tree.children[0], doctree.Cover)
    facts = next(n for n in nodes if isinstance(n, doctree.Facts))
    assert all(isinstance(f, doctree.Fact) and f.label for f in facts.children)
    # Text is typeset once, here: French spacing before a colon, no layout whitespace.
    text = [p for n in nodes if isinstance(n, doctree.Prose) for p in n.content
            if isinstance(p, str)]
    assert not any(re.search(r"[^\s\u00a0]:", t) for t in text)
    assert not any("\n" in t or "  " in t for t in text)


def test_a_reference_is_not_numbered() -> None:
    tree = game_tree("yeti-slalom", "en", "reference")
    assert not tree.numbered
    assert all(n.number is None for n in doctree.walk(tree) if isinstance(n, doctree.Heading))


def test_inline_markup_is_typeset_across_bold_and_italic() -> None:
    tree = parse('<document><p>Say <b>"stop"</b>: 3 + 4 = 7, <i>15 mm</i> &amp; '
                 "&lt;go&gt;<br/>now</p></document>", "fr", "rulebook")
    (paragraph,) = tree.children
    assert isinstance(paragraph, doctree.Paragraph)
    say, bold, colon, italic, amp, br, now = paragraph.content
    assert (say, colon, amp, now) == ("Say ", f"{NBSP}: 3{NBSP}+{NBSP}4{NBSP}={NBSP}7, ",
                                      " & <go>", "now")
    assert bold == doctree.Bold(content=(f"«{NBSP}stop{NBSP}»",))
    assert italic == doctree.Italic(content=(f"15{NBSP}mm",))
    assert br == doctree.Break()
    assert paragraph.plain == 'Say "stop": 3 + 4 = 7, 15 mm & <go>now'


@pytest.mark.parametrize(("xml", "message"), [
    ("<document><marquee>x</marquee></document>", "unknown element <marquee>"),
    ("<document><box><p>a <u>b</u></p></box></document>", "<u> is not allowed inside <p>"),
    ('<document><p colour="red">x</p></document>', "<p> has no attribute 'colour'"),
    ("<document><p>a <b rule='x'>b</b></p></document>", "<b> has no attribute 'rule'"),
    ("<document><ul><li>a</li><p>b</p></ul></document>", "<p> is not allowed inside <ul>"),
    ("<document><cover><facts/></cover></document>", "<facts> needs at least one <fact>"),
    ("<document><facts><fact>1</fact></facts></document>", "unknown element <facts>"),
    ("<document><p>open</document>", "the template produced broken markup"),
    ("<rulebook/>", "the root element is <rulebook>, not <document>"),
])
def test_a_bad_element_is_one_line_naming_locale_document_and_element(xml: str,
                                                                      message: str) -> None:
    with pytest.raises(TranslationError) as caught:
        parse(xml, "de", "reference", template="polar-derby/reference.xml.j2")
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith("templates/polar-derby/reference.xml.j2: locale de: reference: ")
    assert message in text


def test_the_attributes_of_the_vocabulary_are_taken() -> None:
    tree = parse('<document numbered="yes"><h1 rule="a b">A</h1><cover><facts>'
                 '<fact label="Age" rule="age">6+</fact></facts></cover>'
                 '<figure name="track" example="e1" size="small" rule="c">cap</figure>'
                 "</document>", "en", "rulebook")
    figure = tree.children[-1]
    assert isinstance(figure, doctree.Figure)
    assert figure.name == "track"
    assert figure.attrs == {"name": "track", "example": "e1", "size": "small", "rule": "c"}


def test_a_missing_glyph_is_found_while_reading() -> None:
    with pytest.raises(PrintkitError, match=r"locale en: rulebook: .*U\+E000"):
        parse("<document><p>a \ue000</p></document>", "en", "rulebook")


def test_tables() -> None:
    """A table (the guide's bill of materials, a quick reference's outcomes) is rows of
    cells with one width per column, read as any other element."""
    tree = parse('<document><table widths="2,1" rule="a"><tr><th>A</th><td>B</td></tr>'
                 "</table></document>", "en", "reference")
    table = tree.children[0]
    assert isinstance(table, doctree.Table) and table.widths == (2.0, 1.0)
    assert [(c.head, c.plain) for c in table.children[0].children] == [(True, "A"),
                                                                        (False, "B")]
    with pytest.raises(TranslationError, match="one width per column"):
        parse('<document><table widths="1"><tr><td>A</td><td>B</td></tr></table></document>',
              "en", "guide")
    with pytest.raises(TranslationError, match="<p> is not allowed inside <tr>"):
        parse('<document><table widths="1"><tr><p>A</p></tr></table></document>', "en", "guide")


def test_every_node_kind_is_listed() -> None:
    """A node class of the tree is one of its NODE_KINDS, so the writers are held to it."""
    classes = {c for _, c in inspect.getmembers(doctree, inspect.isclass)
               if issubclass(c, doctree.Node) and c.__module__ == doctree.__name__}
    assert classes - {doctree.Node, doctree.Prose} == set(doctree.NODE_KINDS)


@pytest.mark.parametrize("writer", [PdfWriter, HtmlWriter, GuideWriter])
def test_every_writer_visits_every_node_kind(writer: type[doctree.Visitor]) -> None:
    missing = [kind.__name__ for kind in doctree.NODE_KINDS
               if not callable(getattr(writer, f"visit_{kind.__name__}", None))]
    assert not missing, f"{writer.__name__} cannot write {', '.join(missing)}"


@dataclass(frozen=True)
class Marquee(doctree.Node):
    """A node kind no writer was taught."""


def test_a_node_kind_without_a_visit_method_is_an_error_naming_it() -> None:
    tree = doctree.Document((doctree.Paragraph(content=("a",)), Marquee()))
    html = HtmlWriter(template="polar-derby/rulebook.xml.j2", locale="fr", anchors=[], top=2,
                      width=400, figure=lambda attrs, width, alt: None)
    with pytest.raises(UnknownElementError) as caught:
        html.visit(tree)
    assert "\n" not in str(caught.value)
    assert "templates/polar-derby/rulebook.xml.j2" in str(caught.value)
    assert "Marquee" in str(caught.value)
    doc = FlowDocument(xml="", paper=PAPERS["a4"], title="T", locale="fr",
                       document="rulebook", figures={})
    with pytest.raises(TypeError, match="PdfWriter has no visit_Marquee"):
        PdfWriter(doc, 400).visit(tree)
