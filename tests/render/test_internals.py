"""printkit's reliances on ReportLab's internals hold for the installed ReportLab, and a
version nobody checked them against is named, not used in silence."""

from __future__ import annotations

import pytest

from printkit.render import internals


def test_the_installed_reportlab_has_every_internal_printkit_relies_on() -> None:
    assert internals.problems() == []


def test_an_unchecked_reportlab_version_names_every_reliance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(internals.reportlab, "Version", "9.0.0")
    found = internals.problems()
    assert len(found) == 1 and "ReportLab 9.0.0 is outside" in found[0]
    assert all(r.name in found[0] for r in internals.RELIANCES)


def test_a_missing_internal_is_named_with_where_and_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(internals.frames.Frame, "_getAvailableWidth")
    found = internals.problems()
    assert len(found) == 1, found
    assert "no longer has Frame._y" in found[0] and "render/pagefit.py" in found[0]
