"""Print geometry as declared data: papers, print conventions and card grids.

Every number that decides where ink lands on a printed sheet lives here, so
that drawing code only asks for rectangles and never does its own arithmetic
with millimetres. All rectangles are in PDF points with the origin at the
bottom-left corner of the page, exactly as ReportLab and the PDF boxes use
them, so a :class:`Rect` can be handed to the canvas without conversion.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit.errors import UsageError

#: Points per millimetre (a point is 1/72 inch, an inch is 25.4 mm).
MM = 72 / 25.4

#: Tolerance in points for comparisons, so float noise never flips a result.
EPS = 1e-6


def mm(x: float) -> float:
    """Convert millimetres to points."""
    return x * MM


def _fmt(x: float) -> str:
    """Millimetres for messages: ``63`` rather than ``63.0``."""
    return f"{x:g}"


class LayoutError(UsageError):
    """Paper or card geometry that cannot be printed (unknown paper, card too big).

    It is a :class:`~printkit.errors.UsageError` because the usual cause is a
    choice the user made on the command line: the paper.
    """


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in points, origin bottom-left as in PDF."""

    x: float
    y: float
    width: float
    height: float

    def __post_init__(self) -> None:
        # A negative size always means a geometry bug upstream; fail loudly
        # here rather than draw something mirrored.
        if self.width < -EPS or self.height < -EPS:
            raise ValueError(f"negative rectangle size: {self.width} x {self.height}")

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def inset(self, d: float) -> Rect:
        """The rectangle shrunk by ``d`` points on every side."""
        return Rect(self.x + d, self.y + d, self.width - 2 * d, self.height - 2 * d)

    def outset(self, d: float) -> Rect:
        """The rectangle grown by ``d`` points on every side."""
        return self.inset(-d)

    def contains(self, other: Rect) -> bool:
        """True if ``other`` lies inside this rectangle (edges may touch)."""
        return (
            other.x >= self.x - EPS
            and other.y >= self.y - EPS
            and other.right <= self.right + EPS
            and other.top <= self.top + EPS
        )

    def overlaps(self, other: Rect) -> bool:
        """True if the interiors intersect; rectangles that only touch do not."""
        return (
            other.x < self.right - EPS
            and self.x < other.right - EPS
            and other.y < self.top - EPS
            and self.y < other.top - EPS
        )

    def mirror_x(self, page_width: float) -> Rect:
        """This rectangle mirrored about the vertical line ``x = page_width / 2``."""
        return Rect(page_width - self.right, self.y, self.width, self.height)

    def mirror_y(self, page_height: float) -> Rect:
        """This rectangle mirrored about the horizontal line ``y = page_height / 2``."""
        return Rect(self.x, page_height - self.top, self.width, self.height)

    def as_box(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``: the form PDF page boxes and ReportLab's setters take."""
        return (self.x, self.y, self.right, self.top)


@dataclass(frozen=True)
class Paper:
    """A paper size; ``width_mm`` is the short side."""

    id: str
    name: str
    width_mm: float
    height_mm: float

    @property
    def size(self) -> tuple[float, float]:
        """Portrait page size in points."""
        return (mm(self.width_mm), mm(self.height_mm))

    @property
    def landscape_size(self) -> tuple[float, float]:
        """Landscape page size in points."""
        return (mm(self.height_mm), mm(self.width_mm))


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "Letter", 215.9, 279.4),
}


def paper(id: str) -> Paper:
    """The paper called ``id`` (case-insensitive), or a :class:`LayoutError`."""
    found = PAPERS.get(id.strip().lower())
    if found is None:
        raise LayoutError(f"unknown paper {id!r}; choose one of: {', '.join(sorted(PAPERS))}")
    return found


@dataclass(frozen=True)
class PrintSpec:
    """The print conventions every kit shares, in millimetres unless named ``_pt``.

    * ``bleed_mm``: artwork extends this far past the cut line so a slightly
      off cut never shows a white sliver.
    * ``safe_mm``: inset from the cut line inside which text must stay so a
      slightly off cut never clips it.
    * ``mark_length_mm`` / ``mark_gap_mm``: crop marks are this long and start
      this far outside the bleed, so they are never printed inside artwork.
    * ``sheet_margin_mm``: no ink closer than this to the paper edge, because
      desktop printers cannot print there and would drop the marks.
    * ``mark_width_pt``: hairline width of the crop marks.
    """

    bleed_mm: float = 3.0
    safe_mm: float = 3.0
    mark_length_mm: float = 5.0
    mark_gap_mm: float = 1.0
    sheet_margin_mm: float = 6.0
    mark_width_pt: float = 0.25

    def __post_init__(self) -> None:
        for name in ("bleed_mm", "safe_mm", "mark_gap_mm", "sheet_margin_mm"):
            if getattr(self, name) < 0:
                raise LayoutError(f"print spec: {name} must not be negative")
        for name in ("mark_length_mm", "mark_width_pt"):
            if getattr(self, name) <= 0:
                raise LayoutError(f"print spec: {name} must be positive")

    @property
    def mark_reach_mm(self) -> float:
        """How far crop marks reach beyond the bleed edge."""
        return self.mark_gap_mm + self.mark_length_mm


DEFAULT_SPEC = PrintSpec()


@dataclass(frozen=True)
class CardSize:
    """Finished (trimmed) card size in millimetres, as the card is meant to be read."""

    width_mm: float
    height_mm: float

    def __post_init__(self) -> None:
        if not (self.width_mm > 0 and self.height_mm > 0):
            raise LayoutError(f"card size {self.label} must be positive")

    @property
    def label(self) -> str:
        return f"{_fmt(self.width_mm)}×{_fmt(self.height_mm)} mm"


@dataclass(frozen=True)
class CardBox:
    """Where one card sits: the cut line, the artwork edge and the text-safe area."""

    trim: Rect
    bleed: Rect
    safe: Rect


@dataclass(frozen=True)
class CardGrid:
    """A centred grid of cards on one page size, each card with its own bleed.

    Neighbouring trims are ``2 × bleed`` apart, so every card can be cut out
    with a full bleed on all four sides. The backs page is laid out for
    *long-edge* duplex printing: the sheet turns over about the axis parallel
    to the paper's long side, so on a portrait page the back of slot (r, c)
    is at (r, cols-1-c) and on a landscape page at (rows-1-r, c). Because the
    grid is centred both ways, every back trim is the front trim mirrored
    about the page centre line along that axis.
    """

    paper: Paper
    page_size: tuple[float, float]
    card: CardSize
    spec: PrintSpec
    cols: int
    rows: int

    @property
    def landscape(self) -> bool:
        return self.page_size[0] > self.page_size[1]

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def page(self) -> Rect:
        return Rect(0.0, 0.0, *self.page_size)

    @property
    def _pitch(self) -> tuple[float, float]:
        b2 = 2 * mm(self.spec.bleed_mm)
        return (mm(self.card.width_mm) + b2, mm(self.card.height_mm) + b2)

    @property
    def grid_bleed(self) -> Rect:
        """Bounding rectangle of every card's bleed; centred on the page."""
        pw, ph = self._pitch
        w, h = self.cols * pw, self.rows * ph
        return Rect((self.page_size[0] - w) / 2, (self.page_size[1] - h) / 2, w, h)

    @property
    def grid_trim(self) -> Rect:
        """Bounding rectangle of every card's trim."""
        return self.grid_bleed.inset(mm(self.spec.bleed_mm))

    @property
    def marks_extent(self) -> Rect:
        """Bounding rectangle of the grid including its crop marks."""
        return self.grid_bleed.outset(mm(self.spec.mark_reach_mm))

    def _box_at(self, row: int, col: int) -> CardBox:
        pw, ph = self._pitch
        outer = self.grid_bleed
        bleed = Rect(outer.x + col * pw, outer.top - (row + 1) * ph, pw, ph)
        trim = bleed.inset(mm(self.spec.bleed_mm))
        return CardBox(trim=trim, bleed=bleed, safe=trim.inset(mm(self.spec.safe_mm)))

    def _cell(self, slot: int) -> tuple[int, int]:
        if not 0 <= slot < self.per_page:
            raise IndexError(f"slot {slot} outside 0..{self.per_page - 1}")
        return divmod(slot, self.cols)

    def front_box(self, slot: int) -> CardBox:
        """Where card ``slot`` (left to right, top to bottom) sits on a fronts page."""
        return self._box_at(*self._cell(slot))

    def back_cell(self, slot: int) -> tuple[int, int]:
        """(row, col) on the backs page behind front ``slot``; see the class docstring."""
        row, col = self._cell(slot)
        if self.landscape:
            return (self.rows - 1 - row, col)
        return (row, self.cols - 1 - col)

    def back_box(self, slot: int) -> CardBox:
        """Where the back of card ``slot`` sits on the backs page (long-edge duplex)."""
        return self._box_at(*self.back_cell(slot))

    def pages(self, count: int) -> int:
        """Pages of fronts needed for ``count`` cards (backs pages not counted)."""
        if count < 0:
            raise ValueError(f"negative card count {count}")
        return math.ceil(count / self.per_page)


def _fit(avail_mm: float, card_mm: float, spec: PrintSpec) -> int:
    """How many cards fit side by side across ``avail_mm`` of printable paper."""
    room = avail_mm - 2 * spec.mark_reach_mm
    pitch = card_mm + 2 * spec.bleed_mm
    return max(0, math.floor((room + 1e-9) / pitch))


def _grid_for(paper: Paper, card: CardSize, spec: PrintSpec, landscape: bool) -> CardGrid:
    w_mm, h_mm = (paper.width_mm, paper.height_mm)
    if landscape:
        w_mm, h_mm = h_mm, w_mm
    margin = 2 * spec.sheet_margin_mm
    return CardGrid(
        paper=paper,
        page_size=paper.landscape_size if landscape else paper.size,
        card=card,
        spec=spec,
        cols=_fit(w_mm - margin, card.width_mm, spec),
        rows=_fit(h_mm - margin, card.height_mm, spec),
    )


def card_grid(paper: Paper, card: CardSize, spec: PrintSpec = DEFAULT_SPEC,
              count: int | None = None) -> CardGrid:
    """The grid holding the most cards: portrait or landscape (portrait on a tie).

    Given the number of cards, a set smaller than one page gets only the rows
    it fills, centred, so no crop marks point at empty rows.

    Raises :class:`LayoutError` if not even one card with its bleed and crop
    marks fits inside the sheet margin, or the safe zone leaves no room.
    """
    if 2 * spec.safe_mm >= min(card.width_mm, card.height_mm):
        raise LayoutError(f"card {card.label} is too small for a {_fmt(spec.safe_mm)} mm safe zone")
    portrait = _grid_for(paper, card, spec, landscape=False)
    landscape = _grid_for(paper, card, spec, landscape=True)
    best = landscape if landscape.per_page > portrait.per_page else portrait
    if best.per_page == 0:
        extra = 2 * (spec.sheet_margin_mm + spec.mark_reach_mm + spec.bleed_mm)
        w, h = paper.width_mm - extra, paper.height_mm - extra
        largest = (
            f"the largest card that fits is {_fmt(w)}×{_fmt(h)} mm or {_fmt(h)}×{_fmt(w)} mm"
            if w > 0
            else "no card fits"
        )
        raise LayoutError(
            f"card {card.label} does not fit on {paper.name} "
            f"({_fmt(paper.width_mm)}×{_fmt(paper.height_mm)} mm) with "
            f"{_fmt(spec.bleed_mm)} mm bleed, crop marks and a "
            f"{_fmt(spec.sheet_margin_mm)} mm sheet margin; {largest}"
        )
    if count is not None and 0 < count < best.per_page:
        best = replace(best, rows=-(-count // best.cols))
    return best


def page_area(paper: Paper, landscape: bool, margin_mm: float) -> Rect:
    """The printable area of a full page (board, sheet, rulebook) inside ``margin_mm``."""
    w, h = paper.landscape_size if landscape else paper.size
    if margin_mm < 0 or 2 * margin_mm >= min(paper.width_mm, paper.height_mm):
        raise LayoutError(f"margin {_fmt(margin_mm)} mm leaves no room on {paper.name}")
    return Rect(0.0, 0.0, w, h).inset(mm(margin_mm))
