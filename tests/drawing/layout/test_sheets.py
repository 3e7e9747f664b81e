"""Card sheets checked in the PDF itself: page order, page boxes and rendered pixels."""

from __future__ import annotations

from collections.abc import Iterable
from io import BytesIO

import pypdf
import pypdfium2
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.layout import (
    CardBox,
    CardGrid,
    CardSize,
    PrintSpec,
    card_grid,
    draw_card_sheets,
    mark_segments,
    mm,
    paper,
)
from tests.support import with_ctm

SHOP = PrintSpec(layout="shop")
COUNT = 12
SCALE = 8  # pixels per point: a 0.25 pt mark is 2 px wide
WHITE = (255, 255, 255)
FRONT_COLOURS = ((220, 30, 30), (30, 160, 60))  # alternate so neighbours differ


def back_colour(index: int) -> tuple[int, int, int]:
    """A colour unique to each card, so a back drawn in the wrong slot shows."""
    return (20 * index, 40, 200)


def fill(canvas: Canvas, rgb: tuple[int, int, int], box: CardBox, spill_mm: float) -> None:
    """Fill well past the bleed: only the sheet's clip can keep this off neighbours."""
    canvas.setFillColorRGB(*(c / 255 for c in rgb))
    r = box.bleed.outset(mm(spill_mm))
    canvas.rect(r.x, r.y, r.width, r.height, stroke=0, fill=1)


def front(canvas: Canvas, index: int, box: CardBox) -> None:
    fill(canvas, FRONT_COLOURS[index % 2], box, spill_mm=10)


def back(canvas: Canvas, index: int, box: CardBox) -> None:
    fill(canvas, back_colour(index), box, spill_mm=10)


def build(grid: CardGrid, with_backs: bool = True, trailer: bool = False) -> tuple[bytes, int]:
    buf = BytesIO()
    canvas = Canvas(buf, invariant=1)
    pages = draw_card_sheets(canvas, grid, COUNT, front, back if with_backs else None)
    if trailer:  # a following page, e.g. the rules, must not inherit the boxes
        canvas.setPageSize(grid.paper.size)
        canvas.drawString(72, 72, "rules")
        canvas.showPage()
    canvas.save()
    return buf.getvalue(), pages


# Portrait 3 × 3 and landscape 5 × 2 grids; 12 cards leave the last page part-empty.
GRIDS = [
    pytest.param(("a4", (50, 70)), id="a4-portrait"),
    pytest.param(("letter", (50, 70)), id="letter-portrait"),
    pytest.param(("a4", (45, 65)), id="a4-landscape"),
    pytest.param(("letter", (45, 65)), id="letter-landscape"),
]


@pytest.fixture(params=GRIDS)
def grid(request: pytest.FixtureRequest) -> CardGrid:
    pid, (w, h) = request.param
    g = card_grid(paper(pid), CardSize(w, h), SHOP)
    assert COUNT % g.per_page, "the test needs a part-empty last page"
    return g


@pytest.fixture
def pdf(grid: CardGrid) -> bytes:
    return build(grid)[0]


def render(pdf: bytes, page: int) -> Image.Image:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[page].render(scale=SCALE).to_pil().convert("RGB")
    finally:
        document.close()


def pixel(image: Image.Image, grid: CardGrid, x: float, y: float) -> tuple[int, int, int]:
    """Colour at page point (x, y); PDF y grows upwards, image rows downwards."""
    return image.getpixel((int(x * SCALE), int((grid.page_size[1] - y) * SCALE)))


def close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(u - v) <= 3 for u, v in zip(a, b, strict=True))


def approx_box(box: object) -> list[float]:
    return pytest.approx([float(v) for v in box], abs=1e-3)  # type: ignore[attr-defined]


def extent(rects: list) -> tuple[float, float, float, float]:
    return (min(r.x for r in rects), min(r.y for r in rects), max(r.right for r in rects),
            max(r.top for r in rects))


def test_page_count_and_boxes(grid: CardGrid, pdf: bytes) -> None:
    """A shop sheet is the print shop's product as it is, cut along its crop marks: its
    TrimBox and BleedBox are the whole sheet. A landscape sheet lies turned on portrait
    paper, shown upright by /Rotate 90."""
    reader = pypdf.PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 2 * grid.pages(COUNT) == build(grid)[1]
    for page in reader.pages:
        paper_box = approx_box((0, 0, *grid.paper.size))
        assert [float(v) for v in page.mediabox] == paper_box
        assert page.rotation == (90 if grid.landscape else 0)
        assert [float(v) for v in page.trimbox] == paper_box
        assert [float(v) for v in page.bleedbox] == paper_box


def test_without_backs_only_fronts(grid: CardGrid) -> None:
    data, pages = build(grid, with_backs=False)
    assert pages == grid.pages(COUNT) == len(pypdf.PdfReader(BytesIO(data)).pages)


def test_boxes_do_not_leak_to_following_pages(grid: CardGrid) -> None:
    data, pages = build(grid, trailer=True)
    last = pypdf.PdfReader(BytesIO(data)).pages[pages]
    assert "/TrimBox" not in last and "/BleedBox" not in last
    assert [float(v) for v in last.mediabox] == approx_box((0, 0, *grid.paper.size))


def test_card_code_gets_the_grid_boxes(grid: CardGrid) -> None:
    calls: list[tuple[str, int, CardBox]] = []
    draw_card_sheets(
        Canvas(BytesIO()),
        grid,
        COUNT,
        lambda _c, i, b: calls.append(("front", i, b)),
        lambda _c, i, b: calls.append(("back", i, b)),
    )
    expected = []
    for page in range(grid.pages(COUNT)):
        first = page * grid.per_page
        slots = range(min(grid.per_page, COUNT - first))
        expected += [("front", first + s, grid.front_box(s)) for s in slots]
        expected += [("back", first + s, grid.back_box(s)) for s in slots]
    assert calls == expected


def test_fronts_and_backs_interleave(grid: CardGrid, pdf: bytes) -> None:
    for page in range(2 * grid.pages(COUNT)):
        image = render(pdf, page)
        first = (page // 2) * grid.per_page
        if page % 2 == 0:
            assert close(
                pixel(image, grid, *grid.front_box(0).trim.centre), FRONT_COLOURS[first % 2]
            )
        else:
            want = back_colour(first)
            assert close(pixel(image, grid, *grid.back_box(0).trim.centre), want)


def test_each_back_lands_behind_its_front(grid: CardGrid, pdf: bytes) -> None:
    for page in range(grid.pages(COUNT)):
        image = render(pdf, 2 * page + 1)
        for slot in range(grid.per_page):
            index = page * grid.per_page + slot
            got = pixel(image, grid, *grid.back_box(slot).trim.centre)
            assert close(got, back_colour(index) if index < COUNT else WHITE), (slot, got)


def test_empty_slots_stay_empty_on_both_sides(grid: CardGrid, pdf: bytes) -> None:
    last = grid.pages(COUNT) - 1
    used = COUNT - last * grid.per_page
    fronts, backs = render(pdf, 2 * last), render(pdf, 2 * last + 1)
    for slot in range(used, grid.per_page):
        assert pixel(fronts, grid, *grid.front_box(slot).bleed.centre) == WHITE
        assert pixel(backs, grid, *grid.back_box(slot).bleed.centre) == WHITE


def test_crop_marks_are_dark(grid: CardGrid, pdf: bytes) -> None:
    image = render(pdf, 0)
    for x1, y1, x2, y2 in mark_segments(grid):
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        px, py = int(cx * SCALE), int((grid.page_size[1] - cy) * SCALE)
        around = [image.getpixel((px + dx, py + dy)) for dx in range(-2, 3) for dy in range(-2, 3)]
        assert min(sum(c) for c in around) < 3 * 100, (x1, y1, x2, y2)


def test_fills_stay_inside_their_bleed(grid: CardGrid, pdf: bytes) -> None:
    image = render(pdf, 0)
    step = mm(0.5)
    outer = grid.grid_bleed
    for slot in range(grid.per_page):
        box = grid.front_box(slot)
        own = FRONT_COLOURS[slot % 2]
        cx, cy = box.bleed.centre
        # Just inside each edge of the bleed: this card's colour, even where
        # the neighbour drawn later spilled 10 mm over it.
        for x, y in (
            (box.bleed.x + step, cy),
            (box.bleed.right - step, cy),
            (cx, box.bleed.y + step),
            (cx, box.bleed.top - step),
        ):
            assert close(pixel(image, grid, x, y), own), (slot, x, y)
    # Just outside the grid bleed, between cut lines: no card paint at all.
    for slot in range(grid.per_page):
        cx, cy = grid.front_box(slot).bleed.centre
        for x, y in ((cx, outer.top + step), (cx, outer.y - step)):
            assert pixel(image, grid, x, y) == WHITE
        for x, y in ((outer.x - step, cy), (outer.right + step, cy)):
            assert pixel(image, grid, x, y) == WHITE


def test_negative_count_is_rejected(grid: CardGrid) -> None:
    with pytest.raises(ValueError):
        draw_card_sheets(Canvas(BytesIO()), grid, -1, front)


def _rectangles_on_paper(pdf: bytes, page_index: int) -> list[tuple[float, float]]:
    """Lower-left corners of every ``re`` of a page, in the page's default user space (the
    paper), following q/Q and every ``cm`` as a PDF reader does."""
    from pypdf.generic import ContentStream

    page = pypdf.PdfReader(BytesIO(pdf)).pages[page_index]
    ops = ContentStream(page.get_contents(), page.pdf).operations
    found = []
    for operands, op, ctm in with_ctm(ops):
        if op == b"re":
            x, y = float(operands[0]), float(operands[1])
            A, B, C, D, E, F = ctm
            found.append((x * A + y * C + E, x * B + y * D + F))
    return found


@pytest.mark.parametrize("offset", [(2.0, -1.0), (-1.5, 3.0)])
def test_a_turned_back_page_moves_by_the_offset_in_paper_axes(offset: tuple[float, float]
                                                               ) -> None:
    """The offset read on the calibration sheet (x right, y up on the paper) moves every
    mark of a landscape back page by exactly that on the paper, whatever the turn."""
    plain = card_grid(paper("a4"), CardSize(45, 65), SHOP)
    moved = card_grid(paper("a4"), CardSize(45, 65),
                      PrintSpec(layout="shop", duplex_offset_mm=offset))
    assert plain.turned and moved.turned
    before = _rectangles_on_paper(build(plain)[0], 1)
    after = _rectangles_on_paper(build(moved)[0], 1)
    assert len(before) == len(after) > plain.per_page
    for (x0, y0), (x1, y1) in zip(before, after, strict=True):
        assert (x1 - x0, y1 - y0) == pytest.approx((mm(offset[0]), mm(offset[1])), abs=1e-3)
    # Fronts never move.
    # (pytest.approx takes flat sequences only since pytest 9.1)
    flat = [[v for point in _rectangles_on_paper(build(grid)[0], 0) for v in point]
            for grid in (plain, moved)]
    assert flat[0] == pytest.approx(flat[1])


def _fill_bleed(canvas: Canvas, index: int, box: CardBox) -> None:
    """A back as real card code draws it: its colour fills the bleed it is given, no more."""
    canvas.setFillColorRGB(*(c / 255 for c in back_colour(index)))
    canvas.rect(box.bleed.x, box.bleed.y, box.bleed.width, box.bleed.height, stroke=0, fill=1)


HOME = PrintSpec(layout="home")


def _backs_page(grid: CardGrid) -> Image.Image:
    """The first backs page of a full sheet of ``grid``, backs filling their bleed."""
    buf = BytesIO()
    canvas = Canvas(buf, invariant=1)
    draw_card_sheets(canvas, grid, grid.per_page, front, _fill_bleed)
    canvas.save()
    return render(buf.getvalue(), 1)


def _assert_covered(image: Image.Image, nominal: CardGrid, inset: float,
                    eighths: Iterable[int]) -> None:
    """No paper white just inside any card's cut lines (where they fall when nothing
    drifts), sampled at the given eighths along each edge."""
    for slot in range(nominal.per_page):
        cut = nominal.back_box(slot).trim
        for k in eighths:
            fx, fy = cut.x + cut.width * k / 8, cut.y + cut.height * k / 8
            for x, y in ((cut.x + inset, fy), (cut.right - inset, fy), (fx, cut.y + inset),
                         (fx, cut.top - inset)):
                assert not close(pixel(image, nominal, x, y), WHITE), (slot, x, y)


@pytest.mark.parametrize("card", [(63, 88), (45, 65)], ids=["portrait", "turned"])
def test_home_backs_reach_beyond_the_outer_cut_lines(card: tuple[int, int]) -> None:
    grid = card_grid(paper("a4"), CardSize(*card), HOME)
    image = _backs_page(grid)
    trim, area = grid.grid_trim, grid.printable
    cx, cy = trim.centre
    # Past the outer cut lines, inside the 2.5 mm the backs reach, but never into the
    # printer margin: where the margin is closer, halfway to it.
    room = {"left": trim.x - area.x, "right": area.right - trim.right,
            "bottom": trim.y - area.y, "top": area.top - trim.top}
    reach = {side: min(mm(2), d / 2) for side, d in room.items()}
    for x, y in ((trim.x - reach["left"], cy), (trim.right + reach["right"], cy),
                 (cx, trim.y - reach["bottom"]), (cx, trim.top + reach["top"])):
        assert not close(pixel(image, grid, x, y), WHITE), (x, y)
    # In the printer margin there is only paper.
    for x, y in ((area.x - mm(0.5), cy), (area.right + mm(0.5), cy),
                 (cx, area.y - mm(0.5)), (cx, area.top + mm(0.5))):
        assert close(pixel(image, grid, x, y), WHITE), (x, y)


@pytest.mark.parametrize("shift", [(1.5, 0), (-1.5, 0), (0, 1.5), (0, -1.5), (1.5, -1.5)])
@pytest.mark.parametrize("card", [(63, 88), (45, 65)], ids=["portrait", "turned"])
def test_a_drifted_back_page_leaves_no_white_on_any_card(shift: tuple[float, float],
                                                         card: tuple[int, int]) -> None:
    """The printer puts the back page 1.5 mm off (the offset stands in for the drift): cut
    along the fronts' lines, every card is covered by a back to its edges."""
    drifted = card_grid(paper("a4"), CardSize(*card), PrintSpec(layout="home",
                                                                 duplex_offset_mm=shift))
    nominal = card_grid(paper("a4"), CardSize(*card), HOME)
    _assert_covered(_backs_page(drifted), nominal, mm(0.3), range(1, 8))


def _yeti_card(data: dict) -> CardSize:
    from printkit.games.yeti_slalom.cards import card_size

    return card_size(data)


def _pick_card(data: dict) -> CardSize:
    from printkit.games.pick_a_polar_bear.card_sheets import card_size

    return card_size(data)


@pytest.mark.parametrize(("game_id", "document", "card"), [
    ("yeti-slalom", "cards", _yeti_card), ("pick-a-polar-bear", "animal-cards", _pick_card)])
def test_a_real_kits_drifted_backs_cover_every_card_to_its_edges(game_id: str, document: str,
                                                                card) -> None:  # type: ignore[no-untyped-def]
    """The kit's own card backs, their page drifted 1.5 mm: sampled just inside every cut,
    no card shows paper white."""
    import dataclasses

    from printkit.games import GAMES
    from printkit.geometry import DEFAULT_SPEC, PAPERS
    from printkit.language.translations import Localizer
    from printkit.model.game import RenderContext

    game = GAMES[game_id]
    data = game.load_data()
    drifted = dataclasses.replace(DEFAULT_SPEC, duplex_offset_mm=(1.5, -1.5))
    ctx = RenderContext(game=game, data=data, examples={}, localizer=Localizer.for_locale("en"),
                        paper=PAPERS["a4"], document=document, spec=drifted)
    pdf = game.document(document).render(ctx)
    nominal = dataclasses.replace(ctx, spec=DEFAULT_SPEC)
    first_page = pypdf.PdfReader(BytesIO(pdf)).pages[0]
    # The first sheet's grid: the document's first card size, as the renderer asks for it.
    grid = nominal.card_grid(card(data), None, "print")
    assert first_page.rotation == (90 if grid.turned else 0)
    _assert_covered(render(pdf, 1), grid, mm(0.4), (1, 3, 5, 7))
