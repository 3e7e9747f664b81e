"""Reading one part: its xref table, structure and objects, a piece at a time.

A part is in memory or in a file (:class:`Source`). Objects are read through the
xref table, each from its own extent (its offset up to the next object's), so a big
part is never held whole: a stream longer than :data:`WHOLE` bytes stays where it is
(a :class:`Span`) and is copied into the output when the merged file is written.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from printkit.pdfmerge.tokens import (
    HEADER,
    LENGTH,
    OBJ,
    PRODUCER_MARK,
    SCAN,
    STARTXREF,
    STREAM_END,
    TRAILER,
    XREF,
    XREF_ENTRY,
    Ref,
    String,
    Unsupported,
    parse,
    skip_string,
)

#: Objects up to this size are read whole; a longer one has only its dictionary read.
WHOLE = 1 << 14
#: How much of a long object is read to find its dictionary.
HEAD = 1 << 13
#: The second line of a file :func:`printkit.pdfmerge.join` wrote from ReportLab's parts:
#: it is read as a part again (a deck joined from its parts, then merged into the kit).
JOINED_MARK = b"ReportLab documents joined by printkit"
#: Streams from this length on are compared by their hash (every long one left in its part
#: is at least this long).
HASHED = 1 << 12
#: Bytes copied at a time.
CHUNK = 1 << 20


class Source:
    """A part's bytes, in memory or in a file, read a piece at a time."""

    def __init__(self, pdf: bytes | os.PathLike[str]) -> None:
        if isinstance(pdf, bytes | bytearray | memoryview):
            self._data: memoryview | None = memoryview(pdf)
            self._file: BinaryIO | None = None
            self.size = len(self._data)
        else:
            self._data = None
            self._file = open(Path(pdf), "rb")  # noqa: SIM115 - closed by close()
            self.size = os.fstat(self._file.fileno()).st_size

    def read(self, start: int, end: int) -> bytes:
        start, end = max(0, start), min(end, self.size)
        if end <= start:
            return b""
        if self._data is not None:
            return bytes(self._data[start:end])
        assert self._file is not None
        self._file.seek(start)
        return self._file.read(end - start)

    def chunks(self, start: int, end: int) -> Iterator[bytes | memoryview]:
        for at in range(start, end, CHUNK):
            stop = min(end, at + CHUNK)
            yield self._data[at:stop] if self._data is not None else self.read(at, stop)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


@dataclass(eq=False)
class Span:
    """A long stream left in its part: ``stream`` keyword to ``endstream``, copied when
    written; its hash says whether two are the same."""

    source: Source
    start: int
    end: int
    _digest: bytes | None = field(default=None, repr=False)

    def digest(self) -> bytes:
        if self._digest is None:
            hashed = hashlib.sha256()
            for chunk in self.source.chunks(self.start, self.end):
                hashed.update(chunk)
            self._digest = hashed.digest()
        return self._digest


@dataclass
class Object:
    """One object: its dictionary part as a %-template with a ``%d 0 R`` per reference,
    the referenced objects in order, and the stream (keyword to endstream) as it was."""

    template: bytes
    refs: list[int]
    stream: bytes | Span
    #: May be merged with a byte-identical object (not for pages, bookmarks, annotations).
    shareable: bool = True
    _stream_key: object = field(default=None, repr=False)

    @property
    def long(self) -> int | None:
        """The length of a stream compared by its hash (see :data:`HASHED`), else None."""
        if isinstance(self.stream, Span):
            return self.stream.end - self.stream.start
        return len(self.stream) if len(self.stream) >= HASHED else None

    def key(self, numbers: Sequence[int], lengths: Mapping[int, int]) -> tuple[bytes, object]:
        """What two objects share when they are the same, references given as ``numbers``:
        a long stream by its length, and its hash when another long stream has that length
        (``lengths`` counts them), wherever it lies."""
        body = self.template % tuple(numbers[r] for r in self.refs)
        if self._stream_key is None:
            stream, long = self.stream, self.long
            if long is None:
                self._stream_key = stream
            elif lengths.get(long, 0) < 2:
                self._stream_key = long  # no other is as long: nothing to read
            elif isinstance(stream, Span):
                self._stream_key = (long, stream.digest())
            else:
                self._stream_key = (long, hashlib.sha256(stream).digest())
        return body, self._stream_key


@dataclass
class Document:
    version: int
    #: Object number -> object; the Catalog, Info, Pages root and Outlines root are left out.
    objects: dict[int, Object]
    pages_root: int
    kids: list[int]
    outlines_root: int | None
    #: The part's top-level bookmarks (first, last) and how many of its bookmarks show.
    top: tuple[int, int] | None
    visible: int
    #: The Catalog's entries, the Info object and the trailer's /ID, as read.
    catalog: dict[bytes, object]
    info: Object | None
    ident: bytes


class _Cut(Exception):
    """An object's dictionary did not end inside the piece read of it."""


def read_object(data: bytes, offset: int, num: int, source: Source | None = None,
                base: int = 0) -> Object:
    """The object ``num`` at ``offset`` of ``data``. With a ``source``, ``data`` is only the
    beginning of the object (from ``base`` in the source) and its stream stays there."""
    head = OBJ.match(data, offset)
    if head is None or int(head[1]) != num:
        raise Unsupported(f"object {num} is not where the xref table says")
    try:
        chunks, refs, has_string, keyword = _dictionary(data, head.end(), num)
    except Unsupported:
        if source is not None:
            raise _Cut from None
        raise
    if source is not None and keyword.end(4) + 2 >= len(data):
        raise _Cut  # the keyword may be cut short, or its end of line not read
    template = b"%d 0 R".join(chunk.replace(b"%", b"%%") for chunk in chunks)
    if keyword[4] == b"endobj":
        return Object(template, refs, b"")
    length = _stream_length(data, head.end(), chunks, has_string, num)
    begin = _stream_begin(data, keyword.end(), num)
    if source is None:
        after = _after_endstream(data, begin + length, num)
        return Object(template, refs, data[keyword.start(4):after])
    # The rest of a long object is checked where it lies and copied from there when written.
    at = base + begin + length
    after = at + _after_endstream(source.read(at, at + 32), 0, num)
    return Object(template, refs, Span(source, base + keyword.start(4), after))


def _dictionary(data: bytes, pos: int, num: int) -> tuple[list[bytes], list[int], bool,
                                                          re.Match[bytes]]:
    """The object's dictionary from ``pos`` as the pieces between its references (the last
    ending in whitespace), the objects they refer to, whether it holds a string, and the
    match of the keyword after it (``stream`` or ``endobj``)."""
    start = pos
    chunks: list[bytes] = []
    refs: list[int] = []
    has_string = False
    while True:
        m = SCAN.match(data, pos)
        if m is None:
            raise Unsupported(f"object {num}: unexpected bytes near {pos}")
        if m[1] is not None:
            if m[2] != b"0":
                raise Unsupported(f"object {num}: a reference to a generation other than 0")
            chunks.append(data[start:m.start(1)])
            refs.append(int(m[1]))
            start = pos = m.end()
        elif m[3] is not None:
            pos = skip_string(data, m.end())
            has_string = True
        else:
            break
    chunks.append(data[start:m.start(4)])
    if not chunks[-1][-1:].isspace():
        chunks[-1] += b"\n"
    return chunks, refs, has_string, m


def _stream_length(data: bytes, dictionary: int, chunks: list[bytes], has_string: bool,
                   num: int) -> int:
    """The stream's /Length: the one written in the dictionary's pieces, else (a string
    might hold the word) the dictionary at ``dictionary`` parsed; a direct count."""
    lengths = [] if has_string else [x for c in chunks for x in LENGTH.findall(c)]
    if len(lengths) == 1:
        return int(lengths[0])
    table, _ = parse(data, dictionary)
    length = table.get(b"Length") if isinstance(table, dict) else None
    if not isinstance(length, int) or isinstance(length, bool) or length < 0:
        raise Unsupported(f"object {num}: no direct /Length for its stream")
    return length


def _stream_begin(data: bytes, keyword_end: int, num: int) -> int:
    """Where the stream's bytes begin: after the end of line that ends ``stream``."""
    if data.startswith(b"\r\n", keyword_end):
        return keyword_end + 2
    if data.startswith(b"\n", keyword_end):
        return keyword_end + 1
    raise Unsupported(f"object {num}: no end of line after 'stream'")


def _after_endstream(data: bytes, at: int, num: int) -> int:
    """Where ``endstream`` ends, which must follow the stream's bytes at ``at``."""
    tail = STREAM_END.match(data, at)
    if tail is None:
        raise Unsupported(f"object {num}: the stream does not end where /Length says")
    return tail.start() + tail[0].index(b"endstream") + len(b"endstream")


class _Part:
    """A part's xref table: where each object is, and how far it reaches."""

    def __init__(self, source: Source, offsets: list[int], xref_at: int) -> None:
        self.source = source
        self.offsets = offsets
        self._sorted = sorted(offsets[1:]) + [xref_at]

    def extent(self, num: int) -> tuple[int, int]:
        if not 0 < num < len(self.offsets):
            raise Unsupported(f"a reference to a missing object {num}")
        start = self.offsets[num]
        at = bisect.bisect_right(self._sorted, start)
        return start, self._sorted[at] if at < len(self._sorted) else self.source.size

    def object(self, num: int) -> Object:
        start, end = self.extent(num)
        if end - start > WHOLE:
            try:
                return read_object(self.source.read(start, start + HEAD), 0, num,
                                   self.source, start)
            except _Cut:
                pass  # a long dictionary: read the object whole
        return read_object(self.source.read(start, end), 0, num)

    def dict(self, num: int) -> dict[bytes, object]:
        start, end = self.extent(num)
        data = self.source.read(start, min(end, start + WHOLE))
        head = OBJ.match(data)
        if head is None or int(head[1]) != num:
            raise Unsupported(f"object {num} is not where the xref table says")
        if end - start > WHOLE:
            data = self.source.read(start, end)
        value, _ = parse(data, head.end())
        if not isinstance(value, dict):
            raise Unsupported(f"object {num} is not a dictionary")
        return value


def ref(table: Mapping[bytes, object], key: bytes, required: bool = True) -> int | None:
    value = table.get(key)
    if isinstance(value, Ref):
        return value.num
    if value is None and not required:
        return None
    raise Unsupported(f"/{key.decode()} is not a reference")


def _xref(source: Source) -> tuple[int, _Part, dict[bytes, object]]:
    """The PDF version, the xref table and the trailer."""
    first = source.read(0, 256)
    header = HEADER.match(first)
    if header is None or (PRODUCER_MARK not in first and JOINED_MARK not in first):
        raise Unsupported("not a PDF written by ReportLab")
    end = STARTXREF.search(source.read(source.size - 64, source.size))
    if end is None:
        raise Unsupported("no startxref at the end")
    xref_at = int(end[1])
    start = source.read(xref_at, xref_at + 64)
    xref = XREF.match(start)
    if xref is None:
        raise Unsupported("no classic xref table with one section at startxref")
    size = int(xref[1])
    table = source.read(xref_at, xref_at + xref.end() + 20 * size + 4096)
    table_end = xref.end() + 20 * size
    entries = XREF_ENTRY.findall(table, xref.end(), table_end)
    if len(entries) != size or size < 2 or entries[0][2] != b"f":
        raise Unsupported("the xref table is not one dense section")
    if any(kind != b"n" or gen != b"00000" for _, gen, kind in entries[1:]):
        raise Unsupported("free or reused object numbers")
    trailer_at = TRAILER.match(table, table_end)
    if trailer_at is None:
        raise Unsupported("no trailer after the xref table")
    trailer, _ = parse(table, trailer_at.end())
    if not isinstance(trailer, dict) or set(trailer) - {b"Size", b"Root", b"Info", b"ID"}:
        raise Unsupported("a trailer with more than /Size /Root /Info /ID (encrypted? updated?)")
    if trailer.get(b"Size") != size:
        raise Unsupported("/Size does not match the xref table")
    offsets = [int(offset) for offset, _, _ in entries]
    return int(header[1]), _Part(source, offsets, xref_at), trailer


def table(source: Source) -> tuple[int, _Part, dict[bytes, object]]:
    """The PDF version, the xref table (``.offsets``, ``.object(num)``) and the trailer, for
    a rewrite object by object (:mod:`printkit.pdfmerge.cmyk`)."""
    return _xref(source)


def page_count(source: Source) -> int:
    """How many pages the part has, from its Pages object."""
    _, part, trailer = _xref(source)
    catalog = part.dict(ref(trailer, b"Root"))
    count = part.dict(ref(catalog, b"Pages")).get(b"Count")
    if not isinstance(count, int) or isinstance(count, bool):
        raise Unsupported("the Pages object has no integer /Count")
    return count


def read(source: Source) -> Document:
    """The part's structure and objects, once every check below has passed: the trailer's
    Info, the Catalog, a flat page tree, the outline, and which object refers to which."""
    version, part, trailer = _xref(source)
    root = ref(trailer, b"Root")
    info = _info_number(trailer, len(part.offsets))
    catalog = _catalog(part, root)
    pages_root = ref(catalog, b"Pages")
    kids = _pages(part, pages_root)
    outline = _outline(part, ref(catalog, b"Outlines", required=False))
    objects = _objects(part, (root, info, pages_root, outline.root))
    referrers = _referrers(objects, {root, info, pages_root, outline.root} - {None})
    _check_unreferred(referrers, root, info)
    _check_children(referrers, pages_root, kids, outline)
    _keep_unshared(objects, kids, outline)
    return Document(version, objects, pages_root, kids, outline.root, outline.top,
                    outline.visible, catalog, _info_object(part, info), _ident(trailer))


def _info_number(trailer: Mapping[bytes, object], size: int) -> int | None:
    """The Info dictionary's object number, if the trailer has one: an object of the part."""
    info = ref(trailer, b"Info", required=False)
    if info is not None and not 0 < info < size:
        raise Unsupported("/Info refers to a missing object")
    return info


def _ident(trailer: Mapping[bytes, object]) -> bytes:
    """The first string of the trailer's /ID, or nothing."""
    ids = trailer.get(b"ID")
    return bytes(ids[0]) if isinstance(ids, list) and ids and isinstance(ids[0], String) \
        else b""


def _catalog(part: _Part, root: int) -> dict[bytes, object]:
    """The Catalog, with only the entries the merge carries over."""
    catalog = part.dict(root)
    if catalog.get(b"Type") != b"Catalog" or set(catalog) - {
            b"Type", b"Pages", b"Outlines", b"PageMode", b"Lang", b"OutputIntents"}:
        raise Unsupported("a Catalog with entries this merge does not carry over")
    intents = catalog.get(b"OutputIntents", [Ref(0)])
    if not (isinstance(intents, list) and len(intents) == 1 and isinstance(intents[0], Ref)):
        raise Unsupported("/OutputIntents is not one output intent")
    return catalog


def output_intent(document: Document) -> tuple[int, tuple[bytes, bytes]] | None:
    """The part's output intent (see :mod:`printkit.pdfmerge.cmyk`), if any: its object
    number, and what two parts' intents are the same by (its dictionary and its profile's
    bytes). Read before the part's references are renumbered."""
    intents = document.catalog.get(b"OutputIntents")
    if not isinstance(intents, list):
        return None
    num = intents[0].num
    intent = document.objects.get(num)
    if intent is None or len(intent.refs) != 1 or intent.refs[0] not in document.objects:
        raise Unsupported("an output intent without its profile")
    profile = document.objects[intent.refs[0]].stream
    digest = profile.digest() if isinstance(profile, Span) else hashlib.sha256(profile).digest()
    return num, (intent.template, digest)


def _pages(part: _Part, pages_root: int) -> list[int]:
    """The object numbers of the pages: one flat Pages object without inherited attributes
    lists each once."""
    pages = part.dict(pages_root)
    kids = pages.get(b"Kids")
    if (pages.get(b"Type") != b"Pages" or set(pages) - {b"Type", b"Count", b"Kids"}
            or not isinstance(kids, list) or not all(isinstance(k, Ref) for k in kids)
            or pages.get(b"Count") != len(kids)):
        raise Unsupported("not one flat Pages object without inherited attributes")
    kid_nums = [k.num for k in kids]
    if len(set(kid_nums)) != len(kid_nums):
        raise Unsupported("a page listed twice")
    _check_pages(part, kid_nums, pages_root)
    return kid_nums


def _check_pages(part: _Part, kids: list[int], pages_root: int) -> None:
    """Each object the Pages object lists is a page whose parent it is."""
    for num in kids:
        page = part.dict(num)
        if page.get(b"Type") != b"Page" or page.get(b"Parent") != Ref(pages_root):
            raise Unsupported(f"object {num} in the page tree is not a page of it")


@dataclass
class _Outline:
    """A part's outline: its root, its top-level bookmarks (first, last), how many of its
    bookmarks show, and every (bookmark, parent) pair."""

    root: int | None
    top: tuple[int, int | None] | None = None
    visible: int = 0
    items: list[tuple[int, int]] = field(default_factory=list)

    @property
    def top_items(self) -> list[int]:
        return [num for num, parent in self.items if parent == self.root]


def _outline(part: _Part, root: int | None) -> _Outline:
    """The outline under ``root`` (none without one), each bookmark checked."""
    outline = _Outline(root)
    if root is None:
        return outline
    node = part.dict(root)
    if set(node) - {b"Type", b"First", b"Last", b"Count"}:
        raise Unsupported("an Outlines dictionary with more than /First /Last /Count")
    first = ref(node, b"First", required=False)
    if first is not None:
        outline.visible = _walk_outline(part, root, node, outline.items)
        outline.top = (first, ref(node, b"Last"))
    return outline


def _objects(part: _Part, roots: tuple[int | None, ...]) -> dict[int, Object]:
    """Every object but the Catalog, Info, Pages and Outlines (``roots``, None where the
    part has none), which the merge writes anew: those must be distinct objects."""
    dropped = set(roots) - {None}
    if len(dropped) != len(roots) - roots.count(None):
        raise Unsupported("the Catalog, Info, Pages and Outlines are not four objects")
    return {num: part.object(num) for num in range(1, len(part.offsets)) if num not in dropped}


def _referrers(objects: Mapping[int, Object], dropped: set[int | None]) -> dict[int, list[int]]:
    """The objects that refer to each of ``dropped``; every other reference is to an
    object of the part."""
    referrers: dict[int, list[int]] = {num: [] for num in dropped if num is not None}
    for num, obj in objects.items():
        for target in obj.refs:
            if target in referrers:
                referrers[target].append(num)
            elif target not in objects:
                raise Unsupported(f"object {num} refers to a missing object {target}")
    return referrers


def _check_unreferred(referrers: Mapping[int, list[int]], root: int, info: int | None) -> None:
    """No object refers to the Catalog or the Info dictionary."""
    if referrers[root] or (info is not None and referrers[info]):
        raise Unsupported("an object refers to the Catalog or Info dictionary")


def _check_children(referrers: Mapping[int, list[int]], pages_root: int, kids: list[int],
                    outline: _Outline) -> None:
    """Only its pages refer to the Pages object, only its top-level bookmarks to the
    Outlines."""
    if sorted(referrers[pages_root]) != sorted(kids):
        raise Unsupported("the Pages object is referred to by more than its pages")
    if outline.root is not None and sorted(referrers[outline.root]) != sorted(outline.top_items):
        raise Unsupported("the Outlines object is referred to by more than its items")


def _keep_unshared(objects: Mapping[int, Object], kids: list[int], outline: _Outline) -> None:
    """Pages, bookmarks and annotations stay the part's own: the merge shares none of them
    with a byte-identical object of another part."""
    for num in kids:
        objects[num].shareable = False
    for num, _ in outline.items:
        objects[num].shareable = False
    for obj in objects.values():
        if b"/Annot" in obj.template or b"/Subtype /Link" in obj.template:
            obj.shareable = False


def _info_object(part: _Part, info: int | None) -> Object | None:
    """The Info dictionary, if any: without references or a stream."""
    info_object = part.object(info) if info is not None else None
    if info_object is not None and (info_object.refs or info_object.stream):
        raise Unsupported("an Info dictionary with references or a stream")
    return info_object


def _walk_outline(part: _Part, parent: int, node: Mapping[bytes, object],
                  seen: list[tuple[int, int]]) -> int:
    """Check the children of an outline node and count those a reader shows (the node's
    /Count when open); ``seen`` collects every (item, parent) pair."""
    visible = 0
    num = ref(node, b"First", required=False)
    last = None
    while num is not None:
        if len(seen) > len(part.offsets):
            raise Unsupported("the outline has a cycle")
        item = part.dict(num)
        if item.get(b"Parent") != Ref(parent):
            raise Unsupported(f"outline item {num} has another /Parent")
        seen.append((num, parent))
        count = item.get(b"Count", 0)
        if not isinstance(count, int):
            raise Unsupported(f"outline item {num} has no integer /Count")
        below = _walk_outline(part, num, item, seen)
        visible += 1 + (below if count > 0 else 0)
        last, num = num, ref(item, b"Next", required=False)
    if last != ref(node, b"Last", required=False):
        raise Unsupported(f"the outline under {parent} does not end at its /Last")
    return visible
