"""The playtest report as a PDF: the report tree (:mod:`.content`) set down the page from the
top, a new page when a block no longer fits.

Every word is drawn through :class:`printkit.drawing.text.Ink` (glyph check, the locale's
fonts, shaping and right-to-left order); a right-to-left locale mirrors the layout (the
first column on the right, the first bar on the right) while each text reads upright.
The canvas is printkit's (:func:`printkit.drawing.pdf.new_canvas`): the same summary gives
the same bytes.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing.pdf import new_canvas
from printkit.drawing.text import Ink
from printkit.geometry import Rect, paper
from printkit.language import fonts
from printkit.playtest.report.content import Chart, Report, Table

MM = 72 / 25.4
MARGIN = 18 * MM
ACCENT = Color(0.61, 0.11, 0.11)
BAR = Color(0.24, 0.43, 0.62)
RULE = Color(0.85, 0.82, 0.76)
MARK = Color(0.98, 0.93, 0.86)
#: Heights of the blocks, in points.
ROW = 13.0
CHART = 64 * MM


class _Page:
    """A cursor down the pages of one canvas."""

    def __init__(self, canvas: Canvas, ink: Ink, size: tuple[float, float]) -> None:
        self.canvas, self.ink = canvas, ink
        self.width, self.height = size
        self.inner = self.width - 2 * MARGIN
        self.y = self.height - MARGIN

    def room(self, height: float) -> None:
        """A new page unless ``height`` more fits on this one."""
        if self.y - height < MARGIN:
            self.canvas.showPage()
            self.y = self.height - MARGIN

    def box(self, height: float, x: float = 0.0, width: float | None = None) -> Rect:
        return Rect(MARGIN + x, self.y - height, self.inner - x if width is None else width,
                    height)


def render(report: Report, paper_id: str = "a4") -> bytes:
    size = paper(paper_id)
    pagesize = (size.width_mm * MM, size.height_mm * MM)
    buffer = BytesIO()
    canvas = new_canvas(buffer, pagesize, report.title, report.subtitle, lang=report.lang)
    page = _Page(canvas, Ink(canvas, report.lang, "playtest report"), pagesize)
    _title(page, report)
    for section in report.sections:
        page.room(ROW * 5)
        _heading(page, section.heading)
        for sentence in section.sentences:
            _sentence(page, sentence)
        for chart in section.charts:
            _chart(page, chart)
        for table in section.tables:
            _table(page, table)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _title(page: _Page, report: Report) -> None:
    ink = page.ink
    with ink.reading_order(page.width):
        page.canvas.setFillColor(ACCENT)
        ink.line(report.title, page.box(22), fonts.HEADING, 20, 12, align="left",
                 where="title")
        page.canvas.setFillColor(black)
        page.y -= 24
        ink.line(report.subtitle, page.box(14), fonts.ITALIC, 12, 8, align="left",
                 where="subtitle")
        page.y -= 20
    _table(page, Table("", ("", ""), report.facts), head=False)


def _heading(page: _Page, text: str) -> None:
    page.y -= 8
    with page.ink.reading_order(page.width):
        page.canvas.setFillColor(ACCENT)
        page.ink.line(text, page.box(16), fonts.HEADING, 14, 9, align="left", where="heading")
        page.canvas.setFillColor(black)
    page.y -= 20


def _sentence(page: _Page, text: str) -> None:
    height = page.ink.paragraph_height(text, page.box(3 * ROW), 10, 8, where="sentence")
    page.room(height + 4)
    with page.ink.reading_order(page.width):
        page.ink.paragraph(text, page.box(3 * ROW), 10, 8, where="sentence")
    page.y -= height + 6


def _columns(table: Table, inner: float) -> list[float]:
    """Column widths: the first column wider, the others shared equally."""
    count = len(table.head)
    if count == 2:
        return [inner * 0.3, inner * 0.7]
    first = inner * 0.28
    return [first] + [(inner - first) / (count - 1)] * (count - 1)


def _table(page: _Page, table: Table, head: bool = True) -> None:
    c, ink = page.canvas, page.ink
    widths = _columns(table, page.inner)
    if table.caption:
        page.room(ROW * 3)
        with ink.reading_order(page.width):
            ink.line(table.caption, page.box(ROW), fonts.BOLD, 9.5, 7, align="left",
                     where="table caption")
        page.y -= ROW + 2
    rows = ([table.head] if head else []) + list(table.rows)
    marked = ([False] if head else []) + list(table.marked or [False] * len(table.rows))
    for index, (row, mark) in enumerate(zip(rows, marked, strict=True)):
        page.room(ROW)
        with ink.reading_order(page.width):
            if mark:
                c.setFillColor(MARK)
                c.rect(MARGIN, page.y - ROW, page.inner, ROW, stroke=0, fill=1)
                c.setFillColor(black)
            x = 0.0
            for column, (cell, width) in enumerate(zip(row, widths, strict=True)):
                bold = index == 0 if head else column == 0
                font = fonts.BOLD if bold else fonts.REGULAR
                if cell:
                    ink.line(cell, page.box(ROW, x + 2, width - 4), font, 8.5, 6.5,
                             align="left" if column == 0 or not head else "right",
                             where="table cell")
                x += width
            c.setStrokeColor(RULE)
            c.setLineWidth(0.5)
            c.line(MARGIN, page.y - ROW, MARGIN + page.inner, page.y - ROW)
            c.setStrokeColor(black)
        page.y -= ROW
    page.y -= 8


def _chart(page: _Page, chart: Chart) -> None:
    page.room(CHART + ROW * 2)
    ink = page.ink
    with ink.reading_order(page.width):
        ink.line(chart.title, page.box(ROW), fonts.BOLD, 9.5, 7, align="left",
                 where="chart title")
    page.y -= ROW + 4
    axis_w = 16 * MM
    plot = Rect(MARGIN + axis_w, page.y - CHART + ROW * 1.6, page.inner - axis_w,
                CHART - ROW * 1.6)
    with ink.reading_order(page.width):
        _axis(page, chart, plot)
        _bars(page, chart, plot)
    page.y -= CHART + 8


def _y(chart: Chart, plot: Rect, value: float) -> float:
    return plot.y + plot.height * max(0.0, min(value, chart.top)) / chart.top


def _axis(page: _Page, chart: Chart, plot: Rect) -> None:
    c, ink = page.canvas, page.ink
    c.setLineWidth(0.4)
    for value, label in chart.ticks:
        y = _y(chart, plot, value)
        c.setStrokeColor(RULE)
        c.line(plot.x, y, plot.right, y)
        ink.line(label, Rect(plot.x - 15 * MM, y - 4, 14 * MM, 8), fonts.REGULAR, 7, 6,
                 align="right", where="chart axis")
    c.setStrokeColor(black)
    c.line(plot.x, plot.y, plot.x, plot.top)
    c.line(plot.x, plot.y, plot.right, plot.y)


def _bars(page: _Page, chart: Chart, plot: Rect) -> None:
    c, ink = page.canvas, page.ink
    count = max(1, len(chart.values))
    slot = plot.width / count
    every = max(1, -(-count * 12 * MM // plot.width)) if count > 6 else 1
    for i, (label, value) in enumerate(zip(chart.labels, chart.values, strict=True)):
        x = plot.x + i * slot
        c.setFillColor(BAR)
        c.rect(x + slot * 0.15, plot.y, slot * 0.7, _y(chart, plot, value) - plot.y,
               stroke=0, fill=1)
        c.setFillColor(black)
        if chart.low:
            middle = x + slot / 2
            low, high = _y(chart, plot, chart.low[i]), _y(chart, plot, chart.high[i])
            c.setLineWidth(1)
            c.line(middle, low, middle, high)
            c.line(middle - 4, low, middle + 4, low)
            c.line(middle - 4, high, middle + 4, high)
        if i % every == 0:
            ink.line(label, Rect(x, plot.y - ROW * 1.4, slot * every, ROW), fonts.REGULAR,
                     7.5, 6, where="chart label")
    if chart.line is not None:
        y = _y(chart, plot, chart.line)
        c.setStrokeColor(ACCENT)
        c.setDash(4, 3)
        c.setLineWidth(1)
        c.line(plot.x, y, plot.right, y)
        c.setDash()
        c.setStrokeColor(black)
        box = Rect(plot.right - 45 * MM, y + 1, 45 * MM, 9)
        c.setFillColor(ACCENT)
        ink.line(chart.line_label, box, fonts.REGULAR, 7.5, 6, align="right",
                 where="chart line")
        c.setFillColor(black)
