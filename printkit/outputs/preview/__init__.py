"""Pictures of the kit: page previews, the kit page, card images and Tabletop Simulator decks.

Everything here starts from the PDF bytes the build or the card documents
produce, so a picture always shows exactly what prints. ``render_previews``
runs inside the build's worker processes, beside the document it pictures.
"""

from __future__ import annotations

import re

from printkit.assembly.raster import open_pdf, png_bytes, render_width

#: Thumbnail width of every page, and the width of each document's large first page.
THUMB_WIDTH = 150
COVER_WIDTH = 1000
#: Where previews go, inside ``<out>/<game>/<locale>/``.
FOLDER = "previews"
COVER = "cover"


def preview_name(document: str, paper: str, page: int | str) -> str:
    """``rulebook-a4-3.png`` for page 3; ``rulebook-a4-cover.png`` for the large first page."""
    return f"{document}-{paper}-{page}.png"


def preview_pattern(document: str, paper: str) -> re.Pattern[str]:
    """Matches the preview file names of exactly this document (not of ``score-sheet`` when
    the document is ``sheet``)."""
    return re.compile(rf"{re.escape(document)}-{re.escape(paper)}-(\d+|{COVER})\.png")


def render_previews(pdf: bytes) -> dict[str, bytes]:
    """PNG bytes of every page (keys ``"1"``, ``"2"``, …) and of the large first page
    (``"cover"``)."""
    out: dict[str, bytes] = {}
    with open_pdf(pdf) as document:
        for index in range(len(document)):
            out[str(index + 1)] = png_bytes(render_width(document, index, THUMB_WIDTH),
                                             palette=True)
        if len(document):
            out[COVER] = png_bytes(render_width(document, 0, COVER_WIDTH), palette=True)
    return out
