"""A score sheet declared in data: headings, a label column, rows to write in, a total.

The short form: ``columns`` are the headings (the first heads the label
column, the rest the columns players write in), ``rows`` how many rows,
``labels`` the first rows' labels (rows without one are numbered),
``total`` the label of a last, bolder row.

The detailed form gives the rows as ``[[sheets.<id>.row]]`` tables: each a
labelled row, or a group of numbered rows (``Game %(number)s``: a count, one
per player, or one per item of a list in game.toml), with its fill, line,
an optional subtitle under the label, a small text in each cell or a small
write-in box; ``per_player`` gives a column per player and ``parts``
splits each into headed parts. ``texts``
set the heading area line by line. Everything printed is a msgid,
translated and fit-checked; the game's title is printed as it is.

A game with a picture on its sheet passes :class:`SheetArt`: its code draws
into the heading area, fills placeholders in the texts, and draws the cells
of rows marked ``art``. That is all a game's own code says about its sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import fills_for
from printkit.drawing.ink import tint as wash
from printkit.drawing.layout.labels import split_label_strip
from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import PLAY_PT, Ink
from printkit.errors import DataError
from printkit.geometry import Rect, mm, page_area
from printkit.language import fonts
from printkit.model import project_fonts
from printkit.model.game import RenderContext

INK = HexColor("#1f2430")
WHITE = HexColor("#ffffff")
MARGIN_MM = 12
TITLE_MM = 14
NOTE_MM = 18
HEAD_MM = 12

#: The gap between a row's label and the first column.
LABEL_GAP_MM = 3
#: The small text at a cell's top left, and the label over a cell's small box.
CAPTION_PT, CAPTION_MIN_PT = 7.5, 5
#: A row's subtitle, under its label.
SUBTITLE_PT, SUBTITLE_MIN_PT = 8.5, 6


@dataclass(frozen=True)
class Row:
    """One printed row of a sheet's detailed form: its group's table and its place in it."""

    group: Mapping[str, Any]
    #: Which group (0-based) and which row of the group (1-based, as printed).
    index: int
    number: int
    #: The row's item of the group's ``each`` list; None for other groups.
    value: float | None = None


@dataclass(frozen=True)
class SheetArt:
    """What a game's own code adds to a data-driven sheet: all that data cannot say.

    ``header(c, ink, ctx, area)`` draws into the heading area (``area`` is the whole
    printable area; the texts keep ``art_mm`` free at its top right). ``values(ctx)``
    fills the ``%(name)s`` placeholders of the texts. ``cell(c, ink, ctx, rect, row,
    column)`` draws into each cell of a row marked ``art = true`` (``column`` counts
    from 1).
    """

    header: Callable[[Canvas, Ink, RenderContext, Rect], None] | None = None
    values: Callable[[RenderContext], Mapping[str, str]] | None = None
    cell: Callable[[Canvas, Ink, RenderContext, Rect, Row, int], None] | None = None


def _cell(c: Canvas, rect: Rect, fill: object, width: float, ink: object = INK) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(width)
    c.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=1)


def _font(bold: bool, italic: bool) -> str:
    return {(False, False): fonts.REGULAR, (True, False): fonts.BOLD,
            (False, True): fonts.ITALIC, (True, True): fonts.BOLD_ITALIC}[(bold, italic)]


def _file(ctx: RenderContext) -> str:
    from printkit.model.components.deck import game_file

    folder = getattr(ctx.game, "folder", None)
    return game_file(folder) if folder is not None else "game.toml"


def _players(ctx: RenderContext, key: str) -> int:
    players = (ctx.data.get("players") or {}).get("max")
    if not isinstance(players, int) or players < 1:
        raise DataError(_file(ctx), key, "per_player needs the most players: [players] max")
    return players


def _listed(ctx: RenderContext, name: str, key: str) -> list[float]:
    """The list of numbers at the dotted key ``name`` of game.toml."""
    node: Any = ctx.data
    for part in name.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    if not isinstance(node, list) or not node or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in node):
        raise DataError(_file(ctx), key, f"{name!r} is not a list of numbers in game.toml")
    return list(node)


def sheet_rows(ctx: RenderContext, component_id: str) -> list[Row]:
    """Every printed row of a sheet in the detailed form, top to bottom."""
    spec = ctx.data["sheets"][component_id]
    rows: list[Row] = []
    for i, group in enumerate(spec["row"]):
        key = f"sheets.{component_id}.row[{i}]"
        if group.get("each") is not None:
            values = _listed(ctx, group["each"], f"{key}.each")
            rows += [Row(group, i, n + 1, v) for n, v in enumerate(values)]
            continue
        count = _players(ctx, f"{key}.per_player") if group["per_player"] else group["count"]
        rows += [Row(group, i, n + 1) for n in range(count)]
    return rows


def _placeholders(text: str, values: Mapping[str, str] | None) -> str:
    """``text`` with its ``%(name)s`` placeholders filled; text without any is left as it is
    (a lone ``%`` prints as it is)."""
    return text % values if values and "%(" in text else text


def _texts(c: Canvas, ink: Ink, ctx: RenderContext, spec: Mapping[str, Any], area: Rect,
           values: Mapping[str, str] | None) -> float:
    """The heading area's lines; returns where the table starts."""
    art = mm(spec["art_mm"])
    width = area.width - art - mm(4) if art else area.width
    bottom = area.top
    for i, line in enumerate(spec["texts"]):
        text = _placeholders(ctx._(line["text"]), values) if line.get("text") else \
            ctx.data["title"]
        h = mm(line["height_mm"])
        box = Rect(area.x, area.top - mm(line["top_mm"]) - h, width, h)
        bottom = min(bottom, box.y)
        colour = HexColor(line["colour"])
        font = project_fonts.face(ctx, line["font"], line["bold"], line["italic"],
                                  f"sheets: texts[{i}].font") if line.get("font") else \
            _font(line["bold"], line["italic"])
        c.setFillColor(colour)
        if line["wrap"]:
            ink.paragraph(text, box, size=line["size"], min_size=line["min_size"], font=font,
                          colour=colour, align=line["align"], where=f"texts[{i}]")
        else:
            ink.line(text, box, font, line["size"], line["min_size"], align=line["align"],
                     where=f"texts[{i}]")
    if spec.get("header_mm") is not None:
        return area.top - mm(spec["header_mm"])
    return bottom - mm(2)


def _heading(c: Canvas, ink: Ink, ctx: RenderContext, spec: Mapping[str, Any],
             area: Rect) -> float:
    """The short form's heading and note; returns where the table starts."""
    _ = ctx._
    top = area.top
    c.setFillColor(INK)
    heading = _(spec["heading"]) if spec.get("heading") else (
        f"{ctx.game_title} · {_(spec['title'])}")
    ink.line(heading, Rect(area.x, top - mm(TITLE_MM), area.width, mm(TITLE_MM)), fonts.BOLD,
             22, 10, align="left", where="heading")
    top -= mm(TITLE_MM) + mm(2)
    if spec.get("note"):
        ink.paragraph(_(spec["note"]), Rect(area.x, top - mm(NOTE_MM), area.width, mm(NOTE_MM)),
                      size=10, min_size=7, colour=INK, where="note")
        top -= mm(NOTE_MM) + mm(2)
    return top


def _short_table(c: Canvas, ink: Ink, ctx: RenderContext, spec: Mapping[str, Any],
                 area: Rect, top: float) -> None:
    """The short form: headed columns, labelled or numbered rows and a total."""
    _ = ctx._
    loc = ctx.localizer
    fills = fills_for(ctx)
    columns = spec["columns"]
    weights = spec["widths"] or [1.6] + [1.0] * (len(columns) - 1)
    unit = area.width / sum(weights)
    xs = [area.x]
    for w in weights:
        xs.append(xs[-1] + w * unit)
    rows = spec["rows"] + (1 if spec.get("total") else 0)
    row_h = min((top - mm(HEAD_MM) - area.y) / rows, mm(spec["max_row_mm"]))
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


def _label(c: Canvas, ink: Ink, ctx: RenderContext, spec: Mapping[str, Any], row: Row,
           box: Rect) -> None:
    """A row's label (with its subtitle under it, if it has one) in the label column."""
    group = row.group
    if not group.get("label"):
        return
    loc = ctx.localizer
    text = _placeholders(ctx._(group["label"]), {"number": loc.number(row.number),
                                                  "value": loc.number(row.value or 0)})
    colour = HexColor(group.get("label_colour") or spec["ink"])
    size, least = group["label_size"], group["label_min_size"]
    where = f"row {row.index + 1}.{row.number} label"
    c.setFillColor(colour)
    if group.get("subtitle"):
        ink.paragraph(text, Rect(box.x, box.centre[1], box.width, box.height / 2), size=size,
                      min_size=least, font=fonts.BOLD, colour=colour, valign="middle",
                      where=where)
        ink.paragraph(ctx._(group["subtitle"]), Rect(box.x, box.y + mm(1), box.width,
                                                 box.height / 2 - mm(1)),
                      size=SUBTITLE_PT, min_size=SUBTITLE_MIN_PT, font=fonts.ITALIC,
                      colour=HexColor(spec["muted"]), valign="top", where=f"{where} subtitle")
    elif group["wrap"]:
        ink.paragraph(text, box, size=size, min_size=least, font=fonts.BOLD, colour=colour,
                      valign="middle", where=where)
    else:
        ink.line(text, box, fonts.BOLD, size, least, align="left", where=where)


def _decorate(c: Canvas, ink: Ink, ctx: RenderContext, spec: Mapping[str, Any], row: Row,
              cell: Rect, column: int, part: int, art: SheetArt | None) -> None:
    """What a row puts inside each cell: a part's heading, a small text, a small box, art."""
    group = row.group
    muted = HexColor(spec["muted"])
    where = f"row {row.index + 1}.{row.number} column {column}"
    if group["heads"]:
        c.setFillColor(HexColor(spec["ink"]))
        title = ctx._(spec["parts"][part]["label"])
        # 0.4 mm above and below: a heading too long for one line has room for two
        heading = Rect(cell.x + mm(0.8), cell.y + mm(0.4), cell.width - mm(1.6),
                       cell.height - mm(0.8))
        ink.line(title, heading, fonts.BOLD, 8, 5, where=f"part {part + 1} heading")
    if group.get("text"):
        c.setFillColor(muted)
        text = _placeholders(ctx._(group["text"]), {"number": ctx.localizer.number(column)})
        ink.line(text, Rect(cell.x + mm(1.5), cell.top - mm(5), cell.width - mm(3), mm(4)),
                 fonts.ITALIC, CAPTION_PT, CAPTION_MIN_PT, align="left",
                 where=f"{where} text")
    if group.get("box") is not None:
        side = min(mm(group["box"]["side_mm"]), cell.height * 0.45, cell.width * 0.35)
        box = Rect(cell.right - side - mm(1.5), cell.y + mm(1.5), side, side)
        c.setFillColor(WHITE)
        c.setStrokeColor(HexColor(spec["ink"]))
        c.setLineWidth(0.6)
        c.roundRect(box.x, box.y, box.width, box.height, mm(1), stroke=1, fill=1)
        if group["box"].get("label"):
            c.setFillColor(muted)
            ink.line(ctx._(group["box"]["label"]),
                     Rect(box.x - mm(3), box.top + mm(0.5), box.width + mm(3), mm(3.5)),
                     fonts.ITALIC, CAPTION_PT, CAPTION_MIN_PT, align="right",
                     where=f"{where} box label")
    if group["art"] and art is not None and art.cell is not None:
        art.cell(c, ink, ctx, cell, row, column)


def _row_table(c: Canvas, ink: Ink, ctx: RenderContext, spec: Mapping[str, Any],
               component_id: str, area: Rect, top: float, art: SheetArt | None) -> None:
    """The detailed form: a label column, a column per player (in parts), rows in groups."""
    rows = sheet_rows(ctx, component_id)
    players = _players(ctx, f"sheets.{component_id}.per_player") if spec["per_player"] else 1
    parts = max(1, len(spec["parts"]))
    label_w = mm(spec["label_mm"])
    col_w = (area.width - label_w) / players
    part_w = col_w / parts
    fixed = sum(mm(r.group["height_mm"]) for r in rows if r.group.get("height_mm"))
    shared = sum(1 for r in rows if not r.group.get("height_mm"))
    row_h = min((top - area.y - fixed) / shared, mm(spec["max_row_mm"])) if shared else 0.0
    ink_colour = HexColor(spec["ink"])
    table_top = y = top
    for row in rows:
        group = row.group
        h = mm(group["height_mm"]) if group.get("height_mm") else row_h
        y -= h
        _label(c, ink, ctx, spec, row, Rect(area.x, y, label_w - mm(LABEL_GAP_MM), h))
        fill = HexColor(group["stripe"] if group.get("stripe") and row.number % 2 == 0
                        else group["fill"])
        for p in range(players):
            x = area.x + label_w + p * col_w
            cells = [(Rect(x, y, col_w, h), 0)] if group["merge"] or parts == 1 else [
                (Rect(x + k * part_w, y, part_w, h), k) for k in range(parts)]
            for cell, k in cells:
                _cell(c, cell, fill, group["line"], ink_colour)
                _decorate(c, ink, ctx, spec, row, cell, p + 1, k, art)
        if group.get("outline"):
            c.setStrokeColor(ink_colour)
            c.setLineWidth(group["outline"])
            c.rect(area.x + label_w, y, players * col_w, h, stroke=1, fill=0)
    if spec["player_line"]:
        c.setStrokeColor(ink_colour)
        c.setLineWidth(spec["player_line"])
        for p in range(players + 1):
            x = area.x + label_w + p * col_w
            c.line(x, table_top, x, y)


def render_sheet(ctx: RenderContext, component_id: str, art: SheetArt | None = None) -> bytes:
    """The sheet ``sheets.<component_id>`` on one page, labelled in its margin.

    ``art`` is what a game's own code adds (a built-in game's picture); a game
    declared in data alone has none.
    """
    spec = ctx.data["sheets"][component_id]
    loc = ctx.localizer
    landscape = spec["landscape"]
    buffer = BytesIO()
    page = ctx.paper.landscape_size if landscape else ctx.paper.size
    c = new_canvas(buffer, page, ctx.title, ctx._(spec["title"]), loc.code)
    ink = Ink(c, loc.code, component_id, floor_pt=PLAY_PT)
    area, strip = split_label_strip(page_area(ctx.paper, landscape, MARGIN_MM))
    values = art.values(ctx) if art is not None and art.values is not None else None
    with ink.reading_order(page[0]):  # right to left: the sheet's mirror image
        if spec["texts"]:
            top = _texts(c, ink, ctx, spec, area, values)
        else:
            top = _heading(c, ink, ctx, spec, area)
        if art is not None and art.header is not None:
            art.header(c, ink, ctx, area)
        if spec["row"]:
            _row_table(c, ink, ctx, spec, component_id, area, top, art)
        else:
            _short_table(c, ink, ctx, spec, area, top)
        ctx.sheet_names(ink).page(c, 1, 1, strip)
    c.showPage()
    c.save()
    return buffer.getvalue()
