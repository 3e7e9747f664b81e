"""Every rulebook and quick reference, in every locale, as a reader gets it.

Checked on the built kit (the ``kit`` fixture): no developer text, worked examples never
split from their text, no line that starts or ends with an operator or a lone unit,
bookmarks for every section, and PDF metadata (a one-page reference: see
tests/games/test_every_game.py).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.drawing.flow import UNITS
from printkit.games import GAMES
from printkit.language.translations import Localizer
from tests.conftest import Kit
from tests.support import flat, reads_right_to_left

GAME_IDS = list(GAMES)
PLAYER_DOCS = ("rulebook", "reference")


def reader(kit: Path, game: str, locale: str, doc: str) -> PdfReader:
    return PdfReader(kit / game / locale / f"{doc}-a4.pdf")


def squash(text: str) -> str:
    """Text with every run of white space (no-break spaces too) made one space, none next
    to a CJK character (see tests.support.flat)."""
    return flat(text)


def page_texts(pdf: PdfReader) -> list[str]:
    return [squash(page.extract_text() or "") for page in pdf.pages]


def flow_xml(kit: Kit, game: str, locale: str, doc: str) -> ET.Element:
    return ET.fromstring(kit.flow_xml[(game, locale, doc)])


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("doc", PLAYER_DOCS)
def test_no_developer_text_in_players_documents(kit: Kit, game: str, doc: str) -> None:
    for locale in kit.locales:
        text = " ".join(page_texts(reader(kit.out, game, locale, doc)))
        assert "printkit" not in text.lower(), (locale, doc)
        assert not re.search(r"(^|\s)--[a-z]", text), (locale, doc)  # a command-line option


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("doc", PLAYER_DOCS)
def test_no_line_starts_or_ends_with_an_operator_or_a_lone_unit(kit: Kit, game: str,
                                                                doc: str) -> None:
    operators = ("+", "×", "=", "\u2212")
    for locale in kit.locales:
        pdf = reader(kit.out, game, locale, doc)
        for number, page in enumerate(pdf.pages, 1):
            for line in (page.extract_text() or "").splitlines():
                words = line.replace("\u00a0", " ").split()
                if not words:
                    continue
                if not re.search(r"[^\W\d_]{3}", line):
                    continue  # a label drawn in a diagram ("✗ =", "= 3"), not a line of text
                # A sum or a unit carried over from the line before, or left dangling.
                assert words[0] not in (*operators, *UNITS), (locale, doc, number, line)
                assert words[-1] not in operators, (locale, doc, number, line)


def _example_panels(root: ET.Element) -> list[tuple[str, str, str]]:
    """(heading, first caption, last words of the text) of every <example> panel."""
    out = []
    for example in root.iter("example"):
        heading = squash("".join(next(example.iter("h3")).itertext()))
        figure = next(example.iter("figure"), None)
        caption = squash("".join(figure.itertext())) if figure is not None else ""
        paragraphs = [p for p in example.iter("p")]
        words = squash("".join(paragraphs[-1].itertext())).split() if paragraphs else []
        out.append((heading, caption, " ".join(words[-4:])))
    return out


def _page_of(texts: list[str], needle: str, start: int = 0) -> int:
    for i in range(start, len(texts)):
        if needle and needle in texts[i]:
            return i
    raise AssertionError(f"{needle!r} is on no page")


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_example_is_on_one_page_with_its_heading_diagram_and_text(kit: Kit,
                                                                       game: str) -> None:
    for locale in kit.locales:
        panels = _example_panels(flow_xml(kit, game, locale, "rulebook"))
        assert len(panels) == len(GAMES[game].load_examples()), locale
        if reads_right_to_left(locale):
            continue  # its headings cannot be found in extracted text (see printed_in)
        texts = page_texts(reader(kit.out, game, locale, "rulebook"))
        page = 0
        for heading, caption, ending in panels:
            page = _page_of(texts, heading[:60], page)
            # Text extraction may reflow long headings; the caption and the end of the
            # text must be on the heading's page.
            if caption:
                assert caption[:40] in texts[page], (locale, heading, caption)
            assert ending in texts[page], (locale, heading, ending)


@pytest.mark.parametrize("game", GAME_IDS)
def test_rulebooks_have_a_bookmark_for_every_section_and_metadata(kit: Kit,
                                                                   game: str) -> None:
    for locale in kit.locales:
        loc = Localizer.for_locale(locale)
        pdf = reader(kit.out, game, locale, "rulebook")
        root = flow_xml(kit, game, locale, "rulebook")
        sections = [squash("".join(h.itertext())) for h in root.iter("h1")]
        top = [item.title for item in pdf.outline if not isinstance(item, list)]
        assert len(sections) >= 4 and [squash(t) for t in top] == sections, locale
        info = pdf.metadata
        assert info.title.startswith(GAMES[game].load_data()["title"])
        assert info.subject == loc.gettext("Rulebook")
        assert pdf.trailer["/Root"]["/Lang"] == locale
