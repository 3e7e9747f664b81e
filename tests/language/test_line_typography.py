"""Text as each language's readers expect it, read back from built PDFs: every character
drawn in a font that has it, and lines broken where the language allows (see
locales/<code>/typography.toml and printkit.language.typography)."""

from __future__ import annotations

import ctypes
import dataclasses
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from reportlab.pdfbase.ttfonts import TTFont

from printkit import caches, games
from printkit.cli import main
from printkit.resources import fonts_dir

NBSP_CHAR = "\u00a0"


def build_only(out: Path, monkeypatch: pytest.MonkeyPatch, game_id: str, locale: str,
               document: str) -> Path:
    """Build just one document of a game in one locale (and the guide and kit every build
    makes); the path of its A4 PDF."""
    game = games.GAMES[game_id]
    patched = dict(games.GAMES)
    patched[game_id] = dataclasses.replace(
        game, documents=tuple(d for d in game.documents if d.id == document))
    monkeypatch.setattr(games, "GAMES", patched)
    code = main(["build", "--game", game_id, "--locale", locale, "--out", str(out),
                 "--jobs", "1", "--no-previews", "--quiet"])
    assert code == 0
    return out / game_id / locale / f"{document}-a4.pdf"


def _character_maps() -> dict[str, frozenset[int]]:
    """Each shipped font's character map, by the font name a PDF reader reports."""
    maps = {}
    for path in fonts_dir().glob("*.ttf"):
        face = TTFont("probe", str(path)).face
        name = face.name.decode() if isinstance(face.name, bytes) else face.name
        maps[name] = frozenset(face.charToGlyph)
    return maps


def drawn(path: Path, pages: range) -> list[tuple[int, str, str]]:
    """Every character drawn on ``pages`` (0-based) of the PDF: page, character (empty for
    a glyph with no character, which is what a missing glyph prints as) and font name."""
    pdf = pdfium.PdfDocument(str(path))
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    out = []
    try:
        for number in pages:
            text = pdf[number].get_textpage()
            for i in range(text.count_chars()):
                if pdfium_raw.FPDFText_IsGenerated(text, i) == 1:
                    continue
                code = pdfium_raw.FPDFText_GetUnicode(text, i)
                pdfium_raw.FPDFText_GetFontInfo(text, i, name, 256, ctypes.byref(flags))
                out.append((number + 1, chr(code) if code else "", name.value.decode()))
            text.close()
    finally:
        pdf.close()
    return out


def test_polar_derby_japanese_change_cells_print_every_character(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cells "5 → 4" of the example tables put a thin space around the arrow: the
    Japanese font lacks it, so it is set in the next font of the chain that has it, never
    as the Japanese font's empty box."""
    pdf = build_only(tmp_path / "out", monkeypatch, "polar-derby", "ja", "rulebook")
    maps = _character_maps()
    chars = drawn(pdf, range(6))
    assert sum(c == "→" for _p, c, _f in chars) > 40  # the change cells are there
    missing = [(page, char, font) for page, char, font in chars
               if not char or (char not in ("\r", "\n") and font in maps
                               and ord(char) not in maps[font])]
    assert missing == []
    assert any(font.startswith("NotoSansCJK") for _p, _c, font in chars)


# -- lines read back from a PDF ------------------------------------------------------------

def pdf_lines(pdf_bytes: bytes) -> list[list[str]]:
    """The text lines of each page of a PDF, as a reader extracts them."""
    pdf = pdfium.PdfDocument(pdf_bytes)
    try:
        pages = []
        for page in pdf:
            text = page.get_textpage()
            pages.append([line.strip() for line in text.get_text_range().splitlines()
                          if line.strip()])
            text.close()
        return pages
    finally:
        pdf.close()


def set_at_widths(texts: list[str], widths: range, locale: str, size: float = 10,
                  phrases: bool = False) -> list[list[str]]:
    """Each text set as a paragraph of the locale at each width, one per page of a PDF;
    the lines of each page."""
    from io import BytesIO

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas

    from printkit.drawing.paragraph import Paragraph
    from printkit.language import fonts
    from printkit.language.script import load

    out = BytesIO()
    canvas = Canvas(out, pagesize=(600, 600))
    style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=size,
                           leading=size * 1.3, phrases=phrases)
    for text in texts:
        for width in widths:
            para = Paragraph(text, style, script=load(locale))
            _, height = para.wrap(width, 600)
            para.drawOn(canvas, 20, 580 - height)
            canvas.showPage()
    canvas.save()
    return pdf_lines(out.getvalue())


#: One-letter words Polish never leaves at a line's end (locales/pl/typography.toml).
POLISH_ONE_LETTER = frozenset("aiouwzAIOUWZ")


def ends_with_one_letter_word(line: str) -> bool:
    words = line.split()
    return bool(words) and words[-1] in POLISH_ONE_LETTER


POLISH = ("Gracz bierze kartę i kładzie ją na stole, a potem przesuwa pionek w prawo "
          "z pola startowego o tyle pól, ile wyrzucił na kostkach, i czeka w kolejce.")


def test_a_polish_one_letter_word_never_ends_a_line() -> None:
    """Set narrow enough that „w", „z", „i" or „a" falls at a line's end, the word goes to
    the next line with the word it belongs to."""
    from printkit.drawing.doctree import typeset

    widths = range(60, 320, 4)
    plain = set_at_widths([POLISH], widths, "pl")  # as the catalog has it: plain spaces
    bound = set_at_widths([typeset(POLISH, "pl")], widths, "pl")
    assert sum(ends_with_one_letter_word(line) for page in plain for line in page) > 10
    assert [line for page in bound for line in page if ends_with_one_letter_word(line)] == []
    # the text is all there, its no-break spaces read as spaces
    assert [" ".join(page) for page in bound] == [" ".join(page) for page in plain]


def test_the_polish_rules_bind_words_in_markup_never_inside_a_tag() -> None:
    from printkit.language.typography import NBSP, localise

    assert localise("idzie w <b>prawo</b>", "pl") == f"idzie w{NBSP}<b>prawo</b>"
    assert localise("<b>z</b> pola i <i>w</i> domu", "pl") == \
        f"<b>z</b>{NBSP}pola i{NBSP}<i>w</i>{NBSP}domu"
    assert localise("a<i>b</i> c, x-z a", "pl") == "a<i>b</i> c, x-z a"
    assert localise("koniec i <br/>dalej", "pl") == "koniec i <br/>dalej"
    assert localise("idzie w prawo", "en") == "idzie w prawo"  # English has no such rule


def test_built_polish_documents_end_no_line_with_a_one_letter_word(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulebook, with its paragraphs, tables and example panels, and its rules page."""
    pdf = build_only(tmp_path / "out", monkeypatch, "polar-derby", "pl", "rulebook")
    pages = pdf_lines(pdf.read_bytes())
    assert sum(len(page) for page in pages) > 200
    assert [line for page in pages for line in page if ends_with_one_letter_word(line)] == []
    html = (pdf.parent / "rules.html").read_text(encoding="utf-8")
    assert f" w{NBSP_CHAR}" in html or " w&nbsp;" in html
    # The figures' words are SVG text, set in lines as the PDF sets them: a browser never
    # breaks them, so only the page's running text is read.
    text = re.sub(r"<[^>]*>", " ", re.sub(r"<(script|style|svg)\b.*?</\1>", "", html,
                                          flags=re.S))
    assert re.findall(r"(?<![\w-])[aiouwzAIOUWZ] (?=\w)", text) == []


# -- Japanese ------------------------------------------------------------------------------

COUNTERS = "頭枚点個人回本つ分秒歳番目"


def number_split_from_counter(lines: list[str]) -> list[str]:
    return [f"{a}|{b}" for a, b in zip(lines, lines[1:], strict=False)
            if a[-1:].isdigit() and b[:1] in COUNTERS]


def test_a_japanese_number_stays_with_its_counter() -> None:
    text = ("サイコロを振り、出た色のクマを2頭まで取ります。カードを1枚引き、1点を得ます。"
            "3人で遊ぶときは、各プレイヤーが5枚ずつ持ち、12回まで振れます。")
    pages = set_at_widths([text], range(60, 300, 3), "ja")
    for page in pages:
        assert "".join(page) == text
        assert number_split_from_counter(page) == []


def test_the_japanese_rules_keep_a_number_with_its_counter_only_in_japanese() -> None:
    from printkit.language import kinsoku
    from printkit.language.conventions import line_rules

    rules = line_rules("ja")
    assert rules.keep_with_number and "頭" in rules.counters
    assert kinsoku._forbidden("2", "頭", rules.counters)
    assert kinsoku._forbidden("二", "頭", rules.counters)
    assert not kinsoku._forbidden("を", "頭", rules.counters)
    assert not kinsoku._forbidden("2", "頭")  # a locale without counters


def test_a_japanese_heading_breaks_between_phrases() -> None:
    """Headings and labels keep a word such as クリスマスイブ whole where their line has
    room; running text breaks anywhere (kinsoku)."""
    heading = "バリアント：厳格なクリスマスイブの夜"
    cut = [page for page in set_at_widths([heading], range(60, 200, 2), "ja", phrases=True)
           if any(a.endswith("クリスマス") for a in page)]
    assert cut == []
    running = set_at_widths([heading], range(60, 200, 2), "ja")
    assert any(line.endswith("クリスマス") for page in running for line in page)


def test_a_japanese_label_too_long_for_its_line_breaks_before_its_number() -> None:
    """サイコロ1個 is one phrase: in a box narrower than it, it breaks before the number,
    never inside サイコロ or between 1 and 個."""
    pages = set_at_widths(["サイコロ1個"], range(32, 44, 2), "ja", size=8, phrases=True)
    assert all(page == ["サイコロ", "1個"] for page in pages), pages


def test_built_japanese_rulebook_keeps_numbers_with_counters(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = build_only(tmp_path / "out", monkeypatch, "polar-derby", "ja", "rulebook")
    pages = pdf_lines(pdf.read_bytes())
    assert sum(sum(c in COUNTERS for c in line) for page in pages for line in page) > 50
    assert [split for page in pages for split in number_split_from_counter(page)] == []


# -- the file ------------------------------------------------------------------------------

@pytest.mark.parametrize(("content", "words"), [
    ('no_break_after = ["w"]\nwidows = 2\n', ["unknown key 'widows'", "no_break_after"]),
    ('no_break_after = "w z"\n', ["no_break_after must be a list of words"]),
    ('no_break_after = ["w", "z a"]\n', ["no_break_after[1] = 'z a' is not one word"]),
    ('no_break_after = ["w", 3]\n', ["no_break_after[1] = 3 is not one word"]),
    ('counters = "頭 枚"\n', ["counters must be a string of characters"]),
    ('counters = "頭"\nkeep_with_number = "yes"\n', ["keep_with_number must be true or false"]),
    ("keep_with_number = true\n", ["keep_with_number = true needs counters"]),
    ('no_break_after = ["w"\n', ["cannot be read"]),
])
def test_a_typography_file_that_cannot_be_used_is_one_line(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        content: str, words: list[str]) -> None:
    from printkit.language import conventions

    (locales_copy / "pl" / "typography.toml").write_text(content, encoding="utf-8")
    caches.start_build()
    with pytest.raises(conventions.TypographyError) as raised:
        conventions.conventions("pl")
    assert all(w in str(raised.value) for w in words), raised.value
    out = tmp_path / "out"
    code = main(["build", "--game", "polar-derby", "--locale", "pl", "--out", str(out),
                 "--no-previews"])
    err = capsys.readouterr().err.strip().splitlines()
    caches.start_build()
    assert code == 2, err
    assert len(err) == 1, err
    assert "locale pl" in err[0] and "pl/typography.toml" in err[0], err
    assert all(w in err[0] for w in words), err
    assert not out.exists()


def test_a_locale_without_a_typography_file_has_no_rules(locales_copy: Path) -> None:
    from printkit.language import conventions, typography

    (locales_copy / "pl" / "typography.toml").unlink()
    caches.start_build()
    try:
        assert conventions.conventions("pl") is conventions.DEFAULTS
        assert conventions.digest("pl") == []
        assert typography.localise('idzie w "prawo"', "pl") == "idzie w “prawo”"
    finally:
        caches.start_build()


@pytest.mark.full  # (builds twice: not in the fast loop)
def test_the_typography_file_is_part_of_a_documents_fingerprint(
        locales_copy: Path, tmp_path: Path) -> None:
    """A changed typography.toml renders the locale's documents again; an unchanged one
    keeps them."""

    out = tmp_path / "out"
    args = ["build", "--game", "polar-derby", "--locale", "pl", "--out", str(out),
            "--no-previews", "--jobs", "1", "--quiet"]
    assert main(args) == 0
    rulebook = out / "polar-derby" / "pl" / "rulebook-a4.pdf"
    first = rulebook.stat().st_mtime_ns
    assert main(args) == 0
    assert rulebook.stat().st_mtime_ns == first  # nothing changed: kept
    path = locales_copy / "pl" / "typography.toml"
    path.write_text('no_break_after = ["w"]\n', encoding="utf-8")
    assert main(args) == 0
    caches.start_build()
    assert rulebook.stat().st_mtime_ns != first


def test_a_polish_label_shrinks_until_its_bound_words_fit_a_line() -> None:
    """A label's words must each fit a line; a one-letter word and the word it is bound to
    are one word there, as the paragraph sets them."""
    from io import BytesIO

    from reportlab.pdfgen.canvas import Canvas

    from printkit.drawing.text import Ink
    from printkit.geometry import Rect
    from printkit.language import fonts

    out = BytesIO()
    canvas = Canvas(out, pagesize=(300, 300))
    ink = Ink(canvas, "pl", "test")
    word = fonts.string_width("prawo", fonts.REGULAR, 9.5, ink.script)
    box = Rect(20, 100, word + 2, 100)
    size = ink.paragraph("Zielony rzuca w prawo", box, size=9.5, min_size=6)
    canvas.save()
    assert fonts.string_width(f"w{NBSP_CHAR}prawo", fonts.REGULAR, size, ink.script) <= box.width
    lines = pdf_lines(out.getvalue())[0]
    assert lines[-1] == "w prawo" and not any(ends_with_one_letter_word(ln) for ln in lines)
