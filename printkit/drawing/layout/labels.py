"""Where the small label that names a printed sheet goes: in its margin, off the cut area.

Every card, token, board and sheet page carries a line such as "Polar Derby ·
Bear tokens · fronts 2/4 · A4 · home", so a loose sheet can be told apart.
This module only finds the place; the words, in the page's locale, come from
the caller through :class:`SheetLabels`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from printkit.geometry import Rect, mm

#: The tallest label band; the label's text is set to fit it.
LABEL_MM = 3.2
#: The thinnest band a label is put in when a thicker one exists elsewhere.
MIN_LABEL_MM = 2.2
#: The deepest block of wrapped label lines, where a margin is deep but cut lines
#: leave no stretch long enough for one line.
BLOCK_MM = 14.0
#: Space kept between the label and what it sits beside.
CLEAR_MM = 1.0
#: Space kept between a label's box and the printer margin: a line's accents and
#: descenders may reach a little beyond the box its size is fitted to.
EDGE_MM = 0.5


@dataclass(frozen=True)
class LabelBox:
    """Where a label may go; ``vertical`` labels read bottom to top along the box.

    ``band`` names the margin it lies in (bottom, top, left, right), so two
    labels on one page can be kept in different margins.
    """

    rect: Rect
    vertical: bool = False
    band: str = "bottom"
    #: The label may wrap onto several lines of horizontal text inside ``rect``.
    wrap: bool = False

    @property
    def length(self) -> float:
        """How much text the box takes along its reading direction, in points."""
        return self.rect.height if self.vertical else self.rect.width


class SheetLabels(Protocol):
    """Draws the words of sheet labels and hints; given by the document, used by the layout.

    Each call gets the candidate places, best first, and draws in the first
    one its text fits; it returns the place used, or None.
    """

    def sheet(self, canvas: Canvas, role: str, number: int, total: int,
              places: list[LabelBox]) -> LabelBox | None:
        """Name the sheet: ``role`` is ``fronts``, ``backs``, ``folded``, ``single`` (a card or
        token sheet printed on one side) or ``sheet``."""

    def fold_hint(self, canvas: Canvas, places: list[LabelBox]) -> LabelBox | None:
        """Tell how to fold, glue and cut a fold-layout sheet."""


def _stretches(lo: float, hi: float, cuts: list[float]) -> list[tuple[float, float]]:
    """The stretches of ``[lo, hi]`` that no cut line crosses, widest first, a little inset."""
    edges = [lo] + sorted(c for c in cuts if lo < c < hi) + [hi]
    clear = mm(CLEAR_MM)
    out = [((a + clear if a > lo else a), (b - clear if b < hi else b))
           for a, b in zip(edges, edges[1:], strict=False)]
    return sorted((s for s in out if s[1] > s[0]), key=lambda s: s[0] - s[1])


def label_boxes(page: Rect, occupied: Rect, margin_mm: float, xs: list[float] = (),
                ys: list[float] = ()) -> list[LabelBox]:
    """Candidate label places in the margins around ``occupied``, best first, all at least
    :data:`EDGE_MM` inside the printer margin ``margin_mm``.

    First a line along each margin, the deepest margin first (bottom, top, left,
    right on a tie), in the middle of the margin and in its widest stretch between
    the cut lines ``xs`` (vertical) and ``ys`` (horizontal) that cross it; then, for
    margins deeper than a line, a line standing across the margin between two cut
    lines, or else a block of wrapped lines in such a stretch, beside the paper edge
    (along a side margin, lines reading along it first). A line
    thinner than :data:`MIN_LABEL_MM` comes after every thicker place.
    """
    m, clear, cap = mm(margin_mm), mm(CLEAR_MM), mm(LABEL_MM)
    inner = page.inset(m + mm(EDGE_MM))
    depth = {"bottom": occupied.y - clear - inner.y, "top": inner.top - occupied.top - clear,
             "left": occupied.x - clear - inner.x, "right": inner.right - occupied.right - clear}
    along: list[LabelBox] = []
    across: list[LabelBox] = []
    for band, d in depth.items():
        if d <= 0:
            continue
        horizontal = band in ("bottom", "top")
        spans = _stretches(*((inner.x, inner.right, list(xs)) if horizontal
                             else (inner.y, inner.top, list(ys))))
        t = min(d, cap)
        # The line sits in the middle of its margin: as far from the paper edge (and the
        # printer's unprintable strip) as from the cards.
        inset = (d - t) / 2
        lo = {"bottom": inner.y + inset, "top": inner.top - t - inset, "left": inner.x + inset,
              "right": inner.right - t - inset}[band]
        for a, b in spans[:1]:
            rect = Rect(a, lo, b - a, t) if horizontal else Rect(lo, a, t, b - a)
            along.append(LabelBox(rect, vertical=not horizontal, band=band))
        if d > cap:
            deep = min(d, mm(BLOCK_MM))
            base_d = {"bottom": inner.y, "top": inner.top - d, "left": inner.x,
                      "right": inner.right - d}[band]
            base = {"bottom": inner.y, "top": inner.top - deep, "left": inner.x,
                    "right": inner.right - deep}[band]
            for a, b in spans:  # one line standing across the margin
                w = min(b - a, cap)
                mid = (a + b) / 2 - w / 2
                rect = Rect(mid, base_d, w, d) if horizontal else Rect(base_d, mid, d, w)
                across.append(LabelBox(rect, vertical=horizontal, band=band))
            for a, b in spans:  # or a block of wrapped lines beside the paper edge
                rect = Rect(a, base, b - a, deep) if horizontal else Rect(base, a, deep, b - a)
                if not horizontal:  # a side margin: its lines read along it, long ones first
                    across.append(LabelBox(rect, vertical=True, band=band, wrap=True))
                across.append(LabelBox(rect, band=band, wrap=True))
    thick = [b for b in along if min(b.rect.width, b.rect.height) >= mm(MIN_LABEL_MM) - 1e-6]
    thin = [b for b in along if b not in thick]
    # The largest margin first: the label is easiest to read and farthest from trouble there.
    thick.sort(key=lambda b: -depth[b.band])
    return thick + across + thin
def split_label_strip(area: Rect) -> tuple[Rect, LabelBox]:
    """A full-page document's printable area split into content and a label strip below it.

    Boards and sheets fill their area; this keeps a strip at its bottom for
    the label so the two never meet.
    """
    strip = mm(LABEL_MM)
    content = Rect(area.x, area.y + strip + mm(CLEAR_MM), area.width,
                   area.height - strip - mm(CLEAR_MM))
    return content, LabelBox(Rect(area.x, area.y, area.width, strip))


def other_band(places: list[LabelBox], used: LabelBox | None) -> list[LabelBox]:
    """The places not in the margin ``used`` took, for a second label on the page."""
    return [p for p in places if used is None or p.band != used.band]
