"""What a figure says in words, for a reader who cannot see it (WCAG 1.1.1).

A figure maker that draws data (values, a chart, counts of components) makes its text
alternative from the very lists its drawing reads, and attaches it to the flowable it
returns (:func:`attach`); the HTML rules page reads it back (:func:`of`) and writes the
data next to the picture, as a table or a list, with the picture's own short alt text. The
PDF does not read it: a figure draws exactly as before.

An :class:`Alternative` holds finished, translated text only: numbers already formatted by
the locale, words already translated, so a writer has nothing left to decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

__all__ = ["Alternative", "attach", "of"]

_Flowable = TypeVar("_Flowable")


@dataclass(frozen=True)
class Alternative:
    """A figure in words.

    ``alt`` says what the picture is, in a few words, never what its caption says;
    ``header`` and ``rows`` are a table of what it shows (the first cell of a row heads
    it), ``items`` a list; ``decorative`` marks a picture that shows nothing the text does
    not (a cover's art), which a screen reader then skips.
    """

    alt: str = ""
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    items: tuple[str, ...] = ()
    decorative: bool = False

    @property
    def data(self) -> bool:
        """Whether it carries data to show beside the picture."""
        return bool(self.rows or self.items)


#: The attribute of a flowable that holds its alternative.
_ATTRIBUTE = "text_alternative"


def attach(flowable: _Flowable, alternative: Alternative) -> _Flowable:
    """``flowable`` with ``alternative`` on it, for the HTML writer to find."""
    setattr(flowable, _ATTRIBUTE, alternative)
    return flowable


def of(flowable: object) -> Alternative | None:
    """The alternative :func:`attach` put on ``flowable``, or None."""
    found = getattr(flowable, _ATTRIBUTE, None)
    return found if isinstance(found, Alternative) else None
