"""Geometry invariants of shop card grids (bleed, gutters, crop marks), for both papers
and many card sizes. The home and fold layouts are tested in test_layouts.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.drawing.layout import (
    MM,
    PAPERS,
    CardGrid,
    CardSize,
    LayoutError,
    PrintSpec,
    Rect,
    card_grid,
    mark_segments,
    mm,
    page_area,
    paper,
)
from printkit.errors import PrintkitError
from printkit.geometry import ROUND_GAP_MM

TOL = 1e-6  # points

papers = st.sampled_from(sorted(PAPERS))
sides = st.floats(min_value=40, max_value=90, allow_nan=False, allow_infinity=False)
specs = st.builds(
    PrintSpec,
    bleed_mm=st.floats(0, 5),
    safe_mm=st.floats(0, 5),
    mark_length_mm=st.floats(2, 8),
    mark_gap_mm=st.floats(0, 3),
    printer_margin_mm=st.floats(0, 6.35),
    layout=st.just("shop"),
)

SHOP = PrintSpec(layout="shop")
DEFAULT_SPECS = st.just(SHOP)


def grids(spec_strategy: st.SearchStrategy[PrintSpec] = DEFAULT_SPECS) -> st.SearchStrategy:
    """Grids for either paper and any card with sides between 40 and 90 mm."""
    return st.builds(
        lambda p, w, h, s: card_grid(paper(p), CardSize(w, h), s),
        papers,
        sides,
        sides,
        spec_strategy,
    )


def same_rect(a: Rect, b: Rect) -> bool:
    return all(abs(u - v) < TOL for u, v in zip(a.as_box(), b.as_box(), strict=True))


def test_mm_and_papers() -> None:
    assert mm(25.4) == pytest.approx(72)
    assert MM == pytest.approx(2.834645669)
    assert paper("a4").size == pytest.approx((595.2756, 841.8898), abs=1e-3)
    assert paper("Letter").size == pytest.approx((612, 792))
    assert paper("letter").landscape_size == pytest.approx((792, 612))


def test_rect_helpers() -> None:
    r = Rect(10, 20, 30, 40)
    assert (r.right, r.top, r.centre) == (40, 60, (25, 40))
    assert r.inset(5) == Rect(15, 25, 20, 30)
    assert r.outset(5).inset(5) == r
    assert r.contains(r) and r.outset(1).contains(r) and not r.contains(r.outset(1))
    assert not Rect(0, 0, 10, 10).overlaps(Rect(10, 0, 10, 10))
    assert Rect(0, 0, 10, 10).overlaps(Rect(9, 9, 10, 10))
    assert r.mirror_x(100) == Rect(60, 20, 30, 40)
    assert r.as_box() == (10, 20, 40, 60)


def test_unknown_paper_names_the_valid_ids() -> None:
    with pytest.raises(LayoutError) as info:
        paper("a5")
    message = str(info.value)
    assert "'a5'" in message and "a4" in message and "letter" in message
    assert "\n" not in message
    assert isinstance(info.value, PrintkitError)


@pytest.mark.parametrize("pid", sorted(PAPERS))
def test_too_large_card_is_a_layout_error(pid: str) -> None:
    with pytest.raises(LayoutError) as info:
        card_grid(paper(pid), CardSize(200, 300), SHOP)
    message = str(info.value)
    assert "200×300 mm" in message and PAPERS[pid].name in message
    assert "\n" not in message


def test_largest_card_named_in_the_error_does_fit() -> None:
    # 210 - 2 × (6 margin + 1 gap + 3 shortest marks + 3 bleed) = 184; 297 - 26 = 271.
    with pytest.raises(LayoutError, match="184×271 mm"):
        card_grid(paper("a4"), CardSize(185, 272), SHOP)
    largest = card_grid(paper("a4"), CardSize(184, 271), SHOP)
    assert largest.per_page == 1 and largest.spec.mark_length_mm == 3.0


def test_shop_sheets_shorten_their_crop_marks_for_a_denser_grid() -> None:
    # Poker cards with bleed are 69 × 94 mm: A4 landscape holds 4 × 2 of them once the
    # marks are 3.5 mm instead of 5 (297 - 4 × 69 = 21 = 2 × (6 + 1 + 3.5)).
    grid = card_grid(paper("a4"), CardSize(63, 88), SHOP)
    assert (grid.cols, grid.rows, grid.landscape) == (4, 2, True)
    assert grid.spec.mark_length_mm == 3.5
    assert grid.marks_extent.x >= mm(6) - 1e-6
    # Yeti Slalom's 41 × 63 mm mini cards are 47 × 69 mm with bleed: four rows take 276 of
    # A4's 297 mm, which leaves 3.5 mm marks (297 - 276 = 21 = 2 × (6 + 1 + 3.5)).
    mini = card_grid(paper("a4"), CardSize(41, 63), SHOP)
    assert (mini.cols, mini.rows, mini.landscape, mini.spec.mark_length_mm) == (4, 4, False, 3.5)
    assert mini.marks_extent.y >= mm(6) - 1e-6
    # Where the spec's own marks fit, they stay as they are.
    assert card_grid(paper("letter"), CardSize(55, 55), SHOP).spec.mark_length_mm == 5.0


def test_bad_sizes_are_layout_errors() -> None:
    with pytest.raises(LayoutError):
        CardSize(0, 10)
    with pytest.raises(LayoutError):
        PrintSpec(bleed_mm=-1)
    with pytest.raises(LayoutError, match="safe zone"):
        card_grid(paper("a4"), CardSize(5, 40), SHOP)


def test_poker_on_a4() -> None:
    # Nine poker cards need 3 × (63 + 2 × 3) = 207 mm across, more than the
    # 210 - 2 × 6 = 198 mm the sheet margin leaves; turned landscape, with crop
    # marks shortened to 3.5 mm, A4 holds 4 × 2 (the densest way, not 2 × 2).
    grid = card_grid(paper("a4"), CardSize(63, 88), SHOP)
    assert (grid.cols, grid.rows, grid.per_page, grid.landscape) == (4, 2, 8, True)
    assert grid.pages(9) == 2
    # Letter in landscape holds 3 × 2 with the full 5 mm marks.
    assert card_grid(paper("letter"), CardSize(63, 88), SHOP).per_page == 6


def test_poker_nine_up_on_a4_with_a_tight_spec() -> None:
    tight = PrintSpec(bleed_mm=1, mark_gap_mm=0.5, mark_length_mm=2.5, printer_margin_mm=4,
                      layout="shop")
    grid = card_grid(paper("a4"), CardSize(63, 88), tight)
    assert (grid.cols, grid.rows) == (3, 3)


def test_slots_are_left_to_right_top_to_bottom() -> None:
    grid = card_grid(paper("a4"), CardSize(40, 40), SHOP)
    first, second, next_row = (grid.front_box(s).trim for s in (0, 1, grid.cols))
    assert second.x > first.x and second.y == pytest.approx(first.y)
    assert next_row.top < first.y and next_row.x == pytest.approx(first.x)
    assert same_rect(first, Rect(grid.grid_trim.x, first.y, mm(40), mm(40)))
    assert first.top == pytest.approx(grid.grid_trim.top)
    with pytest.raises(IndexError):
        grid.front_box(grid.per_page)


def test_pages() -> None:
    grid = card_grid(paper("a4"), CardSize(63, 88), SHOP)
    assert [grid.pages(n) for n in (0, 1, 8, 9, 17)] == [0, 1, 1, 2, 3]


@given(grids())
def test_grid_is_centred(grid: CardGrid) -> None:
    cx, cy = grid.grid_bleed.centre
    assert cx == pytest.approx(grid.page_size[0] / 2)
    assert cy == pytest.approx(grid.page_size[1] / 2)
    assert grid.grid_trim.centre == pytest.approx(grid.grid_bleed.centre)


@given(grids(specs))
def test_each_card_has_exact_bleed_and_safe_zone(grid: CardGrid) -> None:
    b, s = mm(grid.spec.bleed_mm), mm(grid.spec.safe_mm)
    for slot in range(grid.per_page):
        box = grid.front_box(slot)
        assert same_rect(box.bleed, box.trim.outset(b))
        assert same_rect(box.safe, box.trim.inset(s))
        assert box.trim.width == pytest.approx(mm(grid.card.width_mm))
        assert box.trim.height == pytest.approx(mm(grid.card.height_mm))
        assert grid.grid_trim.contains(box.trim)
        assert grid.grid_bleed.contains(box.bleed)


@given(grids(specs))
def test_neighbour_bleeds_touch_but_do_not_overlap(grid: CardGrid) -> None:
    boxes = [grid.front_box(slot) for slot in range(grid.per_page)]
    for i, a in enumerate(boxes):
        for c in boxes[i + 1 :]:
            assert not a.bleed.overlaps(c.bleed)
    gutter = 2 * mm(grid.spec.bleed_mm)
    if grid.cols > 1:
        assert boxes[1].trim.x - boxes[0].trim.right == pytest.approx(gutter)
    if grid.rows > 1:
        assert boxes[0].trim.y - boxes[grid.cols].trim.top == pytest.approx(gutter)


@given(grids(specs))
def test_bleed_and_marks_stay_inside_the_sheet_margin(grid: CardGrid) -> None:
    printable = page_area(grid.paper, grid.landscape, grid.spec.printer_margin_mm)
    assert printable.contains(grid.marks_extent)
    bleeds = [grid.front_box(s).bleed for s in range(grid.per_page)]
    for x1, y1, x2, y2 in mark_segments(grid):
        seg = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        assert printable.contains(seg)
        assert not grid.grid_bleed.overlaps(seg)
        assert not any(b.overlaps(seg) for b in bleeds)
        # Marks start exactly mark_gap_mm outside the grid bleed.
        outer = grid.grid_bleed
        assert max(
            seg.x - outer.right, outer.x - seg.right, seg.y - outer.top, outer.y - seg.top
        ) == pytest.approx(mm(grid.spec.mark_gap_mm), abs=TOL)


def brute_force(grid: CardGrid, landscape: bool) -> tuple[int, int]:
    """The largest (cols, rows) whose marks fit the printable area, found by trying."""
    size = grid.paper.landscape_size if landscape else grid.paper.size
    printable = page_area(grid.paper, landscape, grid.spec.printer_margin_mm)

    def fits(cols: int, rows: int) -> bool:
        trial = CardGrid(grid.paper, size, grid.card, grid.spec, cols, rows)
        return printable.contains(trial.marks_extent)

    cols = rows = 0
    while fits(cols + 1, 1):
        cols += 1
    while fits(1, rows + 1):
        rows += 1
    return (cols, rows) if cols and rows else (0, 0)


@given(grids(specs))
def test_grid_is_as_large_as_the_page_allows(grid: CardGrid) -> None:
    assert (grid.cols, grid.rows) == brute_force(grid, grid.landscape)
    assert grid.page_size == (grid.paper.landscape_size if grid.landscape else grid.paper.size)


@given(grids(specs))
def test_orientation_holds_most_cards_portrait_on_tie(grid: CardGrid) -> None:
    portrait = brute_force(grid, landscape=False)
    landscape = brute_force(grid, landscape=True)
    counts = (portrait[0] * portrait[1], landscape[0] * landscape[1])
    assert grid.per_page == max(counts)
    assert grid.landscape == (counts[1] > counts[0])


@given(papers, sides, sides)
def test_turning_the_card_does_not_change_the_count(pid: str, w: float, h: float) -> None:
    # A card turned 90° on a page turned 90° is the same layout.
    assert card_grid(paper(pid), CardSize(w, h), SHOP).per_page == (
        card_grid(paper(pid), CardSize(h, w), SHOP).per_page
    )


@given(grids(specs))
def test_backs_line_up_with_fronts_in_long_edge_duplex(grid: CardGrid) -> None:
    width, height = grid.page_size
    for slot in range(grid.per_page):
        front, back = grid.front_box(slot), grid.back_box(slot)
        # Turning the sheet over about the axis along the paper's long side
        # carries the back of the card onto its front.
        flipped = back.trim.mirror_y(height) if grid.landscape else back.trim.mirror_x(width)
        assert same_rect(flipped, front.trim)
        row, col = divmod(slot, grid.cols)
        expected = (grid.rows - 1 - row, col) if grid.landscape else (row, grid.cols - 1 - col)
        assert grid.back_cell(slot) == expected


def test_portrait_backs_mirror_columns() -> None:
    grid = card_grid(paper("a4"), CardSize(40, 40), SHOP)
    assert not grid.landscape and grid.cols > 1
    for slot in range(grid.per_page):
        back = grid.back_box(slot).trim
        assert same_rect(back.mirror_x(grid.page_size[0]), grid.front_box(slot).trim)
        row, col = divmod(slot, grid.cols)
        assert same_rect(back, grid.front_box(row * grid.cols + grid.cols - 1 - col).trim)


def test_page_area() -> None:
    area = page_area(paper("a4"), landscape=True, margin_mm=10)
    assert same_rect(area, Rect(mm(10), mm(10), mm(277), mm(190)))
    with pytest.raises(LayoutError):
        page_area(paper("a4"), landscape=False, margin_mm=200)


def test_a_set_smaller_than_a_page_gets_only_the_rows_it_fills() -> None:
    from printkit.geometry import PAPERS, CardSize, card_grid

    full = card_grid(PAPERS["a4"], CardSize(60, 40), SHOP)
    small = card_grid(PAPERS["a4"], CardSize(60, 40), SHOP, count=full.cols + 1)
    assert (small.cols, small.rows) == (full.cols, 2)
    # Still centred on the page.
    page_w, page_h = small.page_size
    assert small.grid_trim.centre[0] == pytest.approx(page_w / 2)
    assert small.grid_trim.centre[1] == pytest.approx(page_h / 2)
    assert card_grid(PAPERS["a4"], CardSize(60, 40), SHOP, count=10 * full.per_page) == full


@pytest.mark.parametrize("layout", ["home", "fold"])
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_round_cards_lie_apart_so_a_circle_can_be_cut_without_its_neighbour(
        paper: str, layout: str) -> None:
    spec = PrintSpec(layout=layout)
    grid = card_grid(PAPERS[paper], CardSize(25, 25, "circle"), spec)
    a, b, below = grid.front_box(0).trim, grid.front_box(1).trim, grid.front_box(grid.cols).trim
    assert b.x - a.right == pytest.approx(mm(ROUND_GAP_MM))
    assert a.y - below.top == pytest.approx(mm(ROUND_GAP_MM))
    assert grid.printable.contains(grid.grid_trim)
    square = card_grid(PAPERS[paper], CardSize(25, 25), spec)
    assert grid.per_page <= square.per_page
    assert square.front_box(1).trim.x == pytest.approx(square.front_box(0).trim.right)


def test_round_shop_cards_keep_the_shop_grid() -> None:
    spec = PrintSpec(layout="shop")
    for sheet in PAPERS.values():
        round_grid = card_grid(sheet, CardSize(25, 25, "circle"), spec)
        square = card_grid(sheet, CardSize(25, 25), spec)
        assert round_grid.gap == 0
        assert [round_grid.front_box(s).trim for s in range(round_grid.per_page)] == [
            square.front_box(s).trim for s in range(square.per_page)]
