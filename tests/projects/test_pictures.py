"""Illustrated decks: each distinct picture embedded once per PDF, no picture held decoded
for the whole build, and a changed picture rebuilding only the documents that show it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bench.decks import make_deck, picture
from printkit.commands.build import BuildOptions, BuildResult, build
from printkit.model.components.pictures import TARGET_DPI, target
from printkit.tools.project import load_project, selected
from tests.conftest import snapshot

IMAGES = re.compile(rb"/Subtype /Image\b")


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project whose 8 cards show 5 pictures: two files with the same bytes, and one
    picture on four cards."""
    parent = tmp_path_factory.mktemp("decks")
    folder = make_deck(parent, 8, size=(300, 420))
    art = folder / "art"
    shutil.copy(art / "00000.png", art / "twin.png")  # the same bytes, another name
    csv = folder / "cards.csv"
    rows = csv.read_text(encoding="utf-8").splitlines()
    files = ["art/00000.png", "art/twin.png", "art/00002.png", "art/00003.png",
             "art/00004.png", "art/00004.png", "art/00004.png", "art/00004.png"]
    rows = [rows[0], *(row.rsplit(",", 1)[0] + "," + f for row, f in zip(rows[1:], files,
                                                                      strict=True))]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    for gone in ("00005", "00006", "00007", "00001"):
        (art / f"{gone}.png").unlink()
    return folder


def _build(folder: Path, out: Path, **options: object) -> BuildResult:
    settings = {"locales": ["en"], "out": out, "previews": False, "jobs": 1, **options}
    with selected(load_project(folder)):
        return build(BuildOptions(**settings))  # type: ignore[arg-type]


def test_each_distinct_picture_is_embedded_once_in_every_pdf(deck: Path,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(deck, out)
    folder = out / deck.name / "en"
    # four distinct pictures (the twins are one): once in each document that shows them,
    # and once in the whole kit, which holds two documents showing them
    for name in ("cards-a4.pdf", "cards-ink-a4.pdf", "cards-fold-a4.pdf"):
        assert len(IMAGES.findall((folder / name).read_bytes())) == 4, name
    kit = (folder / "kit-a4.pdf").read_bytes()
    assert len(IMAGES.findall(kit)) % 4 == 0 and IMAGES.findall(kit)


def test_a_picture_far_above_print_resolution_is_embedded_at_300_dpi() -> None:
    box = (51 * 72 / 25.4, 38 * 72 / 25.4)  # the deck's picture box, in points
    assert target((300, 420), *box) == (300, 420)  # below 300 dpi at that size: as it is
    w, h = target((1800, 2520), *box)
    assert h == pytest.approx(38 / 25.4 * TARGET_DPI, abs=1) and w / h == pytest.approx(
        1800 / 2520, abs=0.01)


def test_a_changed_picture_renders_only_the_documents_that_show_it(deck: Path,
                                                                  tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    shutil.copytree(deck, folder)
    out = tmp_path / "out"
    first = _build(folder, out)
    # a file touched but not changed: nothing to do, nothing read again
    os.utime(folder / "art" / "00002.png")
    assert _build(folder, out).rendered == 0
    before = snapshot(out)
    picture(99, (300, 420)).save(folder / "art" / "00002.png")
    again = _build(folder, out)
    after = snapshot(out)
    written = {p for p in after if p not in before or after[p][1] != before[p][1]}
    cards = {p for p in written if "cards" in p}
    assert cards and all(p.endswith(".pdf") for p in cards)
    # the card sheets and their variants, the kit and the print run holding them: not the
    # rulebook, the reference, the score sheet, the guide (their page counts are the
    # same), the rules page or the other print runs
    assert not any(name in p for p in written for name in (
        "rulebook", "reference", "scores", "guide", "rules.html", "print-paper", "print-card"))
    assert {p.rsplit("/", 1)[-1] for p in written} >= {"kit-a4.pdf", "print-duplex-a4.pdf"}
    assert again.rendered == len(cards) + 2 and again.rendered < first.rendered


@pytest.mark.slow
def test_memory_stays_flat_with_four_hundred_unique_pictures(tmp_path: Path) -> None:
    folder = make_deck(tmp_path, 400, size=(400, 560))
    # The build's own high-water mark: VmHWM starts afresh with the new program, where
    # ru_maxrss keeps the forking test runner's (a whole test session's).
    script = ("import resource, sys\n"
              "from printkit.cli import main\n"
              "code = main(sys.argv[1:])\n"
              "try:\n"
              "    with open('/proc/self/status') as f:\n"
              "        kb = next(int(l.split()[1]) for l in f if l.startswith('VmHWM'))\n"
              "except OSError:\n"
              "    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024\n"
              "print('peak', kb)\n"
              "sys.exit(code)\n")
    done = subprocess.run(
        [sys.executable, "-c", script, "--project", str(folder), "build", "--locale", "en",
         "--no-previews", "--jobs", "1", "--out", str(tmp_path / "out"), "--quiet"],
        capture_output=True, text=True, check=False,
        env={**os.environ, "PRINTKIT_CACHE": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    peak_mb = int(done.stdout.split("peak ")[1]) / 1024
    # Decoded pictures kept for the build and every stream held in memory took 530 MB
    # at 150 cards; with the pictures prepared one at a time, the deck written whole by
    # ReportLab and the kit merged in memory took 227 MB at 400; rendered in parts and
    # merged from files, 143 MB. Measured again on 2026-12-06: 178 MB (112 MB at 10
    # cards, 129 MB at 100: about 0.17 MB a card with a picture of its own still grows
    # with the deck, and a build imports some 62 MB before its first card); the bound
    # keeps the old failures (530 and 227 MB) out with room for a library's import.
    assert peak_mb < 190, peak_mb
    with Image.open(folder / "art" / "00000.png") as im:
        assert im.size == (400, 560)


@pytest.mark.parametrize(("dpi", "pixels"), [(300, (449 * 5 // 7, 449)), (0, (1000, 1400))])
def test_a_deck_chooses_its_pictures_resolution(tmp_path: Path, dpi: int,
                                                pixels: tuple[int, int]) -> None:
    folder = make_deck(tmp_path, 1, size=(1000, 1400))
    toml = folder / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'background = "#f6f3ec"', f'background = "#f6f3ec"\npicture_dpi = {dpi}'),
        encoding="utf-8")
    out = tmp_path / "out"
    _build(folder, out)
    pdf = (out / folder.name / "en" / "cards-a4.pdf").read_bytes()
    # (ReportLab writes a dictionary's keys in order: /Height, …, /Subtype, …, /Width)
    sizes = re.findall(rb"/Height (\d+)[^>]*?/Subtype /Image[^>]*?/Width (\d+)", pdf)
    assert len(sizes) == 1
    assert any(abs(int(w) - pixels[0]) <= 2 and abs(int(h) - pixels[1]) <= 2
               for h, w in sizes), (sizes, pixels)


def test_a_project_rebuild_with_nothing_changed_stops_before_importing_the_renderers(
        tmp_path: Path) -> None:
    folder = make_deck(tmp_path, 4, size=(120, 168))
    out = tmp_path / "out"
    command = [sys.executable, "-X", "importtime", "-m", "printkit", "--project", str(folder),
               "build", "--locale", "en", "--no-previews", "--jobs", "1", "--out", str(out)]
    env = {**os.environ, "PRINTKIT_CACHE": str(tmp_path / "cache")}

    def run() -> subprocess.CompletedProcess[str]:
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
        assert done.returncode == 0, done.stderr
        return done

    first = run()
    documents = first.stdout.split("rendered ")[1].split(" ")[0]
    before = snapshot(out)
    again = run()
    assert f"rendered 0 document(s), {documents} up to date" in again.stdout
    imported = [line for line in again.stderr.splitlines() if line.startswith("import time")]
    assert imported and not any(name in line for line in imported
                                for name in ("reportlab", "PIL", "jinja2", "babel"))
    assert snapshot(out) == before
    # a changed picture, a changed card: built the normal way, only what shows them
    picture(7, (120, 168)).save(folder / "art" / "00001.png")
    changed = run()
    assert "rendered 0 " not in changed.stdout and "reportlab" in changed.stderr
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Card 2,", "Card Two,"),
                   encoding="utf-8")
    assert "rendered 0 " not in run().stdout


def test_each_picture_is_prepared_once_per_build_and_two_jobs_write_the_same_bytes(
        deck: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.model.components import pictures

    made: list[Path] = []
    real = pictures._make
    monkeypatch.setattr(pictures, "_make", lambda source, pixels: (
        made.append(source), real(source, pixels))[1])
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    one = tmp_path / "one"
    _build(deck, one)
    # five files, four distinct pictures (the twins are one), each made once for every
    # document, variant and kit that shows it
    assert len(made) == 4
    two = tmp_path / "two"
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache2"))
    _build(deck, two, jobs=2)
    names = sorted(p.relative_to(one).as_posix() for p in one.rglob("*.pdf"))
    assert names and all((one / n).read_bytes() == (two / n).read_bytes() for n in names)


def test_a_picture_that_cannot_be_decoded_is_one_line_naming_the_file_and_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.cli import main

    folder = make_deck(tmp_path, 2, size=(120, 168))
    good = folder / "art" / "00001.png"
    picture(1, (120, 168)).save(good.with_suffix(".jpg"), quality=90)
    data = good.with_suffix(".jpg").read_bytes()
    (folder / "art" / "broken.jpg").write_bytes(data[:len(data) // 3])  # cut short
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("art/00001.png", "art/broken.jpg"),
                   encoding="utf-8")
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    out = tmp_path / "out"
    code = main(["--project", str(folder), "build", "--locale", "en", "--no-previews",
                 "--out", str(out)])
    said = capsys.readouterr().err.strip().splitlines()
    err = [line for line in said if line.startswith("printkit:")]  # (the rest: progress)
    assert code == 2, said
    assert len(err) == 1 and "cards.csv" in err[0] and "broken.jpg" in err[0], err
    assert not out.exists()
