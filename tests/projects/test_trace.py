"""Every rule accounted for, in a game project as a designer meets it: a passage removed from
the rulebook, a rule no example shows and no test names, a mark that names no rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.cli import main

from .conftest import edit

BUILD = ["build", "--jobs", "1", "--no-previews", "--locale", "en"]
TEMPLATE = "templates/rulebook.xml.j2"


def test_the_new_project_states_and_shows_every_rule(project: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    assert main([*BUILD, "--strict"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_rule_whose_passage_is_removed_is_named(project: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    edit(project / TEMPLATE, '<p rule="slide">', "<p>")
    assert main(BUILD) == 0
    err = capsys.readouterr().err
    assert ("warning: locale en: rulebook: rule 'slide' of rules.toml is not stated "
            "(no passage of the rulebook is marked rule=\"slide\")") in err
    assert "'move'" not in err
    # --strict makes it the reason the build fails, and nothing is written.
    shutil.rmtree(project / "output")
    assert main([*BUILD, "--strict"]) == 1
    assert "rule 'slide' of rules.toml is not stated" in capsys.readouterr().err
    assert not (project / "output").exists()


def test_a_mark_naming_no_rule_is_named(project: Path, capsys: pytest.CaptureFixture) -> None:
    edit(project / TEMPLATE, '<p rule="move">', '<p rule="move slides">')
    assert main(BUILD) == 0
    assert "a passage is marked rule='slides', which rules.toml does not list" in \
        capsys.readouterr().err


def test_rules_without_example_or_test_are_named_once_tests_exist(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    # Without a tests folder only examples count, and one line says so.
    tests = project / "tests"
    shutil.rmtree(tests)
    assert main(["check"]) == 0
    err = capsys.readouterr().err
    assert "warning" not in err and "note: snow-race: no tests folder" in err
    tests.mkdir()
    (tests / "test_rules.py").write_text(
        'import pytest\n\n\n@pytest.mark.rule("start")\ndef test_start():\n    pass\n',
        encoding="utf-8")
    assert main(["check"]) == 0
    err = capsys.readouterr().err
    assert ("warning: snow-race: rule 'weather-cards' of rules.toml is shown by no worked "
            "example and named by no engine test") in err
    assert "'start'" not in err and "'slide'" not in err
    assert main([*BUILD, "--strict"]) == 1
    assert "rule 'weather-cards'" in capsys.readouterr().err


def test_an_example_showing_an_unknown_rule_is_named(project: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    edit(project / "examples.toml", 'shows = ["finish"]', 'shows = ["finnish"]')
    assert main(["check"]) == 0
    assert "example 'finish' shows rule 'finnish', which rules.toml does not list" in \
        capsys.readouterr().err


def test_a_broken_rules_file_is_one_line_per_problem(project: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    edit(project / "rules.toml", 'source = "ruling"', 'source = "house"')
    assert main(BUILD) == 2
    assert "error: rules.toml: rule[3].source: 'house' is not one of 'original', 'ruling'" in \
        capsys.readouterr().err
    edit(project / "rules.toml", 'source = "house"', 'source = "ruling"')
    edit(project / "rules.toml", 'id = "slide"', 'id = "move"')
    assert main(BUILD) == 2
    assert "error: rules.toml: rule[2].id: 'move' is already the id of rule[1]" in \
        capsys.readouterr().err
