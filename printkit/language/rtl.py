"""Right-to-left text (Arabic, Hebrew, Persian): lines shaped, broken and put in bidi order.

ReportLab shapes a word with HarfBuzz but orders a line only through its optional
``rlbidi`` module, which is not on PyPI and takes one font per line. Here a paragraph is
set in three steps:

1. its text, in logical order, gets the embedding level of each character from the Unicode
   bidi algorithm (:mod:`printkit.language.bidi`; the paragraph reads right to left if it
   has any right-to-left letter);
2. each piece of one font and one level is shaped on its own, in its own direction
   (:func:`shape`): Arabic letters join, a number inside Arabic text keeps its digits in
   order, brackets are mirrored;
3. lines break at spaces by the shaped widths, and each line's pieces are put in visual
   order (rule L2) and drawn left to right, the line set against the right margin.

A signed number or a range is isolated left to right before step 1, so "−4" keeps its
sign on the left of its digits and "2–4" reads as in print; bidi controls in the text
(the isolates around a game's title, see :func:`printkit.language.bidi.isolate`, or the
embeddings of a translation) place the text around them and are never drawn.

Text of printkit's own font (DejaVu: digits, Latin names, punctuation) is not shaped, so
it stays plain text in the PDF; a locale's font is shaped by HarfBuzz.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

import uharfbuzz
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus.paragraph import FragLine, ParaLines

from printkit.language import bidi, internals
from printkit.language.script import Script, is_locale_font

#: HarfBuzz features: kerning and the ligatures a script needs, no discretionary ones.
FEATURES = {"kern": True, "liga": True}

#: The base level of a right-to-left paragraph.
RTL = 1


internals.patch_set_rise()


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
    shaped, advance = internals.shaped_string(ttf, hb_font, buffer)
    return shaped, advance * size / 1000


#: A paragraph's direction (see :func:`printkit.language.bidi.direction`).
_direction = bidi.direction


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


#: How text is set in fonts: (font, text) runs, each in the first font that has its
#: characters (:func:`printkit.language.fonts.runs`, which sets right-to-left lines here).
Runs = Callable[[str, str, Script], Iterable[tuple[str, str]]]


def line(text: str, font: str, size: float, script: Script, runs: Runs
         ) -> list[tuple[str, str, float]]:
    """One line of plain text read right to left, as (font, visual text, width) pieces
    from left to right: each font of ``runs`` in ``script`` and each bidi level shaped on
    its own."""
    return [(f, t, w * size) for f, t, w in _at_one_point(text, font, script, runs)]


@lru_cache(maxsize=8192)
def _at_one_point(text: str, font: str, script: Script, runs: Runs
                  ) -> tuple[tuple[str, str, float], ...]:
    """:func:`line` at 1 pt (shaping does not depend on the size; a label is measured at
    every size it tries)."""
    text = bidi.isolate_numbers(text)
    found = bidi.levels(text, _direction(text))
    pieces: list[tuple[str, int, str]] = []
    at = 0
    for run_font, run_text in runs(text, font, script):
        for char in run_text:
            level = found[at]
            at += 1
            if char in bidi.INVISIBLE:
                continue
            if pieces and pieces[-1][:2] == (run_font, level):
                pieces[-1] = (run_font, level, pieces[-1][2] + char)
            else:
                pieces.append((run_font, level, char))
    out = []
    for i in visual_order([p[1] for p in pieces]):
        piece_font, level, piece = pieces[i]
        shaped, width = shape(piece, piece_font, 1.0, bool(level % 2))
        out.append((piece_font, shaped, width))
    return tuple(out)


def width(text: str, font: str, size: float, script: Script, runs: Runs) -> float:
    return sum(w for _f, _t, w in line(text, font, size, script, runs))


class _Piece:
    """Text of one fragment and one level, shaped."""

    __slots__ = ("frag", "level", "text", "shaped", "width")

    def __init__(self, frag: Any, level: int, text: str) -> None:
        self.frag, self.level, self.text = frag, level, text
        self.shaped: str = ""
        self.width = 0.0

    def measure(self) -> _Piece:
        if hasattr(self.frag, "cbDefn"):
            self.shaped, self.width = "", 0.0
        else:
            self.shaped, self.width = shape(self.text, self.frag.fontName,
                                            self.frag.fontSize, bool(self.level % 2))
        return self


def _words(chars: list[tuple[str, Any]]) -> list[list[_Piece]]:
    """The paragraph's words (each with the spaces after it) as pieces of one fragment and
    one level each, shaped."""
    chars = _numbers_isolated(chars)
    text = "".join(c for c, _f in chars)
    found = bidi.levels(text, _direction(text)) if chars else []
    words: list[list[_Piece]] = []
    current: list[_Piece] = []
    for (char, frag), level in zip(chars, found, strict=True):
        if char in bidi.INVISIBLE:  # placed the text around it; takes no room
            continue
        space = char == " " or (char.isspace() and char != "\u00a0")
        if current and not space and current[-1].text[-1:].isspace() \
                and current[-1].text[-1] != "\u00a0":
            words.append(current)
            current = []
        last = current[-1] if current else None
        if last is not None and last.frag is frag and last.level == level:
            last.text += char
        else:
            current.append(_Piece(frag, level, char))
    if current:
        words.append(current)
    return [[p.measure() for p in word] for word in words]


def _numbers_isolated(chars: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """``chars`` with each signed number or range ("−4", "2–4") between LRI and PDI (see
    :func:`printkit.language.bidi.numbers`), each control in its neighbour's fragment."""
    spans = bidi.numbers("".join(c for c, _f in chars))
    if not spans:
        return chars
    out = list(chars)
    for start, end in reversed(spans):
        out.insert(end, (bidi.PDI, chars[end - 1][1]))
        out.insert(start, (bidi.LRI, chars[start][1]))
    return out


def _strip(word: list[_Piece]) -> list[_Piece]:
    """A line's last word without its trailing spaces (they take no room at a line's end)."""
    out = list(word)
    while out and out[-1].text.isspace():
        out.pop()
    if out and out[-1].text != out[-1].text.rstrip():
        last = out[-1]
        out[-1] = _Piece(last.frag, last.level, last.text.rstrip()).measure()
    return out


def _line(words: list[list[_Piece]], width: float, line_break: bool, bounds: bool) -> FragLine:
    pieces = [p for word in words[:-1] for p in word] + _strip(words[-1])
    used = sum(p.width for p in pieces)
    shown = [pieces[i] for i in visual_order([p.level for p in pieces])]
    frags = [p.frag if hasattr(p.frag, "cbDefn") else p.frag.clone(text=p.shaped)
             for p in shown]
    size, ascent, descent = 0.0, 0.0, 0.0
    for p in pieces:
        frag = p.frag
        size = max(size, frag.fontSize)
        up, down = pdfmetrics.getAscentDescent(frag.fontName, frag.fontSize)
        ascent, descent = max(ascent, up), min(descent, down)
    line = FragLine(kind=1, extraSpace=width - used, wordCount=1, words=frags,
                    fontSize=size, ascent=ascent, descent=descent, maxWidth=width,
                    currentWidth=used, lineBreak=line_break)
    #: the line's text in logical order, for the second half of a split paragraph
    line.logical = [p.frag if hasattr(p.frag, "cbDefn") else p.frag.clone(text=p.text)
                    for word in words for p in word]
    return line


def split(frags: Sequence[Any], widths: Sequence[float], bounds: bool) -> ParaLines:
    """Break paragraph fragments (logical order) into right-to-left lines of ``widths``."""
    lines: list[FragLine] = []

    def width() -> float:
        return widths[min(len(lines), len(widths) - 1)]

    def fill(chars: list[tuple[str, Any]], forced: bool) -> None:
        words = _words(chars)
        current: list[list[_Piece]] = []
        used = trailing = 0.0
        for word in words:
            size = sum(p.width for p in word)
            space = sum(p.width for p in word if p.text.isspace())
            if current and used - trailing + size - space > width() + internals.FUZZ:
                lines.append(_line(current, width(), False, bounds))
                current, used = [], 0.0
            current.append(word)
            used += size
            trailing = space
        if current:
            lines.append(_line(current, width(), forced, bounds))

    chars: list[tuple[str, Any]] = []
    for frag in frags:
        if hasattr(frag, "lineBreak"):
            fill(chars, True)
            chars = []
        elif hasattr(frag, "cbDefn"):
            chars.append(("\u200b", frag))
        else:
            chars += [(c, frag) for c in frag.text]
    if chars:
        fill(chars, False)
    return ParaLines(kind=1, lines=lines)
