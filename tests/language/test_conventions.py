"""A locale's quotation marks, list patterns and counts in words come from its
typography.toml, which its translator writes; nothing of them is in Python."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit import caches
from printkit.language import conventions
from printkit.language.translations import Localizer
from printkit.language.typography import localise


@pytest.fixture
def locales(locales_copy: Path) -> Iterator[Path]:
    """A copy of locales/ whose typography.toml files the test writes."""
    caches.start_build()
    yield locales_copy
    caches.start_build()


def _write(folder: Path, code: str, content: str) -> None:
    (folder / code).mkdir(exist_ok=True)
    (folder / code / "typography.toml").write_text(content, encoding="utf-8")
    caches.start_build()


@pytest.mark.parametrize(("code", "quoted"), [
    ("en", "“Hold”"), ("de", "„Hold“"), ("fr", "«\u00a0Hold\u00a0»"), ("es", "«Hold»"),
    ("pl", "„Hold”"), ("ar", "”Hold“"), ("ja", "「Hold」"),
])
def test_each_shipped_locale_prints_the_quotation_marks_of_its_file(code: str,
                                                                     quoted: str) -> None:
    assert localise('say "Hold"', code) == f"say {quoted}"


def test_a_locale_declaring_no_marks_prints_english_ones(locales: Path) -> None:
    _write(locales, "he", "count_words = true\n")
    assert localise('"x"', "he") == "“x”"
    _write(locales, "he", 'quotes = ["\u201d", "\u201d"]\n')
    assert localise('"x"', "he") == "\u201dx\u201d"


def test_a_hebrew_and_joins_the_last_name_as_the_translator_writes_it(locales: Path) -> None:
    he = Localizer(code="he")
    assert he.list(["Ana", "Ben", "Cleo"]) == "Ana, Ben וCleo"  # Babel's (CLDR's) pattern
    _write(locales, "he", '[lists]\nstandard = "{0} ו־{1}"\n')
    assert he.list(["Ana", "Ben", "Cleo"]) == "Ana, Ben ו־Cleo"
    assert he.list(["Ben", "Cleo"]) == "Ben ו־Cleo"
    assert he.list(["Cleo"]) == "Cleo"
    assert he.list(["Ana", "Ben", "Cleo"], style="or") == Localizer(code="he").list(
        ["Ana", "Ben", "Cleo"], style="or")  # a style it leaves out stays Babel's


def test_a_thai_list_gets_the_spaces_its_translator_asks_for(locales: Path) -> None:
    th = Localizer(code="th")
    assert th.list(["Ben", "Cleo"]) == "BenและCleo"
    _write(locales, "th", '[lists]\nstandard = { two = "{0} และ {1}", end = "{0} และ {1}" }\n')
    assert th.list(["Ben", "Cleo"]) == "Ben และ Cleo"
    assert th.list(["Ana", "Ben", "Cleo"]) == "Ana Ben และ Cleo"  # start: Babel's


def test_counts_in_words_can_be_switched_off(locales: Path) -> None:
    assert Localizer.for_locale("ja").words(3) == "3"  # ja/typography.toml
    assert Localizer.for_locale("pl").words(3) == "trzy"
    he = Localizer(code="he")
    assert he.words(2) != "2"  # num2words' Hebrew (feminine)
    _write(locales, "he", "count_words = false\n")
    assert he.words(2) == "2" and he.words(40) == "40"


def test_the_conventions_are_part_of_a_documents_fingerprint(locales: Path) -> None:
    _write(locales, "he", 'quotes = ["„", "”"]\ncount_words = false\n'
                          '[lists]\nstandard = "{0} ו־{1}"\n')
    digest = conventions.digest("he")
    assert "quotes=„”" in digest and "count_words=False" in digest
    assert "lists=standard:2={0} ו־{1};standard:end={0} ו־{1}" in digest


@pytest.mark.parametrize(("content", "words"), [
    ('quotes = "„“"\n', ["quotes must be two marks"]),
    ('quotes = ["„"]\n', ["quotes must be two marks"]),
    ('quotes = ["„", ""]\n', ["quotes must be two marks"]),
    ('count_words = "no"\n', ["count_words must be true or false"]),
    ('lists = "{0} and {1}"\n', ["lists must be a table"]),
    ('[lists]\nand = "{0} and {1}"\n', ["lists: unknown list style 'and'"]),
    ('[lists]\nstandard = "{0} and"\n', ["lists.standard = '{0} and' must hold {0} and then {1}"]),
    ('[lists]\nstandard = "{1} and {0}"\n', ["lists.standard = "]),
    ('[lists]\nstandard = { last = "{0} and {1}" }\n', ["lists.standard.last: unknown pattern"]),
    ('[lists]\nstandard = { two = 2 }\n', ["lists.standard.two = 2 must hold"]),
    ('[lists]\nstandard = {}\n', ["lists.standard must be a pattern"]),
])
def test_a_bad_key_is_one_line_naming_file_and_key(locales: Path, content: str,
                                                   words: list[str]) -> None:
    _write(locales, "pl", content)
    with pytest.raises(conventions.TypographyError) as raised:
        conventions.conventions("pl")
    message = str(raised.value)
    assert "\n" not in message and message.startswith("locale pl: ")
    assert "pl/typography.toml" in message
    assert all(w in message for w in words), message
