"""A score sheet declared in data: headings, a label column, rows to write in, a total.

``columns`` are the headings (the first heads the label column, the rest
the columns players write in), ``rows`` how many rows, ``labels`` the first
rows' labels (rows without one are numbered), ``total`` the label of a last,
bolder row. Everything printed is a msgid, translated and fit-checked.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.game import RenderContext
from printkit.layout.geometry import Rect, mm, page_area
from printkit.layout.labels import split_label_strip
from printkit.render import fonts
from printkit.render.ink import fills_for
from printkit.render.ink import tint as wash
from printkit.render.pdf import new_canvas
from printkit.render.text import Ink

INK = HexColor("#1f2430")
WHITE = HexColor("#ffffff")
MARGIN_MM = 12
TITLE_MM = 14
NOTE_MM = 18
HEAD_MM = 12
#: A row is never taller than this, so a short sheet does not get huge empty rows.
MAX_ROW_MM = 22


def _cell(c: Canvas, rect: Rect, fill: object, width: float) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(INK)
    c.setLineWidth(width)
    c.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=1)


def render_sheet(ctx: RenderContext, component_id: str) -> bytes:
    """The sheet ``sheets.<component_id>`` on one page, labelled in its margin."""
    spec = ctx.data["sheets"][component_id]
    _ = ctx._
    loc = ctx.localizer
    fills = fills_for(ctx)
    landscape = spec["landscape"]
    buffer = BytesIO()
    page = ctx.paper.landscape_size if landscape else ctx.paper.size
    c = new_canvas(buffer, page, ctx.title, _(spec["title"]), loc.code)
    ink = Ink(c, loc.code, component_id)
    area, strip = split_label_strip(page_area(ctx.paper, landscape, MARGIN_MM))
    top = area.top
    c.setFillColor(INK)
    heading = _(spec["heading"]) if spec.get("heading") else (
        f"{ctx.data['title']} · {_(spec['title'])}")
    ink.line(heading, Rect(area.x, top - mm(TITLE_MM), area.width, mm(TITLE_MM)), fonts.BOLD,
             22, 10, align="left", where="heading")
    top -= mm(TITLE_MM) + mm(2)
    if spec.get("note"):
        ink.paragraph(_(spec["note"]), Rect(area.x, top - mm(NOTE_MM), area.width, mm(NOTE_MM)),
                      size=10, min_size=7, colour=INK, where="note")
        top -= mm(NOTE_MM) + mm(2)
    columns = spec["columns"]
    weights = spec["widths"] or [1.6] + [1.0] * (len(columns) - 1)
    unit = area.width / sum(weights)
    xs = [area.x]
    for w in weights:
        xs.append(xs[-1] + w * unit)
    rows = spec["rows"] + (1 if spec.get("total") else 0)
    row_h = min((top - mm(HEAD_MM) - area.y) / rows, mm(MAX_ROW_MM))
    tint = HexColor(spec["colour"])
    head = wash(tint, 0.6) if fills.saver else tint
    side = wash(tint, 0.8 if fills.saver else 0.5)
    top -= mm(HEAD_MM)
    for i, title in enumerate(columns):
        cell = Rect(xs[i], top, xs[i + 1] - xs[i], mm(HEAD_MM))
        _cell(c, cell, head, 1.2)
        c.setFillColor(INK)
        ink.line(_(title), cell.inset(mm(1.5)), fonts.BOLD, 12, 6,
                 align="left" if i == 0 else "centre", where=f"column {i + 1} heading")
    labels = spec["labels"]
    for r in range(rows):
        top -= row_h
        total = spec.get("total") and r == spec["rows"]
        if total:
            label = _(spec["total"])
        elif r < len(labels):
            label = _(labels[r])
        else:
            label = loc.number(r + 1)
        for i in range(len(columns)):
            cell = Rect(xs[i], top, xs[i + 1] - xs[i], row_h)
            fill = side if total or i == 0 else WHITE
            _cell(c, cell, fill, 1.4 if total else 0.7)
        c.setFillColor(INK)
        ink.line(label, Rect(xs[0] + mm(1.5), top, xs[1] - xs[0] - mm(3), row_h),
                 fonts.BOLD if total else fonts.REGULAR, 12, 6, align="left",
                 where=f"row {r + 1} label")
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
