"""The house style of the Japanese and Arabic kits (locales/ja/STYLE.md,
locales/ar/STYLE.md), one test per rule, read from the text of the built PDFs: what a
reader of the printed kit sees, whichever catalog entry, template or code printed it."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from printkit.games import GAMES
from printkit.language.translations import Localizer
from printkit.resources import SOURCE_LOCALE
from tests.support import flat, reader

MINUS = "\u2212"
#: Kana and kanji: a Japanese word.
_JA = "\u3040-\u30ff\u4e00-\u9fff"


@cache
def _data(game: str) -> dict:
    return GAMES[game].load_data()


@pytest.fixture(scope="module")
def kit(built_kit: Path) -> Path:
    return built_kit


@cache
def _text(pdf: Path) -> str:
    """A PDF's text: a Japanese one as words (no line breaks between its characters), an
    Arabic one as PDFium reads it (its letters in reading order, from the ActualText of
    each shaped run; pypdf's reading of right-to-left text differs between versions)."""
    if "/ar/" not in str(pdf):
        return flat("\n".join(page.extract_text() or "" for page in reader(pdf).pages))
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        raw = "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    return unicodedata.normalize("NFKC", raw)


def _kits(kit: Path, locale: str) -> dict[str, str]:
    """Each game's whole kit in ``locale``, as text."""
    return {game: _text(kit / game / locale / "kit-a4.pdf") for game in GAMES}


def _found(texts: dict[str, str], pattern: str) -> list[str]:
    return [f"{game}: …{m.group(0)}…" for game, text in texts.items()
            for m in re.finditer(pattern, text)]


# --- Japanese ---------------------------------------------------------------------------


def test_japanese_counts_are_digits(kit: Path) -> None:
    """A count is written in digits, never in kanji ("サイコロを2個", not "二個")."""
    kanji = "[一二三四五六七八九十]+[個枚人回段体点頭匹](?!目)"
    found = _found(_kits(kit, "ja"), rf".{{0,8}}{kanji}.{{0,4}}")
    assert not found, "\n".join(found)


def test_japanese_has_no_he_or_she(kit: Path) -> None:
    """No 彼 or 彼女 for a player: the sentence names the role instead."""
    found = _found(_kits(kit, "ja"), r".{0,12}彼.{0,8}")
    assert not found, "\n".join(found)


def test_japanese_results_are_not_led_by_a_colon(kit: Path) -> None:
    """A result follows its sentence as a sentence or a clause, not after a colon
    ("〜ます：冬のカード")."""
    found = _found(_kits(kit, "ja"), r".{0,12}(?:ます|です|ました|った|した|げる)[：:].{0,8}")
    assert not found, "\n".join(found)


def test_japanese_uses_one_wave_dash(kit: Path) -> None:
    """Ranges take the wave dash 〜 (U+301C) only, never the fullwidth tilde ～ (U+FF5E)."""
    texts = _kits(kit, "ja")
    assert any("\u301c" in t for t in texts.values())
    found = _found(texts, ".{0,8}\uff5e.{0,8}")
    assert not found, "\n".join(found)


def test_japanese_player_counts_take_nin(kit: Path) -> None:
    """The cover's player count reads "2–4人"."""
    for game in GAMES:
        text = _text(kit / game / "ja" / "rulebook-a4.pdf")
        low, high = _data(game)["players"]["min"], _data(game)["players"]["max"]
        assert f"{low}–{high}人" in text, f"{game}: {low}–{high}人 is not on the cover"


def test_japanese_brackets_are_full_width(kit: Path) -> None:
    """Brackets around Japanese words are full width: "Ana（ビーバー）"."""
    found = _found(_kits(kit, "ja"), rf".{{0,8}}\([{_JA}][^)]*\)")
    assert not found, "\n".join(found)


def test_japanese_yeti_rows_read_as_ordinals(kit: Path) -> None:
    """A Yeti card names its row "2段目", not "段" over "2"."""
    text = _text(kit / "yeti-slalom" / "ja" / "cards-a4.pdf")
    assert not re.search(r"(?<!\d)段\d", text)
    yetis = len(_data("yeti-slalom")["yetis"]) * 2
    assert len(re.findall(r"\d段目", text)) >= yetis


def test_japanese_lists_in_figures_are_joined_the_japanese_way(kit: Path) -> None:
    """The words on a chain figure's arrow are joined with 、, not ", "."""
    text = _text(kit / "pick-a-polar-bear" / "ja" / "rulebook-a4.pdf")
    assert not re.search(rf"[{_JA}],[{_JA}]", text)


# --- Arabic -----------------------------------------------------------------------------


def test_arabic_counts_are_not_calques(kit: Path) -> None:
    """No "وفي اليد …" (and in hand…), and no number word after a dual noun ("حجرا نرد
    اثنان", two dice two): the dual says the count."""
    texts = _kits(kit, "ar")
    found = (_found(texts, r".{0,12}وفي اليد.{0,12}")
             + _found(texts, r".{0,12}(?:حجرا|حجران|حجرَي|بطاقتان)(?: نرد)? اثن.{0,4}"))
    assert not found, "\n".join(found)


def test_arabic_no_it_is_three_stones(kit: Path) -> None:
    """No "وهو ثلاثة أحجار" (and it is three stones) after "rolls his dice"."""
    found = _found(_kits(kit, "ar"), r".{0,12}وهو (?:ثلاثة|أربعة|خمسة|ستة|سبعة|حجر).{0,12}")
    assert not found, "\n".join(found)


def test_arabic_age_is_written_one_way(kit: Path) -> None:
    """Every cover gives the age as "من N سنوات", none as "N+"."""
    for game in GAMES:
        text = _text(kit / game / "ar" / "rulebook-a4.pdf")
        age = _data(game)["box"]["age"]
        assert re.search(rf"من\s+{age}\s+سنوات|سنوات\s+{age}\s+من", text), game
        assert not re.search(rf"(?<![\d−]){age}\+|\+{age}(?!\d)", text), game


def test_penalties_keep_their_sign(kit: Path) -> None:
    """The −2 and −4 cards read as penalties: the words under the big number carry the
    minus sign ("−2 نقطة", not "نقطتان", two points), in every shipped language."""
    penalties = sorted({abs(v) for v in _data("pick-a-polar-bear")["penalty"].values()})
    text = _text(kit / "pick-a-polar-bear" / "ar" / "special-cards-a4.pdf")
    points = "(?:نقطة|نقاط|نقطتان)"
    for n in penalties:
        signed = rf"{MINUS}{n}(?!\d)"
        with_words = re.findall(rf"{points} {signed}|{signed} {points}", text)
        # each card prints its big number and, under it, its points
        assert 2 * len(with_words) == len(re.findall(signed, text)), n
    for code in (SOURCE_LOCALE, "pl", "de", "es", "fr", "ja", "ar"):
        for n in penalties:
            words = Localizer.for_locale(code, strict=True).points(-n)
            assert f"{MINUS}{n}" in words, (code, words)
