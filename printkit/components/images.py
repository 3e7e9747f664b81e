"""Artwork files on cards: read with Pillow, turned into sRGB, checked for print resolution.

A designer's PNG or JPEG may be tagged with any colour profile (Adobe RGB,
a printer's CMYK) or none; the PDF is sRGB throughout, so a tagged image is
converted through its profile (Pillow's ImageCms) rather than having its
numbers reinterpreted, which would shift every colour. An image that would
print below :data:`MIN_DPI` at its size on the card looks soft, so it is a
warning for the designer; one that cannot be read at all is an error.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageCms, UnidentifiedImageError

from printkit.errors import DataError
from printkit.schema import inside

#: Below this many dots per inch at print size, an image prints visibly soft.
MIN_DPI = 200
#: The largest image read, in pixels: a 300 dpi A4 page is 9 million.
MAX_PIXELS = 40_000_000
FORMATS = ("PNG", "JPEG")


@dataclass(frozen=True)
class Artwork:
    """An image ready to draw: sRGB (with alpha if it had any) and its pixel size."""

    image: Image.Image
    path: Path

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size


#: Pillow's own guard against decompression bombs, set to printkit's limit rather than
#: left to Pillow's default (and reported as a line naming the file).
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


def _eight_bit(im: Image.Image) -> Image.Image:
    """A 16-bit or 32-bit greyscale image as 8-bit greyscale, its tones kept (Pillow's own
    conversion clips every value over 255 to white)."""
    if im.mode in ("I;16", "I;16B", "I;16L", "I;16N"):
        im = im.convert("I")
        top = 65535
    elif im.mode in ("I", "F"):
        top = 65535 if (im.getextrema()[1] or 0) > 255 else 255
    else:
        return im
    return im.point(lambda v: v * (255 / top)).convert("L")


def _to_srgb(im: Image.Image) -> Image.Image:
    """The image in sRGB: through its ICC profile if it has one, else as the numbers say."""
    im = _eight_bit(im)
    icc = im.info.get("icc_profile")
    alpha = im.getchannel("A") if im.mode in ("RGBA", "LA") else None
    if im.mode == "P":
        im = im.convert("RGBA")
        alpha = im.getchannel("A")
    if icc:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        base = im.convert("CMYK" if im.mode == "CMYK" else "RGB") if im.mode not in (
            "RGB", "CMYK", "L") else im
        if base.mode == "L":
            base = base.convert("RGB")
        im = ImageCms.profileToProfile(base, source, ImageCms.createProfile("sRGB"),
                                       outputMode="RGB")
    else:
        im = im.convert("RGB")
    if alpha is not None:
        im = im.convert("RGBA")
        im.putalpha(alpha)
    return im


@cache
def _load(path: Path, stamp: tuple[int, int]) -> Image.Image:
    """The file's image, converted (cached per file version within one process)."""
    with Image.open(path) as im:
        if im.format not in FORMATS:
            raise ValueError(f"is {im.format or 'an unknown format'}, not PNG or JPEG")
        if im.width * im.height > MAX_PIXELS:
            raise ValueError(f"is {im.width}×{im.height} pixels, more than any card needs")
        im.load()
        return _to_srgb(im)


def load_artwork(folder: Path, name: str, file: str, key: str) -> Artwork:
    """The image ``name`` (relative to the game folder) or a one-line DataError.

    ``file`` and ``key`` say where the name was given (game.toml and the key
    path, or the CSV file and its line and column).
    """
    path = inside(folder, name, file, key, "image")
    if not path.is_file():
        raise DataError(file, key, f"image file {name!r} not found in {folder.name}/")
    try:
        stat = path.stat()
        image = _load(path.resolve(), (stat.st_mtime_ns, stat.st_size))
    except Image.DecompressionBombError:
        raise DataError(file, key, f"image {name!r} has more than {MAX_PIXELS:,} pixels, "
                                   f"more than any card needs") from None
    except (UnidentifiedImageError, ValueError, OSError, ImageCms.PyCMSError) as exc:
        reason = str(exc) if isinstance(exc, ValueError) else "cannot be read as PNG or JPEG"
        raise DataError(file, key, f"image {name!r} {reason}") from None
    return Artwork(image, path)


def fitted(size: tuple[int, int], box_w: float, box_h: float) -> tuple[float, float]:
    """The drawn size (points) of an image of ``size`` pixels fitted inside a box, aspect kept."""
    w, h = size
    scale = min(box_w / w, box_h / h)
    return w * scale, h * scale


def dpi_at(size: tuple[int, int], width_pt: float) -> float:
    """Dots per inch of an image drawn ``width_pt`` wide."""
    return size[0] / (width_pt / 72)


def print_dpi(art: Artwork, box_w: float, box_h: float) -> float:
    """Dots per inch of ``art`` fitted in a box of that size (points), aspect kept."""
    return dpi_at(art.size, fitted(art.size, box_w, box_h)[0])


def is_soft(dpi: float) -> bool:
    """True below :data:`MIN_DPI` (with a hair of tolerance for rounding)."""
    return dpi < MIN_DPI - 1e-6


def resolution_warning(art: Artwork, name: str, box_w: float, box_h: float, file: str,
                       key: str, on: str = "") -> str | None:
    """A warning line if ``art`` prints below :data:`MIN_DPI` in a box of that size.

    ``on`` says what it is printed on (``on card 'Ana'``), placed after the image's name.
    """
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


def draw_artwork(canvas: object, art: Artwork, x: float, y: float, box_w: float,
                 box_h: float) -> None:
    """Draw ``art`` centred in the box, aspect kept; transparent parts show what is below."""
    from reportlab.lib.utils import ImageReader

    w, h = fitted(art.size, box_w, box_h)
    mask = "auto" if art.image.mode == "RGBA" else None
    canvas.drawImage(ImageReader(art.image), x + (box_w - w) / 2,  # type: ignore[attr-defined]
                     y + (box_h - h) / 2, w, h, mask=mask)
