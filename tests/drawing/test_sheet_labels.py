"""Board and sheet pages name themselves in their bottom margin: game, document, sheet N of M.

The words are looked up through the Localizer, so the test stays right once
the strings are translated.
"""

from __future__ import annotations

from functools import cache

import pypdfium2
import pytest

from printkit.games import GAMES
from printkit.geometry import DEFAULT_SPEC, PAPERS, mm
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext

DOCUMENTS = [
    ("coraz-blizej-swieta", "board"),
    ("coraz-blizej-swieta", "tracker"),
    ("polar-derby", "rink"),
    ("polar-derby", "dice"),
    ("polar-derby", "score-sheet"),
    ("pick-a-polar-bear", "score-sheet"),
    ("pick-a-polar-bear", "solo-sheet"),
    ("yeti-slalom", "score-sheet"),
]
LOCALES = ["en", "pl", "es"]
SHEET = "sheet %(number)s of %(total)s"


@cache
def _data(game_id: str) -> dict:
    return GAMES[game_id].load_data()


def _render(game_id: str, doc: str, locale: str, paper: str) -> bytes:
    game = GAMES[game_id]
    ctx = RenderContext(game=game, data=_data(game_id), examples={},
                        localizer=Localizer.for_locale(locale), paper=PAPERS[paper],
                        document=doc)
    return game.document(doc).render(ctx)


def _boxes(text: pypdfium2.PdfTextPage, start: int, count: int) -> list[tuple[float, ...]]:
    return [text.get_charbox(i) for i in range(start, start + count)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("game_id", "doc"), DOCUMENTS, ids=[f"{g}/{d}" for g, d in DOCUMENTS])
def test_every_page_names_game_document_and_sheet(game_id: str, doc: str, locale: str,
                                                  paper: str) -> None:
    loc = Localizer.for_locale(locale)
    title = _data(game_id)["title"]
    doc_title = loc.gettext(GAMES[game_id].document(doc).title)
    pdf = pypdfium2.PdfDocument(_render(game_id, doc, locale, paper))
    try:
        total = len(pdf)
        edge = mm(DEFAULT_SPEC.printer_margin_mm)
        for number, page in enumerate(pdf, start=1):
            sheet = loc.gettext(SHEET) % {"number": loc.number(number),
                                          "total": loc.number(total)}
            text = page.get_textpage()
            words = text.get_text_range()
            where = f"{game_id}/{doc} ({locale}, {paper}) page {number}"
            for part in (title, doc_title, sheet, PAPERS[paper].name):
                assert part in words, f"{where}: no {part!r} on the page"
            found = text.search(sheet, match_case=True).get_next()
            assert found is not None, f"{where}: {sheet!r} not found"
            label = _boxes(text, *found)
            left, bottom = min(b[0] for b in label), min(b[1] for b in label)
            right, top = max(b[2] for b in label), max(b[3] for b in label)
            width, height = page.get_size()
            # Inside the printable area: no closer to the paper edge than the sheet margin.
            assert left >= edge and bottom >= edge, f"{where}: label too near the edge"
            assert right <= width - edge and top <= height - edge, where
            # In the bottom margin: every other character on the page sits above it.
            for i in range(text.count_chars()):
                box = text.get_charbox(i)
                if box[3] - box[1] <= 0 or bottom - 1 <= (box[1] + box[3]) / 2 <= top + 1:
                    continue  # spaces, and the label's own line
                assert box[1] >= top, f"{where}: text at y={box[1]:.1f} below the label"
    finally:
        pdf.close()
