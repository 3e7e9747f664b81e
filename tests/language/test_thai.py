"""Thai, added as a translator adds a locale: lines broken by the Unicode rules with ICU's
dictionary (Thai has no spaces between words), a word beside punctuation shaped as it is
alone, and a zero-width space that prints nothing."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import uharfbuzz as hb
from icu4py.breakers import LineBreaker
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics

from printkit import caches
from printkit.cli import main
from printkit.commands.build import BuildOptions, build
from printkit.drawing.paragraph import Paragraph
from printkit.language import fonts, lines, shaping
from printkit.language.script import Script, load
from tests.support import embedded_fonts

FONTS = Path(__file__).resolve().parents[1] / "data" / "fonts"
REGULAR, BOLD = FONTS / "NotoSansThai-Regular.ttf", FONTS / "NotoSansThai-Bold.ttf"

#: Entries a translator has done so far (the rest print in English). Free Skate and the
#: game's title stay in English, as the glossaries agree.
TRANSLATED = {
    "Rulebook": "คู่มือกติกา",
    "Quick reference": "สรุปกติกาโดยย่อ",
    "Rink": "ลานสเกต",
    "Bear tokens": "เบี้ยหมี",
    "Dice": "ลูกเต๋า",
    "Score sheet": "ใบบันทึกคะแนน",
    "White": "ขาว",
    "Blue": "น้ำเงิน",
    "Green": "เขียว",
    "Pink": "ชมพู",
    "Orange": "ส้ม",
    "points": "คะแนน",
    "bears": "หมี",
    "Players": "ผู้เล่น",
    "Age": "อายุ",
    "Playing time": "เวลาเล่น",
    "Components": "อุปกรณ์",
    "Setup": "การเตรียมเกม",
    "Your turn": "ตาของคุณ",
    "Goal of the game": "เป้าหมายของเกม",
    "Bust": "ชวด",
    "Stopping": "การหยุด",
    "Doubles": "ลูกคู่",
    "Two different colours": "สองสีต่างกัน",
    "middle": "ตรงกลาง",
    "pulled": "ดึงมาแล้ว",
    "stop": "หยุด",
    "bust!": "ชวด!",
    "secured": "ปลอดภัย",
    "glue stick": "กาวแท่ง",
    "a pencil for the score sheet": "ดินสอสำหรับใบบันทึกคะแนน",
    "pulled this turn (at risk)": "ดึงมาในตานี้ (มีความเสี่ยง)",
    "secured (safe from a bust)": "ปลอดภัยแล้ว (ไม่เสียเมื่อชวด)",
    "Roll both dice.": "ทอยลูกเต๋าทั้งสองลูก",
    "Roll again, or stop": "ทอยอีกครั้ง หรือหยุด",
    "Two different colours: take from the middle": "สองสีต่างกัน: หยิบจากตรงกลาง",
    "Doubles: steal from your opponents": "ลูกคู่: ขโมยจากคู่แข่งของคุณ",
    "End of the game and scoring": "จบเกมและการนับคะแนน",
    "Each bear scores the value of its colour.": "หมีแต่ละตัวได้คะแนนตามค่าของสีของมัน",
    "Roll both dice. There are four possible outcomes.":
        "ทอยลูกเต๋าทั้งสองลูก ผลที่เป็นไปได้มีสี่แบบ",
    "On doubles you steal only from your opponents’ secured bears.":
        "เมื่อทอยได้ลูกคู่ คุณขโมยได้เฉพาะหมีที่คู่แข่งเก็บไว้อย่างปลอดภัยแล้วเท่านั้น",
    "A turn always starts with a roll: you can stop only after a roll that gave you a bear.":
        "ทุกตาเริ่มด้วยการทอยเสมอ: คุณหยุดได้ก็ต่อเมื่อทอยแล้วได้หมีมาอย่างน้อยหนึ่งตัว",
    "<b>Stop:</b> every bear you pulled this turn is secured.":
        "<b>หยุด:</b> หมีทุกตัวที่คุณดึงมาในตานี้จะปลอดภัย",
    "<b>Younger players:</b> every bear is worth 1 point at the end.":
        "<b>ผู้เล่นอายุน้อย:</b> หมีทุกตัวมีค่า 1 คะแนนเมื่อจบเกม",
    "<b>No risk:</b> a bear you pull is secured at once; a bust only ends your turn.":
        "<b>ไม่มีความเสี่ยง:</b> หมีที่คุณดึงมาจะปลอดภัยทันที การชวดเพียงทำให้ตาของคุณจบลง",
    "Make both dice: the game needs two identical dice.":
        "ประกอบลูกเต๋า (ทั้งสองลูก): เกมนี้ต้องใช้ลูกเต๋าที่เหมือนกันสองลูก",
    "A push-your-luck dice game for 2 to 4 players":
        "เกมลูกเต๋าวัดดวงสำหรับผู้เล่น 2 ถึง 4 คน",
    "Cut along solid lines, fold along dashed lines, glue the tabs inside.":
        "ตัดตามเส้นทึบ\u200bพับตามเส้นประ\u200bแล้วทากาวที่แถบด้านใน",
}


@pytest.fixture()
def thai(locales_copy: Path) -> Script:
    """Thai added as docs/translate.md says: a catalog, a script.toml and the fonts brought along,
    some entries translated."""
    assert main(["catalog", "init", "th"]) == 0
    folder = locales_copy / "th"
    for font in (REGULAR, BOLD):
        shutil.copy(font, folder / font.name)
    (folder / "script.toml").write_text(
        f'[fonts]\nregular = "{REGULAR.name}"\nbold = "{BOLD.name}"\n', encoding="utf-8")
    po = folder / "LC_MESSAGES" / "printkit.po"
    text = po.read_text(encoding="utf-8")
    for english, translated in TRANSLATED.items():
        marker = f'msgid "{english}"\nmsgstr ""'
        assert marker in text, english
        text = text.replace(marker, f'msgid "{english}"\nmsgstr "{translated}"')
    po.write_text(text, encoding="utf-8")
    return load("th")


def _style(size: float = 10) -> ParagraphStyle:
    return ParagraphStyle("p", fontName=fonts.REGULAR, fontSize=size, leading=size * 1.3)


def _logical(line: object) -> str:
    return "".join(f.text for f in line.logical)  # type: ignore[attr-defined]


SENTENCE = ("ทุกตาเริ่มด้วยการทอยเสมอคุณหยุดได้ก็ต่อเมื่อทอยแล้วได้หมีมาอย่างน้อยหนึ่งตัว"
            "หมีที่คุณดึงมาจะปลอดภัยทันทีการชวดเพียงทำให้ตาของคุณจบลง")


def test_a_thai_paragraph_breaks_at_word_boundaries_and_fills_its_lines(thai: Script) -> None:
    ends = {end for _start, end in LineBreaker(SENTENCE, "th").segments()}
    for width in (90, 130, 170):
        para = Paragraph(SENTENCE, _style(), script=thai)
        para.wrap(width, 1000)
        found = para.blPara.lines
        assert len(found) >= 3, width
        texts = [_logical(line) for line in found]
        assert "".join(texts) == SENTENCE
        at = 0
        for i, line in enumerate(found):
            at += len(texts[i])
            assert at in ends, (width, texts[i])  # ends where ICU's dictionary allows
            assert line.currentWidth <= width + 0.01
            if i + 1 < len(found):  # full: the next word would not have fitted
                following = min(e for e in ends if e > at)
                longer = texts[i] + SENTENCE[at:following]
                assert fonts.string_width(longer, fonts.REGULAR, 10, thai) > width, texts[i]


def _shaped_by_harfbuzz(text: str) -> list[int]:
    font = hb.Font(hb.Face(hb.Blob(REGULAR.read_bytes())))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, shaping.FEATURES)
    return [info.codepoint for info in buffer.glyph_infos]


def _printed(para: Paragraph, font: str) -> list[int]:
    face = pdfmetrics.getFont(font).face
    return [face.charToGlyph[ord(c)] for line in para.blPara.lines for f in line.words
            if f.fontName == font for c in f.text if c != " "]


@pytest.mark.parametrize("text", ["ไม่มีความเสี่ยง: ผู้เล่น",
                                  "ลูกเต๋า (ทั้งสองลูก) 2 ลูก"])
def test_a_thai_word_beside_punctuation_is_shaped_as_it_is_alone(thai: Script,
                                                                 text: str) -> None:
    para = Paragraph(text, _style(), script=thai)
    para.wrap(400, 100)
    font = fonts.chain(fonts.REGULAR, thai)[0]
    expected = [g for run in re.findall(r"[\u0e00-\u0e7f]+", text)
                for g in _shaped_by_harfbuzz(run)]
    # mai ek over sara ii takes its raised form: shaped, not the characters' own glyphs
    assert expected != [pdfmetrics.getFont(font).face.charToGlyph[ord(c)]
                        for c in re.sub(r"[^\u0e00-\u0e7f]", "", text)]
    assert _printed(para, font) == expected
    # the punctuation and digits the Thai font lacks come from the fallback (DejaVu)
    others = "".join(f.text for line in para.blPara.lines for f in line.words
                     if f.fontName != font)
    assert set(re.sub(r"[\u0e00-\u0e7f ]", "", text)) <= set(others)


def test_a_zero_width_space_prints_nothing_and_lines_may_break_there(thai: Script) -> None:
    text = "ตัดตามเส้นทึบ\u200bพับตามเส้นประ"
    para = Paragraph(text, _style(), script=thai)
    para.wrap(400, 100)
    font = fonts.chain(fonts.REGULAR, thai)[0]
    drawn = "".join(f.text for line in para.blPara.lines for f in line.words)
    assert "\u200b" not in drawn and " " not in drawn
    assert _printed(para, font) == [*_shaped_by_harfbuzz("ตัดตามเส้นทึบ"),
                                    *_shaped_by_harfbuzz("พับตามเส้นประ")]
    # a label's line, too
    label = lines.line(text, fonts.REGULAR, 10, thai, fonts.runs)
    assert not any("\u200b" in str(t) or " " in str(t) for _f, t, _w in label)
    # and a line may break there
    first = fonts.string_width("ตัดตามเส้นทึบ", fonts.REGULAR, 10, thai)
    para = Paragraph(text, _style(), script=thai)
    para.wrap(first + 1, 100)
    assert _logical(para.blPara.lines[0]) == "ตัดตามเส้นทึบ"


def _declare(locales_copy: Path, line: str) -> None:
    toml = locales_copy / "th" / "script.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


def test_a_declared_fallback_font_sets_what_the_thai_font_lacks(
        thai: Script, locales_copy: Path) -> None:
    _declare(locales_copy, 'fallback = "DejaVuSans-Bold.ttf"')
    caches.start_build()
    script = load("th")
    found = fonts.runs("ไม่มีความเสี่ยง: (ทั้งสองลูก)", fonts.REGULAR, script)
    marks = {f for f, text in found if ":" in text or "(" in text}
    assert len(marks) == 1 and "DejaVuSans-Bold" in marks.pop(), found
    assert "fallback=DejaVuSans-Bold.ttf" in " ".join(script.digest())


@pytest.mark.parametrize(("name", "words"), [
    ("NoSuchFont.ttf", ["fonts.fallback", "'NoSuchFont.ttf' not found"]),
    ("broken.ttf", ["fonts.fallback", "broken.ttf", "not a TrueType font"]),
])
def test_a_fallback_font_that_cannot_be_used_is_one_line(
        thai: Script, locales_copy: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], name: str, words: list[str]) -> None:
    (locales_copy / "th" / "broken.ttf").write_bytes(b"not a font at all")
    _declare(locales_copy, f'fallback = "{name}"')
    capsys.readouterr()
    out = tmp_path / "out"
    code = main(["build", "--game", "polar-derby", "--locale", "th", "--out", str(out),
                 "--no-previews"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2, err
    assert len(err) == 1 and all(w in err[0] for w in ["locale th", *words]), err
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.full  # (builds a kit in a new script: not in the fast loop)
def test_a_thai_kit_builds_with_its_font_and_only_untranslated_warnings(
        thai: Script, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = build(BuildOptions(games=["polar-derby"], locales=["th"], out=out,
                                previews=False, jobs=1))
    untranslated = [w for w in result.warnings if "no translation for" in w]
    assert len(untranslated) > 100  # (the warnings are read: most entries fall back)
    assert [w for w in result.warnings if w not in untranslated] == [], "\n".join(
        w for w in result.warnings if w not in untranslated)
    folder = out / "polar-derby" / "th"
    for document in ("rulebook", "reference", "rink", "dice"):
        reader = PdfReader(folder / f"{document}-a4.pdf")
        assert "NotoSansThai-Regular" in embedded_fonts(reader), document
