"""Paragraphs break their lines once per width, and answer exactly as ReportLab's do."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph as rl

from printkit.drawing.paragraph import Paragraph
from printkit.drawing.text import Ink
from printkit.geometry import Rect
from printkit.language import fonts
from printkit.language.script import LATIN, load

TEXT = ("Każdy gracz bierze kartę z wierzchu stosu i porównuje ją z kapitanem: "
        "<b>jedna cecha inna</b> i karta dołącza do stosu. ") * 4


@pytest.fixture
def style() -> ParagraphStyle:
    fonts.register()
    return ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=9.5, leading=13)


def test_sizes_are_reportlabs_and_lines_are_broken_once_per_width(
        style: ParagraphStyle, monkeypatch: pytest.MonkeyPatch) -> None:
    ours, theirs = Paragraph(TEXT, style, script=LATIN), rl.Paragraph(TEXT, style)
    breaks = []
    original = rl.Paragraph.breakLines
    monkeypatch.setattr(rl.Paragraph, "breakLines",
                        lambda self, widths: (breaks.append(widths), original(self, widths))[1])
    for width in (200, 200, 120, 200, 200):
        assert ours.wrap(width, 500) == theirs.wrap(width, 500)
    assert len(breaks) == 5 + 3  # ReportLab's 5, ours at 200, 120, 200 again
    assert ours.wrap(0, 500) == theirs.wrap(0, 500)  # too narrow: nothing kept


def test_a_paragraph_is_told_its_script_and_its_halves_keep_it(
        style: ParagraphStyle) -> None:
    """No script is "current": a paragraph of text is made with its locale's, and the
    halves of a split (which ReportLab makes from fragments) break their lines in it: the
    Japanese halves by Japanese line rules."""
    with pytest.raises(TypeError, match="script="):
        Paragraph(TEXT, style)
    japanese = load("ja")
    para = Paragraph("サイコロを2個振ります。" * 30, style, script=japanese)
    _, height = para.wrap(200, 500)
    parts = para.split(200, height / 2)
    assert len(parts) == 2 and all(part.script is japanese for part in parts)
    assert all(part.wrap(200, 500)[1] > 0 for part in parts)


def test_a_split_that_finds_no_room_makes_the_next_wrap_break_again(
        style: ParagraphStyle) -> None:
    para = Paragraph(TEXT, style, script=LATIN)
    width, height = para.wrap(200, 500)
    assert para.split(200, 5) == []  # not even one line fits: ReportLab drops the lines
    assert para.wrap(200, 500) == (width, height)
    assert para.blPara.lines  # broken again: ready to draw
    parts = para.split(200, height / 2)
    assert len(parts) == 2
    assert sum(p.wrap(200, 500)[1] for p in parts) == pytest.approx(height)


@example(words=["Śpiący", "Yeti"], width=75.12, height=26.93, size=12)  # (spaces shrink)
@example(words=["prze\u00adwró\u00adcony"], width=40, height=30, size=9.5)  # (soft hyphens)
@given(words=st.lists(st.sampled_from(["Śpiący", "Yeti", "ą", "gąsienica", "żółw", "a",
                                       "prze\u00adwró\u00adcony", "—", "Łódź!"]),
                      min_size=1, max_size=12),
       width=st.floats(20, 160), height=st.floats(5, 60), size=st.sampled_from([6, 7, 9.5, 12]))
def test_a_size_is_skipped_only_when_the_paragraph_would_not_fit(
        words: list[str], width: float, height: float, size: float) -> None:
    """Ink.paragraph skips a size it knows cannot fit without breaking the lines; it must
    never skip one at which ReportLab would have fitted the text (its spaces shrink)."""
    fonts.register()
    ink = Ink(None, "pl", "test")  # type: ignore[arg-type]  # (measures, draws nothing)
    text, box = " ".join(words), Rect(0, 0, width, height)
    for font in (fonts.REGULAR, fonts.BOLD):
        if ink._cannot_fit(text, font, size, box):
            style = ParagraphStyle("ink", fontName=font, fontSize=size, leading=size * 1.2)
            para = Paragraph(text, style, script=ink.script)
            assert para.wrap(width, height)[1] > height, (text, font)


def _frags(para: rl.Paragraph) -> list[dict[str, object]]:
    return [vars(f) for f in para.frags]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts ReportLab's markup parser reads from now on, with no reading kept yet."""
    from reportlab.platypus import paraparser

    from printkit.drawing import paragraph as ours

    monkeypatch.setattr(ours, "_READ", type(ours._READ)())
    texts: list[str] = []
    original = paraparser.ParaParser.parse
    monkeypatch.setattr(paraparser.ParaParser, "parse",
                        lambda self, text, st: (texts.append(text), original(self, text, st))[1])
    return texts


def test_markup_is_read_once_and_each_paragraph_gets_fragments_of_its_own(
        style: ParagraphStyle, reads: list[str]) -> None:
    """The same text in a style of the same settings is read once (ReportLab's parser is
    most of a paragraph's making); each paragraph gets its own copies of the fragments,
    equal to a fresh reading, and what ReportLab adds to one's never shows in another's."""
    text = "Tura: <b>rzuć</b> kośćmi &amp; <i>policz</i> 10% pól."
    fresh = rl.Paragraph(fonts.mark(text, style.fontName, LATIN), style)  # ReportLab's reading
    reads.clear()
    first = Paragraph(text, style, script=LATIN)
    same = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=9.5, leading=13)
    second = Paragraph(text, same, script=LATIN)  # another style object with the same settings
    assert len(reads) == 1 and second.style is same
    assert _frags(first) == _frags(second) == _frags(fresh)
    assert not {id(f) for f in first.frags} & {id(f) for f in second.frags}
    first.frags[1].us_lines.append("underline")  # (as ReportLab does while drawing)
    first.frags[0].text = "changed"
    assert _frags(Paragraph(text, style, script=LATIN)) == _frags(fresh) and len(reads) == 1
    for width in (200, 90):
        assert second.wrap(width, 500) == fresh.wrap(width, 500)
    # another size, or another text, is read again
    bigger = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=12, leading=13)
    assert _frags(Paragraph(text, bigger, script=LATIN))[0]["fontSize"] == 12
    assert len(reads) == 2
    Paragraph(text + " ", style, script=LATIN)
    assert len(reads) == 3


def test_markup_that_sets_its_own_style_is_read_every_time(
        style: ParagraphStyle, reads: list[str]) -> None:
    text = '<para leading="20">Wyżej</para>'
    for _ in range(2):
        para = Paragraph(text, style, script=LATIN)
        assert para.style.leading == 20 and style.leading == 13
    assert len(reads) == 2
