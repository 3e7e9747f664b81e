"""Careless and hostile input in a project's templates, data and rules.py: each is one
line naming the file (and line or key), the documented exit code, nothing written, and
the game's data as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main
from printkit.drawing import budget

from .conftest import edit

TEMPLATE = Path("templates") / "rulebook.xml.j2"


def _fails(capsys: pytest.CaptureFixture, out: Path, code: int, *options: str) -> str:
    """Run a build that must fail with ``code``: its error lines, joined, each one line
    of printkit's (no traceback)."""
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en", *options,
                 "--out", str(out)]) == code
    err = capsys.readouterr().err.strip().splitlines()
    errors = [line for line in err if not line.startswith(("[", "checking "))]
    assert errors and all(line.startswith("printkit: error: ") for line in errors), err
    assert not any("Traceback" in line or "internal error" in line for line in err), err
    assert not out.exists()
    return "\n".join(errors)


def _first_line(project: Path, text: str) -> None:
    """Put ``text`` on the rulebook template's first line."""
    template = project / TEMPLATE
    template.write_text(text + "\n" + template.read_text(encoding="utf-8"), encoding="utf-8")


def test_nested_loops_end_on_the_budget(project: Path, capsys: pytest.CaptureFixture,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # Each range() is capped by the sandbox; two nested ones are ten billion turns.
    monkeypatch.setattr(budget, "STEPS", 200_000)  # the same check, sooner
    _first_line(project, "{% for i in range(99999) %}{% for j in range(99999) %}"
                         "{% endfor %}{% endfor %}")
    line = _fails(capsys, project / "out", 1)
    assert line.startswith("printkit: error: templates/rulebook.xml.j2:1: locale en: "
                           "the template takes more than 200,000 steps"), line


def test_a_render_ends_on_its_time_budget(project: Path, capsys: pytest.CaptureFixture,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "SECONDS", -1.0)  # spent before the first step
    line = _fails(capsys, project / "out", 1)
    assert line.startswith("printkit: error: templates/rulebook.xml.j2:"), line
    assert "the template takes longer than -1 s to render" in line, line


def test_output_and_values_over_the_size_budget(project: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    _first_line(project, "{% for i in range(99999) %}" + "x" * 200 + "{% endfor %}")
    line = _fails(capsys, project / "out", 1)
    assert line == ("printkit: error: templates/rulebook.xml.j2: locale en: the template "
                    "prints more than 16 MB"), line


@pytest.mark.parametrize("expression", [
    "{% set s = namespace(x='ab') %}{% for i in range(64) %}{% set s.x = s.x ~ s.x %}"
    "{% endfor %}",
    "{{ 'x' * 10 ** 12 }}",
    "{{ 'x'|center(10 ** 12) }}",
    "{{ '%999999999999s'|format(1) }}",
    "{{ range(99999)|join('x' * 1000000) }}",
    "{{ 2 ** 100000 }}",
])
def test_values_too_large_to_make_are_refused(project: Path, capsys: pytest.CaptureFixture,
                                              expression: str) -> None:
    _first_line(project, expression)
    line = _fails(capsys, project / "out", 1)
    assert line.startswith("printkit: error: templates/rulebook.xml.j2:1: locale en: "), line
    assert "16 MB" in line or "16,777,216" in line or "4096 bits" in line, line


@pytest.mark.parametrize("expression", [
    '{{ data.update({"title": "MUTATED"}) }}',
    "{{ data.kit.gather.append('MUTATED') }}",
    "{{ data.kit.gather.clear() }}",
    "{% set d = data %}{{ d.setdefault('x', 1) }}",
])
def test_templates_cannot_change_the_game_data(project: Path, capsys: pytest.CaptureFixture,
                                               expression: str) -> None:
    _first_line(project, expression)
    line = _fails(capsys, project / "out", 1)
    assert line.startswith("printkit: error: templates/rulebook.xml.j2:1: locale en: "), line
    assert "would change the" in line and "a template reads its data" in line, line


def test_a_template_still_changes_its_own_lists(project: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    _first_line(project, "{% set seen = [] %}{% for g in data.kit.gather %}"
                         "{% set _ = seen.append(g) %}{% endfor %}"
                         "{#- {{ seen|length }} -#}")
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en",
                 "--out", str(project / "out")]) == 0, capsys.readouterr().err


def test_a_null_character_in_a_file_name_is_a_data_error(project: Path,
                                                         capsys: pytest.CaptureFixture) -> None:
    edit(project / "game.toml", 'symbol = "snowflake"\nsymbol_colour',
         'image = "a\\u0000rt.png"\nsymbol = "snowflake"\nsymbol_colour')
    line = _fails(capsys, project / "out", 2)
    assert line == ("printkit: error: game.toml: decks.cards.back.image: image 'a\\x00rt.png': "
                    "a file name cannot hold a null character"), line


def test_a_file_name_too_long_is_a_data_error(project: Path,
                                             capsys: pytest.CaptureFixture) -> None:
    edit(project / "game.toml", 'symbol = "snowflake"\nsymbol_colour',
         f'image = "{"a" * 300}.png"\nsymbol = "snowflake"\nsymbol_colour')
    line = _fails(capsys, project / "out", 2)
    assert line.startswith("printkit: error: game.toml: decks.cards.back.image: image 'aaa"), line
    assert line.endswith(": File name too long"), line


def test_mismatched_tags_name_the_template_line(project: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    template = project / TEMPLATE
    lines = template.read_text(encoding="utf-8").splitlines()
    at = next(i for i, s in enumerate(lines) if s.startswith('<h1>{{ _("Setup") }}</h1>'))
    lines[at] = '<h1>{{ _("Setup") }}</h2>'
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = _fails(capsys, project / "out", 1)
    assert line.startswith(f"printkit: error: templates/rulebook.xml.j2:{at + 1}: locale en: "
                           f"the template's output is not well-formed XML (mismatched tag"), line


_EXITS_IN_A_METHOD = '''

def _describe(self) -> str:
    import os
    os._exit(0)


State.describe = _describe
'''


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_rules_py_that_exits_the_process_is_the_project_error(
        project: Path, capsys: pytest.CaptureFixture, jobs: str) -> None:
    rules = project / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8") + _EXITS_IN_A_METHOD, encoding="utf-8")
    line_no = len(rules.read_text(encoding="utf-8").splitlines()) - 3  # os._exit(0)
    edit(project / TEMPLATE, "<h3>{{ _(v.example.title) }}</h3>",
         "<h3>{{ _(v.example.title) }}{{ v.replay.states[0].describe() }}</h3>")
    line = _fails(capsys, project / "out", 1, "--jobs", jobs)
    assert line == (f"printkit: error: rules.py:{line_no}: os._exit(0) would end printkit's "
                    f"process; the rules engine must return, or raise an error"), line


def test_a_rules_py_that_exits_while_loading(project: Path,
                                             capsys: pytest.CaptureFixture) -> None:
    rules = project / "rules.py"
    lines = rules.read_text(encoding="utf-8").splitlines()
    rules.write_text("\n".join([*lines, "import sys", "sys.exit(0)"]) + "\n", encoding="utf-8")
    line = _fails(capsys, project / "out", 2)
    assert line.startswith(f"printkit: error: rules.py:{len(lines) + 2}: SystemExit"), line


def test_the_kit_page_prints_data_markup_as_text(project: Path,
                                                 capsys: pytest.CaptureFixture) -> None:
    edit(project / "game.toml", 'subtitle = "A dice race down the mountain"',
         'subtitle = "A <b>dice</b> race <i>down</i> the mountain"')
    edit(project / "game.toml", '"One six-sided die"', '"One <b>six-sided</b> die"')
    out = project / "out"
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en",
                 "--out", str(out)]) == 0, capsys.readouterr().err
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "A &lt;b&gt;dice&lt;/b&gt; race &lt;i&gt;down&lt;/i&gt; the mountain" in page
    assert "One &lt;b&gt;six-sided&lt;/b&gt; die" in page
    assert "<b>dice</b>" not in page and "<b>six-sided</b>" not in page


def test_an_unknown_element_is_one_line_naming_the_template_line(
        project: Path, capsys: pytest.CaptureFixture) -> None:
    """A misspelt element (``<figur>``) is the same mistake in every locale: one line,
    naming the template and the line that printed it."""
    template = project / TEMPLATE
    lines = template.read_text(encoding="utf-8").splitlines()
    at = next(i for i, s in enumerate(lines) if s.startswith('<h1>{{ _("Setup") }}</h1>'))
    lines.insert(at + 1, '<figur src="track.png">{{ _("The track") }}</figur>')
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = _fails(capsys, project / "out", 1, "--locale", "de")
    assert line == (f"printkit: error: templates/rulebook.xml.j2:{at + 2}: rulebook: "
                    f"unknown element <figur>"), line
