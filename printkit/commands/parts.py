"""A big document rendered in parts: how many, and one document again from their results.

A deck of thousands of illustrated cards is one document, but rendering it whole
would hold the whole file in memory and keep one worker busy while the others wait.
A document that says so (:attr:`printkit.model.game.Document.parts`) is rendered as
parts, each a PDF of a few sheets, in any worker, and joined in order by
:func:`printkit.pdfmerge.join`. How many parts depends on the document alone, so a
build with one worker and a build with eight give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.model.game import Document, RenderContext
from printkit.output import Spool, Spooled
from printkit.outputs.preview import COVER
from printkit.pdfmerge import join
from printkit.pdfmerge.bind import page_count


def count(doc: Document, ctx: RenderContext) -> int:
    """In how many parts ``doc`` renders (1: whole). A document that cannot even say (its
    data is wrong) renders whole, and its render reports what is wrong."""
    if doc.parts is None:
        return 1
    try:
        return max(1, doc.parts(ctx))
    except PrintkitError:
        return 1


def pdfs(outcomes: Sequence[tuple]) -> list[bytes | Path] | tuple:
    """The parts' PDFs in order, or the first part's failure."""
    for outcome in outcomes:
        if outcome[0] == "error":
            return outcome
    return [pdf.path if isinstance(pdf, Spooled) else pdf for _, pdf, *_ in outcomes]


def join_pdfs(parts: Sequence[bytes | Path], spool: Spool | None) -> bytes | Spooled:
    """One document from its parts' PDFs (into the spool when there is one)."""
    if spool is None:
        joined = join(parts)
        assert joined is not None
        return joined
    path = spool.new()
    with path.open("wb") as fh:
        join(parts, into=fh)
    return Spooled(path)


def joined(outcomes: Sequence[tuple], pdf: bytes | Spooled) -> tuple:
    """One render outcome from the parts' outcomes (in order) and the joined ``pdf``:
    ``("ok", pdf, used catalog keys, missing keys, previews)`` with what any part used and
    the previews numbered through."""
    used = sorted({key for outcome in outcomes for key in outcome[2]})
    missing = sorted({key for outcome in outcomes for key in outcome[3]})
    shots: dict[str, bytes] = {}
    before = 0
    for index, outcome in enumerate(outcomes):
        for name, png in outcome[4].items():
            if name == COVER:
                if index == 0:
                    shots[name] = png
            else:
                shots[str(int(name) + before)] = png
        part = outcome[1]
        before += page_count(part.path if isinstance(part, Spooled) else part)
    return ("ok", pdf, used, missing, shots)
