"""The Unicode bidirectional algorithm (UAX #9) for one paragraph of text, without the
explicit embedding and isolate controls that printkit's text never contains.

Arabic text with numbers and Latin names (a player called Ben, a roll of 3 + 4) is
stored in logical order and displayed in visual order: :func:`levels` resolves each
character's embedding level (rules W1–W7, N1–N2, I1–I2 and L1), :func:`visual_order`
reorders them (rule L2), :func:`display` gives the visual string with brackets
mirrored, and :func:`log2vis` both in the form of ReportLab's optional ``rlbidi``
module (not on PyPI). :mod:`printkit.render.rtl` sets right-to-left lines with it;
tested against python-bidi.

Pure Python and standard library only, so it runs wherever printkit does.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_STRONG = {"L": "L", "R": "R", "AL": "R"}


def _classes(text: str) -> list[str]:
    return [unicodedata.bidirectional(c) or "L" for c in text]


def base_level(text: str, direction: str | None = None) -> int:
    """0 for left to right, 1 for right to left: ``direction`` ("LTR"/"RTL") if given,
    else from the first strong character (rules P2–P3)."""
    if direction:
        return 1 if direction.upper() == "RTL" else 0
    for cls in _classes(text):
        if cls in _STRONG:
            return 1 if _STRONG[cls] == "R" else 0
    return 0


def levels(text: str, direction: str | None = None) -> list[int]:
    """The resolved embedding level of every character of ``text``."""
    return list(_levels(text, direction))


@lru_cache(maxsize=4096)
def _levels(text: str, direction: str | None) -> tuple[int, ...]:
    """:func:`levels`, kept: a paragraph is broken into lines again for every layout
    tried (four in five of a build's paragraphs were resolved before)."""
    base = base_level(text, direction)
    sor = "R" if base else "L"
    types = _classes(text)
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
    # L1: trailing whitespace and whitespace before a segment separator take the base level.
    original = _classes(text)
    i = n - 1
    while i >= 0 and original[i] in ("WS", "BN", "S", "B"):
        out[i] = base
        i -= 1
    return tuple(out)


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
