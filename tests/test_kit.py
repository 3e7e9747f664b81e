"""The combined kit PDF: every part's pages, bookmarks, page labels, boxes, fonts; deterministic."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import warnings
from io import BytesIO
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from printkit import __version__, pdfmerge
from printkit.drawing.pdf import new_canvas
from printkit.geometry import MM, PAPERS
from printkit.language import fonts
from printkit.pdfmerge import bind as kit_module
from printkit.pdfmerge.bind import KitPart, combine, combine_with_pypdf, page_count
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
    """Read from the one flat Pages object ReportLab writes, and pdfmerge writes for the kit,
    from pypdf otherwise."""
    pieces, whole = parts(), kit()
    for pdf in (whole, *(p.pdf for p in pieces)):
        assert page_count(pdf) == len(PdfReader(BytesIO(pdf)).pages) > 0
    assert page_count(whole) == sum(page_count(p.pdf) for p in pieces)


# --- The byte-level merge (printkit.pdfmerge) and its fallback to pypdf ----------------------


def _strict(pdf: bytes) -> PdfReader:
    """The PDF read by pypdf in strict mode, with any warning an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        reader = PdfReader(BytesIO(pdf), strict=True)
        for page in reader.pages:
            page.get_contents()
        return reader


def _pixels(pdf: bytes) -> list[np.ndarray]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [np.asarray(page.render(scale=36 / 72).to_pil().convert("RGB"))
                for page in document]
    finally:
        document.close()


def _xref_offsets(pdf: bytes) -> list[int]:
    """The offsets of the kit's one classic xref table, checked against startxref and /Size."""
    start = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", pdf)[1])
    head = re.compile(rb"xref\n0 (\d+)\n").match(pdf, start)
    assert head is not None, "startxref does not point at a classic xref table"
    size = int(head[1])
    entries = pdf[head.end():head.end() + 20 * size]
    assert pdf[head.end() + 20 * size:].startswith(b"trailer")
    assert re.search(rb"/Size %d\b" % size, pdf[head.end() + 20 * size:])
    assert entries[:20] == b"0000000000 65535 f \n"
    return [int(entries[20 * i:20 * i + 10]) for i in range(1, size)]


def _refuse_pypdf(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> bytes:
        raise AssertionError("the kit fell back to pypdf")

    monkeypatch.setattr(kit_module, "combine_with_pypdf", refuse)


def test_reportlab_parts_are_merged_at_the_byte_level(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = kit()
    _refuse_pypdf(monkeypatch)
    assert kit() == expected
    assert b"ReportLab" not in expected[:64] and expected.startswith(b"%PDF-1.4\n")


def test_every_object_is_where_the_xref_table_says() -> None:
    pdf = kit()
    offsets = _xref_offsets(pdf)
    for number, offset in enumerate(offsets, 1):
        assert pdf.startswith(b"%d 0 obj" % number, offset), number
    assert pdf.count(b" 0 obj") == len(offsets)
    assert b"/ObjStm" not in pdf and b"/XRef" not in pdf


def test_the_same_kit_for_a_reader_as_pypdf_makes() -> None:
    """Pages, boxes, text, pixels, bookmarks, labels, metadata: what a reader sees is what the
    pypdf merge gives (the byte-level one writes no /Count 0 on a bookmark without children,
    and points each part's bookmark at its page with /Dest instead of a GoTo action)."""
    fast, slow = kit(), combine_with_pypdf(parts(), "Coraz bliżej Święta… · Spielmaterial", "de")
    new, old = _strict(fast), _strict(slow)
    assert len(new.pages) == len(old.pages) == 6
    assert outline(new) == outline(old)
    assert new.page_labels == old.page_labels
    assert dict(new.metadata) == dict(old.metadata)
    for key in ("/Lang", "/PageMode"):
        assert new.trailer["/Root"][key] == old.trailer["/Root"][key]
    assert [_bytes(x) for x in new.trailer["/ID"]] == [_bytes(x) for x in old.trailer["/ID"]]
    for a, b in zip(new.pages, old.pages, strict=True):
        assert [list(a.mediabox), list(a.trimbox), list(a.bleedbox)] == \
            [list(b.mediabox), list(b.trimbox), list(b.bleedbox)]
        assert a.extract_text() == b.extract_text()
    sources = [image for part in parts() for image in _pixels(part.pdf)]
    for mine, theirs, source in zip(_pixels(fast), _pixels(slow), sources, strict=True):
        assert np.array_equal(mine, source) and np.array_equal(theirs, source)
    assert len(fast) < sum(len(part.pdf) for part in parts())


def _tricky() -> bytes:
    """Bookmark titles and annotations whose strings look like references, keywords,
    comments and unbalanced parentheses; one closed section; a web link and a link to a page."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, A4.size, "Titel (1 0 R) \\ )", "tricky", "de")
    entries = [("A (2 0 R", 0, True), ("B ) % endobj", 1, False), ("C stream 3 0 R", 2, False),
               ("D /Name 4 0 R <<", 0, False)]
    for page, (title, level, closed) in enumerate(entries):
        canvas.setFont(fonts.REGULAR, 12)
        canvas.drawString(60, 700, f"{title} · Seite {page + 1}")
        canvas.bookmarkPage(f"k{page}")
        canvas.addOutlineEntry(title, f"k{page}", level=level, closed=closed)
        canvas.linkURL("https://example.com/a(1 0 R)", (50, 50, 150, 80))
        canvas.linkAbsolute("zu A", "k0", (200, 50, 300, 80))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_strings_that_look_like_references_survive(monkeypatch: pytest.MonkeyPatch) -> None:
    _refuse_pypdf(monkeypatch)
    title = "Kit (x) 5 0 R % \\"
    pieces = [KitPart("Brett", _board(), "Plan"),
              KitPart("P (1) \\ 2 0 R % endobj", _tricky(), "L ( 5 0 R \\")]
    pdf = combine(pieces, title, "de")
    reader = _strict(pdf)
    assert outline(reader) == [
        ("Brett", 0),
        ("P (1) \\ 2 0 R % endobj", 1),
        [("A (2 0 R", 1), [("B ) % endobj", 2), [("C stream 3 0 R", 3)]],
         ("D /Name 4 0 R <<", 4)],
    ]
    assert reader.page_labels == ["Plan 1"] + [f"L ( 5 0 R \\ {n}" for n in range(1, 5)]
    assert reader.metadata.title == title
    # The closed section stays closed, and its part's bookmark counts what shows: A and D.
    mark = reader.outline[1]
    assert mark["/Count"] == 2 and reader.outline[2][0]["/Count"] == -2
    for number, page in enumerate(reader.pages[1:]):
        uri, link = (annotation.get_object() for annotation in page["/Annots"])
        assert uri["/A"]["/URI"] == "https://example.com/a(1 0 R)"
        assert reader.get_page_number(link["/Dest"][0].get_object()) == 1, number
    for mine, source in zip(_pixels(pdf)[1:], _pixels(_tricky()), strict=True):
        assert np.array_equal(mine, source)


def test_identical_objects_are_written_once() -> None:
    """The same document twice: its fonts and forms once, its pages twice (each its own)."""
    board = _board()
    pieces = [KitPart("Spielplan", board, "Plan"), KitPart("Noch einmal", board, "Plan")]
    pdf = combine(pieces, "Kit", "de")
    reader = _strict(pdf)
    assert board.count(b"/FontFile2") == pdf.count(b"/FontFile2") == 1
    assert len({page.indirect_reference.idnum for page in reader.pages}) == 2
    assert len(pdf) < 1.2 * len(board)
    assert outline(reader) == [("Spielplan", 0), ("Noch einmal", 1)]
    first, second = _pixels(pdf)
    assert np.array_equal(first, second) and np.array_equal(first, _pixels(board)[0])


def _written_by_pypdf(pdf: bytes) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(BytesIO(pdf)))
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_part_in_another_shape_makes_the_whole_kit_go_through_pypdf() -> None:
    pieces = parts()
    pieces[1] = KitPart("Spielplan", _written_by_pypdf(_board()), "Plan")
    with pytest.raises(pdfmerge.Unsupported):
        pdfmerge.merge(pieces, info={}, lang="de", ident=bytes(16))
    pdf = combine(pieces, "Kit", "de")
    assert pdf == combine_with_pypdf(pieces, "Kit", "de")
    reader = _strict(pdf)
    assert outline(reader)[2:] == [("Spielplan", 3), ("Wochenkarten", 4)]
    assert reader.page_labels[3:] == ["Plan 1", "Karten 1", "Karten 2"]


def test_a_part_without_pages_is_an_error_either_way() -> None:
    out = BytesIO()
    PdfWriter().write(out)
    with pytest.raises(ValueError, match="'Leer' has no pages"):
        combine([KitPart("Spielplan", _board(), "Plan"), KitPart("Leer", out.getvalue(), "L")],
                "Kit", "de")


def _encrypted() -> bytes:
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1, encrypt="secret")
    canvas.drawString(60, 60, "geheim")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _updated(pdf: bytes) -> bytes:
    """An incremental update appended: a second xref section whose trailer has /Prev."""
    start = int(re.search(rb"startxref\s+(\d+)", pdf)[1])
    root = re.search(rb"/Root (\d+) 0 R", pdf)[1]
    size = re.search(rb"/Size (\d+)", pdf)[1]
    return pdf + (b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size %s /Root %s 0 R /Prev %d >>"
                  b"\nstartxref\n%d\n%%%%EOF\n" % (size, root, start, len(pdf)))


def _replace(old: bytes, new: bytes) -> Any:
    assert len(old) == len(new)
    return lambda pdf: pdf.replace(old, new, 1)


def _bump_length(pdf: bytes) -> bytes:
    match = re.search(rb"/Length (\d+)", pdf)
    wrong = str(int(match[1]) + 1).encode()
    assert len(wrong) == len(match[1])
    return pdf[:match.start(1)] + wrong + pdf[match.end(1):]


def _bump_offset(pdf: bytes) -> bytes:
    at = pdf.index(b" 00000 n", pdf.rindex(b"\nxref\n")) - 1
    return pdf[:at] + bytes([pdf[at] ^ 1]) + pdf[at + 1:]


@pytest.mark.parametrize("damage", [
    pytest.param(_replace(b"ReportLab Generated", b"Somebody  Generated"), id="producer"),
    pytest.param(_written_by_pypdf, id="written by pypdf"),
    pytest.param(lambda pdf: _encrypted(), id="encrypted"),
    pytest.param(_updated, id="incremental update"),
    pytest.param(_bump_offset, id="xref offset"),
    pytest.param(_bump_length, id="stream length"),
    pytest.param(_replace(b"/Lang (de)", b"/URI  (de)"), id="unknown Catalog entry"),
    pytest.param(_replace(b"/Type /Pages", b"/Rotate 0   "), id="no page tree"),
    pytest.param(lambda pdf: pdf[:-200], id="truncated"),
])
def test_parts_not_as_reportlab_writes_them_are_refused(damage: Any) -> None:
    pieces = [KitPart("Spielplan", damage(_board()), "Plan")]
    with pytest.raises(pdfmerge.Unsupported):
        pdfmerge.merge(pieces, info={}, lang="de", ident=bytes(16))


def test_every_truncation_is_refused() -> None:
    """A part cut anywhere never gives a file: the merge refuses it (pypdf gets to try)."""
    board = _board()
    for end in range(0, len(board) - 6, max(1, len(board) // 150)):
        with pytest.raises(pdfmerge.Unsupported):
            pdfmerge.merge([KitPart("x", board[:end], "x")], info={}, lang="de",
                           ident=bytes(16))


# Tokens of an object's dictionary part, for the property test of the reference scanner.
_REGULAR = st.text("ABCRabcrz0123456789+-.#_", max_size=8)
_TEXT = st.lists(st.sampled_from([b"1 0 R", b" ", b"\n", b"\r", b"%", b"endobj", b"stream",
                                  b"\\", b"(", b")", b"<<", b"/F1", b"\xfe\xff", b"x"]),
                 max_size=8).map(b"".join)


def _literal(text: bytes) -> bytes:
    return b"(" + text.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


_BALANCED = st.recursive(_TEXT.map(_literal),
                         lambda inner: st.lists(inner | _TEXT.map(_literal), max_size=3)
                         .map(lambda xs: b"(" + b" ".join(x[1:-1] for x in xs) + b"(x))"),
                         max_leaves=5)
_TOKENS = st.one_of(
    st.integers(1, 99999).map(lambda n: (b"%d 0 R" % n, n)),
    st.integers(-999, 99999).map(lambda n: (b"%d" % n, None)),
    st.floats(-1e4, 1e4).map(lambda x: (b"%.4f" % x, None)),
    _REGULAR.map(lambda name: (b"/" + name.encode(), None)),
    _BALANCED.map(lambda s: (s, None)),
    st.binary(max_size=4).map(lambda b: (b"<" + b.hex().encode() + b">", None)),
    st.sampled_from([b"<<", b">>", b"[", b"]", b"true", b"null", b"% 7 0 R (\n"]).map(
        lambda t: (t, None)),
)


@given(st.lists(st.tuples(_TOKENS, st.sampled_from([b" ", b"\n", b"\r\n", b"  "])),
                max_size=30))
def test_references_are_found_only_where_they_are(tokens: list[Any]) -> None:
    """Strings (escaped or with balanced parentheses), names with digits, hex strings and
    comments never yield a reference; every real ``N 0 R`` does, and nothing else changes."""
    head = b"\n<< /K [ " + b"".join(t + sep for (t, _), sep in tokens) + b"] >>\n"
    data = b"%PDF-1.4\n7 0 obj" + head + b"endobj\n"
    found = pdfmerge.read_object(data, 9, 7)
    assert found.refs == [n for (_, n), _ in tokens if n is not None]
    assert found.template % tuple(found.refs) == head
    assert found.stream == b""


@pytest.mark.parametrize("game", ["coraz-blizej-swieta", "polar-derby", "pick-a-polar-bear",
                                  "yeti-slalom"])
def test_a_built_kit_embeds_each_font_once(built_kit: Path, game: str) -> None:
    """Every document of a locale starts its font subsets with the same characters, so the
    kit PDF keeps one copy of each font, not one per document."""
    reader = PdfReader(built_kit / game / "pl" / "kit-a4.pdf")
    files: dict[str, set[int]] = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            font = ref.get_object()
            stream = font["/FontDescriptor"].get_object().raw_get("/FontFile2")
            files.setdefault(str(font["/BaseFont"]), set()).add(stream.idnum)
    assert files and all(len(ids) == 1 for ids in files.values()), files


def test_a_page_left_blank_has_no_bookmark_and_no_label() -> None:
    """A blank page between two documents (so the next one starts on an odd page) is its
    own part without a title or a label: no bookmark, and an empty page label, never the
    next page of the document before it ("Regeln 4" of a three-page rulebook)."""
    blank = KitPart(None, _board(), None)
    padded = [parts()[0], blank, parts()[2]]
    title = "Coraz bliżej Święta… · Spielmaterial"
    for pdf in (combine(padded, title, "de"), combine_with_pypdf(padded, title, "de")):
        reader = PdfReader(BytesIO(pdf))
        assert reader.page_labels == ["Regeln 1", "Regeln 2", "Regeln 3", "",
                                      "Karten 1", "Karten 2"]
        assert outline(reader) == [
            ("Regelheft", 0),
            [("Spielidee & Ziel", 0), [("Aufbau", 1)], ("Ablauf", 2)],
            ("Wochenkarten", 4),
        ]
