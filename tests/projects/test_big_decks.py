"""A big deck renders in parts, in any worker, joined in order: the same pages as one
document, each picture once, and the same bytes with one worker or two."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from bench.decks import make_deck
from printkit.commands.build import BuildOptions, BuildResult, build
from printkit.model.components import faces
from printkit.pdfmerge import join
from printkit.pdfmerge.bind import page_count
from printkit.tools.project import load_project, selected

IMAGES = re.compile(rb"/Subtype /Image\b")
#: 40 cards: five A4 sheets of nine (fronts and backs), so three parts of two sheets.
CARDS = 40


def _build(folder: Path, out: Path, jobs: int = 1, said: list[str] | None = None
           ) -> BuildResult:
    options = BuildOptions(locales=["en"], out=out, previews=False, jobs=jobs)
    with selected(load_project(folder)):
        return build(options, (said if said is not None else []).append)


def _texts(pdf: Path) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


@pytest.fixture(scope="module")
def decks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The same deck built whole, in parts with one worker, and in parts with two."""
    parent = tmp_path_factory.mktemp("big")
    folder = make_deck(parent, CARDS, unique=False, size=(150, 210))
    built: dict[str, Path] = {}
    said: list[str] = []
    patch = pytest.MonkeyPatch()
    try:
        for name, sheets, jobs in (("whole", 100, 1), ("parts", 2, 1), ("parts-2", 2, 2)):
            patch.setattr(faces, "SHEETS_PER_PART", sheets)
            out = parent / name
            _build(folder, out, jobs, said)
            built[name] = out / folder.name / "en"
    finally:
        patch.undo()
    # the card sheets in three parts, in both builds in parts
    assert sum(line.endswith("en cards (part 3 of 3)") for line in said) == 2, said
    return built


def test_a_deck_in_parts_has_the_pages_of_the_whole(decks: dict[str, Path]) -> None:
    whole, parts = decks["whole"] / "cards-a4.pdf", decks["parts"] / "cards-a4.pdf"
    assert page_count(parts) == page_count(whole) == 10
    assert _texts(parts) == _texts(whole)
    reader = PdfReader(parts)
    assert [p.trimbox for p in reader.pages] == [p.trimbox for p in PdfReader(whole).pages]
    assert reader.metadata.title == PdfReader(whole).metadata.title
    # the picture every card shows, and the back, once in the joined file, not once a part
    assert len(IMAGES.findall(parts.read_bytes())) == len(IMAGES.findall(whole.read_bytes()))


def test_a_deck_in_parts_is_the_same_with_one_worker_or_two(decks: dict[str, Path]) -> None:
    for pdf in sorted(decks["parts"].glob("*.pdf")):
        assert pdf.read_bytes() == (decks["parts-2"] / pdf.name).read_bytes(), pdf.name


def test_the_kit_holds_the_joined_deck(decks: dict[str, Path]) -> None:
    kit = PdfReader(decks["parts"] / "kit-a4.pdf")
    whole = PdfReader(decks["whole"] / "kit-a4.pdf")
    assert len(kit.pages) == len(whole.pages)
    assert [o.title for o in kit.outline if not isinstance(o, list)] == \
        [o.title for o in whole.outline if not isinstance(o, list)]
    # merged at the byte level (pypdf would have written its own producer line)
    assert (decks["parts"] / "kit-a4.pdf").read_bytes().startswith(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")


def test_joining_files_gives_what_joining_bytes_gives(decks: dict[str, Path],
                                                     tmp_path: Path) -> None:
    source = decks["whole"] / "cards-a4.pdf"
    data = source.read_bytes()
    assert join([data, data]) == join([source, source])
    target = tmp_path / "joined.pdf"
    with target.open("wb") as fh:
        join([source, data], into=fh)
    assert target.read_bytes() == join([data, data])
    assert page_count(target) == 2 * page_count(source)
