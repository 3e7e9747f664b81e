"""Every starter of `printkit new --template` as a newcomer takes it: it builds strict in
English as written, in Polish once translated, its own tests pass under pytest, and the
build says which of its catalog entries printkit's own catalog fills meanwhile."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from printkit.cli import main
from printkit.tools.scaffold import STARTERS
from tests.support import reader, text

ROOT = Path(__file__).resolve().parents[2]
#: Every Polish translation of the test: the English with this after it, so a page shows
#: which texts went through the project's catalog.
POLISH = "żółw"

#: What each starter's English rulebook says once its first worked example is replayed:
#: a sentence the rules engine's events make.
REPLAYED = {
    "dice": "Ana rolls 4.",
    "cards": "Ana takes Leaf 1.",
    "board": "Ana rolls 3 and slides right to row 1, column 4.",
    "roll-and-write": "Write 6 in Threes.",
}
#: The same once every entry is translated: the card's or box's name, the slide's
#: direction are entries too.
REPLAYED_PL = {**{k: f"{v} {POLISH}" for k, v in REPLAYED.items()},
               "cards": f"Ana takes Leaf 1 {POLISH}. {POLISH}",
               "board": f"Ana rolls 3 and slides right {POLISH} to row 1, column 4. {POLISH}",
               "roll-and-write": f"Write 6 in Threes {POLISH}. {POLISH}"}


def translate_all(po_file: Path) -> int:
    """Fill every entry of a catalog, as a translator would; the number filled."""
    with po_file.open("rb") as fh:
        catalog = read_po(fh, locale="pl")
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(f"{message.id[1]} {POLISH}"
                                   for _ in range(catalog.num_plurals))
        else:
            message.string = f"{message.id} {POLISH}"
        filled += 1
    with po_file.open("wb") as fh:
        write_po(fh, catalog)
    return filled


def filled_by_printkit(po_file: Path) -> list[str]:
    """The msgids of a project's catalog that it leaves empty and printkit's own catalog of
    the same locale translates, in the project catalog's order."""
    with po_file.open("rb") as fh:
        mine = read_po(fh, locale="pl")
    with (ROOT / "locales" / "pl" / "LC_MESSAGES" / "printkit.po").open("rb") as fh:
        own = read_po(fh, locale="pl")
    translated = {(m.context, m.id) for m in own if m.id and m.string and not m.fuzzy}
    return [m.id for m in mine if m.id and not m.string and (m.context, m.id) in translated]


def pdf_text(out: Path, game: str, locale: str, document: str) -> str:
    return " ".join(text(reader(out / game / locale / f"{document}-a4.pdf")).split())


@pytest.mark.parametrize("starter", STARTERS)
def test_starter_builds_strict_in_english_and_in_polish(
        starter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = f"my-{starter}"
    assert main(["new", game, "--template", starter, "--dir", str(tmp_path)]) == 0
    project = tmp_path / game
    assert (project / "tests" / "test_examples.py").is_file()
    build = ["--project", str(project), "build", "--strict", "--jobs", "1", "--no-previews"]

    out = tmp_path / "out-en"
    assert main([*build, "--locale", "en", "--out", str(out)]) == 0, capsys.readouterr().err
    assert "warning" not in capsys.readouterr().err
    assert REPLAYED[starter] in pdf_text(out, game, "en", "rulebook")

    # A new Polish catalog: entries printkit translates already are filled, and said so.
    assert main(["--project", str(project), "catalog", "init", "pl"]) == 0
    capsys.readouterr()
    assert main([*build[:3], "--jobs", "1", "--no-previews", "--locale", "pl",
                 "--out", str(tmp_path / "out-filled")]) == 0
    filled = [line for line in capsys.readouterr().err.splitlines()
              if "filled from printkit's own catalog" in line]
    assert len(filled) == 1, filled
    assert filled[0].startswith("warning: locale pl: ")
    po_file = project / "locales" / "pl" / "LC_MESSAGES" / "printkit.po"
    expected = filled_by_printkit(po_file)
    assert filled[0].startswith(f"warning: locale pl: {len(expected)} entries of {po_file} "
                                f"not translated there, filled from printkit's own catalog: "
                                f"{', '.join(map(repr, expected[:3]))}, …;")

    # Translated in full: strict, with the project's Polish on its pages and no such line.
    assert translate_all(project / "locales" / "pl" / "LC_MESSAGES" / "printkit.po") > 10
    out = tmp_path / "out-pl"
    assert main([*build, "--locale", "pl", "--out", str(out)]) == 0, capsys.readouterr().err
    assert "filled from" not in capsys.readouterr().err
    rulebook = pdf_text(out, game, "pl", "rulebook")
    assert REPLAYED_PL[starter] in rulebook and f"Players {POLISH}" in rulebook

    # The tests `printkit new` wrote pass, run as the designer runs them.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests"], cwd=project, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " passed" in run.stdout and "failed" not in run.stdout


def test_unknown_starter_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["new", "x", "--template", "chess", "--dir", str(tmp_path)])
    assert exited.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_check_says_when_a_project_has_no_tests(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "quiet", "--template", "cards", "--dir", str(tmp_path)]) == 0
    project = tmp_path / "quiet"
    assert main(["--project", str(project), "check"]) == 0
    assert "no tests folder" not in capsys.readouterr().err
    for path in sorted((project / "tests").iterdir()):
        path.unlink()
    (project / "tests").rmdir()
    assert main(["--project", str(project), "check"]) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if "no tests folder" in line]
    assert notes == [f"note: quiet: no tests folder ({project / 'tests'} not found): rule "
                     f"coverage counts worked examples only, no engine tests "
                     f"(@pytest.mark.rule)"]
