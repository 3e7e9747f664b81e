"""The bidirectional algorithm printkit carries for right-to-left text, against the
reference implementation (python-bidi) on real and random mixed text."""

from __future__ import annotations

import random
import unicodedata

import pytest
from bidi import get_display

from printkit.language.bidi import (
    FSI,
    LRE,
    LRI,
    LRO,
    PDF,
    PDI,
    RLE,
    RLI,
    RLO,
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


#: What rule L1 sets back to the paragraph's level (with what rule X9 removes).
_RESET = {"WS", "S", "B", "BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}


def _as_reference(text: str, direction: str, base: str) -> bool:
    """Whether :func:`log2vis` shows ``text`` as python-bidi does, or differs only where
    python-bidi skips rule L1: a line whose levels are all even before it (all inside a
    left-to-right embedding) it leaves as it is, where L1 sets the spaces and controls at
    its end to the paragraph's odd level."""
    shown = get_display(text, base_dir=base)
    if log2vis(text, direction) == shown:
        return True
    odd = [c for c, level in zip(text, levels(text, direction), strict=True) if level % 2]
    return shown == text and all(unicodedata.bidirectional(c) in _RESET for c in odd)


def test_an_embedding_in_arabic_text_is_ordered_as_the_reference_orders_it() -> None:
    text = f"مرحبا {LRE}Ben 12{PDF} يرمي"
    assert levels(text, "RTL")[7:13] == [2] * 6  # "Ben 12" embedded left to right
    for direction, base in (("RTL", "R"), ("LTR", "L")):
        assert log2vis(text, direction) == get_display(text, base_dir=base)
    assert plain(display(text, "RTL")).startswith("يمري Ben 12")


@pytest.mark.parametrize("text", [
    f"{RLE}abc 12{PDF} def", f"abc {RLO}def 12{PDF} ghi", f"مرحبا {LRO}يرمي 3{PDF}!",
    f"{RLE}a{LRE}b{RLO}c{PDF}d{PDF}e{PDF}f", f"a {RLI}b {LRE}c{PDI} d{PDF} e",
    f"({LRE}a){PDF} ب", f"ب{RLE}َ1{PDF}", f"{LRO}(ب) {RLE}א{PDF}{PDF} 3.5",
])
def test_embeddings_and_overrides_match_the_reference(text: str) -> None:
    for direction, base in (("RTL", "R"), ("LTR", "L")):
        assert _as_reference(text, direction, base), text


def test_random_text_with_every_control_matches_the_reference() -> None:
    rng = random.Random(13)
    pool = list("abc XYZ 123 + = : ، . ( ) [ ] « » - % , \t") + list("مرحبا يرمي") + \
        ["١", "\u064e", "\u2212", "\u00ad", "א"] + [LRI, RLI, FSI, PDI] * 2 + \
        [LRE, RLE, LRO, RLO, PDF] * 3
    for _ in range(3000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(1, 30)))
        for direction, base in (("RTL", "R"), ("LTR", "L")):
            assert _as_reference(text, direction, base), text


def test_embeddings_deeper_than_the_deepest_level_match_the_reference() -> None:
    rng = random.Random(17)
    for _ in range(50):
        text = "".join(rng.choice([RLE, LRE, RLO, LRI, RLI]) + rng.choice("aب1 ")
                       for _ in range(rng.randint(60, 140)))
        text += "".join(rng.choice(["a", "ب", " ", "1", "(", ")", PDF, PDI])
                        for _ in range(rng.randint(5, 200)))
        for direction, base in (("RTL", "R"), ("LTR", "L")):
            assert _as_reference(text, direction, base), text


def test_rule_l1_applies_where_the_reference_skips_it() -> None:
    text = f"a{LRE} "
    assert levels(text, "RTL") == [2, 1, 1]  # the space at the line's end: paragraph level
    assert log2vis(text, "RTL") == f" {LRE}a"
    assert get_display(text, base_dir="R") == text  # python-bidi: all even, left as it is
