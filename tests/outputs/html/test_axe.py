"""The rules pages and the kit page pass an accessibility audit in a real browser: axe-core
(4.10.3, vendored in tests/data/axe with its licence) run in headless Chromium, with every
rule but the AAA contrast one, finds no serious or critical violation, on a phone (390 px,
mobile emulation) and on a desktop (1280 px).

One Chromium serves the whole module: it starts once and opens each page in turn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit import games
from tests.browser import Browser

AXE = Path(__file__).resolve().parents[2] / "data" / "axe" / "axe.min.js"

#: axe's verdict, as (rule id, impact, how many elements, the first two) of each serious or
#: critical one. Every rule runs, experimental ones too; only the AAA contrast one is off.
RUN = """axe.run(document, {rules: Object.fromEntries(axe.getRules().map(rule =>
    [rule.ruleId, {enabled: rule.ruleId !== "color-contrast-enhanced"}]))})
    .then(r => JSON.stringify(r.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => [v.id, v.impact, v.nodes.length, v.nodes.slice(0, 2).map(n => n.target)])))"""

#: A phone (an iPhone 12-14's viewport) and a desktop window.
SCREENS = {"390": (390, 844, 3, True), "1280": (1280, 900, 1, False)}
LOCALES = ("en", "ar", "ja")
PAGES = [f"index.html#{code}" for code in LOCALES] + [
    f"{game}/{code}/rules.html" for game in games.GAMES for code in LOCALES]


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    opened = Browser("about:blank", tmp_path_factory.mktemp("axe-profile"))
    try:
        opened.loaded()
        yield opened
    finally:
        opened.close()


def _audit(browser: Browser, url: str, screen: str) -> list:
    width, height, scale, mobile = SCREENS[screen]
    browser.emulate(width, height, scale, mobile=mobile)
    browser.navigate("about:blank")  # a fragment of the page open before is a new load too
    browser.navigate(url)
    browser.evaluate(AXE.read_text(encoding="utf-8"))
    return json.loads(browser.evaluate(RUN, await_promise=True))


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("page", PAGES)
def test_no_serious_accessibility_violation(built_kit: Path, browser: Browser, page: str,
                                            screen: str) -> None:
    path, _, fragment = page.partition("#")
    url = (built_kit / path).as_uri() + (f"#{fragment}" if fragment else "")
    assert _audit(browser, url, screen) == []


@pytest.mark.slow
def test_the_audit_finds_a_picture_without_alt_and_faint_text(browser: Browser,
                                                              tmp_path: Path) -> None:
    page = tmp_path / "bad.html"
    page.write_text('<!doctype html><html><head><title>x</title></head><body>'
                    '<img src="data:image/png;base64,iVBORw0KGgo=">'
                    '<div style="overflow:auto;width:5em"><p style="width:40em">wide</p></div>'
                    '<p style="color:#eee;background:#fff">faint</p></body></html>')
    found = {rule for rule, *_ in _audit(browser, page.as_uri(), "390")}
    assert {"image-alt", "color-contrast", "html-has-lang",
            "scrollable-region-focusable"} <= found
