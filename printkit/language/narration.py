"""The narration grammar's one choice: which way of telling a repeated event comes next.

A rulebook tells its worked examples from the rules engine's events (the templates'
``narration.xml.j2``), and an event that happens in example after example (a bonus round
turning up, a FREEZE! call, a knock-off, the end of a game) has several ways to be told,
each its own catalog entry, so that each language words every one of them. A
:class:`Teller` is made once per rendered book and picks among them by position: the
first way the first time the book tells that kind of event, the next way the next time,
and round again. A book that tells an event ``n`` times with ``ways`` ways prints no way
more than ``ceil(n / ways)`` times, the same on every build (no randomness: builds stay
byte-identical). What is told (every name and number) stays the engine's.
"""

from __future__ import annotations

from collections import Counter


class Teller:
    """How often each kind of event has been told so far in one book."""

    def __init__(self) -> None:
        self._told: Counter[str] = Counter()

    def way(self, kind: str, ways: int) -> int:
        """The way (0 to ``ways`` - 1) to tell the next ``kind`` event of the book."""
        if ways < 1:
            raise ValueError(f"an event is told in at least one way, not {ways}")
        told = self._told[kind]
        self._told[kind] += 1
        return told % ways

    def told(self, kind: str) -> int:
        """How many ``kind`` events the book has told so far ("again" after the first)."""
        return self._told[kind]
