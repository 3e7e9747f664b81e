"""The catalog commands work on the project found from the current folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main

from .conftest import NAME, edit


def test_update_coverage_and_init_in_a_project(project: Path,
                                               capsys: pytest.CaptureFixture) -> None:
    assert main(["catalog", "coverage", "--fail-under", "100"]) == 0
    assert "de" in capsys.readouterr().out
    edit(project / "templates" / "rulebook.xml.j2", '_("Setup")', '_("Getting ready")')
    assert main(["catalog", "update"]) == 0
    po = (project / "locales/de/LC_MESSAGES/printkit.po").read_text(encoding="utf-8")
    assert 'msgid "Getting ready"' in po and 'msgid "Setup"' not in po
    assert 'msgid "Print-and-play guide"' not in po  # printkit's strings stay in printkit
    assert main(["catalog", "coverage", "--fail-under", "100"]) == 1
    capsys.readouterr()
    assert main(["catalog", "init", "fr"]) == 0
    assert (project / "locales/fr/LC_MESSAGES/printkit.po").is_file()
    assert main(["list"]) == 0
    assert "locales: en, de, fr" in capsys.readouterr().out


def test_coverage_counts_the_project_entries_under_its_game(project: Path,
                                                           capsys: pytest.CaptureFixture
                                                           ) -> None:
    # Strings from rules.py and a module beside it count as the game's too.
    (project / "texts.py").write_text(
        'from printkit.language.translations import N_\n\nSHOUT = N_("Go!")\n', encoding="utf-8")
    assert main(["catalog", "update"]) == 0
    po = (project / "locales/de/LC_MESSAGES/printkit.po").read_text(encoding="utf-8")
    assert "#: texts.py:3" in po
    capsys.readouterr()
    assert main(["catalog", "coverage"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [row[:2] for row in rows] == [["de", NAME]], rows
    done, total = (int(n) for n in rows[0][2].split("/"))
    assert done == total - 1 and total > 40, rows  # every entry but "Go!"
