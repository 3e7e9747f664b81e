"""Text with icons in it: ``gain 2 :coin:`` sets the symbol ``coin`` inline.

An icon is a symbol of :mod:`printkit.drawing.symbols` drawn as a square as tall as the
text's size, sitting on the baseline like a capital letter, in the text's colour, or one
of the project's own icons (a picture, in its own colours) drawn in the same square. After
each icon an invisible text run (PDF text render mode 3) carries its name, so that text
copied or extracted from the PDF reads ``gain 2 coin`` rather than losing the word.

Such text is set here rather than by :class:`~printkit.drawing.text.Ink`'s paragraphs,
which cannot hold a drawing: words wrap at spaces, the size shrinks to fit the box as
Ink's does (never below its floor), the glyphs are checked by Ink, and a text that does
not fit is a :class:`~printkit.errors.FitError` naming the box. Lines run left to right.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.symbols import SYMBOLS, draw_symbol
from printkit.drawing.text import LEADING, Ink
from printkit.errors import FitError, TranslationError
from printkit.geometry import Rect
from printkit.language import fonts

#: An icon in text: its name between colons.
ICON = re.compile(r":([a-z][a-z0-9_-]*):")
#: How wide an icon is (with the space round it), as a share of the text size.
ICON_EM = 1.1
#: How far the size steps down while it looks for one that fits.
STEP_PT = 0.5

#: Draws one of the project's icons centred at (x, y), ``side`` points square.
OwnIcon = Callable[[Canvas, float, float, float], None]
#: A piece of a line: (word text, None) or ("", icon name).
Piece = tuple[str, str | None]


def icons_in(text: str) -> list[str]:
    """The icon names ``text`` uses, in order."""
    return ICON.findall(text)


def has_icons(text: str) -> bool:
    return ICON.search(text) is not None


def _pieces(text: str) -> list[Piece]:
    out: list[Piece] = []
    last = 0
    for match in ICON.finditer(text):
        if match.start() > last:
            out.append((text[last:match.start()], None))
        out.append(("", match.group(1)))
        last = match.end()
    if last < len(text):
        out.append((text[last:], None))
    return out


def _width(pieces: Iterable[Piece], font: str, size: float, ink: Ink) -> float:
    return sum(size * ICON_EM if icon else fonts.string_width(words, font, size, ink.script)
               for words, icon in pieces)


def _lines(text: str, font: str, size: float, width: float, ink: Ink,
           wrap: bool) -> list[list[Piece]] | None:
    """``text`` broken at spaces into lines no wider than ``width``; None if a word alone
    is wider (or, without ``wrap``, if the text is)."""
    tokens = [p for chunk in re.split(r"(\s+)", text) for p in _pieces(chunk)]
    lines: list[list[Piece]] = [[]]
    for token in tokens:
        lines[-1].append(token)
        if _width(lines[-1], font, size, ink) > width + 1e-6:
            if not wrap or len(lines[-1]) == 1:
                return None
            lines[-1].pop()
            while lines[-1] and lines[-1][-1][0].isspace():
                lines[-1].pop()
            if token[0].isspace():
                lines.append([])
                continue
            lines.append([token])
            if _width(lines[-1], font, size, ink) > width + 1e-6:
                return None
    return [line for line in lines if line]


def _fit(text: str, box: Rect, font: str, size: float, min_size: float, ink: Ink,
         wrap: bool, where: str) -> tuple[float, list[list[Piece]]]:
    floor = ink.floor()
    size, min_size = max(size, floor), max(min_size, floor)
    tried = size if wrap else max(min(size, box.height), min_size)
    while tried >= min_size - 1e-9:
        lines = _lines(text, font, tried, box.width, ink, wrap)
        if lines is not None and len(lines) * tried * LEADING <= box.height + 1e-6 or (
                lines is not None and len(lines) == 1):
            return tried, lines
        tried -= STEP_PT
    raise FitError(f"locale {ink.locale}: {ink.document}: {where}: {text!r} does not fit "
                   f"{box.width / 2.8346:.0f} mm even at {min_size:g} pt")


def _joined(line: list[Piece]) -> list[Piece]:
    """A line's words between icons as one run each: a word is not a text object of its
    own (text copied from the PDF keeps its spaces)."""
    out: list[Piece] = []
    for words, icon in line:
        if icon is None and out and out[-1][1] is None:
            out[-1] = (out[-1][0] + words, None)
        else:
            out.append((words, icon))
    return out


def draw_icon_text(c: Canvas, ink: Ink, text: str, box: Rect, font: str, size: float,
                   min_size: float, align: str, colour: Color, where: str,
                   wrap: bool, own: Mapping[str, OwnIcon] | None = None) -> float:
    """Set ``text`` with its icons in ``box`` (see the module); returns the size used.
    ``own``: the project's icons, each drawn by its own function, in its own colours."""
    ink.check(ICON.sub(" ", text), where)
    own = own or {}
    known = (*SYMBOLS, *(name for name in own if name not in SYMBOLS))
    unknown = [icon for icon in icons_in(text) if icon not in known]
    if unknown:  # (a card file's own text was checked when the deck loaded: a translation)
        raise TranslationError(f"locale {ink.locale}: {ink.document}: {where}: ':{unknown[0]}:'"
                               f" is not an icon; icons: {', '.join(known)}")
    used, lines = _fit(text, box, font, size, min_size, ink, wrap, where)
    leading = used * LEADING
    top = box.y + (box.height + len(lines) * leading) / 2  # the lines, centred
    for n, line in enumerate(lines):
        baseline = top - (n + 1) * leading + (leading - used * 0.72) / 2
        width = _width(line, font, used, ink)
        x = {"centre": box.x + (box.width - width) / 2,
             "right": box.right - width}.get(align, box.x)
        for words, icon in _joined(line):
            if icon is None:
                c.setFillColor(colour)
                fonts.draw_runs(c, x, baseline, words, font, used, ink.script)
                x += fonts.string_width(words, font, used, ink.script)
                continue
            side = used * 0.9
            if icon in own and icon not in SYMBOLS:
                own[icon](c, x + used * ICON_EM / 2, baseline + used * 0.36, side)
            else:
                draw_symbol(c, icon, x + used * ICON_EM / 2, baseline + used * 0.36, side,
                            colour)
            # The render mode is kept in the graphics state: saved, so that the text
            # drawn after the icon stays visible.
            c.saveState()
            hidden = c.beginText(x, baseline)
            hidden.setTextRenderMode(3)  # invisible: what copying the text gives
            hidden.setFont(font, used)
            hidden.textOut(icon)
            hidden.setTextRenderMode(0)
            c.drawText(hidden)
            c.restoreState()
            x += used * ICON_EM
    return used
