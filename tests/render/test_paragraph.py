"""Paragraphs break their lines once per width, and answer exactly as ReportLab's do."""

from __future__ import annotations

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph as rl

from printkit.render import fonts
from printkit.render.paragraph import Paragraph

TEXT = ("Każdy gracz bierze kartę z wierzchu stosu i porównuje ją z kapitanem: "
        "<b>jedna cecha inna</b> i karta dołącza do stosu. ") * 4


@pytest.fixture
def style() -> ParagraphStyle:
    fonts.register()
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
