"""The bidirectional algorithm printkit carries for right-to-left text, against the
reference implementation (python-bidi) on real and random mixed text."""

from __future__ import annotations

import random

import pytest
from bidi import get_display

from printkit.language.bidi import (
    FSI,
    LRI,
    PDI,
    RLI,
    display,
    isolate,
    isolate_numbers,
    levels,
    log2vis,
    numbers,
    plain,
)

SENTENCES = [
    "يرمي Ben النرد: 3 + 4 = 7 نقاط",
    "الدور 12: Ana",
    "مرحبا (Ben) يرمي",
    "النتيجة 25% فقط",
    "«مرحبا» قال",
    "hello مرحبا world",
]


@pytest.mark.parametrize("text", SENTENCES)
def test_real_sentences_are_in_bidi_order(text: str) -> None:
    for direction, base in (("RTL", "R"), ("LTR", "L")):
        assert log2vis(text, direction) == get_display(text, base_dir=base)


def test_random_mixed_text_matches_the_reference() -> None:
    rng = random.Random(7)
    pool = list("abc XYZ 123 45 + = : ، . ( ) [ ] « » - % $ / ,") + \
        list("مرحبا بالعالم يرمي النرد") + ["١", "٢", "\u064e"]
    for _ in range(3000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(1, 30)))
        for direction, base in (("RTL", "R"), ("LTR", "L")):
            assert log2vis(text, direction) == get_display(text, base_dir=base), text


def test_numbers_stay_left_to_right_and_brackets_are_mirrored_in_right_to_left_text() -> None:
    text = "الدور 12 (Ana)"
    assert levels(text, "RTL")[6:8] == [2, 2]  # the number is a left-to-right run
    shown = display(text, "RTL")
    assert "12" in shown and "(Ana)" in shown  # mirrored back to reading order
    positions: list[int] = []
    log2vis(text, "RTL", positions_V_to_L=positions)
    assert sorted(positions) == list(range(len(text)))


def test_a_paragraph_resolved_again_gets_its_own_levels() -> None:
    text = "يرمي Ben النرد: 3 + 4"
    first = levels(text, "RTL")
    first[:] = [0] * len(first)  # a caller's list is its own: the kept levels stay right
    again = levels(text, "RTL")
    assert again == levels(text + " ", "RTL")[:len(text)]
    assert again != first and again[0] == 1 and log2vis(text, "RTL") == get_display(
        text, base_dir="R")


def test_isolates_match_the_reference() -> None:
    rng = random.Random(11)
    pool = list("abc XYZ 123 + = : ، . ( ) « » - … % ,") + list("مرحبا يرمي النرد") + \
        ["١", "\u2212"] + [LRI, RLI, FSI, PDI] * 3
    for _ in range(3000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(1, 30)))
        for direction, base in (("RTL", "R"), ("LTR", "L")):
            assert log2vis(text, direction) == get_display(text, base_dir=base), text


def test_an_isolated_latin_title_keeps_its_ellipsis_at_its_end() -> None:
    text = f"{isolate('Coraz bliżej Święta…')} · كتيّب القواعد"
    shown = plain(display(text, "RTL"))
    assert shown.endswith("Coraz bliżej Święta…")  # at the right, where the line begins
    assert plain(display("Coraz bliżej Święta… · كتيّب القواعد", "RTL")).endswith(
        "…Coraz bliżej Święta")  # without the isolate, the "…" goes astray


@pytest.mark.parametrize(("text", "found"), [
    ("\u22124 نقاط", ["\u22124"]), ("من 2–4 لاعبين", ["2–4"]), ("العمر 6+", ["6+"]),
    ("بطاقة \u22122/\u22124", ["\u22122", "\u22124"]), ("من \u221210 إلى +10", ["\u221210", "+10"]),
    ("3 + 4 = 7", []), ("3+4", []), ("Ana\u22122", []), ("2.5%", []), ("+2.5%", ["+2.5%"]),
])
def test_signed_numbers_and_ranges_are_found(text: str, found: list[str]) -> None:
    assert [text[a:b] for a, b in numbers(text)] == found


def test_a_signed_number_reads_left_to_right_in_arabic_text() -> None:
    text = "\u22124 نقاط"
    assert plain(display(isolate_numbers(text), "RTL")).endswith("\u22124")
    assert display(text, "RTL").endswith("4\u2212")  # the algorithm alone: "4−"
