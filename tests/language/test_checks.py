"""Every catalog check, each proven with a deliberately broken catalog."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.language.checks import translation_problems
from tests.conftest import GAME_ID, snapshot
from tests.language.builds import build, only
from tests.support import edit_catalog

BOARD_LABEL = "Christmas Eve"



@pytest.mark.parametrize(
    ("translation", "message"),
    [
        ("Gracz %(numer)s", "drops placeholder %(number)s"),
        ("Gracz", "drops placeholder %(number)s"),
        ("Gracz %(number)s z %(total)s", "adds placeholder %(total)s"),
        ("Gracz <font>%(number)s</font>", "markup '<font>' is not allowed"),
        ("Gracz <b>%(number)s", "a <b> or <i> is not closed"),
        ("Gracz %(number)s w 100%", "lone %"),
        ("Gracz %(number)s \U0001F384", "U+1F384"),
    ],
    ids=["renamed", "dropped", "added", "unknown-tag", "unclosed-tag", "lone-percent",
         "missing-glyph"],
)
def test_a_broken_entry_is_rejected_naming_locale_and_entry(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, translation: str, message: str) -> None:
    only(monkeypatch, "tracker")
    edit_catalog(locales_copy, "pl", "Player %(number)s", string=translation)
    out = tmp_path / "out"
    assert build(out, "--strict") == 1
    err = capsys.readouterr().err
    assert "locale pl" in err and "entry 'Player %(number)s'" in err and message in err
    assert not out.exists()
    # Without --strict the entry is set aside with a warning and English is printed.
    assert build(out) == 0
    assert "warning: locale pl" in capsys.readouterr().err
    tracker = PdfReader(out / GAME_ID / "pl" / "tracker-a4.pdf").pages[0].extract_text()
    assert "Player 1" in tracker


def test_plural_forms_may_spell_out_one() -> None:
    assert translation_problems(("%(num)s die", "%(num)s dice"),
                                ["jedna kostka", "%(num)s kostki"]) == []


def test_markup_characters_are_escaped_not_rejected(locales_copy: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "rulebook")
    edit_catalog(locales_copy, "pl", "Components", string="Elementy & części")
    assert build(tmp_path / "out", "--strict") == 0


def test_a_label_too_long_for_its_box_fails_naming_locale_string_and_box(
        locales_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, "board")
    edit_catalog(locales_copy, "pl", BOARD_LABEL, string="Wigilia" * 30)
    out = tmp_path / "out"
    out.mkdir()
    before = snapshot(out)
    assert build(out) == 1
    err = capsys.readouterr().err
    assert "locale pl" in err and "board" in err and "field 24 label" in err
    assert "does not fit" in err
    assert snapshot(out) == before


def test_a_plural_form_names_only_what_the_plural_msgid_names() -> None:
    """GNU msgfmt --check-format holds each msgstr[n] of a plural entry to msgid_plural: a
    catalog whose msgid_plural lost the count (hand-edited) is refused by msgfmt, so printkit
    rejects its translation too, where taking msgid and msgid_plural together let it pass."""
    mangled = ("%(num)s card", "cards")
    assert any("adds placeholder %(num)s that the source (msgid_plural) does not have" in p
               for p in translation_problems(mangled, ["%(num)s Karte", "%(num)s Karten"], "de"))
    kept = ("%(num)s die", "%(num)s dice")
    assert translation_problems(kept, ["ein Würfel", "%(num)s Würfel"], "de") == []
