"""Every private part of ReportLab printkit relies on, in one list, with the versions it
was checked against.

ReportLab's public API does not cover everything a print tool needs (replaying a drawn
design, sharing font subsets between documents, shaped right-to-left text, measuring a
frame while laying out a page), so a few places reach into its internals. Each one is a
:class:`Reliance` here: what it is, where printkit uses it, why, and a probe that says
whether the installed ReportLab still has it. :func:`problems` is run by the test
suite: a ReportLab outside :data:`CHECKED` or a probe that fails names the reliance, so
an upgrade breaks loudly in the tests, never silently in a printed kit.

The one patch printkit applies to ReportLab itself (:func:`safe_set_rise`, installed by
:mod:`printkit.render.rtl`) is here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import reportlab
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, ttfonts
from reportlab.pdfgen import canvas, textobject
from reportlab.platypus import doctemplate, flowables, frames, paragraph

#: The ReportLab versions these reliances were checked against: from, and below.
CHECKED = ((4, 1), (5, 2))


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
    c = canvas.Canvas(None)
    return isinstance(getattr(c, "_code", None), list) and hasattr(c, "_doc")


def _frame_fields() -> bool:
    f = frames.Frame(0, 0, 100, 100)
    return all(hasattr(f, name) for name in ("_y", "_y1p", "_x1", "_width", "_height",
                                             "_atTop", "_getAvailableWidth"))


def _text_object_fields() -> bool:
    t = textobject.PDFTextObject(canvas.Canvas(None))
    return all(hasattr(t, name) for name in ("_code", "_y", "_rise"))


RELIANCES: tuple[Reliance, ...] = (
    Reliance("Canvas._code, Canvas._doc", "render/pdf.py, components/pictures.py",
             "a design drawn once is replayed from its recorded operators; a prepared "
             "picture is placed by its own 'Do' operator", _canvas_code),
    Reliance("PDFDocument.ensureMinPdfVersion, PDFDocument.idToObject",
             "render/pdf.py, render/fonts.py, components/pictures.py",
             "a replayed design asks for the PDF version its first drawing asked for; "
             "font and picture objects are found by their ids", _has(
                 pdfdoc.PDFDocument, "ensureMinPdfVersion")),
    Reliance("TTFontFace.makeSubset, charToGlyph, glyphToChar, charWidths, hmetrics, "
             "_pdfScale, numGlyphs; TTFont.state", "render/fonts.py",
             "font subsets shared by every document of a locale (made once, the same "
             "bytes); every glyph without a character given a fixed code",
             _has(ttfonts.TTFontFile, "makeSubset")),
    Reliance("ttfonts.ShapedStr, ShapeData, TTFont.hbFont, hbAddPrivate", "render/rtl.py",
             "right-to-left text shaped by HarfBuzz and set as ReportLab's shaped strings",
             lambda: all(hasattr(ttfonts, n) for n in ("ShapedStr", "ShapeData"))
             and hasattr(ttfonts.TTFont, "hbFont")),
    Reliance("PDFTextObject._code, _y, _rise (setRise patched)", "render/internals.py",
             "setRise fails on shaped text that starts with a raised mark",
             _text_object_fields),
    Reliance("Frame._y, _y1p, _x1, _width, _height, _atTop, _getAvailableWidth",
             "render/pagefit.py", "page fitting measures how far down a page's content "
             "reaches and starts two columns in the room left", _frame_fields),
    Reliance("BaseDocTemplate._curPageFlowableCount, _nextPageTemplateIndex, "
             "_nextFrameIndex", "render/pagefit.py",
             "a two-column block started on the same page below the text",
             _has(doctemplate.BaseDocTemplate, "handle_flowable", "handle_frameEnd")),
    Reliance("KeepTogether._content", "render/flow.py, render/pagefit.py",
             "a block's flowables regrouped when a panel moves ahead of its text",
             lambda: hasattr(flowables.KeepTogether([]), "_content")),
    Reliance("platypus.paragraph._handleBulletWidth, ParaLines; Paragraph.breakLines",
             "render/paragraph.py", "right-to-left paragraphs break their own lines",
             lambda: _has(paragraph, "_handleBulletWidth", "ParaLines")()
             and _has(paragraph.Paragraph, "breakLines")()),
)


def version() -> tuple[int, ...]:
    return tuple(int(part) for part in reportlab.Version.split(".")[:2] if part.isdigit())


def problems() -> list[str]:
    """What the installed ReportLab breaks of the reliances, one line each (none: fine)."""
    found = []
    low, high = CHECKED
    if not low <= version() < high:
        found.append(f"ReportLab {reportlab.Version} is outside the versions printkit's "
                     f"reliances on its internals were checked against "
                     f"({'.'.join(map(str, low))} up to below {'.'.join(map(str, high))}): "
                     f"check each of {', '.join(r.name for r in RELIANCES)}, then widen "
                     f"CHECKED in printkit/render/internals.py")
    for reliance in RELIANCES:
        try:
            ok = reliance.probe()
        except Exception:  # noqa: BLE001 - any failure of a probe is the news
            ok = False
        if not ok:
            found.append(f"ReportLab {reportlab.Version} no longer has {reliance.name} "
                         f"(used in {reliance.where}: {reliance.why})")
    return found


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
