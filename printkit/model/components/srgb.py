"""A picture's pixels in sRGB, 8 bits a channel: what every picture printkit embeds is
converted to, through its ICC profile when it has one (Pillow's ImageCms)."""

from __future__ import annotations

import io

from PIL import Image, ImageCms


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


def to_srgb(im: Image.Image) -> Image.Image:
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
