"""End to end, as a designer works: `printkit new`, then check and build inside the folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.cli import main
from tests.support import embedded_fonts, reader, text

from .conftest import NAME, edit

DOCUMENTS = ("rulebook", "cards", "track", "scores", "guide", "kit")


def test_new_writes_a_project_with_a_readme_and_both_catalogs(scaffolded: Path) -> None:
    for name in ("game.toml", "cards.csv", "examples.toml", "rules.py", "README.md",
                 "templates/rulebook.xml.j2", "locales/printkit.pot",
                 "locales/de/LC_MESSAGES/printkit.po"):
        assert (scaffolded / name).is_file(), name
    game = (scaffolded / "game.toml").read_text(encoding="utf-8")
    assert 'title = "Snow Race"' in game and f'id = "{NAME}"' in game
    pot = (scaffolded / "locales/printkit.pot").read_text(encoding="utf-8")
    # The catalog names the project's files from its root, wherever `new` ran.
    assert "Tailwind" in pot and str(scaffolded) not in pot


def test_new_refuses_an_existing_folder(scaffolded: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["new", NAME, "--dir", str(scaffolded.parent)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_check_verifies_the_sample_examples(project: Path,
                                            capsys: pytest.CaptureFixture) -> None:
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    for example in ("first-roll", "slide", "long-slides", "finish"):
        assert f"{NAME}  {example}  verified" in out
    assert "4 verified, 0 wrong" in out


def test_build_edit_and_wrong_example(project: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["build", "--jobs", "1", "--no-previews", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "warning" not in err  # the German sample catalog translates every string
    out = project / "output" / NAME
    for locale in ("en", "de"):
        for doc in DOCUMENTS:
            assert (out / locale / f"{doc}-a4.pdf").is_file(), (locale, doc)
    for doc in ("rulebook", "cards", "track", "scores"):
        assert embedded_fonts(reader(out / "de" / f"{doc}-a4.pdf"))
    rulebook = text(reader(out / "de" / "rulebook-a4.pdf"))
    assert "Rutschen" in rulebook and "Ben erreicht das Ziel und gewinnt!" in rulebook
    assert "Rückenwind" in text(reader(out / "de" / "cards-a4.pdf"))
    assert "Snow Race" in text(reader(out / "en" / "kit-a4.pdf"))

    # An edit to the CSV renders the deck again, and only what depends on it: the card
    # sheets (the deck and its ready-made variants: ink-saving, to fold and both), the kit
    # and the print run that bundle them; not the rulebook, the track, the score sheet or
    # the guide.
    edit(project / "cards.csv", "Tailwind,", "Avalanche,")
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en"]) == 0
    captured = capsys.readouterr()
    assert "rendered 6 document(s)" in captured.out, captured.out
    assert "Avalanche" in text(reader(out / "en" / "cards-a4.pdf"))
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en"]) == 0
    assert "rendered 0 document(s)" in capsys.readouterr().out

    # A wrong example fails check, naming it; the build refuses too.
    edit(project / "examples.toml", "expect = { positions = [5, 1]",
         "expect = { positions = [6, 1]")
    assert main(["check"]) == 1
    out_text = capsys.readouterr().out
    assert "first-roll  WRONG" in out_text and "positions expected [6, 1]" in out_text
    assert main(["build", "--jobs", "1", "--no-previews", "--locale", "en"]) == 1
    assert "first-roll" in capsys.readouterr().err


def test_a_refused_step_is_an_example_too(project: Path, capsys: pytest.CaptureFixture) -> None:
    with (project / "examples.toml").open("a", encoding="utf-8") as fh:
        fh.write('\n[[examples]]\nid = "out-of-turn"\ntitle = "Wait for your turn"\n'
                 'steps = [{ player = 1, roll = 3 }]\n'
                 'expect = { refused = "it is player 0\'s turn" }\n')
    assert main(["check"]) == 0
    assert "out-of-turn  verified" in capsys.readouterr().out


def test_no_engine_checks_nothing_and_builds(project: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture) -> None:
    (project / "rules.py").unlink()
    shutil.rmtree(project / "locales" / "de")
    monkeypatch.chdir(tmp_path)  # from elsewhere, with --project
    assert main(["--project", str(project), "check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{NAME}  no rules engine (")
    assert lines[0].endswith("rules.py not found): nothing to verify")
    out = tmp_path / "built"
    assert main(["--project", str(project), "build", "--jobs", "1", "--no-previews",
                 "--out", str(out), "--quiet"]) == 0
    rulebook = text(reader(out / NAME / "en" / "rulebook-a4.pdf"))
    assert "Worked examples" not in rulebook and "Slides" in rulebook
    assert not (out / NAME / "de").exists()  # English plus the project's own locales
