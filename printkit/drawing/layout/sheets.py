"""Card sheets: pages of card fronts and backs in the layout the print spec names.

Games only say how to draw one card into a :class:`CardBox`; this module
places the cards for the chosen layout (see :data:`~printkit.geometry.LAYOUTS`),
clips each to its own bleed (a round card's to its circle and bleed), draws crop marks,
cut lines (round cards: a circle each) or the fold line,
names each sheet in its margin and sets the PDF page boxes. No game module
knows which layout is in use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout.labels import LabelBox, SheetLabels, label_boxes, other_band
from printkit.drawing.layout.marks import (
    cut_segments,
    draw_crop_marks,
    draw_cut_circles,
    draw_cut_lines,
    draw_fold_line,
    mark_segments,
    sheet_trims,
)
from printkit.drawing.pdf import Shared, draw_once
from printkit.geometry import EPS, CardBox, CardGrid, Rect, mm

#: Draws card number ``index`` (0-based, across all pages) into ``box``.
#: It may paint anywhere; the sheet clips the drawing to ``box.bleed``.
#: It must not call ``showPage`` or change the page size.
DrawCard = Callable[[Canvas, int, CardBox], None]

#: The design of card number ``index``: cards with the same key look the same, so the
#: design is drawn once per document (a form XObject) and placed on every such card.
#: ``None`` draws that card on its own.
CardKey = Callable[[int], "str | None"]


def _draw_clipped(canvas: Canvas, box: CardBox, draw: Callable[[], None],
                  turned: bool = False, clip: Rect | None = None,
                  round_card: bool = False) -> None:
    """Run ``draw`` with painting confined to the card's bleed (or to ``clip``).

    The clip is what lets artwork be generous (full-bleed backgrounds drawn a
    little too big) without ever painting on the neighbouring card; the
    saved graphics state also undoes any colour, font or transform the card
    code leaves behind. A ``turned`` card is drawn upside down in its box. A
    ``round_card`` is clipped to the circle of its bleed, so no ink lies past its cut
    line but its bleed.
    """
    bleed = clip or box.bleed
    canvas.saveState()
    path = canvas.beginPath()
    if round_card and clip is None:
        path.circle(*bleed.centre, bleed.width / 2)
    else:
        path.rect(bleed.x, bleed.y, bleed.width, bleed.height)
    canvas.clipPath(path, stroke=0, fill=0)
    if turned:
        cx, cy = bleed.centre
        canvas.translate(cx, cy)
        canvas.rotate(180)
        canvas.translate(-cx, -cy)
    draw()
    canvas.restoreState()


def _boxes(canvas: Canvas, grid: CardGrid, trims: list[Rect]) -> None:
    """TrimBox and BleedBox. A shop sheet is the print shop's product as it is, cut
    afterwards along its crop marks: its boxes are the whole sheet. A home sheet's
    boxes are the cards' extent."""
    if grid.layout == "fold" or not trims:
        canvas.setTrimBox(None)
        canvas.setBleedBox(None)
        return
    if grid.layout == "shop":
        sheet = grid.on_media(grid.page).as_box()
        canvas.setTrimBox(sheet)
        canvas.setBleedBox(sheet)
        return
    x0, y0 = min(t.x for t in trims), min(t.y for t in trims)
    x1, y1 = max(t.right for t in trims), max(t.top for t in trims)
    trim = Rect(x0, y0, x1 - x0, y1 - y0)
    # ReportLab's box setters take (x0, y0, x1, y1) despite their docstring
    # saying "2-tuple", and apply to every following page until changed.
    canvas.setTrimBox(grid.on_media(trim).as_box())
    canvas.setBleedBox(grid.on_media(trim.outset(grid.bleed)).as_box())


def _begin_page(canvas: Canvas, grid: CardGrid) -> None:
    """Start a sheet: its paper, and for a turned sheet the turn onto the paper.

    ReportLab takes the page size as displayed and, for a page rotated by 90°, writes the
    MediaBox the other way round: a turned sheet's MediaBox is the portrait paper."""
    canvas.setPageSize(grid.page_size)
    canvas.setPageRotation(90 if grid.turned else 0)
    canvas.saveState()
    if grid.turned:
        canvas.translate(grid.media_size[0], 0)
        canvas.rotate(90)


def _end_page(canvas: Canvas) -> None:
    canvas.restoreState()
    canvas.showPage()


def _occupied(grid: CardGrid, trims: list[Rect], marks: bool = True) -> Rect:
    """What the label must stay clear of: the cards, and the crop marks in a shop layout
    (unless ``marks`` is False: the label then lies between them)."""
    x0, y0 = min(t.x for t in trims), min(t.y for t in trims)
    x1, y1 = max(t.right for t in trims), max(t.top for t in trims)
    reach = grid.bleed + (mm(grid.spec.mark_reach_mm) if grid.layout == "shop" and marks
                          else 0)
    return Rect(x0, y0, x1 - x0, y1 - y0).outset(reach)


def _label_places(grid: CardGrid, trims: list[Rect], area: Rect) -> list[LabelBox]:
    """Where the label may go: inside ``area`` (the printable part of the page), in the
    stretches of its margins that no cut line or fold line crosses."""
    lines = [] if grid.layout == "shop" or grid.card.round else cut_segments(area, trims)
    xs = [x1 for x1, _, x2, _ in lines if x1 == x2]
    ys = [y1 for _, y1, _, y2 in lines if y1 == y2]
    fold = grid.fold_line
    if fold is not None:
        (xs if fold[0] == fold[2] else ys).append(fold[0] if fold[0] == fold[2] else fold[1])
    places = label_boxes(area, _occupied(grid, trims), 0.0, xs, ys)
    if grid.layout == "shop":  # a sheet full to its marks: the label goes between them
        marks = mark_segments(grid, trims=trims)
        places += label_boxes(area, _occupied(grid, trims, marks=False), 0.0,
                              [x1 for x1, _, x2, _ in marks if x1 == x2],
                              [y1 for _, y1, _, y2 in marks if y1 == y2])
    return places


def _decorate(canvas: Canvas, grid: CardGrid, trims: list[Rect], role: str, number: int,
              total: int, labels: SheetLabels | None, area: Rect | None = None) -> None:
    """Crop marks or cut lines, the fold line, the sheet's label and the fold hint, all
    inside ``area``: the printable part of the page (of a backs page, moved the other way
    from the page's duplex offset, so that they stay clear of the margin on paper)."""
    area = grid.printable if area is None else area
    if grid.layout == "shop":
        draw_crop_marks(canvas, grid, trims=trims, area=area)
    elif not grid.card.round:
        draw_cut_lines(canvas, grid, trims, area)
    if grid.card.round:
        draw_cut_circles(canvas, grid, trims)
    draw_fold_line(canvas, grid)
    if labels is None:
        return
    places = _label_places(grid, trims, area)
    used = labels.sheet(canvas, role, number, total, places)
    if grid.fold_line is not None:
        labels.fold_hint(canvas, other_band(places, used))


def _side(canvas: Canvas, grid: CardGrid, first: int, n: int, draw: DrawCard,
          box_for: Callable[[int], CardBox], turned: bool = False,
          key: CardKey | None = None, draw_back: bool = False,
          shared: Shared | None = None,
          clip_for: Callable[[int], Rect] | None = None) -> list[Rect]:
    trims = []
    side = "back" if draw_back else "front"  # fronts and backs never share a design
    for slot in range(n):
        box, index = box_for(slot), first + slot
        design = key(index) if key is not None else None

        def paint(b: CardBox = box, i: int = index, d: str | None = design) -> None:
            if d is None:
                draw(canvas, i, b)
            else:
                _place(canvas, b, i, f"{side}:{d}", draw, shared)

        _draw_clipped(canvas, box, paint, turned, None if clip_for is None else clip_for(slot),
                      grid.card.round)
        trims.append(box.trim)
    return trims


def _place(canvas: Canvas, box: CardBox, index: int, design: str, draw: DrawCard,
           shared: Shared | None = None) -> None:
    """The card as a form: drawn once into a box whose bleed starts at the origin, then placed.

    Every card box of a grid has the same size, so one form fits every slot; the
    form's bounding box is the bleed, like the clip around it.
    """
    bleed = box.bleed
    origin = _moved(box, -bleed.x, -bleed.y)
    draw_once(canvas, design, (0, 0, bleed.width, bleed.height), (bleed.x, bleed.y),
              lambda: draw(canvas, index, origin), shared)


def draw_card_sheets(
    canvas: Canvas,
    grid: CardGrid,
    count: int,
    front: DrawCard,
    back: DrawCard | None = None,
    labels: SheetLabels | None = None,
    front_key: CardKey | None = None,
    back_key: CardKey | None = None,
    shared: Shared | None = None,
    sheets: range | None = None,
) -> int:
    """Draw ``count`` cards on as many sheets as needed; return the pages written.
    ``sheets``: only these of the sheets (a part of a big deck, rendered on its own), each
    labelled as in the whole.

    One up (:attr:`~printkit.geometry.PrintSpec.one_up`): each card's front on a page of
    its own, then its back; no marks or labels, the page the card's bleed.
    Duplex layouts (``home``, ``shop``): each fronts page is followed by its
    backs page when ``back`` is given, so the PDF prints straight through
    long-edge duplex; the backs page is moved by the spec's duplex offset.
    ``fold``: each page holds its fronts and, mirrored about the fold line,
    their backs (turned upside down when the fold runs across the page, so
    a folded card reads upright on both sides). Slots left over on the last
    sheet stay empty, with no marks or cut lines pointing at them.

    Call at a page boundary: the canvas page size is set for each sheet and
    left at the grid's paper size, and the TrimBox, BleedBox and page rotation are
    cleared afterwards so later pages (rules, boards) do not inherit them. A
    landscape sheet of a duplex layout is drawn turned onto portrait paper
    (:attr:`~printkit.geometry.CardGrid.turned`): the drawing code sees the
    landscape sheet as always.

    ``front_key`` and ``back_key`` name each card's design (see :data:`CardKey`):
    a design that repeats is drawn once and placed on every card that shows it.
    ``shared`` (see :func:`~printkit.drawing.pdf.draw_once`): the fronts' designs are the
    same in other documents (other locales) that draw them with the same ``shared``.
    """
    if count < 0:
        raise ValueError(f"negative card count {count}")
    if grid.spec.one_up:
        return _one_up(canvas, grid, range(count) if sheets is None else sheets, front, back,
                       front_key, back_key, shared)
    deck = _Sheets(canvas, grid, count, front, back, labels, front_key, back_key, shared)
    total = grid.pages(count)
    written = sum(deck.draw(page, total) for page in (range(total) if sheets is None
                                                       else sheets))
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)
    canvas.setPageRotation(0)
    return written


def _one_up(canvas: Canvas, grid: CardGrid, cards: range, front: DrawCard,
            back: DrawCard | None, front_key: CardKey | None, back_key: CardKey | None,
            shared: Shared | None) -> int:
    """Cards ``cards``, each on a page of its own, its back on the next page: the page is
    the card's bleed, the TrimBox the card and the BleedBox the page, as a print shop
    takes a one-up file. Returns the pages written."""
    box = grid.front_box(0)
    pages = 0
    for index in cards:
        for draw, key, is_back in ((front, front_key, False), (back, back_key, True)):
            if draw is None:
                continue
            canvas.setPageSize(grid.page_size)
            canvas.setTrimBox(box.trim.as_box())
            canvas.setBleedBox(box.bleed.as_box())
            _side(canvas, grid, index, 1, draw, lambda _slot: box, key=key, draw_back=is_back,
                  shared=None if is_back else shared)
            canvas.showPage()
            pages += 1
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)
    return pages


@dataclass(frozen=True)
class _Sheets:
    """One deck's sheets, as :func:`draw_card_sheets` draws them."""

    canvas: Canvas
    grid: CardGrid
    count: int
    front: DrawCard
    back: DrawCard | None
    labels: SheetLabels | None
    front_key: CardKey | None
    back_key: CardKey | None
    shared: Shared | None

    def draw(self, page: int, total: int) -> int:
        """Sheet ``page`` (0-based) of ``total``: its fronts page and its backs page, or
        one page of both, folded; returns the pages written."""
        canvas, grid = self.canvas, self.grid
        first = page * grid.per_page
        n = min(grid.per_page, self.count - first)
        _begin_page(canvas, grid)
        fronts = sheet_trims(grid, n)
        _boxes(canvas, grid, fronts)
        _side(canvas, grid, first, n, self.front, grid.front_box, key=self.front_key,
              shared=self.shared)
        if not grid.duplex:
            if self.back is not None:
                fronts += _side(canvas, grid, first, n, self.back, grid.back_box,
                                turned=grid.fold == "horizontal", key=self.back_key,
                                draw_back=True)
            _decorate(canvas, grid, fronts, "folded", page + 1, total, self.labels)
            _end_page(canvas)
            return 1
        _decorate(canvas, grid, fronts, "fronts" if self.back is not None else "single",
                  page + 1, total, self.labels)
        _end_page(canvas)
        if self.back is None:
            return 1
        self._backs(self.back, page, total, first, n)
        return 2

    def _backs(self, back: DrawCard, page: int, total: int, first: int, n: int) -> None:
        """The backs page of sheet ``page``, moved whole by the duplex offset: cards, cut
        lines, label, boxes."""
        canvas, grid = self.canvas, self.grid
        _begin_page(canvas, grid)
        _boxes(canvas, grid, sheet_trims(grid, n, backs=True))
        dx, dy = grid.back_offset
        canvas.saveState()
        canvas.translate(dx, dy)
        unmoved = [_moved(grid.back_box(s), -dx, -dy) for s in range(n)]
        p = grid.printable
        area = Rect(p.x - dx, p.y - dy, p.width, p.height)  # the printable part, on paper
        if grid.layout == "home":
            drawn, clips = _drift_boxes(grid, unmoved, area)
            _side(canvas, grid, first, n, back, drawn.__getitem__, key=self.back_key,
                  draw_back=True, clip_for=clips.__getitem__)
        else:
            _side(canvas, grid, first, n, back, unmoved.__getitem__, key=self.back_key,
                  draw_back=True)
        if grid.layout == "home" and _mixed(self.back_key, first, n):
            _frame_backs(canvas, unmoved)
        _decorate(canvas, grid, [b.trim for b in unmoved], "backs", page + 1, total,
                  self.labels, area)
        canvas.restoreState()
        _end_page(canvas)


#: How far a home sheet's backs reach beyond the outer cut lines of its grid: a back page
#: that drifts by a millimetre or two still covers every card to its edge.
BACK_BLEED_MM = 2.5
#: The light frame inside each back of a home sheet whose cards have different backs: a
#: drift shows the frame, never the neighbouring card's other back.
BACK_FRAME_MM = 1.5
BACK_FRAME_TINT = (0.96, 0.96, 0.95)


def _drift_boxes(grid: CardGrid, boxes: list[CardBox],
                 area: Rect) -> tuple[list[CardBox], list[Rect]]:
    """Home backs: every back drawn with a bleed of :data:`BACK_BLEED_MM` all round (one
    form per design still fits every slot), and clipped to it only on the sides that face
    no other card, so it reaches beyond the grid's outer cut lines and no further; and
    never into the printer margin around ``area``, where the printer would drop it."""
    reach = mm(BACK_BLEED_MM)
    taken = {grid.back_cell(slot) for slot in range(len(boxes))}
    drawn, clips = [], []
    for slot, box in enumerate(boxes):
        row, col = grid.back_cell(slot)
        left = reach if (row, col - 1) not in taken else 0.0
        right = reach if (row, col + 1) not in taken else 0.0
        top = reach if (row - 1, col) not in taken else 0.0
        bottom = reach if (row + 1, col) not in taken else 0.0
        t = box.trim
        drawn.append(CardBox(t, t.outset(reach), box.safe))
        # The reach stops at the printer margin; a card that a duplex offset moves into
        # the margin keeps its own face whole, and no reach along that edge's ends.
        x0, y0 = max(t.x - left, min(t.x, area.x)), max(t.y - bottom, min(t.y, area.y))
        x1 = min(t.right + right, max(t.right, area.right))
        y1 = min(t.top + top, max(t.top, area.top))
        if t.x < area.x - EPS or t.right > area.right + EPS:
            y0, y1 = max(y0, t.y), min(y1, t.top)
        if t.y < area.y - EPS or t.top > area.top + EPS:
            x0, x1 = max(x0, t.x), min(x1, t.right)
        clips.append(Rect(x0, y0, x1 - x0, y1 - y0))
    return drawn, clips


def _mixed(key: CardKey | None, first: int, n: int) -> bool:
    """Whether the cards ``first`` to ``first + n`` have more than one back design (a card
    whose key is None is a design of its own). Without keys nothing is known: not mixed."""
    return key is not None and len({key(first + s) for s in range(n)}) > 1


def _frame_backs(canvas: Canvas, boxes: list[CardBox]) -> None:
    """A light frame just inside each back's cut line (home sheets of mixed backs)."""
    width = mm(BACK_FRAME_MM)
    canvas.saveState()
    canvas.setFillColorRGB(*BACK_FRAME_TINT)
    for box in boxes:
        t = box.trim
        path = canvas.beginPath()
        path.rect(t.x, t.y, t.width, t.height)
        path.rect(t.x + width, t.y + width, t.width - 2 * width, t.height - 2 * width)
        canvas.drawPath(path, stroke=0, fill=1, fillMode=0)
    canvas.restoreState()


def _moved(box: CardBox, dx: float, dy: float) -> CardBox:
    return CardBox(*(Rect(r.x + dx, r.y + dy, r.width, r.height)
                     for r in (box.trim, box.bleed, box.safe)))


#: How far the cut lines of straight-cut cards run out from a block of them (see
#: :func:`draw_card_block`): far enough to lay a ruler along.
BLOCK_LEAD_MM = 5.0


def card_block(grid: CardGrid, count: int) -> Rect | None:
    """Where the cards of a single-sided set that fits on one home sheet lie, with the
    cut lines that run out from straight-cut cards, as :func:`draw_card_block` draws them
    at the origin; None for a set of more than one sheet, or of another layout (cut along
    crop marks, or beside a fold line)."""
    if grid.layout != "home" or not 0 < count <= grid.per_page:
        return None
    outer = grid.grid_bleed
    lead = 0.0 if grid.card.round else mm(BLOCK_LEAD_MM)
    return Rect(0.0, 0.0, outer.width + 2 * lead, outer.height + 2 * lead)


def draw_card_block(canvas: Canvas, grid: CardGrid, count: int, front: DrawCard,
                    at: tuple[float, float], front_key: CardKey | None = None) -> None:
    """The fronts of a set :func:`card_block` takes, its lower-left corner at ``at``, on a
    page another document shares: each card clipped to its bleed, round cards with their
    cut circles, straight-cut cards with cut lines as far as the block reaches; no label
    and no page boxes (the page is the sharing document's)."""
    block = card_block(grid, count)
    if block is None:
        raise ValueError(f"{count} cards are no block of one home sheet")
    lead = (block.width - grid.grid_bleed.width) / 2
    canvas.saveState()
    canvas.translate(at[0] + lead - grid.grid_bleed.x, at[1] + lead - grid.grid_bleed.y)
    trims = _side(canvas, grid, 0, count, front, grid.front_box, key=front_key)
    if grid.card.round:
        draw_cut_circles(canvas, grid, trims)
    else:
        draw_cut_lines(canvas, grid, trims, grid.grid_bleed.outset(lead))
    canvas.restoreState()
