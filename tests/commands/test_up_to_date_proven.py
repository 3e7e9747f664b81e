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


#: The documents a build of the project bundles: the kit and its print runs.
BUNDLES = ("kit", "print-card", "print-paper", "print-duplex")


def rendered(done: subprocess.CompletedProcess[str]) -> int:
    return int(summary(done).split()[1])


def changed_documents(before: dict[str, bytes], after: dict[str, bytes]) -> set[str]:
    """The PDFs (not previews) whose bytes a build changed, as ``<locale>/<name>``."""
    return {name.removeprefix("moss/").removesuffix("-a4.pdf") for name in after
            if name.endswith(".pdf") and "/previews/" not in name
            and before.get(name) != after[name]}


def test_a_changed_card_renders_only_the_card_sheets_of_its_deck(project: Path,
                                                                 tmp_path: Path) -> None:
    """One CSV cell: the deck's card sheets in every locale, and the kits and print runs
    that bundle them; not the rulebook, the track or the score sheet."""
    out = project / "output"
    before = outputs(out)
    cards = project / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        "\nSkates,", "\nSnowshoes,"), encoding="utf-8")
    done = cli(project)
    after = outputs(out)
    found = changed_documents(before, after)
    sheets = {f"{code}/{name}" for code in ("en", "de")
              for name in ("cards", "cards-ink", "cards-fold", "cards-fold-ink")}
    assert {name for name in found if name.split("/")[1] not in BUNDLES} == sheets, found
    assert "en/kit" in found and "de/kit" in found
    assert rendered(done) == len(found), (summary(done), found)
    assert "Snowshoes" in text(out / "moss" / "de" / "cards-a4.pdf")
    for name in ("rulebook", "track", "scores", "guide"):
        assert after[f"moss/en/{name}-a4.pdf"] == before[f"moss/en/{name}-a4.pdf"], name
    assert after == clean_build(project, tmp_path)


def test_a_changed_entry_of_one_document_renders_only_that_document(
        project: Path, tmp_path: Path) -> None:
    """A German entry only the score sheet prints: the German score sheet again, and the
    German kit and print run that bundle it; nothing in English, no other document."""
    out = project / "output"
    before = outputs(out)
    po = project / "locales" / "de" / "LC_MESSAGES" / "printkit.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Summe"',
                                                         'msgstr "Gesamtpunkte"'),
                  encoding="utf-8")
    done = cli(project)
    after = outputs(out)
    found = changed_documents(before, after)
    assert {name for name in found if name.split("/")[1] not in BUNDLES} == {"de/scores"}
    assert all(name.startswith("de/") for name in found), found
    assert rendered(done) == len(found), (summary(done), found)
    assert "Gesamtpunkte" in text(out / "moss" / "de" / "scores-a4.pdf")
    assert after == clean_build(project, tmp_path)


@pytest.mark.parametrize("code", ['CARDS = "cards.csv"',
                                  'import pathlib\n'
                                  'HERE = sorted(pathlib.Path(__file__).parent.glob("c*"))'])
def test_a_card_file_the_rules_engine_may_read_renders_everything_again(
        project: Path, code: str) -> None:
    """A rules engine that names the card file, or reads files at all, may print any card
    anywhere: then a changed card renders every document again, as any changed file of
    the project does."""
    rules = project / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8") + f"\n{code}\n", encoding="utf-8")
    cli(project)
    out = project / "output"
    before = outputs(out)
    cards = project / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        "\nSkates,", "\nSnowshoes,"), encoding="utf-8")
    done = cli(project)
    assert "0 up to date" in summary(done), summary(done)
    assert before["moss/en/cards-a4.pdf"] != outputs(out)["moss/en/cards-a4.pdf"]


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


def test_the_build_names_the_documents_it_rendered(project: Path) -> None:
    """What ``printkit serve`` reports: the documents a build rendered, by name, and how
    many the build has in all."""
    from printkit.commands.build import BuildOptions, build
    from printkit.tools.project import load_project, selected

    options = BuildOptions(out=project / "output", jobs=1)
    with selected(load_project(project)):
        kept = build(options)
        cards = project / "cards.csv"
        cards.write_text(cards.read_text(encoding="utf-8").replace("\nSkates,", "\nSkis,"),
                         encoding="utf-8")
        result = build(options)
    assert kept.rendered == 0 and kept.rendered_documents == []
    assert sorted(result.rendered_documents) == sorted(
        f"moss/{code}/{name}" for code in ("en", "de")
        for name in ("cards", "cards-ink", "cards-fold", "cards-fold-ink", "kit",
                     "print-duplex"))
    assert result.rendered == len(result.rendered_documents)
    assert result.documents == kept.documents == kept.up_to_date
