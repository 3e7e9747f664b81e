"""Document kinds are data: a new kind, declared once, is built, listed in the guide,
previewed, exported and given its variants with no other change."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from bench.decks import make_deck
from printkit import kinds
from printkit.commands.build import BuildOptions, build
from printkit.commands.export import ExportOptions, export_cards
from printkit.kinds import DocumentKind, register
from printkit.model.game import Document, Game
from printkit.tools.project import load_project, selected


@pytest.fixture
def stickers() -> Iterator[DocumentKind]:
    """A kind printkit does not have: sticker sheets, cut out like tokens, on card."""
    before = dict(kinds.KINDS)
    try:
        yield register(DocumentKind("stickers", "tokens", card=True, card_sheets=True,
                                    variants=frozenset({"ink"})))
    finally:
        kinds.KINDS.clear()
        kinds.KINDS.update(before)


@pytest.fixture
def sticker_game(tmp_path: Path, stickers: DocumentKind) -> Game:
    """A game project whose deck is declared a sheet of stickers."""
    game = load_project(make_deck(tmp_path, 6, size=(150, 210)))
    documents = tuple(dataclasses.replace(d, kind=stickers.id) if d.id == "cards" else d
                      for d in game.documents)
    return dataclasses.replace(game, documents=documents)


def _text(pdf: Path) -> str:
    document = pdfium.PdfDocument(pdf)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def test_a_new_kind_is_built_listed_previewed_and_exported(sticker_game: Game,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "out"
    with selected(sticker_game):
        build(BuildOptions(locales=["en"], out=out, jobs=1))
        exported = export_cards(ExportOptions(game=sticker_game.id, locales=["en"],
                                              out=tmp_path / "export"))
    folder = out / sticker_game.id / "en"
    assert (folder / "cards-a4.pdf").is_file()
    # its variants are its kind's: ink-saving, not the fold versions cards get
    assert (folder / "cards-ink-a4.pdf").is_file()
    assert not (folder / "cards-fold-a4.pdf").exists()
    # the guide's Assembly section gives it the step of its kind
    guide = " ".join(_text(folder / "guide-a4.pdf").split())
    assert "cut out every token along its cut lines" in guide
    assert any(p.name.startswith("cards-a4-") for p in (folder / "previews").iterdir())
    assert any(p.suffix == ".png" for p in exported.written)


def test_a_kind_without_an_assembly_step_is_refused() -> None:
    with pytest.raises(ValueError, match="no assembly step"):
        register(DocumentKind("posters", "posters"))
    with pytest.raises(ValueError, match="no assembly step for the guide"):
        register(DocumentKind("posters", None))
    assert "posters" not in kinds.KINDS


def test_a_document_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="document poster: unknown document kind 'posters'"):
        Document("poster", "Poster", lambda ctx: b"", "posters")
