"""Text shaped by HarfBuzz, a run of one font and one direction at a time, and pieces of
text put in the order they are shown.

ReportLab shapes a word with HarfBuzz in the font of its first piece and orders a line
only through its optional ``rlbidi`` module, which is not on PyPI and takes one font per
line. printkit's own line setter (:mod:`printkit.language.lines`) shapes each piece of one
font and one bidi level on its own (:func:`shape`): Arabic letters join, a Thai or
Devanagari mark sits on its letter, a number inside Arabic text keeps its digits in
order, brackets are mirrored; and puts a line's pieces in visual order
(:func:`visual_order`, rule L2 of the bidi algorithm).

Text of printkit's own font (DejaVu: digits, Latin names, punctuation) is not shaped, so
it stays plain text in the PDF; a locale's font is shaped by HarfBuzz.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import uharfbuzz
from reportlab.pdfbase import pdfmetrics

from printkit.language import bidi, internals
from printkit.language.script import is_locale_font

#: HarfBuzz features: kerning and the ligatures a script needs, no discretionary ones.
FEATURES = {"kern": True, "liga": True}

#: The base level of a right-to-left paragraph.
RTL = 1


internals.patch_set_rise()
internals.patch_actual_text()


def _shapable(font: str) -> bool:
    return is_locale_font(font)


@lru_cache(maxsize=20000)
def shape(text: str, font: str, size: float, rtl: bool) -> tuple[str, float]:
    """``text`` of one font and one direction in visual order, and its width.

    A locale's font is shaped by HarfBuzz in the given direction (joined letters, marks,
    mirrored brackets) and comes back as ReportLab's ShapedStr; printkit's own font is
    not shaped, only reversed and mirrored when it reads right to left."""
    if not _shapable(font):
        if rtl:
            text = "".join(bidi.MIRRORS.get(c, c) for c in reversed(text))
        return text, pdfmetrics.stringWidth(text, font, size)
    ttf = pdfmetrics.getFont(font)
    hb_font = internals.harfbuzz_font(ttf, size)
    buffer = uharfbuzz.Buffer()
    buffer.cluster_level = uharfbuzz.BufferClusterLevel.MONOTONE_CHARACTERS
    buffer.add_str(text)
    buffer.direction = "rtl" if rtl else "ltr"
    buffer.guess_segment_properties()
    uharfbuzz.shape(hb_font, buffer, FEATURES)
    # A reader takes the span's text as drawn left to right, as the glyphs are, and puts
    # right-to-left text back in reading order itself (pdftotext and PDFium alike).
    shaped, advance = internals.shaped_string(ttf, hb_font, buffer, text[::-1] if rtl else text)
    return shaped, advance * size / 1000


def visual_order(found: Sequence[int]) -> list[int]:
    """Indexes of items with embedding levels ``found`` in the order they are shown (L2)."""
    order = list(range(len(found)))
    odd = [lv for lv in found if lv % 2]
    if not odd:
        return order
    for level in range(max(found), min(odd) - 1, -1):
        i = 0
        while i < len(order):
            if found[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and found[order[j]] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            i = j
    return order
