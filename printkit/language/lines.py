"""Lines of text in a locale's own fonts (Arabic, Hebrew, Thai, Hindi…): shaped, broken
where the Unicode rules allow, and put in bidi order.

ReportLab breaks lines only at spaces, and shapes a word in the font of its first piece.
Here a paragraph, or a label's one line, is set in four steps:

1. its text, in logical order, gets the embedding level of each character from the
   Unicode bidi algorithm (:mod:`printkit.language.bidi`): in a right-to-left locale
   the paragraph reads right to left if it has any right-to-left letter, in any other
   it reads left to right;
2. it is cut where a line may break (:func:`printkit.language.breaks.opportunities`:
   the Unicode rules, with dictionaries for Thai, Lao, Khmer and Burmese), and each cut
   into pieces of one font and one level, each shaped on its own
   (:func:`printkit.language.shaping.shape`), so a word beside a bracket or a digit of
   another font is shaped as it is alone;
3. lines are filled by the shaped widths, the spaces at a line's end taking no room;
4. each line's pieces are put in visual order (rule L2) and drawn left to right; the
   paragraph's alignment sets the line (a right-to-left locale's twin style mirrors it).

In a right-to-left locale a signed number or a range is isolated left to right before
step 1, so "−4" keeps its sign on the left of its digits and "2–4" reads as in print.
Bidi controls (the isolates around a game's title, a translation's embeddings) and
zero-width spaces are never drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus.paragraph import FragLine, ParaLines

from printkit.language import bidi, breaks, internals, shaping
from printkit.language.script import Script

#: Characters that place the text around them or mark where a line may break: never
#: drawn, taking no room.
_UNDRAWN = bidi.INVISIBLE | {breaks.ZWSP}

#: How text is set in fonts: (font, text) runs, each in the first font that has its
#: characters (:func:`printkit.language.fonts.runs`).
Runs = Callable[[str, str, Script], Iterable[tuple[str, str]]]


def _space(char: str) -> bool:
    """A space a line may end at, taking no room there (not a no-break space)."""
    return char == " " or (char.isspace() and char != "\u00a0")


def _embedded(frag: Any) -> bool:
    """Whether ``frag`` is something drawn in the line (an anchor, an image), not text."""
    return hasattr(frag, "cbDefn")


class _Piece:
    """Text of one fragment and one level, shaped."""

    __slots__ = ("frag", "level", "text", "shaped", "width")

    def __init__(self, frag: Any, level: int, text: str) -> None:
        self.frag, self.level, self.text = frag, level, text
        self.shaped: str = ""
        self.width = 0.0

    @property
    def space(self) -> bool:
        return not _embedded(self.frag) and all(_space(c) for c in self.text)

    def measure(self) -> _Piece:
        if not _embedded(self.frag):
            self.shaped, self.width = shaping.shape(self.text, self.frag.fontName,
                                                    self.frag.fontSize, bool(self.level % 2))
        return self


class _Run:
    """A run of a label's plain text in one font, at 1 pt (shaping does not depend on the
    size; a label is measured at every size it tries)."""

    __slots__ = ("fontName", "fontSize")

    def __init__(self, font: str) -> None:
        self.fontName, self.fontSize = font, 1.0


def line(text: str, font: str, size: float, script: Script, runs: Runs
         ) -> list[tuple[str, str, float]]:
    """One line of plain text, as (font, visual text, width) pieces from left to right:
    each font of ``runs`` in ``script`` and each bidi level shaped on its own."""
    return [(f, t, w * size) for f, t, w in _at_one_point(text, font, script, runs)]


@lru_cache(maxsize=8192)
def _at_one_point(text: str, font: str, script: Script, runs: Runs
                  ) -> tuple[tuple[str, str, float], ...]:
    chars = [(char, run) for run_font, run_text in runs(text, font, script)
             for run in (_Run(run_font),) for char in run_text]
    pieces = [p for word in _words(chars, script) for p in word]
    shown = (pieces[i] for i in shaping.visual_order([p.level for p in pieces]))
    return tuple((p.frag.fontName, p.shaped, p.width) for p in shown)


def width(text: str, font: str, size: float, script: Script, runs: Runs) -> float:
    return sum(w for _f, _t, w in line(text, font, size, script, runs))


def _words(chars: list[tuple[str, Any]], script: Script) -> list[list[_Piece]]:
    """The text's words, from one place a line may break to the next (each with the
    spaces after it), as pieces of one fragment and one level each, shaped."""
    if script.rtl:
        chars = _numbers_isolated(chars)
    text = "".join(c for c, _f in chars)
    found = bidi.levels(text, bidi.direction(text) if script.rtl else "LTR") if chars else []
    starts = _starts(chars, script.code)
    words: list[list[_Piece]] = []
    current: list[_Piece] = []
    for at, ((char, frag), level) in enumerate(zip(chars, found, strict=True)):
        if at in starts and current:
            words.append(current)
            current = []
        if char in _UNDRAWN and not _embedded(frag):
            continue
        last = current[-1] if current else None
        if last is not None and last.frag is frag and last.level == level \
                and not _embedded(frag) and last.space == _space(char):
            last.text += char
        else:
            current.append(_Piece(frag, level, char))
    if current:
        words.append(current)
    return [[p.measure() for p in word] for word in words]


def _starts(chars: list[tuple[str, Any]], code: str) -> set[int]:
    """The indexes of ``chars`` where a line may begin: the break opportunities of their
    text (an anchor or image goes with the text after it)."""
    kept = [i for i, (_c, frag) in enumerate(chars) if not _embedded(frag)]
    text = "".join(chars[i][0] for i in kept)
    return {kept[p - 1] + 1 for p in breaks.opportunities(text, code)}


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
    while out and out[-1].space:
        out.pop()
    return out


def _trailing(word: list[_Piece]) -> float:
    return sum(p.width for p in word[len(_strip(word)):])


def _line(words: list[list[_Piece]], width: float, line_break: bool) -> FragLine:
    pieces = [p for word in words[:-1] for p in word] + _strip(words[-1])
    used = sum(p.width for p in pieces)
    shown = [pieces[i] for i in shaping.visual_order([p.level for p in pieces])]
    frags = [p.frag if _embedded(p.frag) else p.frag.clone(text=p.shaped) for p in shown]
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
    line.logical = [p.frag if _embedded(p.frag) else p.frag.clone(text=p.text)
                    for word in words for p in word]
    return line


def split(frags: Sequence[Any], widths: Sequence[float], script: Script) -> ParaLines:
    """Break paragraph fragments (logical order) of ``script`` into lines of ``widths``,
    each line's fragments in visual order."""
    lines: list[FragLine] = []

    def width() -> float:
        return widths[min(len(lines), len(widths) - 1)]

    def fill(chars: list[tuple[str, Any]], forced: bool) -> None:
        current: list[list[_Piece]] = []
        used = trailing = 0.0
        for word in _words(chars, script):
            size, space = sum(p.width for p in word), _trailing(word)
            if current and used - trailing + size - space > width() + internals.FUZZ:
                lines.append(_line(current, width(), False))
                current, used = [], 0.0
            current.append(word)
            used += size
            trailing = space
        if current:
            lines.append(_line(current, width(), forced))

    chars: list[tuple[str, Any]] = []
    for frag in frags:
        if hasattr(frag, "lineBreak"):
            fill(chars, True)
            chars = []
        elif _embedded(frag):
            chars.append(("\ufffc", frag))
        else:
            chars += [(c, frag) for c in frag.text]
    if chars:
        fill(chars, False)
    return ParaLines(kind=1, lines=lines)
