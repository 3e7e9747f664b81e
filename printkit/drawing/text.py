"""Text in fixed boxes: glyph-checked, escaped, and shrunk to fit or refused.

Everything that draws a string on a canvas goes through :class:`Ink`, which
knows the locale, so a missing glyph or an overflowing label fails the build
with the locale, the string and the box named, instead of printing a box of
tofu or a label cut off at the trim.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, black
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.paragraph import Paragraph
from printkit.drawing.pdf import printed_scale
from printkit.errors import FitError
from printkit.geometry import Rect
from printkit.language import breaks, fonts, internals, typography
from printkit.language.script import Script, load
from printkit.schema import DataText

#: The legibility floor: no text prints smaller than this on the paper (labels, sheets,
#: guides, cards, boards, figures). A string asked for smaller is set at the floor, and
#: one that does not fit there is a FitError: the layout must make room (wrap, a wider
#: box, a shorter word from the catalog), for nothing is set smaller or condensed (a
#: line at 6 pt condensed to 93 % prints at 5.8 pt: its size on the paper is the font
#: size times the geometric mean of its two scales). A miniature, drawn smaller than life
#: (a card or board in a rulebook figure), leaves out the words that would print below
#: the floor instead: the picture shows the component, the rulebook's text says what it
#: says.
FLOOR_PT = 6.0
#: The floor of text read during play (cards, boards, tokens, dice, score sheets, quick
#: references): an Ink made with ``floor_pt=PLAY_PT`` holds all it draws to it. A sheet's
#: own label, read by whoever prints and sorts the sheets, keeps to FLOOR_PT.
PLAY_PT = 7.0
#: A label's lines, when it takes more than one: this many times its size apart (times
#: the script's own leading, see :class:`printkit.language.script.Script`).
LEADING = 1.2


def floor_of(document: str) -> float:
    """The floor of a flow document's figures: PLAY_PT in a quick reference (a player aid,
    read during play), FLOOR_PT in a rulebook."""
    return PLAY_PT if document == "reference" else FLOOR_PT


def markup_escape(text: str) -> str:
    """Text made safe for ReportLab Paragraph markup (a bare & or < corrupts it)."""
    return escape(text)


#: The only markup a translation may carry, in fixed boxes as in flowing text.
_TAG = re.compile(r"</?[bi]>")


def label_text(text: str) -> str:
    """A label as the translator's rules say it prints: ``%%`` is a percent sign.

    Flowing text gets the same from gettext's %-formatting; labels in fixed boxes
    are often drawn unformatted, so the rule is applied here too.
    """
    return text.replace("%%", "%")


def balanced(text: str) -> bool:
    """Whether the <b>/<i> tags of ``text`` open and close in order (then they are markup;
    otherwise they print as they are, like any other characters)."""
    stack: list[str] = []
    for tag in _TAG.findall(text):
        if not tag.startswith("</"):
            stack.append(tag[1])
        elif not stack or stack.pop() != tag[2]:
            return False
    return not stack


def plain(text: str) -> str:
    """The text without its <b>/<i> tags: what is measured and glyph-checked."""
    return _TAG.sub("", text) if balanced(text) else text


def markup(text: str) -> str:
    """Paragraph markup of ``text``: everything escaped but balanced <b>/<i> tags."""
    if not balanced(text):
        return escape(text)
    return re.sub(r"&lt;(/?)([bi])&gt;", r"<\1\2>", escape(text))


def _shown(text: str) -> str:
    """A string as an error quotes it: whole if short, else its start."""
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


def _prepared(text: str, locale: str) -> tuple[str, bool]:
    """The text as it prints, and whether it is literal: game data is text (its ``%%``,
    ``<b>`` and ``&`` print as they are), other text follows the translators' rules
    (``%%`` a percent sign, <b> and <i> markup)."""
    literal = isinstance(text, DataText)
    return typography.localise(text if literal else label_text(text), locale), literal


#: Where a label in a script without spaces may break between phrases (see
#: Ink.paragraph): at spaces, after 、。 and closing brackets, before opening ones.
_PHRASES = re.compile(r"\s+|(?<=[、。，．：；？！）」』】])|(?=[（「『【])")
#: Where a phrase too long for its line breaks best: before a number or Latin word.
_RUN_IN = re.compile(r"(?<=[^\x00-\x7f（「『【])(?=[0-9A-Za-z])")


def _phrase_tries(text: str, locale: str) -> list[list[str]]:
    """The pieces of a label in a script without spaces that its lines keep whole, the
    largest first, each tried at every size: its phrases (between spaces, marks and
    brackets, :data:`_PHRASES`, and BudouX's phrases of the language inside those, see
    :func:`printkit.language.typography.phrases`), then those cut before a number or Latin
    word ("サイコロ" "1個")."""
    phrases = [phrase for piece in _PHRASES.split(text)
               for phrase in typography.phrases(piece, locale)]
    pieces = [piece for phrase in phrases for piece in _RUN_IN.split(phrase)]
    return [phrases, pieces] if pieces != phrases else [phrases]


#: Where a line may break between words: a space, not a no-break one (a Polish „w” bound
#: to its word, French spacing before a colon: measured whole, as they are set).
_WORDS = re.compile(r"[^\S\u00a0]+")
#: What a paragraph may break at, or set narrower than its letters: spaces, soft hyphens.
_UNBREAKABLE = re.compile(r"[\s\u00ad\u200b]")


def _measured(text: str, literal: bool) -> str:
    return text if literal else plain(text)


def _markup(text: str, literal: bool) -> str:
    return markup_escape(text) if literal else markup(text)


def fit_size(text: str, font: str, size: float, min_size: float, width: float,
             script: Script) -> float | None:
    """The largest size from ``size`` down to ``min_size`` (0.5 pt steps) at which text
    set in ``script`` fits."""
    current = size
    while current >= min_size - 1e-9:
        if fonts.string_width(text, font, current, script) <= width:
            return current
        current -= 0.5
    return None


@dataclass
class Ink:
    """Draws checked text for one locale on one canvas."""

    canvas: Canvas
    locale: str
    document: str
    #: The smallest size anything this Ink draws prints at (FLOOR_PT, or PLAY_PT).
    floor_pt: float = FLOOR_PT

    def __post_init__(self) -> None:
        self.script = load(self.locale)
        self._mirrored = False

    @contextmanager
    def reading_order(self, page_width: float) -> Iterator[None]:
        """Within: a page laid out for a language read right to left, drawn as the mirror
        image of its left-to-right layout (a sheet's first column on the right, its label
        column and heading on the right), while the text in each box reads upright. Nothing
        changes in a locale read left to right. For sheets and forms, not for what has the
        game's own geometry (boards, tracks, cards)."""
        if not self.script.rtl:
            yield
            return
        c = self.canvas
        c.saveState()
        c.transform(-1, 0, 0, 1, page_width, 0)
        self._mirrored = True
        try:
            yield
        finally:
            self._mirrored = False
            c.restoreState()

    @contextmanager
    def _upright(self, box: Rect) -> Iterator[None]:
        """Text drawn in ``box`` on a mirrored page: mirrored again about the box's middle,
        so it stands where the mirrored box is and reads the right way round."""
        if not self._mirrored:
            yield
            return
        c = self.canvas
        c.saveState()
        c.transform(-1, 0, 0, 1, 2 * box.x + box.width, 0)
        try:
            yield
        finally:
            c.restoreState()

    def check(self, text: str, where: str, data: bool = False, font: str | None = None
              ) -> None:
        """The glyph check; ``data``: the text is a game's data (a character no font has
        is then bad data, exit 2, to be taken out of the data); ``font``: the face it is
        set in, if a project's own."""
        fonts.check_glyphs(text, self.locale, f"{self.document}: {where}", data=data,
                           font=font)

    def floor(self) -> float:
        """The smallest size, in the canvas's current units, that prints at ``floor_pt``."""
        return self.floor_pt / printed_scale(self.canvas)

    @contextmanager
    def aside(self) -> Iterator[None]:
        """Within: words not read during play (a sheet's label, how to fold it), held to
        FLOOR_PT only, whatever the floor of the document's other words."""
        kept = self.floor_pt
        self.floor_pt = min(kept, FLOOR_PT)
        try:
            yield
        finally:
            self.floor_pt = kept

    def miniature(self) -> bool:
        """Whether the canvas draws smaller than life just now (see FLOOR_PT)."""
        return printed_scale(self.canvas) < 1 - 1e-6

    def fitted(self, text: str, box: Rect, font: str, size: float, min_size: float,
               where: str, data: bool = False) -> float:
        """The size at which ``text`` fits ``box`` on one line, or a FitError."""
        self.check(text, where, data, font)
        floor = self.floor()
        size, min_size = max(size, floor), max(min_size, floor)
        # A line is no taller than its box, except that no box makes text smaller than
        # the floor (a 2 mm band still takes a 6 pt line: its letters are 4.3 pt tall).
        # Nor is it condensed (see FLOOR_PT): too wide at the floor is a FitError.
        fitted = fit_size(text, font, max(min(size, box.height), min_size), min_size,
                          box.width, self.script)
        if fitted is None:
            raise FitError(f"locale {self.locale}: {self.document}: {where}: {_shown(text)} "
                           f"does not fit {box.width / 2.8346:.0f} mm even at {min_size:g} pt")
        return fitted

    def _life_floor(self) -> float:
        """The floor in the canvas's units as the component is at life size: a miniature
        keeps the layout of the component it pictures (it only leaves words out)."""
        return min(self.floor(), self.floor_pt)

    def fits_line(self, text: str, width: float, font: str = fonts.REGULAR) -> bool:
        """Whether :meth:`line` sets ``text`` on one line ``width`` wide (at the floor or
        larger): a layout can make a box taller for the lines of one that does not."""
        text, literal = _prepared(text, self.locale)
        marked = not literal and _TAG.search(text) is not None and balanced(text)
        floor = self._life_floor()
        return fit_size(_measured(text, literal), fonts.widest(font) if marked else font,
                        floor, floor, width, self.script) is not None

    def wrapped_height(self, lines: int = 2) -> float:
        """How tall ``lines`` lines of a label wrapped at the floor are (see :meth:`line`)."""
        return lines * self._life_floor() * LEADING * self.script.leading

    def line(self, text: str, box: Rect, font: str = fonts.REGULAR, size: float = 10,
             min_size: float = 6, align: str = "centre", where: str = "label",
             valign: str = "middle") -> float:
        """Draw one line inside ``box`` (shrunk to fit); returns the size used.

        ``%%`` prints as a percent sign and <b>/<i> as bold and italic, as in
        flowing text.
        """
        given = text
        text, literal = _prepared(text, self.locale)
        # a script that is shaped (its own fonts, not CJK) is set as a paragraph too
        script = self.script
        marked = not literal and _TAG.search(text) is not None and balanced(text)
        tagged = marked or (bool(script.fonts) and not script.cjk and not text.isascii())
        if self.miniature() and min(size, box.height) < self.floor() - 1e-9:
            self.check(_measured(text, literal), where, literal, font)
            return 0.0  # too small to print in a miniature: left out (see FLOOR_PT)
        # A line with <b> or <i> is measured in bold, its widest possible face.
        try:
            used = self.fitted(_measured(text, literal), box,
                               fonts.widest(font) if marked else font, size, min_size, where,
                               literal)
        except FitError:
            if self.miniature():
                return 0.0
            # Too wide for one line at the floor: wrapped, if the box holds its lines at
            # the floor or more (nothing is condensed, see FLOOR_PT); else the line's error.
            wrapped = self._wrapped(given, box, font, size, min_size, align, where, valign)
            if wrapped is None:
                raise
            return wrapped
        self._draw_line(text, literal, tagged, box, font, used, align, valign)
        return used

    def _draw_line(self, text: str, literal: bool, tagged: bool, box: Rect, font: str,
                   used: float, align: str, valign: str) -> None:
        """Draw a line that fits ``box`` at size ``used``: as a paragraph if ``tagged``
        (bold, italic or shaped), else font by font."""
        script = self.script
        c = self.canvas
        with self._upright(box):
            if valign == "middle":
                y = box.y + (box.height - used * 0.72) / 2
            elif valign == "top":
                y = box.top - used * 0.8
            else:
                y = box.y + used * 0.22
            if tagged:
                fill = internals.fill_colour(c, black)
                style = ParagraphStyle("ink-line", fontName=font, fontSize=used, leading=used,
                                       textColor=fill,
                                       alignment={"centre": TA_CENTER, "right": TA_RIGHT}.get(
                                           align, TA_LEFT))
                para = Paragraph(_markup(text, literal), style, script=script)
                para.wrap(box.width, box.height)
                para.drawOn(c, box.x, y - used * 0.22)
                return
            if script.rtl:  # (a paragraph above mirrors its own alignment)
                align = {"left": "right", "right": "left"}.get(align, align)
            parts = fonts.runs(text, font, script)
            if len(parts) > 1 or (parts and parts[0][0] != font):  # in more than one font
                x = {"centre": box.x + box.width / 2, "right": box.right}.get(align, box.x)
                fonts.draw_runs(c, x, y, text, font, used, script,
                                align if align in ("centre", "right") else "left")
                return
            c.setFont(font, used)
            if align == "centre":
                c.drawCentredString(box.x + box.width / 2, y, text)
            elif align == "right":
                c.drawRightString(box.right, y, text)
            else:
                c.drawString(box.x, y, text)

    def _wrapped(self, text: str, box: Rect, font: str, size: float, min_size: float,
                 align: str, where: str, valign: str) -> float | None:
        """A line too long for ``box`` at the floor, set as a paragraph of two or more
        lines in the same box, in the same font and colour; None if they do not fit."""
        try:
            fitted = self._fit_paragraph(text, box, size, min_size, font,
                                         internals.fill_colour(self.canvas, black),
                                         align, where)
        except FitError:
            return None
        return None if fitted is None else self._set(fitted, box, valign)

    def _set(self, fitted: tuple[Paragraph, float, float], box: Rect, valign: str) -> float:
        """Draw a fitted paragraph in ``box`` at ``valign``; returns its size."""
        para, current, height = fitted
        top = {"top": box.top, "bottom": box.y + height}.get(
            valign, box.top - (box.height - height) / 2)
        with self._upright(box):
            para.drawOn(self.canvas, box.x, top - height)
        return current

    def _cannot_fit(self, shown: str, font: str, size: float, box: Rect) -> bool:
        """Whether ``shown`` is sure not to fit ``box`` as a paragraph at ``size``: its
        letters alone (no space, which ReportLab may shrink, nor soft hyphen) are wider
        than all the lines that fit. Known without breaking the lines, which is most of
        the work of trying a size (a sheet label tries several places and sizes before
        one fits). Not decided for shaped text, which may be narrower than its letters."""
        script = self.script
        if script.fonts and not script.cjk:
            return False
        lines = int(box.height / (size * LEADING * script.leading) + 1e-9)
        return lines < 1 or fonts.string_width(_UNBREAKABLE.sub("", shown), font, size,
                                               script) > lines * box.width + 1e-6

    def _fit_paragraph(self, text: str, box: Rect, size: float, min_size: float, font: str,
                       colour: Color, align: str,
                       where: str) -> tuple[Paragraph, float, float] | None:
        """The paragraph of ``text`` at the largest size that fits ``box``, with that size
        and the height it takes; None if it is left out of a miniature; else a FitError."""
        text, literal = _prepared(text, self.locale)
        self.check(_measured(text, literal), where, literal, font)
        floor = self.floor()
        if self.miniature() and size < floor - 1e-9:
            return None  # too small to print in a miniature: left out (see FLOOR_PT)
        size, min_size = max(size, floor), max(min_size, floor)
        alignment = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT}[align]
        # Words must fit a line whole (in a script with fonts of its own, the parts between
        # two places its lines may break). A script set without spaces keeps each phrase
        # on one line if any size allows; else its lines break between any characters.
        shown = _measured(text, literal)
        tries = ([*_phrase_tries(shown, self.locale), []] if self.script.cjk
                 else [breaks.words(shown, self.locale)] if self.script.fonts
                 else [_WORDS.split(shown)])
        for words in tries:
            current = size
            while current >= min_size - 1e-9:
                if self._cannot_fit(shown, font, current, box):
                    current -= 0.5
                    continue
                style = ParagraphStyle("ink", fontName=font, fontSize=current,
                                       alignment=alignment, leading=current * LEADING,
                                       textColor=colour, phrases=bool(words))
                para = Paragraph(_markup(text, literal), style, script=self.script)
                _, height = para.wrap(box.width, box.height)
                words_fit = all(fonts.string_width(word, font, current, self.script)
                                <= box.width for word in words)
                if height <= box.height and words_fit:
                    return para, current, height
                current -= 0.5
        if self.miniature():
            return None
        raise FitError(f"locale {self.locale}: {self.document}: {where}: {text[:40]!r}... "
                       f"does not fit its {box.width / 2.8346:.0f}×{box.height / 2.8346:.0f} mm "
                       f"box even at {min_size:g} pt")

    def paragraph_height(self, text: str, box: Rect, size: float = 9.5, min_size: float = 7,
                         font: str = fonts.REGULAR, where: str = "paragraph",
                         align: str = "left") -> float:
        """How tall :meth:`paragraph` would set ``text`` in ``box`` (at most ``box.height``;
        0 if a miniature leaves it out), drawing nothing: a face can then give the rest of
        its room to its other boxes, so that no two boxes overlap whatever the language."""
        fitted = self._fit_paragraph(text, box, size, min_size, font, black, align, where)
        return 0.0 if fitted is None else fitted[2]

    def paragraph(self, text: str, box: Rect, size: float = 9.5, min_size: float = 7,
                  font: str = fonts.REGULAR, colour: Color = black,
                  where: str = "paragraph", align: str = "left",
                  valign: str = "top") -> float:
        """Wrapped text in ``box``, shrunk until it fits; returns the size used.

        ``%%`` prints as a percent sign and <b>/<i> as bold and italic.
        """
        fitted = self._fit_paragraph(text, box, size, min_size, font, colour, align, where)
        return 0.0 if fitted is None else self._set(fitted, box, valign)
