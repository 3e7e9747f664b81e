"""The HTML rules page: the rulebook and quick reference of every game, from the same flow
XML as the PDFs, as one self-contained, accessible page."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

import printkit.outputs.html as html_page
from printkit.drawing import doctree
from printkit.errors import PrintkitError
from printkit.games import GAMES
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext
from printkit.model.rulebook import game_flow_source
from printkit.outputs.html import rules_page
from printkit.outputs.html.writer import HtmlWriter, Node, anchors
from tests.support import game_context as context

GAME_IDS = sorted(GAMES)
LOCALES = ("en", "ar", "ja", "pl")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
@pytest.fixture(scope="module")
def pages() -> dict[tuple[str, str], str]:
    """Every game's page in each locale of LOCALES, rendered once."""
    return {(g, code): rules_page(context(g, code)).decode("utf-8")
            for g in GAME_IDS for code in LOCALES}


class Page(HTMLParser):
    """A strict reading of a page: every element closed in order, and what the tests check."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.root: dict[str, str] = {}
        self.ids: list[str] = []
        #: the ids outside the figures' drawings (their clips and designs are not anchors)
        self.anchors: list[str] = []
        self.links: list[str] = []
        self.sources: list[str] = []
        self.images: list[dict[str, str]] = []
        #: the figures' <svg> elements (not the page's hidden one of shared designs)
        self.drawings: list[dict[str, str]] = []
        self.headings: list[tuple[int, str]] = []
        self.tags: list[str] = []
        self._heading: list[str] | None = None
        #: Text inside each element with an id, by id (examples, paragraphs).
        self.text_of: dict[str, list[str]] = {}
        self._open_ids: list[tuple[int, str]] = []
        self.feed(source)
        self.close()
        if self.stack:
            self.problems.append(f"never closed: {self.stack}")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        if tag == "html":
            self.root = a
        if "id" in a:
            self.ids.append(a["id"])
            if tag != "svg" and "svg" not in self.stack:
                self.anchors.append(a["id"])
            self.text_of[a["id"]] = []
            self._open_ids.append((len(self.stack), a["id"]))
        for name in ("src", "href"):
            if name in a:
                (self.sources if name == "src" else self.links).append(a[name])
        if tag == "img":
            self.images.append(a)
        if tag == "svg" and "designs" not in a.get("class", ""):
            self.drawings.append(a)
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = []
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
            return
        self.stack.pop()
        while self._open_ids and self._open_ids[-1][0] >= len(self.stack):
            self._open_ids.pop()
        if re.fullmatch(r"h[1-6]", tag) and self._heading is not None:
            self.headings.append((int(tag[1]), "".join(self._heading).strip()))
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._heading is not None:
            self._heading.append(data)
        for _depth, anchor in self._open_ids:
            self.text_of[anchor].append(data)


def parsed(pages: dict[tuple[str, str], str], game_id: str, locale: str) -> Page:
    page = Page(pages[(game_id, locale)])
    assert not page.problems, page.problems
    return page


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_valid_self_contained_and_in_the_locales_language(pages: dict[tuple[str, str], str],
                                                         game_id: str, locale: str) -> None:
    source = pages[(game_id, locale)]
    page = parsed(pages, game_id, locale)
    assert source.startswith("<!DOCTYPE html>\n")
    assert page.root == {"lang": locale, "dir": "rtl" if locale == "ar" else "ltr"}
    # Nothing from the network, no file beside it, nothing to run.
    # (not "http" anywhere: a picture's base64 may spell it, by chance)
    assert not re.search(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}", re.sub(r"data:[^\"']+", "", source))
    # Figures are inline vector drawings, no picture files nor data URIs.
    assert "data:image/png" not in source and not page.sources
    assert page.drawings and not page.images
    assert "script" not in page.tags
    assert not re.search(r"\son[a-z]+=", source)
    # Landmarks, and every link a jump within the page to an anchor it has.
    assert {"header", "nav", "main"} <= set(page.tags)
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    assert all(link.startswith("#") and link[1:] in page.ids for link in page.links)
    # Every picture says what it shows, or is marked as decoration (a cover picture alone).
    for drawing in page.drawings:
        assert float(drawing["width"]) > 0 and float(drawing["height"]) > 0
        assert (drawing.get("role") == "img" and drawing.get("aria-label")
                or drawing.get("aria-hidden") == "true"), drawing
    assert sum(1 for d in page.drawings if d.get("aria-label")) >= len(page.drawings) - 1
    # A wide figure scrolls in a region a keyboard reaches, with a name.
    for region in re.findall(r'<div ([^>]*class="scroll"[^>]*)>', source):
        assert 'tabindex="0"' in region and 'role="region"' in region
        assert re.search(r'aria-label="[^"]+"', region)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_headings_in_order(pages: dict[tuple[str, str], str], game_id: str, locale: str
                           ) -> None:
    levels = [level for level, _text in parsed(pages, game_id, locale).headings]
    assert levels[0] == 1 and levels.count(1) == 1
    for before, after in zip(levels, levels[1:], strict=False):
        assert after <= before + 1, levels


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_example_with_its_replayed_numbers(pages: dict[tuple[str, str], str],
                                                 game_id: str, locale: str) -> None:
    """Each worked example of the rulebook (the panels of the PDF) is on the page under
    ``#example-<id>``, with every number its replay gave the PDF's panel."""
    page = parsed(pages, game_id, locale)
    _template, xml, _figures = game_flow_source(context(game_id, locale))
    panels = ET.fromstring(xml).iter("example")
    seen = 0
    for panel in panels:
        ids = {f.get("example") for f in panel.iter("figure") if f.get("example")}
        if not ids:
            continue
        anchor = f"example-{min(ids)}"
        assert anchor in page.text_of, anchor
        shown = "".join(page.text_of[anchor])
        for number in re.findall(r"\d+", "".join(panel.itertext())):
            assert number in shown, (anchor, number)
        seen += 1
    examples = context(game_id, locale).examples
    assert seen >= 1 or not examples
    for example_id in examples:
        if f'example="{example_id}"' in xml:
            assert f"example-{example_id}" in page.ids


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_anchors_are_the_same_in_every_language(pages: dict[tuple[str, str], str],
                                                game_id: str) -> None:
    def anchors(code: str) -> list[str]:
        # A figure has ids (its full-size view) only where it is too wide for a phone,
        # which its words' lengths decide in each language; the ids it has are the same.
        return [i for i in parsed(pages, game_id, code).anchors
                if not re.fullmatch(r"(?:reference|rulebook)-figure-\d+(?:-in)?", i)]

    english = anchors("en")
    for code in LOCALES[1:]:
        assert anchors(code) == english
    assert "quick-reference" in english


def test_sections_are_linkable_by_name(pages: dict[tuple[str, str], str]) -> None:
    page = parsed(pages, "polar-derby", "pl")
    assert {"setup", "your-turn", "bust", "example-split-colours"} <= set(page.ids)
    assert "#setup" in page.links


def test_the_contents_match_the_pdf_bookmarks(pages: dict[tuple[str, str], str]) -> None:
    """The table of contents lists the rulebook's sections as the PDF's outline does."""
    ctx = context("polar-derby", "pl")
    pdf = PdfReader(BytesIO(GAMES["polar-derby"].document("rulebook").render(ctx)))

    def titles(outline: list[Any]) -> list[str]:
        out: list[str] = []
        for item in outline:
            out += titles(item) if isinstance(item, list) else [item.title]
        return out

    page = parsed(pages, "polar-derby", "pl")
    toc = re.findall(r'<nav .*?</nav>', pages[("polar-derby", "pl")], re.S)[0]
    entries = [re.sub(r"<[^>]+>", "", e) for e in re.findall(r'<a href="#[^"]+">(.*?)</a>', toc)]
    # (not the quick reference; the page's headings keep the no-break spaces that bind a
    # Polish one-letter word to the next, the outline, never broken into lines, has none)
    entries = [re.sub(r"^\d+\u00a0", "", e).replace("\u00a0", " ") for e in entries[1:]]
    assert entries == titles(pdf.outline)
    headings = [re.sub(r"^\d+\u00a0", "", text).replace("\u00a0", " ")
                for _l, text in page.headings]
    assert all(t in headings for t in titles(pdf.outline))


def test_same_context_same_bytes() -> None:
    ctx = context("coraz-blizej-swieta", "ar")
    assert rules_page(ctx) == rules_page(ctx)


def test_a_translators_markup_prints_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    evil = '<script>alert("x")</script> & <img src=x onerror=alert(1)>'
    original = Localizer.pgettext

    def pgettext(self: Localizer, context: str | None, message: str) -> str:
        found = original(self, context, message)
        return evil + found if message in ("Contents", "Setup", "Players") else found

    monkeypatch.setattr(Localizer, "pgettext", pgettext)
    source = rules_page(context("polar-derby", "de")).decode()
    page = Page(source)
    assert not page.problems
    assert "script" not in page.tags
    assert "<script" not in source and "<img src=x" not in source
    assert source.count("&lt;script&gt;") >= 3
    assert all(s.startswith("data:") for s in page.sources)


def test_an_element_outside_the_vocabulary_is_a_build_error_naming_the_template(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own template grows an element no writer knows: the page fails to build,
    as the PDF does, naming the template and the element (see tests/drawing/test_doctree.py
    for a node kind one writer was not taught)."""
    real = html_page.game_flow_source

    def grown(ctx: RenderContext) -> tuple[str, str, Any]:
        template, xml, figures = real(ctx)
        return template, xml.replace("</document>", "<sidebar>x</sidebar></document>"), figures

    monkeypatch.setattr(html_page, "game_flow_source", grown)
    with pytest.raises(PrintkitError, match=r"templates/yeti-slalom/.*<sidebar>"):
        rules_page(context("yeti-slalom", "en"))


def test_reading_comfort_in_the_css(pages: dict[tuple[str, str], str]) -> None:
    style = re.search(r"<style>(.*?)</style>", pages[("polar-derby", "en")], re.S).group(1)
    # Nothing wider than the narrowest phone: no fixed width above 320 px.
    for value, unit in re.findall(r"(?<![-\w])(?:width|min-width)\s*:\s*([\d.]+)(px|rem|em)",
                                  style):
        assert float(value) * (16 if unit != "px" else 1) <= 320, (value, unit)
    assert re.search(r"img \{[^}]*max-width: 100%", style)
    assert re.search(r"nav a \{[^}]*min-height: 44px", style)  # tap targets
    assert "@media print" in style and "prefers-color-scheme: dark" in style
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in \
        pages[("polar-derby", "en")]


CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium to look at the page with")
@pytest.mark.parametrize("locale", ["en", "ar"])
def test_no_sideways_scrolling_on_a_phone(pages: dict[tuple[str, str], str], tmp_path: Path,
                                          locale: str) -> None:
    """The page in a 320 and a 390 px wide frame of headless Chromium: nothing wider than
    the screen (a wide figure scrolls in its own region), every figure drawn. (The script
    is in the test's frame page only.)"""
    (tmp_path / "rules.html").write_text(pages[("polar-derby", locale)], encoding="utf-8")
    frames = "".join(f'<iframe src="rules.html" style="width:{w}px;height:1500px;border:0">'
                     f"</iframe>" for w in (320, 390))
    (tmp_path / "frame.html").write_text(
        f"<!DOCTYPE html><html><body>{frames}<script>"
        "window.addEventListener('load', function () {"
        " var out = [];"
        " for (const f of document.querySelectorAll('iframe')) {"
        "  var d = f.contentDocument, e = d.documentElement, broken = 0;"
        "  var figures = d.querySelectorAll('figure svg');"
        "  for (const s of figures) if (s.getBoundingClientRect().width === 0) broken++;"
        "  out.push(e.scrollWidth + '/' + e.clientWidth + '/' + figures.length + '/' + broken);"
        " }"
        " document.body.setAttribute('data-seen', out.join(' '));"
        "});</script></body></html>", encoding="utf-8")
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'chrome'}",
         "--allow-file-access-from-files", "--window-size=900,1600", "--dump-dom",
         (tmp_path / "frame.html").as_uri()],
        capture_output=True, text=True, timeout=120, check=False)
    seen = re.search(r'data-seen="([^"]*)"', result.stdout)
    if seen is None:
        pytest.skip(f"Chromium did not render the page: {result.stderr[-300:]}")
    for frame in seen.group(1).split():
        scroll, client, images, broken = (int(x) for x in frame.split("/"))
        assert scroll <= client, f"sideways scrolling: {scroll} px in {client} px"
        assert images > 5 and broken == 0


def test_the_command_line_helper(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert html_page.main(["coraz-blizej-swieta", "pl"]) == 0
    out = capsysbinary.readouterr().out
    assert out.startswith(b"<!DOCTYPE html>") and b'lang="pl"' in out
    assert html_page.main(["no-such-game", "pl"]) == 2


def test_a_game_without_flow_documents_has_no_page() -> None:
    ctx = context("polar-derby", "en")
    bare = dataclasses.replace(ctx.game, documents=())
    with pytest.raises(PrintkitError, match="no rulebook"):
        rules_page(dataclasses.replace(ctx, game=bare))


def test_every_element_of_the_vocabulary() -> None:
    xml = """<document numbered="yes"><cover><title>T &amp; co</title><subtitle>S</subtitle>
    <facts><fact label="Age">6+</fact></facts></cover>
    <h1>One</h1><p>a <b>b <i>c</i></b><br/>d</p><pagebreak/>
    <columns><h2>Sub</h2><ol><li>x</li></ol><ul><li>y</li></ul>
    <box><h2>Boxed</h2><p>in</p></box><note><p>n</p></note>
    <example><h3>Ex</h3><figure name="f" example="e1">cap</figure><p>told 3</p></example>
    </columns><colophon>end</colophon></document>"""
    drawn: list[tuple[dict[str, str], float, str]] = []

    def figure(attrs: Any, width: float, alt: str) -> Any:
        drawn.append((dict(attrs), width, alt))
        return Node("img", {"src": "data:image/png;base64,", "alt": alt})

    tree = doctree.parse(xml, "en", "rulebook")
    writer = HtmlWriter(template="t.xml.j2", locale="en", anchors=anchors(tree), top=2,
                        width=400, figure=figure)
    nodes = writer.visit(tree)
    tags = [n.tag for n in nodes]
    assert tags[:3] == ["h2", "p", "h3"] and "ol" in tags and "ul" in tags
    assert [h.anchor for h in writer.toc] == ["one", "sub", "boxed"]
    assert writer.toc[0].text == "1\u00a0One" and writer.title == "T & co"
    assert [n.tag for n in writer.cover] == ["p", "p", "dl"]
    example = next(n for n in nodes if n.attrs.get("id") == "example-e1")
    assert example.children[0].tag == "h4"  # under the h3 "Sub": no level skipped
    img = example.children[1].children[0]
    assert img.attrs["alt"] == "Ex" and img.attrs["aria-describedby"] == "example-e1-text"
    assert drawn[0][1] < 400 / 2  # a column's width, less the panel's padding
    assert nodes[-1].attrs == {"class": "colophon"}


def test_every_build_writes_a_rules_page_for_every_kit_linked_from_the_kit_page(
        built_kit: Path) -> None:
    from printkit.language.locales import shipped_locales

    index = (built_kit / "index.html").read_text(encoding="utf-8")
    for game in GAMES.values():
        for code in shipped_locales():
            page = built_kit / game.id / code / "rules.html"
            assert page.read_bytes().startswith(b"<!DOCTYPE html>"), page
            assert f'href="{game.id}/{code}/rules.html"' in index


def test_the_english_anchors_are_made_once_per_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every locale's page takes its anchors from the English text: it is rendered once for
    a build's data, not once per locale, and again for other data (a new build)."""
    made: list[str] = []
    original = html_page.game_flow_source

    def counted(ctx: RenderContext):  # type: ignore[no-untyped-def]
        made.append(ctx.localizer.code)
        return original(ctx)

    monkeypatch.setattr(html_page, "game_flow_source", counted)
    first = {code: rules_page(context("yeti-slalom", code)) for code in ("pl", "de", "ar")}
    assert made.count("en") <= 2  # (the rulebook's and the quick reference's, at most once)
    made.clear()
    ctx = context("yeti-slalom", "pl")
    rebuilt = dataclasses.replace(ctx, data=dict(ctx.data))  # the next build's data
    assert rules_page(rebuilt) == first["pl"]
    assert made.count("en") == 2
    german = dataclasses.replace(rebuilt, localizer=Localizer.for_locale("de"))
    assert rules_page(german) == first["de"]
    assert made.count("en") == 2  # the same build's English, already made
