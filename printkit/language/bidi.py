"""The Unicode bidirectional algorithm (UAX #9) for one paragraph of text, with every
explicit control: the embeddings and overrides (LRE, RLE, LRO, RLO, PDF) and the isolates
(LRI, RLI, FSI, PDI).

Arabic text with numbers and Latin names (a player called Ben, a roll of 3 + 4) is
stored in logical order and displayed in visual order: :func:`levels` resolves each
character's embedding level, one function for each group of rules: the explicit levels
(X1–X8), the isolating run sequences (X9–X10), the weak types (W1–W7), the neutrals
(N0–N2; brackets paired among ``()[]{}``), the implicit levels (I1–I2) and the line's end
(L1). :func:`visual_order` reorders them (rule L2), :func:`display` gives the visual
string with brackets mirrored, and :func:`log2vis` both in the form of ReportLab's
optional ``rlbidi`` module (not on PyPI). :mod:`printkit.language.lines` sets a locale's
lines with it. Tested against python-bidi, which differs in one case only: a line whose
levels are all even before rule L1 it leaves as it is, so a space or a control at the end
of a left-to-right embedding stays there instead of going to the paragraph's level.

Two things the algorithm alone gets wrong in right-to-left text are isolated, as a
typesetter would with FSI/LRI … PDI: a run of game data in another script (a Latin title
ending in "…": :func:`isolate`), and a signed number or a range ("−4", whose sign would
otherwise go to the right of its digits, "2–4": :func:`numbers`). printkit writes only
these isolate controls (:data:`CONTROLS`); a translation may hold any of the others. In
the lines of a right-to-left locale no control takes room or is drawn (:data:`INVISIBLE`).

Pure Python and standard library only, so it runs wherever printkit does.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

_STRONG = {"L": "L", "R": "R", "AL": "R"}

#: Left-to-right, right-to-left and first-strong isolates, and their end (UAX #9).
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
CONTROLS = frozenset((LRI, RLI, FSI, PDI))
_INITIATORS = (LRI, RLI, FSI)

#: Left-to-right and right-to-left embeddings and overrides, and their end (UAX #9).
LRE, RLE, PDF, LRO, RLO = "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"
#: Every explicit control: none takes room or is drawn in a right-to-left line.
INVISIBLE = CONTROLS | {LRE, RLE, PDF, LRO, RLO}

#: The deepest embedding level (BD2).
_MAX_DEPTH = 125
_EMBEDDING_CLASSES = frozenset(("LRE", "RLE", "LRO", "RLO"))
_INITIATOR_CLASSES = frozenset(("LRI", "RLI", "FSI"))
_ISOLATE_CLASSES = _INITIATOR_CLASSES | {"PDI"}
#: What rule X9 removes: the embedding controls and the boundary neutrals.
_REMOVED = _EMBEDDING_CLASSES | {"PDF", "BN"}
#: The neutral and isolate types of rules N1–N2.
_NEUTRALS = frozenset(("B", "S", "WS", "ON")) | _ISOLATE_CLASSES
#: What rule L1 sets back to the paragraph's level before a separator or a line's end.
_WHITESPACE = frozenset(("WS",)) | _ISOLATE_CLASSES


def _classes(text: str) -> list[str]:
    return [unicodedata.bidirectional(c) or "L" for c in text]


def _first_strong(text: str) -> int | None:
    """0 or 1 from the first strong character outside any isolate (rules P2–P3)."""
    depth = 0
    for char, cls in zip(text, _classes(text), strict=True):
        if char in _INITIATORS:
            depth += 1
        elif char == PDI:
            depth = max(depth - 1, 0)
        elif depth == 0 and cls in _STRONG:
            return 1 if _STRONG[cls] == "R" else 0
    return None


def base_level(text: str, direction: str | None = None) -> int:
    """0 for left to right, 1 for right to left: ``direction`` ("LTR"/"RTL") if given,
    else from the first strong character (rules P2–P3)."""
    if direction:
        return 1 if direction.upper() == "RTL" else 0
    return _first_strong(text) or 0


def isolate(text: str) -> str:
    """``text`` as a first-strong isolate (FSI … PDI): inside right-to-left text it reads
    whole in its own direction, its punctuation with it ("Coraz bliżej Święta…")."""
    return f"{FSI}{text}{PDI}" if text else text


def change(before: str, after: str, rtl: bool) -> str:
    """A count that changed, as a diagram shows it: "5 → 4", read in the reader's order. In
    a right-to-left locale it reads from the right, "before" first with the arrow pointing
    on to "after" ("4 ← 5" as printed), whatever direction the rest of its line takes:
    an arrow is not mirrored by the bidi algorithm, so it is chosen here."""
    if not rtl:
        return f"{before}\u2009\u2192\u2009{after}"
    return f"{RLI}{before}\u2009\u2190\u2009{after}{PDI}"


def plain(text: str) -> str:
    """``text`` without isolate controls (for metadata and for what is drawn)."""
    return "".join(c for c in text if c not in CONTROLS) if _has_controls(text) else text


def _has_controls(text: str) -> bool:
    return not CONTROLS.isdisjoint(text)


_NUMBER = r"\d+(?:[.,\u066b]\d+)*"

#: A number read as one left-to-right unit: a signed number ("−4", "+7", "−2.5%"), a
#: range ("2–4", "2-4") or an open one ("6+"), following no letter, digit or separator.
_NUMBERS = re.compile(rf"(?<![\w.,\u066b])(?:[+\-\u2212±]{_NUMBER}%?|{_NUMBER}[\u2013\-]{_NUMBER}"
                      rf"|{_NUMBER}\+(?!\w))")


def numbers(text: str) -> list[tuple[int, int]]:
    """(start, end) of each signed number, range or open range in ``text``: isolated left
    to right in right-to-left text, as Arabic typesetting sets them, so "−4" keeps its
    sign on the left of its digits and "2–4" reads 2 to 4 from the left, as in print.
    (The algorithm alone shows "4−" and "4–2".)"""
    return [m.span() for m in _NUMBERS.finditer(text)]


def isolate_numbers(text: str) -> str:
    """``text`` with each of its :func:`numbers` inside LRI … PDI."""
    return _NUMBERS.sub(lambda m: f"{LRI}{m.group()}{PDI}", text)


def direction(text: str) -> str:
    """The direction printkit sets a paragraph of a right-to-left locale in, in the PDF and
    on the rules page alike: right to left ("RTL") if it has a letter of a right-to-left
    script, else left to right ("LTR": a Latin title alone keeps its "…" at its end, a
    fact "2–4" or "6+" reads as in print)."""
    return "RTL" if any(unicodedata.bidirectional(c) in ("R", "AL") for c in text) else "LTR"


def levels(text: str, direction: str | None = None) -> list[int]:
    """The resolved embedding level of every character of ``text``, one paragraph."""
    return list(_levels(text, direction))


@lru_cache(maxsize=4096)
def _levels(text: str, direction: str | None) -> tuple[int, ...]:
    """:func:`levels`, kept: a paragraph is broken into lines again for every layout
    tried (four in five of a build's paragraphs were resolved before)."""
    base = base_level(text, direction)
    classes = _classes(text)
    found, types = _explicit_levels(text, classes, base)
    for sequence in _isolating_run_sequences(classes, found, base):
        resolved = [types[i] for i in sequence.at]
        _resolve_weak(resolved, sequence.sos)
        _resolve_neutrals(resolved, sequence, text, classes)
        for i, kind in zip(sequence.at, resolved, strict=True):
            types[i] = kind
    _implicit_levels(found, types, classes)
    _reset_line_end(found, classes, base)
    return tuple(found)


# X1–X8: explicit levels and directions.

class _Stack:
    """The directional status stack of rules X1–X8: each entry an embedding level, its
    override ("L", "R" or None) and whether an isolate opened it."""

    def __init__(self, base: int) -> None:
        self.entries: list[tuple[int, str | None, bool]] = [(base, None, False)]
        self.overflow_isolates = self.overflow_embeddings = self.valid_isolates = 0

    @property
    def level(self) -> int:
        return self.entries[-1][0]

    def kind(self, cls: str) -> str:
        """``cls``, or the direction of the override in force (X6)."""
        return self.entries[-1][1] or cls

    def _push(self, rtl: bool, override: str | None, isolate: bool) -> bool:
        level = self.level + 1 if (self.level + 1) % 2 == rtl else self.level + 2
        if level > _MAX_DEPTH or self.overflow_isolates or self.overflow_embeddings:
            return False
        self.entries.append((level, override, isolate))
        return True

    def embed(self, cls: str) -> None:
        """An embedding or override opens (X2–X5); past the deepest level it is counted."""
        override = {"LRO": "L", "RLO": "R"}.get(cls)
        if not self._push(cls in ("RLE", "RLO"), override, False) and not self.overflow_isolates:
            self.overflow_embeddings += 1

    def isolate(self, rtl: bool) -> None:
        """An isolate opens (X5a–X5c), after its initiator took the level around it."""
        if self._push(rtl, None, True):
            self.valid_isolates += 1
        else:
            self.overflow_isolates += 1

    def close_isolate(self) -> None:
        """A PDI closes the isolate it matches and every embedding inside it (X6a)."""
        if self.overflow_isolates:
            self.overflow_isolates -= 1
        elif self.valid_isolates:
            self.overflow_embeddings = 0
            while not self.entries[-1][2]:
                self.entries.pop()
            self.entries.pop()
            self.valid_isolates -= 1

    def close_embedding(self) -> None:
        """A PDF closes the innermost embedding or override, never an isolate (X7)."""
        if self.overflow_isolates:
            return
        if self.overflow_embeddings:
            self.overflow_embeddings -= 1
        elif not self.entries[-1][2] and len(self.entries) > 1:
            self.entries.pop()


def _explicit_levels(text: str, classes: list[str], base: int) -> tuple[list[int], list[str]]:
    """Each character's embedding level and its type after any override (X1–X8); the
    characters X9 removes get their levels in rule L1."""
    stack = _Stack(base)
    found, types = [base] * len(text), list(classes)
    ends = _matching_pdis(classes)
    for i, cls in enumerate(classes):
        if cls in _EMBEDDING_CLASSES:
            stack.embed(cls)
        elif cls == "PDF":
            stack.close_embedding()
        elif cls in _INITIATOR_CLASSES:
            found[i], types[i] = stack.level, stack.kind(cls)
            inner = text[i + 1:ends.get(i, len(text))]
            stack.isolate(cls == "RLI" or (cls == "FSI" and _first_strong(inner) == 1))
        elif cls == "PDI":
            stack.close_isolate()
            found[i], types[i] = stack.level, stack.kind(cls)
        elif cls not in ("B", "BN"):
            found[i], types[i] = stack.level, stack.kind(cls)
    return found, types


def _matching_pdis(classes: list[str]) -> dict[int, int]:
    """The matching PDI of each isolate initiator that has one (BD9)."""
    opened: list[int] = []
    ends = {}
    for i, cls in enumerate(classes):
        if cls in _INITIATOR_CLASSES:
            opened.append(i)
        elif cls == "PDI" and opened:
            ends[opened.pop()] = i
    return ends


# X9–X10: level runs and isolating run sequences.

@dataclass
class _Sequence:
    """An isolating run sequence (BD13): the indexes of its characters, their embedding
    level, and the types at its start and end of sequence (sos, eos)."""

    at: list[int]
    level: int
    sos: str
    eos: str


def _level_runs(classes: list[str], found: list[int]) -> list[list[int]]:
    """The level runs (BD7) of the characters X9 keeps."""
    runs: list[list[int]] = []
    for i, cls in enumerate(classes):
        if cls in _REMOVED:
            continue
        if runs and found[runs[-1][-1]] == found[i]:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _isolating_run_sequences(classes: list[str], found: list[int],
                             base: int) -> list[_Sequence]:
    """The isolating run sequences (X9–X10), each with its sos and eos: the higher of its
    level and the level next to it (the paragraph's at the text's ends, and after an
    isolate initiator without its PDI), as a direction."""
    runs = _level_runs(classes, found)
    kept = [i for run in runs for i in run]
    place = {i: k for k, i in enumerate(kept)}
    sequences = []
    for at in _joined_runs(runs, classes):
        level, first, last = found[at[0]], place[at[0]], place[at[-1]]
        before = found[kept[first - 1]] if first else base
        open_end = last + 1 == len(kept) or classes[at[-1]] in _INITIATOR_CLASSES
        after = base if open_end else found[kept[last + 1]]
        sequences.append(_Sequence(at, level, "R" if max(level, before) % 2 else "L",
                                   "R" if max(level, after) % 2 else "L"))
    return sequences


def _joined_runs(runs: list[list[int]], classes: list[str]) -> list[list[int]]:
    """The level runs joined into sequences (BD13): a run that ends with an isolate
    initiator goes on with the run that begins with its matching PDI."""
    starting = {run[0]: run for run in runs}
    ends = _matching_pdis(classes)
    follows = {ends[run[-1]] for run in runs if ends.get(run[-1]) in starting}
    joined = []
    for run in runs:
        if run[0] in follows:
            continue
        at = list(run)
        while ends.get(at[-1]) in starting:
            at += starting[ends[at[-1]]]
        joined.append(at)
    return joined


# W1–W7: weak types, in one isolating run sequence.

def _resolve_weak(types: list[str], sos: str) -> None:
    """Rules W1–W7 on the types of one isolating run sequence."""
    _marks(types, sos)
    _arabic_numbers(types, sos)
    _separators(types)
    _terminators(types)
    types[:] = ["ON" if t in ("ES", "ET", "CS") else t for t in types]  # W6
    _european_numbers(types, sos)


def _marks(types: list[str], sos: str) -> None:
    """W1: a non-spacing mark takes the type of the character before it (a neutral after
    an isolate initiator or PDI, ``sos`` at the start)."""
    for i, t in enumerate(types):
        if t == "NSM":
            before = types[i - 1] if i else sos
            types[i] = "ON" if before in _ISOLATE_CLASSES else before


def _arabic_numbers(types: list[str], sos: str) -> None:
    """W2: European digits after Arabic letters are Arabic numbers; W3: AL is R."""
    last = sos
    for i, t in enumerate(types):
        if t in ("L", "R", "AL"):
            last = t
        elif t == "EN" and last == "AL":
            types[i] = "AN"
    types[:] = ["R" if t == "AL" else t for t in types]


def _separators(types: list[str]) -> None:
    """W4: a single separator between two numbers of the same kind joins them."""
    for i in range(1, len(types) - 1):
        before, after = types[i - 1], types[i + 1]
        if types[i] == "ES" and before == after == "EN":
            types[i] = "EN"
        elif types[i] == "CS" and before == after and before in ("EN", "AN"):
            types[i] = before


def _terminators(types: list[str]) -> None:
    """W5: terminators next to European numbers are European numbers."""
    i = 0
    while i < len(types):
        if types[i] != "ET":
            i += 1
            continue
        j = i
        while j < len(types) and types[j] == "ET":
            j += 1
        if (i and types[i - 1] == "EN") or (j < len(types) and types[j] == "EN"):
            types[i:j] = ["EN"] * (j - i)
        i = j


def _european_numbers(types: list[str], sos: str) -> None:
    """W7: European numbers after a left-to-right letter (or ``sos`` L) are left to right."""
    last = sos
    for i, t in enumerate(types):
        if t in ("L", "R"):
            last = t
        elif t == "EN" and last == "L":
            types[i] = "L"


# N0–N2: neutrals, in one isolating run sequence.

def _resolve_neutrals(types: list[str], sequence: _Sequence, text: str,
                      classes: list[str]) -> None:
    """Rules N0–N2 on the types of one isolating run sequence."""
    _brackets(types, sequence, [text[i] for i in sequence.at],
              [classes[i] == "NSM" for i in sequence.at])
    _neutral_runs(types, sequence)


def _strong(kind: str) -> str | None:
    """The direction a type counts as for N0–N2 (numbers are right to left)."""
    return "R" if kind in ("R", "EN", "AN") else "L" if kind == "L" else None


def _brackets(types: list[str], sequence: _Sequence, chars: list[str],
              marks: list[bool]) -> None:
    """N0: a pair of brackets takes the sequence's direction if that is inside it, else
    the other direction if that is both inside it and the last before it; the marks
    right after a bracket that changed follow it."""
    embedding = "R" if sequence.level % 2 else "L"
    for opening, closing in _bracket_pairs(chars, types):
        inside = {_strong(t) for t in types[opening + 1:closing]} - {None}
        if not inside:
            continue
        chosen = embedding if embedding in inside else next(
            (_strong(t) for t in reversed(types[:opening]) if _strong(t)), sequence.sos)
        for at in (opening, closing):
            types[at] = chosen
            after = at + 1
            while after < len(types) and marks[after]:
                types[after] = chosen
                after += 1


_OPENING = {"(": ")", "[": "]", "{": "}"}


def _bracket_pairs(chars: Sequence[str], types: list[str]) -> list[tuple[int, int]]:
    """Pairs of neutral brackets (rule BD16), by the opening bracket's position."""
    stack: list[tuple[str, int]] = []
    pairs = []
    for i, char in enumerate(chars):
        if types[i] != "ON":
            continue
        if char in _OPENING:
            if len(stack) == 63:
                break
            stack.append((_OPENING[char], i))
        elif char in _OPENING.values():
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == char:
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    return sorted(pairs)


def _neutral_runs(types: list[str], sequence: _Sequence) -> None:
    """N1: a run of neutrals between two of the same direction takes it (numbers count as
    R, ``sos`` and ``eos`` at the ends); N2: other neutrals take the sequence's."""
    embedding = "R" if sequence.level % 2 else "L"
    i = 0
    while i < len(types):
        if types[i] not in _NEUTRALS:
            i += 1
            continue
        j = i
        while j < len(types) and types[j] in _NEUTRALS:
            j += 1
        before = _strong(types[i - 1]) if i else sequence.sos
        after = _strong(types[j]) if j < len(types) else sequence.eos
        types[i:j] = [before if before == after else embedding] * (j - i)
        i = j


# I1–I2: implicit levels.

def _implicit_levels(found: list[int], types: list[str], classes: list[str]) -> None:
    """I1–I2: on an even level, right to left goes one level up and a number two; on an
    odd level, left to right and a number go one level up."""
    for i, t in enumerate(types):
        if classes[i] in _REMOVED:
            continue
        if found[i] % 2 == 0:
            found[i] += 1 if t == "R" else 2 if t in ("AN", "EN") else 0
        elif t in ("L", "EN", "AN"):
            found[i] += 1


# L1: the end of the line.

def _reset_line_end(found: list[int], classes: list[str], base: int) -> None:
    """L1: segment and paragraph separators, and the whitespace and isolate controls before
    them or at the end of the line, take the paragraph's level. A character X9 removed
    takes the level before it (the base level at the start) and counts as whitespace."""
    start: int | None = None
    for i, cls in enumerate(classes):
        if cls in _REMOVED:
            found[i] = found[i - 1] if i else base
        if cls in ("B", "S"):
            first = i if start is None else start
            found[first:i + 1] = [base] * (i + 1 - first)
            start = None
        elif cls in _WHITESPACE or cls in _REMOVED:
            start = i if start is None else start
        else:
            start = None
    if start is not None:
        found[start:] = [base] * (len(found) - start)


def visual_order(text: str, direction: str | None = None) -> list[int]:
    """The logical index of the character shown at each visual position (rule L2)."""
    found = levels(text, direction)
    order = list(range(len(text)))
    if not found:
        return order
    lowest_odd = min(lv for lv in found if lv % 2) if any(lv % 2 for lv in found) else None
    for level in range(max(found), 0, -1):
        if lowest_odd is None or level < lowest_odd:
            break
        i = 0
        while i < len(order):
            if found[order[i]] >= level:
                j = i
                while j < len(order) and found[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


#: Characters shown mirrored in right-to-left text (rule L4): the common pairs.
MIRRORS = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹", strict=True))


def display(text: str, direction: str | None = None) -> str:
    """``text`` in visual order, mirrored characters mirrored."""
    found = levels(text, direction)
    return "".join(MIRRORS.get(text[i], text[i]) if found[i] % 2 else text[i]
                   for i in visual_order(text, direction))


def log2vis(text: str, base_direction: str | None = None, clean: bool = True,
            positions_V_to_L: list[int] | None = None, **_ignored: object) -> str:  # noqa: N803
    """ReportLab's ``rlbidi.log2vis``: the visual string, and in ``positions_V_to_L`` the
    logical index of each visual character."""
    order = visual_order(text, base_direction)
    if positions_V_to_L is not None:
        positions_V_to_L[:] = order
    return "".join(text[i] for i in order)
