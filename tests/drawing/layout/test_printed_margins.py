"""Nothing a build prints lies in the strip along the paper's edges that printers leave blank.

Home printers leave 4 to 6.35 mm unprinted; a cut line, crop mark, fold line, sheet
label or piece of art (bleed included) drawn there is lost or cut short. The geometry
tests check the rectangles printkit means to draw; these read the PDFs a build wrote,
page by page and object by object (see :mod:`tests.printed`), so whatever draws ink
where it should not is caught: every game, both papers, every layout (home, with the
fold and ink-saver versions every build writes, and shop), and a wider margin asked for
with the build option.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout.labels import LabelBox
from printkit.drawing.layout.marks import sheet_trims
from printkit.drawing.layout.sheets import draw_card_sheets
from printkit.geometry import (
    MAX_PRINTER_MARGIN_MM,
    PAPERS,
    PRINTER_MARGIN_MM,
    CardBox,
    CardSize,
    PrintSpec,
    Rect,
    card_grid,
    mm,
)
from printkit.model.variants import ONE_UP
from tests.printed import inks, nearest_edge

#: Files that only gather other files' pages (the kit, the print runs): measured in their
#: parts.
GATHERED = ("kit-", "print-")
#: Float noise of PDFium's single-precision boxes, in mm.
NOISE_MM = 1e-3

#: (paper, layout, printer margin): every document of every game, in English, read from
#: the session's kits (the shop layout's is built for the widest margin accepted). The shop
#: layout's marks are checked on every paper by the geometry tests; here once.
BUILDS = [("a4", "home", PRINTER_MARGIN_MM), ("letter", "home", PRINTER_MARGIN_MM),
          ("letter", "shop", MAX_PRINTER_MARGIN_MM)]


@pytest.fixture(scope="module", params=BUILDS, ids=["-".join(map(str, b)) for b in BUILDS])
def built(request: pytest.FixtureRequest) -> tuple[Path, str, str, float]:
    paper, layout, margin = request.param
    if layout == "shop":
        out, _said = request.getfixturevalue("built_in_layout")(paper, layout)
    else:
        out = request.getfixturevalue("built_kit" if paper == "a4" else "built_kit_letter")
    return out, paper, layout, margin


def _documents(out: Path) -> list[Path]:
    """Every document a home printer prints: not the one-card-a-page files for print shops
    (ONE_UP), which bleed to the page's edge, as a shop that prints card by card wants."""
    found = sorted(p for p in out.glob("*/en/*.pdf") if not p.name.startswith(GATHERED)
                   and f"-{ONE_UP.id}-" not in p.name)
    assert found, f"no documents under {out}"
    return found


def test_nothing_is_printed_within_the_printer_margin(
        built: tuple[Path, str, str, float]) -> None:
    out, _paper, _layout, margin = built
    near = []
    for path in _documents(out):
        found = nearest_edge(path)
        if found is not None and found[0] < margin - NOISE_MM:
            near.append(f"{path.relative_to(out)} p. {found[1].page}: {found[1].kind} "
                        f"{found[0]:.2f} mm from the edge")
    assert not near, near


def test_home_cut_lines_run_out_to_the_printer_margin(
        built: tuple[Path, str, str, float]) -> None:
    """The cut lines of butted cards reach the margin, no further and not short of it: a
    trimmer follows them from the sheet's edge (and the test above sees them)."""
    out, paper, layout, margin = built
    if layout != "home":
        pytest.skip("crop marks of the shop layout stop where the grid leaves them room")
    for name in ("yeti-slalom/en/cards", "coraz-blizej-swieta/en/tydzien-cards",
                 "pick-a-polar-bear/en/animal-cards-fold"):
        found = nearest_edge(out / f"{name}-{paper}.pdf")
        assert found is not None
        assert found[0] == pytest.approx(margin, abs=NOISE_MM), (name, found)


# --- card sheets as the layout draws them, every layout, paper and duplex offset ----------

class _Filled:
    """Sheet labels that fill the whole place they are given: the most a label can ink."""

    def _fill(self, canvas: Canvas, places: list[LabelBox]) -> LabelBox | None:
        if not places:
            return None
        r = places[0].rect
        canvas.rect(r.x, r.y, r.width, r.height, stroke=0, fill=1)
        return places[0]

    def sheet(self, canvas: Canvas, role: str, number: int, total: int,
              places: list[LabelBox]) -> LabelBox | None:
        return self._fill(canvas, places)

    def fold_hint(self, canvas: Canvas, places: list[LabelBox]) -> LabelBox | None:
        return self._fill(canvas, places)


def _spill(canvas: Canvas, index: int, box: CardBox) -> None:
    """A card painted 10 mm past its bleed: the sheet's clip decides what shows."""
    r = box.bleed.outset(mm(10))
    canvas.setFillColorRGB(0.2, 0.3 + 0.1 * (index % 3), 0.6)
    canvas.rect(r.x, r.y, r.width, r.height, stroke=0, fill=1)


def _inside(box: tuple[float, float, float, float], rect: Rect) -> bool:
    slack = mm(NOISE_MM)
    return (box[0] >= rect.x - slack and box[1] >= rect.y - slack
            and box[2] <= rect.right + slack and box[3] <= rect.top + slack)


@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -3.0)], ids=["aligned", "offset"])
@pytest.mark.parametrize("layout", ["home", "shop", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", [(63, 88), (41, 63), (25, 25), (45, 65), (70, 120),
                                  (25, 25, "circle")],
                         ids=lambda c: "x".join(map(str, c)))
def test_card_sheets_keep_out_of_the_printer_margin(tmp_path: Path, card: tuple,
                                                    paper: str, layout: str,
                                                    offset: tuple[float, float]) -> None:
    """Cut lines, crop marks, the fold line, labels and every card's art and bleed lie inside
    the printer margin; on a backs page moved by a duplex offset, everything but the cards
    themselves (moved with the page, as the offset asks) still lies inside it on paper."""
    spec = PrintSpec(layout=layout, duplex_offset_mm=offset)
    grid = card_grid(PAPERS[paper], CardSize(*card), spec)
    path = tmp_path / "sheet.pdf"
    canvas = Canvas(str(path), invariant=1)
    count = grid.per_page + 1  # a full sheet and a part-empty one
    draw_card_sheets(canvas, grid, count, _spill, _spill, _Filled())
    canvas.save()
    dx, dy = grid.back_offset
    for number, (media, page) in enumerate(inks(path)):
        backs = grid.duplex and number % 2 == 1
        area = grid.on_media(grid.printable)
        cards = [grid.on_media(b) for b in (
            [Rect(t.x, t.y, t.width, t.height) for t in sheet_trims(grid, backs=True)]
            if backs else [])]
        for ink in page:
            x0, y0, x1, y1 = ink.box
            # What lies outside the printable area must lie on a (moved) card.
            strips = [(x0, y0, min(x1, area.x), y1), (max(x0, area.right), y0, x1, y1),
                      (x0, y0, x1, min(y1, area.y)), (x0, max(y0, area.top), x1, y1)]
            outside = [b for b in strips
                       if b[2] - b[0] > mm(NOISE_MM) and b[3] - b[1] > mm(NOISE_MM)]
            if all(any(_inside(b, c) for c in cards) for b in outside):
                continue
            raise AssertionError(f"page {number + 1}: {ink.kind} at "
                                 f"{[round(v / mm(1), 2) for v in ink.box]} mm, "
                                 f"{ink.edge_mm(media):.2f} mm from the edge "
                                 f"(offset {dx / mm(1):g},{dy / mm(1):g})")


# --- the measuring itself ----------------------------------------------------------------

def _pdf(tmp_path: Path, draw: object) -> Path:
    path = tmp_path / "page.pdf"
    canvas = Canvas(str(path), pagesize=PAPERS["a4"].size)
    draw(canvas)  # type: ignore[operator]
    canvas.showPage()
    canvas.save()
    return path


def test_a_line_run_to_the_paper_edge_is_seen(tmp_path: Path) -> None:
    def draw(c: Canvas) -> None:
        c.setLineWidth(0.25)
        c.lines([(mm(20), mm(100), mm(20), mm(150)), (mm(30), mm(100), mm(30), 0)])

    found = nearest_edge(_pdf(tmp_path, draw))
    assert found is not None and found[0] == pytest.approx(0, abs=NOISE_MM)


def test_art_drawn_past_its_clip_counts_only_where_it_shows(tmp_path: Path) -> None:
    def draw(c: Canvas) -> None:
        c.saveState()
        path = c.beginPath()
        path.rect(mm(10), mm(10), mm(50), mm(50))
        c.clipPath(path, stroke=0, fill=0)
        c.rect(-mm(20), -mm(20), mm(100), mm(100), stroke=0, fill=1)  # past the paper edge
        c.restoreState()

    found = nearest_edge(_pdf(tmp_path, draw))
    assert found is not None and found[0] == pytest.approx(10, abs=NOISE_MM)


def test_a_butt_capped_line_ends_where_it_is_drawn_and_a_round_one_beyond(
        tmp_path: Path) -> None:
    area = Rect(0, 0, *PAPERS["a4"].size).inset(mm(6))

    def draw(cap: int) -> object:
        def go(c: Canvas) -> None:
            c.setLineWidth(2)
            c.setLineCap(cap)
            c.line(area.x, mm(100), mm(50), mm(100))
        return go

    butt = nearest_edge(_pdf(tmp_path, draw(0)))
    assert butt is not None and butt[0] == pytest.approx(6, abs=NOISE_MM)
    rounded = nearest_edge(_pdf(tmp_path, draw(1)))
    assert rounded is not None and rounded[0] == pytest.approx(6 - 1 / mm(1), abs=NOISE_MM)
