"""PDF canvases and documents made the same way every time.

``invariant=1`` removes the creation date and the random document id, so the
same input gives byte-identical files; the metadata is fixed and says what
the file is.

Streams are Flate-compressed but not ASCII85-encoded: ASCII85 only makes a
binary stream printable, at 25 % more bytes and a pass of pure-Python
encoding per stream (``rl_config.useA85`` is a process-wide ReportLab
setting, so it is switched off here, where every canvas is made).

Every document of a locale starts its font subsets with the same characters
(:mod:`printkit.language.charset`), so the subsets match across the kit and the
whole-kit PDF stores each font once.

Repeated artwork is drawn once per document as a form XObject and placed
wherever it repeats (:func:`draw_once`): a card back printed 96 times is one
stream in the file, and one drawing in the build's CPU time. Artwork that other
documents of the build draw too (a card's picture on the card sheets, in the
rulebook and in the reference, in every locale) says so with :class:`Shared`;
a text-free drawing is then recorded once per process and written again.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from io import BytesIO
from math import cos, pi, sin

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from printkit import __version__, caches
from printkit.language import bidi, fonts, internals
from printkit.language.charset import characters
from printkit.language.script import LATIN, load

CREATOR = f"printkit {__version__}"

#: The attribute of a canvas holding its forms: design key -> form name.
_FORMS = "_printkit_forms"


def _quarter_arcs() -> list[tuple[float, ...]]:
    """The unit terms of ReportLab's full-circle Bezier arc (``pdfgeom.bezierArc(…, 0, 360)``),
    four quarter-circle fragments, computed with its very expressions so that the points match."""
    frag = 360 / 4.0
    half = frag * pi / 360.0
    kappa = abs(4.0 / 3.0 * (1.0 - cos(half)) / sin(half))
    arcs = []
    for i in range(4):
        t0, t1 = (0 + i * frag) * pi / 180.0, (0 + (i + 1) * frag) * pi / 180.0
        arcs.append((cos(t0), sin(t0), cos(t0) - kappa * sin(t0), sin(t0) + kappa * cos(t0),
                     cos(t1) + kappa * sin(t1), sin(t1) - kappa * cos(t1), cos(t1), sin(t1)))
    return arcs


_ARCS = _quarter_arcs()

# Content streams and numbers, all ASCII, are encoded by Python's fast path (see internals).
internals.patch_pdfdoc_encoding()


class PrintCanvas(Canvas):
    """ReportLab's canvas, drawing circles and ellipses without its general arc code.

    The art draws tens of thousands of circles (bears, snowflakes, dice pips); ReportLab
    computes each one's four Bezier curves with 24 sines and cosines in Python. Here
    the unit terms are computed once; the operators written are the very same bytes.

    A canvas made for a locale (``lang``) carries the locale's script, for what draws on
    it, and starts its font subsets with the locale's shared characters (see
    :mod:`printkit.language.charset`): the document carries them, so no setting is left
    behind for the next document.
    """

    def __init__(self, *args: object, lang: str | None = None, **kwargs: object) -> None:
        super().__init__(*args, lang=lang, **kwargs)  # type: ignore[arg-type]
        self.script = LATIN if lang is None else load(lang)
        if lang is not None:  # every document of a locale: the same font subsets
            fonts.share(internals.document(self), characters(lang))

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):  # type: ignore[no-untyped-def]
        # ReportLab passes (x, y, width, height) on and adds them back: keep its rounding.
        x2, y2 = x1 + (x2 - x1), y1 + (y2 - y1)
        x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
        xc, yc, rx, ry = (x1 + x2) / 2.0, (y1 + y2) / 2.0, (x2 - x1) / 2.0, (y2 - y1) / 2.0
        code = internals.operators(self)
        code.append("n")
        code.append(fp_str(xc + rx * _ARCS[0][0], yc - ry * _ARCS[0][1]) + " m")
        for _, _, c1, s1, c2, s2, c3, s3 in _ARCS:
            code.append(fp_str(xc + rx * c1, yc - ry * s1, xc + rx * c2, yc - ry * s2,
                               xc + rx * c3, yc - ry * s3) + " c")
        internals.stroke_and_fill(self, stroke, fill)


def lean_streams() -> None:
    """No ASCII85 on any stream (page, form, font, image); Flate compression stays."""
    rl_config.useA85 = 0


def new_canvas(buffer: BytesIO, pagesize: tuple[float, float], title: str,
               subject: str = "", lang: str = "en") -> Canvas:
    fonts.register()
    lean_streams()
    # The initial font is written into every page; the default would be Helvetica.
    canvas = PrintCanvas(buffer, pagesize=pagesize, invariant=1, pageCompression=1, lang=lang,
                    initialFontName=fonts.REGULAR, initialFontSize=10)
    canvas.setTitle(bidi.plain(title))  # (a title's isolate controls are for its lines)
    canvas.setSubject(subject)
    canvas.setAuthor("printkit")
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    return canvas


def doc_options(title: str, subject: str = "", lang: str = "en") -> dict[str, object]:
    """Keyword arguments for a Platypus DocTemplate with the same guarantees."""
    fonts.register()
    lean_streams()
    return {
        "invariant": 1,
        # Without this every page starts in Helvetica, a standard-14 font that is
        # never embedded, even when no text is set in it.
        "initialFontName": fonts.REGULAR,
        "pageCompression": 1,
        "title": bidi.plain(title),
        "subject": subject,
        "author": "printkit",
        "creator": CREATOR,
        "producer": CREATOR,
        "lang": lang,
    }


@dataclass(frozen=True)
class Shared:
    """What a design depends on besides its key and size, for designs that other documents
    of the build draw too: the game data it is drawn from (this very object) and any
    settings (ink saver fills, bleed…)."""

    data: object
    settings: Hashable = ()


#: Recorded drawings: (key, bbox, id of the data, settings) -> (the data, the form's
#: operators, the PDF features they ask for). Emptied at the start of every build.
_RECORDED: dict[tuple[object, ...], tuple[object, list[str], tuple[str, ...]]] = {}
caches.per_build("designs recorded to be replayed", _RECORDED.clear)


def _replayable(code: list[str]) -> bool:
    """Operators that name no resource (font, image, form, transparency, colour space: all
    written as /Names) and set no text: the same bytes are right in any document."""
    return not any("/" in line or "BT" in line for line in code)


def _draw_form(canvas: Canvas, key: str, bbox: tuple[float, float, float, float],
               draw: Callable[[], None], shared: Shared | None) -> None:
    """The form's content: drawn, or written again from an earlier document's drawing."""
    if shared is None:
        draw()
        return
    memo = (key, bbox, id(shared.data), shared.settings)
    found = _RECORDED.get(memo)
    if found is not None and found[0] is shared.data:
        internals.replay(canvas, found[1], found[2])
        return
    # The PDF features the drawing asks for (transparency makes a file PDF 1.4), whatever
    # this document already asked for: the next document may have asked for nothing.
    with internals.recording(canvas) as drawn:
        draw()
    if _replayable(drawn.operators):
        _RECORDED[memo] = (shared.data, drawn.operators, tuple(drawn.asked))


#: The scale of the form being recorded, where it will be placed (see printed_scale).
_PLACED = "_printkit_placed_scale"


def printed_scale(canvas: Canvas) -> float:
    """How large one unit of the canvas's current drawing comes out on the paper: the
    scale of its transformation, times that of the form being recorded, if any (a form's
    own drawing starts from an identity transformation)."""
    a, b, c, d = internals.current_matrix(canvas)[:4]
    inner = math.sqrt(abs(a * d - b * c)) or 1.0
    return inner * canvas.__dict__.get(_PLACED, 1.0)


def draw_once(canvas: Canvas, key: str, bbox: tuple[float, float, float, float],
              at: tuple[float, float], draw: Callable[[], None],
              shared: Shared | None = None) -> None:
    """Place the design ``key`` with its origin at ``at``; draw it only the first time.

    ``draw`` paints the design in its own coordinates, inside ``bbox``
    (x0, y0, x1, y1): the form's bounding box, which clips like a card's bleed
    clip. The first call per canvas records the drawing as a form
    XObject; every call places the form in the current graphics state, so
    clips, rotations and duplex offsets around it apply as before. Text drawn
    by ``draw`` is glyph- and fit-checked once, when the form is drawn.

    ``key`` must name everything the drawing depends on within one document.
    Forms are named in order of first use (``pk0``, ``pk1``, …), so the same
    document always gets the same names, in any process.

    ``shared``: the design is drawn in other documents too, and ``key``, ``bbox`` and
    ``shared`` name everything it depends on in any of them. Its operators are then
    recorded and reused by the next document, unless they set text or name a
    resource (then each document draws its own).
    """
    forms: dict[str, str] = canvas.__dict__.setdefault(_FORMS, {})
    # A form drawn smaller than life (a card in a rulebook figure) leaves out words that
    # would print below the legibility floor (printkit.drawing.text): the scale it is placed
    # at is part of what it looks like.
    scale = printed_scale(canvas)
    if abs(scale - 1) > 1e-6:
        key = f"{key}@{scale:.4f}"
    name = forms.get(key)
    if name is None:
        name = forms[key] = f"pk{len(forms)}"
        outer = canvas.__dict__.get(_PLACED, 1.0)
        canvas.beginForm(name, *bbox)
        canvas.__dict__[_PLACED] = scale
        try:
            _draw_form(canvas, key, bbox, draw, shared)
        finally:
            canvas.__dict__[_PLACED] = outer
        canvas.endForm()
    canvas.saveState()
    canvas.translate(at[0], at[1])
    canvas.doForm(name)
    canvas.restoreState()


def forms_drawn(canvas: Canvas) -> int:
    """How many distinct forms ``canvas`` has drawn so far (for tests and benchmarks)."""
    return len(canvas.__dict__.get(_FORMS, {}))
