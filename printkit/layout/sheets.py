"""Card sheets: pages of card fronts, each optionally followed by its backs page.

Games only say how to draw one card into a :class:`CardBox`; this module
places the cards, clips each to its own bleed, adds crop marks and sets the
PDF page boxes that print shops and imposition tools read.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from printkit.layout.geometry import CardBox, CardGrid, Rect
from printkit.layout.marks import draw_crop_marks

#: Draws card number ``index`` (0-based, across all pages) into ``box``.
#: It may paint anywhere; the sheet clips the drawing to ``box.bleed``.
#: It must not call ``showPage`` or change the page size.
DrawCard = Callable[[Canvas, int, CardBox], None]


def _draw_clipped(canvas: Canvas, bleed: Rect, draw: Callable[[], None]) -> None:
    """Run ``draw`` with painting confined to ``bleed``.

    The clip is what lets artwork be generous (full-bleed backgrounds drawn a
    little too big) without ever painting on the neighbouring card; the
    saved graphics state also undoes any colour, font or transform the card
    code leaves behind.
    """
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(bleed.x, bleed.y, bleed.width, bleed.height)
    canvas.clipPath(path, stroke=0, fill=0)
    draw()
    canvas.restoreState()


def _start_page(canvas: Canvas, grid: CardGrid) -> None:
    # ReportLab's box setters take (x0, y0, x1, y1) despite their docstring
    # saying "2-tuple", and apply to every following page until changed.
    canvas.setPageSize(grid.page_size)
    canvas.setTrimBox(grid.grid_trim.as_box())
    canvas.setBleedBox(grid.grid_bleed.as_box())


def _draw_page(
    canvas: Canvas,
    grid: CardGrid,
    first: int,
    count: int,
    draw: DrawCard,
    box_for: Callable[[int], CardBox],
) -> None:
    _start_page(canvas, grid)
    for slot in range(min(grid.per_page, count - first)):
        box = box_for(slot)
        index = first + slot
        _draw_clipped(canvas, box.bleed, lambda b=box, i=index: draw(canvas, i, b))
    draw_crop_marks(canvas, grid)
    canvas.showPage()


def draw_card_sheets(
    canvas: Canvas,
    grid: CardGrid,
    count: int,
    front: DrawCard,
    back: DrawCard | None = None,
) -> int:
    """Draw ``count`` cards on as many sheets as needed; return the pages written.

    Each fronts page is followed by its backs page when ``back`` is given, so
    the PDF prints straight through long-edge duplex. Slots left over on the
    last page stay empty on both sides. Call at a page boundary: the canvas
    page size is set for each sheet and left at the grid's page size, and the
    TrimBox and BleedBox are cleared afterwards so later pages (rules, boards)
    do not inherit them.
    """
    if count < 0:
        raise ValueError(f"negative card count {count}")
    written = 0
    for page in range(grid.pages(count)):
        first = page * grid.per_page
        _draw_page(canvas, grid, first, count, front, grid.front_box)
        written += 1
        if back is not None:
            _draw_page(canvas, grid, first, count, back, grid.back_box)
            written += 1
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)
    return written
