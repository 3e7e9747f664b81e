"""Merge PDFs written by ReportLab into one PDF at the byte level.

ReportLab writes a simple, regular file: a header naming ReportLab, every object
``N 0 obj … endobj`` in generation 0, one classic xref table, a trailer with
/Root, /Info, /ID and /Size, a Catalog holding only /Pages, /Outlines, /PageMode and
/Lang, one flat Pages object whose Kids are the pages, and an outline of items
with direct /Dest arrays. :func:`merge` reads each part through its xref table,
keeps every object's bytes, and only rewrites the indirect references ``N 0 R``
in the part of each object before its stream (found by a tokenizer that skips
names, numbers, hex strings, comments and literal strings with balanced and
escaped parentheses; stream data is never looked at). Each part's Catalog,
Info, Pages root and Outlines root are dropped: references to the Pages root
(each page's /Parent) now point to the kit's one Pages object, and references to
the Outlines root (the /Parent of the part's top-level items) to the part's new
bookmark. Byte-identical objects (the same form or font file in two parts) are
written once, and objects nothing refers to any more are left out.

Anything else (another producer, object or xref streams, encryption, an
incremental update, an inheritable attribute on the page tree, a Catalog entry
this merge does not carry over, a reference it cannot place) raises
:class:`Unsupported`, and the caller merges with pypdf instead: a file this
module cannot read exactly is never guessed at.

The output is deterministic: objects keep the order of the parts, new numbers
are given in that order, and nothing depends on hashing or the clock.

A part is PDF bytes or a file; a big part is read a piece at a time and its long
streams (pictures) are copied from it into the output file, so merging a deck of
thousands of illustrated cards takes little memory (:mod:`printkit.pdfmerge.reading`).
:func:`join` puts the parts of one document back together (a big deck rendered in
parts, in parallel): one document, as if written at once.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from io import BytesIO
from typing import BinaryIO, Protocol

from printkit.pdfmerge import reading
from printkit.pdfmerge.reading import JOINED_MARK, Document, Object, Source, Span, read_object
from printkit.pdfmerge.tokens import Name, String, Unsupported

__all__ = ["Part", "Unsupported", "join", "merge", "page_count", "read_object", "text_string"]

#: A part: PDF bytes, or the file that holds them.
Pdf = bytes | os.PathLike[str]


class Part(Protocol):
    """What :func:`merge` needs of one document (printkit.pdfmerge.bind.KitPart has it):
    ``title`` is its bookmark (None: no bookmark, as for a page left blank), its pages are labelled
    ``label`` and numbered from ``start`` (None: an empty label, as for a page left blank)."""

    title: str | None
    pdf: Pdf
    label: str | None
    start: int


def page_count(pdf: Pdf) -> int:
    """How many pages a PDF as ReportLab (or this package) writes it has; raises
    :class:`Unsupported` for any other."""
    source = Source(pdf)
    try:
        return reading.page_count(source)
    finally:
        source.close()


# --- Writing the merged file ----------------------------------------------------------------

def text_string(value: str) -> bytes:
    """A PDF text string: literal for printable ASCII, else UTF-16BE with a byte order mark."""
    if value.isascii() and value.isprintable():
        escaped = value.encode("ascii")
        for char in (b"\\", b"(", b")"):
            escaped = escaped.replace(char, b"\\" + char)
        return b"(" + escaped + b")"
    return b"<FEFF" + value.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def _new(*pieces: bytes | int) -> Object:
    """A new object from pieces: bytes as they are, an ``int`` a reference to that index."""
    template = b"".join(p.replace(b"%", b"%%") if isinstance(p, bytes) else b"%d 0 R"
                        for p in pieces)
    return Object(b"\n" + template + b"\n", [p for p in pieces if isinstance(p, int)], b"",
                  shareable=False)


def _read_all(stack: ExitStack, pdfs: Sequence[Pdf]) -> list[Document]:
    documents = []
    for pdf in pdfs:
        source = Source(pdf)
        stack.callback(source.close)
        try:
            documents.append(reading.read(source))
        except RecursionError as error:  # arrays or dictionaries nested beyond reason
            raise Unsupported("nested too deeply") from error
    return documents


def _take(objects: list[Object], document: Document, local: dict[int, int]) -> None:
    """Append a part's objects, its references renumbered to indexes in ``objects``
    (``local`` already maps the part's dropped objects)."""
    local.update((num, len(objects) + i) for i, num in enumerate(document.objects))
    for obj in document.objects.values():
        obj.refs = [local[r] for r in obj.refs]
        objects.append(obj)


def _intents(documents: Sequence[Document]) -> list[tuple[int, int] | None]:
    """Each part's output intent (object number) if it has one; parts that have one must
    have the same (one build, one press), parts without (a page left blank) may not."""
    found = [reading.output_intent(document) for document in documents]
    if len({key for item in found if item is not None for key in [item[1]]}) > 1:
        raise Unsupported("parts with different output intents")
    return [None if item is None else (index, item[0]) for index, item in enumerate(found)]


def _intent_entry(intents: Sequence[tuple[int, int] | None],
                  locals_: Sequence[dict[int, int]]) -> list[bytes | int]:
    """The merged Catalog's /OutputIntents: the first part's intent, renumbered."""
    for item in intents:
        if item is not None:
            return [b"/OutputIntents [ ", locals_[item[0]][item[1]], b" ]\n"]
    return []


def merge(parts: Sequence[Part], *, info: Mapping[str, str], lang: str, ident: bytes,
          into: BinaryIO | None = None) -> bytes | None:
    """One PDF with every part's pages in order, a bookmark per part (``part.title``) with the
    part's own outline under it, page labels ``part.label`` + " " + page number restarting per
    part (an empty label for a part whose label is None), the given Info entries, /Lang,
    /PageMode /UseOutlines and ``ident`` as the /ID.
    Written to ``into`` if given, else returned.

    Raises :class:`Unsupported` when a part is not a PDF as ReportLab writes it, and
    ValueError for a part without pages."""
    with ExitStack() as stack:
        documents = _read_all(stack, [part.pdf for part in parts])
        for part, document in zip(parts, documents, strict=True):
            if not document.kids:
                raise ValueError(f"kit part {part.title!r} has no pages")
        return _merged(parts, documents, info, lang, ident, into)


def _merged(parts: Sequence[Part], documents: list[Document], info: Mapping[str, str],
            lang: str, ident: bytes, into: BinaryIO | None) -> bytes | None:
    # Object indexes: 0 Catalog, 1 Info, 2 Pages, 3 Outlines, then a bookmark per part, then
    # every part's objects in order. References inside the parts are renumbered to these.
    catalog, info_at, pages_at, outlines_at, marks = 0, 1, 2, 3, 4
    titles = sum(part.title is not None for part in parts)
    if not titles:
        raise ValueError("a kit needs at least one part with a title")
    objects: list[Object] = [Object(b"", [], b"")] * (marks + titles)
    kids: list[int] = []
    firsts: list[int] = []
    tops: list[tuple[int, int] | None] = []
    intents, locals_ = _intents(documents), []
    for index, document in enumerate(documents):
        local = {document.pages_root: pages_at}
        locals_.append(local)
        if document.outlines_root is not None:
            if parts[index].title is None:
                raise Unsupported("an untitled part has an outline of its own")
            local[document.outlines_root] = marks + sum(p.title is not None
                                                        for p in parts[:index])
        _take(objects, document, local)
        kids += [local[k] for k in document.kids]
        firsts.append(local[document.kids[0]])
        tops.append(None if document.top is None
                    else (local[document.top[0]], local[document.top[1]]))

    objects[pages_at] = _pages(kids)
    # A bookmark per titled part, in order; a part without a title (a blank page) has none.
    titled = [i for i, part in enumerate(parts) if part.title is not None]
    mark_of = {index: marks + n for n, index in enumerate(titled)}
    shown = 0
    for n, index in enumerate(titled):
        part, document, first, top = parts[index], documents[index], firsts[index], tops[index]
        pieces: list[bytes | int] = [b"<<\n/Title ", text_string(part.title), b" /Parent ",
                                     outlines_at, b" /Dest [ ", first, b" /Fit ]"]
        if n > 0:
            pieces += [b" /Prev ", mark_of[titled[n - 1]]]
        if n < len(titled) - 1:
            pieces += [b" /Next ", mark_of[titled[n + 1]]]
        if top is not None:
            pieces += [b" /First ", top[0], b" /Last ", top[1], b" /Count %d" % document.visible]
        objects[mark_of[index]] = _new(*pieces, b"\n>>")
        shown += 1 + document.visible
    objects[outlines_at] = _new(b"<<\n/Type /Outlines /First ", marks, b" /Last ",
                                marks + len(titled) - 1, b" /Count %d\n>>" % shown)
    labels = _labels(parts, documents)
    objects[catalog] = _new(
        b"<<\n", *_intent_entry(intents, locals_), b"/Type /Catalog /Pages ", pages_at,
        b" /Outlines ", outlines_at,
        b"\n/PageLabels << /Nums [ " + b"\n".join(labels) + b" ] >>\n/Lang ",
        text_string(lang), b" /PageMode /UseOutlines\n>>")
    objects[info_at] = _new(b"<<\n" + b"\n".join(
        b"/%s %s" % (key.encode("ascii"), text_string(value)) for key, value in info.items())
        + b"\n>>")
    # /Lang is a PDF 1.4 entry (ReportLab writes it into 1.3 files too).
    version = max(4, *(document.version for document in documents))
    return _write(objects, catalog, info_at, version, b"", ident, into)


def _labels(parts: Sequence[Part], documents: list[Document]) -> list[bytes]:
    """The page labels: each part's label and its pages numbered from its start."""
    labels: list[bytes] = []
    start = 0
    for part, document in zip(parts, documents, strict=True):
        if part.label is None:  # a page of no document: an empty label
            labels.append(b"%d << /P () >>" % start)
        else:
            labels.append(b"%d << /S /D /P %s /St %d >>" % (
                start, text_string(part.label + " "), part.start))
        start += len(document.kids)
    return labels


def join(pdfs: Sequence[Pdf], into: BinaryIO | None = None) -> bytes | None:
    """The parts of one document (each written by ReportLab the same way: pages in order, no
    outline) as one PDF: the first part's Info, /Lang and /PageMode, every page in order,
    identical objects (a font, a picture every part shows) once. Its /ID is derived from the
    parts'. Written to ``into`` if given, else returned."""
    if not pdfs:
        raise ValueError("nothing to join")
    with ExitStack() as stack:
        documents = _read_all(stack, pdfs)
        first = documents[0]
        if any(d.outlines_root is not None for d in documents):
            raise Unsupported("a part to join has an outline")
        catalog, info_at, pages_at = 0, 1, 2
        objects: list[Object] = [Object(b"", [], b"")] * 3
        kids: list[int] = []
        intents, locals_ = _intents(documents), []
        for document in documents:
            locals_.append({document.pages_root: pages_at})
            _take(objects, document, locals_[-1])
            kids += [locals_[-1][k] for k in document.kids]
        objects[pages_at] = _pages(kids)
        entries: list[bytes | int] = [b"<<\n", *_intent_entry(intents, locals_)]
        for key in (b"Lang", b"PageMode"):
            value = first.catalog.get(key)
            if isinstance(value, Name):
                entries.append(b"/%s /%s " % (key, value))
            elif isinstance(value, String):
                entries.append(b"/%s %s " % (key, value))
        objects[catalog] = _new(*entries, b"/Pages ", pages_at, b" /Type /Catalog\n>>")
        objects[info_at] = first.info or _new(b"<<\n>>")
        objects[info_at].shareable = False
        ident = hashlib.sha256(b"".join(hashlib.sha256(d.ident).digest()
                                        for d in documents)).digest()[:16]
        version = max(d.version for d in documents)
        return _write(objects, catalog, info_at, version, b"%" + JOINED_MARK + b"\n", ident,
                      into)


def _pages(kids: Sequence[int]) -> Object:
    return _new(b"<<\n/Count %d /Kids [ " % len(kids), *(x for k in kids for x in (k, b" ")),
                b"] /Type /Pages\n>>")


def _write(objects: list[Object], catalog: int, info_at: int, version: int, mark: bytes,
           ident: bytes, into: BinaryIO | None) -> bytes | None:
    """Write what the Catalog and Info reach, identical objects once, numbered in order."""
    same = _share_identical(objects)
    reached = [False] * len(objects)
    todo = [catalog, info_at]
    while todo:
        index = todo.pop()
        if not reached[index]:
            reached[index] = True
            todo += [same[r] for r in objects[index].refs]
    number = [0] * len(objects)
    kept = [index for index in range(len(objects)) if reached[index]]
    for position, index in enumerate(kept, 1):
        number[index] = position

    out = into if into is not None else BytesIO()
    head = b"%%PDF-1.%d\n%%\xe2\xe3\xcf\xd3\n%s" % (version, mark)
    out.write(head)
    size = len(head)
    offsets = []
    for index in kept:
        obj = objects[index]
        offsets.append(size)
        stream = obj.stream
        body = b"%d 0 obj%s" % (number[index],
                                obj.template % tuple(number[same[r]] for r in obj.refs))
        out.write(body)
        size += len(body)
        if isinstance(stream, Span):
            for chunk in stream.source.chunks(stream.start, stream.end):
                out.write(chunk)
            size += stream.end - stream.start
        else:
            out.write(stream)
            size += len(stream)
        end = b"\nendobj\n" if stream else b"endobj\n"
        out.write(end)
        size += len(end)
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(kept) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
    out.write(b"trailer\n<<\n/Size %d /Root %d 0 R /Info %d 0 R\n/ID [ <%s> <%s> ]\n>>\n"
              b"startxref\n%d\n%%%%EOF\n" % (len(kept) + 1, number[catalog], number[info_at],
                                             ident.hex().encode(), ident.hex().encode(), size))
    return out.getvalue() if into is None else None


def _share_identical(objects: Sequence[Object]) -> list[int]:
    """For each object index, the index of the first object byte-identical to it once the
    references are mapped the same way; repeated until nothing more merges, so a font is
    shared once its font file, descriptor and widths are."""
    same = list(range(len(objects)))
    candidates = [i for i, obj in enumerate(objects) if obj.shareable]
    lengths = Counter(long for i in candidates if (long := objects[i].long) is not None)
    while True:
        first: dict[tuple[bytes, object], int] = {}
        merged = False
        survivors = []
        for index in candidates:
            found = first.setdefault(objects[index].key(same, lengths), index)
            if found != index:
                same[index] = found
                merged = True
            else:
                survivors.append(index)
        if not merged:
            return same
        # An object merged into another never takes part again; its referrers now render
        # with the other one's index.
        candidates = survivors
        for index in range(len(same)):
            same[index] = same[same[index]]
