"""Pictures in PDFs: each distinct picture read once, embedded once, never held decoded.

A designer's deck may have thousands of pictures, one per card. Each distinct picture (by
the hash of its file's bytes) is decoded, converted to sRGB with its alpha kept (see
:func:`printkit.model.components.srgb.to_srgb`) and, when it is far above the print
resolution, downsampled to :data:`TARGET_DPI` at the size it prints. The result is
compressed, losslessly or, for a photograph where that is much smaller, as JPEG; it is
kept in printkit's cache folder (``pictures/``), so every later document, worker and
build reads those bytes back instead of decoding the picture again. A JPEG that needs
no conversion and no downsampling is embedded as it is, not decoded at all.

In a PDF, a picture is one image object, drawn as often as it is used. Its bytes are read
from the cache only when the PDF is written, so a document of thousands of pictures
holds none of them while it is laid out.
"""

from __future__ import annotations

import io
import json
import math
import os
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from reportlab.pdfbase import pdfdoc

from printkit.language import internals
from printkit.model.components.srgb import to_srgb
from printkit.resources import cache_dir

#: Pictures are printed at this many dots per inch at their printed size.
TARGET_DPI = 300
#: A picture is downsampled only when it has this much more than the target: a little
#: more is kept as it is (resampling it would soften it for almost no bytes).
SLACK = 1.25
#: A picture without transparency is written as JPEG at this quality (no chroma
#: subsampling), when that takes less than this share of the lossless bytes.
JPEG_QUALITY = 92
JPEG_GAIN = 0.6
#: The layout of a prepared picture in the cache; another one prepares again.
VERSION = 2


@dataclass(frozen=True)
class Prepared:
    """A picture ready to embed: where its compressed bytes are, and how to read them."""

    path: Path
    width: int
    height: int
    colour_space: str  # DeviceRGB or DeviceGray
    filter: str  # FlateDecode or DCTDecode
    start: int  # where the colour data starts in the file
    colour_length: int
    alpha_length: int  # 0: no alpha
    #: the bytes themselves, when the cache folder cannot be written
    held: bytes | None = None

    def colour(self) -> bytes:
        return self._read(self.start, self.colour_length)

    def alpha(self) -> bytes:
        return self._read(self.start + self.colour_length, self.alpha_length)

    def _read(self, offset: int, length: int) -> bytes:
        if self.held is not None:
            return self.held[offset:offset + length]
        with self.path.open("rb") as file:
            file.seek(offset)
            return file.read(length)


def target(size: tuple[int, int], width_pt: float, height_pt: float,
           dpi: float = TARGET_DPI) -> tuple[int, int]:
    """The pixel size a picture of ``size`` pixels is embedded at when it prints fitted in
    a box of that many points: its own, unless it has far more than ``dpi`` needs."""
    w, h = size
    scale = min(width_pt / w, height_pt / h)  # points per pixel, aspect kept
    need = w * scale / 72 * dpi
    if w <= need * SLACK:
        return size
    factor = need / w
    return max(1, math.ceil(w * factor)), max(1, math.ceil(h * factor))


def prepare(source: Path, digest: str, pixels: tuple[int, int]) -> Prepared:
    """The picture ``source`` (whose bytes hash to ``digest``) at ``pixels``, from the
    cache or made now and cached. Raises what Pillow raises for a picture it cannot read."""
    path = _path(digest, pixels)
    folder = path.parent
    found = _read_header(path)
    if found is not None:
        return found
    header, colour, alpha = _make(source, pixels)
    head = json.dumps(header, sort_keys=True).encode() + b"\n"
    held = None
    try:
        _store(folder, path, head + colour + alpha)
    except OSError:  # a read-only or full cache folder: kept in memory for this build
        held = head + colour + alpha
    return Prepared(path, int(header["width"]), int(header["height"]),  # type: ignore[call-overload]
                    str(header["colour_space"]), str(header["filter"]), len(head),
                    len(colour), len(alpha), held)


def _path(digest: str, pixels: tuple[int, int]) -> Path:
    return cache_dir() / "pictures" / f"{digest}-{pixels[0]}x{pixels[1]}-v{VERSION}.pkpic"


def cached(digest: str, pixels: tuple[int, int]) -> bool:
    """Whether the picture is prepared at that size in the cache already."""
    return _read_header(_path(digest, pixels)) is not None


def _store(folder: Path, path: Path, data: bytes) -> None:
    """Write a prepared picture whole or not at all (workers may write the same one)."""
    os.makedirs(folder, mode=0o700, exist_ok=True)
    fd, staged = tempfile.mkstemp(dir=folder, prefix=".staged-", suffix=".pkpic")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(staged, path)
    except BaseException:
        Path(staged).unlink(missing_ok=True)
        raise


def _read_header(path: Path) -> Prepared | None:
    try:
        with path.open("rb") as file:
            head = file.readline(4096)
            header = json.loads(head)
            size = os.fstat(file.fileno()).st_size
        prepared = Prepared(path, int(header["width"]), int(header["height"]),
                            str(header["colour_space"]), str(header["filter"]), len(head),
                            int(header["colour"]), int(header["alpha"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if prepared.start + prepared.colour_length + prepared.alpha_length != size:
        return None  # cut short (a full disk): made again
    return prepared


def _make(source: Path, pixels: tuple[int, int]) -> tuple[dict[str, object], bytes, bytes]:
    """Decode, convert, downsample and compress one picture; the decoded pixels are
    dropped when this returns."""
    with Image.open(source) as im:
        if (im.format == "JPEG" and im.mode in ("RGB", "L") and im.size == pixels
                and not im.info.get("icc_profile") and not im.info.get("adobe_transform")):
            # as it is: the file's own JPEG stream, decoded once only to know it is whole
            im.load()
            colour = source.read_bytes()
            space = "DeviceRGB" if im.mode == "RGB" else "DeviceGray"
            return _header(pixels, space, "DCTDecode", colour, b""), colour, b""
        if im.format == "JPEG" and im.size != pixels:
            im.draft(im.mode, pixels)  # decode at a fraction of the size when it can
        im.load()
        converted = to_srgb(im)
    if converted.size != pixels:
        converted = converted.resize(pixels, Image.Resampling.LANCZOS, reducing_gap=3.0)
    alpha = b""
    if converted.mode == "RGBA":
        mask = converted.getchannel("A")
        if mask.getextrema() != (255, 255):
            alpha = zlib.compress(mask.tobytes(), 6)
        converted = converted.convert("RGB")
    colour = zlib.compress(converted.tobytes(), 6)
    if not alpha:
        # A photograph: JPEG at a quality no print shows, where that is much smaller (a
        # drawing with flat colours and sharp edges compresses better losslessly).
        photo = io.BytesIO()
        converted.save(photo, "JPEG", quality=JPEG_QUALITY, subsampling=0, optimize=True)
        if photo.tell() < len(colour) * JPEG_GAIN:
            colour = photo.getvalue()
            return _header(pixels, "DeviceRGB", "DCTDecode", colour, b""), colour, b""
    del converted
    return _header(pixels, "DeviceRGB", "FlateDecode", colour, alpha), colour, alpha


def _header(pixels: tuple[int, int], space: str, kind: str, colour: bytes,
            alpha: bytes) -> dict[str, object]:
    return {"width": pixels[0], "height": pixels[1], "colour_space": space, "filter": kind,
            "colour": len(colour), "alpha": len(alpha)}


class _CachedImage(pdfdoc.PDFImageXObject):
    """An image object whose bytes are read from the picture cache when the PDF is
    written, and let go right after."""

    def __init__(self, name: str, prepared: Prepared, alpha: bool = False) -> None:
        self.name = name
        self.width, self.height = prepared.width, prepared.height
        self.bitsPerComponent = 8
        self.colorSpace = "DeviceGray" if alpha else prepared.colour_space
        internals.set_image_filters(self, ("FlateDecode",) if alpha else (prepared.filter,))
        self.mask = None
        self._prepared, self._alpha = prepared, alpha

    def format(self, document: object) -> bytes:
        prepared = self._prepared
        self.streamContent = prepared.alpha() if self._alpha else prepared.colour()
        try:
            return super().format(document)
        finally:
            del self.streamContent


def draw(canvas: object, prepared: Prepared, key: str, x: float, y: float, width: float,
         height: float) -> None:
    """Draw the prepared picture into the box; its image object is made the first time
    the document draws it (``key``: the picture and its size), then only referenced."""
    c = canvas  # a ReportLab canvas
    name = f"Pic{key}"
    if not internals.has_image(c, name):  # type: ignore[arg-type]
        image = _CachedImage(name, prepared)
        internals.add_image(c, image)  # type: ignore[arg-type]
        if prepared.alpha_length:
            mask = _CachedImage(f"{name}a", prepared, alpha=True)
            image.smask = internals.add_image(c, mask, form=False)  # type: ignore[arg-type]
    c.saveState()  # type: ignore[attr-defined]
    c.translate(x, y)  # type: ignore[attr-defined]
    c.scale(width, height)  # type: ignore[attr-defined]
    internals.paint_image(c, name)  # type: ignore[arg-type]
    c.restoreState()  # type: ignore[attr-defined]
