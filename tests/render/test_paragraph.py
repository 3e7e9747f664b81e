"""Paragraphs break their lines once per width, and answer exactly as ReportLab's do."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph as rl

from printkit.layout.geometry import Rect
from printkit.render import fonts
from printkit.render.paragraph import Paragraph
from printkit.render.script import activate
from printkit.render.text import Ink

TEXT = ("Każdy gracz bierze kartę z wierzchu stosu i porównuje ją z kapitanem: "
        "<b>jedna cecha inna</b> i karta dołącza do stosu. ") * 4


@pytest.fixture
def style() -> ParagraphStyle:
    fonts.register()
    activate("en")  # (an earlier test may leave another script active)
    return ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=9.5, leading=13)


def test_sizes_are_reportlabs_and_lines_are_broken_once_per_width(
        style: ParagraphStyle, monkeypatch: pytest.MonkeyPatch) -> None:
    ours, theirs = Paragraph(TEXT, style), rl.Paragraph(TEXT, style)
    breaks = []
    original = rl.Paragraph.breakLines
    monkeypatch.setattr(rl.Paragraph, "breakLines",
                        lambda self, widths: (breaks.append(widths), original(self, widths))[1])
    for width in (200, 200, 120, 200, 200):
        assert ours.wrap(width, 500) == theirs.wrap(width, 500)
    assert len(breaks) == 5 + 3  # ReportLab's 5, ours at 200, 120, 200 again
    assert ours.wrap(0, 500) == theirs.wrap(0, 500)  # too narrow: nothing kept


def test_a_split_that_finds_no_room_makes_the_next_wrap_break_again(
        style: ParagraphStyle) -> None:
    para = Paragraph(TEXT, style)
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
    activate("pl")
    text, box = " ".join(words), Rect(0, 0, width, height)
    for font in (fonts.REGULAR, fonts.BOLD):
        if Ink._cannot_fit(text, font, size, box):
            style = ParagraphStyle("ink", fontName=font, fontSize=size, leading=size * 1.2)
            assert Paragraph(text, style).wrap(width, height)[1] > height, (text, font)
