"""The SVG elements of a figure: shapes whose paint the ``<svg>`` element mostly gives,
and compact path data. Used by :mod:`printkit.outputs.html.svg`."""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, field
from typing import Any

#: The class of an area painted in the paper's white (see the rules page's style sheet).
PAPER = "paper"
#: The paint of words in a dark colour of their own (a red number): the colour, and a
#: light one of the same hue for dark mode (see :func:`tone`).
TONE = "tone "

#: The initial values of the inherited paint properties a shape may set.
INITIAL = {"fill": "#000000", "fill-rule": "nonzero", "stroke": "none", "stroke-width": "1",
           "stroke-linecap": "butt", "stroke-linejoin": "miter"}


@dataclass
class Shape:
    """A ``<path>`` or ``<text>``: ``paint`` holds its inherited properties that matter (a
    fill rule only when filled…), written only where they differ from the picture's
    defaults (:func:`defaults`); ``own`` its other attributes, ``content`` its text."""

    tag: str
    paint: dict[str, str]
    own: str
    content: str = ""
    #: a path's outline: (command, points) in output coordinates
    path: list[tuple[str, tuple[float, ...]]] = field(default_factory=list)

    def markup(self, default: dict[str, str]) -> str:
        attrs = [f'd="{path_data(self.path)}"' if self.path else "", self.own]
        classes = []
        for name, value in self.paint.items():
            if value in (PAPER, PAPER + "-line"):
                classes.append(value)
            elif value.startswith(TONE):  # "tone #9b1c1c #df7f7f": light, then dark
                _, light, dark = value.split()
                attrs.append(f'{name}="{light}" style="--tone:{dark}"')
                classes.append("tone")
            elif default.get(name, INITIAL.get(name)) != value:
                attrs.append(f'{name}="{value}"')
        if classes:
            attrs.append(f'class="{" ".join(classes)}"')
        head = " ".join(a for a in attrs if a)
        if self.tag == "text":
            return f"<text {head}>{self.content}</text>"
        return f"<{self.tag} {head}/>"


def defaults(items: list[Any]) -> dict[str, str]:
    """The commonest value of each inherited property among the shapes that set it: the
    ``<svg>`` element's own, so that most shapes need not repeat it."""
    counts: dict[str, dict[str, int]] = {}
    for item in items:
        if isinstance(item, Shape):
            for name, value in item.paint.items():
                if value not in (PAPER, PAPER + "-line") and not value.startswith(TONE):
                    seen = counts.setdefault(name, {})
                    seen[value] = seen.get(value, 0) + 1
    return {name: max(sorted(seen), key=seen.__getitem__) for name, seen in sorted(counts.items())}


def markup(items: list[Any], default: dict[str, str]) -> str:
    return "".join(i.markup(default) if isinstance(i, Shape) else i for i in _joined(items))


def _joined(items: list[Any]) -> list[Any]:
    """Strokes drawn one after the other in the same paint made one path (a drawing's
    hatching, fur, snowflake arms: thousands of short lines): stroking the outlines
    together paints what stroking them one by one does, when nothing is translucent."""
    out: list[Any] = []
    for item in items:
        last = out[-1] if out else None
        if (isinstance(item, Shape) and isinstance(last, Shape) and item.tag == last.tag == "path"
                and item.paint.get("fill") == "none" and item.paint == last.paint
                and item.own == last.own and "opacity" not in item.own):
            out[-1] = Shape("path", last.paint, last.own, path=last.path + item.path)
        else:
            out.append(item)
    return out


def path_data(path: list[tuple[str, tuple[float, ...]]]) -> str:
    """SVG path data in relative commands, from points rounded to 2 decimals (the
    differences of rounded points: no error adds up), each letter written once for a
    run of the same command, numbers apart only where they must be ("1.5.5-2")."""
    out: list[str] = []
    cx = cy = sx = sy = 0
    last = ""
    previous = ""  # the last number written, "" after a letter
    for cmd, coords in path:
        if cmd == "Z":
            out.append("z")
            cx, cy, last, previous = sx, sy, "z", ""
            continue
        ints = [round(v * 100) for v in coords]
        if cmd == "M":
            nums = [ints[0] - cx, ints[1] - cy]
            cx, cy = sx, sy = ints[0], ints[1]
            letter = "m"
        elif cmd == "L":
            dx, dy = ints[0] - cx, ints[1] - cy
            cx, cy = ints[0], ints[1]
            letter, nums = ("h", [dx]) if dy == 0 else ("v", [dy]) if dx == 0 else ("l", [dx, dy])
        else:
            nums = [ints[i] - (cx if i % 2 == 0 else cy) for i in range(6)]
            cx, cy = ints[4], ints[5]
            letter = "c"
        if letter != last or letter == "m":
            out.append(letter)
            previous = ""
        last = letter
        for n in nums:
            text = _hundredths(n)
            if previous and not (text[0] == "-" or text[0] == "." and "." in previous):
                out.append(" ")
            out.append(text)
            previous = text
    return "".join(out)


def _hundredths(n: int) -> str:
    """``n`` hundredths as a number: 150 -> "1.5", -5 -> "-.05", 0 -> "0"."""
    text = f"{n / 100:.2f}".rstrip("0").rstrip(".")
    if text.startswith("0."):
        return text[1:]
    if text.startswith("-0."):
        return "-" + text[2:]
    return text if text not in ("", "-0") else "0"


def tone(hexed: str, dark: str) -> str:
    """The paint of words in ``hexed`` that dark mode shows in ``dark``."""
    return f"{TONE}{hexed} {dark}"


def colour(rgb: tuple[float, float, float], fixed: bool = False) -> str:
    """An SVG paint: ``currentColor`` for the ink (unless ``fixed``: ink on a light colour,
    which dark mode leaves light), ``#rrggbb`` otherwise (the paper white is told apart by
    :func:`is_paper`)."""
    r, g, b = (min(255, max(0, round(v * 255))) for v in rgb)
    if max(r, g, b) <= 0x50 and max(r, g, b) - min(r, g, b) <= 0x30 and not fixed:
        return "currentColor"
    return f"#{r:02x}{g:02x}{b:02x}"


def luminance(rgb: tuple[float, float, float]) -> float:
    """The colour's relative luminance (WCAG 2)."""
    r, g, b = ((v / 12.92) if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lightened(rgb: tuple[float, float, float]) -> str:
    """A dark colour made light, in its hue, for words on a dark page."""
    hue, light, saturation = colorsys.rgb_to_hls(*rgb)
    r, g, b = colorsys.hls_to_rgb(hue, max(0.7, 1 - light), saturation)
    return "#" + "".join(f"{min(255, max(0, round(v * 255))):02x}" for v in (r, g, b))


def is_paper(rgb: tuple[float, float, float]) -> bool:
    """White, or a pale grey or tint near it (a panel, the ice, a white die): what ink is
    drawn on, so in dark mode it darkens as the ink lightens."""
    return min(rgb) >= 0xE8 / 255 and max(rgb) - min(rgb) <= 0x18 / 255
