"""A figure's PDF page as SVG: the PDF's own operators, translated, for the rules page.

The figures are drawn once, by the games' ReportLab code, on the pages of a PDF made with
``invariant=1, pageCompression=0`` (:class:`printkit.outputs.html.figures.FigureImages`):
each page's content stream is plain operators, and this module reads them back into SVG
elements, so the web page shows the very drawing the PDF prints, as vectors.

- Paths (``m l c v y h re``), painted (``S s f F f* B B* b b* n``) in the colours
  (``rg RG g G k K``) and stroke (``w J j M d``) of the graphics state (``q Q cm``, ``gs``
  alpha); a clip (``W W*``) becomes a ``<clipPath>`` around what follows it.
- Text (``BT … ET``) becomes ``<text>`` with the characters of the run: a TrueType
  subset's codes are mapped by its ToUnicode table; a shaped run inside a marked-content
  span (``/Span <</ActualText …>> BDC … EMC``) is written as the span's logical text,
  right to left when it is. ``textLength`` is the PDF's width of the run, so the reader's
  font cannot move anything.
- A form XObject (a design drawn many times: a card face, a token) is written once, in
  ``<defs>``, and placed with ``<use>``; it keeps its printed colours in dark mode. An
  image XObject (a project's picture) becomes an ``<image>`` holding it as a PNG.
- The ink (black or near-black, unsaturated) is written ``currentColor``, the paper white
  (and pale greys near it) as the class ``paper``, words in a dark colour of their own
  with a light one of the same hue (class ``tone``): the page's style sheet gives them
  their dark-mode colours.

Coordinates are rounded to 2 decimals and ids numbered in order: the same PDF always
gives the same SVG. The stream's tokens and the fonts are read by
:mod:`printkit.outputs.html.pdfread`; the elements and their colours are written by
:mod:`printkit.outputs.html.shapes`, the coordinates by
:mod:`printkit.outputs.html.matrices`.
"""

from __future__ import annotations

import base64
import hashlib
import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from html import escape
from io import BytesIO
from typing import Any

from pypdf import PdfReader
from pypdf.generic import IndirectObject

from printkit import caches
from printkit.language import bidi
from printkit.outputs.html import pdfread
from printkit.outputs.html.matrices import (
    IDENTITY,
    Matrix,
    apply,
    inverse,
    multiply,
    nothing,
    num,
    scale_of,
    transform,
)
from printkit.outputs.html.shapes import (
    INITIAL,
    PAPER,
    Shape,
    colour,
    defaults,
    is_paper,
    lightened,
    luminance,
    markup,
    path_data,
    tone,
)

# -- the graphics state --------------------------------------------------------------------


@dataclass
class State:
    ctm: Matrix = IDENTITY
    fill: tuple[float, float, float] = (0.0, 0.0, 0.0)
    stroke: tuple[float, float, float] = (0.0, 0.0, 0.0)
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    width: float = 1.0
    cap: int = 0
    join: int = 0
    miter: float = 10.0
    dash: tuple[tuple[float, ...], float] = ((), 0.0)
    font: pdfread.Font | None = None
    size: float = 0.0
    leading: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    scale: float = 100.0
    rise: float = 0.0
    clips: int = 0  # clip groups opened since the matching q


@dataclass
class Picture:
    """One page as SVG: ``body`` (elements in the page's coordinates, y down, in points)
    and ``defs``; ``box`` (x0, y0, x1, y1) bounds what is drawn, or None for a blank page."""

    width: float
    height: float
    body: str
    defs: str
    box: tuple[float, float, float, float] | None
    #: the smallest text on the page, in points as drawn (0 when it has none)
    smallest: float = 0.0
    #: the paint properties most of its shapes share, for the ``<svg>`` element
    paint: dict[str, str] = field(default_factory=dict)

    def view(self, margin: float = 3.0) -> tuple[float, float, float, float]:
        """The view box (x, y, width, height) cut to what is drawn, with ``margin`` around
        (within the page)."""
        x0, y0, x1, y1 = self.box or (0.0, 0.0, self.width, self.height)
        x0, y0 = max(0.0, x0 - margin), max(0.0, y0 - margin)
        x1, y1 = min(self.width, x1 + margin), min(self.height, y1 + margin)
        return x0, y0, x1 - x0, y1 - y0

    @property
    def content(self) -> str:
        """What goes inside the ``<svg>`` element."""
        return (f"<defs>{self.defs}</defs>" if self.defs else "") + self.body

    def svg(self, margin: float = 3.0, **attrs: str) -> str:
        """The whole ``<svg>`` element, cut to what it draws with ``margin`` around."""
        own = {"xmlns": "http://www.w3.org/2000/svg",
               "viewBox": " ".join(num(v) for v in self.view(margin)), **self.paint, **attrs}
        head = " ".join(f'{k}="{escape(v)}"' for k, v in sorted(own.items()))
        return f"<svg {head}>{self.content}</svg>"


#: Designs already written, by their operators, id and box: the SVG and its smallest text.
#: The same card face is drawn in the figures of every locale's rules page; its SVG is
#: made once per build. Emptied at the start of every build.
_DESIGNS: dict[tuple[bytes, str, tuple[Any, ...]], tuple[str, float]] = {}
caches.per_build("figure designs as SVG", _DESIGNS.clear)
#: Figures without words (or with the same numbers), by their operators, ids and size:
#: a third of a build's figures look the same in every locale.
_PAGES: dict[tuple[bytes, str, tuple[float, ...]], Picture] = {}
caches.per_build("figures as SVG", _PAGES.clear)
_MAX = 4096


def _alone(data: bytes) -> bool:
    """Whether a stream uses no resource (shows no text, places no form, sets no
    transparency): then its SVG is the same in any document."""
    return not any(op in data for op in (b"Tj", b"TJ", b"'", b'"', b"Do", b" gs"))


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    if len(cache) > _MAX:
        del cache[next(iter(cache))]


@dataclass
class _Writer:
    """Translates the content streams of a PDF's pages, and the forms they place (written
    once for all pages, in :attr:`designs`)."""

    fonts: dict[int, pdfread.Font]
    prefix: str
    #: the ids of the forms start with this
    designs_prefix: str = ""
    #: whether a design is being written: a card face or a token as printed, in its own
    #: colours in dark mode too
    printed: bool = False
    designs: dict[str, str] = field(default_factory=dict)
    defs: list[Any] = field(default_factory=list)
    forms: dict[int, str] = field(default_factory=dict)
    #: the smallest text of each form written, in the form's own units
    form_text: dict[int, float] = field(default_factory=dict)
    smallest: float = math.inf
    box: list[float] = field(default_factory=nothing)
    _ids: int = 0

    def new_id(self, kind: str) -> str:
        self._ids += 1
        return f"{self.prefix}{kind}{self._ids}"

    def font(self, ref: Any) -> pdfread.Font:
        key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        found = self.fonts.get(key)
        if found is None:
            found = self.fonts[key] = pdfread.font(ref.get_object())
        return found

    def grow(self, base: Matrix, points: list[tuple[float, float]], pad: float = 0.0) -> None:
        """Widen the drawn box by points of the current space (``base`` takes them to the
        page, y down)."""
        for x, y in points:
            px, py = apply(base, x, y)
            self.box[0] = min(self.box[0], px - pad)
            self.box[1] = min(self.box[1], py - pad)
            self.box[2] = max(self.box[2], px + pad)
            self.box[3] = max(self.box[3], py + pad)

    def stream(self, data: bytes, resources: Any, base: Matrix) -> str:
        """The SVG elements of a content stream; ``base`` takes the stream's default space to
        the output space (the page's, y down; identity inside a form) and, for the drawn
        box, ``self.place`` to the page."""
        return _Stream(self, resources, base).run(data)

    #: the matrix that takes the stream being written to the page (y down)
    place: Matrix = IDENTITY

    def path(self, path: list[tuple[str, tuple[float, ...]]], state: State, fill: bool,
             stroke: bool, evenodd: bool, scale: float, fixed: bool = False) -> Shape:
        paint: dict[str, str] = {}
        own: list[str] = []
        if fill:
            paint["fill"] = (PAPER if is_paper(state.fill) and not fixed
                             else colour(state.fill, fixed))
            # one outline: the rule makes no difference (ReportLab's shapes do not cross)
            if sum(1 for cmd, _ in path if cmd == "M") > 1:
                paint["fill-rule"] = "evenodd" if evenodd else "nonzero"
            if state.fill_alpha < 1:
                own.append(f'fill-opacity="{num(state.fill_alpha)}"')
        else:
            paint["fill"] = "none"
        if stroke:
            paint["stroke"] = (PAPER + "-line" if is_paper(state.stroke) and not fixed
                               else colour(state.stroke, fixed))
            width = state.width * scale
            paint["stroke-width"] = num(width) if width >= 0.005 else "0.01"
            paint["stroke-linecap"] = ("butt", "round", "square")[state.cap % 3]
            paint["stroke-linejoin"] = ("miter", "round", "bevel")[state.join % 3]
            if state.dash[0]:
                dashes = " ".join(num(v * scale) for v in state.dash[0])
                own.append(f'stroke-dasharray="{dashes}"')
                if state.dash[1]:
                    own.append(f'stroke-dashoffset="{num(state.dash[1] * scale)}"')
            if state.stroke_alpha < 1:
                own.append(f'stroke-opacity="{num(state.stroke_alpha)}"')
        else:
            paint["stroke"] = "none"
        return Shape("path", paint, " ".join(own), path=path)

    def text(self, out: list[Any], spoken: str, origin: Matrix, width: float,
             font: pdfread.Font | None, state: State, base: Matrix,
             on_light: Callable[[float, float], bool] = lambda x, y: False) -> None:
        """A run as ``<text>``: at the PDF's glyph origin, ``width`` long (text space).

        The PDF's run is in visual order (its ActualText too: the line was reordered
        before it was shaped); a run with a right-to-left letter is written in logical
        order, right to left, so that the browser joins its letters."""
        if not spoken.strip() or font is None:
            return
        direction = "ltr"
        if _rtl(spoken):
            spoken, direction = bidi.display(spoken, "RTL"), "rtl"
        size = state.size
        h = state.scale / 100
        full = multiply(origin, multiply(state.ctm, base))
        # glyph space (y down, in units of the font size) -> output space
        a, b, c, d, e, f = full
        m = (a * h, b * h, -c, -d, e, f)
        length = width / h if h else width
        attrs = [f'font-size="{num(size)}"', f'textLength="{num(length)}"',
                 'lengthAdjust="spacingAndGlyphs"']
        if direction == "rtl":
            # the run's logical start is its right end
            m = (m[0], m[1], m[2], m[3], m[4] + m[0] * length, m[5] + m[1] * length)
            attrs.append('direction="rtl"')
        if (round(m[0], 4), round(m[1], 4), round(m[2], 4), round(m[3], 4)) == (1, 0, 0, 1):
            place = f'x="{num(m[4])}" y="{num(m[5])}"'
        else:
            place = f'transform="{transform(m)}"'
        self.smallest = min(self.smallest, size * scale_of(full))
        fill = state.fill
        # dark words (a navy label, a red number) are shown lighter, in their hue, on a
        # dark page, where they would not read; a shape keeps its colour (a navy die is a
        # navy die); words on a light colour of their own keep theirs
        pm = multiply(origin, state.ctm)
        fixed = self.printed or on_light(*apply(pm, width / 2, size * 0.3))
        ink = colour(fill, fixed)
        if ink.startswith("#") and luminance(fill) < 0.1 and not fixed:
            ink = tone(ink, lightened(fill))
        paint = {"fill": PAPER if is_paper(fill) and not fixed else ink, "stroke": "none"}
        if "Bold" in font.name:
            attrs.append('font-weight="bold"')
        if "Italic" in font.name or "Oblique" in font.name:
            attrs.append('font-style="italic"')
        if "Serif" in font.name:
            attrs.append('font-family="serif"')
        out.append(Shape("text", paint, " ".join([place, *attrs]),
                         escape(spoken, quote=False)))
        ascent, descent = 0.8 * size * h, 0.25 * size
        self.grow(self.place, [apply(pm, 0, -descent), apply(pm, width, ascent)])

    def _design(self, fid: str, data: bytes, obj: Any,
                bbox: tuple[float, float, float, float]) -> tuple[str, float]:
        """A form's SVG, in ``<defs>`` with the id ``fid``, and its smallest text."""
        x0, y0, x1, y1 = bbox
        saved = self.place, self.box, self.smallest, self.defs, self.prefix, self._ids
        self.place, self.box, self.smallest = IDENTITY, nothing(), math.inf
        self.defs, self.prefix, self._ids = [], f"{fid}-", 0
        printed, self.printed = self.printed, True
        body = self.stream(data, obj.get("/Resources"), IDENTITY)
        self.printed = printed
        smallest, inner = self.smallest, self.defs
        self.place, self.box, self.smallest, self.defs, self.prefix, self._ids = saved
        # the design sets every paint property it relies on: it inherits from wherever it
        # is placed, in whichever figure
        paint = {**INITIAL, **defaults(body + inner)}
        head = " ".join(f'{k}="{v}"' for k, v in sorted(paint.items()))
        return (f'<clipPath id="{fid}-box"><path d="M{num(x0)} {num(y0)}H{num(x1)}V{num(y1)}'
                f'H{num(x0)}Z"/></clipPath>{markup(inner, paint)}'
                f'<g id="{fid}" clip-path="url(#{fid}-box)" {head}>{markup(body, paint)}</g>',
                smallest)

    def use(self, ref: Any, matrix: Matrix, state: State) -> str:
        """A form XObject placed with ``matrix`` (form space -> output space)."""
        key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Image":
            return self.image(obj, matrix, state)
        if obj.get("/Subtype") != "/Form":
            return ""
        own = tuple(float(v) for v in obj.get("/Matrix", IDENTITY))
        m = multiply(own, matrix)  # type: ignore[arg-type]
        # the drawn box: the form's bbox, placed
        x0, y0, x1, y1 = (float(v) for v in obj.get("/BBox", (0, 0, 0, 0)))
        fid = self.forms.get(key)
        if fid is None:
            data = obj.get_data()
            box = tuple(float(v) for v in obj.get("/BBox", ()))
            # a design that uses no resource (shows no text, places no other form, sets no
            # transparency) is the same SVG in every document that draws it: the same card
            # face in every locale, in the quick reference and the rulebook; its id comes
            # from its drawing, so that a page holds it once
            alone = _alone(data)
            if alone:
                digest = hashlib.blake2b(data + repr(box).encode(), digest_size=6)
                fid = f"design-{digest.hexdigest()}"
            else:
                fid = f"{self.designs_prefix}d{len(self.forms) + 1}"
            self.forms[key] = fid
            memo = (data, fid, box)
            found = _DESIGNS.get(memo) if alone else None
            if found is None:
                found = self._design(fid, data, obj, (x0, y0, x1, y1))
                if alone:
                    _remember(_DESIGNS, memo, found)
            self.designs[fid] = found[0]
            self.form_text[key] = found[1]
        self.smallest = min(self.smallest, self.form_text[key] * scale_of(m))
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        placed = multiply(own, state.ctm)
        self.grow(self.place, [apply(placed, x, y) for x, y in corners])
        return f'<use href="#{fid}" transform="{transform(m)}"/>'

    def image(self, obj: Any, matrix: Matrix, state: State) -> str:
        """An image XObject (a project's picture) as an ``<image>`` holding it as a PNG, on
        the unit square ``matrix`` takes to the output (``state`` to the page), its first
        row at the top."""
        corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        self.grow(self.place, [apply(state.ctm, x, y) for x, y in corners])
        flip = (1.0, 0.0, 0.0, -1.0, 0.0, 1.0)  # the image's rows run down, the PDF's y up
        m = multiply(flip, matrix)
        png = BytesIO()
        obj.decode_as_image().save(png, "PNG", optimize=True)
        data = base64.b64encode(png.getvalue()).decode("ascii")
        return (f'<image width="1" height="1" preserveAspectRatio="none" '
                f'transform="{transform(m)}" href="data:image/png;base64,{data}"/>')


@dataclass
class _Stream:
    """One content stream being translated: its graphics state and the path, text position
    and marked-content span it is in the middle of. A form placed in it is read by a
    stream of its own, so that nothing of this one leaks into the design."""

    writer: _Writer
    resources: Any
    #: takes the stream's default space to the output space
    base: Matrix
    out: list[Any] = field(default_factory=list)
    state: State = field(default_factory=State)
    stack: list[State] = field(default_factory=list)
    path: list[tuple[str, tuple[float, ...]]] = field(default_factory=list)
    #: the path's points in the stream's space, for the drawn box and the grounds
    points: list[tuple[float, float]] = field(default_factory=list)
    start: tuple[float, float] = (0.0, 0.0)
    #: the rule of a clip set for the path being built ("*" even-odd), or None
    clip: str | None = None
    text_m: Matrix = IDENTITY
    line_m: Matrix = IDENTITY
    #: the span being shown as its logical text: [text, x-start matrix, width, font]
    actual: list[Any] | None = None
    #: the filled areas drawn so far: (x0, y0, x1, y1) in the stream's space, and colour
    grounds: list[tuple[float, float, float, float, tuple[float, float, float]]] = field(
        default_factory=list)
    #: the CTM last seen, and it times ``base``
    placed: list[Any] = field(default_factory=lambda: [None, IDENTITY])
    #: the stream's fonts, XObjects and graphics-state dictionaries
    fonts: Any = field(init=False)
    objects: Any = field(init=False)
    alphas: Any = field(init=False)
    #: the matrix that takes the stream to the page, as it was when the stream began
    place: Matrix = field(init=False)

    def __post_init__(self) -> None:
        self.fonts = pdfread.get(self.resources, "/Font")
        self.objects = pdfread.get(self.resources, "/XObject")
        self.alphas = pdfread.get(self.resources, "/ExtGState")
        self.place = self.writer.place

    def run(self, data: bytes) -> list[Any]:
        """Every operator of ``data`` in turn, by its family; the clip groups still open
        at the end are closed."""
        operands: list[Any] = []
        for token in pdfread.tokens(data):
            if not isinstance(token, pdfread.Op):
                operands.append(token)
                continue
            op, args = str(token), operands
            operands = []
            n = [a for a in args if isinstance(a, float)]
            family = _FAMILIES.get(op)
            if family is not None:
                family(self, op, args, n)
        self.out.extend("</g>" for _ in range(self.state.clips))
        for saved in reversed(self.stack):
            self.out.extend("</g>" for _ in range(saved.clips))
        return self.out

    def pt(self, x: float, y: float) -> tuple[float, float]:
        """A point of the current space in the output space; it is kept, in the stream's
        space, in :attr:`points`."""
        ctm = self.state.ctm
        if ctm is not self.placed[0]:
            self.placed[:] = [ctm, multiply(ctm, self.base)]
        a, b, c, d, e, f = ctm
        self.points.append((a * x + c * y + e, b * x + d * y + f))
        a, b, c, d, e, f = self.placed[1]
        return a * x + c * y + e, b * x + d * y + f

    def scale(self) -> float:
        return scale_of(multiply(self.state.ctm, self.base))

    def on_light(self, x: float, y: float) -> bool:
        """Whether the area last filled under (x, y) has a light colour of its own
        (a yellow finish space): ink drawn there stays dark in dark mode."""
        for x0, y0, x1, y1, rgb in reversed(self.grounds):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return not is_paper(rgb) and luminance(rgb) > 0.45
        return False

    def nesting(self, op: str, args: list[Any], n: list[float]) -> None:
        """``q Q cm``: the graphics state saved, restored (closing the clips set since it
        was saved) and moved."""
        if op == "q":
            self.stack.append(replace(self.state))
            self.state.clips = 0
        elif op == "Q":
            self.out.extend("</g>" for _ in range(self.state.clips))
            if self.stack:
                self.state = self.stack.pop()
        elif op == "cm" and len(n) == 6:
            self.state.ctm = multiply(tuple(n), self.state.ctm)  # type: ignore[arg-type]

    def build(self, op: str, args: list[Any], n: list[float]) -> None:
        """``m l c v y h re``: the path grows, in the output space."""
        path, pt = self.path, self.pt
        if op == "m" and len(n) == 2:
            self.start = (n[0], n[1])
            path.append(("M", pt(*n)))
        elif op == "l" and len(n) == 2:
            path.append(("L", pt(*n)))
        elif op == "c" and len(n) == 6:
            path.append(("C", pt(n[0], n[1]) + pt(n[2], n[3]) + pt(n[4], n[5])))
        elif op in ("v", "y") and len(n) == 4:
            # the current point is one of the control points: back in the current space
            last = self.points[-1] if self.points else self.start
            current = apply(inverse(self.state.ctm), *last)
            first = current if op == "v" else (n[0], n[1])
            second = (n[0], n[1]) if op == "v" else (n[2], n[3])
            path.append(("C", pt(*first) + pt(*second) + pt(n[2], n[3])))
        elif op == "h":
            path.append(("Z", ()))
        elif op == "re" and len(n) == 4:
            x, y, w, hh = n
            path.extend((("M", pt(x, y)), ("L", pt(x + w, y)), ("L", pt(x + w, y + hh)),
                         ("L", pt(x, y + hh)), ("Z", ())))

    def painting(self, op: str, args: list[Any], n: list[float]) -> None:
        """``S s f F f* B B* b b* n``: the path painted (or only ended); ``W W*``: it clips
        what follows once it is ended."""
        if op in ("S", "s"):
            if op == "s":
                self.path.append(("Z", ()))
            self.paint(False, True, False)
        elif op in ("f", "F", "f*"):
            self.paint(True, False, op == "f*")
        elif op in ("B", "B*", "b", "b*"):
            if op.startswith("b"):
                self.path.append(("Z", ()))
            self.paint(True, True, op.endswith("*"))
        elif op == "n":
            self.paint(False, False, False)
        elif op in ("W", "W*"):
            self.clip = "*" if op == "W*" else ""

    def paint(self, fill: bool, stroke: bool, evenodd: bool) -> None:
        """The path as a shape (after the clip group it sets, if any); the path is then
        empty."""
        writer, path, points, state = self.writer, self.path, self.points, self.state
        if self.clip is not None and path:
            d = path_data(path)
            cid = writer.new_id("c")
            rule = ' clip-rule="evenodd"' if self.clip == "*" else ""
            writer.defs.append(f'<clipPath id="{cid}"><path d="{d}"{rule}/></clipPath>')
            self.out.append(f'<g clip-path="url(#{cid})">')
            state.clips += 1
            self.clip = None
        if path and (fill or stroke):
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            fixed = writer.printed or self.on_light((min(xs) + max(xs)) / 2,
                                                    (min(ys) + max(ys)) / 2)
            self.out.append(writer.path(list(path), state, fill, stroke, evenodd,
                                        self.scale(), fixed))
            if fill:
                self.grounds.append((min(xs), min(ys), max(xs), max(ys), state.fill))
            writer.grow(self.place, points, state.width * self.scale() / 2 if stroke else 0.0)
        path.clear()
        points.clear()

    def colour(self, op: str, args: list[Any], n: list[float]) -> None:
        """``rg RG g G k K``: the fill (lower case) or stroke colour, kept as RGB."""
        state = self.state
        if op == "rg" and len(n) == 3:
            state.fill = (n[0], n[1], n[2])
        elif op == "RG" and len(n) == 3:
            state.stroke = (n[0], n[1], n[2])
        elif op == "g" and n:
            state.fill = (n[0], n[0], n[0])
        elif op == "G" and n:
            state.stroke = (n[0], n[0], n[0])
        elif op in ("k", "K") and len(n) == 4:
            c, m_, y, k = n
            rgb = ((1 - c) * (1 - k), (1 - m_) * (1 - k), (1 - y) * (1 - k))
            if op == "k":
                state.fill = rgb
            else:
                state.stroke = rgb

    def line_style(self, op: str, args: list[Any], n: list[float]) -> None:
        """``w J j M d``: how lines are stroked; ``gs``: the alpha of fill and stroke."""
        state = self.state
        if op == "w" and n:
            state.width = n[0]
        elif op == "J" and n:
            state.cap = int(n[0])
        elif op == "j" and n:
            state.join = int(n[0])
        elif op == "M" and n:
            state.miter = n[0]
        elif op == "d" and args and isinstance(args[0], list):
            state.dash = (tuple(float(v) for v in args[0]), n[-1] if n else 0.0)
        elif op == "gs" and args and isinstance(args[0], pdfread.Name):
            gs = pdfread.get(self.alphas, "/" + args[0])
            if gs is not None:
                state.fill_alpha = float(gs.get("/ca", state.fill_alpha))
                state.stroke_alpha = float(gs.get("/CA", state.stroke_alpha))

    def text_state(self, op: str, args: list[Any], n: list[float]) -> None:
        """``BT Tf TL Tc Tw Tz Ts``: the font and spacing of the text;
        ``Tm Td TD T*``: where its next line starts."""
        state = self.state
        if op == "BT":
            self.text_m = self.line_m = IDENTITY
        elif op == "Tf" and args and isinstance(args[0], pdfread.Name):
            ref = pdfread.get(self.fonts, "/" + args[0], raw=True)
            state.font = self.writer.font(ref) if ref is not None else None
            state.size = n[-1] if n else state.size
        elif op == "TL" and n:
            state.leading = n[0]
        elif op == "Tc" and n:
            state.char_space = n[0]
        elif op == "Tw" and n:
            state.word_space = n[0]
        elif op == "Tz" and n:
            state.scale = n[0]
        elif op == "Ts" and n:
            state.rise = n[0]
        elif op == "Tm" and len(n) == 6:
            self.text_m = self.line_m = tuple(n)  # type: ignore[assignment]
        elif op in ("Td", "TD") and len(n) == 2:
            if op == "TD":
                state.leading = -n[1]
            self.text_m = self.line_m = multiply((1.0, 0.0, 0.0, 1.0, n[0], n[1]), self.line_m)
        elif op == "T*":
            self.next_line()

    def next_line(self) -> None:
        self.text_m = self.line_m = multiply((1.0, 0.0, 0.0, 1.0, 0.0, -self.state.leading),
                                             self.line_m)

    def showing(self, op: str, args: list[Any], n: list[float]) -> None:
        """``Tj ' " TJ``: runs shown; ``BDC … EMC``: a span whose runs are written as its
        ActualText, in one ``<text>`` as wide as they are."""
        if op in ("Tj", "'", '"') and args and isinstance(args[-1], bytes):
            if op != "Tj":
                self.next_line()
            self.show(args[-1])
        elif op == "TJ" and args and isinstance(args[0], list):
            pending = 0.0
            for item in args[0]:
                if isinstance(item, bytes):
                    self.show(item, pending)
                    pending = 0.0
                else:
                    pending += float(item)
            if pending:
                state = self.state
                self.text_m = multiply((1.0, 0.0, 0.0, 1.0,
                                        -pending / 1000 * state.size * state.scale / 100, 0.0),
                                       self.text_m)
        elif op == "BDC" and len(args) == 2 and isinstance(args[1], dict):
            text = args[1].get(pdfread.Name("ActualText"))
            if isinstance(text, bytes):
                self.actual = [pdfread.utf16(text), None, 0.0, None]
        elif op == "EMC" and self.actual is not None:
            spoken, origin, width, font = self.actual
            self.actual = None
            if origin is not None:
                self.writer.text(self.out, spoken, origin, width, font, self.state, self.base,
                                 self.on_light)

    def show(self, codes: bytes, adjust: float = 0.0) -> None:
        """One string of a run, written (or added to the span's width); the text position
        moves past it."""
        state = self.state
        font = state.font
        if font is None:
            return
        size, h = state.size, state.scale / 100
        spaces = codes.count(b" ")
        advance = (font.width(codes) / 1000 * size + state.char_space * len(codes)
                   + state.word_space * spaces - adjust / 1000 * size) * h
        origin = multiply((1.0, 0.0, 0.0, 1.0, 0.0, state.rise), self.text_m)
        actual = self.actual
        if actual is not None:
            if actual[1] is None:
                actual[1:4] = [origin, 0.0, font]
            actual[2] += advance
        else:
            self.writer.text(self.out, font.text(codes), origin, advance, font, state,
                             self.base, self.on_light)
        self.text_m = multiply((1.0, 0.0, 0.0, 1.0, advance, 0.0), self.text_m)

    def placing(self, op: str, args: list[Any], n: list[float]) -> None:
        """``Do``: a form or an image placed."""
        if op == "Do" and args and isinstance(args[0], pdfread.Name):
            ref = pdfread.get(self.objects, "/" + args[0], raw=True)
            if ref is not None:
                self.out.append(self.writer.use(ref, multiply(self.state.ctm, self.base),
                                                self.state))


_Family = Callable[[_Stream, str, list[Any], list[float]], None]
#: The operators the translation reads, by the method that reads their family; any other
#: (``ET``, ``BMC``, a shading) draws nothing here.
_FAMILIES: dict[str, _Family] = {
    **dict.fromkeys(("q", "Q", "cm"), _Stream.nesting),
    **dict.fromkeys(("m", "l", "c", "v", "y", "h", "re"), _Stream.build),
    **dict.fromkeys(("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n", "W", "W*"),
                    _Stream.painting),
    **dict.fromkeys(("rg", "RG", "g", "G", "k", "K"), _Stream.colour),
    **dict.fromkeys(("w", "J", "j", "M", "d", "gs"), _Stream.line_style),
    **dict.fromkeys(("BT", "Tf", "TL", "Tc", "Tw", "Tz", "Ts", "Tm", "Td", "TD", "T*"),
                    _Stream.text_state),
    **dict.fromkeys(("Tj", "'", '"', "TJ", "BDC", "EMC"), _Stream.showing),
    **dict.fromkeys(("Do",), _Stream.placing),
}


def _rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


@dataclass(frozen=True)
class Drawings:
    """A PDF's pages as pictures, and the designs (forms) they place, as SVG elements to
    go in one ``<defs>`` of the same HTML page."""

    pages: list[Picture]
    #: the designs' SVG by id, in the order they were first placed
    designs: dict[str, str]

    @property
    def defs(self) -> str:
        """Every design's SVG, for one ``<defs>``."""
        return "".join(self.designs.values())


def read(pdf: bytes, prefix: str = "") -> Drawings:
    """Every page of ``pdf`` as a :class:`Picture`; ids in them start with ``prefix``."""
    reader = PdfReader(BytesIO(pdf))
    writer = _Writer({}, prefix, designs_prefix=prefix)
    out: list[Picture] = []
    for number, page in enumerate(reader.pages):
        box = [float(v) for v in page.mediabox]
        width, height = box[2] - box[0], box[3] - box[1]
        flip: Matrix = (1.0, 0.0, 0.0, -1.0, -box[0], box[3])
        writer.prefix, writer._ids, writer.place = f"{prefix}{number + 1}-", 0, flip
        writer.defs, writer.box, writer.smallest = [], nothing(), math.inf
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
        memo = (data, writer.prefix, tuple(box))
        if _alone(data) and memo in _PAGES:
            out.append(_PAGES[memo])
            continue
        items = writer.stream(data, page.get("/Resources"), flip)
        paint = defaults(items + writer.defs)
        body, defs = markup(items, paint), markup(writer.defs, paint)
        paint = {k: v for k, v in paint.items() if INITIAL.get(k) != v}
        drawn = writer.box
        found = tuple(drawn) if drawn[0] < drawn[2] else None
        smallest = writer.smallest if writer.smallest < math.inf else 0.0
        out.append(Picture(width, height, body, defs, found,  # type: ignore[arg-type]
                           smallest, paint))
        if _alone(data):
            _remember(_PAGES, memo, out[-1])
    return Drawings(out, writer.designs)
