"""The shipped kits pass the preflight: every game, every shipped locale, A4 and Letter,
in every layout. The home builds are the session's own (their fold and ink-saving
versions included); the shop and fold layouts are built strict, once for the session
(``built_in_layout``, whose guides tests/drawing/test_page_fill.py reads too), so that any
finding fails the build with its line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printkit.commands.build import BuildResult
from printkit.commands.preflight import preflight
from printkit.outputs.preflight.findings import REPORT_NAME
from tests.conftest import Kit


def _findings(out: Path) -> list[str]:
    """What the build found (its report exists only while it has findings), read again."""
    if not (out / REPORT_NAME).exists():
        return []
    return [f.line() for f in preflight([out]).findings] or ["the build wrote a report"]


def test_the_a4_kits_have_no_finding(kit: Kit) -> None:
    assert _findings(kit.out) == []
    assert 'href="preflight.html"' not in (kit.out / "index.html").read_text(encoding="utf-8")


def test_the_letter_kits_have_no_finding(built_kit_letter: Path) -> None:
    assert _findings(built_kit_letter) == []


def test_the_command_agrees_on_a_built_kit(built_kit: Path) -> None:
    """``printkit preflight`` reads the same files the build checked and finds nothing
    either (rules pages against their rulebooks included)."""
    done = preflight([built_kit / "polar-derby", built_kit / "yeti-slalom"])
    assert done.checked > 40 and done.findings == []


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["shop", "fold"])
def test_every_layout_builds_strict(
        built_in_layout: Callable[[str, str], tuple[Path, BuildResult]], paper: str,
        layout: str) -> None:
    out, result = built_in_layout(paper, layout)  # (shared with the guides' page-fill test)
    assert result.rendered > 200 and not (out / REPORT_NAME).exists()
