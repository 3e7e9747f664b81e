"""Small card documents of one game cut the same way share a card sheet: Polar Derby's bear
tokens and dice nets print on one sheet of card in the card run and the kit, full size,
inside the printable area and clear of each other, and the guide lists both on that page."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from printkit.commands.build import BuildOptions, build
from printkit.geometry import MM, PRINTER_MARGIN_MM, PrintSpec, Rect, mm
from printkit.kinds import kind
from printkit.model.runs import place, plan
from printkit.model.shared_sheets import arrange, groups
from tests.printed import Ink, inks, nearest_edge
from tests.support import game_context, reader, text

GAME = "polar-derby"
SHARED = ("bear-tokens", "dice")
#: The documents of Polar Derby's card run, each one page but the rink (on either paper).
CARD_RUN = ("rink", "bear-tokens", "dice")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory):
    """``folder(paper, layout)``: Polar Derby built in English, its output folder."""
    built: dict[tuple[str, str], Path] = {}

    def made(paper: str, layout: str = "home") -> Path:
        if (paper, layout) not in built:
            out = tmp_path_factory.mktemp(f"shared-{paper}-{layout}")
            build(BuildOptions(out=out, games=[GAME], locales=["en"], paper=paper,
                               layout=layout, previews=False))
            built[(paper, layout)] = out / GAME / "en"
        return built[(paper, layout)]

    return made


def _pages(path: Path) -> int:
    return len(reader(path).pages)


def test_tokens_and_dice_are_cut_the_same_way_at_home_only() -> None:
    assert kind("tokens").cut_in("home") == kind("dice").cut_in("home") == "printed lines"
    assert kind("tokens").cut_in("shop") == "crop marks"
    assert kind("dice").cut_in("shop") == "printed lines"
    pages = {doc: 1 for doc in SHARED}
    for paper in ("a4", "letter"):
        ctx = game_context(GAME, "en", "guide", paper)
        assert groups(ctx, pages) == (SHARED,)
        assert groups(replace(ctx, spec=PrintSpec(layout="shop")), pages) == ()
        assert groups(ctx, {**pages, "dice": 2}) == ()  # only one-page documents


def test_a_shared_document_is_placed_on_its_hosts_page() -> None:
    slots = place([("rink", 1, False), ("tokens", 1, False), ("dice", 1, False),
                   ("sheet", 2, False)], {"dice": "tokens"})
    assert [(s.document, s.first, s.last) for s in slots] == [
        ("rink", 1, 1), ("tokens", 2, 2), ("dice", 2, 2), ("sheet", 3, 4)]
    runs = plan([("tokens", 1, "card", "single"), ("dice", 1, "card", "single")],
                {"dice": "tokens"})
    assert runs[0].pages == 1


def test_blocks_that_do_not_stack_on_a_page_do_not_share_it() -> None:
    ctx = game_context(GAME, "en", "guide", "letter")
    side = mm(150)
    assert arrange(ctx.paper, ctx.spec, [(side, side)]) is not None
    assert arrange(ctx.paper, ctx.spec, [(side, side), (side, side)]) is None
    # two blocks too tall to stack in a column lie side by side on landscape paper
    sheet = arrange(ctx.paper, ctx.spec, [(mm(100), mm(180)), (mm(100), mm(180))])
    assert sheet is not None and sheet.landscape


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_card_run_prints_tokens_and_dice_on_one_sheet(folder, paper: str) -> None:
    out = folder(paper)
    own = sum(_pages(out / f"{doc}-{paper}.pdf") for doc in CARD_RUN)
    run = reader(out / f"print-card-{paper}.pdf")
    assert len(run.pages) == own - 1
    shared = " ".join(run.pages[-1].extract_text().split())
    for words in ("Polar Derby · Bear tokens · Dice", "Cut along solid lines", "Free Skate",
                  "glue"):
        assert words in shared, words
    assert all(str(value) in shared for value in range(1, 6))  # every colour's bears
    kit = reader(out / f"kit-{paper}.pdf")
    assert len(kit.pages) == sum(_pages(p) for p in out.glob(f"*-{paper}.pdf")
                                 if p.stem.rsplit("-", 1)[0] in (
                                     "guide", "rulebook", "reference", "rink", "bear-tokens",
                                     "dice", "score-sheet")) - 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_lists_both_documents_on_the_shared_page(folder, paper: str) -> None:
    out = folder(paper)
    guide = " ".join(text(reader(out / f"guide-{paper}.pdf")).split())
    last = _pages(out / f"print-card-{paper}.pdf")
    row = re.search(rf"print-card-{paper}\.pdf.*?kit-{paper}\.pdf", guide)
    assert row is not None
    assert f"Bear tokens: page {last}" in row.group(0)
    assert f"Dice: page {last}" in row.group(0)


def _sizes(page: list[Ink]) -> Counter:
    """The pieces of a page by their size: every path at least 20 mm across."""
    return Counter((round((i.box[2] - i.box[0]) / MM, 1), round((i.box[3] - i.box[1]) / MM, 1))
                   for i in page if i.kind == "path" and i.box[2] - i.box[0] >= mm(20))


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_shared_sheet_holds_every_piece_full_size_apart_and_printable(
        folder, paper: str) -> None:
    out = folder(paper)
    run = out / f"print-card-{paper}.pdf"
    media, page = inks(run)[-1]
    shared = _sizes(page)
    for doc in SHARED:  # the same pieces, the same size, as on the document's own sheet
        own = _sizes(inks(out / f"{doc}-{paper}.pdf")[0][1])
        assert all(shared[size] >= n for size, n in own.items()), (doc, own, shared)
    # the cut circles of the tokens (25 mm) and the die faces and tabs (30 mm across)
    tokens = [i.box for i in page if i.kind == "path" and 24 * MM < i.box[2] - i.box[0] < 26 * MM
              and 24 * MM < i.box[3] - i.box[1] < 26 * MM]
    dice = [i.box for i in page if i.kind == "path" and 29.9 * MM < i.box[2] - i.box[0] < 34 * MM]
    assert len(tokens) >= 25 and len(dice) >= 12
    assert not [(t, d) for t in tokens for d in dice if _meet(t, d)]
    printable = Rect(*media[:2], media[2] - media[0], media[3] - media[1]).inset(
        mm(PRINTER_MARGIN_MM))
    for box in tokens + dice:
        assert printable.contains(Rect(box[0], box[1], box[2] - box[0], box[3] - box[1]))
    nearest = nearest_edge(run)
    assert nearest is not None and nearest[0] >= PRINTER_MARGIN_MM - 1e-3, nearest


def test_the_shop_layout_keeps_its_own_sheets(folder) -> None:
    out = folder("a4", "shop")
    own = sum(_pages(out / f"{doc}-a4.pdf") for doc in CARD_RUN)
    assert _pages(out / "print-card-a4.pdf") == own
