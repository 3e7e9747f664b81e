"""The combined kit PDF: every part's pages, bookmarks, page labels, boxes, fonts; deterministic."""

from __future__ import annotations

import os
import subprocess
import sys
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit import __version__
from printkit.kit import KitPart, combine, page_count
from printkit.layout.geometry import MM, PAPERS
from printkit.render import fonts
from printkit.render.pdf import new_canvas
from tests.support import embedded_fonts

A4 = PAPERS["a4"]
ROOT = Path(__file__).resolve().parent.parent
TRIM = (20 * MM, 30 * MM, 83 * MM, 118 * MM)
BLEED = (17 * MM, 27 * MM, 86 * MM, 121 * MM)


def _rulebook() -> bytes:
    """Three pages with an outline of its own: two sections, the first with a subsection."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, A4.size, "Regelheft", "rulebook", "de")
    for page, (key, title, level) in enumerate([("s1", "Spielidee & Ziel", 0),
                                                ("s2", "Aufbau", 1),
                                                ("s3", "Ablauf", 0)], 1):
        canvas.setFont(fonts.BOLD, 14)
        canvas.drawString(60, 760, title)
        canvas.setFont(fonts.REGULAR, 10)
        canvas.drawString(60, 60, f"Seite {page} · Würfel")
        canvas.bookmarkPage(key)
        canvas.addOutlineEntry(title, key, level=level, closed=False)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _cards() -> bytes:
    """A fronts page and a backs page with a TrimBox and a BleedBox, as card sheets have."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, A4.size, "Karten", "cards", "de")
    for side in ("Vorderseiten", "Rückseiten"):
        canvas.setTrimBox(TRIM)
        canvas.setBleedBox(BLEED)
        canvas.setFont(fonts.ITALIC, 12)
        canvas.drawString(TRIM[0] + 10, TRIM[1] + 10, side)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _board() -> bytes:
    buffer = BytesIO()
    canvas = new_canvas(buffer, A4.landscape_size, "Spielplan", "board", "de")
    canvas.setFont(fonts.BOLD_ITALIC, 20)
    canvas.drawString(100, 300, "Spielplan")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def parts() -> list[KitPart]:
    return [KitPart("Regelheft", _rulebook(), "Regeln"),
            KitPart("Spielplan", _board(), "Plan"),
            KitPart("Wochenkarten", _cards(), "Karten")]


def kit() -> bytes:
    """The kit the tests look at; also run in a subprocess to compare bytes."""
    return combine(parts(), "Coraz bliżej Święta… · Spielmaterial", "de")


@pytest.fixture(scope="module")
def combined() -> PdfReader:
    return PdfReader(BytesIO(kit()))


def outline(reader: PdfReader, items: list[Any] | None = None) -> list[Any]:
    """The outline as (title, page index) pairs; a list after an entry holds its children."""
    out: list[Any] = []
    for item in reader.outline if items is None else items:
        if isinstance(item, list):
            out.append(outline(reader, item))
        else:
            out.append((item.title, reader.get_destination_page_number(item)))
    return out


def test_page_count_is_the_sum(combined: PdfReader) -> None:
    counts = [page_count(part.pdf) for part in parts()]
    assert counts == [3, 1, 2]
    assert len(combined.pages) == page_count(kit()) == sum(counts)


def test_one_top_level_bookmark_per_part_with_its_own_outline_nested(
        combined: PdfReader) -> None:
    assert outline(combined) == [
        ("Regelheft", 0),
        [("Spielidee & Ziel", 0), [("Aufbau", 1)], ("Ablauf", 2)],
        ("Spielplan", 3),
        ("Wochenkarten", 4),
    ]
    assert combined.trailer["/Root"]["/PageMode"] == "/UseOutlines"


def test_page_labels_restart_for_each_part(combined: PdfReader) -> None:
    assert combined.page_labels == ["Regeln 1", "Regeln 2", "Regeln 3", "Plan 1",
                                    "Karten 1", "Karten 2"]


def test_pages_keep_their_boxes(combined: PdfReader) -> None:
    sources = [page for part in parts() for page in PdfReader(BytesIO(part.pdf)).pages]
    for source, page in zip(sources, combined.pages, strict=True):
        for box in ("mediabox", "trimbox", "bleedbox", "cropbox"):
            assert list(getattr(page, box)) == list(getattr(source, box)), box
    for page in combined.pages[4:]:
        assert [float(v) for v in page.trimbox] == pytest.approx(TRIM)
        assert [float(v) for v in page.bleedbox] == pytest.approx(BLEED)
    landscape = combined.pages[3].mediabox
    assert (float(landscape.width), float(landscape.height)) == pytest.approx(A4.landscape_size)


def test_text_and_fonts_survive(combined: PdfReader) -> None:
    seen = embedded_fonts(combined)
    assert seen == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique",
                    "DejaVuSans-BoldOblique"}
    assert "Seite 2 · Würfel" in combined.pages[1].extract_text()
    assert "Rückseiten" in combined.pages[5].extract_text()


def _bytes(string: Any) -> bytes:
    """A PDF string as its bytes (pypdf reads a binary /ID as a text string)."""
    return string.original_bytes if hasattr(string, "original_bytes") else bytes(string)


def test_metadata(combined: PdfReader) -> None:
    info = combined.metadata
    assert info.title == "Coraz bliżej Święta… · Spielmaterial"
    assert info.producer == info.creator == f"printkit {__version__}"
    assert "/CreationDate" not in info and "/ModDate" not in info
    assert combined.trailer["/Root"]["/Lang"] == "de"
    first, second = (_bytes(part) for part in combined.trailer["/ID"])
    assert first == second and len(first) == 16


def test_byte_identical_twice_and_the_id_follows_the_input() -> None:
    first = kit()
    assert first == kit()
    other = combine(parts(), "Another title", "de")
    assert other != first
    ids = {_bytes(PdfReader(BytesIO(pdf)).trailer["/ID"][0]) for pdf in (first, other)}
    assert len(ids) == 2


def test_byte_identical_across_processes() -> None:
    env = dict(os.environ, PYTHONHASHSEED="12345")
    result = subprocess.run(
        [sys.executable, "-c",
         "import sys; from tests.test_kit import kit; sys.stdout.buffer.write(kit())"],
        cwd=ROOT, env=env, capture_output=True, check=True)
    assert result.stdout == kit()


def test_a_single_part_and_no_part() -> None:
    pdf = combine([KitPart("Spielplan", _board(), "Plan")], "Kit", "pl")
    reader = PdfReader(BytesIO(pdf))
    assert outline(reader) == [("Spielplan", 0)]
    assert reader.page_labels == ["Plan 1"]
    with pytest.raises(ValueError, match="at least one part"):
        combine([], "Kit", "pl")


def test_page_count_agrees_with_the_page_tree() -> None:
    """Read from ReportLab's Pages object when there is one, from pypdf otherwise (the kit,
    written by pypdf, has its page tree elsewhere)."""
    pieces, whole = parts(), kit()
    for pdf in (whole, *(p.pdf for p in pieces)):
        assert page_count(pdf) == len(PdfReader(BytesIO(pdf)).pages) > 0
    assert page_count(whole) == sum(page_count(p.pdf) for p in pieces)
