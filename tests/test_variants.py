"""Ready-made variants: every build also writes the ink-saving and fold versions of the
printed components, so a person with the files alone never needs the command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.commands.build import BuildOptions, build
from printkit.games import GAMES
from printkit.geometry import DEFAULT_SPEC
from printkit.language.locales import shipped_locales
from printkit.model.variants import VARIANTS, versions
from tests.conftest import GAME_ID

LOCALE = "pl"


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def guide_text(folder: Path) -> str:
    return squash("".join(p.extract_text() or "" for p in
                          PdfReader(folder / "guide-a4.pdf").pages))


@pytest.fixture(scope="module")
def option_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The game built with each variant's own options (``--layout``, ``--ink-saver``)."""
    folders = {}
    for variant in VARIANTS:
        out = tmp_path_factory.mktemp(variant.id)
        build(BuildOptions(games=[GAME_ID], locales=[LOCALE], out=out, layout=variant.layout,
                           ink_saver=variant.ink_saver, jobs=1, previews=False))
        folders[variant.id] = out / GAME_ID / LOCALE
    return folders


def test_every_variant_is_the_document_its_options_build(built_kit: Path,
                                                         option_builds: dict[str, Path]) -> None:
    found = list(versions(GAMES[GAME_ID].documents, DEFAULT_SPEC))
    # the week cards ink-saving, to fold and both; the board ink-saving
    assert sorted(v.id for v in found) == ["board-ink", "tydzien-cards-fold",
                                           "tydzien-cards-fold-ink", "tydzien-cards-ink"]
    for version in found:
        ready = built_kit / GAME_ID / LOCALE / f"{version.id}-a4.pdf"
        own = option_builds[version.variant.id] / f"{version.document.id}-a4.pdf"
        assert ready.read_bytes() == own.read_bytes(), version.id


def test_every_guide_lists_its_variants_and_asks_for_no_command(built_kit: Path) -> None:
    for game in GAMES.values():
        for locale in shipped_locales():
            folder = built_kit / game.id / locale
            text = guide_text(folder)
            for version in versions(game.documents, DEFAULT_SPEC):
                assert f"{version.id}-a4.pdf" in text, (game.id, locale, version.id)
                assert (folder / f"{version.id}-a4.pdf").is_file()
            assert "--ink-saver" not in text, (game.id, locale)


def test_a_variant_the_options_already_give_is_not_written_twice(
        option_builds: dict[str, Path]) -> None:
    ink = option_builds["ink"]  # built with --ink-saver
    assert {p.name for p in ink.glob("*-ink-a4.pdf")} == {"tydzien-cards-fold-ink-a4.pdf"}
    assert "Tenzestawtowersjaoszczędzającatusz" in guide_text(ink)
    fold = option_builds["fold"]  # built with --layout fold
    assert not (fold / "tydzien-cards-fold-a4.pdf").exists()
    assert {p.name for p in fold.glob("*-ink-a4.pdf")} == {
        "board-ink-a4.pdf", "tydzien-cards-ink-a4.pdf", "tydzien-cards-fold-ink-a4.pdf"}
    # a kit already to fold does not send its reader to the fold versions
    assert "Brakdrukudwustronnego" not in guide_text(fold)
    assert "Brakdrukudwustronnego" in guide_text(option_builds["ink"])


def test_the_kit_page_links_every_variant(built_kit: Path) -> None:
    page = (built_kit / "index.html").read_text(encoding="utf-8")
    for game in GAMES.values():
        for version in versions(game.documents, DEFAULT_SPEC):
            assert f'href="{game.id}/{LOCALE}/{version.id}-a4.pdf"' in page, version.id

