"""Spelling: every catalog and the text of built kits, word by word, against each language's
Hunspell dictionary (Debian's hunspell-* packages) and the word lists of names and coined
terms. A locale whose dictionary is not installed is skipped, naming the package; Japanese
has none."""

from __future__ import annotations

import shutil
from io import BytesIO
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit import games
from printkit.cli import main
from printkit.language.locales import shipped_locales
from printkit.language.script import load
from printkit.resources import locales_dir
from printkit.tools import spelling
from tests.conftest import Kit
from tests.support import edit_catalog

LOCALES = shipped_locales()
def _dictionary(code: str) -> spelling.Dictionary:
    found = spelling.dictionary(code)
    if found.path is None:
        pytest.skip(f"locale {code} not spelt: {found.reason}")
    return found


def _pdftotext() -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler's pdftotext is not installed (Debian: poppler-utils)")


@pytest.mark.parametrize("code", LOCALES)
def test_every_catalog_entry_is_spelt_right(code: str) -> None:
    _dictionary(code)
    spelt = spelling.check_catalog(code)
    assert spelt.lines() == [], spelt.summary()


@pytest.mark.parametrize("code", LOCALES)
def test_every_built_document_is_spelt_right(code: str, kit: Kit) -> None:
    """Every rulebook, reference, guide, card and sheet of the session's kit (in the fast
    loop, one game in the locales it builds)."""
    if code not in kit.locales:
        pytest.skip(f"{code} is not in this run's kit")
    found = _dictionary(code)
    _pdftotext()
    for game_id in kit.games:
        game = games.GAMES[game_id]
        documents = spelling.printed_documents(kit.out / game_id / code, game)
        assert {"rulebook-a4.pdf", "reference-a4.pdf", "guide-a4.pdf"} <= {
            p.name for p in documents}
        words = spelling.read_words(spelling.word_lists(code, [game.folder]))
        texts = [spelling.printed_text(p, load(code).rtl) for p in documents]
        unknown = {p.name: u for p, u in zip(documents, spelling.unknown_words(
            found, texts, words), strict=True) if u}
        assert unknown == {}, f"{game_id} in {code}"


def test_japanese_is_skipped_saying_why() -> None:
    found = spelling.dictionary("ja")
    assert found.path is None and "Japanese has no Hunspell dictionary" in found.reason


def test_a_missing_dictionary_names_its_package() -> None:
    found = spelling.dictionary("xx")
    assert found.path is None and "hunspell-xx" in found.reason


def test_a_misspelt_translation_is_named(tmp_path: Path) -> None:
    _dictionary("de")
    locales = tmp_path / "locales"
    shutil.copytree(locales_dir(), locales)
    msgid = "Shuffle the bonus-round cards into the draw pile."
    catalog = spelling.catalog_texts("de", locales)
    entry = next(row for row in catalog if row[2].startswith(msgid))
    edit_catalog(locales, "de", entry[2], string=entry[3].replace("Karten", "Kartne", 1))
    lines = spelling.check_catalog("de", locales).lines()
    assert len(lines) == 1 and "Kartne" in lines[0].rsplit(": unknown ", 1)[1], lines


def _pdf(text: str) -> bytes:
    buffer = BytesIO()
    canvas = Canvas(buffer)
    for i, line in enumerate(text.splitlines()):
        canvas.drawString(72, 720 - 14 * i, line)
    canvas.save()
    return buffer.getvalue()


def test_a_misspelt_printed_word_is_named(tmp_path: Path) -> None:
    found = _dictionary("en")
    _pdftotext()
    path = tmp_path / "page.pdf"
    # A word hyphenated across a line, a number with its unit, a placeholder's remains.
    path.write_bytes(_pdf("Roll both dice and take one bear of each col-\nour shown: "
                          "A4, 2x, 15 mm.\nThe winner takes the biggest pille."))
    words = spelling.read_words(spelling.word_lists("en", []))
    assert spelling.unknown_words(found, [spelling.printed_text(path)], words) == [["pille"]]


def test_prose_masks_what_is_not_a_word() -> None:
    assert spelling.prose("<b>%(num)s</b> bears, 2x, A4\u00a0and 1up: \ufb01sh\u2026") == \
        "bears, , and : fish"
    assert spelling.prose("col-\nour") == "col-our"
    assert spelling.prose("%(name)s-Karte") == "Karte"


def test_the_command_lists_unknown_words_per_entry(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _dictionary("pl")
    assert main(["catalog", "spell", "--locale", "pl"]) == 0
    assert "locale pl (pl_PL): 0 entries with 0 unknown words" in capsys.readouterr().out
    monkeypatch.setattr(spelling, "read_words", lambda paths: [])
    assert main(["catalog", "spell", "--locale", "pl"]) == 1
    out = capsys.readouterr().out
    assert "unknown Basiowe" in out and "printkit.po:" in out
