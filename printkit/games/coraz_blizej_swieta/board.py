"""The board: fields 1 to 24 and the goal (25, 26), snaking across one landscape page.

Fields are about 35 mm with 40 pt numbers, so the track is legible from
across a table; the page keeps a 10 mm margin that any printer can print.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import shapes
from printkit.drawing.ink import fills_for
from printkit.drawing.layout.labels import LabelBox, split_label_strip
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import Rect, mm, page_area
from printkit.language import fonts
from printkit.model.game import RenderContext

from .palette import GOLD, GREEN, INK, PAPER, RED, SOFT

MARGIN_MM = 10
TITLE_MM = 20
GAP_MM = 4


def cells(columns: int, last: int, area: Rect) -> Iterator[tuple[int, Rect]]:
    """(field, cell) for fields 1..last in boustrophedon order, first row at the top."""
    rows = -(-last // columns)
    w = (area.width - (columns - 1) * mm(GAP_MM)) / columns
    h = min(w, (area.height - (rows - 1) * mm(GAP_MM)) / rows)
    top = area.top
    for index in range(last):
        row, col = divmod(index, columns)
        if row % 2 == 1:
            col = columns - 1 - col
        x = area.x + col * (w + mm(GAP_MM))
        y = top - (row + 1) * h - row * mm(GAP_MM)
        yield index + 1, Rect(x, y, w, h)


def _label(ctx: RenderContext, field: int) -> str | None:
    board = ctx.data["board"]
    _ = ctx._
    if field == board["start"]:
        # TRANSLATORS: the board field where every pawn begins, printed inside the field
        # (about 30 mm wide); another "Start" labels Yeti Slalom's start rows.
        return ctx.localizer.pgettext("board field where the pawns begin", "Start")
    if field == board["wigilia"]:
        # TRANSLATORS: inside board field 24 (Wigilia), from which a pawn must reach 25 or 26
        # to win; also in the rulebook's board pictures. Bold, up to two lines in about 29 × 9 mm.
        return _("Christmas Eve")
    if field == board["goal"][0]:
        # TRANSLATORS: inside board field 25, the first of the two goal fields (25 December);
        # bold, up to two lines in about 29 × 9 mm.
        return _("Christmas Day")
    if field in board["goal"][1:]:
        # TRANSLATORS: inside board field 26, the second goal field (26 December, a holiday in
        # Poland); bold, up to two lines in about 29 × 9 mm.
        return _("Second day of Christmas")
    return None


def draw_field(c: Canvas, ink: Ink, ctx: RenderContext, field: int, cell: Rect) -> None:
    """One field of the board as printed (the rulebook draws a few of them, scaled)."""
    board = ctx.data["board"]
    goal = field in board["goal"]
    fill = GOLD if goal else RED if field == board["wigilia"] else GREEN \
        if field == board["start"] else PAPER
    fills = fills_for(ctx)
    text_colour = fills.text(INK if fill in (PAPER, GOLD) else PAPER, fill)
    c.setFillColor(fills.fill(fill))
    c.setStrokeColor(RED)
    c.setLineWidth(1.4 if fills.saver else 2)
    c.roundRect(cell.x, cell.y, cell.width, cell.height, mm(3), stroke=1, fill=1)
    inner = cell.inset(mm(2.5))
    label = _label(ctx, field)
    # Goal fields keep room for their stars beside the number.
    side = mm(6) if goal else 0
    number_box = Rect(inner.x + side, inner.y + inner.height * 0.3, inner.width - 2 * side,
                      inner.height * 0.62)
    c.setFillColor(text_colour)
    ink.line(ctx.localizer.number(field), number_box, fonts.BOLD, 44, 20,
             where=f"field {field} number")
    if goal:
        for x in (inner.x + mm(2.5), inner.right - mm(2.5)):
            shapes.star(c, x, inner.top - mm(3), mm(2.6), fill=RED)
    if label:
        ink.paragraph(label, Rect(inner.x, inner.y, inner.width, inner.height * 0.3),
                      size=10, min_size=6, font=fonts.BOLD, colour=text_colour,
                      where=f"field {field} label", align="centre", valign="middle")


def _chevron(c: Canvas, a: Rect, b: Rect) -> None:
    """A small arrow in the gap from cell a to cell b, showing the direction of play."""
    ax, ay = a.centre
    bx, by = b.centre
    if abs(ay - by) < 1:  # same row
        y = ay
        x1 = a.right if bx > ax else a.x
        x2 = b.x if bx > ax else b.right
        shapes.arrow(c, x1, y, x2, y, width=1.2, head=mm(2.2), colour=RED)
    else:
        x = ax
        shapes.arrow(c, x, a.y, x, b.top, width=1.2, head=mm(2.2), colour=RED)


def _areas(ctx: RenderContext) -> tuple[Rect, LabelBox]:
    return split_label_strip(page_area(ctx.paper, landscape=True, margin_mm=MARGIN_MM))


def board_cells(ctx: RenderContext) -> list[tuple[int, Rect]]:
    """(field, cell) of every field as the board places them on its page."""
    area, _strip = _areas(ctx)
    track = Rect(area.x, area.y, area.width, area.height - mm(TITLE_MM) - mm(2))
    last = max(ctx.data["board"]["goal"])
    return list(cells(ctx.data["board"]["columns"], last, track))


def render_board(ctx: RenderContext) -> bytes:
    buffer = BytesIO()
    size = ctx.paper.landscape_size
    c = new_canvas(buffer, size, ctx.title, ctx._("Board"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "board", floor_pt=PLAY_PT)
    area, strip = _areas(ctx)
    # The tint stops at the printer's margin: a home printer cannot print to the paper's
    # edge, and a tint that tries leaves an uneven white frame.
    fills_for(ctx).flood(c, Rect(0, 0, size[0], size[1]).inset(mm(ctx.spec.printer_margin_mm)),
                         SOFT)
    heading = Rect(area.x, area.top - mm(TITLE_MM), area.width, mm(TITLE_MM))
    c.setFillColor(RED)
    ink.line(ctx.data["title"], Rect(heading.x, heading.y + heading.height * 0.4,
                                     heading.width, heading.height * 0.6),
             fonts.BOLD, 26, 14, where="title")
    c.setFillColor(INK)
    ink.line(ctx._(ctx.data["subtitle"]), Rect(heading.x, heading.y, heading.width,
                                               heading.height * 0.4),
             fonts.ITALIC, 11, 7, where="subtitle")
    placed = board_cells(ctx)
    for (_, a), (_, b) in zip(placed, placed[1:], strict=False):
        _chevron(c, a, b)
    for field, cell in placed:
        draw_field(c, ink, ctx, field, cell)
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
