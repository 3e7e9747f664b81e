"""A script without italics is never slanted by the browser: the rules page of a locale whose
script.toml declares no italic face (Arabic, Japanese) sets its subtitle, figure captions,
colophon and emphasis upright, as its PDFs do; a Latin locale keeps its italics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.language.script import load
from tests.browser import Browser
from tests.conftest import Kit

#: The font style the browser computes for each element that a rules page sets in italics.
STYLES = """JSON.stringify([...document.querySelectorAll(
    "em, i, .subtitle, figcaption, .colophon")].map(e => getComputedStyle(e).fontStyle))"""


def _styles(page: Path, profile: Path) -> list[str]:
    browser = Browser(page.as_uri(), profile)
    try:
        browser.loaded()
        return json.loads(browser.evaluate(STYLES))
    finally:
        browser.close()


@pytest.mark.slow
def test_a_script_without_italics_is_upright_on_its_rules_page(kit: Kit, tmp_path: Path
                                                                ) -> None:
    game = kit.games[0]
    found = {}
    for locale in kit.locales:
        page = kit.out / game / locale / "rules.html"
        if page.is_file():
            found[locale] = _styles(page, tmp_path / f"profile-{locale}")
    upright = [code for code in found if not load(code).italics]
    assert {"ar", "ja"} <= set(upright), found.keys()
    for code in upright:
        assert found[code] and set(found[code]) == {"normal"}, (code, found[code])
    assert "italic" in found["en"]  # Latin keeps its italics: the styles are read
