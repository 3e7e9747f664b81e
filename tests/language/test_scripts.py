"""Locales in any script: fonts per locale, Japanese line breaking, and the one-line errors
for a locale whose fonts or script cannot be used."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle

from printkit.cli import main
from printkit.commands.build import BuildOptions, build
from printkit.drawing.paragraph import Paragraph
from printkit.games import GAMES
from printkit.language import fonts, kinsoku
from printkit.language.locales import catalog_path, read_po_file
from printkit.language.script import load
from tests.support import embedded_fonts, locale_fonts

#: Kanji, kana and CJK punctuation.
CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")


def catalog_strings(code: str) -> list[str]:
    out = []
    for message in read_po_file(code, catalog_path(code)):
        if message.id:
            out += [s for s in (message.string if isinstance(message.string, tuple)
                                else (message.string,)) if s]
    return out


def test_every_kanji_and_kana_of_the_japanese_catalog_is_in_its_font() -> None:
    script = load("ja")
    regular = fonts.chain(fonts.REGULAR, script)[0]
    have = fonts._charmap(regular)
    used = {c for text in catalog_strings("ja") for c in CJK.findall(text)}
    assert len(used) > 300  # a real catalog, not a stub
    assert sorted(c for c in used if ord(c) not in have) == []
    # the subset font carries no more than a few thousand glyphs
    assert len(have) < 6000


def test_no_japanese_line_starts_with_a_closing_mark_or_ends_with_an_opening_one(
        built_kit: Path) -> None:
    lines = 0
    for game in GAMES:
        for doc in ("rulebook", "reference", "guide"):
            for page in PdfReader(built_kit / game / "ja" / f"{doc}-a4.pdf").pages:
                for line in (page.extract_text() or "").split("\n"):
                    line = line.strip()
                    if len(line) < 2:  # (a diagram's "5 → 4" comes out run by run: "→")
                        continue
                    lines += 1
                    assert line[0] not in kinsoku.CANNOT_START, (game, doc, line[:30])
                    assert line[-1] not in kinsoku.CANNOT_END, (game, doc, line[-30:])
    assert lines > 500


def test_a_forbidden_line_start_moves_to_the_next_line_with_the_character_before() -> None:
    japanese = load("ja")
    style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=10, leading=12)
    text = "あいうえおかきくけこ、さしすせそ「たちつてと」なにぬねの。"
    for width in range(40, 200, 7):  # every break position the text can meet
        para = Paragraph(text, style, script=japanese)
        para.wrap(width, 1000)
        lines = ["".join(f.text for f in line.words) for line in para.blPara.lines]
        assert "".join(lines) == text
        for line in lines[1:]:
            assert line[0] not in kinsoku.CANNOT_START, (width, lines)
        for line in lines[:-1]:
            assert line[-1] not in kinsoku.CANNOT_END, (width, lines)
        assert all(line.currentWidth <= width + 0.01 for line in para.blPara.lines), width


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_japanese_kit_builds_strict_with_its_fonts_embedded(
        request: pytest.FixtureRequest, paper: str) -> None:
    # The session's kits are built strict: a missing translation would have failed them.
    out = request.getfixturevalue("built_kit" if paper == "a4" else "built_kit_letter")
    allowed = locale_fonts("ja")
    for game in GAMES:
        paths = sorted((out / game / "ja").glob(f"*-{paper}.pdf"))
        assert len(paths) > 6
        for path in paths:
            seen = embedded_fonts(PdfReader(path))
            assert seen and all(name.startswith(allowed) for name in seen), (path.name, seen)
    guide = PdfReader(out / "polar-derby" / "ja" / f"guide-{paper}.pdf")
    assert "印刷ファイル" in guide.pages[0].extract_text()


@pytest.fixture()
def ja_copy(locales_copy: Path) -> Path:
    """A copy of printkit's locales whose Japanese script.toml a test may break."""
    return locales_copy / "ja" / "script.toml"


@pytest.mark.parametrize(("change", "words"), [
    (('regular = "NotoSansJP-printkit.ttf"', 'regular = "NoSuchFont.ttf"'),
     ["locale ja", "ja/script.toml", "fonts.regular", "'NoSuchFont.ttf' not found"]),
    (("line_break = \"cjk\"", "line_break = \"cjk\"\ndirection = \"ttb\""),
     ["locale ja", "direction = 'ttb' cannot be rendered"]),
    (("line_break = \"cjk\"", "line_break = \"cjk\"\ndirection = \"rtl\""),
     ["locale ja", "line_break = 'cjk' cannot be set right to left"]),
    (("[fonts]", "[fonts]\nmonospace = \"x.ttf\""),
     ["locale ja", "fonts.monospace is not a font role"]),
])
def test_a_locale_script_that_cannot_be_used_is_one_line(
        ja_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        change: tuple[str, str], words: list[str]) -> None:
    text = ja_copy.read_text(encoding="utf-8")
    assert change[0] in text
    ja_copy.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    out = tmp_path / "out"
    code = main(["build", "--game", "polar-derby", "--locale", "ja", "--out", str(out),
                 "--no-previews"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2, err
    assert len(err) == 1 and all(w in err[0] for w in words), err
    assert not out.exists()


def test_a_declared_file_that_is_not_a_font_is_one_line(
        ja_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (ja_copy.parent / "broken.ttf").write_bytes(b"not a font at all")
    text = ja_copy.read_text(encoding="utf-8")
    ja_copy.write_text(text.replace('bold = "NotoSansJP-Bold-printkit.ttf"',
                                    'bold = "broken.ttf"'), encoding="utf-8")
    out = tmp_path / "out"
    code = main(["build", "--game", "polar-derby", "--locale", "ja", "--out", str(out),
                 "--no-previews"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and "locale ja" in err[0] and "broken.ttf" in err[0], err
    assert not out.exists()


def test_a_catalog_character_no_font_has_names_the_locale_font_and_character(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    po = locales_copy / "ja" / "LC_MESSAGES" / "printkit.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "リンク"' in text
    po.write_text(text.replace('msgstr "リンク"', 'msgstr "リンク𠮷"', 1), encoding="utf-8")
    out = tmp_path / "out"
    code = main(["build", "--game", "polar-derby", "--locale", "ja", "--out", str(out),
                 "--no-previews"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2, err
    assert len(err) == 1, err
    for word in ("locale ja", "U+20BB7", "NotoSansJP-printkit.ttf",
                 "python tools/subset_fonts.py --locale ja --font <full font file> "
                 "NotoSansJP-printkit.ttf"):
        assert word in err[0], err
    assert not out.exists()


def test_a_latin_locale_has_no_script_and_prints_in_dejavu_alone() -> None:
    assert load("pl").fonts == {} and fonts.chain(fonts.REGULAR, load("pl")) == (fonts.REGULAR,)
    # in a Japanese document, a Polish word is set in one font whole, kanji in the other
    parts = fonts.runs("Coraz bliżej Święta… 日本", fonts.REGULAR, load("ja"))
    assert any("bliżej Święta" in text for _font, text in parts), parts
    assert parts[-1][1].endswith("日本") and parts[-1][0] != fonts.REGULAR, parts


def test_the_subset_tool_is_documented_with_its_licence() -> None:
    root = Path(__file__).resolve().parents[2]
    assert (root / "printkit" / "fonts" / "LICENSE-OFL.txt").is_file()
    for page in ("README.md", "docs/guide/fonts.md", "docs/translate.md"):
        assert "subset_fonts.py" in (root / page).read_text(encoding="utf-8"), page


DEVANAGARI = Path(__file__).resolve().parents[1] / "data" / "fonts" / \
    "NotoSansDevanagari-Regular.ttf"


@pytest.fixture()
def hindi(locales_copy: Path) -> Path:
    """Hindi added as docs/translate.md says: a catalog, a script.toml and a font brought along."""
    assert main(["catalog", "init", "hi"]) == 0
    folder = locales_copy / "hi"
    shutil.copy(DEVANAGARI, folder / DEVANAGARI.name)
    (folder / "script.toml").write_text(f'[fonts]\nregular = "{DEVANAGARI.name}"\n',
                                        encoding="utf-8")
    po = folder / "LC_MESSAGES" / "printkit.po"
    text = po.read_text(encoding="utf-8")
    marker = 'msgid "Rink"\nmsgstr ""'
    assert marker in text
    po.write_text(text.replace(marker, 'msgid "Rink"\nmsgstr "खिलाड़ियों का मैदान"'),
                  encoding="utf-8")
    return folder


@pytest.mark.full  # (builds a kit in a new script: not in the fast loop)
def test_a_translator_adds_hindi_with_a_font_they_bring(hindi: Path, tmp_path: Path) -> None:
    build(BuildOptions(games=["polar-derby"], locales=["hi"], out=tmp_path, previews=False))
    rink = PdfReader(tmp_path / "polar-derby" / "hi" / "rink-a4.pdf")
    assert "NotoSansDevanagari-Regular" in embedded_fonts(rink)


def test_a_devanagari_sentence_is_shaped_as_harfbuzz_shapes_it(hindi: Path) -> None:
    import uharfbuzz as hb
    from reportlab.pdfbase import pdfmetrics

    script = load("hi")
    text = "खिलाड़ी पासा फेंकता है। क्षत्रिय"
    para = Paragraph(text, ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=12),
                     script=script)
    para.wrap(400, 100)
    name = fonts.chain(fonts.REGULAR, script)[0]
    face = pdfmetrics.getFont(name).face
    printed = [face.charToGlyph[ord(c)] for line in para.blPara.lines for f in line.words
               if f.fontName == name for c in f.text if c != " "]
    font = hb.Font(hb.Face(hb.Blob(DEVANAGARI.read_bytes())))
    shaped = []
    for word in text.split():
        buffer = hb.Buffer()
        buffer.add_str(word)
        buffer.guess_segment_properties()
        hb.shape(font, buffer, {"kern": True, "liga": True, "dlig": True})
        shaped += [info.codepoint for info in buffer.glyph_infos]
    # the vowel sign ि goes before its consonant, क्ष is one conjunct glyph
    assert len(shaped) < len(text.replace(" ", ""))
    assert printed == shaped


def test_a_japanese_label_breaks_between_phrases_where_it_can() -> None:
    """A card's label keeps 「（右へ投げる）」 whole; running text may break anywhere."""
    japanese = load("ja")
    text = "緑のイエティ（右へ投げる）"
    lines = {}
    for phrases in (True, False):
        style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=8, leading=9.6,
                               phrases=phrases)
        para = Paragraph(text, style, script=japanese)
        para.wrap(99.2, 100)
        lines[phrases] = ["".join(f.text for f in line.words) for line in para.blPara.lines]
    assert lines[True] == ["緑のイエティ", "（右へ投げる）"]
    assert lines[False] == ["緑のイエティ（右へ投げ", "る）"]  # kinsoku alone: 」 not first


def test_japanese_sentences_follow_each_other_without_a_space(built_kit: Path) -> None:
    joined = 0
    for game in GAMES:
        for doc in ("rulebook", "reference"):
            pdf = PdfReader(built_kit / game / "ja" / f"{doc}-a4.pdf")
            text = "".join(page.extract_text() or "" for page in pdf.pages)
            assert not re.search(r"[。、！？] (?=\S)", text), (game, doc)
            joined += len(re.findall(r"。(?=\S)", text))
    assert joined > 100  # sentences do follow each other on a line


def test_a_latin_name_or_number_is_never_cut_to_keep_a_closing_mark_off_a_line_start() -> None:
    japanese = load("ja")
    style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=10, leading=12)
    text = "合計は12点です。Ana、Benの勝利です。Cleoは19点、Devは7点でした。"
    for width in range(60, 260, 3):
        para = Paragraph(text, style, script=japanese)
        para.wrap(width, 1000)
        lines = ["".join(str(f.text) for f in line.words) for line in para.blPara.lines]
        assert "".join(lines) == text
        for before, after in zip(lines, lines[1:], strict=False):
            assert not (before[-1].isascii() and before[-1].isalnum()
                        and after[0].isascii() and after[0].isalnum()), (width, lines)
        assert all(line[0] not in kinsoku.CANNOT_START for line in lines[1:]), (width, lines)


def test_an_arrow_between_two_numbers_is_never_at_a_line_end_or_start() -> None:
    """"1→6" is one change: Japanese lines break around it, never inside it."""
    japanese = load("ja")
    style = ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=10, leading=12)
    text = "3個のサイコロを別の目に変えます（1→6、2→6、4→5）。これで合計は25です。"
    for width in range(60, 260, 3):  # (from where "4→5）。" fits a line)
        para = Paragraph(text, style, script=japanese)
        para.wrap(width, 1000)
        lines = ["".join(str(f.text) for f in line.words) for line in para.blPara.lines]
        assert "".join(lines) == text
        assert not any(line.endswith("→") or line.startswith("→") for line in lines), lines


def test_a_japanese_card_title_breaks_between_its_words_before_it_shrinks() -> None:
    """"ねぼすけイエティ" (one phrase to BudouX) takes two lines at 11 pt in a box where
    one line needs 9 pt: a title keeps its size where a break between words allows."""
    from io import BytesIO

    from reportlab.pdfgen.canvas import Canvas

    from printkit.drawing.text import Ink
    from printkit.geometry import Rect, mm

    ink = Ink(Canvas(BytesIO()), "ja", "test")
    size = ink.paragraph("ねぼすけイエティ", Rect(0, 0, mm(26), mm(9.5)), size=12, min_size=7,
                         font=fonts.BOLD, align="centre", valign="middle", where="title")
    assert size >= 11
