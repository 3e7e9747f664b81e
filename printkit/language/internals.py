"""Every private part of ReportLab printkit relies on, in one module: the list of them,
with the versions it was checked against, and the code that touches them.

ReportLab's public API does not cover everything a print tool needs (replaying a drawn
design, sharing font subsets between documents, shaped right-to-left text, measuring a
frame while laying out a page), so a few places reach into its internals. Each one is a
:class:`Reliance` here: what it is, where printkit uses it, why, and a probe that says
whether the installed ReportLab still has it. :func:`broken_reliances` is run by the test
suite: a ReportLab outside :data:`CHECKED` or a probe that fails names the reliance, so
an upgrade breaks loudly in the tests, never silently in a printed kit. Every build,
``printkit check``, export and review sheet runs the probes too, once per process, first
(:func:`require_checked_reportlab`): a ReportLab installed later, outside the range
``pyproject.toml`` declares or failing a probe, is refused in one line, naming it and
the reliance, instead of printing wrong PDFs.

Below the list are the small functions the rest of printkit calls instead of touching
ReportLab's private names itself (a test scans printkit's source for any that does):
the patches printkit applies to ReportLab (:func:`patch_set_rise`,
:func:`share_subsets`), the recording and replay of a
canvas's operators, the image objects a picture is drawn with, the font tables a
locale's font is numbered in, and the bookkeeping of printkit's own paragraph.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import reportlab
from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, ttfonts
from reportlab.pdfgen import textobject
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import doctemplate, flowables, frames, paragraph

from printkit.errors import LibraryError
from printkit.output import DeferredStops

#: The ReportLab versions these reliances were checked against: from, and below. The
#: same range as ``reportlab>=4.4.3,<5.2`` in pyproject.toml (a test holds them together):
#: widen both after the probes, and the tests, pass on a newer ReportLab. 4.4.3: the
#: oldest svglib (SVG pictures) asks for it.
CHECKED = ((4, 4, 3), (5, 2))


@dataclass(frozen=True)
class Reliance:
    name: str
    #: The printkit modules that use it.
    where: str
    why: str
    #: True while the installed ReportLab still has it.
    probe: Callable[[], bool]


def _has(owner: object, *names: str) -> Callable[[], bool]:
    return lambda: all(hasattr(owner, name) for name in names)


def _canvas_code() -> bool:
    c = Canvas(None)
    return (isinstance(getattr(c, "_code", None), list) and hasattr(c, "_doc")
            and len(getattr(c, "_currentMatrix", ())) == 6 and hasattr(c, "_strokeAndFill"))


def _canvas_images() -> bool:
    c = Canvas(None)
    return (hasattr(c, "_setXObjects") and isinstance(getattr(c, "_formsinuse", None), list)
            and hasattr(c, "_currentPageHasImages")
            and hasattr(pdfdoc.PDFImageXObject("probe"), "_filters"))


def _document_objects() -> bool:
    return (hasattr(pdfdoc.PDFDocument, "ensureMinPdfVersion")
            and isinstance(getattr(pdfdoc.PDFDocument(), "idToObject", None), dict))


@cache
def _font() -> ttfonts.TTFont:
    """A font to probe with, read once (two probes use it: most of their time)."""
    from printkit.resources import fonts_dir

    return ttfonts.TTFont("PrintkitProbe", str(fonts_dir() / "DejaVuSans.ttf"))


def _font_face() -> bool:
    font = _font()
    face = font.face
    return (hasattr(face, "makeSubset") and hasattr(getattr(font, "state", None), "get")
            and all(isinstance(getattr(face, name, None), dict)
                    for name in ("charToGlyph", "glyphToChar", "charWidths"))
            and callable(getattr(face, "_pdfScale", None))
            and isinstance(face.numGlyphs, int) and len(face.hmetrics) > 0)


def _shaping() -> bool:
    font = _font()
    font.hbFont(10)
    return (all(hasattr(ttfonts, n) for n in ("ShapedStr", "ShapeData"))
            and callable(getattr(font, "hbAddPrivate", None)))


def _frame_fields() -> bool:
    f = frames.Frame(0, 0, 100, 100)
    return all(hasattr(f, name) for name in ("_y", "_y1p", "_x1", "_y1", "_y2", "_width",
                                             "_height", "_atTop", "_getAvailableWidth"))


def _kept_together() -> bool:
    block = flowables.KeepTogether([flowables.Spacer(10, 20)])
    block.canv = Canvas(None)
    block.wrap(100, 100)
    return isinstance(getattr(block, "_content", None), list) and hasattr(block, "_H")


def _text_formatting() -> bool:
    c = Canvas(None)
    c.setFont("Helvetica", 10)
    text = textobject.PDFTextObject(c)
    return ("Tj" in text._formatText("probe")  # type: ignore[attr-defined]
            and getattr(text, "_canvas", None) is c and c._formData is None)  # type: ignore[attr-defined]


def _text_object_fields() -> bool:
    t = textobject.PDFTextObject(Canvas(None))
    return all(hasattr(t, name) for name in ("_code", "_y", "_rise"))


def _paragraph_parts() -> bool:
    return (_has(paragraph, "_handleBulletWidth", "ParaLines")()
            and _has(paragraph.Paragraph, "breakLines")()
            and "_splitpara" in paragraph.Paragraph.split.__code__.co_names)


#: The ASCII characters PDFDocEncoding ('extpdfdoc') has no code for; it gives every
#: other ASCII character its own code.
_NOT_PDFDOC = re.compile("[\x18-\x1f]")


def _pdfdoc_encoding() -> bool:
    """ReportLab's encoder is its 'extpdfdoc' codec, which gives every ASCII character
    but those of :data:`_NOT_PDFDOC` its own code (those go to the codec as they are)."""
    def own_code(code: int) -> bool:
        try:
            return _pdfdoc_encode(chr(code)) == bytes([code])
        except UnicodeEncodeError:
            return False

    return callable(getattr(pdfdoc, "pdfdocEnc", None)) and all(
        own_code(code) for code in range(128) if not _NOT_PDFDOC.match(chr(code)))


RELIANCES: tuple[Reliance, ...] = (
    Reliance("Canvas._code, _doc, _currentMatrix, _strokeAndFill", "drawing/pdf.py",
             "a design drawn once is replayed from its recorded operators; a circle's "
             "operators are written straight out; a form's printed scale is read from the "
             "canvas's transformation", _canvas_code),
    Reliance("Canvas._setXObjects, _formsinuse, _currentPageHasImages; "
             "PDFImageXObject._filters", "model/components/pictures.py",
             "a prepared picture is added to a document once, from the picture cache, and "
             "placed by its own 'Do' operator", _canvas_images),
    Reliance("PDFDocument.ensureMinPdfVersion (patched while recording), "
             "PDFDocument.idToObject",
             "drawing/pdf.py, language/fonts.py, model/components/pictures.py",
             "a replayed design asks for the PDF version its first drawing asked for; "
             "font and picture objects are found by their ids", _document_objects),
    Reliance("TTFontFace.makeSubset (patched), charToGlyph, glyphToChar, charWidths, "
             "hmetrics, _pdfScale, numGlyphs; TTFont.state", "language/fonts.py",
             "font subsets shared by every document of a locale (made once, the same "
             "bytes); every glyph without a character given a fixed code", _font_face),
    Reliance("ttfonts.ShapedStr, ShapeData, TTFont.hbFont, hbAddPrivate", "language/shaping.py",
             "a locale's text shaped by HarfBuzz and set as ReportLab's shaped strings",
             _shaping),
    Reliance("PDFTextObject._code, _y, _rise (setRise patched)", "language/shaping.py",
             "setRise fails on shaped text that starts with a raised mark",
             _text_object_fields),
    Reliance("PDFTextObject._formatText(text) (wrapped), _canvas; Canvas._formData",
             "language/shaping.py",
             "shaped text is written inside an ActualText span of its logical text, so "
             "copying and searching a PDF finds the words, not their glyphs' forms",
             _text_formatting),
    Reliance("Frame._y, _y1p, _x1, _y1, _y2, _width, _height, _atTop, _getAvailableWidth",
             "drawing/pagefit.py", "page fitting measures how far down a page's content "
             "reaches and starts two columns in the room left", _frame_fields),
    Reliance("Frame.add (replaced on one frame), Flowable.drawOn (set on one flowable "
             "while it is placed)", "drawing/pagefit.py",
             "a sketch of a layout places every flowable and draws none",
             lambda: callable(getattr(frames.Frame, "add", None))
             and callable(getattr(flowables.Flowable, "drawOn", None))),
    Reliance("BaseDocTemplate._curPageFlowableCount, _nextPageTemplateIndex, "
             "_nextFrameIndex", "drawing/pagefit.py",
             "a two-column block started on the same page below the text",
             _has(doctemplate.BaseDocTemplate, "handle_flowable", "handle_frameEnd")),
    Reliance("BaseDocTemplate._hanging and its layout attributes (copied when a page "
             "begins, set again after handle_documentBegin); Flowable._postponed (set by "
             "handle_flowable, never cleared)", "drawing/pagefit.py",
             "a trial layout of a section's last page resumes where that page begins "
             "instead of laying out every page before it again",
             lambda: _has(doctemplate.BaseDocTemplate, "handle_documentBegin",
                          "handle_pageBegin", "clean_hanging")()
             and "_hanging" in doctemplate.BaseDocTemplate.handle_documentBegin.__code__
             .co_names
             and "_postponed" in doctemplate.BaseDocTemplate.handle_flowable.__code__
             .co_names),
    Reliance("KeepTogether._content, _H", "drawing/flow.py, drawing/pagefit.py",
             "a block's flowables regrouped when a panel moves ahead of its text; a kept "
             "block's whole height measured before it is placed", _kept_together),
    Reliance("AnchorFlowable._name", "drawing/flow.py",
             "a heading's outline entry points at the bookmark it sets",
             lambda: flowables.AnchorFlowable("probe")._name == "probe"),
    Reliance("platypus.paragraph._handleBulletWidth, ParaLines; "
             "Paragraph.breakLines, _splitpara", "drawing/paragraph.py",
             "paragraphs in a locale's own script (shaped, right to left, CJK) break their "
             "own lines", _paragraph_parts),
    Reliance("Paragraph._setup(text, style, bulletText, frags, cleaner) (overridden)",
             "drawing/paragraph.py",
             "a paragraph's markup is read once per text and style settings; a paragraph "
             "made again is given copies of the fragments instead of reading it again",
             lambda: paragraph.Paragraph._setup.__code__.co_varnames[:6]
             == ("self", "text", "style", "bulletText", "frags", "cleaner")),
    Reliance("rl_config._FUZZ", "language/lines.py, language/kinsoku.py",
             "lines broken by printkit allow the same rounding as ReportLab's own",
             lambda: isinstance(getattr(rl_config, "_FUZZ", None), float)),
    Reliance("pdfdoc.pdfdocEnc (patched)", "drawing/pdf.py",
             "every content stream and number of a PDF is text put through the "
             "'extpdfdoc' codec, a Python character map; ASCII text, as they all are, is "
             "encoded by the C fast path, the same bytes", _pdfdoc_encoding),
    Reliance("Canvas._fillColorObj", "drawing/text.py",
             "a line of tagged text is set in the canvas's current fill colour",
             lambda: hasattr(Canvas(None), "_fillColorObj")),
)


def version() -> tuple[int, ...]:
    return tuple(int(part) for part in reportlab.Version.split(".")[:3] if part.isdigit())


def _checked_version() -> bool:
    low, high = CHECKED
    return low <= version() < high


def _holds(reliance: Reliance) -> bool:
    """Whether the reliance's probe passes. Probed without ``SOURCE_DATE_EPOCH``, which
    every PDF document ReportLab makes reads: a malformed one is the build's usage error
    (see :func:`printkit.commands.build.check_source_date_epoch`), not a failed probe."""
    dated = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        return bool(reliance.probe())
    except Exception:  # noqa: BLE001 - any failure of a probe is the news
        return False
    finally:
        if dated is not None:
            os.environ["SOURCE_DATE_EPOCH"] = dated


def broken_reliances() -> list[str]:
    """What the installed ReportLab breaks of the reliances, one line each (none: fine)."""
    found = []
    low, high = CHECKED
    if not _checked_version():
        found.append(f"ReportLab {reportlab.Version} is outside the versions printkit's "
                     f"reliances on its internals were checked against "
                     f"({'.'.join(map(str, low))} up to below {'.'.join(map(str, high))}): "
                     f"check each of {', '.join(r.name for r in RELIANCES)}, then widen "
                     f"CHECKED in printkit/language/internals.py")
    for reliance in RELIANCES:
        if not _holds(reliance):
            found.append(f"ReportLab {reportlab.Version} no longer has {reliance.name} "
                         f"(used in {reliance.where}: {reliance.why})")
    return found


def checked_versions() -> str:
    """:data:`CHECKED` as a person reads it: ``4.4.3 to 5.1``."""
    low, (high_major, high_minor) = CHECKED
    last = f"{high_major}.{high_minor - 1}" if high_minor else f"below {high_major}.0"
    return f"{'.'.join(map(str, low))} to {last}"


def requirement() -> str:
    """:data:`CHECKED` as pip's requirement: ``reportlab>=4.4.3,<5.2``."""
    low, high = CHECKED
    return f"reportlab>={'.'.join(map(str, low))},<{'.'.join(map(str, high))}"


def refusal() -> str | None:
    """Why printkit must not print with the installed ReportLab, in one line that names
    its version and the first reliance that fails (None: it may)."""
    installed = reportlab.Version
    failing = [reliance for reliance in RELIANCES if not _holds(reliance)]
    if failing:
        first = failing[0]
        why = (f"the reliance '{first.name}' ({first.where}) fails with ReportLab "
               f"{installed}" + (f", and {len(failing) - 1} more" if len(failing) > 1 else ""))
    else:
        why = (f"its {len(RELIANCES)} reliances on ReportLab's internals "
               f"(printkit/language/internals.py) were never checked with it")
    if _checked_version():
        if not failing:
            return None
        said = why
    else:
        said = (f"ReportLab {installed} is not one printkit was checked with "
                f"({checked_versions()}): {why}")
    return (f"{said}; install a ReportLab printkit was checked with: "
            f"python3 -m pip install \"{requirement()}\"")


@cache
def _refused() -> str | None:
    return refusal()


def require_checked_reportlab() -> None:
    """Refuse to go on with a ReportLab that :func:`refusal` refuses (a
    :class:`~printkit.errors.LibraryError`, its one line). The probes run once per process
    (about 10 ms, most of it reading a font); every build, check, export and review sheet
    calls this first.

    ``printkit build``'s shortcut for a build with nothing to do (:mod:`printkit.commands.uptodate`)
    answers without importing ReportLab, so without this: it needs none, since its digest
    holds the installed ReportLab's version (:func:`printkit.commands.fingerprint.libraries`), and a
    version that differs from the last build's, which passed this, is never up to date."""
    # A stop signal while probing waits for the probes' end: ReportLab guards some imports
    # with a bare ``except``, which would take the stop for a missing part, and the answer
    # is kept for the process.
    with DeferredStops():
        line = _refused()
    if line is not None:
        raise LibraryError(line)


# -- The canvas's operators ---------------------------------------------------------------
# A canvas keeps the operators of the page or form being drawn in ``_code``, a list of
# strings, and its document in ``_doc``. Neither is public, and nothing public replays a
# drawing: printkit records a design's operators once and writes them again in the next
# document that draws it (see printkit.drawing.pdf.draw_once).


def operators(canvas: Canvas) -> list[str]:
    """The canvas's operators so far: the list itself, so appending to it draws."""
    return canvas._code  # type: ignore[attr-defined,no-any-return]


def document(canvas: Canvas) -> Any:
    """The canvas's PDFDocument (its objects, its PDF version)."""
    return canvas._doc  # type: ignore[attr-defined]


def current_matrix(canvas: Canvas) -> tuple[float, ...]:
    """The canvas's current transformation (a, b, c, d, e, f). ReportLab keeps it only
    privately; printkit reads it to know how large a drawing comes out on the paper."""
    return canvas._currentMatrix  # type: ignore[attr-defined,no-any-return]


def stroke_and_fill(canvas: Canvas, stroke: int, fill: int) -> None:
    """End the path just written into :func:`operators` as ReportLab's own shapes do
    (stroked, filled or both, by the canvas's fill rule): printkit's circles write their
    operators straight out, the very bytes ReportLab's would be, without its arc code."""
    canvas._strokeAndFill(stroke, fill)  # type: ignore[attr-defined]


@dataclass
class Recording:
    """What drawing into a canvas wrote: its operators, and the PDF features it asked the
    document for (``ensureMinPdfVersion`` keys)."""

    operators: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)


@contextmanager
def recording(canvas: Canvas) -> Iterator[Recording]:
    """Record what is drawn into ``canvas`` inside the block (filled in when it ends
    without an error).

    A drawing's operators alone do not replay it: one with transparency also makes the
    document ask for PDF 1.4, and a document that drew it earlier asked already, so its
    own request goes unseen. ``ensureMinPdfVersion`` is patched on this one document,
    for the block only, to note every request (still passed on)."""
    doc = document(canvas)
    code = operators(canvas)
    drawn = Recording()
    ensure = doc.ensureMinPdfVersion

    def noting(*keys: str) -> None:
        drawn.asked.extend(keys)
        ensure(*keys)

    doc.ensureMinPdfVersion = noting
    start = len(code)
    try:
        yield drawn
    finally:
        del doc.ensureMinPdfVersion
    drawn.operators[:] = code[start:]


def replay(canvas: Canvas, code: Sequence[str], asked: Sequence[str]) -> None:
    """Write recorded operators into ``canvas`` and ask its document for the PDF features
    their first drawing asked for: the same bytes as drawing them again."""
    operators(canvas).extend(code)
    document(canvas).ensureMinPdfVersion(*asked)


def fill_colour(canvas: Canvas, default: Any) -> Any:
    """The canvas's current fill colour (ReportLab has no getter), or ``default``."""
    return getattr(canvas, "_fillColorObj", default)


# -- Pictures -----------------------------------------------------------------------------
# ReportLab's drawImage reads and encodes the image file in every document. A prepared
# picture (printkit.model.components.pictures) is added as ReportLab's own image object, read
# from the picture cache when the PDF is written, and drawn by its 'Do' operator.


def pdf_object(doc: Any, key: str) -> Any:
    """The object ``doc`` holds under ``key`` (a font's file, its widths' dictionary)."""
    return doc.idToObject[key]


def has_image(canvas: Canvas, name: str) -> bool:
    """Whether the canvas's document holds the image named ``name`` already."""
    doc = document(canvas)
    return doc.idToObject.get(doc.getXObjectName(name)) is not None


def add_image(canvas: Canvas, image: pdfdoc.PDFImageXObject, form: bool = True) -> Any:
    """Add ``image`` (named by its ``name``) to the canvas's document, as ReportLab's
    drawImage does; a ``form`` can be drawn by name, a soft mask is only referenced. The
    reference to it."""
    canvas._setXObjects(image)  # type: ignore[attr-defined]
    doc = document(canvas)
    reference = doc.Reference(image, doc.getXObjectName(image.name))
    if form:
        doc.addForm(image.name, image)
    return reference


def paint_image(canvas: Canvas, name: str) -> None:
    """Draw the image ``name`` into the unit square of the current transformation, and
    note it where ReportLab notes its own (the page has images; the form is in use)."""
    canvas._currentPageHasImages = 1  # type: ignore[attr-defined]
    operators(canvas).append(f"/{document(canvas).getXObjectName(name)} Do")
    canvas._formsinuse.append(name)  # type: ignore[attr-defined]


def set_image_filters(image: pdfdoc.PDFImageXObject, filters: tuple[str, ...]) -> None:
    """The filters ``image``'s bytes are encoded with (written as its /Filter)."""
    image._filters = filters  # type: ignore[attr-defined]


# -- Fonts --------------------------------------------------------------------------------


def share_subsets(face: ttfonts.TTFontFace) -> None:
    """Make each subset of ``face`` once per process: every document of a locale starts
    its subsets with the same characters (printkit.language.fonts), so most of them ask
    for the same glyphs, and ReportLab would build the same bytes again per document.
    ``makeSubset`` is wrapped on this face only, keyed by the codes asked for."""
    made: dict[tuple[int, ...], bytes] = {}
    subset = face.makeSubset

    def make_subset(codes: list[int]) -> bytes:
        key = tuple(codes)
        if key not in made:
            made[key] = subset(codes)
        return made[key]

    face.makeSubset = make_subset  # type: ignore[method-assign]


def character_map(font: ttfonts.TTFont) -> dict[int, int]:
    """The font's characters and their glyphs."""
    return font.face.charToGlyph  # type: ignore[no-any-return]


def started_in(font: ttfonts.TTFont, doc: object) -> bool:
    """Whether ``font`` has begun its subsets in ``doc``."""
    return doc in font.state


def subset_count(font: ttfonts.TTFont, doc: object) -> int:
    """How many subsets of ``font`` ``doc`` uses."""
    return len(font.state[doc].subsets) if doc in font.state else 0


#: The Private Use Area, where a glyph with no character of its own gets one.
_PRIVATE = range(0xE000, 0xF900)


def name_every_glyph(font: ttfonts.TTFont) -> None:
    """Give every glyph without a character (a joined form, a ligature, a mark's variant)
    a code of the Private Use Area, in glyph order, before anything is shaped. ReportLab
    would give each one a code when it is first shaped, counting up: the codes (in the
    PDF's widths and ToUnicode map) would then depend on what the process shaped before,
    and a build's bytes on which worker rendered what. The face's tables are filled in
    as ReportLab's own numbering fills them."""
    face = font.face
    free = (code for code in _PRIVATE if code not in face.charToGlyph)
    for gid in range(face.numGlyphs):
        if gid in face.glyphToChar:
            continue
        code = next(free, None)
        if code is None:
            return  # no room left: ReportLab numbers the rest as they are shaped
        face.charToGlyph[code] = gid
        face.glyphToChar[gid] = [code]
        face.charWidths[code] = face._pdfScale(face.hmetrics[gid][0])


def harfbuzz_font(font: ttfonts.TTFont, size: float) -> Any:
    """ReportLab's HarfBuzz font for ``font`` at ``size``."""
    return font.hbFont(size)


def shaped_string(font: ttfonts.TTFont, hb_font: Any, buffer: Any, text: str
                  ) -> tuple[str, float]:
    """HarfBuzz's shaped ``buffer`` of ``text`` as ReportLab's shaped string, which its
    canvas and paragraphs draw glyph by glyph, and its advance (in thousandths of the
    size). A glyph with no character gets one from ReportLab (see
    :func:`name_every_glyph`). The string keeps ``text`` for the PDF's ActualText (see
    :func:`patch_actual_text`)."""
    chars = []
    data = []
    face = font.face
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        gid = info.codepoint
        try:
            code = face.glyphToChar[gid][0]
        except KeyError:
            code = font.hbAddPrivate(hb_font.glyph_to_string(gid), gid, pos.x_advance)
        chars.append(chr(code))
        data.append(ttfonts.ShapeData(info.cluster, font.pdfScale(pos.x_advance),
                                      font.pdfScale(pos.y_advance), font.pdfScale(pos.x_offset),
                                      font.pdfScale(pos.y_offset), face.charWidths[code]))
    shaped = ttfonts.ShapedStr("".join(chars), shapeData=data)
    setattr(shaped, _ACTUAL, text)
    return shaped, sum(d.x_advance for d in data)


# -- Lines of text ------------------------------------------------------------------------

#: ReportLab's tolerance when a line's words are measured against its width: printkit's
#: own line breaking (shaped scripts, kinsoku) allows the same, so a line that fits for
#: ReportLab fits for printkit.
FUZZ: float = rl_config._FUZZ


def set_up_paragraph(para: paragraph.Paragraph, text: Any, style: Any, bullet: Any,
                     frags: Any, cleaner: Any) -> None:
    """ReportLab's own setting up of a paragraph (reading ``text``'s markup into fragments,
    unless ``frags`` are given), for a subclass that overrides it (see
    :class:`printkit.drawing.paragraph.Paragraph`)."""
    paragraph.Paragraph._setup(para, text, style, bullet, frags, cleaner)  # type: ignore[attr-defined]


def handle_bullet_width(para: paragraph.Paragraph, widths: list[float]) -> None:
    """Narrow the first line's width in ``widths`` for the paragraph's bullet, as
    ReportLab's own line breaking does first."""
    paragraph._handleBulletWidth(para.bulletText, para.style, widths)


def is_second_half(para: paragraph.Paragraph) -> bool:
    """Whether ``para`` is the second half of a split paragraph (its lines are the
    original's, already broken, and are kept)."""
    return bool(getattr(para, "_splitpara", 0))


_pdfdoc_encode = pdfdoc.pdfdocEnc


def ascii_pdfdoc_encoding(text: Any) -> Any:
    """ReportLab's ``pdfdocEnc``: text to PDFDocEncoding bytes (bytes as they are). ASCII
    text with no character the encoding lacks is encoded as ASCII, the same bytes at a
    fifth of the time; anything else goes to ReportLab's own (which raises as before)."""
    if isinstance(text, str) and text.isascii() and not _NOT_PDFDOC.search(text):
        return text.encode("ascii")
    return _pdfdoc_encode(text)


def patch_pdfdoc_encoding() -> None:
    """Use :func:`ascii_pdfdoc_encoding` wherever ReportLab's PDF objects encode text (its
    content streams: a tenth of a build's PDF writing went to the codec)."""
    pdfdoc.pdfdocEnc = ascii_pdfdoc_encoding


_set_rise = textobject.PDFTextObject.setRise


def safe_set_rise(self: textobject.PDFTextObject, rise: float) -> None:
    """ReportLab's setRise, which fails when shaped text starts with a raised glyph (an
    Arabic mark first in visual order) and no operator came before it in the string."""
    if self._code:
        _set_rise(self, rise)
        return
    self._rise = rise
    self._y -= rise
    self._code.append(f"{fp_str(rise)} Ts")


def patch_set_rise() -> None:
    """Use :func:`safe_set_rise` for every text object (right-to-left text needs it)."""
    textobject.PDFTextObject.setRise = safe_set_rise  # type: ignore[method-assign]


#: The attribute a shaped string keeps its logical text in (see :func:`shaped_string`).
_ACTUAL = "printkit_actual_text"
_format_text = textobject.PDFTextObject._formatText  # type: ignore[attr-defined]


def _format_with_actual_text(self: textobject.PDFTextObject, text: Any) -> str:
    """ReportLab's operators for ``text``; a shaped string's inside a marked-content span
    whose ActualText is the string's logical text (PDF 1.5, 14.9.4). Its glyphs are in
    visual order, some without a character of their own (a joined Arabic letter, a Thai
    mark moved over its consonant): a reader's copy and search take the span's text.
    (Text in forms, the card and board designs drawn once, keeps its glyphs' own text.)"""
    operators = _format_text(self, text)
    actual = getattr(text, _ACTUAL, None)
    # Not inside a form XObject (a design drawn once): PDFium places a span's text there
    # where the form's own coordinates say, not where the form is drawn on the page.
    if not actual or actual.isspace() or self._canvas._formData is not None:  # type: ignore[attr-defined]
        return operators  # type: ignore[no-any-return]
    hexed = ("\ufeff" + actual).encode("utf-16-be").hex().upper()
    return f"/Span <</ActualText <{hexed}>>> BDC {operators} EMC"


def patch_actual_text() -> None:
    """Write every shaped string with its ActualText (see :func:`_format_with_actual_text`)."""
    textobject.PDFTextObject._formatText = _format_with_actual_text  # type: ignore[attr-defined]


# -- Frames, document templates and kept blocks (page fitting) ------------------------------
# A frame keeps where its next flowable goes, and a document template which frame and
# page template come next, only in private fields; printkit's page fitting
# (printkit.drawing.pagefit) reads them to know the room left on a page, and starts two
# columns below the text on the same page.


def frame_y(frame: frames.Frame) -> float:
    """Where the frame's next flowable starts (its top edge, going down)."""
    return frame._y  # type: ignore[attr-defined,no-any-return]


def frame_bottom(frame: frames.Frame) -> float:
    """The lowest a flowable may reach in the frame (its bottom, inside the padding)."""
    return frame._y1p  # type: ignore[attr-defined,no-any-return]


def frame_box(frame: frames.Frame) -> tuple[float, float, float, float]:
    """The frame's outer box: left, bottom, width and height (padding included)."""
    return frame._x1, frame._y1, frame._width, frame._height  # type: ignore[attr-defined]


def frame_top(frame: frames.Frame) -> float:
    """The top of the frame's outer box."""
    return frame._y2  # type: ignore[attr-defined,no-any-return]


def frame_room(frame: frames.Frame) -> tuple[float, float]:
    """The width a flowable gets in the frame, and the height left in it."""
    return frame._getAvailableWidth(), frame._y - frame._y1p  # type: ignore[attr-defined]


def frame_at_top(frame: frames.Frame) -> bool:
    """Whether nothing has been drawn in the frame yet."""
    return bool(frame._atTop)  # type: ignore[attr-defined]


def flowables_on_page(doc: doctemplate.BaseDocTemplate) -> int:
    """How many flowables the document has placed on its current page."""
    return doc._curPageFlowableCount  # type: ignore[attr-defined,no-any-return]


def next_page_template(doc: doctemplate.BaseDocTemplate) -> doctemplate.PageTemplate:
    """The page template the document's next page is to use (NextPageTemplate's)."""
    return doc.pageTemplates[doc._nextPageTemplateIndex]  # type: ignore[attr-defined]


def continue_in_frame(doc: doctemplate.BaseDocTemplate, index: int) -> None:
    """Have the document go on in frame ``index`` of its page template when the current
    frame ends (as FrameBreak would go to the next)."""
    doc._nextFrameIndex = index  # type: ignore[attr-defined]


def kept(block: flowables.KeepTogether) -> list[flowables.Flowable]:
    """The flowables a KeepTogether keeps together."""
    return block._content  # type: ignore[attr-defined,no-any-return]


def kept_height(block: flowables.KeepTogether) -> float:
    """A KeepTogether's whole height, as its last ``wrap`` measured it."""
    return block._H  # type: ignore[attr-defined,no-any-return]


def anchor_name(anchor: flowables.AnchorFlowable) -> str:
    """The name of the bookmark an AnchorFlowable sets."""
    return anchor._name  # type: ignore[attr-defined,no-any-return]


def contents(block: flowables.Flowable) -> list[flowables.Flowable] | None:
    """The flowables a container (a KeepTogether, or another of ReportLab's containers)
    holds; None for a flowable that holds none."""
    return getattr(block, "_content", None)


def placing_only(frame: frames.Frame) -> None:
    """Have ``frame`` place every flowable added to it without drawing it, for a sketch of
    a layout (see :mod:`printkit.drawing.pagefit`): where a flowable goes never depends on
    its drawing, and drawing was most of a sketch's time. ReportLab's frame draws a
    flowable as it places it (``Frame.add``), with no way to do one without the other, so
    the frame's ``add`` is replaced, for this frame only, by one that places each
    flowable with its ``drawOn`` set to nothing, then gives the flowable its own back."""
    if "add" in vars(frame):
        return

    def add(flowable: flowables.Flowable, canv: Any, trySplit: int = 0) -> int:  # noqa: N803
        flowable.drawOn = _not_drawn  # type: ignore[method-assign]
        try:
            return frames.Frame.add(frame, flowable, canv, trySplit)  # type: ignore[no-any-return]
        finally:
            del flowable.drawOn

    frame.add = add  # type: ignore[method-assign]


def _not_drawn(*_args: Any, **_kwargs: Any) -> None:
    """A sketched flowable's drawing: nothing."""


#: A document template's attributes that belong to one build, never carried to another:
#: its canvas and output, its sequencer (made with the canvas), and the hanging actions
#: (carried apart, see :func:`layout_state`).
_OWN_BUILD = frozenset({"canv", "filename", "seq", "_hanging"})


def layout_state(doc: doctemplate.BaseDocTemplate) -> dict[str, Any]:
    """What a document template's layout so far has set, as one of its pages begins
    (called from ``handle_pageBegin``, before it changes anything): every attribute but
    those of :data:`_OWN_BUILD`, each list, dict or set copied, and the actions still
    hanging (ReportLab's ``_hanging``, without the page begin being handled). Given to
    :func:`resume_layout`, a new template of the same document goes on from that page."""
    state = {name: _copied(value) for name, value in vars(doc).items()
             if name not in _OWN_BUILD}
    state["_hanging"] = list(doc._hanging)  # type: ignore[attr-defined]
    return state


def _copied(value: Any) -> Any:
    """A list, dict or set copied (one of their kinds, such as the cycle of page templates
    ReportLab keeps with its place in it, copied with its attributes); anything else as
    it is."""
    if type(value) in (list, dict, set):
        return type(value)(value)
    if isinstance(value, (list, dict, set)):
        return copy.copy(value)
    return value


def resume_layout(doc: doctemplate.BaseDocTemplate, state: dict[str, Any]) -> None:
    """Set ``doc`` (a new template of the same document and settings, its build just
    begun: called from ``handle_documentBegin``) to the ``state`` :func:`layout_state`
    took, the page that state was taken at about to begin. Copies again, so that a state
    can be resumed from any number of times."""
    for name, value in state.items():
        if name != "_hanging":
            setattr(doc, name, _copied(value))
    doc._hanging = [doctemplate.PageBegin, *state["_hanging"]]  # type: ignore[attr-defined]


def postponed(flowable: flowables.Flowable) -> bool:
    """Whether the layout has put ``flowable`` off to the next frame once (ReportLab marks
    it so, and fails with LayoutError if it does not fit there either)."""
    return hasattr(flowable, "_postponed")


def set_postponed(flowable: flowables.Flowable, put_off: bool) -> None:
    """Mark ``flowable``, and every flowable it holds, put off as given (the held ones
    never): ReportLab never clears the mark, so a flowable laid out again by a resumed
    layout must have it set as it was where that layout resumes."""
    if put_off:
        flowable._postponed = 1  # type: ignore[attr-defined]
    elif hasattr(flowable, "_postponed"):
        del flowable._postponed  # type: ignore[attr-defined]
    for inner in contents(flowable) or ():
        set_postponed(inner, False)
