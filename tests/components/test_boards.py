"""Boards from data: square and hex grids, a picture with spaces, read from the built PDF."""

from __future__ import annotations

import math

import pytest
from PIL import Image
from pypdf.generic import ContentStream

from printkit.errors import DataError, DataErrors
from printkit.model.components.boards import misfits
from tests.support import page_sizes, printed_lines, reader, text, with_ctm

from .project import Project

PT = 72 / 25.4

CHESS = """
[boards.chess]
title = "Chess board"
grid = "square"
rows = 8
columns = 8
cell_mm = 20
colours = ["#ffffff", "#8899aa"]
labels = [{labels}]
"""


def _add(project: Project, toml: str) -> None:
    path = project.folder / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + toml, encoding="utf-8")


def _chess_labels() -> list[str]:
    return [f"{'abcdefgh'[c]}{8 - r}" for r in range(8) for c in range(8)]


def _rects(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """Every rectangle (``re``) drawn on the page, in page space (x, y, width, height)."""
    doc = reader(pdf)
    ops = ContentStream(doc.pages[page].get_contents(), doc).operations
    out = []
    for operands, op, ctm in with_ctm(ops):
        if op == b"re":
            x, y, w, h = (float(v) for v in operands)
            a, _b, _c, d, e, f = ctm
            out.append((a * x + e, d * y + f, a * w, d * h))
    return out


def _ops(pdf: bytes, name: bytes, page: int = 0) -> int:
    doc = reader(pdf)
    return sum(1 for _, op in ContentStream(doc.pages[page].get_contents(), doc).operations
               if op == name)


def test_a_square_grid_prints_its_cells_on_their_lines_with_their_labels(
        project: Project) -> None:
    _add(project, CHESS.format(labels=", ".join(f'"{x}"' for x in _chess_labels())))
    pdf = project.render("chess")
    assert page_sizes(pdf) == [(pytest.approx(595.28, abs=0.1), pytest.approx(841.89, abs=0.1))]
    side = 20 * PT
    cells = [r for r in _rects(pdf) if abs(r[2] - side) < 0.01 and abs(r[3] - side) < 0.01]
    assert len(cells) == 64
    xs = sorted({round(r[0], 2) for r in cells})
    ys = sorted({round(r[1], 2) for r in cells})
    assert len(xs) == len(ys) == 8
    assert all(abs(b - a - side) < 0.02 for a, b in zip(xs, xs[1:], strict=False))
    assert all(abs(b - a - side) < 0.02 for a, b in zip(ys, ys[1:], strict=False))
    lines = [line for line in printed_lines(pdf)[1] if line.text in _chess_labels()]
    assert sorted(line.text for line in lines) == sorted(_chess_labels())
    a8 = next(line for line in lines if line.text == "a8")
    h1 = next(line for line in lines if line.text == "h1")
    # a8 at the top left, h1 at the bottom right, each inside its own cell
    assert xs[0] < a8.left < a8.right < xs[0] + side and ys[-1] < a8.bottom < ys[-1] + side
    assert xs[-1] < h1.left < h1.right < xs[-1] + side and ys[0] < h1.bottom < ys[0] + side


def test_labels_and_colours_from_a_csv(project: Project) -> None:
    (project.folder / "cells.csv").write_text("row,column,label,colour\n1,1,Lake,#3366aa\n"
                                              "2,3,Fort,\n", encoding="utf-8")
    _add(project, '\n[boards.map]\ntitle = "Map"\ngrid = "square"\nrows = 2\ncolumns = 3\n'
                  'cell_mm = 30\nlabels_csv = "cells.csv"\n')
    words = text(reader(project.render("map")))
    assert "Lake" in words and "Fort" in words


@pytest.mark.parametrize(("top", "rows", "columns"), [("pointy", 5, 6), ("flat", 4, 7)])
def test_a_hex_grid_draws_one_hexagon_per_cell(project: Project, top: str, rows: int,
                                               columns: int) -> None:
    _add(project, f'\n[boards.hexes]\ntitle = "Hexes"\ngrid = "hex"\ntop = "{top}"\n'
                  f'rows = {rows}\ncolumns = {columns}\ncell_mm = 22\n')
    pdf = project.render("hexes")
    # each hexagon is one closed path of a move and five lines
    assert _ops(pdf, b"h") == rows * columns
    assert _ops(pdf, b"l") >= 5 * rows * columns


def _map_picture(project: Project) -> None:
    (project.folder / "images").mkdir(exist_ok=True)
    Image.new("RGB", (1500, 1000), (90, 140, 90)).save(project.folder / "images" / "map.png")


PICTURE = """
[boards.island]
title = "Island"
grid = "picture"
picture = "images/map.png"
width_mm = 150
[[boards.island.spaces]]
x_mm = 20
y_mm = 20
label = "Harbour"
shape = "square"
colour = "#ffcc00"
[[boards.island.spaces]]
x_mm = 120
y_mm = 80
label = "Peak"
"""


def test_a_picture_board_prints_the_picture_at_real_size_and_spaces_where_placed(
        project: Project) -> None:
    _map_picture(project)
    _add(project, PICTURE)
    pdf = project.render("island")
    doc = reader(pdf)
    ops = ContentStream(doc.pages[0].get_contents(), doc).operations
    drawn = [ctm for _, op, ctm in with_ctm(ops) if op == b"Do"]
    assert len(drawn) == 1
    a, _b, _c, d, e, f = drawn[0]
    assert a == pytest.approx(150 * PT, abs=0.05) and d == pytest.approx(100 * PT, abs=0.05)
    lines = {line.text: line for line in printed_lines(pdf)[1]}
    for label, x_mm, y_mm in (("Harbour", 20, 20), ("Peak", 120, 80)):
        line = lines[label]
        cx, cy = (line.left + line.right) / 2, (line.bottom + line.top) / 2
        assert cx == pytest.approx(e + x_mm * PT, abs=2)
        assert cy == pytest.approx(f + d - y_mm * PT, abs=4)


def test_a_board_larger_than_a4_tiles_across_sheets(project: Project) -> None:
    _add(project, '\n[boards.big]\ntitle = "Big"\ngrid = "square"\nrows = 10\ncolumns = 12\n'
                  'cell_mm = 30\nlabels = ["A1"]\n')
    for paper in ("a4", "letter"):
        pdf = project.render("big", paper=paper)
        assert len(page_sizes(pdf)) > 1
        assert "Glue sheet" in text(reader(pdf))


def _one_line(exc: pytest.ExceptionInfo[BaseException]) -> list[str]:
    errors = exc.value.errors if isinstance(exc.value, DataErrors) else [exc.value]
    lines = [str(e) for e in errors]
    assert all("\n" not in line for line in lines)
    return lines


@pytest.mark.parametrize(("toml", "expected"), [
    ('grid = "square"\nrows = 3\ncolumns = 3\ncell_mm = 2', "boards.bad.cell_mm"),
    ('grid = "square"\nrows = 60\ncolumns = 60', "boards.bad.rows: 60 × 60 = 3,600 cells"),
    ('grid = "picture"\npicture = "images/none.png"\nwidth_mm = 100',
     "boards.bad.picture: image file 'images/none.png' not found"),
    ('grid = "picture"\npicture = "images/map.png"\nwidth_mm = 150\n'
     '[[boards.bad.spaces]]\nx_mm = 145\ny_mm = 50', "boards.bad.spaces[0]: the space at "
                                                    "(145, 50) mm"),
])
def test_each_error_is_one_line_naming_the_key(project: Project, toml: str,
                                               expected: str) -> None:
    _map_picture(project)
    _add(project, f'\n[boards.bad]\ntitle = "Bad"\n{toml}\n')
    with pytest.raises((DataErrors, DataError)) as exc:
        project.warnings()
    lines = _one_line(exc)
    assert any(expected in line and "game.toml" in line for line in lines), lines


def test_a_label_too_long_for_its_cell_is_a_finding_naming_board_and_cell(
        project: Project) -> None:
    _add(project, '\n[boards.tiny]\ntitle = "Tiny"\ngrid = "square"\nrows = 2\ncolumns = 2\n'
                  'cell_mm = 10\nlabels = ["ok", "", "", "Constantinople harbour"]\n')
    found = [str(e) for e in misfits(project.data(), project.folder, "game.toml")]
    assert len(found) == 1
    assert "boards.tiny" in found[0] and "cell (row 2, column 2)" in found[0]
    assert "Constantinople harbour" in found[0]


def test_hex_centres_touch_their_neighbours() -> None:
    from printkit.model.components.boards import _grid_cells

    spec = {"rows": 2, "columns": 2, "cell_mm": 20.0, "grid": "hex", "top": "pointy",
            "labels": [], "colours": [], "colour": "#ffffff"}
    _w, _h, cells = _grid_cells(spec, {})
    a, b, c = cells[0], cells[1], cells[2]
    assert math.dist((a.cx, a.cy), (b.cx, b.cy)) == pytest.approx(20 * PT)
    assert math.dist((a.cx, a.cy), (c.cx, c.cy)) == pytest.approx(20 * PT)


def test_two_colours_make_a_chequer_board() -> None:
    from printkit.model.components.boards import _grid_cells

    spec = {"rows": 3, "columns": 4, "cell_mm": 20.0, "grid": "square", "top": "pointy",
            "labels": [], "colours": ["#ffffff", "#000000"], "colour": "#ffffff"}
    _w, _h, cells = _grid_cells(spec, {})
    for k, cell in enumerate(cells):
        row, col = divmod(k, 4)
        assert cell.colour == ("#ffffff" if (row + col) % 2 == 0 else "#000000")


def test_cells_wider_than_a_sheet_are_cut_anywhere(project: Project) -> None:
    _add(project, '\n[boards.huge]\ntitle = "Huge"\ngrid = "square"\nrows = 2\ncolumns = 2\n'
                  'cell_mm = 200\n')
    assert len(page_sizes(project.render("huge"))) > 1


@pytest.mark.parametrize(("toml", "expected"), [
    ('labels_csv = "cells.csv"', "cells.csv: line 3: cell (3, 1) is not on the 2 × 2 board"),
    ('labels_csv = "none.csv"', "game.toml: boards.bad.labels_csv: labels file 'none.csv' "
                                "not found"),
])
def test_a_labels_csv_error_is_one_line_naming_the_line(project: Project, toml: str,
                                                        expected: str) -> None:
    (project.folder / "cells.csv").write_text("row,column,label\n1,1,A\n3,1,B\n",
                                              encoding="utf-8")
    _add(project, f'\n[boards.bad]\ntitle = "Bad"\ngrid = "square"\nrows = 2\ncolumns = 2\n'
                  f'{toml}\n')
    with pytest.raises((DataErrors, DataError)) as exc:
        project.warnings()
    assert any(expected in line for line in _one_line(exc)), _one_line(exc)


def test_a_picture_outside_the_project_is_refused(project: Project, tmp_path) -> None:
    Image.new("RGB", (300, 200)).save(tmp_path / "outside.png")
    _add(project, '\n[boards.bad]\ntitle = "Bad"\ngrid = "picture"\n'
                  'picture = "../outside.png"\nwidth_mm = 100\n')
    with pytest.raises((DataErrors, DataError)) as exc:
        project.warnings()
    lines = _one_line(exc)
    assert len(lines) == 1 and "boards.bad.picture" in lines[0], lines
