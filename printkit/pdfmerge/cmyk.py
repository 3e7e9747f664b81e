"""A PDF as ReportLab wrote it, its colours converted to CMYK for one press
(``printkit build --cmyk-profile``), with the profile as its output intent.

Every colour the drawing code sets is an sRGB operator in a content stream (a page's or a
form's): ``r g b rg`` and ``RG`` become ``c m y k k`` and ``K``, ``g`` and ``G`` (greys)
black ink alone (see :mod:`printkit.pdfmerge.icc`). Literal strings are skipped, so text
is never read as an operator. Every sRGB picture (Flate or JPEG) is converted pixel by
pixel and stored Flate-compressed as DeviceCMYK; its soft mask stays as it is. The
Catalog gets ``/OutputIntents`` with a GTS_PDFX intent whose DestOutputProfile is the ICC
file itself: what a print shop's preflight reads to know which press the numbers are for.

The file is rewritten through :func:`printkit.pdfmerge._write` with its objects, Info and
/ID as they were, so the same input and profile give the same bytes, and the result is
still a part :func:`printkit.pdfmerge.merge` and :func:`~printkit.pdfmerge.join` read
(they carry the intent over). A colour space or filter this module does not convert
raises :class:`Unsupported`: a file is never left half in RGB.
"""

from __future__ import annotations

import io
import re
import zlib
from dataclasses import replace

from PIL import Image

from printkit.pdfmerge import _new, _write, text_string
from printkit.pdfmerge.icc import CmykProfile, colour, image
from printkit.pdfmerge.reading import LENGTH, Object, Source, read_object, ref, table
from printkit.pdfmerge.tokens import PRODUCER_MARK, Ref, Unsupported, parse, skip_string

_NUM = rb"([-+]?(?:\d+\.?\d*|\.\d+))"
#: An sRGB or grey colour operator with its operands, between whitespace.
COLOUR_OPERATOR = re.compile(
    rb"(?<![^\s\]])(?:" + _NUM + rb"\s+" + _NUM + rb"\s+" + _NUM + rb"\s+(rg|RG)|"
    + _NUM + rb"\s+(g|G))(?=[\s\[/<(]|\Z)")
#: An inline image (``BI ... ID ... EI``), whose bytes this module does not read.
INLINE_IMAGE = re.compile(rb"(?<![^\s])BI(?=\s)")
#: The header's second line: ReportLab's file, its colours converted.
MARK = b"% " + PRODUCER_MARK + b", colours converted to CMYK by printkit\n"


def to_cmyk(pdf: bytes, profile: CmykProfile) -> bytes:
    """``pdf`` with its colours in ``profile``'s CMYK and the profile as its output intent."""
    source = Source(pdf)
    version, part, trailer = table(source)
    objects = [read_object(pdf, part.offsets[num], num) for num in range(1, len(part.offsets))]
    contents = _content_streams(objects)
    for index, obj in enumerate(objects):
        obj.refs = [r - 1 for r in obj.refs]
        obj.shareable = False  # written as they are: no page merged with its twin
        if index + 1 in contents:
            objects[index] = _with_stream(obj, _colours(_payload(obj), profile))
        elif _rgb_image(obj):
            objects[index] = _image(obj, profile)
    root, info = ref(trailer, b"Root") - 1, ref(trailer, b"Info") - 1
    if any(b"/DeviceRGB" in obj.template for obj in objects):
        raise Unsupported("an sRGB colour space this conversion does not reach")
    objects[root] = _with_intent(objects[root], len(objects))
    objects += _intent(profile, len(objects) + 1)
    ident = trailer.get(b"ID")
    first = bytes.fromhex(ident[0][1:-1].decode()) if isinstance(ident, list) else b""
    return _write(objects, root, info, max(version, 4), MARK, first, None)  # type: ignore[return-value]


def _dictionary(obj: Object) -> dict[bytes, object]:
    value, _ = parse(obj.template % tuple(obj.refs), 0)
    return value if isinstance(value, dict) else {}


def _content_streams(objects: list[Object]) -> set[int]:
    """The object numbers of every page's contents and every form."""
    found: set[int] = set()
    for num, obj in enumerate(objects, 1):
        table_ = _dictionary(obj)
        if table_.get(b"Type") == b"Page":
            contents = table_.get(b"Contents")
            items = contents if isinstance(contents, list) else [contents]
            found.update(item.num for item in items if isinstance(item, Ref))
        elif table_.get(b"Subtype") == b"Form" and obj.stream:
            found.add(num)
    return found


def _raw(obj: Object) -> bytes:
    """A stream's bytes as stored."""
    stream = obj.stream
    if not isinstance(stream, bytes):
        raise Unsupported("a stream too long to convert in memory")
    start = re.match(rb"stream(?:\r\n|\n)", stream)
    length = LENGTH.search(obj.template)
    if start is None or length is None:
        raise Unsupported("a stream without a direct /Length")
    return stream[start.end():start.end() + int(length[1])]


def _filters(obj: Object) -> list[object]:
    filters = _dictionary(obj).get(b"Filter")
    return filters if isinstance(filters, list) else [] if filters is None else [filters]


def _payload(obj: Object) -> bytes:
    """A stream's bytes, decompressed when Flate-compressed."""
    names = _filters(obj)
    if names == [b"FlateDecode"]:
        return zlib.decompress(_raw(obj))
    if names:
        raise Unsupported(f"a stream with the filters {names}")
    return _raw(obj)


def _with_stream(obj: Object, data: bytes) -> Object:
    """``obj`` with a new Flate-compressed stream of ``data``."""
    packed = zlib.compress(data, 6)
    template = LENGTH.sub(b"/Length %d" % len(packed), obj.template, count=1)
    template = re.sub(rb"/Filter\s*+(?:\[[^\]]*\]|/\w+)\s*", b"", template)
    template = template.replace(b"/Length", b"/Filter [ /FlateDecode ] /Length", 1)
    return replace(obj, template=template, stream=b"stream\n" + packed + b"\nendstream",
                   _stream_key=None)


def _number(value: float) -> bytes:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return (text or "0").encode()


def _operator(match: re.Match[bytes], profile: CmykProfile) -> bytes:
    if match[4] is not None:
        rgb = (float(match[1]), float(match[2]), float(match[3]))
        operator = b"k" if match[4] == b"rg" else b"K"
    else:
        rgb = (float(match[5]),) * 3
        operator = b"k" if match[6] == b"g" else b"K"
    return b" ".join(_number(v) for v in colour(profile, *rgb)) + b" " + operator


def _colours(data: bytes, profile: CmykProfile) -> bytes:
    """A content stream's colour operators in CMYK, its literal strings left as they are."""
    out: list[bytes] = []
    pos = 0
    for start, end in _strings(data):
        out.append(COLOUR_OPERATOR.sub(lambda m: _operator(m, profile), data[pos:start]))
        out.append(data[start:end])
        pos = end
    out.append(COLOUR_OPERATOR.sub(lambda m: _operator(m, profile), data[pos:]))
    return b"".join(out)


def _strings(data: bytes) -> list[tuple[int, int]]:
    """Where each literal string of a content stream starts and ends."""
    if INLINE_IMAGE.search(data):
        raise Unsupported("an inline image in a content stream")
    found = []
    at = data.find(b"(")
    while at >= 0:
        end = skip_string(data, at + 1)
        found.append((at, end))
        at = data.find(b"(", end)
    return found


def _rgb_image(obj: Object) -> bool:
    if b"/Image" not in obj.template:
        return False
    table_ = _dictionary(obj)
    return table_.get(b"Subtype") == b"Image" and table_.get(b"ColorSpace") == b"DeviceRGB"


def _image(obj: Object, profile: CmykProfile) -> Object:
    """An sRGB picture (Flate or JPEG) as a Flate-compressed CMYK one."""
    table_ = _dictionary(obj)
    if table_.get(b"BitsPerComponent") != 8 or b"Decode" in table_:
        raise Unsupported("an sRGB picture not of 8 bits a channel")
    size = (table_.get(b"Width"), table_.get(b"Height"))
    if _filters(obj) == [b"DCTDecode"]:
        with Image.open(io.BytesIO(_raw(obj))) as jpeg:
            rgb = jpeg.convert("RGB")
    else:
        rgb = Image.frombytes("RGB", size, _payload(obj))  # type: ignore[arg-type]
    if rgb.size != size:
        raise Unsupported("a picture whose pixels do not match its /Width and /Height")
    converted = _with_stream(obj, image(profile, rgb).tobytes())
    return replace(converted, template=converted.template.replace(b"/DeviceRGB",
                                                                  b"/DeviceCMYK", 1))


def _with_intent(catalog: Object, intent: int) -> Object:
    """The Catalog with ``/OutputIntents`` first, referring to object index ``intent``."""
    template = catalog.template.replace(b"<<", b"<<\n/OutputIntents [ %d 0 R ]", 1)
    return replace(catalog, template=template, refs=[intent, *catalog.refs])


def _intent(profile: CmykProfile, icc: int) -> list[Object]:
    """The output intent (at the next index) and its profile's stream (at ``icc``)."""
    packed = zlib.compress(profile.data, 9)
    name = text_string(profile.description)
    intent = _new(b"<<\n/DestOutputProfile ", icc, b" /Info ", name,
                  b" /OutputCondition ", name, b" /OutputConditionIdentifier (Custom)"
                  b" /RegistryName (http://www.color.org) /S /GTS_PDFX /Type /OutputIntent\n>>")
    stream = Object(b"\n<<\n/Filter [ /FlateDecode ] /Length %d /N 4\n>>\n" % len(packed), [],
                    b"stream\n" + packed + b"\nendstream")
    intent.shareable = stream.shareable = False
    return [intent, stream]
