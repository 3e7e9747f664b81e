"""Previews of every page, and the kit page: what a user sees before printing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.commands.build import BuildOptions, BuildResult, build
from printkit.games import GAMES
from printkit.outputs.preview import COVER_WIDTH, THUMB_WIDTH
from tests.browser import chromium
from tests.conftest import GAME_ID, snapshot

OTHER = "polar-derby"


def run(out: Path, **options: object) -> BuildResult:
    settings = {"games": [GAME_ID], "locales": ["en"], "out": out, "jobs": 1, **options}
    return build(BuildOptions(**settings))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One game in one locale, with previews, built once for this module (do not modify)."""
    out = tmp_path_factory.mktemp("kit")
    run(out)
    return out


@pytest.fixture
def own_kit(kit: Path, tmp_path: Path) -> Path:
    """A copy of the module's build that a test may change (the store copes with a move)."""
    shutil.copytree(kit, tmp_path / "kit")
    return tmp_path / "kit"


def previews(out: Path, locale: str = "en") -> dict[str, bytes]:
    folder = out / GAME_ID / locale / "previews"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.png"))}


def test_every_page_of_every_document_has_a_preview_of_its_shape(kit: Path) -> None:
    shots = previews(kit)
    documents = ["guide", *(d.id for d in GAMES[GAME_ID].documents)]
    expected = set()
    for doc in documents:
        reader = PdfReader(kit / GAME_ID / "en" / f"{doc}-a4.pdf")
        for number, page in enumerate(reader.pages, start=1):
            name = f"{doc}-a4-{number}.png"
            expected.add(name)
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            image = Image.open(kit / GAME_ID / "en" / "previews" / name)
            assert image.width == THUMB_WIDTH, name
            assert abs(image.height - THUMB_WIDTH * height / width) <= 1, (name, image.size)
        cover = Image.open(kit / GAME_ID / "en" / "previews" / f"{doc}-a4-cover.png")
        first = reader.pages[0].mediabox
        assert cover.width == COVER_WIDTH
        assert abs(cover.height - COVER_WIDTH * float(first.height) / float(first.width)) <= 1
        expected.add(f"{doc}-a4-cover.png")
    assert set(shots) == expected  # the whole-kit PDF repeats these pages: no previews of its own


def test_a_preview_shows_its_page(kit: Path) -> None:
    """The board's preview is the board: mostly the board's tint, not a blank page."""
    image = Image.open(kit / GAME_ID / "en" / "previews" / "board-a4-cover.png").convert("L")
    histogram = image.histogram()
    white = sum(histogram[250:])
    assert white < 0.5 * image.width * image.height


def test_previews_are_byte_identical_build_to_build(kit: Path, tmp_path: Path) -> None:
    run(tmp_path / "again", jobs=2)
    again = previews(tmp_path / "again")
    assert again == previews(kit)
    for png in again.values():  # no tIME, tEXt or pHYs chunk: nothing but pixels
        assert not {b"tIME", b"tEXt", b"iTXt", b"zTXt", b"pHYs"} & set(re.findall(
            rb"[a-zA-Z]{4}", png[8:64]))


def test_a_rebuild_with_nothing_changed_writes_no_preview(own_kit: Path) -> None:
    before = snapshot(own_kit)
    result = run(own_kit)
    assert (result.rendered, result.written) == (0, [])
    assert snapshot(own_kit) == before


def test_a_deleted_preview_is_made_again(own_kit: Path) -> None:
    shot = own_kit / GAME_ID / "en" / "previews" / "rulebook-a4-2.png"
    was = shot.read_bytes()
    shot.unlink()
    result = run(own_kit)
    assert shot.read_bytes() == was
    assert shot in result.written and result.rendered == 1


def test_no_previews_writes_none_and_the_kit_page_links_the_pdfs(tmp_path: Path) -> None:
    run(tmp_path / "o", previews=False)
    assert not list((tmp_path / "o").rglob("*.png"))
    page = (tmp_path / "o" / "index.html").read_text(encoding="utf-8")
    assert "<img" not in page and f'href="{GAME_ID}/en/rulebook-a4.pdf"' in page


def test_the_kit_page_lists_every_kit_in_the_folder(own_kit: Path) -> None:
    """A later build of another game adds it to the page; the first game stays listed."""
    run(own_kit, games=[OTHER], locales=["pl"])
    page = (own_kit / "index.html").read_text(encoding="utf-8")
    assert f'data-game="{GAME_ID}"' in page and f'data-game="{OTHER}"' in page
    # (English, the first language built, is the one shown without a fragment)
    assert '<section class="locale default" id="en"' in page
    assert '<section class="locale" id="pl"' in page
    for src in re.findall(r'(?:src|href)="([^"#]+)', page):
        assert (own_kit / src).is_file(), src  # every image and link is a file of the folder
    assert "Zestaw print &amp; play" in page  # Polish words, escaped
    assert "http" not in page  # nothing from the network


# --- the kit page in a real browser ---------------------------------------------------------

def _browse(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                           "--disable-background-networking", "--disable-component-update",
                           "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                           "--virtual-time-budget=10000", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_kit_page_opens_from_the_file_system_in_chromium(
        own_kit: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    browser = chromium()
    run(own_kit, games=[OTHER], locales=["pl"])
    url = (own_kit / "index.html").resolve().as_uri()
    done = _browse(browser, tmp_path / "profile", "--dump-dom", url)
    assert done.returncode == 0, done.stderr[-2000:]
    body = re.search(r"<body[^>]*>", done.stdout)
    assert body, done.stdout[:500]
    images = re.search(r'data-images="(\d+)"', body.group(0))
    broken = re.search(r'data-broken-images="([^"]*)"', body.group(0))
    assert images and broken, f"the page's image check did not run: {body.group(0)}"
    assert int(images.group(1)) > 20 and broken.group(1) == ""
    for game in (GAME_ID, OTHER):
        assert f'data-game="{game}"' in done.stdout
    shot = tmp_path / "kit-page.png"
    done = _browse(browser, tmp_path / "profile", "--window-size=1000,1600",
                   f"--screenshot={shot}", url + "#pl")
    assert shot.is_file(), done.stderr[-2000:]
    image = Image.open(shot).convert("L")
    assert len(image.getcolors(maxcolors=1 << 16) or range(999)) > 50  # pictures, not blank
    with capsys.disabled():
        print(f"\nkit page screenshot: {shot}")
