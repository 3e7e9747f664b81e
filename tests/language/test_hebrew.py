"""Hebrew added by a translator as docs/translate.md says ("Add a locale in any script"): a catalog
with a few dozen entries translated, a script.toml reading right to left, and Noto Sans
Hebrew brought along, a font with no ASCII punctuation or digits. The kit builds with no
warning but the untranslated entries, the preflight finds nothing, every face declared is
embedded, and no glyph is slanted."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.commands.build import BuildOptions, build
from printkit.language.script import load
from tests.language.test_faces import _slanted
from tests.support import edit_catalog, embedded_fonts, reader

FONTS = Path(__file__).resolve().parents[1] / "data" / "fonts"
GAME = "polar-derby"

#: What the translator has translated so far: the rest falls back to English.
HEBREW = {
    "Rink": "זירה",
    "Bear tokens": "אסימוני דובים",
    "Dice": "קוביות",
    "Score sheet": "דף ניקוד",
    "Roll both dice.": "הטילו את שתי הקוביות.",
    "Total": "סך הכול",
    "Front": "חזית",
    "Back": "גב",
    "Print-and-play guide": "מדריך הדפסה והרכבה",
    "Print-and-play kit": "ערכת הדפס ושחק",
    "Player %(number)s": "שחקן %(number)s",
    "Round %(number)s": "סיבוב %(number)s",
    "Game %(number)s": "משחק %(number)s",
    "sheet %(number)s of %(total)s": "גיליון %(number)s מתוך %(total)s",
    "fronts %(number)s/%(total)s": "חזיתות %(number)s/%(total)s",
    "backs %(number)s/%(total)s": "גבים %(number)s/%(total)s",
    "home layout": "פריסה ביתית",
    "glue": "דבק",
    "Cards": "קלפים",
    "Print run: paper, single-sided": "הדפסה: נייר, צד אחד",
    "Print run: card, single-sided": "הדפסה: בריסטול, צד אחד",
    "Tracker sheet": "דף מעקב",
    "Lost turns": "תורות שהפסדת",
}


@pytest.fixture()
def hebrew(locales_copy: Path) -> Path:
    assert main(["catalog", "init", "he"]) == 0
    folder = locales_copy / "he"
    for face in ("Regular", "Bold"):
        shutil.copy(FONTS / f"NotoSansHebrew-{face}.ttf", folder)
    (folder / "script.toml").write_text(
        'direction = "rtl"\n\n[fonts]\nregular = "NotoSansHebrew-Regular.ttf"\n'
        'bold = "NotoSansHebrew-Bold.ttf"\n', encoding="utf-8")
    for msgid, msgstr in HEBREW.items():
        edit_catalog(locales_copy, "he", msgid, string=msgstr)
    return folder


@pytest.mark.slow
@pytest.mark.full  # (builds a kit in a new script: not in the fast loop)
def test_hebrew_builds_clean_with_its_faces_and_upright(hebrew: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = build(BuildOptions(games=[GAME], locales=["he"], out=out, previews=False))
    untranslated = [w for w in result.warnings if "no translation for" in w]
    assert len(untranslated) > 100  # (the warnings are read: most entries fall back)
    assert [w for w in result.warnings if w not in untranslated] == []
    folder = out / GAME / "he"
    declared = {"NotoSansHebrew-Regular", "NotoSansHebrew-Bold"}
    used = set().union(*(embedded_fonts(reader(pdf)) for pdf in folder.glob("*.pdf")))
    assert declared <= used
    assert load("he").rtl
    for pdf in sorted(folder.glob("*.pdf")):
        assert _slanted(pdf) == [], pdf.name
