"""A board declared in data: a square grid, a hex grid, or a picture with spaces on it.

``grid = "square"``: ``rows`` × ``columns`` squares of ``cell_mm``. ``grid = "hex"``:
hexagons ``cell_mm`` across their flat sides, ``top = "pointy"`` (rows offset by half a
hexagon) or ``"flat"`` (columns offset). A cell's label (a msgid) comes from ``labels``,
row by row from the top left, or from ``labels_csv`` (a CSV of ``row,column,label`` and an
optional ``colour``, counted from 1); its colour from the CSV, else ``colours`` (one per
cell, or fewer repeated along each row, each row one further on: a chequer board for
two), else ``colour``. ``grid = "picture"``: a project picture printed ``width_mm`` wide, with
``[[spaces]]`` placed by their centres in mm from its top-left corner.

The board prints at real size inside a bleed, with crop marks at its corners; a board
bigger than the paper is tiled as a track is (:mod:`printkit.drawing.layout.tiles`), a
square grid with its seams on its lines only.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.ink import fills_for, luminance
from printkit.drawing.layout.labels import CLEAR_MM, LABEL_MM, LabelBox, split_label_strip
from printkit.drawing.layout.seams import tile_plan
from printkit.drawing.layout.tiles import TilePlan
from printkit.drawing.text import Ink, fit_size
from printkit.errors import DataError, DataErrors
from printkit.geometry import LayoutError, Rect, mm, page_area
from printkit.language import fonts, script
from printkit.model.components import board_sheets
from printkit.model.components.images import Artwork, draw_artwork, load_artwork
from printkit.model.components.schema import COLOUR
from printkit.model.game import RenderContext
from printkit.schema import inside

INK = HexColor("#1f2430")
PAPER = HexColor("#ffffff")
#: Round the board's trim: the bleed, then the crop marks' room.
BLEED_MM = 3
PAD_MM = 9
OVERLAP_MM = 10
MARGIN_MM = 6
#: A cell's label: from this size down to the floor, on one line.
LABEL_PT = 14.0
MIN_LABEL_PT = 6.0
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Cell:
    """One cell or space: its name for messages, its shape and centre (points, in drawing
    coordinates), its size (points), its label and colour."""

    name: str
    shape: str  # square, circle, hex-pointy, hex-flat
    cx: float
    cy: float
    size: float
    label: str
    colour: str

    @property
    def label_box(self) -> Rect:
        """Where the label goes: the square inside the cell, less a margin."""
        share = {"square": 0.84, "circle": 0.66, "hex-pointy": 0.72, "hex-flat": 0.72}
        w = self.size * share[self.shape]
        h = min(w, self.size * 0.4)
        return Rect(self.cx - w / 2, self.cy - h / 2, w, h)


@dataclass(frozen=True)
class Board:
    """A board ready to draw: its trim size (points), its cells, its picture."""

    id: str
    width: float
    height: float
    cells: tuple[Cell, ...]
    background: str
    picture: Artwork | None = None
    seams: tuple[list[float], list[float]] | None = None

    @property
    def trim(self) -> Rect:
        return Rect(mm(PAD_MM), mm(PAD_MM), self.width, self.height)

    @property
    def outer(self) -> tuple[float, float]:
        return self.width + 2 * mm(PAD_MM), self.height + 2 * mm(PAD_MM)


def _csv_cells(folder: Path, name: str, key: str, rows: int,
               cols: int) -> dict[tuple[int, int], tuple[str, str | None]]:
    """(row, column) -> (label, colour) from a labels CSV, or every problem at once."""
    path = inside(folder, name, "game.toml", key, "labels file")
    if not path.is_file():
        raise DataError("game.toml", key, f"labels file {name!r} not found in {folder.name}/")
    out: dict[tuple[int, int], tuple[str, str | None]] = {}
    errors: list[DataError] = []
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = {"row", "column", "label"} - set(reader.fieldnames or ())
        if missing:
            raise DataError(name, "line 1", f"needs the columns row, column and label "
                                            f"(and colour if any); missing: "
                                            f"{', '.join(sorted(missing))}")
        for line in reader:
            at = f"line {reader.line_num}"
            try:
                r, c = int(line["row"]), int(line["column"])
            except (TypeError, ValueError):
                errors.append(DataError(name, at, "row and column must be whole numbers"))
                continue
            if not (1 <= r <= rows and 1 <= c <= cols):
                errors.append(DataError(name, at, f"cell ({r}, {c}) is not on the {rows} × "
                                                  f"{cols} board"))
                continue
            colour = (line.get("colour") or "").strip() or None
            if colour is not None and not _is_colour(colour):
                errors.append(DataError(name, f"{at}, colour", f"{colour!r} is not a colour "
                                                               f"like #1a2b3c"))
                continue
            out[(r - 1, c - 1)] = ((line.get("label") or "").strip(), colour)
    if errors:
        raise DataErrors(errors)
    return out


def _is_colour(text: str) -> bool:
    return re.fullmatch(COLOUR, text) is not None


def _colour(colours: list[str], row: int, col: int, cells: int, k: int, plain: str) -> str:
    """One colour per cell when there are as many as cells; fewer repeat along each row,
    each row starting one further on (two colours make a chequer board)."""
    if not colours:
        return plain
    return colours[k] if len(colours) == cells else colours[(row + col) % len(colours)]


def _grid_cells(spec: Mapping[str, Any], given: Mapping[tuple[int, int], tuple[str, str | None]]
                ) -> tuple[float, float, list[Cell]]:
    """The trim size and the cells of a square or hex grid."""
    rows, cols, s = spec["rows"], spec["columns"], mm(spec["cell_mm"])
    pad = mm(PAD_MM)
    shape = "square" if spec["grid"] == "square" else f"hex-{spec['top']}"
    labels, colours = spec["labels"], spec["colours"]
    if shape == "square":
        width, height = cols * s, rows * s
    elif shape == "hex-pointy":
        r = s / SQRT3
        width, height = cols * s + (s / 2 if rows > 1 else 0), 2 * r + (rows - 1) * 1.5 * r
    else:
        r = s / SQRT3
        width, height = 2 * r + (cols - 1) * 1.5 * r, rows * s + (s / 2 if cols > 1 else 0)
    cells = []
    for row in range(rows):
        for col in range(cols):
            k = row * cols + col
            if shape == "square":
                cx, cy = pad + (col + 0.5) * s, pad + height - (row + 0.5) * s
            elif shape == "hex-pointy":
                r = s / SQRT3
                cx = pad + (col + 0.5) * s + (s / 2 if row % 2 else 0)
                cy = pad + height - r - row * 1.5 * r
            else:
                r = s / SQRT3
                cx = pad + r + col * 1.5 * r
                cy = pad + height - s / 2 - row * s - (s / 2 if col % 2 else 0)
            label, colour = given.get((row, col), ("", None))
            if not label and k < len(labels):
                label = labels[k]
            if colour is None:
                colour = _colour(colours, row, col, rows * cols, k, spec["colour"])
            cells.append(Cell(f"cell (row {row + 1}, column {col + 1})", shape, cx, cy, s,
                              label, colour))
    return width, height, cells


def load_board(data: Mapping[str, Any], board_id: str, folder: Path) -> Board:
    """The board ``boards.<board_id>`` with its files read, or a DataError per problem."""
    spec = data["boards"][board_id]
    base = f"boards.{board_id}"
    pad = mm(PAD_MM)
    if spec["grid"] == "picture":
        art = load_artwork(folder, spec["picture"], "game.toml", f"{base}.picture")
        w_mm = spec["width_mm"]
        size = art.points or art.size  # an SVG's exact proportions
        h_mm = w_mm * size[1] / size[0]
        cells, errors = [], []
        for i, space in enumerate(spec["spaces"]):
            x, y, half = space["x_mm"], space["y_mm"], space["size_mm"] / 2
            if x - half < 0 or y - half < 0 or x + half > w_mm or y + half > h_mm:
                errors.append(DataError("game.toml", f"{base}.spaces[{i}]", (
                    f"the space at ({x:g}, {y:g}) mm, {space['size_mm']:g} mm across, lies "
                    f"outside the {w_mm:g} × {h_mm:.0f} mm picture")))
                continue
            cells.append(Cell(f"spaces[{i}]", space["shape"], pad + mm(x),
                              pad + mm(h_mm - y), mm(space["size_mm"]),
                              space.get("label") or "", space.get("colour") or "#ffffff"))
        if errors:
            raise DataErrors(errors)
        return Board(board_id, mm(w_mm), mm(h_mm), tuple(cells), spec["background"], art)
    given = {}
    if spec.get("labels_csv"):
        given = _csv_cells(folder, spec["labels_csv"], f"{base}.labels_csv", spec["rows"],
                           spec["columns"])
    width, height, cells = _grid_cells(spec, given)
    seams = None
    if spec["grid"] == "square":
        s = mm(spec["cell_mm"])
        seams = ([pad + i * s for i in range(spec["columns"] + 1)],
                 [pad + j * s for j in range(spec["rows"] + 1)])
    return Board(board_id, width, height, tuple(cells), spec["background"], seams=seams)


def misfits(data: Mapping[str, Any], folder: Path, file: str) -> list[DataError]:
    """A finding per cell or space whose label does not fit it on one line, even at
    :data:`MIN_LABEL_PT`, naming the board and the cell."""
    fonts.register()
    latin = script.load("en")
    out = []
    for board_id in sorted(data.get("boards") or {}):
        board = load_board(data, board_id, folder)
        for cell in board.cells:
            box = cell.label_box
            if cell.label and fit_size(cell.label, fonts.BOLD, LABEL_PT, MIN_LABEL_PT,
                                       box.width, latin) is None:
                out.append(DataError(file, f"boards.{board_id}", (
                    f"{cell.name}: label {cell.label!r} does not fit the cell "
                    f"({box.width / mm(1):.0f} mm for the label) even at {MIN_LABEL_PT:g} pt")))
    return out


def _outline(c: Canvas, cell: Cell, fill: bool) -> None:
    s, cx, cy = cell.size, cell.cx, cell.cy
    if cell.shape == "square":
        c.rect(cx - s / 2, cy - s / 2, s, s, stroke=1, fill=int(fill))
    elif cell.shape == "circle":
        c.circle(cx, cy, s / 2, stroke=1, fill=int(fill))
    else:
        r = s / SQRT3
        start = 30 if cell.shape == "hex-pointy" else 0
        path = c.beginPath()
        for i in range(6):
            a = math.radians(start + 60 * i)
            (path.moveTo if i == 0 else path.lineTo)(cx + r * math.cos(a), cy + r * math.sin(a))
        path.close()
        c.drawPath(path, stroke=1, fill=int(fill))


def _crop_marks(c: Canvas, trim: Rect) -> None:
    """Short lines in the margin at each corner of the trim, clear of the bleed."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    gap, end = mm(BLEED_MM), mm(PAD_MM)
    for x in (trim.x, trim.right):
        for y in (trim.y, trim.top):
            sx = -1 if x == trim.x else 1
            sy = -1 if y == trim.y else 1
            c.line(x + sx * gap, y, x + sx * end, y)
            c.line(x, y + sy * gap, x, y + sy * end)


def draw_board(c: Canvas, ink: Ink, ctx: RenderContext, board: Board) -> None:
    """The whole board in drawing coordinates: bleed, picture or cells, labels, marks."""
    fills = fills_for(ctx)
    trim = board.trim
    fills.flood(c, trim.inset(-mm(BLEED_MM)), HexColor(board.background))
    if board.picture is not None:
        draw_artwork(c, board.picture, trim.x, trim.y, trim.width, trim.height)
    for cell in board.cells:
        field = HexColor(cell.colour)
        shown = fills.fill(field)
        c.setFillColor(shown)
        c.setStrokeColor(INK)
        c.setLineWidth(1.0)
        _outline(c, cell, fill=True)
        if cell.label:
            c.setFillColor(PAPER if luminance(shown) < 0.45 else INK)
            ink.line(ctx._(cell.label), cell.label_box, fonts.BOLD, LABEL_PT, MIN_LABEL_PT,
                     where=f"boards.{board.id} {cell.name}")
    _crop_marks(c, trim)


def _one_sheet(ctx: RenderContext, size: tuple[float, float]) -> tuple[bool, Rect,
                                                                       LabelBox] | None:
    for landscape in (False, True):
        area, strip = split_label_strip(page_area(ctx.paper, landscape,
                                                  ctx.spec.margin(MARGIN_MM)))
        if size[0] <= area.width + 1e-6 and size[1] <= area.height + 1e-6:
            return landscape, area, strip
    return None


def _plan(ctx: RenderContext, width: float, height: float,
          seams: tuple[list[float], list[float]] | None) -> TilePlan:
    """The sheets a board too big for one sheet is printed on: cut on its grid lines, or
    anywhere when a cell is wider than a sheet."""
    margin = ctx.spec.margin(MARGIN_MM)
    try:
        plan = tile_plan(width, height, ctx.paper, OVERLAP_MM, margin, seams=seams)
        if plan.single:  # it fits the sheet only where its label would go: tile it after all
            plan = tile_plan(width, height, ctx.paper, OVERLAP_MM,
                             margin + LABEL_MM + CLEAR_MM, seams=seams)
    except LayoutError:
        if seams is None:
            raise
        return _plan(ctx, width, height, None)
    return plan


def render_board(ctx: RenderContext, component_id: str) -> bytes:
    """The board ``boards.<component_id>``, on one sheet or tiled across several."""
    spec = ctx.data["boards"][component_id]
    _ = ctx._
    board = load_board(ctx.data, component_id, ctx.game.folder)
    title = _(spec["title"])

    def draw(c: Canvas, ink: Ink) -> None:
        draw_board(c, ink, ctx, board)

    single = _one_sheet(ctx, board.outer)
    if single is not None:
        return board_sheets.one_sheet(ctx, title, board.outer, *single, draw)
    return board_sheets.tiled(ctx, title, _plan(ctx, *board.outer, board.seams), draw)

