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
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol


class Unsupported(Exception):
    """A part is not in the shape this module reads; merge it another way."""


class Part(Protocol):
    """What :func:`merge` needs of one document (printkit.kit.KitPart has it): ``title`` is
    its bookmark (None: no bookmark, as for a page left blank), its pages are labelled
    ``label`` and numbered from ``start``."""

    title: str | None
    pdf: bytes
    label: str
    start: int


class Ref(NamedTuple):
    """An indirect reference ``num 0 R`` in a parsed value."""

    num: int


class Name(bytes):
    """A name, without its slash (as written: #xx escapes are not decoded)."""


class String(bytes):
    """A string as written in the file, delimiters and escapes included."""


# --- Tokens ---------------------------------------------------------------------------------

_D = rb"\s()<>\[\]{}/%"  # whitespace and delimiters: what ends a name, number or keyword
_END = rb"(?=[" + _D + rb"]|\Z)"
_REF = rb"(\d++)\s++(\d++)\s++R" + _END

#: From a position inside an object, before its stream: skips everything that cannot hold a
#: reference (whitespace, comments, brackets, names, hex strings, numbers that do not start a
#: reference, true/false/null) and stops at a reference (groups 1, 2), the opening parenthesis
#: of a literal string (3), or the keyword that ends the object's dictionary part (4). A name
#: is skipped whole, so digits inside one ("/F1+0 98 0 R") never start a reference.
_SCAN = re.compile(
    rb"(?:[\s\[\]{}]++|<<|>>|%[^\r\n]*+|/[^" + _D + rb"]*+|<[0-9A-Fa-f\s]*+>"
    rb"|[-+]?\d*+\.\d*+" + _END + rb"|[-+]?\d++(?!\s++\d++\s++R" + _END + rb")" + _END
    + rb"|(?:true|false|null)" + _END + rb")*+"
    rb"(?:" + _REF + rb"|(\()|(stream|endobj)" + _END + rb")")

#: One token for the small parser of structural objects.
_TOKEN = re.compile(
    rb"(?:\s++|%[^\r\n]*+)*+(?:" + _REF + rb"|(<<|>>|\[|\])|/([^" + _D + rb"]*+)"
    rb"|<([0-9A-Fa-f\s]*+)>|(\()|([-+]?(?:\d++\.?\d*+|\.\d++))" + _END
    + rb"|([A-Za-z]++)" + _END + rb")")

#: Inside a literal string: a run without parentheses, or an escaped character.
_STRING_RUN = re.compile(rb"(?:[^()\\]++|\\[\s\S])*+")
#: /Length with a direct value, followed by the next key or the dictionary's end.
_LENGTH = re.compile(rb"/Length\s++(\d++)(?=\s*+(?:/|>>))")
_OBJ = re.compile(rb"(\d++) 0 obj")
_STREAM_END = re.compile(rb"(?:\r\n|\r|\n)?endstream" + _END + rb"\s*+endobj" + _END)
_STARTXREF = re.compile(rb"startxref\s++(\d++)\s++%%EOF\s*+\Z")
_XREF = re.compile(rb"xref(?:\r\n|\r|\n)0 (\d++)[ \t]*+(?:\r\n|\r|\n)")
_XREF_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([fn])(?: \r| \n|\r\n)")
_TRAILER = re.compile(rb"\s*+trailer" + _END)
_HEADER = re.compile(rb"%PDF-1\.(\d)[\r\n]")
_PRODUCER_MARK = b"ReportLab Generated PDF document"


def _skip_string(data: bytes, pos: int) -> int:
    """The position after the literal string whose opening parenthesis ends before ``pos``."""
    depth = 1
    size = len(data)
    while True:
        pos = _STRING_RUN.match(data, pos).end()
        if pos >= size:
            raise Unsupported("a literal string runs to the end of the file")
        depth += 1 if data[pos] == 0x28 else -1
        pos += 1
        if depth == 0:
            return pos


def _parse(data: bytes, pos: int) -> tuple[object, int]:
    """One PDF value at ``pos`` and the position after it (for the few structural objects)."""
    m = _TOKEN.match(data, pos)
    if m is None:
        raise Unsupported(f"unexpected bytes at {pos}")
    end = m.end()
    if m[1] is not None:
        if m[2] != b"0":
            raise Unsupported("a reference to a generation other than 0")
        return Ref(int(m[1])), end
    delimiter = m[3]
    if delimiter == b"<<":
        table: dict[bytes, object] = {}
        while True:
            key = _TOKEN.match(data, end)
            if key is not None and key[3] == b">>":
                return table, key.end()
            if key is None or key[4] is None:
                raise Unsupported(f"a dictionary key expected at {end}")
            table[bytes(key[4])], end = _parse(data, key.end())
    if delimiter == b"[":
        items: list[object] = []
        while True:
            close = _TOKEN.match(data, end)
            if close is not None and close[3] == b"]":
                return items, close.end()
            item, end = _parse(data, end)
            items.append(item)
    if delimiter is not None:
        raise Unsupported(f"unbalanced {delimiter!r} at {pos}")
    if m[4] is not None:
        return Name(m[4]), end
    if m[5] is not None:
        return String(m[0].lstrip()), end
    if m[6] is not None:
        start = m.start(6)
        end = _skip_string(data, end)
        return String(data[start:end]), end
    if m[7] is not None:
        number = m[7]
        return (float(number) if b"." in number else int(number)), end
    keyword = {b"true": True, b"false": False, b"null": None}
    if m[8] in keyword:
        return keyword[m[8]], end
    raise Unsupported(f"unexpected keyword {m[8]!r} at {pos}")


# --- Reading one part -----------------------------------------------------------------------


@dataclass
class _Object:
    """One object: its dictionary part as a %-template with a ``%d 0 R`` per reference,
    the referenced objects in order, and the stream (keyword to endstream) as it was."""

    template: bytes
    refs: list[int]
    stream: bytes
    #: May be merged with a byte-identical object (not for pages, bookmarks, annotations).
    shareable: bool = True


@dataclass
class _Document:
    version: int
    #: Object number -> object; the Catalog, Info, Pages root and Outlines root are left out.
    objects: dict[int, _Object]
    pages_root: int
    kids: list[int]
    outlines_root: int | None
    #: The part's top-level bookmarks (first, last) and how many of its bookmarks show.
    top: tuple[int, int] | None
    visible: int


def _read_object(data: bytes, offset: int, num: int) -> _Object:
    head = _OBJ.match(data, offset)
    if head is None or int(head[1]) != num:
        raise Unsupported(f"object {num} is not where the xref table says")
    start = pos = head.end()
    chunks: list[bytes] = []
    refs: list[int] = []
    has_string = False
    while True:
        m = _SCAN.match(data, pos)
        if m is None:
            raise Unsupported(f"object {num}: unexpected bytes near {pos}")
        if m[1] is not None:
            if m[2] != b"0":
                raise Unsupported(f"object {num}: a reference to a generation other than 0")
            chunks.append(data[start:m.start(1)])
            refs.append(int(m[1]))
            start = pos = m.end()
        elif m[3] is not None:
            pos = _skip_string(data, m.end())
            has_string = True
        else:
            break
    chunks.append(data[start:m.start(4)])
    if not chunks[-1][-1:].isspace():
        chunks[-1] += b"\n"
    template = b"%d 0 R".join(chunk.replace(b"%", b"%%") for chunk in chunks)
    if m[4] == b"endobj":
        return _Object(template, refs, b"")

    lengths = [] if has_string else [x for c in chunks for x in _LENGTH.findall(c)]
    if len(lengths) == 1:
        length = int(lengths[0])
    else:
        table, _ = _parse(data, head.end())
        length = table.get(b"Length") if isinstance(table, dict) else None
        if not isinstance(length, int) or isinstance(length, bool) or length < 0:
            raise Unsupported(f"object {num}: no direct /Length for its stream")
    begin = m.end()
    if data.startswith(b"\r\n", begin):
        begin += 2
    elif data.startswith(b"\n", begin):
        begin += 1
    else:
        raise Unsupported(f"object {num}: no end of line after 'stream'")
    tail = _STREAM_END.match(data, begin + length)
    if tail is None:
        raise Unsupported(f"object {num}: the stream does not end where /Length says")
    after = tail.start() + tail[0].index(b"endstream") + len(b"endstream")
    return _Object(template, refs, data[m.start(4):after])


def _dict_at(data: bytes, offsets: Sequence[int], num: int) -> dict[bytes, object]:
    if not 0 < num < len(offsets):
        raise Unsupported(f"a reference to a missing object {num}")
    head = _OBJ.match(data, offsets[num])
    if head is None or int(head[1]) != num:
        raise Unsupported(f"object {num} is not where the xref table says")
    value, _ = _parse(data, head.end())
    if not isinstance(value, dict):
        raise Unsupported(f"object {num} is not a dictionary")
    return value


def _ref(table: Mapping[bytes, object], key: bytes, required: bool = True) -> int | None:
    value = table.get(key)
    if isinstance(value, Ref):
        return value.num
    if value is None and not required:
        return None
    raise Unsupported(f"/{key.decode()} is not a reference")


def _read(data: bytes) -> _Document:
    header = _HEADER.match(data)
    if header is None or _PRODUCER_MARK not in data[:256]:
        raise Unsupported("not a PDF written by ReportLab")
    end = _STARTXREF.search(data, max(0, len(data) - 64))
    if end is None:
        raise Unsupported("no startxref at the end")
    xref = _XREF.match(data, int(end[1]))
    if xref is None:
        raise Unsupported("no classic xref table with one section at startxref")
    size = int(xref[1])
    table_end = xref.end() + 20 * size
    entries = _XREF_ENTRY.findall(data, xref.end(), table_end)
    if len(entries) != size or size < 2 or entries[0][2] != b"f":
        raise Unsupported("the xref table is not one dense section")
    if any(kind != b"n" or gen != b"00000" for _, gen, kind in entries[1:]):
        raise Unsupported("free or reused object numbers")
    offsets = [int(offset) for offset, _, _ in entries]
    trailer_at = _TRAILER.match(data, table_end)
    if trailer_at is None:
        raise Unsupported("no trailer after the xref table")
    trailer, _ = _parse(data, trailer_at.end())
    if not isinstance(trailer, dict) or set(trailer) - {b"Size", b"Root", b"Info", b"ID"}:
        raise Unsupported("a trailer with more than /Size /Root /Info /ID (encrypted? updated?)")
    if trailer.get(b"Size") != size:
        raise Unsupported("/Size does not match the xref table")

    root = _ref(trailer, b"Root")
    info = _ref(trailer, b"Info", required=False)
    if info is not None and not 0 < info < size:
        raise Unsupported("/Info refers to a missing object")
    catalog = _dict_at(data, offsets, root)
    if catalog.get(b"Type") != b"Catalog" or set(catalog) - {
            b"Type", b"Pages", b"Outlines", b"PageMode", b"Lang"}:
        raise Unsupported("a Catalog with entries this merge does not carry over")
    pages_root = _ref(catalog, b"Pages")
    pages = _dict_at(data, offsets, pages_root)
    kids = pages.get(b"Kids")
    if (pages.get(b"Type") != b"Pages" or set(pages) - {b"Type", b"Count", b"Kids"}
            or not isinstance(kids, list) or not all(isinstance(k, Ref) for k in kids)
            or pages.get(b"Count") != len(kids)):
        raise Unsupported("not one flat Pages object without inherited attributes")
    kid_nums = [k.num for k in kids]
    if len(set(kid_nums)) != len(kid_nums):
        raise Unsupported("a page listed twice")
    for num in kid_nums:
        page = _dict_at(data, offsets, num)
        if page.get(b"Type") != b"Page" or page.get(b"Parent") != Ref(pages_root):
            raise Unsupported(f"object {num} in the page tree is not a page of it")

    outlines_root = _ref(catalog, b"Outlines", required=False)
    top = None
    visible = 0
    items: list[tuple[int, int]] = []
    top_items: list[int] = []
    if outlines_root is not None:
        outlines = _dict_at(data, offsets, outlines_root)
        if set(outlines) - {b"Type", b"First", b"Last", b"Count"}:
            raise Unsupported("an Outlines dictionary with more than /First /Last /Count")
        first = _ref(outlines, b"First", required=False)
        if first is not None:
            visible = _walk_outline(data, offsets, outlines_root, outlines, items)
            top_items = [num for num, parent in items if parent == outlines_root]
            top = (first, _ref(outlines, b"Last"))

    objects: dict[int, _Object] = {}
    dropped = {root, info, pages_root, outlines_root} - {None}
    if len(dropped) != 4 - (info, outlines_root).count(None):
        raise Unsupported("the Catalog, Info, Pages and Outlines are not four objects")
    for num in range(1, size):
        if num not in dropped:
            objects[num] = _read_object(data, offsets[num], num)
    referrers: dict[int, list[int]] = {num: [] for num in dropped}
    for num, obj in objects.items():
        for target in obj.refs:
            if target in referrers:
                referrers[target].append(num)
            elif target not in objects:
                raise Unsupported(f"object {num} refers to a missing object {target}")
    if referrers[root] or (info is not None and referrers[info]):
        raise Unsupported("an object refers to the Catalog or Info dictionary")
    if sorted(referrers[pages_root]) != sorted(kid_nums):
        raise Unsupported("the Pages object is referred to by more than its pages")
    if outlines_root is not None and sorted(referrers[outlines_root]) != sorted(top_items):
        raise Unsupported("the Outlines object is referred to by more than its items")
    for num in kid_nums:
        objects[num].shareable = False
    for num, _ in items:
        objects[num].shareable = False
    for obj in objects.values():
        if b"/Annot" in obj.template or b"/Subtype /Link" in obj.template:
            obj.shareable = False
    return _Document(int(header[1]), objects, pages_root, kid_nums, outlines_root, top, visible)


def _walk_outline(data: bytes, offsets: Sequence[int], parent: int,
                  node: Mapping[bytes, object], seen: list[tuple[int, int]]) -> int:
    """Check the children of an outline node and count those a reader shows (the node's
    /Count when open); ``seen`` collects every (item, parent) pair."""
    visible = 0
    num = _ref(node, b"First", required=False)
    last = None
    while num is not None:
        if len(seen) > len(offsets):
            raise Unsupported("the outline has a cycle")
        item = _dict_at(data, offsets, num)
        if item.get(b"Parent") != Ref(parent):
            raise Unsupported(f"outline item {num} has another /Parent")
        seen.append((num, parent))
        count = item.get(b"Count", 0)
        if not isinstance(count, int):
            raise Unsupported(f"outline item {num} has no integer /Count")
        below = _walk_outline(data, offsets, num, item, seen)
        visible += 1 + (below if count > 0 else 0)
        last, num = num, _ref(item, b"Next", required=False)
    if last != _ref(node, b"Last", required=False):
        raise Unsupported(f"the outline under {parent} does not end at its /Last")
    return visible


# --- Writing the merged file ----------------------------------------------------------------


def text_string(value: str) -> bytes:
    """A PDF text string: literal for printable ASCII, else UTF-16BE with a byte order mark."""
    if value.isascii() and value.isprintable():
        escaped = value.encode("ascii")
        for char in (b"\\", b"(", b")"):
            escaped = escaped.replace(char, b"\\" + char)
        return b"(" + escaped + b")"
    return b"<FEFF" + value.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def _new(*pieces: bytes | int) -> _Object:
    """A new object from pieces: bytes as they are, an ``int`` a reference to that index."""
    template = b"".join(p.replace(b"%", b"%%") if isinstance(p, bytes) else b"%d 0 R"
                        for p in pieces)
    return _Object(b"\n" + template + b"\n", [p for p in pieces if isinstance(p, int)], b"",
                   shareable=False)


def merge(parts: Sequence[Part], *, info: Mapping[str, str], lang: str, ident: bytes) -> bytes:
    """One PDF with every part's pages in order, a bookmark per part (``part.title``) with the
    part's own outline under it, page labels ``part.label`` + " " + page number restarting per
    part, the given Info entries, /Lang, /PageMode /UseOutlines and ``ident`` as the /ID.

    Raises :class:`Unsupported` when a part is not a PDF as ReportLab writes it, and
    ValueError for a part without pages."""
    try:
        documents = [_read(part.pdf) for part in parts]
    except RecursionError as error:  # arrays or dictionaries nested beyond reason
        raise Unsupported("nested too deeply") from error
    for part, document in zip(parts, documents, strict=True):
        if not document.kids:
            raise ValueError(f"kit part {part.title!r} has no pages")

    # Object indexes: 0 Catalog, 1 Info, 2 Pages, 3 Outlines, then a bookmark per part, then
    # every part's objects in order. References inside the parts are renumbered to these.
    catalog, info_at, pages_at, outlines_at, marks = 0, 1, 2, 3, 4
    titles = sum(part.title is not None for part in parts)
    if not titles:
        raise ValueError("a kit needs at least one part with a title")
    objects: list[_Object] = [_Object(b"", [], b"")] * (marks + titles)
    kids: list[int] = []
    firsts: list[int] = []
    tops: list[tuple[int, int] | None] = []
    for index, document in enumerate(documents):
        local = {document.pages_root: pages_at}
        if document.outlines_root is not None:
            if parts[index].title is None:
                raise Unsupported("an untitled part has an outline of its own")
            local[document.outlines_root] = marks + sum(p.title is not None
                                                        for p in parts[:index])
        local.update((num, len(objects) + i) for i, num in enumerate(document.objects))
        for obj in document.objects.values():
            obj.refs = [local[r] for r in obj.refs]
            objects.append(obj)
        kids += [local[k] for k in document.kids]
        firsts.append(local[document.kids[0]])
        tops.append(None if document.top is None
                    else (local[document.top[0]], local[document.top[1]]))

    objects[pages_at] = _new(
        b"<<\n/Count %d /Kids [ " % len(kids), *(x for k in kids for x in (k, b" ")),
        b"] /Type /Pages\n>>")
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
    labels: list[bytes] = []
    start = 0
    for part, document in zip(parts, documents, strict=True):
        labels.append(b"%d << /S /D /P %s /St %d >>" % (start, text_string(part.label + " "),
                                                         part.start))
        start += len(document.kids)
    objects[catalog] = _new(
        b"<<\n/Type /Catalog /Pages ", pages_at, b" /Outlines ", outlines_at,
        b"\n/PageLabels << /Nums [ " + b"\n".join(labels) + b" ] >>\n/Lang ",
        text_string(lang), b" /PageMode /UseOutlines\n>>")
    objects[info_at] = _new(b"<<\n" + b"\n".join(
        b"/%s %s" % (key.encode("ascii"), text_string(value)) for key, value in info.items())
        + b"\n>>")

    same = _share_identical(objects)
    # Only what the Catalog and Info reach, numbered in order.
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

    # /Lang is a PDF 1.4 entry (ReportLab writes it into 1.3 files too).
    version = max(4, *(document.version for document in documents))
    out = [b"%%PDF-1.%d\n%%\xe2\xe3\xcf\xd3\n" % version]
    size = len(out[0])
    offsets = []
    for index in kept:
        obj = objects[index]
        offsets.append(size)
        body = b"%d 0 obj%s%s%s" % (
            number[index], obj.template % tuple(number[same[r]] for r in obj.refs), obj.stream,
            b"\nendobj\n" if obj.stream else b"endobj\n")
        out.append(body)
        size += len(body)
    out.append(b"xref\n0 %d\n0000000000 65535 f \n" % (len(kept) + 1))
    out.append(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
    out.append(b"trailer\n<<\n/Size %d /Root %d 0 R /Info %d 0 R\n/ID [ <%s> <%s> ]\n>>\n"
               b"startxref\n%d\n%%%%EOF\n" % (len(kept) + 1, number[catalog], number[info_at],
                                              ident.hex().encode(), ident.hex().encode(), size))
    return b"".join(out)


def _share_identical(objects: Sequence[_Object]) -> list[int]:
    """For each object index, the index of the first object byte-identical to it once the
    references are mapped the same way; repeated until nothing more merges, so a font is
    shared once its font file, descriptor and widths are."""
    same = list(range(len(objects)))
    candidates = [i for i, obj in enumerate(objects) if obj.shareable]
    while True:
        first: dict[tuple[bytes, bytes], int] = {}
        merged = False
        survivors = []
        for index in candidates:
            obj = objects[index]
            key = (obj.template % tuple(same[r] for r in obj.refs), obj.stream)
            found = first.setdefault(key, index)
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
