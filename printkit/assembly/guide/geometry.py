"""What the guide draws to exact scale: the rulers and the duplex calibration marks.

Pure geometry in PDF points (origin bottom-left), shared by the drawing code
and the tests, so a test measures exactly what the page shows.

The duplex convention: ``--duplex-offset X,Y`` moves every back page X mm to
the right and Y mm up, in the back page's own coordinates. The back page's
horizontal scale has its tick for ``p`` at ``centre + p mm`` along x (and the
vertical scale likewise along y), so wherever the front's centre lines show
through the sheet, the reading is the offset to build with. The calibration
back page is itself moved by the current offset, so once corrected it reads 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.geometry import MAX_PRINTER_MARGIN_MM, Rect, mm

#: The rulers: a metric bar of 50 mm and an imperial bar of 2 inches.
METRIC_MM = 50.0
INCH_MM = 25.4
IMPERIAL_INCHES = 2
BAR_HEIGHT_MM = 1.2
TICK_WIDTH_MM = 0.25
#: Vertical distance between the two rulers' bars.
RULER_PITCH_MM = 12.0

#: The front's crosshair stops this far from the paper edge: inside the widest printer
#: margin a build accepts, so the page is the same for every ``--printer-margin``.
CROSSHAIR_EDGE_MM = MAX_PRINTER_MARGIN_MM
#: The back's scales run from -SCALE_HALF_MM to +SCALE_HALF_MM in SCALE_STEP_MM steps.
SCALE_HALF_MM = 10.0
SCALE_STEP_MM = 0.5
#: Each scale lies this far from the centre line it does not measure, so the two
#: scales and their labels never cross: the horizontal scale (X) below the
#: centre, the vertical scale (Y) right of it.
SCALE_GAP_MM = 20.0
#: Tick lengths: half millimetres, whole millimetres, every fifth millimetre.
TICK_HALF_MM, TICK_ONE_MM, TICK_FIVE_MM = 1.0, 2.5, 3.5
#: Labels start this far from the scale's baseline, just past the longest tick.
LABEL_GAP_MM = 4.2


@dataclass(frozen=True)
class Segment:
    """A straight line from (x1, y1) to (x2, y2), in points."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class RulerLabel:
    """A ruler number: ``value`` in the ruler's unit, centred on ``x``, baseline ``y``."""

    x: float
    y: float
    value: int


@dataclass(frozen=True)
class Ruler:
    """One ruler: the solid bar (exactly its length), its tick marks (each centred on its
    distance from the bar's start, the first and last on the bar's ends) and numbers."""

    unit: str  # "mm" or "in"
    bar: Rect
    ticks: tuple[Rect, ...]
    labels: tuple[RulerLabel, ...]

    def tick_centres(self) -> list[float]:
        """The x of each tick's centre line, in points."""
        return [tick.x + tick.width / 2 for tick in self.ticks]


def _ruler(unit: str, x: float, y: float, length: float, step: float, steps: int,
           major_every: int, half_every: int | None) -> Ruler:
    bar = Rect(x, y, length, mm(BAR_HEIGHT_MM))
    width = mm(TICK_WIDTH_MM)
    ticks, labels = [], []
    for i in range(steps + 1):
        at = x + i * step
        major = i % major_every == 0
        half = half_every is not None and i % half_every == 0
        height = mm(2.5 if major else 1.8 if half else 1.2)
        # Each tick is centred on its exact distance from the bar's start: the end ticks
        # on the bar's two ends, so tick to tick is the bar's exact length.
        ticks.append(Rect(at - width / 2, bar.top, width, height))
        if major:
            labels.append(RulerLabel(at, bar.top + mm(3.2), i // major_every * (
                10 if unit == "mm" else 1)))
    return Ruler(unit, bar, tuple(ticks), tuple(labels))


def rulers(x: float, y: float) -> tuple[Ruler, Ruler]:
    """The 50 mm ruler with its bar's bottom-left corner at (x, y), and the 2-inch
    ruler :data:`RULER_PITCH_MM` below it; ticks every 10 mm and every ¼ inch."""
    metric = _ruler("mm", x, y, mm(METRIC_MM), mm(10), 5, 1, None)
    imperial = _ruler("in", x, y - mm(RULER_PITCH_MM), mm(IMPERIAL_INCHES * INCH_MM),
                      mm(INCH_MM / 4), IMPERIAL_INCHES * 4, 4, 2)
    return metric, imperial


def ruler_bars(x: float = 0.0, y: float = 0.0) -> list[Rect]:
    """The two solid bars as drawn (50 mm, then 2 in), for ``rulers(x, y)``."""
    return [r.bar for r in rulers(x, y)]


def crosshair(page_size: tuple[float, float]) -> tuple[Segment, Segment]:
    """The calibration front's centre lines: (horizontal, vertical), each through the
    exact page centre and stopping :data:`CROSSHAIR_EDGE_MM` short of the paper edge."""
    w, h = page_size
    edge = mm(CROSSHAIR_EDGE_MM)
    return (Segment(edge, h / 2, w - edge, h / 2), Segment(w / 2, edge, w / 2, h - edge))


#: The top-edge marks: an arrow pointing at the paper's top edge, its tip this far from it
#: (inside the widest printer margin a build accepts), its tail this far.
EDGE_ARROW_TIP_MM, EDGE_ARROW_TAIL_MM = 8.0, 17.0
#: The front's arrow stands this far right of the page's centre line: the back's, as far
#: left of its own, so that on a sheet turned over along its long edge the two lie on each
#: other (a sheet turned end over end puts the back's arrow at the other edge).
EDGE_ARROW_FROM_CENTRE_MM = 10.0


def edge_arrows(page_size: tuple[float, float]) -> tuple[Segment, Segment]:
    """The calibration sheet's top-edge arrows, tail to tip: (front's, back's), each in its
    own page's coordinates. A long-edge flip takes x to ``width - x``: the back's arrow is
    then exactly behind the front's."""
    w, h = page_size
    tip, tail = h - mm(EDGE_ARROW_TIP_MM), h - mm(EDGE_ARROW_TAIL_MM)
    front = w / 2 + mm(EDGE_ARROW_FROM_CENTRE_MM)
    back = w - front
    return Segment(front, tail, front, tip), Segment(back, tail, back, tip)


#: The corner marks of the calibration sheet lie this far from each paper edge.
CORNER_MM = 10.0
#: Half the length of a corner cross's arms, and the radii of a corner target's rings.
CORNER_ARM_MM = 3.0
CORNER_RINGS_MM = (1.0, 2.0, 3.0)


def corners(page_size: tuple[float, float]) -> list[tuple[float, float]]:
    """The centres of the four corner marks. They lie symmetrically about the page's long
    axis, so flipped on the long edge each front cross lands on a back target: read
    against the centre, they show a back side that is turned (skew) or scaled."""
    w, h = page_size
    e = mm(CORNER_MM)
    return [(e, e), (w - e, e), (e, h - e), (w - e, h - e)]


def corner_cross(centre: tuple[float, float]) -> tuple[Segment, Segment]:
    """A front corner mark: a small cross."""
    x, y = centre
    arm = mm(CORNER_ARM_MM)
    return (Segment(x - arm, y, x + arm, y), Segment(x, y - arm, x, y + arm))


@dataclass(frozen=True)
class ScaleTick:
    """A tick of a calibration scale: its value in mm and the line drawn."""

    value_mm: float
    line: Segment

    @property
    def labelled(self) -> bool:
        """Whole millimetres carry a signed number."""
        return float(self.value_mm).is_integer()

    @property
    def side(self) -> int:
        """Which side of the baseline a labelled tick and its label go: +1 (up or right)
        for odd millimetres, -1 (down or left) for even ones, so neighbouring labels
        never touch. (Half-millimetre ticks straddle the baseline.)"""
        return 1 if self.labelled and int(self.value_mm) % 2 else -1


@dataclass(frozen=True)
class Scale:
    """A calibration scale on the back page: ``axis`` "x" reads X, "y" reads Y."""

    axis: str
    baseline: Segment
    ticks: tuple[ScaleTick, ...]

    @property
    def zero(self) -> tuple[float, float]:
        """Where the 0 tick meets the baseline."""
        tick = next(t for t in self.ticks if t.value_mm == 0)
        return (tick.line.x1, tick.line.y1)

    def position(self, value_mm: float) -> float:
        """The page coordinate (x for "x", y for "y") of the tick for ``value_mm``."""
        zx, zy = self.zero
        return (zx if self.axis == "x" else zy) + mm(value_mm)


def _tick_length(value: float) -> float:
    if not float(value).is_integer():
        return mm(TICK_HALF_MM)
    return mm(TICK_FIVE_MM if int(value) % 5 == 0 else TICK_ONE_MM)


def scale_values() -> list[float]:
    """-10, -9.5, … +10: every tick of a calibration scale, in mm."""
    n = round(SCALE_HALF_MM / SCALE_STEP_MM)
    return [i * SCALE_STEP_MM for i in range(-n, n + 1)]


def back_scales(page_size: tuple[float, float],
                offset_mm: tuple[float, float] = (0.0, 0.0)) -> tuple[Scale, Scale]:
    """The calibration back's horizontal (X) and vertical (Y) scales, moved by the
    duplex offset like every back page. The X scale's tick for ``p`` sits at
    ``page centre x + p mm (+ offset x)``; the Y scale's at ``centre y + p mm (+ offset y)``.

    Whole-millimetre ticks start on the baseline and point to their label's side
    (odd up/right, even down/left); half-millimetre ticks straddle the baseline.
    """
    w, h = page_size
    dx, dy = mm(offset_mm[0]), mm(offset_mm[1])
    cx, cy = w / 2 + dx, h / 2 + dy
    half, gap = mm(SCALE_HALF_MM), mm(SCALE_GAP_MM)
    x_base = cy - gap  # the X scale lies below the centre...
    y_base = cx + gap  # ...the Y scale to the right of it
    x_ticks, y_ticks = [], []
    for value in scale_values():
        length = _tick_length(value)
        probe = ScaleTick(value, Segment(0, 0, 0, 0))
        if probe.labelled:
            a, b = 0.0, probe.side * length
        else:
            a, b = -length / 2, length / 2
        x = cx + mm(value)
        y = cy + mm(value)
        x_ticks.append(ScaleTick(value, Segment(x, x_base + a, x, x_base + b)))
        y_ticks.append(ScaleTick(value, Segment(y_base + a, y, y_base + b, y)))
    return (Scale("x", Segment(cx - half, x_base, cx + half, x_base), tuple(x_ticks)),
            Scale("y", Segment(y_base, cy - half, y_base, cy + half), tuple(y_ticks)))
