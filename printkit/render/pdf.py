"""PDF canvases and documents made the same way every time.

``invariant=1`` removes the creation date and the random document id, so the
same input gives byte-identical files; the metadata is fixed and says what
the file is.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.pdfgen.canvas import Canvas

from printkit import __version__
from printkit.render import fonts

CREATOR = f"printkit {__version__}"


def new_canvas(buffer: BytesIO, pagesize: tuple[float, float], title: str,
               subject: str = "", lang: str = "en") -> Canvas:
    fonts.register()
    # The initial font is written into every page; the default would be Helvetica.
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=1, lang=lang,
                    initialFontName=fonts.REGULAR, initialFontSize=10)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("printkit")
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    return canvas


def doc_options(title: str, subject: str = "", lang: str = "en") -> dict[str, object]:
    """Keyword arguments for a Platypus DocTemplate with the same guarantees."""
    fonts.register()
    return {
        "invariant": 1,
        # Without this every page starts in Helvetica, a standard-14 font that is
        # never embedded, even when no text is set in it.
        "initialFontName": fonts.REGULAR,
        "pageCompression": 1,
        "title": title,
        "subject": subject,
        "author": "printkit",
        "creator": CREATOR,
        "producer": CREATOR,
        "lang": lang,
    }
