"""The kit page as a phone and a screen reader get it: the built ``index.html`` read as HTML
(headings, the current language, link names, table headers, thumbnails) and opened in
headless Chromium (one language shown per fragment, and what its first view costs)."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import re
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.browser import Browser
from tests.conftest import Kit

#: The first view of the page on a phone, HTML and all it loads, at most.
MAX_REQUESTS = 30
MAX_BYTES = 300_000


@dataclass
class Link:
    href: str
    label: str | None
    text: str = ""  # the visible words and the alt text of its pictures

    @property
    def name(self) -> str:
        """Its accessible name, as far as this page needs: aria-label, else its content."""
        return " ".join((self.label if self.label is not None else self.text).split())


@dataclass
class Section:
    """One language's part of the page."""

    code: str
    classes: list[str]
    links: list[Link] = field(default_factory=list)
    current: list[str] = field(default_factory=list)  # hrefs marked aria-current
    switcher: dict[str, dict[str, str | None]] = field(default_factory=dict)
    headings: list[int] = field(default_factory=list)
    tables: list[dict] = field(default_factory=list)
    images: list[dict[str, str | None]] = field(default_factory=list)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sections: list[Section] = []
        self.h1: list[str] = []
        self.ids: set[str] = set()
        self.styles: list[str] = []
        self._link: Link | None = None
        self._hidden = 0  # depth inside aria-hidden content
        self._in_nav = False
        self._cell: dict | None = None
        self._row: list[dict] | None = None
        self._part = ""
        self._style = False
        self._h1 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        section = self.sections[-1] if self.sections else None
        if tag == "section" and "locale" in (a.get("class") or "").split():
            self.sections.append(Section(a["id"] or "", (a.get("class") or "").split()))
        elif tag == "style":
            self._style = True
        elif tag == "h1":
            self._h1 = True
            self.h1.append("")
        elif section is None:
            return
        elif re.fullmatch(r"h[2-6]", tag):
            section.headings.append(int(tag[1]))
        elif tag == "nav":
            self._in_nav = True
        elif tag == "a" and a.get("aria-hidden") != "true":
            self._link = Link(a.get("href") or "", a.get("aria-label"))
            if self._in_nav:
                section.switcher[a.get("href") or ""] = a
            if a.get("aria-current"):
                section.current.append(a.get("href") or "")
        elif tag == "img":
            section.images.append(a)
            if self._link is not None:
                self._link.text += " " + (a.get("alt") or "")
        elif tag == "div" and "table" in (a.get("class") or "").split():
            section.tables.append({"region": a, "head": [], "rows": []})
        elif tag in ("thead", "tbody"):
            self._part = tag
        elif tag == "tr" and section.tables:
            self._row = []
            table = section.tables[-1]
            (table["head"] if self._part == "thead" else table["rows"]).append(self._row)
        elif tag in ("th", "td") and self._row is not None:
            self._cell = {"tag": tag, "scope": a.get("scope"), "text": ""}
            self._row.append(self._cell)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._link is not None and self.sections:
            self.sections[-1].links.append(self._link)
            self._link = None
        elif tag == "nav":
            self._in_nav = False
        elif tag in ("th", "td"):
            self._cell = None
        elif tag == "style":
            self._style = False
        elif tag == "h1":
            self._h1 = False

    def handle_data(self, data: str) -> None:
        if self._style:
            self.styles.append(data)
        if self._h1:
            self.h1[-1] += data
        if self._link is not None:
            self._link.text += data
        if self._cell is not None:
            self._cell["text"] += data


def _page(kit: Kit) -> _Page:
    page = _Page()
    page.feed((kit.out / "index.html").read_text(encoding="utf-8"))
    assert page.sections, "the kit page lists no language"
    return page


def test_the_page_has_one_h1_and_its_headings_in_order(kit: Kit) -> None:
    page = _page(kit)
    assert len(page.h1) == 1 and page.h1[0].strip(), page.h1
    for section in page.sections:
        assert section.headings[0] == 2, section.code  # each kit's title, under the h1
        for before, after in zip(section.headings, section.headings[1:], strict=False):
            assert after <= before + 1, (section.code, section.headings)


def test_each_language_marks_itself_current_in_its_switcher(kit: Kit) -> None:
    page = _page(kit)
    codes = [s.code for s in page.sections]
    assert sum("default" in s.classes for s in page.sections) == 1
    for section in page.sections:
        assert section.current == [f"#{section.code}"], section.code
        assert sorted(section.switcher) == sorted(f"#{code}" for code in codes)
        for code in codes:
            link = section.switcher[f"#{code}"]
            assert link["lang"] == code and link["hreflang"] == code, link
    switcher = page.sections[0].switcher
    if "#ar" in switcher:
        assert switcher["#ar"]["dir"] == "rtl"
    if "#ja" in switcher:
        assert switcher["#ja"]["dir"] == "ltr"


def test_no_two_links_of_a_language_share_a_name_but_not_a_target(kit: Kit) -> None:
    """A screen reader's list of links, or a voice command ("click Rulebook"), tells every
    link apart: one name, one target. A name given by aria-label begins with the words the
    link shows (WCAG 2.5.3)."""
    for section in _page(kit).sections:
        targets: dict[str, set[str]] = {}
        for link in section.links:
            assert link.name, (section.code, link)
            targets.setdefault(link.name, set()).add(link.href)
            shown = " ".join(link.text.split())
            if link.label is not None and shown:
                assert link.name.startswith(shown), (section.code, link)
        shared = {name: hrefs for name, hrefs in targets.items() if len(hrefs) > 1}
        assert not shared, (section.code, shared)
        assert len(targets) > 20, section.code  # the kits' links were read


def test_the_bill_of_materials_has_row_and_column_headers_in_a_named_region(kit: Kit
                                                                            ) -> None:
    page = _page(kit)
    for section in page.sections:
        assert section.tables, section.code
        for table in section.tables:
            region = table["region"]
            assert region.get("tabindex") == "0" and region.get("role") == "region"
            names = (region.get("aria-labelledby") or "").split()
            assert names and set(names) <= page.ids, region
            head = table["head"][0]
            assert all(c["tag"] == "th" and c["scope"] == "col" for c in head), head
            assert table["rows"]
            for row in table["rows"]:
                first = row[0]
                assert first["tag"] == "th" and first["scope"] == "row", row
                assert first["text"].strip(), row
                assert all(c["tag"] == "td" for c in row[1:]), row


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_every_thumbnail_is_lazy_and_sized_as_its_picture(kit: Kit) -> None:
    seen = 0
    for section in _page(kit).sections:
        for img in section.images:
            assert img.get("loading") == "lazy" and img.get("decoding") == "async", img
            size = _png_size(kit.out / (img["src"] or ""))
            assert (int(img["width"] or 0), int(img["height"] or 0)) == size, img
            seen += 1
    assert seen > 20


# --- in a browser ---------------------------------------------------------------------------

class _Files(http.server.SimpleHTTPRequestHandler):
    """The output folder over HTTP, its HTML compressed when the browser asks for it, as a
    web host sends it."""

    def log_message(self, *args: object) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.suffix != ".html" or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        try:
            body = gzip.compress(path.read_bytes(), mtime=0)
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # the browser closing a connection early


@pytest.fixture(scope="module")
def served(kit: Kit) -> Iterator[str]:
    server = _Server(("127.0.0.1", 0), functools.partial(_Files, directory=str(kit.out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    browser = Browser("about:blank", tmp_path_factory.mktemp("kit-page-profile"))
    try:
        browser.loaded()
        browser.emulate(390, 844, 3, mobile=True)
        browser.command("Network.enable")
        browser.command("Network.setCacheDisabled", {"cacheDisabled": True})
        yield browser
    finally:
        browser.close()


#: The sections the browser shows, and the language the shown switcher marks current.
SHOWN = """JSON.stringify([[...document.querySelectorAll("section.locale")]
    .filter(s => getComputedStyle(s).display !== "none").map(s => s.id),
    [...document.querySelectorAll("nav a[aria-current]")].filter(a => a.offsetParent)
    .map(a => a.getAttribute("href"))])"""


@pytest.mark.slow
def test_each_fragment_shows_its_language_and_only_it_without_has(kit: Kit, served: str,
                                                                  phone: Browser) -> None:
    page = _page(kit)
    rules = re.sub(r"/\*.*?\*/", "", "".join(page.styles), flags=re.S)
    assert ":target" in rules and ":has(" not in rules
    default = next(s.code for s in page.sections if "default" in s.classes)
    try:
        for scripts in (True, False):  # the page's own script, or none at all
            phone.command("Emulation.setScriptExecutionDisabled", {"value": not scripts})
            for fragment in ["", *(f"#{s.code}" for s in page.sections), "#no-such-language"]:
                phone.navigate("about:blank")
                phone.navigate(served + fragment)
                shown, current = json.loads(phone.evaluate(SHOWN))
                code = fragment[1:] if fragment[1:] in {s.code for s in page.sections} \
                    else default
                assert shown == [code] and current == [f"#{code}"], (fragment, scripts)
    finally:
        phone.command("Emulation.setScriptExecutionDisabled", {"value": False})


def _first_view(phone: Browser, url: str) -> tuple[list[str], int]:
    """The URLs the page asked for until it went quiet, and the bytes that came over the
    wire (headers and bodies, as sent)."""
    phone.navigate("about:blank")
    phone.navigate(url)
    quiet, count = 0, -1
    deadline = time.monotonic() + 60
    while quiet < 10 and time.monotonic() < deadline:  # a second with nothing new
        time.sleep(0.1)
        phone.evaluate("1")  # (events arrive with an answer)
        asked = [p for m, p in phone.events if m == "Network.requestWillBeSent"]
        done = [p for m, p in phone.events
                if m in ("Network.loadingFinished", "Network.loadingFailed")]
        quiet = quiet + 1 if len(asked) == count and len(done) >= len(asked) else 0
        count = len(asked)
    urls = [p["request"]["url"] for m, p in phone.events if m == "Network.requestWillBeSent"]
    size = sum(int(p["encodedDataLength"]) for m, p in phone.events
               if m == "Network.loadingFinished")
    return urls, size


@pytest.mark.slow
def test_the_first_view_on_a_phone_keeps_to_its_budget(kit: Kit, served: str,
                                                       phone: Browser) -> None:
    page = _page(kit)
    base = served.rsplit("/", 1)[0] + "/"
    for section in page.sections:
        if section.code not in ("en", "ar", "ja") and "default" not in section.classes:
            continue
        fragment = "" if "default" in section.classes else f"#{section.code}"
        urls, size = _first_view(phone, served + fragment)
        pictures = [u[len(base):] for u in urls if u.endswith(".png")]
        assert len(urls) <= MAX_REQUESTS and size <= MAX_BYTES, (fragment, len(urls), size)
        # the shown language's first kit shows its pictures; no other language's load
        first = next(img["src"] for img in section.images)
        assert first in pictures, (fragment, pictures)
        assert all(p.split("/")[1] == section.code for p in pictures), (fragment, pictures)
