"""Where a card sheet is cut: crop marks (shop), cut lines (home, fold) and the fold line.

Everything here is computed from the cards actually on the sheet, so the last,
part-empty sheet of a set gets lines and marks for its own cards only.

* ``shop``: short crop marks just outside the bleed at both ends of every cut
  line, never between cards, where they would print on artwork.
* ``home`` and ``fold``: thin cut lines along every row and column edge,
  running from the cards out to the printer margin (never into the strip the
  printer cannot print, where they would be lost or cut short), so a trimmer or a
  ruler can follow them; they stop at the card faces and never cross one.
* Round cards (tokens), in every layout: a thin circle on each card's edge, to follow
  with scissors or a circle cutter; no straight cut line (a shop sheet keeps its crop
  marks, which frame each circle's square).
"""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.pdfgen.canvas import Canvas

from printkit.geometry import CardGrid, Rect, mm

Segment = tuple[float, float, float, float]
Intervals = dict[float, list[tuple[float, float]]]

#: Width of the dashed fold line in the fold layout.
FOLD_LINE_PT = 0.6


def _covered(trims: Iterable[Rect], join: float = 0.0) -> tuple[Intervals, Intervals]:
    """Each vertical (x) and horizontal (y) cut line, with the merged spans the cards cover.

    Spans less than ``join`` apart merge: across a shop gutter a cut line
    runs on, so its crop marks go at the ends of the whole run, not into the
    gutter between two cards' bleeds.
    """
    xs: Intervals = {}
    ys: Intervals = {}
    for t in trims:
        for x in (t.x, t.right):
            xs.setdefault(round(x, 6), []).append((t.y, t.top))
        for y in (t.y, t.top):
            ys.setdefault(round(y, 6), []).append((t.x, t.right))
    return ({k: _merge(v, join) for k, v in xs.items()},
            {k: _merge(v, join) for k, v in ys.items()})


def _merge(spans: list[tuple[float, float]], join: float) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + join + 1e-6:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def sheet_trims(grid: CardGrid, count: int | None = None, backs: bool = False) -> list[Rect]:
    """The trims of the first ``count`` slots (all when None); the backs' trims if asked."""
    n = grid.per_page if count is None else min(count, grid.per_page)
    box = grid.back_box if backs else grid.front_box
    return [box(slot).trim for slot in range(n)]


def trim_lines(grid: CardGrid, count: int | None = None) -> tuple[list[float], list[float]]:
    """The distinct vertical (x) and horizontal (y) cut lines of the fronts, in points."""
    xs, ys = _covered(sheet_trims(grid, count))
    return sorted(xs), sorted(ys)


def mark_segments(grid: CardGrid, count: int | None = None,
                  trims: list[Rect] | None = None) -> list[Segment]:
    """Every shop crop mark as a line ``(x1, y1, x2, y2)`` in points.

    A mark starts ``mark_gap_mm`` outside the bleed at each end of the span
    the cards cover along a cut line. Kept apart from drawing so tests can
    check where marks go without rendering.
    """
    gap = grid.bleed + mm(grid.spec.mark_gap_mm)
    reach = gap + mm(grid.spec.mark_length_mm)
    xs, ys = _covered(trims if trims is not None else sheet_trims(grid, count),
                      join=2 * grid.bleed)
    segments: list[Segment] = []
    for x, spans in sorted(xs.items()):
        for lo, hi in spans:
            segments.append((x, hi + gap, x, hi + reach))
            segments.append((x, lo - gap, x, lo - reach))
    for y, spans in sorted(ys.items()):
        for lo, hi in spans:
            segments.append((lo - gap, y, lo - reach, y))
            segments.append((hi + gap, y, hi + reach, y))
    return segments


def cut_segments(page: Rect, trims: list[Rect], width: float = 0.0) -> list[Segment]:
    """Cut lines for butted cards: each line's length inside ``page`` that no card covers.

    ``page`` is the printable part of the sheet, so a line runs from the printer
    margin to the first card, and on past the last card to the far margin,
    crossing gaps (the fold gap, an empty slot) but never a card face. A line of
    ``width`` points whose ink would reach past ``page`` along its length (a card edge
    on the margin itself) is left out: the card's own edge shows that cut.
    """
    xs, ys = _covered(trims)
    half = width / 2
    segments: list[Segment] = []
    for x, spans in sorted(xs.items()):
        if page.x + half - 1e-6 <= x <= page.right - half + 1e-6:
            segments += [(x, a, x, b) for a, b in _gaps(spans, page.y, page.top)]
    for y, spans in sorted(ys.items()):
        if page.y + half - 1e-6 <= y <= page.top - half + 1e-6:
            segments += [(a, y, b, y) for a, b in _gaps(spans, page.x, page.right)]
    return segments


def _gaps(spans: list[tuple[float, float]], lo: float, hi: float) -> list[tuple[float, float]]:
    out, at = [], lo
    for a, b in spans:
        if a > at + 1e-6:
            out.append((at, a))
        at = max(at, b)
    if hi > at + 1e-6:
        out.append((at, hi))
    return out


def _stroke(canvas: Canvas, grid: CardGrid, segments: list[Segment]) -> None:
    """Thin 100 % K lines with butt caps: exactly as long as declared, crisp on any device."""
    canvas.saveState()
    canvas.setLineWidth(grid.spec.mark_width_pt)
    canvas.setLineCap(0)
    canvas.setDash()
    canvas.setStrokeColorCMYK(0, 0, 0, 1)
    canvas.lines(segments)
    canvas.restoreState()


def clip_segments(segments: list[Segment], area: Rect, width: float = 0.0) -> list[Segment]:
    """The parts of horizontal and vertical ``segments`` inside ``area``: a line of ``width``
    points whose ink would cross the area's edge along its length is left out."""
    half, out = width / 2, []
    for x1, y1, x2, y2 in segments:
        if x1 == x2:
            lo, hi = max(min(y1, y2), area.y), min(max(y1, y2), area.top)
            if area.x + half - 1e-6 <= x1 <= area.right - half + 1e-6 and hi > lo + 1e-6:
                out.append((x1, lo, x1, hi))
        else:
            lo, hi = max(min(x1, x2), area.x), min(max(x1, x2), area.right)
            if area.y + half - 1e-6 <= y1 <= area.top - half + 1e-6 and hi > lo + 1e-6:
                out.append((lo, y1, hi, y1))
    return out


def draw_crop_marks(canvas: Canvas, grid: CardGrid, count: int | None = None,
                    trims: list[Rect] | None = None, area: Rect | None = None) -> None:
    """Crop marks for the cards on this sheet (shop layout), inside ``area`` (the printable
    part of the page; a backs page moved by a duplex offset shortens the marks the offset
    would push into the printer margin)."""
    area = grid.printable if area is None else area
    _stroke(canvas, grid, clip_segments(mark_segments(grid, count, trims), area,
                                        grid.spec.mark_width_pt))


def draw_cut_lines(canvas: Canvas, grid: CardGrid, trims: list[Rect],
                   area: Rect | None = None) -> None:
    """Cut lines around ``trims`` out to the printer margin (home and fold layouts);
    ``area``: the printable part of the page where the sheet's own is not (a moved page)."""
    area = grid.printable if area is None else area
    # Butt caps end a line exactly at the margin; its width lies across it.
    _stroke(canvas, grid, cut_segments(area, trims, grid.spec.mark_width_pt))


def draw_cut_circles(canvas: Canvas, grid: CardGrid, trims: list[Rect]) -> None:
    """The round cut line of each round card: the circle inside its trim, in the cut lines'
    thin 100 % K."""
    canvas.saveState()
    canvas.setLineWidth(grid.spec.mark_width_pt)
    canvas.setDash()
    canvas.setStrokeColorCMYK(0, 0, 0, 1)
    for trim in trims:
        canvas.circle(*trim.centre, trim.width / 2, stroke=1, fill=0)
    canvas.restoreState()


def draw_fold_line(canvas: Canvas, grid: CardGrid) -> None:
    """The dashed fold line of the fold layout, in mid grey so it does not read as a cut,
    across the page up to the printer margin."""
    line = grid.fold_line
    if line is None:
        return
    canvas.saveState()
    canvas.setLineWidth(FOLD_LINE_PT)
    canvas.setLineCap(0)  # butt: the line ends exactly at the printer margin
    canvas.setDash(6, 4)
    canvas.setStrokeColorCMYK(0, 0, 0, 0.6)
    canvas.line(*line)
    canvas.restoreState()
