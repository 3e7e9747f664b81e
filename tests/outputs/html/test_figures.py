"""The rules page's figures as a reader gets them: inline SVG whose words are text, in the
page's language and reading order, in colours that follow dark mode, at a weight the
page can carry."""

from __future__ import annotations

import re
from functools import cache
from html import unescape

import pytest

from printkit.games import GAMES
from printkit.outputs.html import rules_page
from tests.support import game_context as context

#: Each game's English rules page at most, in bytes: measured when the figures became
#: SVG (polar-derby 375 KB, yeti-slalom 386 KB, coraz-blizej-swieta 111 KB,
#: pick-a-polar-bear 1,170 KB: its card faces are detailed vector art), plus a tenth.
BOUNDS = {"polar-derby": 410_000, "yeti-slalom": 425_000, "coraz-blizej-swieta": 125_000,
          "pick-a-polar-bear": 1_310_000}


@cache
def page(game_id: str, locale: str) -> str:
    return rules_page(context(game_id, locale)).decode("utf-8")


def figures(source: str) -> dict[str, list[str]]:
    """The <figure> elements of a page by class: the markup of each."""
    found: dict[str, list[str]] = {}
    for name, body in re.findall(r'<figure class="([^"]*)">(.*?)</figure>', source, re.S):
        found.setdefault(name, []).append(body)
    return found


def words(markup: str) -> list[str]:
    """The words of the <text> elements in ``markup``, each element's split at spaces."""
    return [w for t in re.findall(r"<text [^>]*>(.*?)</text>", markup)
            for w in unescape(t).split()]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_figure_is_inline_svg_with_its_words_as_text(game_id: str) -> None:
    source = page(game_id, "en")
    found = figures(source)
    assert found and "data:image/png" not in source and "<img" not in source
    for name, bodies in found.items():
        for body in bodies:
            assert re.search(r"<svg [^>]*viewBox=", body), name
    assert len(words(source)) > 20  # labels, numbers, names: searchable and copyable


@pytest.mark.parametrize("locale", ["en", "pl", "ar", "ja"])
def test_polar_derby_colour_names_and_values_are_text_in_the_language(locale: str) -> None:
    """The value table's names and points, from the game's data, translated: each word is
    in a <text> of the page's figures, Arabic in its logical order (a word written
    backwards, as the PDF's glyphs run, would not match)."""
    ctx = context("polar-derby", locale)
    shown = set(words(page("polar-derby", locale)))
    for colour in ctx.data["colours"]:
        expected = [ctx._(colour["name"]), ctx.localizer.points(colour["value"])]
        for word in " ".join(expected).split():
            assert word in shown, (locale, colour["name"], word)


def test_arabic_labels_are_written_right_to_left() -> None:
    source = page("polar-derby", "ar")
    arabic = re.findall(r"<text ([^>]*)>([^<]*[\u0600-\u06ff][^<]*)</text>", source)
    assert arabic
    assert all('direction="rtl"' in attrs for attrs, _ in arabic)


@pytest.mark.parametrize("locale", ["en", "pl", "ja"])
def test_yeti_slalom_chart_labels_are_text(locale: str) -> None:
    """The quick reference's chart: each column's number and the die symbol of each colour
    under it, as the game's data gives them."""
    ctx = context("yeti-slalom", locale)
    [chart] = figures(page("yeti-slalom", locale))["figure-reach"]
    shown = words(chart)
    for col in range(1, ctx.data["course"]["columns"] + 1):
        assert ctx.localizer.number(col) in shown, col
    for side in ("green", "red"):
        for face in ctx.data["throws"][side]:
            if face:
                assert ctx.localizer.number(face) in shown, (side, face)


def test_the_ink_and_the_paper_follow_dark_mode() -> None:
    source = page("polar-derby", "en")
    drawings = "".join(re.findall(r"<svg.*?</svg>", source, re.S))
    assert 'class="paper"' in drawings
    # The ink is the page's text colour; it stays a fixed dark colour only where it is
    # drawn on a light colour of its own (a number on a yellow space), which dark mode
    # leaves light.
    fixed = 0
    for value in re.findall(r'(?:fill|stroke)="#([0-9a-f]{6})"', drawings):
        rgb = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
        fixed += max(rgb) <= 0x50 and max(rgb) - min(rgb) <= 0x30
    assert drawings.count("currentColor") > 10 * fixed
    style = re.search(r"<style>(.*?)</style>", source, re.S).group(1)
    dark = style[style.index("prefers-color-scheme: dark"):]
    assert "--figure-paper" in dark.split("}")[0]
    assert re.search(r"figure svg \{[^}]*color: var\(--ink\)", style)
    assert re.search(r"\.paper \{ fill: var\(--figure-paper\)", style)


@pytest.mark.parametrize("game_id", sorted(BOUNDS))
def test_the_page_weight(game_id: str) -> None:
    assert len(page(game_id, "en").encode("utf-8")) <= BOUNDS[game_id]


def test_a_wide_figure_scrolls_in_a_named_region_and_opens_full_size() -> None:
    source = page("polar-derby", "en")
    wide = re.findall(r'<div class="wide" id="([^"]+)">(.*?)</div>\s*(?=<a)', source, re.S)
    assert wide
    for anchor, region in wide:
        assert re.search(r'class="scroll"[^>]*role="region"|role="region"[^>]*class="scroll"',
                         source)
        assert f'href="#{anchor}"' in source and f'href="#{anchor}-in"' in source
        assert re.search(r'style="min-width:[\d.]+px"', region)
