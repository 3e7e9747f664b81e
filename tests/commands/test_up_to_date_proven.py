"""“Up to date” is a proof: one test per way a build was once wrong about it, each run
through the command line on a game project as a user runs it (so the whole-build
shortcut is taken where it can be)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.commands.fingerprint import STORE_NAME
from printkit.resources import PACKAGE_DIR


def cli(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "printkit", "--project", str(project),
                           "build", "--out", str(project / "output"), *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done


def summary(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout.strip().splitlines()[-1]


def text(pdf: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def outputs(folder: Path) -> dict[str, bytes]:
    """Every file of an output folder but the build store."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != STORE_NAME}


@pytest.fixture(scope="module")
def built_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``printkit new`` project, built once (en and de)."""
    root = tmp_path_factory.mktemp("proven")
    subprocess.run([sys.executable, "-m", "printkit", "new", "moss", "--dir", str(root)],
                   check=True, capture_output=True)
    cli(root / "moss")
    return root / "moss"


@pytest.fixture
def project(built_project: Path, tmp_path: Path) -> Path:
    """A copy of the built project, its output folder with it, built once where it is (the
    store remembers builds by their sources' places too)."""
    copy = tmp_path / "moss"
    shutil.copytree(built_project, copy)
    cli(copy)
    return copy


def clean_build(project: Path, tmp_path: Path) -> dict[str, bytes]:
    fresh = tmp_path / "fresh"
    shutil.copytree(project, fresh, ignore=shutil.ignore_patterns("output"))
    cli(fresh)
    return outputs(fresh / "output")


def test_an_undone_csv_edit_is_built_again(project: Path, tmp_path: Path) -> None:
    cards = project / "cards.csv"
    shipped = cards.read_text(encoding="utf-8")
    cards.write_text(shipped.replace("\nTailwind,", "\nStorm,"), encoding="utf-8")
    cli(project)
    assert "Storm" in text(project / "output" / "moss" / "en" / "cards-a4.pdf")
    cards.write_text(shipped, encoding="utf-8")
    done = cli(project)
    assert not summary(done).startswith("rendered 0 document(s)"), summary(done)
    assert "Storm" not in text(project / "output" / "moss" / "en" / "cards-a4.pdf")
    assert outputs(project / "output") == clean_build(project, tmp_path)


def test_an_undone_catalog_edit_is_built_again(project: Path) -> None:
    po = project / "locales" / "de" / "LC_MESSAGES" / "printkit.po"
    shipped = po.read_text(encoding="utf-8")
    po.write_text(shipped.replace('msgstr "Summe"', 'msgstr "Gesamtpunkte"'), encoding="utf-8")
    cli(project)
    sheet = project / "output" / "moss" / "de" / "scores-a4.pdf"
    assert "Gesamtpunkte" in text(sheet)
    po.write_text(shipped, encoding="utf-8")
    done = cli(project)
    assert not summary(done).startswith("rendered 0 document(s)"), summary(done)
    assert "Gesamtpunkte" not in text(sheet) and "Summe" in text(sheet)


@pytest.mark.parametrize("name", ["guide-a4.pdf", "kit-a4.pdf", "rules.html",
                                  "print-duplex-a4.pdf", "calibration-a4.pdf",
                                  "previews/kit-a4.json"])
def test_a_deleted_file_of_a_guide_and_kit_is_made_again(project: Path, name: str) -> None:
    path = project / "output" / "moss" / "de" / name
    before = path.read_bytes()
    path.unlink()
    cli(project)
    assert path.read_bytes() == before
    again = cli(project)
    assert summary(again).startswith("rendered 0 document(s)"), summary(again)


def test_a_deleted_kit_of_a_built_in_game_is_made_again(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build = [sys.executable, "-m", "printkit", "build", "--game", "polar-derby",
             "--locale", "en", "--no-previews", "--out", str(out)]
    subprocess.run(build, check=True, capture_output=True, timeout=300)
    kit = out / "polar-derby" / "en" / "kit-a4.pdf"
    before = kit.read_bytes()
    kit.unlink()
    done = subprocess.run(build, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert kit.read_bytes() == before


def test_a_forced_build_of_one_locale_keeps_the_others(project: Path) -> None:
    out = project / "output"
    page_before = (out / "index.html").read_text(encoding="utf-8")
    cli(project, "--locale", "en", "--force")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page == page_before  # the German kit still has its previews and rules page
    assert "moss/de/previews/" in page and "moss/de/rules.html" in page
    records = json.loads((out / STORE_NAME).read_text(encoding="utf-8"))["files"]
    assert any(name.startswith("moss/de/") for name in records)
    done = cli(project, "--locale", "de")
    assert summary(done).startswith("rendered 0 document(s)"), summary(done)


def test_a_document_no_longer_made_is_removed_and_foreign_files_are_named(
        project: Path, tmp_path: Path) -> None:
    game = project / "game.toml"
    data = game.read_text(encoding="utf-8")
    start, end = data.index("[sheets.scores]"), data.index("# The track:")
    game.write_text(data[:start] + data[end:], encoding="utf-8")
    out = project / "output"
    mine = out / "moss" / "en" / "notes.txt"
    mine.write_text("my notes", encoding="utf-8")
    edited = out / "moss" / "de" / "scores-a4.pdf"  # changed by hand since it was written
    edited.write_bytes(edited.read_bytes() + b"\n% my note\n")
    done = cli(project)
    assert not (out / "moss" / "en" / "scores-a4.pdf").exists()
    assert not list((out / "moss" / "en" / "previews").glob("scores-*"))
    assert "removed" in summary(done)
    assert mine.read_text(encoding="utf-8") == "my notes"
    assert f"warning: {out / 'moss' / 'en'}: 1 file(s) printkit did not write" in done.stderr
    assert edited.exists() and f"warning: {edited}: no longer made" in done.stderr
    edited.unlink()
    mine.unlink()
    assert outputs(out) == clean_build(project, tmp_path)


def test_a_font_replaced_by_another_of_the_same_name_and_size_is_built_again(
        project: Path) -> None:
    folder = project / "locales" / "de"
    faces = [(PACKAGE_DIR / "fonts" / name).read_bytes()
             for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")]
    size = max(map(len, faces))
    (folder / "script.toml").write_text('[fonts]\nregular = "Body.ttf"\n', encoding="utf-8")
    (folder / "Body.ttf").write_bytes(faces[0] + bytes(size - len(faces[0])))
    cli(project)
    rulebook = project / "output" / "moss" / "de" / "rulebook-a4.pdf"
    before = rulebook.read_bytes()
    (folder / "Body.ttf").write_bytes(faces[1] + bytes(size - len(faces[1])))
    done = cli(project)
    assert not summary(done).startswith("rendered 0 document(s)"), summary(done)
    assert rulebook.read_bytes() != before
