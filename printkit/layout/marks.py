"""Crop marks around a card grid.

Marks sit outside the whole grid, never between cards: the space between
two trims is the two cards' bleeds, and a mark there would print on artwork.
Every cut line still gets a mark at both of its ends, so a guillotine or a
ruler can line up on any cut.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.layout.geometry import CardGrid, mm


def trim_lines(grid: CardGrid) -> tuple[list[float], list[float]]:
    """The distinct vertical (x) and horizontal (y) cut lines of the grid, in points.

    With a gutter between cards, each column has its own left and right cut
    and each row its own top and bottom cut. With zero bleed, neighbouring
    cuts coincide and are listed once.
    """
    xs: set[float] = set()
    ys: set[float] = set()
    for slot in range(grid.per_page):
        trim = grid.front_box(slot).trim
        xs.update((round(trim.x, 6), round(trim.right, 6)))
        ys.update((round(trim.y, 6), round(trim.top, 6)))
    return sorted(xs), sorted(ys)


def mark_segments(grid: CardGrid) -> list[tuple[float, float, float, float]]:
    """Every crop mark as a line ``(x1, y1, x2, y2)`` in points.

    Kept separate from drawing so tests and previews can check where marks go
    without rendering.
    """
    outer = grid.grid_bleed
    gap = mm(grid.spec.mark_gap_mm)
    reach = gap + mm(grid.spec.mark_length_mm)
    xs, ys = trim_lines(grid)
    segments: list[tuple[float, float, float, float]] = []
    for x in xs:
        segments.append((x, outer.top + gap, x, outer.top + reach))
        segments.append((x, outer.y - gap, x, outer.y - reach))
    for y in ys:
        segments.append((outer.x - gap, y, outer.x - reach, y))
        segments.append((outer.right + gap, y, outer.right + reach, y))
    return segments


def draw_crop_marks(canvas: Canvas, grid: CardGrid) -> None:
    """Draw thin black crop marks for every cut line of ``grid``.

    Butt caps keep each mark exactly as long as declared, so it neither
    reaches into the bleed nor past the sheet margin. The marks are 100 % K so
    they print crisp on any device and do not smear across colour plates.
    """
    canvas.saveState()
    canvas.setLineWidth(grid.spec.mark_width_pt)
    canvas.setLineCap(0)
    canvas.setDash()
    canvas.setStrokeColorCMYK(0, 0, 0, 1)
    canvas.lines(mark_segments(grid))
    canvas.restoreState()
