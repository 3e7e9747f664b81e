"""Single cards as images, drawn by the very code that draws the card sheets.

Every card and token document lays its cards out with
:func:`printkit.drawing.layout.sheets.draw_card_sheets`, handing it one drawing function
per side. To picture one card, :func:`capture_cards` renders the document with
that call swapped, for this render only, for one that draws each card side on a
page of its own, exactly the card's bleed box in size. So an exported card is
pixel for pixel the card of the PDF (same functions, same fonts, same clip to
the bleed), every copy of a design lands on the same pixel grid (identical
designs give identical bytes and are written once), and no coordinate of a
sheet has to be worked out again.

Why not crop cards out of a rendered sheet: a design falls on a different
sub-pixel offset in every slot, so copies would differ by antialiasing and
could not be recognised as the same card; and a document with two card sizes
(Yeti Slalom's cards) would need each game's grid arithmetic repeated here. The
tests still crop cards from the shop-layout sheets and compare.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.errors import UsageError
from printkit.geometry import CardBox, CardGrid, CardSize, Rect, mm
from printkit.kinds import kind
from printkit.model.game import Document, RenderContext


@dataclass(frozen=True)
class CapturedCard:
    """One card of a document: where its sides are in the capture PDF (0-based pages)."""

    number: int  # 1-based, across the whole document
    run: int  # which card set of the document (0-based): one per card size
    size: CardSize
    front_page: int
    back_page: int | None


@dataclass(frozen=True)
class Capture:
    """A document redrawn one card side per page, each page the card's bleed box."""

    document: str
    pdf: bytes
    cards: tuple[CapturedCard, ...]
    bleed_mm: float


def _single_pages(cards: list[CapturedCard], bleed_mm: float, safe_mm: float
                  ) -> Callable[..., int]:
    """A stand-in for ``draw_card_sheets``: same arguments, one page per card side."""
    runs = [0]

    def draw(canvas: Canvas, grid: CardGrid, count: int, front: Callable[..., None],
             back: Callable[..., None] | None = None, labels: Any = None,
             **_keys: Any) -> int:
        bleed = mm(bleed_mm)
        w, h = mm(grid.card.width_mm), mm(grid.card.height_mm)
        trim = Rect(bleed, bleed, w, h)
        box = CardBox(trim=trim, bleed=Rect(0.0, 0.0, w + 2 * bleed, h + 2 * bleed),
                      safe=trim.inset(mm(safe_mm)))
        pages = 0
        for index in range(count):
            found: list[int | None] = []
            for side in (front, back):
                if side is None:
                    found.append(None)
                    continue
                found.append(canvas.getPageNumber() - 1)
                canvas.setPageSize((box.bleed.width, box.bleed.height))
                canvas.saveState()
                path = canvas.beginPath()
                path.rect(0, 0, box.bleed.width, box.bleed.height)
                canvas.clipPath(path, stroke=0, fill=0)
                side(canvas, index, box)
                canvas.restoreState()
                canvas.showPage()
                pages += 1
            front_page = found[0]
            assert front_page is not None
            cards.append(CapturedCard(len(cards) + 1, runs[0], grid.card, front_page,
                                      found[1]))
        runs[0] += 1
        return pages

    return draw


@contextmanager
def _swapped(module: Any, name: str, stand_in: Callable[..., int]) -> Iterator[None]:
    original = getattr(module, name)
    setattr(module, name, stand_in)
    try:
        yield
    finally:
        setattr(module, name, original)


def capture_cards(ctx: RenderContext, document: Document) -> Capture:
    """Render ``document`` (a card or token set) one card side per page.

    ``ctx.spec`` is taken in the ``shop`` layout, so cards are drawn with their
    bleed exactly as on a print shop's sheets.
    """
    module = sys.modules.get(document.render.__module__)
    if not kind(document.kind).card_sheets or module is None or not hasattr(
            module, "draw_card_sheets"):
        raise UsageError(f"{ctx.game.id}: document {document.id!r} is not a set of cards "
                         f"or tokens drawn on card sheets")
    spec = replace(ctx.spec, layout="shop")
    cards: list[CapturedCard] = []
    stand_in = _single_pages(cards, spec.bleed_mm, spec.safe_mm)
    with _swapped(module, "draw_card_sheets", stand_in):
        pdf = document.render(replace(ctx, spec=spec, document=document.id))
    if not cards:
        raise UsageError(f"{ctx.game.id}: document {document.id!r} drew no cards")
    return Capture(document.id, pdf, tuple(cards), spec.bleed_mm)
