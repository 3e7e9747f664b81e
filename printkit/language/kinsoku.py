"""Line breaking for scripts written without spaces (Japanese, Chinese): between any two
characters, keeping the kinsoku rules.

ReportLab's own CJK wrapping lets one closing mark hang past the margin and no more, and
does not know the full-width forms (！？：) or opening brackets at a line's end. Here a
line never starts with a character of :data:`CANNOT_START` (closing brackets, 、。, small
kana, the prolonged sound mark, full-width ！？：；) and never ends with one of
:data:`CANNOT_END` (opening brackets): the characters concerned move to the next line
together (oidashi), so no line runs past its box, and a Latin word or a number they
would cut moves with them. Nor does a line break at a no-break
space (a sum, a number and its unit), nor between a number and a counter of the locale's
``typography.toml`` ("2頭", "1枚": see :func:`printkit.language.conventions.line_rules`), and
Latin words inside the text break at their spaces where the line has one in its second
half.

Headings and short labels (``phrases``) break between phrases where the line has a place
to: at its last space, 、。 or closing bracket, opening bracket or boundary between the
phrases BudouX finds (:func:`printkit.language.typography.phrases`), so a word such as
クリスマスイブ is not cut; a phrase in brackets is cut only where nothing else is left,
then before a number or Latin word ("サイコロ|1個"). Running text breaks between any
two characters, as Japanese books do.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import accumulate
from unicodedata import category

from reportlab.platypus.paragraph import ParaLines, cjkU, makeCJKParaLine

from printkit.language import internals
from printkit.language.conventions import line_rules
from printkit.language.typography import phrases

#: An arrow joins what is on either side ("1→6"): a line neither starts nor ends with one.
ARROWS = "\u2190\u2192\u21d2"
CANNOT_START = frozenset(
    "、。，．・：；？！ー…‥〜～)]}）］｝〕〉》」』】〙〗〟’”"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々ゝゞヽヾ"
    ",.:;?!%％°′″℃" + ARROWS
)
CANNOT_END = frozenset("([{（［｛〔〈《「『【〘〖〝‘“" + ARROWS)
#: The closing brackets and quotation marks (of CANNOT_START).
CLOSING = frozenset(")]}）］｝〕〉》」』】〙〗〟’”")
NBSP = "\u00a0"
#: Numbers a counter follows: digits (any width, any script) and the kanji numerals.
KANJI_NUMERALS = frozenset("〇一二三四五六七八九十百千万")


#: In a short label, a line breaks between phrases where it can: after these or a space,
#: or before an opening bracket (see split's ``phrases``).
PHRASE_END = frozenset("、。，．・：；？！）」』】〕")


def _phrase_break(units: Sequence[str], start: int, end: int,
                  between: Collection[int] = (), bracketed: Collection[int] = ()) -> int | None:
    """The last phrase boundary of a line from ``start`` to ``end`` (a label's lines may be
    short: a phrase cut in two reads worse): a space or a mark, or one of ``between`` (the
    boundaries of BudouX's phrases) outside brackets; else one inside brackets (a phrase
    in brackets is kept whole where it can be); else before a number or Latin word."""
    for j in range(end, start, -1):
        before, after = units[j - 1], units[j]
        if before in PHRASE_END or before.isspace() or after in CANNOT_END or (
                j in between and j not in bracketed):
            return j
    return next((j for j in range(end, start, -1) if j in between), None) or next(
        (j for j in range(end, start, -1) if run_in(units[j - 1], units[j])), None)


def run_in(before: str, after: str) -> bool:
    """Whether a number or a Latin word run into the text starts between ``before`` and
    ``after`` ("サイコロ|1個"): where a phrase longer than its line breaks best."""
    return (after[:1].isascii() and after[:1].isalnum() and bool(before)
            and not before[:1].isascii() and before not in CANNOT_END)


def _break_before(units: Sequence[str], start: int, end: int, phrases: bool = False,
                  counters: str = "", between: Collection[int] = (),
                  bracketed: Collection[int] = ()) -> int:
    """Where a line from ``start`` that overflows at ``end`` breaks instead: before a
    forbidden start, after no forbidden end, never between a number and one of
    ``counters``, at a space inside a Latin word, and (for ``phrases``) between phrases
    where the line has room (``between``: more places a phrase ends, ``bracketed``: the
    places inside brackets)."""
    if phrases:
        end = _phrase_break(units, start, end, between, bracketed) or end
    if ord(units[end][:1] or " ") < 0x3000 and not units[end].isspace():
        for j in range(end - 1, (start + end) // 2, -1):
            if category(units[j][:1] or " ") == "Zs" or ord(units[j][:1] or " ") >= 0x3000:
                end = j + 1
                break
    while end - 1 > start and _forbidden(units[end - 1], units[end], counters):
        end -= 1
    # (moving a closing mark over may have cut a Latin word or a number: keep it whole
    # where the line has room)
    whole = end
    while whole - 1 > (start + end) // 2 and (
            _inside_word(units[whole - 1], units[whole])
            or _forbidden(units[whole - 1], units[whole], counters)):
        whole -= 1
    return whole if not _inside_word(units[whole - 1], units[whole]) else end


def _inside_word(before: str, after: str) -> bool:
    """Whether ``before`` and ``after`` are two letters or digits of one Latin word or
    number (a player's name, a sum's 12)."""
    return all(c[:1].isalnum() and ord(c[:1]) < 0x3000 for c in (before, after))


def _forbidden(before: str, after: str, counters: str = "") -> bool:
    """Whether a line may not break between ``before`` and ``after``: kinsoku, the
    no-break spaces that hold a sum ("3 + 4 = 7") or a number and its unit together, and
    a number and one of ``counters`` after it ("2頭")."""
    return (after in CANNOT_START or before in CANNOT_END or NBSP in (before, after)
            or (bool(after) and after in counters
                and (before[:1].isdigit() or before in KANJI_NUMERALS)))


def _bracketed(units: Sequence[str]) -> frozenset[int]:
    """The unit indices a break before would fall inside a pair of brackets."""
    depth, found = 0, set()
    for index, unit in enumerate(units):
        if depth:
            found.add(index)
        if unit in CANNOT_END:
            depth += 1
        elif depth and unit in CLOSING:
            depth -= 1
    return frozenset(found)


def _phrase_ends(units: Sequence[str], code: str) -> frozenset[int]:
    """The unit indices where one of BudouX's phrases of the text starts (a unit is one
    character, or empty for a fragment without text)."""
    text = "".join(units)
    ends = set(accumulate(len(p) for p in phrases(text, code)))
    at, found = 0, set()
    for index, unit in enumerate(units):
        if at in ends:
            found.add(index)
        at += len(unit)
    return frozenset(found)


def split(frags: Sequence[object], widths: Sequence[float], bounds: bool, code: str,
          phrases: bool = False) -> ParaLines:
    """Break ``frags`` (ReportLab paragraph fragments) into lines of ``widths`` by the line
    rules of locale ``code``; ``phrases``: keep phrases whole where a line has room (labels
    on cards, not running text, which Japanese sets breaking anywhere)."""
    units = []
    for frag in frags:
        text = getattr(frag, "text", "")
        units += [cjkU(char, frag, "utf8") for char in text] if text else \
            [cjkU(text, frag, "utf8")]
    rules = line_rules(code)
    counters = rules.counters if rules.keep_with_number else ""
    between = _phrase_ends(units, code) if phrases else frozenset()
    bracketed = _bracketed(units) if phrases else frozenset()
    lines = []
    start = i = 0
    used = 0.0
    width = widths[0]
    while i < len(units):
        used += units[i].width
        line_break = hasattr(units[i].frag, "lineBreak")
        i += 1
        if not line_break and not (used > width + internals.FUZZ and i - 1 > start):
            continue
        end = i if line_break else _break_before(units, start, i - 1, phrases, counters,
                                                 between, bracketed)
        taken = sum(u.width for u in units[start:end])
        lines.append(makeCJKParaLine(units[start:end], width, taken, width - taken,
                                     line_break, bounds))
        width = widths[min(len(lines), len(widths) - 1)]
        start = i = end
        used = 0.0
    if start < len(units):
        taken = sum(u.width for u in units[start:])
        lines.append(makeCJKParaLine(units[start:], width, taken, width - taken, False,
                                     bounds))
    return ParaLines(kind=1, lines=lines)
