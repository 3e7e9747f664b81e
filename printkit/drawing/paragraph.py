"""ReportLab's paragraph, with its lines broken once per width and its markup read once.

Platypus asks a paragraph for its size again and again at the same width: a
frame does, then the table (an example panel, a fact box) holding it, once to
measure and once to draw. Breaking the lines is most of the work of a
paragraph, and the answer depends only on the text, the style and the width,
so it is kept from the first time.

Reading a paragraph's markup into fragments (ReportLab's ParaParser, an HTMLParser) is
the rest: the same text in the same style is read again for every layout a page fitting
sketches, every guide laid out, every size a label tries. The fragments depend only on
the text and the style's settings, so they are kept (:data:`_READ`) and each paragraph
gets copies of its own.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph

from printkit.language import fonts, internals, kinsoku, lines
from printkit.language.script import Script

#: What ReportLab answers for a width too narrow to set anything in: not kept.
_CANNOT_FIT = 0x7FFFFFFF

#: Paragraphs read: (text, the style's settings, case sensitivity) -> the text as cleaned
#: and its fragments, never handed out themselves (see _copies). The most recent kept.
_READ: OrderedDict[tuple[Any, ...], tuple[str, list[Any]]] = OrderedDict()
_READ_MAX = 2048


def _settings(style: ParagraphStyle) -> tuple[Any, ...] | None:
    """Everything a style sets (its parent's settings are copied into it when it is made),
    as a key; None if one of them cannot be a key."""
    settings = tuple(sorted((k, v) for k, v in vars(style).items() if k != "parent"))
    try:
        hash(settings)
    except TypeError:
        return None
    return settings


def _copies(frags: list[Any]) -> list[Any]:
    """Fragments of a paragraph's own, as a fresh reading gives: each fragment and each of
    its lists (links, underlines) copied; ReportLab adds to them as it sets the lines."""
    copies = []
    for frag in frags:
        copy = frag.clone()
        for name, value in vars(frag).items():
            if type(value) is list:
                setattr(copy, name, list(value))
        copies.append(copy)
    return copies


#: Each style's twins: breaking lines between characters, or set by printkit (see _twin).
_TWINS: dict[tuple[int, str], tuple[ParagraphStyle, ParagraphStyle]] = {}


#: How a paragraph's alignment reads in a right-to-left document, and in a left-to-right
#: one set by printkit: justified text is set flush to the line's start (a script's own
#: line setter stretches no spaces; Thai has none between words to stretch).
_MIRRORED = {TA_LEFT: TA_RIGHT, TA_JUSTIFY: TA_RIGHT, TA_RIGHT: TA_LEFT}
_FLUSH = {TA_JUSTIFY: TA_LEFT}


def _twin(style: ParagraphStyle, kind: str, leading: float = 1.0) -> ParagraphStyle:
    """``style`` breaking lines between any two characters with the kinsoku rules
    (``"cjk"``), or set by :mod:`printkit.language.lines` (shaped, broken by the Unicode
    rules) left to right (``"ltr"``) or right to left (``"rtl"``: aligned and indented as
    a mirror); its lines ``leading`` times as far apart (the script's own line spacing)."""
    kept = _TWINS.get((id(style), f"{kind}:{leading}"))
    if kept is None or kept[0] is not style:
        if kind == "rtl":
            settings = {"rtl": 1, "alignment": _MIRRORED.get(style.alignment, style.alignment),
                        "leftIndent": style.rightIndent, "rightIndent": style.leftIndent}
        elif kind == "ltr":
            settings = {"alignment": _FLUSH.get(style.alignment, style.alignment)}
        else:
            settings = {"wordWrap": "CJK"}
        if kind != "cjk":
            settings["own_lines"] = 1
        if leading != 1.0:
            settings["leading"] = style.leading * leading
        kept = _TWINS[(id(style), f"{kind}:{leading}")] = (
            style, ParagraphStyle(f"{style.name}-{kind}", parent=style, **settings))
    return kept[1]


class Paragraph(paragraph.Paragraph):
    """Text in its locale's ``script``: each run in a font that has its characters (see
    :func:`printkit.language.fonts.mark`), lines broken as the script breaks them. (The
    halves ReportLab makes when it splits a paragraph, from its fragments, take the
    whole's script.)"""

    def __init__(self, text: str | None, style: ParagraphStyle | None = None, *args: Any,
                 script: Script | None = None, **kwargs: Any) -> None:
        if script is None and text is not None:
            raise TypeError("a paragraph is set in its locale's script: pass script=")
        self.script = script
        if script is not None and style is not None and script.fonts:
            if text is not None:  # None: a split paragraph's half, its frags already made
                text = fonts.mark(text, style.fontName, script)
            if script.cjk:
                if style.wordWrap != "CJK":
                    style = _twin(style, "cjk", script.leading)
            elif not getattr(style, "own_lines", 0):
                style = _twin(style, script.direction, script.leading)
        super().__init__(text, style, *args, **kwargs)

    def _setup(self, text: Any, style: Any, bulletText: Any, frags: Any,  # noqa: N803
               cleaner: Any) -> None:
        settings = _settings(style) if frags is None and isinstance(text, str) else None
        if settings is None:
            internals.set_up_paragraph(self, text, style, bulletText, frags, cleaner)
            return
        key = (text, settings, self.caseSensitive)
        found = _READ.get(key)
        if found is not None:
            _READ.move_to_end(key)
            internals.set_up_paragraph(self, found[0], style, bulletText, _copies(found[1]),
                                       cleaner)
            return
        internals.set_up_paragraph(self, text, style, bulletText, frags, cleaner)
        # kept only when reading took nothing else from the text: its own style (a <para>
        # tag's) or a bullet (a <bullet> tag's) would be lost on the next reading
        if self.style is style and self.bulletText is bulletText:
            _READ[key] = (self.text, _copies(self.frags))
            if len(_READ) > _READ_MAX:
                _READ.popitem(last=False)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        # ReportLab drops the broken lines when a split finds no room: break them again.
        if self.__dict__.get("_wrapped_at") == availWidth and "blPara" in self.__dict__:
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if size[1] != _CANNOT_FIT:
            self._wrapped_at = availWidth
        return size

    def breakLines(self, width: Any) -> Any:  # noqa: N802
        if not getattr(self.style, "own_lines", 0):
            return super().breakLines(width)
        return self._own_lines(width, lambda frags, widths, _bounds: lines.split(
            frags, widths, self.script))

    def split(self, availWidth: float, availHeight: float) -> list[Any]:  # noqa: N803
        parts = super().split(availWidth, availHeight)
        for part in parts:
            if isinstance(part, Paragraph) and part.script is None:
                part.script = self.script
        if len(parts) == 2 and getattr(self.style, "own_lines", 0):
            # the second half is broken again: from the text in logical order, not the
            # first half's lines in visual order
            taken = len(parts[0].blPara.lines)
            parts[1].frags = [f for ln in self.blPara.lines[taken:] for f in ln.logical]
        return parts

    def breakLinesCJK(self, maxWidths: Any) -> Any:  # noqa: N802, N803
        """Lines broken between characters, keeping the kinsoku rules (see
        :mod:`printkit.language.kinsoku`)."""
        return self._own_lines(maxWidths, lambda frags, widths, bounds: kinsoku.split(
            frags, widths, bounds, self.script.code, getattr(self.style, "phrases", False)))

    def _own_lines(self, maxWidths: Any, split: Any) -> Any:  # noqa: N803
        """The lines of ``split(frags, widths, bounds)``, with ReportLab's bookkeeping."""
        widths = list(maxWidths) if isinstance(maxWidths, (list, tuple)) else [maxWidths]
        style = self.style
        self.height = 0
        internals.handle_bullet_width(self, widths)
        if hasattr(self, "blPara") and internals.is_second_half(self):
            return self.blPara
        if not self.frags:
            return paragraph.ParaLines(kind=0, fontSize=style.fontSize,
                                       fontName=style.fontName, textColor=style.textColor,
                                       lines=[], ascent=style.fontSize,
                                       descent=-0.2 * style.fontSize)
        leading = getattr(self, "autoLeading", getattr(style, "autoLeading", ""))
        return split(self.frags, widths, leading not in ("", "off"))

