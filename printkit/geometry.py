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

#: Millimetres per inch.
MM_PER_INCH = 25.4
#: Points per millimetre (a point is 1/72 inch).
MM = 72 / MM_PER_INCH

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


#: Card layouts, the default first. ``home``: cards butted edge to edge in the
#: densest grid inside the printer margin, cut lines running out to that margin,
#: backs on the next page for long-edge duplex. ``shop``: each card with its
#: own bleed, gutters and crop marks, cut along the marks (TrimBox and BleedBox the whole
#: sheet), for print shops; its builds also write each card a page (``PrintSpec.one_up``).
#: ``fold``: fronts and backs on one side of the sheet, mirrored about a fold
#: line, for printers without duplex.
LAYOUTS = ("home", "shop", "fold")

#: The largest duplex correction accepted, either way; a printer that is further
#: off than this needs fixing, not compensating.
MAX_DUPLEX_OFFSET_MM = 10.0

#: The strip along every paper edge where nothing is printed: cut lines, crop marks, fold
#: lines, sheet labels and artwork (bleed and the backs' overprint too) all stay inside it.
#: Home printers leave 4 to 6.35 mm (a quarter inch) unprinted; 6 mm covers nearly all of
#: them and costs no sheet of printkit's own games. ``printkit build --printer-margin MM``
#: changes it for a printer that does better or worse.
PRINTER_MARGIN_MM = 6.0
#: The widest printer margin accepted: a quarter inch, the widest strip home printers
#: leave. Card, token and board sheets follow the margin; rulebooks, references, the
#: guide and the other sheets keep margins of their own, and a wider one would need those
#: pages laid out anew (the lowest ink of them, a quick reference's footer, stands clear
#: of it in every script).
MAX_PRINTER_MARGIN_MM = 6.35


@dataclass(frozen=True)
class PrintSpec:
    """The print conventions every kit shares, in millimetres unless named ``_pt``.

    * ``bleed_mm``: artwork extends this far past the cut line so a slightly
      off cut never shows a white sliver.
    * ``safe_mm``: inset from the cut line inside which text must stay so a
      slightly off cut never clips it.
    * ``mark_length_mm`` / ``mark_gap_mm``: crop marks are this long and start
      this far outside the bleed, so they are never printed inside artwork.
    * ``mark_width_pt``: hairline width of the crop marks.
    * ``printer_margin_mm``: the strip along the paper edge that a printer cannot
      print (see :data:`PRINTER_MARGIN_MM`): no ink of any layout lies in it, and
      the ``home`` and ``fold`` layouts fill the rest.
    * ``fold_gap_mm``: in the ``fold`` layout, the space between the fold
      line and the cards on either side of it.
    * ``layout``: how card sets are laid out (see :data:`LAYOUTS`).
    * ``duplex_offset_mm``: how far every back page is moved (x right, y up),
      to make up for a printer that shifts the back side.
    * ``ink_saver``: documents leave out full-page tints and solid backs.
    * ``one_up``: each card on a page of its own, the page the card and its bleed, with
      TrimBox and BleedBox: a print shop's one-up file (shop layout only).
    """

    bleed_mm: float = 3.0
    safe_mm: float = 3.0
    mark_length_mm: float = 5.0
    mark_gap_mm: float = 1.0
    mark_width_pt: float = 0.25
    printer_margin_mm: float = PRINTER_MARGIN_MM
    fold_gap_mm: float = 4.0
    layout: str = "home"
    duplex_offset_mm: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    one_up: bool = False

    def __post_init__(self) -> None:
        for name in ("bleed_mm", "safe_mm", "mark_gap_mm", "fold_gap_mm"):
            if getattr(self, name) < 0:
                raise LayoutError(f"print spec: {name} must not be negative")
        if not 0 <= self.printer_margin_mm <= MAX_PRINTER_MARGIN_MM:
            raise LayoutError(f"the printer margin must be between 0 and "
                              f"{MAX_PRINTER_MARGIN_MM:g} mm, not {self.printer_margin_mm:g}")
        for name in ("mark_length_mm", "mark_width_pt"):
            if getattr(self, name) <= 0:
                raise LayoutError(f"print spec: {name} must be positive")
        if self.layout not in LAYOUTS:
            raise LayoutError(f"unknown layout {self.layout!r}; choose one of: "
                              f"{', '.join(LAYOUTS)}")
        if any(abs(v) > MAX_DUPLEX_OFFSET_MM for v in self.duplex_offset_mm):
            raise LayoutError(f"duplex offset must be within ±{MAX_DUPLEX_OFFSET_MM:g} mm")
        if self.one_up and self.layout != "shop":
            raise LayoutError("one card a page goes with the shop layout only")

    @property
    def mark_reach_mm(self) -> float:
        """How far crop marks reach beyond the bleed edge."""
        return self.mark_gap_mm + self.mark_length_mm

    def margin(self, at_least_mm: float = 0.0) -> float:
        """A page's margin in mm: a layout's own ``at_least_mm``, or the printer margin if
        that is wider, so nothing is ever drawn where the printer cannot print."""
        return max(at_least_mm, self.printer_margin_mm)

    def printable(self, page: Rect) -> Rect:
        """The part of ``page`` a printer prints: inside the printer margin."""
        return page.inset(mm(self.printer_margin_mm))


DEFAULT_SPEC = PrintSpec()


#: How a card is cut: along straight lines, or round (a token cut along the circle that
#: fills its square).
CARD_SHAPES = ("rectangle", "circle")

#: Round cards in the home and fold layouts lie this far apart instead of butted: scissors
#: or a circle cutter follow one circle without cutting into the next.
ROUND_GAP_MM = 3.0


@dataclass(frozen=True)
class CardSize:
    """Finished (trimmed) card size in millimetres, as the card is meant to be read; a
    ``"circle"`` card is the circle inside that square."""

    width_mm: float
    height_mm: float
    shape: str = "rectangle"

    def __post_init__(self) -> None:
        if not (self.width_mm > 0 and self.height_mm > 0):
            raise LayoutError(f"card size {self.label} must be positive")
        if self.shape not in CARD_SHAPES:
            raise LayoutError(f"unknown card shape {self.shape!r}; shapes: "
                              f"{', '.join(CARD_SHAPES)}")
        if self.shape == "circle" and self.width_mm != self.height_mm:
            raise LayoutError(f"a round card is as wide as it is tall, not {self.label}")

    @property
    def round(self) -> bool:
        return self.shape == "circle"

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
    """Where the cards of one sheet sit, for the layout its ``spec`` names.

    ``shop``: a centred grid, each card with its own bleed; neighbouring trims
    are ``2 × bleed`` apart so every card can be cut with a full bleed.
    ``home``: a centred grid of butted cards (no gutters, no bleed), as dense
    as the printer margin allows; round cards :data:`ROUND_GAP_MM` apart, in the fold
    layout too. In both, the backs page is laid out for
    *long-edge* duplex: the sheet turns over about the axis parallel to the
    paper's long side, so on a portrait page the back of slot (r, c) is at
    (r, cols-1-c) and on a landscape page at (rows-1-r, c); every back trim is
    the front trim mirrored about the page centre line along that axis, then
    moved by the spec's duplex offset.
    ``fold``: the fronts fill one half of the sheet next to a fold line
    (``fold`` says which way it runs) and each back is its front mirrored
    about that line, on the same side of the paper.
    """

    paper: Paper
    page_size: tuple[float, float]
    card: CardSize
    spec: PrintSpec
    cols: int
    rows: int
    #: ``fold`` layout only: the fold line runs ``"vertical"`` (x = width / 2)
    #: or ``"horizontal"`` (y = height / 2).
    fold: str | None = None

    @property
    def layout(self) -> str:
        return self.spec.layout

    @property
    def duplex(self) -> bool:
        """True if backs go on their own page, printed on the back of the sheet."""
        return self.layout != "fold"

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
    def bleed(self) -> float:
        """Each card's bleed in points: only shop cards have one; butted cards cannot."""
        return mm(self.spec.bleed_mm) if self.layout == "shop" else 0.0

    @property
    def gap(self) -> float:
        """Points between neighbouring bleeds: :data:`ROUND_GAP_MM` between round cards in
        the home and fold layouts, none otherwise (shop cards have their gutters of bleed)."""
        return mm(ROUND_GAP_MM) if self.card.round and self.layout != "shop" else 0.0

    @property
    def _pitch(self) -> tuple[float, float]:
        b2 = 2 * self.bleed + self.gap
        return (mm(self.card.width_mm) + b2, mm(self.card.height_mm) + b2)

    @property
    def grid_bleed(self) -> Rect:
        """Bounding rectangle of every front's bleed: centred, or beside the fold line."""
        pw, ph = self._pitch
        w, h = self.cols * pw, self.rows * ph
        if self.gap:
            w, h = w - self.gap, h - self.gap
        x, y = (self.page_size[0] - w) / 2, (self.page_size[1] - h) / 2
        gap = mm(self.spec.fold_gap_mm)
        if self.fold == "vertical":  # fronts on the left half
            x = self.page_size[0] / 2 - gap - w
        elif self.fold == "horizontal":  # fronts on the top half
            y = self.page_size[1] / 2 + gap
        return Rect(x, y, w, h)

    @property
    def grid_trim(self) -> Rect:
        """Bounding rectangle of every front's trim."""
        return self.grid_bleed.inset(self.bleed)

    @property
    def printable(self) -> Rect:
        """The part of the sheet the printer prints: inside the spec's printer margin."""
        return self.spec.printable(self.page)

    @property
    def marks_extent(self) -> Rect:
        """Bounding rectangle of the fronts including their crop marks (shop layout)."""
        return self.grid_bleed.outset(mm(self.spec.mark_reach_mm))

    @property
    def fold_line(self) -> tuple[float, float, float, float] | None:
        """The fold line across the page up to the printer margin, ``(x1, y1, x2, y2)``, or
        None."""
        w, h = self.page_size
        area = self.printable
        if self.fold == "vertical":
            return (w / 2, area.y, w / 2, area.top)
        if self.fold == "horizontal":
            return (area.x, h / 2, area.right, h / 2)
        return None

    @property
    def turned(self) -> bool:
        """True for a landscape sheet of a duplex layout: it is drawn turned onto portrait
        paper (a portrait MediaBox, shown upright through ``/Rotate 90``), so the paper's
        axes, and with them the duplex offset, never depend on how a printer driver would
        turn a landscape page. A one-up page is the card itself, never turned."""
        return self.duplex and self.landscape and not self.spec.one_up

    @property
    def media_size(self) -> tuple[float, float]:
        """The page's MediaBox: the paper as it goes through the printer."""
        return self.paper.size if self.turned else self.page_size

    def on_media(self, rect: Rect) -> Rect:
        """A rectangle of the sheet's drawing space in the page's default user space: a
        turned sheet's point (x, y) lies at (paper width − y, x) on the paper."""
        if not self.turned:
            return rect
        return Rect(self.paper.size[0] - rect.top, rect.x, rect.height, rect.width)

    @property
    def back_offset(self) -> tuple[float, float]:
        """How far back pages move, in points of the sheet's drawing space (duplex layouts
        only). The offset is read on the paper (x right, y up, the guide's calibration
        sheet); on a turned sheet paper-right is drawing-down and paper-up drawing-right.
        A one-up page goes to a print shop: no home printer's offset."""
        if not self.duplex or self.spec.one_up:
            return (0.0, 0.0)
        dx, dy = self.spec.duplex_offset_mm
        if self.turned:
            return (mm(dy), -mm(dx))
        return (mm(dx), mm(dy))

    def _box(self, bleed: Rect) -> CardBox:
        trim = bleed.inset(self.bleed)
        return CardBox(trim=trim, bleed=bleed, safe=trim.inset(mm(self.spec.safe_mm)))

    def _box_at(self, row: int, col: int) -> CardBox:
        pw, ph = self._pitch
        outer = self.grid_bleed
        if self.gap:  # the gap lies after each card, so the last one ends the grid
            w, h = pw - self.gap, ph - self.gap
            return self._box(Rect(outer.x + col * pw, outer.top - row * ph - h, w, h))
        return self._box(Rect(outer.x + col * pw, outer.top - (row + 1) * ph, pw, ph))

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
        if not self.duplex:
            raise ValueError("the fold layout has no backs page")
        if self.landscape:
            return (self.rows - 1 - row, col)
        return (row, self.cols - 1 - col)

    def back_box(self, slot: int) -> CardBox:
        """Where the back of card ``slot`` sits: behind its front, as the layout says."""
        if not self.duplex:
            bleed = self.front_box(slot).bleed
            w, h = self.page_size
            bleed = bleed.mirror_x(w) if self.fold == "vertical" else bleed.mirror_y(h)
            return self._box(bleed)
        box = self._box_at(*self.back_cell(slot))
        dx, dy = self.back_offset
        if dx or dy:
            box = CardBox(*(Rect(r.x + dx, r.y + dy, r.width, r.height)
                            for r in (box.trim, box.bleed, box.safe)))
        return box

    def pages(self, count: int) -> int:
        """Sheets needed for ``count`` cards (backs pages not counted)."""
        if count < 0:
            raise ValueError(f"negative card count {count}")
        return math.ceil(count / self.per_page)


def _fit(room_mm: float, pitch_mm: float) -> int:
    """How many cards of ``pitch_mm`` fit side by side across ``room_mm``."""
    return max(0, math.floor((room_mm + 1e-9) / pitch_mm))


def _page(paper: Paper, landscape: bool) -> tuple[tuple[float, float], float, float]:
    """Page size in points, and its width and height in millimetres."""
    w_mm, h_mm = (paper.height_mm, paper.width_mm) if landscape else (
        paper.width_mm, paper.height_mm)
    return (paper.landscape_size if landscape else paper.size), w_mm, h_mm


#: The shortest crop marks a shop sheet may shorten its marks to, when that fits more
#: cards on the sheet (six poker cards on A4 landscape need 4 mm marks instead of 5; sixteen
#: 41 x 63 mm mini cards on A4, 3.5 mm marks). A 3 mm mark is still one a guillotine's
#: operator lines the blade up with; the sheet's label then goes between the marks.
MIN_MARK_MM = 3.0


def _shop_grid(paper: Paper, card: CardSize, spec: PrintSpec, landscape: bool) -> CardGrid:
    size, w_mm, h_mm = _page(paper, landscape)
    shortest = min(MIN_MARK_MM, spec.mark_length_mm)
    lose = 2 * (spec.printer_margin_mm + spec.mark_gap_mm + shortest)
    pw, ph = card.width_mm + 2 * spec.bleed_mm, card.height_mm + 2 * spec.bleed_mm
    cols, rows = _fit(w_mm - lose, pw), _fit(h_mm - lose, ph)
    # The longest marks up to the spec's own that the grid leaves room for.
    room = min(w_mm - cols * pw, h_mm - rows * ph) / 2 - spec.printer_margin_mm - spec.mark_gap_mm
    mark = min(spec.mark_length_mm, math.floor(room * 100 + 1e-6) / 100)
    if mark < spec.mark_length_mm and cols and rows:
        spec = replace(spec, mark_length_mm=mark)
    return CardGrid(paper, size, card, spec, cols, rows)


def _one_up_grid(paper: Paper, card: CardSize, spec: PrintSpec) -> CardGrid:
    """One card a page, the page the card and its bleed on every side."""
    bleed = 2 * spec.bleed_mm
    return CardGrid(paper, (mm(card.width_mm + bleed), mm(card.height_mm + bleed)), card,
                    spec, 1, 1)


def _spaced(room_mm: float, card_mm: float, card: CardSize) -> int:
    """How many cards fit across ``room_mm``, round ones :data:`ROUND_GAP_MM` apart."""
    if not card.round:
        return _fit(room_mm, card_mm)
    return _fit(room_mm + ROUND_GAP_MM, card_mm + ROUND_GAP_MM)


def _home_grid(paper: Paper, card: CardSize, spec: PrintSpec, landscape: bool) -> CardGrid:
    size, w_mm, h_mm = _page(paper, landscape)
    lose = 2 * spec.printer_margin_mm
    return CardGrid(paper, size, card, spec, _spaced(w_mm - lose, card.width_mm, card),
                    _spaced(h_mm - lose, card.height_mm, card))


def _fold_grid(paper: Paper, card: CardSize, spec: PrintSpec, landscape: bool,
               fold: str) -> CardGrid:
    size, w_mm, h_mm = _page(paper, landscape)
    lose, half = 2 * spec.printer_margin_mm, spec.printer_margin_mm + spec.fold_gap_mm
    if fold == "vertical":
        cols = _spaced(w_mm / 2 - half, card.width_mm, card)
        rows = _spaced(h_mm - lose, card.height_mm, card)
    else:
        cols = _spaced(w_mm - lose, card.width_mm, card)
        rows = _spaced(h_mm / 2 - half, card.height_mm, card)
    return CardGrid(paper, size, card, spec, cols, rows, fold)


def _candidates(paper: Paper, card: CardSize, spec: PrintSpec) -> list[CardGrid]:
    """Every way the layout may turn the paper, best-liked first (portrait first)."""
    if spec.layout == "shop":
        return [_shop_grid(paper, card, spec, landscape) for landscape in (False, True)]
    if spec.layout == "home":
        return [_home_grid(paper, card, spec, landscape) for landscape in (False, True)]
    return [_fold_grid(paper, card, spec, landscape, fold)
            for landscape, fold in ((False, "horizontal"), (True, "vertical"),
                                    (False, "vertical"), (True, "horizontal"))]


def _largest(paper: Paper, spec: PrintSpec) -> tuple[float, float]:
    """The largest card (short side, long side) in mm that one sheet holds in this layout."""
    if spec.layout == "shop":
        lose = 2 * (spec.printer_margin_mm + spec.mark_gap_mm
                    + min(MIN_MARK_MM, spec.mark_length_mm) + spec.bleed_mm)
        return paper.width_mm - lose, paper.height_mm - lose
    lose = 2 * spec.printer_margin_mm
    if spec.layout == "home":
        return paper.width_mm - lose, paper.height_mm - lose
    return (min(paper.width_mm - lose, paper.height_mm / 2 - lose / 2 - spec.fold_gap_mm),
            paper.width_mm / 2 - lose / 2 - spec.fold_gap_mm)


def card_grid(paper: Paper, card: CardSize, spec: PrintSpec = DEFAULT_SPEC,
              count: int | None = None) -> CardGrid:
    """The grid holding the most cards in the spec's layout (portrait on a tie).

    Given the number of cards, a set smaller than one page gets only the rows
    it fills, centred, so no cut line or crop mark points at an empty row.

    Raises :class:`LayoutError` if not even one card fits inside the sheet's
    margin in this layout, or the safe zone leaves no room.
    """
    if 2 * spec.safe_mm >= min(card.width_mm, card.height_mm):
        raise LayoutError(f"card {card.label} is too small for a {_fmt(spec.safe_mm)} mm safe zone")
    if spec.one_up:
        return _one_up_grid(paper, card, spec)
    best = max(_candidates(paper, card, spec), key=lambda g: g.per_page)  # first on a tie
    if best.per_page == 0:
        w, h = _largest(paper, spec)
        largest = (
            f"the largest card that fits is {_fmt(w)}×{_fmt(h)} mm or {_fmt(h)}×{_fmt(w)} mm"
            if w > 0 and h > 0
            else "no card fits"
        )
        raise LayoutError(
            f"card {card.label} does not fit on {paper.name} "
            f"({_fmt(paper.width_mm)}×{_fmt(paper.height_mm)} mm) in the {spec.layout} "
            f"layout; {largest}"
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
