"""Page fitting: no page of a flowing document left more than half empty.

ReportLab fills a page until the next block does not fit, then starts a new one: a
figure, an example panel or a two-column section that does not fit below the text
leaves the rest of its page empty. A typesetter has ways out, and so does the layout
here, each one a setting of :class:`Fitting`:

- ``columns_here``: a two-column section starts on the same page, in two columns
  below what is already there, instead of on a page of its own;
- ``floats``: a figure or panel that does not fit waits, and the text or panel after
  it (in the same section) moves up into the space; the figure goes to the next page
  top;
- ``figure_scale``: a figure that would not fit is drawn smaller, down to this scale,
  when that keeps it on the page;
- ``spacing``: the space above and below headings, paragraphs and panels shrinks by
  this factor.

:class:`FittingDocTemplate` lays out with one setting and measures what it did: how
far down each page's content reaches, and which pages or columns end with a heading.
:func:`best_layout` tries the settings of :data:`CANDIDATES` in order and keeps the
first whose every page but the last is at least half filled with no heading last on a
page or column, else the one with the best :meth:`Measure.score`; where that first good
layout's last page holds only a remnant (a line or two under a sixth of the body), the
later settings are tried too, and the first good one with fewer pages is kept. Everything is
decided from the measured layout alone, so the same input always gives the same
bytes. The settings are tried on sketches: a sketch places every block and draws
none (where a block goes never depends on its drawing), in a fifth of a drawing's
time; only the layout kept is drawn.

A two-column section's last page is then balanced, as a typesetter balances the last
page of a multi-column section: where its columns end far apart, :func:`balance_columns`
lays the document out again with that page's columns cut shorter, down to the smallest
height that keeps everything of the page on it, so both columns end at about the same
height. Every other page is laid out as before (checked, not assumed), and a panel still
never splits: where one stands at the break, the columns stay as far apart as it makes
them. Pages the columns fill stay as they are. Each height tried is a sketch that begins
where that page began in an earlier sketch (:class:`PageStart`): the pages before it
are the same in every trial, and are not laid out again.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from reportlab.platypus import Flowable, KeepTogether, Spacer
from reportlab.platypus.doctemplate import ActionFlowable, BaseDocTemplate, FrameBreak
from reportlab.platypus.flowables import AnchorFlowable, UseUpSpace
from reportlab.platypus.frames import Frame

from printkit.language import internals

#: A page whose content ends above this fraction of its body is nearly empty.
MIN_FILL = 0.5
#: A last page filled less than this holds only a remnant: a later way out that saves
#: the page is kept (see :func:`best_layout`).
SHORT_LAST = 0.15
#: A two-column section starts on the same page only with this much of the body left.
COLUMNS_HERE_MIN = 0.2
#: The space between what stands above a two-column section and its columns (pt).
COLUMNS_HERE_GAP = 6.0
#: The smallest a figure is drawn when it would not fit (a typesetter's limit).
SMALLEST_FIGURE = 0.85
#: A section's last page is balanced when its columns end further apart than this (pt,
#: about two lines of body text), to within this precision (pt).
BALANCE_FROM = 27.0
BALANCE_STEP = 2.0


@dataclass(frozen=True)
class Fitting:
    """One way of laying a document out (see the module's docstring)."""

    columns_here: bool = False
    floats: bool = False
    figure_scale: float = 1.0
    spacing: float = 1.0


#: The settings tried, in order: each adds one of a typesetter's ways out.
CANDIDATES = (
    Fitting(),
    Fitting(columns_here=True),
    Fitting(columns_here=True, floats=True),
    Fitting(columns_here=True, floats=True, figure_scale=SMALLEST_FIGURE),
    Fitting(columns_here=True, floats=True, figure_scale=SMALLEST_FIGURE, spacing=0.7),
)


@dataclass
class Measure:
    """What a layout did: per page, how far down the body its content reaches (0 to 1),
    and the pages on which a heading ends a page or a column."""

    fills: list[float] = field(default_factory=list)
    headings_last: list[int] = field(default_factory=list)
    #: the last pages of two-column sections: page -> the height of each column
    #: (first column first), from the columns' top, in points
    section_ends: dict[int, tuple[float, float]] = field(default_factory=dict)
    #: per page, what was drawn where: to tell that a page is laid out as before
    drawn: list[tuple[Any, ...]] = field(default_factory=list)

    def nearly_empty(self) -> list[int]:
        """The pages (from 1) but the last whose content ends above half the body."""
        return [n for n, fill in enumerate(self.fills[:-1], 1) if fill < MIN_FILL]

    def short_last(self) -> bool:
        """Whether the last page holds only a remnant (a line or two, a colophon) that a
        typesetter would save the page of."""
        return len(self.fills) > 1 and self.fills[-1] < SHORT_LAST

    def good(self) -> bool:
        return not self.nearly_empty() and not self.headings_last

    def score(self) -> tuple[int, int, float, int]:
        """Smaller is better: nearly empty pages, headings last, the empty space of every
        page but the last, then the page count."""
        empty = sum(1 - fill for fill in self.fills[:-1])
        return (len(self.nearly_empty()), len(self.headings_last), round(empty, 4),
                len(self.fills))


Laid = TypeVar("Laid")


def best_layout(lay_out: Callable[[Fitting], tuple[Laid, Measure]],
                candidates: tuple[Fitting, ...] = CANDIDATES) -> Laid:
    """The first candidate's layout that is :meth:`Measure.good`, else the best scored
    (the earlier one of equal scores). A good layout whose last page holds only a remnant
    (:meth:`Measure.short_last`) gives way to a later good one with fewer pages."""
    best: tuple[tuple[int, int, float, int], Laid] | None = None
    good: tuple[Laid, Measure] | None = None
    for fitting in candidates:
        laid, measure = lay_out(fitting)
        if good is not None:
            if measure.good() and len(measure.fills) < len(good[1].fills):
                return laid
            continue
        if measure.good():
            if not measure.short_last():
                return laid
            good = (laid, measure)
        elif best is None or measure.score() < best[0]:
            best = (measure.score(), laid)
    if good is not None:
        return good[0]
    assert best is not None
    return best[1]


#: The measure of a layout with the columns of some pages cut to a height (None where a
#: block then does not fit), sketched: placed, not drawn.
CutLayout = Callable[[dict[int, float]], Measure | None]


def balance_columns(lay_out: CutLayout, measure: Measure
                    ) -> tuple[dict[int, float], Measure]:
    """The column heights that balance each section's last page of a layout measured as
    ``measure``, and the layout's measure with them: per such page, in page order, the
    smallest column height (to :data:`BALANCE_STEP`) with which ``lay_out`` keeps the page's
    content on it and every other page as it was, no page newly nearly empty and no heading
    newly last. The heights are tried on sketches; the caller draws the layout with them."""
    cuts: dict[int, float] = {}
    for page, heights in sorted(measure.section_ends.items()):
        if abs(heights[0] - heights[1]) <= BALANCE_FROM:
            continue
        found = _balanced(lay_out, cuts, page, heights, measure)
        if found is not None:
            cuts[page], measure = found
    return cuts, measure


def _balanced(lay_out: CutLayout, cuts: dict[int, float], page: int,
              heights: tuple[float, float], measure: Measure) -> tuple[float, Measure] | None:
    """The smallest height of ``page``'s columns that keeps the layout but that page as it
    is, with its layout, if smaller than the tallest column by more than a step. Each trial
    is a whole layout: upwards from the even split by growing steps, then halving the last
    step."""
    low, high = (heights[0] + heights[1]) / 2 - BALANCE_STEP, max(heights)
    best: Measure | None = None

    def fits(height: float) -> bool:
        nonlocal best
        tried = lay_out({**cuts, page: height})
        if tried is not None and _same_but(page, measure, tried):
            best = tried
            return True
        return False

    step = BALANCE_FROM / 2
    while low + step < high - BALANCE_STEP:
        if fits(round(low + step, 1)):
            high = round(low + step, 1)
            break
        low, step = round(low + step, 1), step * 2
    while high - low > BALANCE_STEP:
        height = round((low + high) / 2, 1)
        if fits(height):
            high = height
        else:
            low = height
    if best is None or max(heights) - high <= BALANCE_STEP:
        return None
    return high, best


def _same_but(page: int, before: Measure, after: Measure) -> bool:
    """Whether ``after`` lays out every page but ``page`` as ``before`` did, with no page
    nearly empty nor a heading last that was not before."""
    return (len(after.drawn) == len(before.drawn)
            and all(a == b for n, (a, b) in enumerate(zip(after.drawn, before.drawn,
                                                          strict=True), 1) if n != page)
            and set(after.nearly_empty()) <= set(before.nearly_empty())
            and set(after.headings_last) <= set(before.headings_last))


def heading_level(f: Flowable) -> str | None:
    """"h1" or "h2" for a section heading's paragraph, else None."""
    style = getattr(f, "style", None)
    name = getattr(style, "name", "").split("-")[0]
    return name if name in ("h1", "h2") else None


class FigureBlock(KeepTogether):
    """A figure with its caption, kept together: it may float and shrink."""

    def __init__(self, figure: Flowable, caption: Flowable) -> None:
        self.figure = figure
        self.caption = caption
        super().__init__([Spacer(1, 4), figure, Spacer(1, 3), caption, Spacer(1, 6)])

    def scaled(self, scale: float) -> FigureBlock:
        return FigureBlock(_Scaled(self.figure, scale), self.caption)


class PanelBlock(KeepTogether):
    """An example panel or a note, kept together: it may float."""


class _Scaled(Flowable):
    """A flowable drawn at ``scale``, centred in the width it is given."""

    def __init__(self, inner: Flowable, scale: float) -> None:
        super().__init__()
        self.inner = inner
        self.scale = scale

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        w, h = self.inner.wrap(aw, ah / self.scale)
        self._inner_w = w
        self.width, self.height = aw, h * self.scale
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.translate((self.width - self._inner_w * self.scale) / 2, 0)
        self.canv.scale(self.scale, self.scale)
        self.inner.drawOn(self.canv, 0, 0)
        self.canv.restoreState()


class ColumnsEnd(ActionFlowable):
    """Where a two-column section ends: its page is the section's last."""

    def apply(self, doc: Any) -> None:
        doc._section_ends.add(doc.page)


class ColumnsHere(ActionFlowable):
    """Where a two-column section starts: below the text on this page when the page has
    room (with ``columns_here``), else on the next page, as a page break would. The
    columns are those of the page template the section asked for next
    (``NextPageTemplate``), cut to the room left."""

    def apply(self, doc: Any) -> None:
        frame = doc.frame
        room = internals.frame_room(frame)[1] - COLUMNS_HERE_GAP
        if internals.flowables_on_page(doc) == 0:
            return  # already at the top of a page (of the next page's template)
        fitting = getattr(doc, "fitting", Fitting())
        if not fitting.columns_here or room < COLUMNS_HERE_MIN * internals.frame_box(frame)[3]:
            doc.handle_pageBreak()
            return
        columns = internals.next_page_template(doc).frames
        top, bottom = internals.frame_y(frame) - COLUMNS_HERE_GAP, internals.frame_bottom(frame)
        if doc.page in doc.cuts:  # the section's last page, balanced
            bottom = max(bottom, top - doc.cuts[doc.page])
        template = copy.copy(doc.pageTemplate)
        template.frames = [frame, *(
            _frame(internals.frame_box(c)[0], bottom, internals.frame_box(c)[2], top - bottom,
                   f"{c.id}-here") for c in columns)]
        doc.pageTemplate = template
        internals.continue_in_frame(doc, 1)
        doc.handle_frameEnd()


@dataclass(frozen=True)
class PageStart:
    """A sketched layout as one of its pages begins: the flowables it has not placed yet
    and the template's state (see :func:`printkit.language.internals.layout_state`). A
    sketch with the same setting and the same cuts of the pages before that one lays
    those pages out the same, so it can begin there instead (see :meth:`FittingDocTemplate.
    page_start_key`): balancing a section's last page tries several heights of it, and
    laying out every page before it again for each was most of the work."""

    rest: tuple[Flowable, ...]
    state: dict[str, Any]
    #: which of ``rest`` the layout had put off to this page (see internals.postponed)
    postponed: tuple[bool, ...]

    def flowables(self) -> list[Flowable]:
        """``rest`` to lay out again, each marked put off or not as it was here (a layout
        that went on from here may have marked them since)."""
        for flowable, put_off in zip(self.rest, self.postponed, strict=True):
            internals.set_postponed(flowable, put_off)
        return list(self.rest)


#: The page starts of one document's sketches, by :meth:`FittingDocTemplate.page_start_key`.
PageStarts = dict[tuple[Any, ...], PageStart]


class FittingDocTemplate(BaseDocTemplate):
    """A document template that lays out with a :class:`Fitting` and measures the result
    (see :meth:`measure`).

    A sketch given ``starts`` records there how each of its pages begins; one given
    ``resume`` (a start recorded with the same fitting and the same cuts of the pages
    before it) lays out only from that page on, from that start's flowables, and
    measures the pages before it as the sketch that recorded it did."""

    #: What belongs to one layout, never taken from a page start.
    _OWN = ("cuts", "_starts", "_resume", "_story")

    def __init__(self, *args: Any, fitting: Fitting = Fitting(),
                 cuts: dict[int, float] | None = None, sketch: bool = False,
                 starts: PageStarts | None = None, resume: PageStart | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fitting = fitting
        self.sketch = sketch
        #: page -> the height its columns are cut to (a section's last page, balanced)
        self.cuts = cuts or {}
        self._starts = starts if sketch else None
        self._resume = resume if sketch else None
        self._story: list[Flowable] = []
        self._uncut: Any = None
        #: per page: the lowest y drawn, and the body's top and bottom
        self._lowest: dict[int, float] = {}
        self._bodies: dict[int, tuple[float, float]] = {}
        #: per (page, frame): the last flowable drawn in it
        self._last: dict[tuple[int, int], Flowable] = {}
        #: per page: its columns (left to right in the frames' order): top and lowest y
        self._columns: dict[int, dict[int, tuple[float, float]]] = {}
        self._drawn: dict[int, list[tuple[Any, ...]]] = {}
        self._section_ends: set[int] = set()

    @staticmethod
    def page_start_key(fitting: Fitting, cuts: dict[int, float], page: int
                       ) -> tuple[Any, ...]:
        """What the layout before ``page`` depends on: the setting and the cuts of the
        pages before it."""
        return (fitting, tuple(sorted((p, h) for p, h in cuts.items() if p < page)), page)

    def build(self, flowables: list[Flowable], *args: Any, **kwargs: Any) -> None:
        self._story = flowables  # (the list ReportLab takes flowables from as it places them)
        super().build(flowables, *args, **kwargs)

    def handle_documentBegin(self) -> None:  # noqa: N802
        super().handle_documentBegin()
        if self._resume is not None:
            own = {name: getattr(self, name) for name in self._OWN}
            internals.resume_layout(self, self._resume.state)
            vars(self).update(own)

    def handle_pageBegin(self) -> None:  # noqa: N802
        if self._starts is not None and self.page >= 1:
            key = self.page_start_key(self.fitting, self.cuts, self.page + 1)
            if key not in self._starts:
                state = internals.layout_state(self)
                for name in self._OWN:
                    state.pop(name, None)
                self._starts[key] = PageStart(
                    tuple(self._story), state,
                    tuple(internals.postponed(f) for f in self._story))
        frames = self.pageTemplate.frames
        if self.page + 1 in self.cuts and len(frames) == 2:
            self._uncut = self.pageTemplate
            cut = copy.copy(self._uncut)
            height = self.cuts[self.page + 1]
            cut.frames = [_frame(internals.frame_box(f)[0], internals.frame_top(f) - height,
                                 internals.frame_box(f)[2], height, f.id) for f in frames]
            self.pageTemplate = cut
        super().handle_pageBegin()

    def afterPage(self) -> None:  # noqa: N802
        if self._uncut is not None:
            self.pageTemplate, self._uncut = self._uncut, None

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802
        if (isinstance(flowable, (ActionFlowable, Spacer, AnchorFlowable, UseUpSpace))
                or self.frame is None):
            return  # nothing drawn: an action, a space, a bookmark, a page break
        bottom = internals.frame_y(self.frame) + flowable.getSpaceAfter()
        page = self.page
        self._lowest[page] = min(self._lowest.get(page, bottom), bottom)
        frames = (self._uncut or self.pageTemplate).frames
        self._bodies[page] = (max(internals.frame_top(f) for f in frames),
                              min(internals.frame_box(f)[1] for f in frames))
        self._last[(page, id(self.frame))] = flowable
        index = self.pageTemplate.frames.index(self.frame)
        self._drawn.setdefault(page, []).append(
            (type(flowable).__name__, index, round(internals.frame_y(self.frame), 2)))
        if internals.frame_box(self.frame)[2] < self.width * 0.6:  # a column
            top, low = self._columns.setdefault(page, {}).get(
                index, (internals.frame_top(self.frame), bottom))
            self._columns[page][index] = (top, min(low, bottom))

    def measure(self, pages: int) -> Measure:
        """What the layout of ``pages`` pages did; a page with nothing drawn in its body
        (a drawn page, such as the guide's calibration pages) counts as filled."""
        fills = []
        for page in range(1, pages + 1):
            if page not in self._lowest:
                fills.append(1.0)
                continue
            top, bottom = self._bodies[page]
            fills.append(round((top - self._lowest[page]) / (top - bottom), 4))
        headings = sorted({page for (page, _f), last in self._last.items()
                           if heading_level(last) is not None})
        ends = {}
        for page, columns in self._columns.items():
            if page not in self._section_ends:
                continue
            heights = [top - low for _i, (top, low) in sorted(columns.items())]
            tops = {top for top, _low in columns.values()}
            if len(tops) == 1:  # (a column left empty ends where it starts)
                ends[page] = (heights[0], heights[1] if len(heights) > 1 else 0.0)
        drawn = [tuple(self._drawn.get(page, ())) for page in range(1, pages + 1)]
        return Measure(fills, headings, ends, drawn)

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        self._keep_heading(flowables)
        first = flowables[0]
        if isinstance(first, FigureBlock) and self.fitting.figure_scale < 1:
            flowables[0] = first = self._shrunk(first)
        if isinstance(first, (FigureBlock, PanelBlock)) and self.fitting.floats:
            self._float(flowables)
        super().handle_flowable(flowables)

    def handle_frameBegin(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        super().handle_frameBegin(*args, **kwargs)
        if self.sketch:
            internals.placing_only(self.frame)

    def _room(self) -> tuple[float, float]:
        """The frame's width and the height left in it."""
        return internals.frame_room(self.frame)

    def _block_height(self, block: KeepTogether, width: float, room: float) -> float:
        """A kept block's whole height, measured as the frame would."""
        block.canv = self.canv
        block.wrap(width, room)
        return internals.kept_height(block)

    def _keep_heading(self, flowables: list[Flowable]) -> None:
        """A heading (with its bookmark, and the headings right after it) that fits where
        nothing of what follows it would goes to the next column or page: no heading is
        ever the last line of a page or column. ReportLab's KeepTogether measures the group
        ahead and may still leave a heading alone by a few points (spacing it counts
        otherwise than the frame does)."""
        run = 0
        while run < len(flowables) and (isinstance(flowables[run], AnchorFlowable)
                                        or heading_level(flowables[run]) is not None):
            run += 1
        if not any(heading_level(f) for f in flowables[:run]) or run == len(flowables):
            return
        if self.frame is None or internals.frame_at_top(self.frame):
            return
        width, room = self._room()
        rest = room
        for f in flowables[:run]:
            if isinstance(f, AnchorFlowable):
                continue
            rest -= f.wrap(width, room)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        if rest <= 0 or not self._starts_in(flowables[run], width, rest):
            flowables.insert(0, FrameBreak())

    def _starts_in(self, f: Flowable, width: float, room: float, depth: int = 0) -> bool:
        """Whether ``f``, or the first part of it, fits in ``room``. A container's split
        (a list) may hand back whole pieces that do not fit: those are asked in turn."""
        f.canv = self.canv
        if isinstance(f, KeepTogether):
            return self._block_height(f, width, room) <= room
        if f.wrap(width, room)[1] <= room:
            return True
        parts = f.split(width, room)
        return bool(parts) and depth < 4 and (
            parts[0] is not f and self._starts_in(parts[0], width, room, depth + 1))

    def _filled(self) -> float:
        frame = self.frame
        return ((internals.frame_top(frame) - internals.frame_y(frame))
                / internals.frame_box(frame)[3])

    def _shrunk(self, block: FigureBlock) -> FigureBlock:
        """The figure smaller, down to ``figure_scale``, if that keeps it on this page and
        the page would otherwise be left more than half empty."""
        width, room = self._room()
        height = self._block_height(block, width, room)
        if height <= room or self._filled() >= MIN_FILL:
            return block
        _w, figure = block.figure.wrap(width, room)
        if figure <= 0:
            return block
        scale = (room - (height - figure)) / figure
        if scale < self.fitting.figure_scale:
            return block
        return block.scaled(round(scale - 0.005, 2))

    def _float(self, flowables: list[Flowable]) -> None:
        """A figure or panel that does not fit where the page is less than half full lets
        the paragraph, list or panel after it (not a heading) go first."""
        block = flowables[0]
        width, room = self._room()
        if (len(flowables) < 2 or self._filled() >= MIN_FILL
                or self._block_height(block, width, room) <= room):
            return
        following = flowables[1]
        if isinstance(following, (ActionFlowable, FigureBlock)) or _has_heading(following):
            return
        if (isinstance(following, KeepTogether)
                and self._block_height(following, width, room) > room):
            return
        flowables[0], flowables[1] = following, block


def _frame(x: float, y: float, width: float, height: float, name: str) -> Frame:
    """A frame with no padding (as every frame of a flowing document)."""
    return Frame(x, y, width, height, leftPadding=0, rightPadding=0, topPadding=0,
                 bottomPadding=0, id=name)


def _has_heading(f: Flowable) -> bool:
    content = internals.contents(f)
    if content is None:
        return heading_level(f) is not None or isinstance(f, AnchorFlowable)
    return any(_has_heading(c) for c in content)
