"""--ink-saver: every card, board and token document prints with at least 40 % less ink.

Ink is the mean darkness (255 - L) of each page rendered in greyscale,
summed over the document's pages. Rendering is at a low resolution to keep
the test fast; thin lines weigh a little more there than on paper, so this
errs on the strict side.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import pypdfium2
import pytest

from printkit.games import GAMES
from printkit.geometry import DEFAULT_SPEC, PAPERS
from printkit.language.translations import Localizer
from printkit.model.game import RenderContext

DPI = 30
DROP = 0.40

DOCUMENTS = [
    ("coraz-blizej-swieta", "board"),
    ("coraz-blizej-swieta", "tydzien-cards"),
    ("polar-derby", "rink"),
    ("polar-derby", "bear-tokens"),
    ("pick-a-polar-bear", "animal-cards"),
    ("pick-a-polar-bear", "special-cards"),
    ("yeti-slalom", "board"),
    ("yeti-slalom", "cards"),
]


@cache
def _data(game_id: str) -> dict:
    return GAMES[game_id].load_data()


def _render(game_id: str, doc: str, saver: bool) -> bytes:
    game = GAMES[game_id]
    ctx = RenderContext(game=game, data=_data(game_id), examples={},
                        localizer=Localizer.for_locale("en"), paper=PAPERS["a4"], document=doc,
                        spec=dataclasses.replace(DEFAULT_SPEC, ink_saver=saver))
    return game.document(doc).render(ctx)


def ink(pdf: bytes) -> float:
    """The summed mean darkness of every page, rendered in greyscale."""
    total = 0.0
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in document:
            pixels = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L").tobytes()
            total += sum(255 - p for p in pixels) / len(pixels)
    finally:
        document.close()
    return total


@pytest.mark.parametrize(("game_id", "doc"), DOCUMENTS, ids=[f"{g}/{d}" for g, d in DOCUMENTS])
def test_ink_saver_drops_ink_by_at_least_40_percent(game_id: str, doc: str) -> None:
    normal, saver = ink(_render(game_id, doc, False)), ink(_render(game_id, doc, True))
    assert saver <= (1 - DROP) * normal, (
        f"{game_id}/{doc}: ink {normal:.1f} -> {saver:.1f} with --ink-saver, "
        f"a drop of {100 * (1 - saver / normal):.0f} % (want at least {100 * DROP:.0f} %)")


@pytest.mark.parametrize(("game_id", "doc"), DOCUMENTS[:4], ids=[f"{g}/{d}" for g, d in
                                                                 DOCUMENTS[:4]])
def test_ink_saver_keeps_every_word(game_id: str, doc: str) -> None:
    """Same pages and the same text: nothing that tells components apart is left out."""
    from tests.support import reader, text

    normal, saver = reader(_render(game_id, doc, False)), reader(_render(game_id, doc, True))
    assert len(saver.pages) == len(normal.pages)
    words = set(text(normal).split())
    assert words <= set(text(saver).split())
