"""The Unicode bidirectional algorithm (UAX #9) for one paragraph of text, with the
isolate controls (LRI, RLI, FSI, PDI) and without the explicit embeddings and overrides
that printkit's text never contains.

Arabic text with numbers and Latin names (a player called Ben, a roll of 3 + 4) is
stored in logical order and displayed in visual order: :func:`levels` resolves each
character's embedding level (rules X5a–X6a for isolates, W1–W7, N0–N2, I1–I2 and L1),
:func:`visual_order` reorders them (rule L2), :func:`display` gives the visual string
with brackets mirrored, and :func:`log2vis` both in the form of ReportLab's optional
``rlbidi`` module (not on PyPI). :mod:`printkit.language.rtl` sets right-to-left lines
with it; tested against python-bidi.

Two things the algorithm alone gets wrong in right-to-left text are isolated, as a
typesetter would with FSI/LRI … PDI: a run of game data in another script (a Latin title
ending in "…": :func:`isolate`), and a signed number or a range ("−4", whose sign would
otherwise go to the right of its digits, "2–4": :func:`numbers`). The controls take no
room and are never drawn (:data:`CONTROLS`).

Pure Python and standard library only, so it runs wherever printkit does.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_STRONG = {"L": "L", "R": "R", "AL": "R"}

#: Left-to-right, right-to-left and first-strong isolates, and their end (UAX #9).
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
CONTROLS = frozenset((LRI, RLI, FSI, PDI))
_INITIATORS = (LRI, RLI, FSI)


def _classes(text: str) -> list[str]:
    return [unicodedata.bidirectional(c) or "L" for c in text]


#: An isolate control outside a pair it makes (an unmatched PDI) is a neutral.
_NEUTRAL_CONTROLS = {"LRI": "ON", "RLI": "ON", "FSI": "ON", "PDI": "ON"}


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
    """The resolved embedding level of every character of ``text``."""
    return list(_levels(text, direction))


@lru_cache(maxsize=4096)
def _levels(text: str, direction: str | None) -> tuple[int, ...]:
    """:func:`levels`, kept: a paragraph is broken into lines again for every layout
    tried (four in five of a build's paragraphs were resolved before)."""
    base = base_level(text, direction)
    out = _isolated(text, base) if _has_controls(text) else _resolved(text, base)
    # L1: trailing whitespace (and isolate controls) take the base level.
    original = _classes(text)
    i = len(text) - 1
    while i >= 0 and (original[i] in ("WS", "BN", "S", "B") or text[i] in CONTROLS):
        out[i] = base
        i -= 1
    return tuple(out)


def _isolated(text: str, base: int) -> list[int]:
    """The levels of text with isolates (rules X5a–X6a, BD13): each isolate is one neutral
    of the text around it, and its content is resolved on its own, at the next level of
    its direction above ``base``."""
    spans: list[tuple[int, int]] = []  # (initiator, matching PDI or len(text))
    depth = start = 0
    for i, char in enumerate(text):
        if char in _INITIATORS:
            if depth == 0:
                start = i
            depth += 1
        elif char == PDI and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i))
    if depth:
        spans.append((start, len(text)))
    if not spans:
        return _resolved(text, base)
    # the text around the isolates, each isolate one neutral (U+FFFC, class ON)
    outer, at = [], 0
    for start, end in spans:
        outer += [text[at:start], "\ufffc"]
        at = end + 1
    outer.append(text[at:])
    around = iter(_resolved("".join(outer), base))
    out, i = [], 0
    for start, end in spans:
        out += [next(around) for _ in range(i, start)]
        level = next(around)
        content = text[start + 1:end]
        initiator = text[start]
        inner = (1 if initiator == RLI else 0 if initiator == LRI
                 else _first_strong(content) or 0)
        embedding = base + 1 if (base + 1) % 2 == inner else base + 2
        out.append(level)
        out += [lv - inner + embedding for lv in _isolated(content, inner)]
        if end < len(text):
            out.append(level)
        i = end + 1
    out += list(around)
    return out


def _resolved(text: str, base: int) -> list[int]:
    """The levels of text without isolates, before rule L1."""
    sor = "R" if base else "L"
    types = [_NEUTRAL_CONTROLS.get(t, t) for t in _classes(text)]
    n = len(types)
    # W1: a non-spacing mark takes the type of the character before it.
    for i, t in enumerate(types):
        if t == "NSM":
            types[i] = types[i - 1] if i else sor
    # W2: European numbers after Arabic letters are Arabic numbers. W3: AL -> R.
    last = sor
    for i, t in enumerate(types):
        if t in ("L", "R", "AL"):
            last = t
        elif t == "EN" and last == "AL":
            types[i] = "AN"
    types = ["R" if t == "AL" else t for t in types]
    # W4: a single separator between two numbers of the same kind joins them.
    for i in range(1, n - 1):
        if types[i] == "ES" and types[i - 1] == types[i + 1] == "EN":
            types[i] = "EN"
        elif types[i] == "CS" and types[i - 1] == types[i + 1] and types[i - 1] in ("EN", "AN"):
            types[i] = types[i - 1]
    # W5: terminators next to European numbers are European numbers.
    i = 0
    while i < n:
        if types[i] == "ET":
            j = i
            while j < n and types[j] == "ET":
                j += 1
            if (i and types[i - 1] == "EN") or (j < n and types[j] == "EN"):
                types[i:j] = ["EN"] * (j - i)
            i = j
        else:
            i += 1
    # W6: remaining separators and terminators are neutral.
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]
    # W7: European numbers after a left-to-right letter are left to right.
    last = sor
    for i, t in enumerate(types):
        if t in ("L", "R"):
            last = t
        elif t == "EN" and last == "L":
            types[i] = "L"
    # N0: a pair of brackets takes the direction of what it encloses (the paragraph's if
    # that direction is inside, else the other one's if the text before it has it too).
    embedding = "R" if base else "L"

    def strong(t: str) -> str | None:
        return "R" if t in ("R", "EN", "AN") else "L" if t == "L" else None

    for open_at, close_at in _bracket_pairs(text, types):
        inside = {strong(t) for t in types[open_at + 1:close_at]} - {None}
        if embedding in inside:
            chosen = embedding
        elif inside:
            before = next((strong(t) for t in reversed(types[:open_at]) if strong(t)), sor)
            chosen = before if before != embedding else embedding
        else:
            continue
        types[open_at] = types[close_at] = chosen
    # N1/N2: a run of neutrals between two of the same direction takes it (numbers count
    # as R); other neutrals take the paragraph's direction.
    neutral = {"B", "S", "WS", "ON", "BN"}
    i = 0
    while i < n:
        if types[i] in neutral:
            j = i
            while j < n and types[j] in neutral:
                j += 1
            before = sor if i == 0 else ("R" if types[i - 1] in ("R", "EN", "AN") else "L")
            after = sor if j == n else ("R" if types[j] in ("R", "EN", "AN") else "L")
            types[i:j] = [before if before == after else sor] * (j - i)
            i = j
        else:
            i += 1
    # I1/I2: implicit levels.
    out = []
    for t in types:
        if base == 0:
            out.append(1 if t == "R" else 2 if t in ("AN", "EN") else 0)
        else:
            out.append(2 if t in ("L", "EN", "AN") else 1)
    return out


_OPENING = {"(": ")", "[": "]", "{": "}"}


def _bracket_pairs(text: str, types: list[str]) -> list[tuple[int, int]]:
    """Pairs of neutral brackets (rule BD16), by the opening bracket's position."""
    stack: list[tuple[str, int]] = []
    pairs = []
    for i, char in enumerate(text):
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
