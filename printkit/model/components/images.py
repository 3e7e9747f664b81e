"""Artwork files on cards: checked when the game is loaded, turned into sRGB when drawn.

A designer's PNG or JPEG may be tagged with any colour profile (Adobe RGB,
a printer's CMYK) or none; the PDF is sRGB throughout, so a tagged image is
converted through its profile (Pillow's ImageCms) rather than having its
numbers reinterpreted, which would shift every colour. An image that would
print below :data:`MIN_DPI` at its size on the card looks soft, so it is a
warning for the designer; one that cannot be read at all is an error.

Loading a game reads each picture's header and checks its data, but keeps no pixels: a
picture is decoded when it is drawn, once per build and size (see
:mod:`printkit.model.components.pictures`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageCms, UnidentifiedImageError

from printkit import filestamps
from printkit.errors import DataError
from printkit.model.components import vectors
from printkit.model.components.pictures import TARGET_DPI, Prepared, draw, prepare, target
from printkit.schema import inside

#: Below this many dots per inch at print size, an image prints visibly soft.
MIN_DPI = 200
#: The largest image read, in pixels: a 300 dpi A4 page is 9 million.
MAX_PIXELS = 40_000_000
FORMATS = ("PNG", "JPEG")


@dataclass(frozen=True)
class Artwork:
    """A picture file that can be drawn: its path, the hash of its bytes and its pixel
    size (no pixels: see :mod:`printkit.model.components.pictures`)."""

    path: Path
    digest: str
    size: tuple[int, int]
    #: the game file and key that named it, for an error found only when it is drawn
    file: str = ""
    key: str = ""
    #: embedded at most at this resolution at its printed size (0: as it is)
    dpi: int = TARGET_DPI
    #: an SVG's size in points: drawn as vectors (see :mod:`printkit.model.components.vectors`)
    points: tuple[float, float] | None = None

    @property
    def vector(self) -> bool:
        return self.points is not None


#: Pillow's own guard against decompression bombs, set to printkit's limit rather than
#: left to Pillow's default (and reported as a line naming the file).
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


def _checked(path: Path) -> tuple[str, tuple[int, int]]:
    """The file's hash and pixel size, once its header and data are checked. A file whose
    size and modification time have not changed since it was checked, in this build or
    the last one (see :mod:`printkit.filestamps`), is not read again; no pixels are kept."""
    found = filestamps.known(path)
    if found is not None and len(found[1]) == 2:
        return found[0], (int(found[1][0]), int(found[1][1]))
    with Image.open(path) as im:
        if im.format not in FORMATS:
            raise ValueError(f"is {im.format or 'an unknown format'}, not PNG or JPEG")
        if im.width * im.height > MAX_PIXELS:
            raise ValueError(f"is {im.width}×{im.height} pixels, more than any card needs")
        size = im.size
        im.verify()  # a PNG's chunks and checksums, without decoding the pixels
    sha = filestamps.sha256(path)
    filestamps.learn(path, sha, list(size))
    return sha, size


def load_artwork(folder: Path, name: str, file: str, key: str) -> Artwork:
    """The image ``name`` (relative to the game folder) or a one-line DataError.

    ``file`` and ``key`` say where the name was given (game.toml and the key
    path, or the CSV file and its line and column).
    """
    path = inside(folder, name, file, key, "image")
    if not path.is_file():
        raise DataError(file, key, f"image file {name!r} not found in {folder.name}/")
    if vectors.is_svg(name):
        return _load_svg(path, name, file, key)
    try:
        digest, size = _checked(path.resolve())
    except Image.DecompressionBombError:
        raise DataError(file, key, f"image {name!r} has more than {MAX_PIXELS:,} pixels, "
                                   f"more than any card needs") from None
    except (UnidentifiedImageError, ValueError, OSError, SyntaxError) as exc:
        reason = str(exc) if isinstance(exc, ValueError) else "cannot be read as PNG or JPEG"
        raise DataError(file, key, f"image {name!r} {reason}") from None
    return Artwork(path, digest, size, file, key)


def _load_svg(path: Path, name: str, file: str, key: str) -> Artwork:
    try:
        digest, points = vectors.checked(path)
    except (ValueError, OSError) as exc:
        reason = str(exc) if isinstance(exc, ValueError) else "cannot be read"
        raise DataError(file, key, f"SVG picture {name!r} {reason}") from None
    size = (max(1, round(points[0])), max(1, round(points[1])))
    return Artwork(path, digest, size, file, key, points=points)


def fitted(size: tuple[float, float], box_w: float, box_h: float) -> tuple[float, float]:
    """The drawn size (points) of an image of ``size`` pixels fitted inside a box, aspect kept."""
    w, h = size
    scale = min(box_w / w, box_h / h)
    return w * scale, h * scale


def dpi_at(size: tuple[int, int], width_pt: float) -> float:
    """Dots per inch of an image drawn ``width_pt`` wide."""
    return size[0] / (width_pt / 72)


def print_dpi(art: Artwork, box_w: float, box_h: float) -> float:
    """Dots per inch of ``art`` fitted in a box of that size (points), aspect kept (an
    SVG's: without end)."""
    if art.vector:
        return float("inf")
    return dpi_at(art.size, fitted(art.size, box_w, box_h)[0])


def is_soft(dpi: float) -> bool:
    """True below :data:`MIN_DPI` (with a hair of tolerance for rounding)."""
    return dpi < MIN_DPI - 1e-6


def resolution_warning(art: Artwork, name: str, box_w: float, box_h: float, file: str,
                       key: str, on: str = "") -> str | None:
    """A warning line if ``art`` prints below :data:`MIN_DPI` in a box of that size.

    ``on`` says what it is printed on (``on card 'Ana'``), placed after the image's name.
    """
    if art.vector:
        return None  # sharp at any size
    w, h = fitted(art.size, box_w, box_h)
    dpi = dpi_at(art.size, w)
    if not is_soft(dpi):
        return None
    need = (round(w / 72 * MIN_DPI), round(h / 72 * MIN_DPI))
    where = f" {on}" if on else ""
    return (f"{file}: {key}: image {name!r}{where} prints at {dpi:.0f} dpi "
            f"({art.size[0]}×{art.size[1]} px at {w / 72 * 25.4:.0f} mm wide); "
            f"{MIN_DPI} dpi needs at least {need[0]}×{need[1]} px")


@dataclass(frozen=True)
class SoftImage:
    """An image that prints below :data:`MIN_DPI`: its name as written, its resolution where
    it prints softest, and the warning line naming that place, the card and the dpi."""

    image: str
    dpi: float
    line: str


#: The picture files drawn since the build last cleared it: each document's own, for its
#: fingerprint (see :func:`printkit.commands.fingerprint.pictures`).
DRAWN: set[Path] = set()


def draw_artwork(canvas: object, art: Artwork, x: float, y: float, box_w: float,
                 box_h: float) -> None:
    """Draw ``art`` centred in the box, aspect kept; transparent parts show what is below.
    A picture far above the print resolution is embedded downsampled (see
    :func:`printkit.model.components.pictures.target`); an SVG is drawn as vectors."""
    if art.points is not None:
        w, h = fitted(art.points, box_w, box_h)
        DRAWN.add(art.path)
        try:
            vectors.draw_svg(canvas, art.path, art.digest,  # type: ignore[arg-type]
                             x + (box_w - w) / 2, y + (box_h - h) / 2, w, h)
        except (ValueError, OSError) as exc:  # changed or removed since it was checked
            reason = str(exc) if isinstance(exc, ValueError) else "cannot be read"
            raise DataError(art.file, art.key, f"SVG picture {art.path.name!r} "
                                               f"{reason}") from None
        return
    w, h = fitted(art.size, box_w, box_h)
    pixels = embedded_size(art, box_w, box_h)
    prepared = prepared_picture(art, pixels)
    DRAWN.add(art.path)
    draw(canvas, prepared, f"{art.digest[:24]}{pixels[0]}x{pixels[1]}",
         x + (box_w - w) / 2, y + (box_h - h) / 2, w, h)


def embedded_size(art: Artwork, box_w: float, box_h: float) -> tuple[int, int]:
    """The pixel size ``art`` is embedded at in a box of that many points."""
    return target(art.size, box_w, box_h, art.dpi) if art.dpi else art.size


def prepared_picture(art: Artwork, pixels: tuple[int, int]) -> Prepared:
    """``art`` prepared at ``pixels`` (see :func:`printkit.model.components.pictures.prepare`); a
    picture Pillow cannot decode is a one-line DataError naming the file and key."""
    try:
        return prepare(art.path, art.digest, pixels)
    except Image.DecompressionBombError:
        raise DataError(art.file, art.key, f"image {art.path.name!r} has more than "
                                           f"{MAX_PIXELS:,} pixels") from None
    except (UnidentifiedImageError, ValueError, OSError, SyntaxError,
            ImageCms.PyCMSError) as exc:
        raise DataError(art.file, art.key, f"image {art.path.name!r} cannot be read as PNG "
                                           f"or JPEG ({exc})") from None
