"""Print runs and the whole kit as a printer takes them: every double-sided document starts
on an odd physical page, and the guide's page ranges are where the documents really are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.assembly.guide.materials import materials, print_order
from printkit.commands.build import BuildOptions, build
from printkit.games import GAMES
from printkit.geometry import PAPERS
from printkit.language.translations import Localizer
from printkit.model.runs import RUNS, blank_page, in_kit, place, plan, run_file
from tests.conftest import Kit
from tests.support import reader, text

LOCALES = ("en", "pl")


@pytest.fixture(scope="module")
def one_game(tmp_path_factory: pytest.TempPathFactory):
    """``one_game(game, paper, layout)``: the game built in English, without previews, its
    output folder for the game and locale (each built once)."""
    built: dict[tuple[str, str, str], Path] = {}

    def folder(game: str, paper: str, layout: str = "home") -> Path:
        if (game, paper, layout) not in built:
            out = tmp_path_factory.mktemp(f"{game}-{paper}-{layout}")
            build(BuildOptions(out=out, games=[game], locales=["en"], paper=paper,
                               layout=layout, previews=False))
            built[(game, paper, layout)] = out / game / "en"
        return built[(game, paper, layout)]

    return folder


def test_a_double_sided_document_never_starts_on_an_even_page() -> None:
    slots = place([("rulebook", 7, False), ("cards", 10, True), ("sheet", 1, False),
                   ("tokens", 2, True), ("more", 4, True)])
    assert [(s.document, s.first, s.last, s.blank_before) for s in slots] == [
        ("rulebook", 1, 7, False), ("cards", 9, 18, True), ("sheet", 19, 19, False),
        ("tokens", 21, 22, True), ("more", 23, 26, False)]


def test_runs_group_documents_by_paper_and_sides() -> None:
    documents = [("rulebook", 7, "paper", "single"), ("board", 4, "card", "single"),
                 ("cards", 10, "card", "duplex"), ("sheet", 1, "paper", "single"),
                 ("folded", 3, "paper", "fold")]
    runs = {run.id: [s.document for s in run.slots] for run in plan(documents)}
    # the double-sided run starts with the calibration sheet: pages 1-2, sheet 1
    assert runs == {"paper": ["rulebook", "sheet", "folded"], "card": ["board"],
                    "duplex": ["calibration", "cards"]}
    duplex = plan(documents)[-1]
    assert [(s.first, s.last, s.sheets) for s in duplex.slots] == [(1, 2, (1, 1)),
                                                                    (3, 12, (2, 6))]
    assert duplex.sheets == 6 and plan(documents)[0].sheets == 11
    assert [run.id for run in plan(documents[:2])] == ["paper", "card"]
    # guide 1-6, the calibration sheet 7-8, rulebook 9-15, board 16-19, then a blank page:
    # the cards start on 21
    kit = in_kit(6, documents)
    assert [s.document for s in kit][:3] == ["guide", "calibration", "rulebook"]
    assert (kit[1].first, kit[3].first, kit[4].first, kit[4].blank_before) == (7, 16, 21, True)
    # no double-sided document: no calibration sheet anywhere
    single = [d for d in documents if d[3] != "duplex"]
    assert "calibration" not in [s.document for s in in_kit(6, single)]
    assert all(not run.duplex for run in plan(single))


def test_no_run_mixes_paper_and_card_or_single_and_double_sided() -> None:
    """Every document of a run is of the run's paper and setting: a run is one job for the
    printer, on one stock."""
    kinds = [(paper, sides) for paper in ("paper", "card") for sides in ("single", "duplex",
                                                                          "fold")
             if not (sides == "duplex" and paper == "paper")]
    documents = [(f"{paper}-{sides}-{i}", 1 + i, paper, sides)
                 for i, (paper, sides) in enumerate(kinds * 2)]
    of = {doc: (paper, sides) for doc, _pages, paper, sides in documents}
    of["calibration"] = ("card", "duplex")
    for run in plan(documents):
        for slot in run.slots:
            paper, sides = of[slot.document]
            assert paper == run.paper and (sides == "duplex") == run.duplex, (run.id, slot)
    placed = [s.document for run in plan(documents) for s in run.slots]
    assert sorted(placed) == sorted(of)  # every document in exactly one run


def _starts(pdf: PdfReader) -> dict[str, int]:
    """The physical page (from 1) each top-level bookmark (a document) starts on."""
    return {item.title: pdf.get_destination_page_number(item) + 1 for item in pdf.outline
            if not isinstance(item, list)}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_double_sided_documents_start_on_odd_pages_and_the_guide_says_where(
        kit: Kit, game_id: str, locale: str) -> None:
    folder = kit.out / game_id / locale
    guide = " ".join(text(reader(folder / "guide-a4.pdf")).split())
    kit = reader(folder / "kit-a4.pdf")
    localizer = Localizer.for_locale(locale)
    double = [localizer.gettext(d.title) for d in GAMES[game_id].documents if d.kind == "cards"]
    files = [(run_file(run, "a4"), duplex) for run, _paper, duplex in RUNS]
    found_duplex = False
    for name, duplex in [*files, ("kit-a4.pdf", None)]:
        path = folder / name
        if not path.exists():
            assert name not in guide
            continue
        assert name in guide
        pdf = reader(path)
        starts = _starts(pdf)
        pages = len(pdf.pages)
        if duplex:
            found_duplex = True
            assert all(first % 2 == 1 for first in starts.values()), (name, starts)
        ends = sorted(starts.values())[1:] + [pages + 1]
        for (title, first), after in zip(sorted(starts.items(), key=lambda kv: kv[1]), ends,
                                         strict=True):
            last = after - 1
            # A page left blank before the next document is not the document's.
            if last > first and "intentionally" in (pdf.pages[last - 1].extract_text() or ""):
                last -= 1
            for one in title.split(" · "):  # documents sharing a sheet: each is listed
                if locale == "en":
                    shown = (f"{one}: page {first}" if first == last
                             else f"{one}: pages {first}–{last}")
                    assert shown in guide, (name, shown)
                else:
                    assert re.search(rf"{re.escape(one)}: \w+ {first}\b", guide), (name, one)
    kit_starts = _starts(kit)
    for title in double:
        assert kit_starts[title] % 2 == 1, (title, kit_starts)
    assert found_duplex == any(d.kind == "cards" for d in GAMES[game_id].documents)


def test_a_blank_page_says_so_in_the_kits_language(built_kit: Path) -> None:
    """Wherever the kit puts a blank page before a double-sided document, and on the page
    itself, drawn in the kit's language."""
    for game in GAMES.values():
        for locale in LOCALES:
            folder = built_kit / game.id / locale
            pages = {d.id: len(reader(folder / f"{d.id}-a4.pdf").pages) for d in game.documents}
            order = print_order(materials(game.documents, "home", pages))
            kit = reader(folder / "kit-a4.pdf")
            for slot in in_kit(len(reader(folder / "guide-a4.pdf").pages), order):
                if slot.blank_before:
                    said = kit.pages[slot.first - 2].extract_text() or ""
                    assert "blank" in said or "pusta" in said, (game.id, locale, slot)
    loc = Localizer.for_locale("pl")
    blank = blank_page(PAPERS["a4"], "pl", loc.gettext("This page is intentionally left blank."),
                       "Yeti Slalom")
    assert "celowo pozostawiona pusta" in text(reader(blank))


def test_a_page_left_blank_names_no_document(one_game) -> None:
    """Yeti Slalom's board takes four Letter sheets; the cards after it start on an odd page
    of the kit, after a page left blank. That page says so and nothing else: not the
    board's label or a page number, in its text or its page label ("Board 5")."""
    kit = reader(one_game("yeti-slalom", "letter") / "kit-letter.pdf")
    blank = [i for i, page in enumerate(kit.pages)
             if "intentionally" in (page.extract_text() or "")
             and kit.page_labels[i] != f"Print-and-play guide {i + 1}"]
    assert blank, "no page left blank between two documents"
    for index in blank:
        assert kit.pages[index].extract_text().split() == \
            "This page is intentionally left blank.".split()
        assert kit.page_labels[index] == ""
        assert kit.page_labels[index - 1] and kit.page_labels[index + 1].endswith(" 1")
    assert [(kit.page_labels[i - 1], kit.page_labels[i + 1]) for i in blank
            if kit.page_labels[i - 1].startswith("Board ")] == [("Board 4", "Cards 1")]
