"""A CMYK output profile: the ICC file a user names with ``printkit build --cmyk-profile``,
checked once, and the colour conversions made with it.

printkit ships no CMYK profile: the free ones are the user's system's (Ghostscript's
``default_cmyk.icc``, macOS's ``Generic CMYK Profile.icc``) or the print shop's own, and
a file that is not a CMYK output profile is refused with a one-line message naming it.
Only the file named is read.

Colours are converted from sRGB with LittleCMS (Pillow's ImageCms), relative colorimetric
with black point compensation: colours the press can print stay as they are, the others
move to the nearest it can, and black maps to the press's black. Neutral greys, black text
among them, are printed with black ink alone (0 0 0 K), not as a four-ink rich black that
a slightly misregistered press would fringe with colour.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageCms

from printkit.errors import UsageError

#: The ICC header: the profile's class at bytes 12-15, its colour space at 16-19, and the
#: signature 'acsp' at 36-39.
HEADER = 128


@dataclass(frozen=True)
class CmykProfile:
    """The profile's file name (for messages and the guide) and its bytes."""

    name: str
    data: bytes

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def description(self) -> str:
        """The profile's own name for itself (its 'desc' tag), or its file name."""
        return _description(self.data) or self.name


def read_profile(path: Path) -> CmykProfile:
    """The CMYK output profile in ``path``; a usage error naming the file otherwise."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"--cmyk-profile: {path}: cannot be read ({exc.strerror or exc})") \
            from None
    if len(data) < HEADER or data[36:40] != b"acsp":
        raise UsageError(f"--cmyk-profile: {path}: not an ICC profile")
    if data[16:20] != b"CMYK" or data[12:16] != b"prtr":
        space = data[16:20].decode("latin-1").strip()
        raise UsageError(f"--cmyk-profile: {path}: an ICC profile for {space!r}, not a CMYK "
                         f"output (printer) profile")
    try:
        _transform(data)
    except (ImageCms.PyCMSError, OSError, ValueError):
        raise UsageError(f"--cmyk-profile: {path}: a damaged ICC profile") from None
    return CmykProfile(path.name, data)


@cache
def _description(data: bytes) -> str:
    try:
        profile = ImageCms.getOpenProfile(io.BytesIO(data))
        return ImageCms.getProfileDescription(profile).strip()
    except (ImageCms.PyCMSError, OSError, ValueError):
        return ""


#: LittleCMS's black point compensation flag (``ImageCms.Flags`` from Pillow 10.3; the
#: lowest Pillow printkit takes has only the ``FLAGS`` table).
BLACK_POINT_COMPENSATION = 0x2000


@cache
def _transform(data: bytes) -> ImageCms.ImageCmsTransform:
    """sRGB to the profile, relative colorimetric with black point compensation (kept for
    the process, keyed by the profile's bytes)."""
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(io.BytesIO(data)),
        "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=BLACK_POINT_COMPENSATION)


def image(profile: CmykProfile, rgb: Image.Image) -> Image.Image:
    """An RGB picture in the profile's CMYK."""
    return ImageCms.applyTransform(rgb, _transform(profile.data))


@cache
def _colour(data: bytes, rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), _transform(data))
    c, m, y, k = pixel.getpixel((0, 0))
    return c / 255, m / 255, y / 255, k / 255


def colour(profile: CmykProfile, red: float, green: float,
           blue: float) -> tuple[float, float, float, float]:
    """An sRGB colour (0 to 1 each) in the profile's CMYK; a grey in black ink alone."""
    if red == green == blue:
        return 0.0, 0.0, 0.0, 1.0 - red
    rgb = tuple(max(0, min(255, round(v * 255))) for v in (red, green, blue))
    return _colour(profile.data, rgb)  # type: ignore[arg-type]
