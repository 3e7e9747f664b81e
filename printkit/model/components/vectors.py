"""SVG pictures: drawn as vector shapes, once per document, never as pixels.

A designer's SVG (a card's art, a card back, a board, a rulebook figure, a project icon)
prints sharp at any size, so it is not rasterised: svglib turns it into ReportLab shapes,
drawn into a form XObject the first time a document places it at a size (see
:func:`printkit.drawing.pdf.draw_once`) and only referenced after that, so a deck of a
hundred cards with the same SVG holds its shapes once.

What cannot be drawn faithfully is refused when the game is loaded, in one line naming the
file and the key: a file that is not SVG, one without a size (``width`` and ``height``, or
a ``viewBox``), one that refers to other files (``<image href="art.png">``, ``<use
href="other.svg#a">``: the output would depend on files the build does not track), and
one with text (its look would depend on fonts the kit does not embed: the designer
converts text to paths, which every SVG editor does in one step).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas

from printkit import filestamps
from printkit.drawing.pdf import draw_once
from printkit.language import fonts

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

#: The largest SVG file read, in bytes: icons and card art are far smaller.
MAX_BYTES = 20_000_000
_SVG = "{http://www.w3.org/2000/svg}"
_TEXT = {f"{_SVG}text", f"{_SVG}tspan", f"{_SVG}textPath", "text", "tspan", "textPath"}
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


def is_svg(name: str) -> bool:
    """Whether a picture's file name says it is an SVG."""
    return name.lower().endswith(".svg")


def _refused(root: Any) -> str | None:
    """Why the SVG cannot be drawn faithfully (see the module), or None."""
    if root.tag not in (f"{_SVG}svg", "svg"):
        return "is not an SVG picture (its root element is not <svg>)"
    for element in root.iter():
        if element.tag in _TEXT:
            return "has text: SVG text is not supported; convert it to paths"
        for attribute in _HREFS:
            target = (element.get(attribute) or "").strip()
            if target and not target.startswith(("#", "data:")):
                return f"refers to the external file {target[:60]!r}"
    if not (root.get("viewBox") or (root.get("width") and root.get("height"))):
        return "has no size: give its <svg> a viewBox, or a width and a height"
    return None


def drawing(path: Path) -> Drawing:
    """The SVG at ``path`` as ReportLab shapes. Raises ValueError with the reason (see the
    module) for one that cannot be drawn."""
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        raise ValueError(f"is more than {MAX_BYTES:,} bytes")
    # lxml and svglib (some megabytes) are imported when a game has SVG art only
    from lxml import etree
    from svglib.svglib import svg2rlg

    # No entities, no network, no DTD: an SVG is read as the data it is.
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"cannot be read as SVG ({exc.msg})") from None
    reason = _refused(root)
    if reason is not None:
        raise ValueError(reason)

    try:
        shapes = svg2rlg(str(path))
    except Exception as exc:  # noqa: BLE001 - svglib raises whatever lxml or its parser does
        raise ValueError(f"cannot be read as SVG ({exc})") from None
    if shapes is None or not (shapes.width > 0 and shapes.height > 0):
        raise ValueError("has no size: give its <svg> a viewBox, or a width and a height")
    return shapes


def checked(path: Path) -> tuple[str, tuple[float, float]]:
    """The SVG's hash and its size in points, once it is checked. Like a picture's, a file
    whose size and modification time are unchanged is not read again."""
    found = filestamps.known(path)
    if found is not None and len(found[1]) == 3 and found[1][0] == "svg":
        return found[0], (float(found[1][1]), float(found[1][2]))
    shapes = drawing(path)
    sha = filestamps.sha256(path)
    filestamps.learn(path, sha, ["svg", shapes.width, shapes.height])
    return sha, (float(shapes.width), float(shapes.height))


def draw_svg(canvas: Canvas, path: Path, digest: str, x: float, y: float, width: float,
             height: float) -> None:
    """Draw the SVG at ``path`` (whose bytes hash to ``digest``) filling the box at
    (x, y), ``width`` × ``height`` points: its shapes are drawn into a form the first
    time the document places it at that size, then only referenced."""

    def paint() -> None:
        shapes = drawing(path)
        # The renderer sets a font before anything else (SVG text is refused, so nothing is
        # set in it): printkit's own, embedded, not the unembedded Helvetica it would take.
        shapes.initialFontName = fonts.REGULAR
        canvas.saveState()
        canvas.scale(width / shapes.width, height / shapes.height)
        renderPDF.draw(shapes, canvas, 0, 0)
        canvas.restoreState()

    draw_once(canvas, f"svg-{digest[:24]}-{width:.3f}x{height:.3f}",
              (0, 0, width, height), (x, y), paint)
