"""A board on paper: on one sheet above its label, or tiled across several with glue strips.

Tracks and boards (grids, pictures with spaces) print the same way; only their drawing
differs, given as ``draw(canvas, ink)`` in the board's own coordinates (its bottom left
at the origin).
"""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout.labels import LabelBox
from printkit.drawing.layout.tiles import Tile, TilePlan, draw_tiled
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.geometry import Rect
from printkit.model.game import RenderContext

Draw = Callable[[Canvas, Ink], None]


def _start(ctx: RenderContext, title: str, page: tuple[float, float]
           ) -> tuple[BytesIO, Canvas, Ink]:
    buffer = BytesIO()
    c = new_canvas(buffer, page, ctx.title, title, ctx.localizer.code)
    return buffer, c, Ink(c, ctx.localizer.code, ctx.document, floor_pt=PLAY_PT)


def one_sheet(ctx: RenderContext, title: str, size: tuple[float, float], landscape: bool,
              area: Rect, strip: LabelBox, draw: Draw) -> bytes:
    """A board of ``size`` that fits one sheet: centred in ``area``, above the sheet's
    label in ``strip``."""
    page = ctx.paper.landscape_size if landscape else ctx.paper.size
    buffer, c, ink = _start(ctx, title, page)
    c.saveState()
    cx, cy = area.centre
    c.translate(cx - size[0] / 2, cy - size[1] / 2)
    draw(c, ink)
    c.restoreState()
    ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()


def tiled(ctx: RenderContext, title: str, plan: TilePlan, draw: Draw) -> bytes:
    """A board larger than a sheet, in the tiles of ``plan``: each sheet named, with the
    hint how to join it and a glue strip naming the sheet that goes on it."""
    _ = ctx._
    buffer, c, ink = _start(ctx, title, plan.page_size)
    names = ctx.sheet_names(ink)
    hint = _("Cut off the margin at each solid line and lay that edge on the dashed line "
             "of the next sheet, so that the short lines in the margin line up.")

    def caption(tile: Tile) -> str:
        return f"{names.text('sheet', tile.index + 1, len(plan.tiles))} · {hint}"

    draw_tiled(c, plan, lambda cv: draw(cv, ink), caption, ink=ink,
               glue=lambda other: _("Glue sheet %(sheet)s here") % {"sheet": other.name})
    c.save()
    return buffer.getvalue()
