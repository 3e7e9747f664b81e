"""The two custom dice as fold-up cube nets: five colour faces and the Free Skate face.

Each net is a cross of six faces (``print.die_face_mm`` each): a column of
four with one face either side of the second. Seven trapezoid glue tabs, one
for every pair of edges that meet when the cube closes, sit on the top,
bottom and back faces, where the flat net has room for them. Solid lines are
cut, dashed lines are folded; face colours run 1.5 mm past the cut edges
without a tab, so a slightly generous cut shows no white.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from io import BytesIO
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import Fills, fills_for
from printkit.drawing.layout.labels import split_label_strip
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import LayoutError, Rect, mm, page_area
from printkit.language import fonts
from printkit.model.game import RenderContext
from printkit.model.shared_sheets import Block

from .art import BOARDS, GLUE, INK, draw_symbol, fill_of, ink_of

MARGIN_MM = 10
HEADER_MM = 22
#: The line (two at most) telling how to make a die, under the heading.
INSTRUCTIONS_MM = 9
GAP_MM = 12
BLEED_MM = 1.5
TAB_DEPTH = 0.28  # of a face
#: In ink-saver mode the faces are this pale a wash of their colours.
FACE_WASH = 0.7

#: (column, row) of each face in the cross, row 0 at the top: top, left, front,
#: right, bottom, back. Opposite faces: top/bottom, left/right, front/back.
CELLS = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3))
#: The free skate is the front face; the colours take the others in order.
FREE_SKATE_CELL = 2
#: Edges that carry a glue tab, as (face index, side).
TABS = {(0, "left"), (0, "right"), (4, "left"), (4, "right"), (5, "left"), (5, "right"),
        (5, "bottom")}
_NEIGHBOUR = {"left": (-1, 0), "right": (1, 0), "top": (0, -1), "bottom": (0, 1)}
_NORMAL = {"left": (-1, 0), "right": (1, 0), "top": (0, 1), "bottom": (0, -1)}


def net_size(face: float) -> tuple[float, float]:
    """Width and height of one net with its tabs, in points."""
    return 3 * face, 4 * face + TAB_DEPTH * face


def _faces(origin: tuple[float, float], face: float) -> list[Rect]:
    ox, oy = origin
    base = oy + TAB_DEPTH * face
    return [Rect(ox + col * face, base + (3 - row) * face, face, face) for col, row in CELLS]


def _edge(r: Rect, side: str) -> tuple[float, float, float, float]:
    return {"left": (r.x, r.y, r.x, r.top), "right": (r.right, r.y, r.right, r.top),
            "top": (r.x, r.top, r.right, r.top), "bottom": (r.x, r.y, r.right, r.y)}[side]


def _edges() -> Iterator[tuple[int, str, bool]]:
    """(face index, side, is a fold between two faces) for every edge, each fold once."""
    cells = set(CELLS)
    for i, (col, row) in enumerate(CELLS):
        for side, (dc, dr) in _NEIGHBOUR.items():
            inside = (col + dc, row + dr) in cells
            if inside and side in ("left", "top"):
                continue  # the neighbour lists this fold as its right or bottom edge
            yield i, side, inside


def _tab(c: Canvas, ink: Ink, label: str, edge: tuple[float, float, float, float],
         side: str, depth: float) -> None:
    x1, y1, x2, y2 = edge
    nx, ny = _NORMAL[side]
    length = max(abs(x2 - x1), abs(y2 - y1))
    tx, ty = (x2 - x1) / length, (y2 - y1) / length
    taper = depth * 0.85
    corners = [(x1, y1), (x2, y2), (x2 + nx * depth - tx * taper, y2 + ny * depth - ty * taper),
               (x1 + nx * depth + tx * taper, y1 + ny * depth + ty * taper)]
    path = c.beginPath()
    path.moveTo(*corners[0])
    for point in corners[1:]:
        path.lineTo(*point)
    path.close()
    c.setFillColor(GLUE)
    c.drawPath(path, stroke=0, fill=1)
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.lines([(*corners[i], *corners[i + 1]) for i in (1, 2)] + [(*corners[3], *corners[0])])
    c.saveState()
    c.translate((x1 + x2) / 2 + nx * depth / 2, (y1 + y2) / 2 + ny * depth / 2)
    c.rotate({"left": 90, "right": -90, "top": 0, "bottom": 0}[side])
    c.setFillColor(INK)
    box = Rect(-(length - 2 * taper) / 2, -depth * 0.3, length - 2 * taper, depth * 0.6)
    ink.line(label, box, fonts.ITALIC, 8, 5, where="glue tab")
    c.restoreState()


def draw_face(c: Canvas, ink: Ink, rect: Rect, spec: Mapping[str, Any], label: str | None,
          fills: Fills) -> None:
    """One die face: the symbol, and the name under it when ``label`` is given."""
    cx, cy = rect.centre
    mark = fills.text(ink_of(spec), fill_of(spec))
    if label is None:
        draw_symbol(c, spec["symbol"], cx, cy, rect.width * 0.58, mark)
        return
    draw_symbol(c, spec["symbol"], cx, cy + rect.height * 0.1, rect.width * 0.5, mark)
    c.setFillColor(mark)
    ink.line(label, Rect(rect.x + rect.width * 0.08, rect.y + rect.height * 0.06,
                         rect.width * 0.84, rect.height * 0.2), fonts.BOLD, 11, 5,
             where="free skate face")


def draw_net(c: Canvas, ink: Ink, ctx: RenderContext, origin: tuple[float, float]) -> None:
    """One die's net with its lower-left corner (below the bottom tab) at ``origin``."""
    face = mm(ctx.data["print"]["die_face_mm"])
    rects = _faces(origin, face)
    free = ctx.data["dice"]["free_skate"]
    specs = list(ctx.data["colours"])
    specs.insert(FREE_SKATE_CELL, free)
    fills = fills_for(ctx)
    bleed = mm(BLEED_MM)
    edges = list(_edges())
    # Fills first, grown past every cut edge that has no tab.
    for i, (rect, spec) in enumerate(zip(rects, specs, strict=True)):
        grow = {side: bleed if not fold and (i, side) not in TABS else 0
                for j, side, fold in edges if j == i}
        c.setFillColor(fills.fill(fill_of(spec), FACE_WASH))
        c.rect(rect.x - grow.get("left", 0), rect.y - grow.get("bottom", 0),
               rect.width + grow.get("left", 0) + grow.get("right", 0),
               rect.height + grow.get("bottom", 0) + grow.get("top", 0), stroke=0, fill=1)
    # TRANSLATORS: printed on each glue tab of the die nets; one word if you can, about 15 × 5 mm,
    # shrunk to fit.
    glue = ctx._("glue")
    for i, side in sorted(TABS):
        _tab(c, ink, glue, _edge(rects[i], side), side, face * TAB_DEPTH)
    for rect, spec in zip(rects, specs, strict=True):
        draw_face(c, ink, rect, spec, ctx._(free["name"]) if spec is free else None, fills)
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    cuts = [_edge(rects[i], side) for i, side, fold in edges if not fold and (i, side) not in TABS]
    c.lines(cuts)
    c.setDash(4, 3)
    c.setLineWidth(0.6)
    c.lines([_edge(rects[i], side) for i, side, fold in edges if fold or (i, side) in TABS])
    c.setDash()


def _placement(ctx: RenderContext) -> tuple[bool, int]:
    """(landscape, nets per page): both dice on one page if they fit, else one per page."""
    w, h = net_size(mm(ctx.data["print"]["die_face_mm"]))
    for per_page in (2, 1):
        for landscape in (True, False):
            area = split_label_strip(page_area(ctx.paper, landscape, MARGIN_MM))[0]
            need = per_page * w + (per_page - 1) * mm(GAP_MM)
            if need <= area.width and h <= area.height - mm(HEADER_MM):
                return landscape, per_page
    raise LayoutError(f"a die net with {ctx.data['print']['die_face_mm']:g} mm faces does not "
                      f"fit on {ctx.paper.name}")


def _header(c: Canvas, ink: Ink, ctx: RenderContext, area: Rect) -> None:
    _ = ctx._
    c.setFillColor(BOARDS)
    ink.line(f"{ctx.game_title} · {_('Dice')}", Rect(area.x, area.top - mm(10), area.width,
                                                         mm(10)),
             fonts.BOLD, 20, 11, align="left", where="title")
    _instructions(c, ink, ctx, Rect(area.x, area.top - mm(HEADER_MM) + mm(2), area.width,
                                    mm(INSTRUCTIONS_MM)))


def _instructions(c: Canvas, ink: Ink, ctx: RenderContext, box: Rect) -> None:
    c.setFillColor(INK)
    # TRANSLATORS: the dice sheet, under its heading: how to make a die from the printed net;
    # one line across the page, two at most.
    ink.paragraph(ctx._("Cut along solid lines, fold along dashed lines, glue the tabs inside."),
                  box, size=11, min_size=7, colour=INK, where="instructions")


def render_dice(ctx: RenderContext) -> bytes:
    # data.py guarantees five colours: with Free Skate, the cube's six faces.
    landscape, per_page = _placement(ctx)
    size = ctx.paper.landscape_size if landscape else ctx.paper.size
    buffer = BytesIO()
    c = new_canvas(buffer, size, ctx.title, ctx._("Dice"), ctx.localizer.code)
    ink = Ink(c, ctx.localizer.code, "dice", floor_pt=PLAY_PT)
    area, strip = split_label_strip(page_area(ctx.paper, landscape, MARGIN_MM))
    pages = -(-ctx.data["dice"]["count"] // per_page)
    w, h = net_size(mm(ctx.data["print"]["die_face_mm"]))
    body = Rect(area.x, area.y, area.width, area.height - mm(HEADER_MM))
    dice = ctx.data["dice"]["count"]
    for first in range(0, dice, per_page):
        _header(c, ink, ctx, area)
        nets = min(per_page, dice - first)
        total = nets * w + (nets - 1) * mm(GAP_MM)
        x = body.centre[0] - total / 2
        for n in range(nets):
            draw_net(c, ink, ctx, (x + n * (w + mm(GAP_MM)), body.centre[1] - h / 2))
        ctx.sheet_names(ink).page(c, first // per_page + 1, pages, strip)
        c.showPage()
    c.save()
    return buffer.getvalue()


def dice_block(ctx: RenderContext) -> Block:
    """The dice as a block of a sheet they share with the tokens (see
    :mod:`printkit.model.shared_sheets`): every net side by side, full size, under the line
    that tells how to make a die (the sheet's label names the dice, so no heading); the
    faces' colour past their cut edges (and the lines' width) is inside the block."""
    dice = ctx.data["dice"]["count"]
    w, h = net_size(mm(ctx.data["print"]["die_face_mm"]))
    bleed, gap, words = mm(BLEED_MM), mm(GAP_MM), mm(INSTRUCTIONS_MM)
    width, height = dice * w + (dice - 1) * gap + 2 * bleed, words + h + 2 * bleed

    def draw(c: Canvas, x: float, y: float) -> None:
        ink = Ink(c, ctx.localizer.code, "dice", floor_pt=PLAY_PT)
        _instructions(c, ink, ctx, Rect(x, y + height - words, width, words))
        for n in range(dice):
            draw_net(c, ink, ctx, (x + bleed + n * (w + gap), y + bleed))

    return Block(width, height, draw)
