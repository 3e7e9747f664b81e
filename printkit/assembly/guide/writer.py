"""The guide's own element beside the flow vocabulary (``<table>``: the bill of materials,
the print runs), and the PDF writer taught it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from printkit.drawing import doctree
from printkit.drawing.flow import FlowDocument
from printkit.drawing.paragraph import Paragraph
from printkit.drawing.pdfwriter import ACCENT, PdfWriter
from printkit.language import fonts


@dataclass(frozen=True)
class Cell(doctree.Prose):
    """A ``<th>`` (``head``) or ``<td>`` of the bill of materials."""

    head: bool = False


@dataclass(frozen=True)
class Row(doctree.Node):
    """A ``<tr>``; its children are :class:`Cell`."""


@dataclass(frozen=True)
class BillTable(doctree.Node):
    """A ``<table widths="…">`` of ``<tr>`` rows: ``widths`` are the columns' shares."""

    widths: tuple[float, ...] = ()


def _read_table(parser: doctree.Parser, element: ET.Element) -> BillTable:
    rows = []
    for tr in parser.children(element, "tr"):
        cells = []
        for cell in tr:
            if cell.tag not in ("th", "td"):
                raise parser.fail(f"<{cell.tag}> is not allowed inside <tr>")
            parser.attributes(cell)
            cells.append(Cell(head=cell.tag == "th", **parser.prose(cell)))
        rows.append(Row(tuple(cells)))
    widths = tuple(float(f) for f in element.get("widths", "").split(",") if f)
    if not rows or len(widths) != len(rows[0].children):
        raise parser.fail("a <table> needs rows and one width per column")
    return BillTable(tuple(rows), widths=widths)


#: The guide's elements beside the flow vocabulary, and their attributes.
ELEMENTS: dict[str, doctree.ElementReader] = {"table": _read_table}
ATTRIBUTES = {"table": frozenset({"widths", "rule"})}


class GuideWriter(PdfWriter):
    """The PDF writer, taught the guide's own element."""

    def __init__(self, doc: FlowDocument, width: float, spacing: float, *,
                 ink_saver: bool) -> None:
        super().__init__(doc, width, spacing)
        self.ink_saver = ink_saver

    def visit_BillTable(self, node: BillTable) -> list[Flowable]:
        base = self.styles["p"]
        cell = ParagraphStyle("td", base, fontSize=9, leading=11.5, spaceAfter=0)
        head = ParagraphStyle("th", cell, fontName=fonts.BOLD, textColor=ACCENT)
        rows = [[Paragraph(self.markup(c.content), head if c.head else cell,
                           script=self.script)
                 for c in row.children] for row in node.children]
        fractions = list(node.widths)
        total = sum(fractions)
        if self.script.rtl:  # the first column on the right
            rows = [row[::-1] for row in rows]
            fractions.reverse()
        table = Table(rows, colWidths=[self.width * f / total for f in fractions],
                      repeatRows=1)
        style = [
            # A Table's cell font defaults to Helvetica, which is never embedded.
            ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#c9c2b8")),
            ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]
        if not self.ink_saver:
            style.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#fbf5ee")))
        table.setStyle(TableStyle(style))
        return [table, Spacer(1, 8)]
