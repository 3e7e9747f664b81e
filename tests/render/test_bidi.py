"""The bidirectional algorithm printkit carries for right-to-left text, against the
reference implementation (python-bidi) on real and random mixed text."""

from __future__ import annotations

import random

import pytest
from bidi import get_display

from printkit.render.bidi import display, levels, log2vis

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
