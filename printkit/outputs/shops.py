"""Print-on-demand shops' card images, read from ``shops.toml``: for each card size a shop
takes, the image it wants in pixels at its resolution (``printkit export cards --preset``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printkit.errors import UsageError
from printkit.geometry import MM_PER_INCH, CardSize

#: The preset that is no shop: each card and its 3 mm bleed, at the resolution asked for.
GENERIC = "generic"
TABLE = Path(__file__).with_name("shops.toml")


@dataclass(frozen=True)
class ShopSize:
    """One card size a shop takes: the card as cut and the whole image, in pixels."""

    name: str
    trim_px: tuple[int, int]
    image_px: tuple[int, int]
    dpi: int

    def mm(self, px: tuple[int, int]) -> tuple[float, float]:
        return (px[0] / self.dpi * MM_PER_INCH, px[1] / self.dpi * MM_PER_INCH)

    @property
    def label(self) -> str:
        """``poker 63.5×88.9 mm``: its name and its card as cut."""
        w, h = self.mm(self.trim_px)
        return f"{self.name} {w:.3g}×{h:.3g} mm"


@dataclass(frozen=True)
class Shop:
    """A print shop's card images: its name, resolution and the sizes it takes."""

    id: str
    name: str
    dpi: int
    sizes: tuple[ShopSize, ...]
    tolerance_mm: float

    def image_px(self, card: CardSize) -> tuple[int, int] | None:
        """The image of ``card`` this shop wants, in pixels (turned with a landscape card),
        or None if it takes no card of that size."""
        for size in self.sizes:
            w, h = size.mm(size.trim_px)
            for (tw, th), (iw, ih) in (((w, h), size.image_px), ((h, w), size.image_px[::-1])):
                if (abs(card.width_mm - tw) <= self.tolerance_mm
                        and abs(card.height_mm - th) <= self.tolerance_mm):
                    return (iw, ih)
        return None

    @property
    def bleed_mm(self) -> float:
        """The bleed to draw so that every card this shop takes fills its image: the
        image's widest margin around the smallest card the tolerance lets through."""
        return max((image - trim + self.tolerance_mm) / 2 for size in self.sizes
                   for image, trim in zip(size.mm(size.image_px), size.mm(size.trim_px),
                                          strict=True))

    @property
    def takes(self) -> str:
        """The sizes it takes, for messages: ``poker 63.5×88.9 mm``."""
        return ", ".join(size.label for size in self.sizes)


@cache
def shops() -> dict[str, Shop]:
    """Every shop of ``shops.toml``, by preset id."""
    table = tomllib.loads(TABLE.read_text(encoding="utf-8"))
    tolerance = float(table.pop("tolerance_mm"))
    return {id: Shop(id, shop["name"], shop["dpi"],
                     tuple(ShopSize(s["name"], tuple(s["trim_px"]), tuple(s["image_px"]),
                                    shop["dpi"]) for s in shop["sizes"]), tolerance)
            for id, shop in table.items()}


def presets() -> tuple[str, ...]:
    """Every ``--preset``: ``generic``, then the shops."""
    return (GENERIC, *shops())


def shop(preset: str) -> Shop | None:
    """The shop a preset names; None for ``generic``."""
    if preset == GENERIC:
        return None
    if preset not in shops():
        raise UsageError(f"--preset: unknown preset {preset!r}; choose one of: "
                         f"{', '.join(presets())}")
    return shops()[preset]
