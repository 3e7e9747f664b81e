"""One PDF for a whole kit: every document's pages in order, with bookmarks and page labels.

Pure: PDF bytes in, PDF bytes out. Each part gets a top-level bookmark (its
translated title) pointing at its first page, with the part's own outline (a
rulebook's sections) nested under it, and page labels that restart for each part
("Rulebook 1", "Rulebook 2", "Board 1"…). Pages are copied as they are: their
boxes (MediaBox, TrimBox, BleedBox) and embedded fonts stay.

Every part printkit makes is written by ReportLab, so the parts are merged at the
byte level (:mod:`printkit.pdfmerge`: objects copied through the xref tables and
renumbered, identical objects written once), a tenth of the time pypdf takes to
parse, clone and write every object again. A part in any other shape (another
producer, object streams, encryption…) makes the whole kit go through pypdf
instead, as it always did.

Each path is deterministic: the same parts always give the same bytes (nothing
depends on dates or hashing, objects are numbered in the order of the parts, and the
file identifier, which pypdf would otherwise leave out or draw at random, is derived
from a hash of the inputs). The two paths write different bytes for the same parts
(each numbers and lays out objects its own way); what a reader sees is the same.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import BinaryIO

from printkit import __version__, pdfmerge

CREATOR = f"printkit {__version__}"


@dataclass(frozen=True)
class KitPart:
    """One document of a kit, already rendered."""

    #: The document's translated title, e.g. "Regelheft"; its bookmark's title. None for a
    #: part with no bookmark of its own (a page left blank between two documents).
    title: str | None
    #: The document's own PDF bytes, or the file that holds them (a big deck's, read a piece
    #: at a time).
    pdf: bytes | os.PathLike[str]
    #: Short page-label prefix, e.g. "Rulebook" translated: its pages show as "Rulebook 3".
    #: None for a page that belongs to no document (a page left blank between two): its
    #: label is empty, so it never passes for the previous document's next page.
    label: str | None
    #: The number of its first page's label ("Rulebook 3").
    start: int = 1


#: The page tree ReportLab writes, and pdfmerge in the same form: one flat Pages object.
_PAGES = re.compile(rb"<<\s*/Count (\d+) /Kids \[[^\]]*\] /Type /Pages\s*>>")


def page_count(pdf: bytes | os.PathLike[str]) -> int:
    """How many pages a PDF has: read from the one flat Pages object ReportLab (or
    pdfmerge, for a kit) writes when there is exactly one (a tenth of a second saved
    per kit), else from pypdf's page tree. A file is read through its xref table."""
    if not isinstance(pdf, bytes):
        try:
            return pdfmerge.page_count(pdf)
        except pdfmerge.Unsupported:
            pdf = Path(pdf).read_bytes()
    found = _PAGES.findall(pdf)
    if len(found) == 1:
        return int(found[0])
    from pypdf import PdfReader  # only for a PDF not written by ReportLab or pdfmerge

    return len(PdfReader(BytesIO(pdf)).pages)


def file_id(parts: Sequence[KitPart], title: str, lang: str) -> bytes:
    """16 bytes that identify the combined file, the same every time for the same input."""
    digest = hashlib.sha256()
    for field in (title, lang, *(x for p in parts for x in (p.title or "", p.label or "",
                                                             str(p.start)))):
        data = field.encode("utf-8")
        digest.update(len(data).to_bytes(8, "big") + data)
    for part in parts:
        if isinstance(part.pdf, bytes):
            digest.update(len(part.pdf).to_bytes(8, "big") + part.pdf)
            continue
        with open(part.pdf, "rb") as fh:
            digest.update(os.fstat(fh.fileno()).st_size.to_bytes(8, "big"))
            while block := fh.read(1 << 20):
                digest.update(block)
    return digest.digest()[:16]


def combine(parts: Sequence[KitPart], title: str, lang: str,
            into: BinaryIO | None = None) -> bytes | None:
    """One PDF holding every part's pages in order; deterministic. Written to ``into`` (a
    file open for writing, at its start) if given, else returned."""
    if not parts:
        raise ValueError("a kit needs at least one part")
    ident = file_id(parts, title, lang)
    info = {"Title": title, "Author": "printkit", "Creator": CREATOR, "Producer": CREATOR}
    try:
        return pdfmerge.merge(parts, info=info, lang=lang, ident=ident, into=into)
    except pdfmerge.Unsupported:
        if into is not None:
            into.seek(0)
            into.truncate()
        pdf = combine_with_pypdf(parts, title, lang)
        if into is None:
            return pdf
        into.write(pdf)
        return None


def combine_with_pypdf(parts: Sequence[KitPart], title: str, lang: str) -> bytes:
    """What :func:`combine` does, with pypdf: for parts that are not as ReportLab writes them.
    Slower (every object is parsed, cloned and written again) but reads any PDF."""
    # Imported here: a build whose parts all merge at the byte level never loads pypdf.
    from pypdf import PdfReader, PdfWriter
    from pypdf.constants import PageLabelStyle
    from pypdf.generic import ArrayObject, ByteStringObject, NameObject, TextStringObject

    if not parts:
        raise ValueError("a kit needs at least one part")
    writer = PdfWriter()
    for part in parts:
        reader = PdfReader(BytesIO(part.pdf if isinstance(part.pdf, bytes)
                                   else Path(part.pdf).read_bytes()))
        if not reader.pages:
            raise ValueError(f"kit part {part.title!r} has no pages")
        first = len(writer.pages)
        # The part's bookmark points at its first page; its own outline nests under it.
        writer.append(reader, outline_item=part.title, import_outline=part.title is not None)
        if part.label is None:  # an empty label: no prefix, no number (no style: /St unused)
            writer.set_page_label(first, len(writer.pages) - 1, prefix="", start=1)
        else:
            writer.set_page_label(first, len(writer.pages) - 1, style=PageLabelStyle.DECIMAL,
                                  prefix=f"{part.label} ", start=part.start)

    # Replaces pypdf's own Producer; pypdf adds no CreationDate or ModDate.
    writer.metadata = {"/Title": title, "/Author": "printkit", "/Creator": CREATOR,
                       "/Producer": CREATOR}
    writer.root_object[NameObject("/Lang")] = TextStringObject(lang)
    writer.page_mode = "/UseOutlines"
    # pypdf has no public setter for the trailer /ID: generate_file_identifiers()
    # draws random bytes, so set a fixed one derived from the input instead.
    ident = ByteStringObject(file_id(parts, title, lang))
    writer._ID = ArrayObject([ident, ident])
    # Merge identical objects (shared images, resources) and drop unreferenced ones;
    # both walk the objects in order, so the result stays deterministic.
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)

    out = BytesIO()
    writer.write(out)
    return out.getvalue()
