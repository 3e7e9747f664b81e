"""Game data is text: a ``%``, ``<b>``, ``&``, ``{{ }}`` or an unbalanced tag in any field
prints as itself in every document, and never breaks a build."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from printkit.cli import main

from .conftest import edit

TITLE = "Snow <i>50%</i> & </b>"
SUBTITLE = "A 100% <b>dice race & {{ x }} down %(y)s"
CREDIT = "Made 50% by me, </b> 50% (you) %(x)s %%"
STEP = "Print at 100% (actual size), then cut."
DECK = "Weather 100% (cards) </b> %(x)s"


def _text(path: Path) -> str:
    return " ".join(" ".join(p.extract_text() or "" for p in PdfReader(path).pages).split())


def test_percent_signs_markup_and_braces_in_data_print_literally(project: Path) -> None:
    game = project / "game.toml"
    text = game.read_text(encoding="utf-8")
    title = re.search(r'^title = "(.*)"$', text, re.M).group(1)
    edit(game, f'title = "{title}"', f'title = "{TITLE}"')
    edit(game, 'subtitle = "A dice race down the mountain"', f'subtitle = "{SUBTITLE}"')
    edit(game, "credit = \"A sample game made with printkit. Replace this line with your own "
               "credits.\"", f'credit = "{CREDIT}"')
    edit(game, '"Cut out the cards along the cut lines.",', f'"{STEP}",')
    edit(game, 'title = "Weather cards"', f'title = "{DECK}"')
    out = project / "out"
    for locale in ("en", "de"):  # English as written, and through a catalog's fallback
        assert main(["build", "--jobs", "1", "--no-previews", "--locale", locale,
                     "--out", str(out)]) == 0
        folder = out / project.name / locale
        rulebook = _text(folder / "rulebook-a4.pdf")
        for literal in (TITLE, SUBTITLE, CREDIT):
            assert literal in rulebook, (locale, literal)
        guide = _text(folder / "guide-a4.pdf")
        assert STEP in guide and TITLE in guide, locale
        assert f"{TITLE} · {DECK} ·" in _text(folder / "cards-a4.pdf"), locale
        assert TITLE in _text(folder / "scores-a4.pdf"), locale


def test_a_translation_of_plain_text_may_have_a_percent_sign_a_format_string_may_not() -> None:
    from printkit.language.checks import translation_problems

    assert translation_problems("Print at 100% (actual size)", ["Mit 100% drucken"]) == []
    assert translation_problems("%(num)s cards", ["%(num)s Karten zu 100%"]) == [
        "has a lone % (write %% for a percent sign)"]


def test_unbalanced_tags_print_as_text_and_balanced_ones_as_markup() -> None:
    from printkit.drawing.templating import safe_translation
    from printkit.drawing.text import markup

    assert str(safe_translation("a </b> b")) == "a &lt;/b&gt; b"
    assert str(safe_translation("a <b>b</b>")) == "a <b>b</b>"
    assert markup("x <i>y") == "x &lt;i&gt;y"
    assert markup("<b>x</b> & y") == "<b>x</b> &amp; y"
