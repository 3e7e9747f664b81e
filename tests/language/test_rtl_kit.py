"""An Arabic kit as printed and as the rules page shows it: bold text in the locale's bold
face, italic text upright, a Latin title and signed numbers isolated, and the cover's
facts reading the same in the PDF and on the rules page."""

from __future__ import annotations

import ctypes
import html
import re
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from bidi import get_display
from pypdf import PdfReader

from printkit.games import GAMES
from printkit.language import bidi, fonts
from printkit.language.script import load
from tests.support import embedded_fonts

#: Two games are enough: one with a Latin title ending in "…" (Coraz bliżej Święta…),
#: one with penalty cards (−2/−4), bonus-round banners and facts "1–5" and "6+".
BUILT = ("coraz-blizej-swieta", "pick-a-polar-bear")
MINUS = "\u2212"


@pytest.fixture(scope="module")
def arabic_kit(built_kit: Path) -> Path:
    """The session's kit, which holds these games in Arabic."""
    return built_kit


def _pdf(kit: Path, game: str, doc: str) -> Path:
    return kit / game / "ar" / f"{doc}-a4.pdf"


def _chars(pdf: Path, index: int) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """Every character drawn on page ``index`` but white space: (text, font name, (left,
    baseline, right, font size)), in the text page's order."""
    page = pdfium.PdfDocument(str(pdf))[index]
    text = page.get_textpage()
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    x, y = ctypes.c_double(), ctypes.c_double()
    out = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if not char.strip():
            continue
        pdfium_c.FPDFText_GetFontInfo(text, i, name, 256, ctypes.byref(flags))
        pdfium_c.FPDFText_GetCharOrigin(text, i, ctypes.byref(x), ctypes.byref(y))
        left, _bottom, right, _top = text.get_charbox(i)
        size = pdfium_c.FPDFText_GetFontSize(text, i)
        out.append((char, name.value.decode(), (left, y.value, right, size)))
    return out


def _font_runs(pdf: Path, index: int) -> list[tuple[str, str]]:
    """The page's text as (font, text) runs, the text as its characters mean it (without
    white space)."""
    runs: list[tuple[str, str]] = []
    for char, font, _box in _chars(pdf, index):
        char = unicodedata.normalize("NFKC", char)
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs


def _rows(pdf: Path, index: int, gap: float = 3.0) -> list[str]:
    """The page's characters as drawn, left to right: each baseline's characters in runs
    broken where more than ``gap`` points lie between two."""
    found: dict[int, list[tuple[float, float, str]]] = {}
    for char, _font, (left, baseline, right, _top) in _chars(pdf, index):
        found.setdefault(round(baseline), []).append((left, right, char))
    rows = []
    for _y, chars in sorted(found.items()):
        chars.sort()
        row = chars[0][2]
        for (_l, right, _c), (left, _r, char) in zip(chars, chars[1:], strict=False):
            if left - right > gap:
                rows.append(row)
                row = ""
            row += char
        rows.append(row)
    return rows


def test_bold_text_prints_in_the_locales_bold_face(arabic_kit: Path) -> None:
    for game, doc in (("coraz-blizej-swieta", "rulebook"), ("pick-a-polar-bear", "rulebook"),
                      ("pick-a-polar-bear", "special-cards")):
        seen = embedded_fonts(PdfReader(_pdf(arabic_kit, game, doc)))
        assert "NotoSansArabic-Bold" in seen, (game, doc, seen)
    # a lead-in of the rulebook (<b> in a list item) and a card's banner (a bold label)
    lead_in = [t for f, t in _font_runs(_pdf(arabic_kit, "coraz-blizej-swieta", "rulebook"), 1)
               if f.endswith("NotoSansArabic-Bold")]
    # (the words' letters: PDFium places a line's neutral ":" by its own guess)
    assert any("أعلىمنخانتك" in t.replace(":", "") for t in lead_in), lead_in
    banner = [t for f, t in _font_runs(_pdf(arabic_kit, "pick-a-polar-bear", "special-cards"), 0)
              if f.endswith("NotoSansArabic-Bold")]
    assert any("جولة المكافأة".replace(" ", "") in t for t in banner), banner


def test_italic_text_of_a_locale_without_italics_is_set_upright(arabic_kit: Path) -> None:
    script = load("ar")
    assert not script.slanted("italic") and not script.slanted("bold_italic")
    assert fonts.chain(fonts.ITALIC, script)[1] == fonts.REGULAR
    assert fonts.chain(fonts.BOLD_ITALIC, script)[1] == fonts.BOLD
    assert fonts.chain(fonts.ITALIC, load("pl")) == (fonts.ITALIC,)  # DejaVu's own italics
    for game in BUILT:
        seen = embedded_fonts(PdfReader(_pdf(arabic_kit, game, "rulebook")))
        assert not any("Oblique" in name for name in seen), (game, seen)


def test_a_latin_title_in_an_arabic_footer_reads_whole_with_its_ellipsis(
        arabic_kit: Path) -> None:
    title = GAMES["coraz-blizej-swieta"].load_data()["title"]
    assert title.endswith("…")
    pdf = _pdf(arabic_kit, "coraz-blizej-swieta", "rulebook")
    footer = [c for c in _chars(pdf, 0) if c[2][1] < 40]  # the line at the page's foot
    latin = sorted((box[0], char) for char, font, box in footer
                   if font.startswith("DejaVu") and not char.isdigit())  # (the page number)
    shown = "".join(char for _x, char in latin)
    assert title.replace(" ", "") in shown.replace("...", "…"), shown
    # the title at the footer's right end (where right-to-left lines begin), the document's
    # Arabic name to its left
    arabic = [box for _c, font, box in footer if "Arabic" in font]
    assert arabic and max(b[2] for b in arabic) < latin[0][0]


def test_a_signed_number_keeps_its_sign_on_the_left_of_its_digits(arabic_kit: Path) -> None:
    checked = 0
    for doc, pages in (("special-cards", (0, 1)), ("rulebook", range(6))):
        pdf = _pdf(arabic_kit, "pick-a-polar-bear", doc)
        for index in pages:
            chars = _chars(pdf, index)
            digits = [box for char, _f, box in chars if char.isdigit()]
            for char, _font, (left, baseline, right, size) in chars:
                if char != MINUS:
                    continue
                # a digit closer than a space: the minus is its sign (an operator stands
                # between spaces)
                touching = [d for d in digits if abs(d[1] - baseline) < 1
                            and min(abs(d[0] - right), abs(left - d[2])) < 0.28 * size]
                if not touching:
                    continue
                assert all(d[0] >= right - 0.5 for d in touching), (doc, index)
                checked += 1
    assert checked >= 10  # the −2 and −4 on the cards and in the rules


def _shown(markup: str) -> str:
    """An element's text as a right-to-left page shows it: its <bdi> isolates as the
    Unicode controls they stand for, in visual order (python-bidi)."""
    text = re.sub(r'<bdi dir="ltr">', bidi.LRI, markup)
    text = re.sub(r'<bdi dir="rtl">', bidi.RLI, text)
    text = re.sub(r"<bdi>", bidi.FSI, text).replace("</bdi>", bidi.PDI)
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return bidi.plain(get_display(text, base_dir="R"))


@pytest.mark.parametrize("game", BUILT)
def test_the_cover_facts_read_the_same_in_the_pdf_and_on_the_rules_page(
        arabic_kit: Path, game: str) -> None:
    page = (arabic_kit / game / "ar" / "rules.html").read_text(encoding="utf-8")
    values = re.findall(r"<dd>(.*?)</dd>", page)
    numeric = [v for v in values if bidi.direction(html.unescape(re.sub("<[^>]+>", "", v)))
               == "LTR"]
    assert numeric, values  # "2–4", "1–5", "6+"
    rows = _rows(_pdf(arabic_kit, game, "rulebook"), 0)
    for value in numeric:
        shown = _shown(value)
        assert shown in rows, (shown, rows)  # as the PDF draws it, left to right
    # and the game's title heads the page whole, its "…" at its end
    heading = re.search(r"<h1>(.*?)</h1>", page)
    assert heading is not None
    title = GAMES[game].load_data()["title"]
    assert _shown(heading.group(1).replace(bidi.FSI, "<bdi>").replace(bidi.PDI, "</bdi>")) \
        == title


def test_a_signed_number_on_the_rules_page_keeps_its_sign_on_the_left(
        arabic_kit: Path) -> None:
    page = (arabic_kit / "pick-a-polar-bear" / "ar" / "rules.html").read_text(encoding="utf-8")
    paragraphs = [p for p in re.findall(r"<p[^>]*>(.*?)</p>", page) if MINUS in p]
    assert paragraphs
    for paragraph in paragraphs:
        shown = _shown(paragraph)
        assert not re.search(rf"\d{MINUS}", shown), shown  # never "4−"
        assert re.search(rf"{MINUS}\d", shown), shown


def test_the_kit_page_isolates_a_latin_title_in_its_arabic_section(arabic_kit: Path) -> None:
    page = (arabic_kit / "index.html").read_text(encoding="utf-8")
    title = GAMES["coraz-blizej-swieta"].load_data()["title"]
    assert re.search(rf'<h2 id="ar-coraz-blizej-swieta-[a-z0-9]+-title"><bdi>'
                     rf'{re.escape(html.escape(title))}</bdi></h2>', page)
