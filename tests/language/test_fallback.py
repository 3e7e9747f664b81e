"""What a build does with a catalog that is incomplete, fuzzy or hostile."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.language.translations import Localizer
from tests.conftest import GAME_ID, snapshot
from tests.language.builds import build, only
from tests.support import edit_catalog


def board_text(out: Path) -> str:
    reader = PdfReader(out / GAME_ID / "pl" / "board-a4.pdf")
    return reader.pages[0].extract_text()


def test_missing_string_falls_back_to_english_with_a_warning(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "board")
    edit_catalog(locales_copy, "pl", "Christmas Eve", remove=True)
    assert build(tmp_path / "out") == 0
    err = capsys.readouterr().err
    assert "warning: locale pl: no translation for 'Christmas Eve'; English used" in err
    assert "Christmas Eve" in board_text(tmp_path / "out")
    assert not (tmp_path / "out" / GAME_ID / "pl" / "rulebook-a4.pdf").exists()


def test_fuzzy_entries_count_as_untranslated(locales_copy: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "board")
    edit_catalog(locales_copy, "pl", "Christmas Eve", fuzzy=True)
    assert build(tmp_path / "out") == 0
    assert "no translation for 'Christmas Eve'" in capsys.readouterr().err
    assert "Christmas Eve" in board_text(tmp_path / "out")


def test_strict_makes_a_missing_string_an_error_and_writes_nothing(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "board")
    edit_catalog(locales_copy, "pl", "Christmas Eve", remove=True)
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("earlier")
    before = snapshot(out)
    assert build(out, "--strict") == 1
    err = capsys.readouterr().err
    assert "locale pl: no translation for 'Christmas Eve'" in err
    assert snapshot(out) == before


def test_missing_glyph_in_a_catalog_fails_strict_and_falls_back_otherwise(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "board")
    edit_catalog(locales_copy, "pl", "Christmas Eve", string="Wigilia \U0001F384")
    out = tmp_path / "out"
    assert build(out, "--strict") == 1
    err = capsys.readouterr().err
    assert "locale pl" in err and "U+1F384" in err and "'Christmas Eve'" in err
    assert not out.exists()
    assert build(out) == 0
    assert "U+1F384" in capsys.readouterr().err
    assert "Christmas Eve" in board_text(out)


def test_missing_glyph_in_game_data_fails_naming_string_and_character(
        game_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "board")
    path = game_copy / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'title = "Coraz bliżej Święta…"', 'title = "Coraz bliżej Święta \U0001F384"'),
        encoding="utf-8")
    out = tmp_path / "out"
    assert build(out) == 2  # bad data, named by file and key, before anything is rendered
    err = capsys.readouterr().err
    assert "locale pl" in err and "U+1F384" in err and "game.toml: title:" in err
    assert not out.exists()


def test_markup_characters_in_a_translation_print_as_themselves(
        locales_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "rulebook")
    edit_catalog(locales_copy, "pl", "Components", string="Elementy & części")
    out = tmp_path / "out"
    assert build(out, "--strict") == 0
    reader = PdfReader(out / GAME_ID / "pl" / "rulebook-a4.pdf")
    assert "Elementy & części" in reader.pages[0].extract_text()


def test_polish_has_three_plural_forms() -> None:
    loc = Localizer.for_locale("pl")
    forms = {loc.ngettext("%(num)s die", "%(num)s dice", n) for n in (1, 2, 5)}
    assert len(forms) == 3
    assert loc.ngettext("%(num)s die", "%(num)s dice", 22) == \
        loc.ngettext("%(num)s die", "%(num)s dice", 2)


def test_points_and_signed_numbers_use_a_true_minus_and_plural_forms() -> None:
    en = Localizer.for_locale("en")
    assert en.points(1) == "1 point"
    assert en.points(5) == "5 points"
    assert en.points(-2) == "\u22122 points"
    assert en.signed(-4) == "\u22124" and en.signed(3) == "3"
    pl = Localizer.for_locale("pl")
    assert len({pl.points(n).split()[1] for n in (1, 2, 5)}) == 3
