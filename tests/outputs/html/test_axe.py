"""The rules pages and the kit page pass an accessibility audit in a real browser: axe-core
(4.10.3, vendored in tests/data/axe with its licence) run in headless Chromium finds no
serious or critical violation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser import Browser

AXE = Path(__file__).resolve().parents[2] / "data" / "axe" / "axe.min.js"

#: axe's verdict, as (rule id, impact, how many elements) of each serious or critical one.
RUN = """axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a",
    "wcag21aa", "best-practice"]}}).then(r => JSON.stringify(r.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => [v.id, v.impact, v.nodes.length, v.nodes.slice(0, 2).map(n => n.target)])))"""


def _audit(page: Path, profile: Path) -> list:
    browser = Browser(page.as_uri(), profile)
    try:
        browser.loaded()
        browser.evaluate(AXE.read_text(encoding="utf-8"))
        return json.loads(browser.evaluate(RUN, await_promise=True))
    finally:
        browser.close()


@pytest.mark.slow
@pytest.mark.parametrize("page", ["index.html", "polar-derby/en/rules.html",
                                  "yeti-slalom/ar/rules.html",
                                  "coraz-blizej-swieta/pl/rules.html",
                                  "pick-a-polar-bear/ja/rules.html"])
def test_no_serious_accessibility_violation(built_kit: Path, tmp_path: Path,
                                            page: str) -> None:
    assert _audit(built_kit / page, tmp_path / "profile") == []


@pytest.mark.slow
def test_the_audit_finds_a_picture_without_alt_and_faint_text(tmp_path: Path) -> None:
    page = tmp_path / "bad.html"
    page.write_text('<!doctype html><html><head><title>x</title></head><body>'
                    '<img src="data:image/png;base64,iVBORw0KGgo=">'
                    '<p style="color:#eee;background:#fff">faint</p></body></html>')
    found = {rule for rule, *_ in _audit(page, tmp_path / "profile")}
    assert {"image-alt", "color-contrast", "html-has-lang"} <= found

