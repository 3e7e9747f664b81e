"""The guide's PDF writer: the flow document's, for a build that may save ink (the tables
of the bill of materials and the print runs, ``<table>`` of the flow vocabulary, lose their
tinted head row)."""

from __future__ import annotations

from printkit.drawing.flow import FlowDocument
from printkit.drawing.pdfwriter import PdfWriter


class GuideWriter(PdfWriter):
    """The PDF writer, saving ink where the build asks it to."""

    def __init__(self, doc: FlowDocument, width: float, spacing: float, *,
                 ink_saver: bool) -> None:
        super().__init__(doc, width, spacing)
        self.ink_saver = ink_saver
