"""Right-to-left text (Arabic): shaped as HarfBuzz shapes it, in bidi order, set against
the right margin, in every kit."""

from __future__ import annotations

import ctypes
import re
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import uharfbuzz
from bidi import get_display
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.paragraph import Paragraph
from printkit.games import GAMES
from printkit.language import bidi, fonts, lines, shaping
from printkit.language.script import Script, load
from tests.conftest import Kit
from tests.support import embedded_fonts, locale_fonts

SENTENCE = "يرمي اللاعب حجري النرد ويأخذ الدببة القطبية من الحلبة."
MIXED = "يرمي Ben حجري النرد: 3 + 4 = 7، ثم يمرّر الدور إلى Ana (12 نقطة)."


@pytest.fixture()
def arabic() -> Script:
    return load("ar")


def _glyphs(shaped: str, font: str) -> list[int]:
    face = pdfmetrics.getFont(font).face
    return [face.charToGlyph[ord(c)] for c in shaped]


def test_an_arabic_sentence_is_shaped_as_harfbuzz_shapes_it(arabic: Script) -> None:
    font = fonts.chain(fonts.REGULAR, arabic)[0]
    shaped, width = shaping.shape(SENTENCE, font, 10, True)
    blob = uharfbuzz.Blob.from_file_path(str(load("ar").fonts["regular"]))
    hb_font = uharfbuzz.Font(uharfbuzz.Face(blob))
    buffer = uharfbuzz.Buffer()
    buffer.add_str(SENTENCE)
    buffer.guess_segment_properties()
    uharfbuzz.shape(hb_font, buffer, shaping.FEATURES)
    expected = [info.codepoint for info in buffer.glyph_infos]
    assert buffer.direction == "rtl"
    assert _glyphs(shaped, font) == expected
    # joined letters: the shaped glyphs are not the letters' own (isolated) glyphs
    isolated = [hb_font.get_nominal_glyph(ord(c)) for c in reversed(SENTENCE)]
    assert expected != isolated
    advances = sum(p.x_advance for p in buffer.glyph_positions)
    assert width == pytest.approx(advances * 10 / hb_font.face.upem, rel=1e-6)


def _words_by_x(pdf: Path) -> list[tuple[str, float]]:
    """Each run of ASCII letters or digits drawn on the first page, with its left x, from
    the PDF's own character boxes."""
    page = pdfium.PdfDocument(str(pdf))[0]
    text = page.get_textpage()
    out: list[tuple[str, float]] = []
    last_right = None
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        left, _bottom, right, _top = text.get_charbox(i, loose=True)
        if re.fullmatch(r"[A-Za-z0-9]", char):
            if out and last_right is not None and abs(left - last_right) < 1.0 \
                    and re.fullmatch(r"[A-Za-z0-9]+", out[-1][0]):
                out[-1] = (out[-1][0] + char, out[-1][1])
            else:
                out.append((char, left))
            last_right = right
        else:
            last_right = None
    return out


def _rows(pdf: Path, page_index: int = 0, min_chars: int = 1) -> list[tuple[float, float]]:
    """The left and right end of each line of text drawn on a page (characters grouped by
    their baseline, from the PDF's own character positions)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    text = page.get_textpage()
    x, y = ctypes.c_double(), ctypes.c_double()
    found: list[tuple[float, float, float]] = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if not char.strip() or unicodedata.category(char) == "Mn":  # marks sit raised
            continue
        pdfium_c.FPDFText_GetCharOrigin(text, i, x, y)
        left, _bottom, right, _top = text.get_charbox(i, loose=True)
        found.append((y.value, left, right))
    rows: list[list[float]] = []
    last = None
    for base, left, right in sorted(found):
        if last is None or base - last > 3:
            rows.append([])
        rows[-1] += [left, right]
        last = base
    return [(min(xs), max(xs)) for xs in rows if len(xs) >= 2 * min_chars]


def _draw(tmp_path: Path, text: str, width: float = 400) -> tuple[Path, Paragraph]:
    path = tmp_path / "para.pdf"
    canvas = Canvas(str(path), pagesize=(width + 40, 200))
    style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=12, leading=16)
    para = Paragraph(text, style, script=load("ar"))
    para.wrap(width, 200)
    para.drawOn(canvas, 20, 180 - para.height)
    canvas.save()
    return path, para


def test_a_sentence_with_numbers_and_latin_names_is_in_bidi_order(
        tmp_path: Path) -> None:
    path, para = _draw(tmp_path, MIXED)
    assert len(para.blPara.lines) == 1
    drawn = [word for word, _x in sorted(_words_by_x(path), key=lambda w: w[1])]
    # the reference implementation's visual order of the same sentence
    expected = re.findall(r"[A-Za-z0-9]+", get_display(MIXED, base_dir="R"))
    assert drawn == expected
    assert drawn.index("Ben") > drawn.index("Ana")  # Ben is read first: on the right
    assert "21" not in drawn and "12" in drawn  # a number keeps its digits in order


def test_right_to_left_lines_end_at_the_right_margin(tmp_path: Path) -> None:
    path, para = _draw(tmp_path, " ".join([SENTENCE, MIXED] * 3), width=250)
    assert len(para.blPara.lines) >= 4
    rows = _rows(path)
    assert len(rows) == len(para.blPara.lines)
    lefts, rights = [r[0] for r in rows], [r[1] for r in rows]
    assert all(r == pytest.approx(20 + 250, abs=1.5) for r in rights), rights
    assert max(lefts) - min(lefts) > 10  # ragged on the left, where lines end


def test_a_split_paragraph_goes_on_with_the_words_after_the_first_half(
        arabic: Script) -> None:
    style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=12, leading=16)
    text = " ".join([SENTENCE] * 6)
    para = Paragraph(text, style, script=arabic)
    para.wrap(200, 1000)
    whole = len(para.blPara.lines)
    first, second = para.split(200, para.style.leading * 2 + 1)
    second.wrap(200, 1000)
    assert len(first.blPara.lines) == 2
    assert len(second.blPara.lines) == whole - 2
    logical = "".join(str(f.text) for line in second.blPara.lines for f in line.logical)
    assert " ".join(logical.split()) in " ".join(text.split())


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_arabic_kit_builds_strict_with_its_fonts_embedded_and_right_aligned(
        request: pytest.FixtureRequest, paper: str) -> None:
    # The session's kits are built strict: a missing translation would have failed them.
    out = request.getfixturevalue("built_kit" if paper == "a4" else "built_kit_letter")
    allowed = locale_fonts("ar")
    assert any("Arabic" in name for name in allowed)
    for game in GAMES:
        paths = sorted((out / game / "ar").glob(f"*-{paper}.pdf"))
        assert len(paths) > 6
        for path in paths:
            seen = embedded_fonts(PdfReader(path))
            assert seen and all(name.startswith(allowed) for name in seen), (path.name, seen)
            assert any("Arabic" in name for name in seen), path.name
        # the rulebook's first pages: their running text starts at the right margin
        rulebook = out / game / "ar" / f"rulebook-{paper}.pdf"
        width = pdfium.PdfDocument(str(rulebook))[0].get_width()
        long_rows = _rows(rulebook, 0, min_chars=30) + _rows(rulebook, 1, min_chars=30)
        margin = 18 * 72 / 25.4
        at_right = [r for r in long_rows if abs(r[1] - (width - margin)) < 2]
        at_left = [r for r in long_rows if abs(r[0] - margin) < 2]
        assert len(at_right) >= 3 and len(at_right) > 2 * len(at_left), (game, paper)


def _first_x(pdf: Path, word: str) -> tuple[float, float]:
    """The left and right end of the first place ``word`` is drawn on the first page."""
    page = pdfium.PdfDocument(str(pdf))[0]
    text = page.get_textpage()
    chars = [text.get_text_range(i, 1) for i in range(text.count_chars())]
    start = "".join(chars).index(word)
    boxes = [text.get_charbox(i, loose=True) for i in range(start, start + len(word))]
    return min(b[0] for b in boxes), max(b[2] for b in boxes)


@pytest.mark.parametrize(("game", "doc"), [("polar-derby", "score-sheet"),
                                           ("pick-a-polar-bear", "solo-sheet"),
                                           ("coraz-blizej-swieta", "tracker")])
def test_a_sheet_is_the_mirror_image_of_its_left_to_right_layout(
        kit: Kit, game: str, doc: str) -> None:
    title = GAMES[game].load_data()["title"]
    width = pdfium.PdfDocument(str(kit.out / game / "en" / f"{doc}-a4.pdf"))[0].get_width()
    left, right = _first_x(kit.out / game / "en" / f"{doc}-a4.pdf", title)
    mirrored = _first_x(kit.out / game / "ar" / f"{doc}-a4.pdf", title)
    assert left < width / 3  # the heading where lines start: left, then right
    assert mirrored[1] > width * 2 / 3
    assert mirrored[1] == pytest.approx(width - left, abs=3)  # the same margin
    # and the title reads the right way round: its letters in order, left to right
    assert mirrored[1] - mirrored[0] == pytest.approx(right - left, abs=1)


def test_the_kit_page_sets_each_language_in_its_direction(kit: Kit) -> None:
    page = (kit.out / "index.html").read_text(encoding="utf-8")
    for code, direction in (("ar", "rtl"), ("en", "ltr"), ("ja", "ltr")):
        # (the language shown without a fragment is also the default one)
        assert re.search(rf'<section class="locale( default)?" id="{code}" lang="{code}" '
                         rf'dir="{direction}">', page), code


def test_a_latin_title_alone_on_a_line_keeps_its_ellipsis_at_its_end(arabic: Script) -> None:
    pieces = lines.line("Coraz bliżej Święta…", fonts.REGULAR, 10, arabic, fonts.runs)
    assert "".join(str(text) for _font, text, _w in pieces) == "Coraz bliżej Święta…"
    mixed = lines.line("يرمي Ben.", fonts.REGULAR, 10, arabic, fonts.runs)
    assert str(mixed[0][1]) == "."  # an Arabic sentence's full stop: at its left end


def test_an_embedding_in_a_translation_orders_its_line_and_is_never_drawn(
        arabic: Script) -> None:
    text = "مرحبا \u202aBen 12\u202c يرمي"
    shown = "".join(str(piece) for _font, piece, _w in lines.line(text, fonts.REGULAR, 10,
                                                                    arabic, fonts.runs))
    assert not set(shown) & bidi.INVISIBLE
    expected = re.findall(r"[A-Za-z0-9]+", get_display(text, base_dir="R"))
    assert re.findall(r"[A-Za-z0-9]+", shown) == expected == ["Ben", "12"]


def test_a_bracket_the_arabic_font_lacks_leaves_the_word_in_the_arabic_font(
        arabic: Script) -> None:
    arabic_font = fonts.chain(fonts.REGULAR, arabic)[0]
    assert ord("(") not in fonts._charmap(arabic_font)  # Noto Sans Arabic has no "("
    assert fonts.runs("(الحجم الفعلي)", fonts.REGULAR, arabic) == (
        (fonts.REGULAR, "("), (arabic_font, "الحجم الفعلي"), (fonts.REGULAR, ")"))
    # and the word is shaped: its letters joined, not DejaVu's isolated forms
    shaped, _width = shaping.shape("الحجم", arabic_font, 10, True)
    assert _glyphs(shaped, arabic_font) != [
        pdfmetrics.getFont(arabic_font).face.charToGlyph[ord(c)] for c in reversed("الحجم")]


_CODES = """
import sys
from printkit.language import fonts, shaping
from printkit.language.script import load
font = fonts.chain(fonts.HEADING, load("ar"))[0]  # Noto Naskh: many glyphs without a character
for text in sys.argv[1:]:
    shaped, _ = shaping.shape(text, font, 10, True)
print([ord(c) for c in shaped])
"""


def test_a_joined_form_has_the_same_code_whatever_was_shaped_before() -> None:
    """The code a glyph without a character of its own gets (in the PDF's widths and
    ToUnicode map) is its own, not the next one free when it was first shaped: a
    document's bytes do not depend on what its worker rendered before it."""
    import subprocess
    import sys

    def codes(*texts: str) -> list[int]:
        done = subprocess.run([sys.executable, "-c", _CODES, *texts], capture_output=True,
                              text=True, check=True)
        return eval(done.stdout)  # noqa: S307 - a list of ints printed by the script above

    word = "برتقاليًّا"
    alone = codes(word)
    assert any(code >= 0xE000 for code in alone)  # a form without a character of its own
    assert codes("(الأصل «بلا أمِّن أيٌّ أيٍّ أيَّ", word) == alone
