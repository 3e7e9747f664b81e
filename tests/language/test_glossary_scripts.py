"""A glossary's terms are found as the locale's script writes words: Thai runs its words
together (ICU's dictionary finds them), Hebrew writes "the", "and", "from"... onto the
next word (the glossary's prefixes)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from printkit.errors import DataErrors
from printkit.tools.glossary import entry_problems, glossary_problems, load_glossary, term_forms
from printkit.tools.termforms import TermForms, written_without_spaces

THAI_GLOSSARY = """\
[[term]]
en = ["dice", "die"]
use = "ลูกเต๋า"

[[term]]
en = ["draw pile"]
use = "กองจั่ว"

[[term]]
en = ["pile"]
use = "กอง"
"""

THAI = {
    "Roll the dice.": "ทอยลูกเต๋า",
    "Take a card from the draw pile.": "หยิบการ์ดหนึ่งใบจากกองจั่ว",
    "The player rolls the dice and moves.": "ผู้เล่นทอยลูกเต๋าแล้วเดินหมาก",
    "Put the card on the discard pile.": "วางไพ่ลงบนกองทิ้ง",
    # a real mistake: no ลูกเต๋า (only the classifier ลูก)
    "Roll two dice.": "ทอยสองลูก",
    # the pile's กอง inside a longer word (กองทัพ, an army) is not the term
    "Send the pile away.": "ส่งกองทัพไป",
}

HEBREW_GLOSSARY = """\
prefixes = ["ה", "ו", "מ", "ב", "ל", "ש", "כ"]

[[term]]
en = ["dice", "die"]
use = "קוביות"
forms = ["קוביה", "קוביות"]
forbidden = ["אבנים"]

[[term]]
en = ["opponents"]
use = "יריבים"
"""

HEBREW = {
    "Roll the dice.": "הטל את הקוביות.",
    "Take a card from your opponents.": "קח קלף מהיריבים.",
    "Keep the dice and pass.": "שמור את הקוביות ותעביר.",
    "Roll with the die.": "הטל בקוביה.",
    "Your opponents and the dice.": "היריבים והקוביות.",
    # a real mistake: a forbidden word for the dice, with prefixes
    "Roll two dice.": "הטל שתי אבנים והמשך.",
}


def _locale(root: Path, code: str, glossary: str, entries: dict[str, str]) -> None:
    folder = root / code / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = Catalog(locale=code)
    for msgid, string in entries.items():
        catalog.add(msgid, string)
    with (folder / "printkit.po").open("wb") as fh:
        write_po(fh, catalog)
    (root / code / "glossary.toml").write_text(glossary, encoding="utf-8")


def test_thai_is_written_without_spaces_and_hebrew_with_them() -> None:
    assert written_without_spaces("th") and written_without_spaces("th_TH")
    assert written_without_spaces("km") and written_without_spaces("lo")
    assert not any(written_without_spaces(c) for c in ("he", "ar", "pl", "en", "ja", "xx"))
    assert term_forms("th").mode == "icu" and term_forms("pl").mode == "whole"


def test_thai_terms_are_found_among_icus_words(locales_copy: Path) -> None:
    _locale(locales_copy, "th", THAI_GLOSSARY, THAI)
    found = glossary_problems(["th"], root=locales_copy)
    assert len(found) == 2, found
    assert "entry 'Roll two dice.': lacks the glossary term 'ลูกเต๋า' for 'dice'" in found[0]
    assert "entry 'Send the pile away.': lacks the glossary term 'กอง'" in found[1]


def test_whole_word_regexes_would_call_every_thai_entry_wrong(locales_copy: Path) -> None:
    """What the check said before: a term run together with its neighbours is missed."""
    _locale(locales_copy, "th", THAI_GLOSSARY, THAI)
    whole = TermForms()
    terms = [replace(term, forms=whole.finder([term.use]))
             for term in load_glossary("th", locales_copy)]
    assert [m for m, t in THAI.items() if entry_problems(terms, m, (t,), set())] == list(THAI)


def test_hebrew_terms_match_after_any_chain_of_the_glossarys_prefixes(
        locales_copy: Path) -> None:
    _locale(locales_copy, "he", HEBREW_GLOSSARY, HEBREW)
    found = glossary_problems(["he"], root=locales_copy)
    assert len(found) == 2, found
    assert all("entry 'Roll two dice.'" in line for line in found), found
    assert "lacks the glossary term 'קוביות'" in found[0]
    assert "uses 'אבנים', which the glossary forbids" in found[1]
    # without the prefixes, every prefixed form is a false error: six besides the two
    (locales_copy / "he" / "glossary.toml").write_text(
        HEBREW_GLOSSARY.split("\n", 1)[1], encoding="utf-8")
    assert len(glossary_problems(["he"], root=locales_copy)) == 2 + 6


def test_a_prefix_chain_does_not_make_a_longer_word_the_term(locales_copy: Path) -> None:
    _locale(locales_copy, "he", HEBREW_GLOSSARY, HEBREW)
    terms = load_glossary("he", locales_copy)
    assert entry_problems(terms, "Your opponents.", ("היריביםשלך.",), set())  # run on
    assert entry_problems(terms, "Your opponents.", ("אהיריבים.",), set())  # not a prefix
    assert not entry_problems(terms, "Your opponents.", ("ושמהיריבים.",), set())


@pytest.mark.parametrize("prefixes", ['"ה"', '["ה", ""]', '["ה ו"]', "[1]"])
def test_bad_prefixes_name_the_file_and_key(tmp_path: Path, prefixes: str) -> None:
    (tmp_path / "he").mkdir()
    (tmp_path / "he" / "glossary.toml").write_text(f"prefixes = {prefixes}\n",
                                                   encoding="utf-8")
    with pytest.raises(DataErrors) as raised:
        load_glossary("he", tmp_path)
    assert "he/glossary.toml" in str(raised.value) and "prefixes" in str(raised.value)
