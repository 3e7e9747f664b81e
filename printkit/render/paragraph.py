"""ReportLab's paragraph, with its lines broken once per width.

Platypus asks a paragraph for its size again and again at the same width: a
frame does, then the table (an example panel, a fact box) holding it, once to
measure and once to draw. Breaking the lines is most of the work of a
paragraph, and the answer depends only on the text, the style and the width,
so it is kept from the first time.
"""

from __future__ import annotations

from reportlab.platypus import paragraph

#: What ReportLab answers for a width too narrow to set anything in: not kept.
_CANNOT_FIT = 0x7FFFFFFF


class Paragraph(paragraph.Paragraph):
    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        # ReportLab drops the broken lines when a split finds no room: break them again.
        if self.__dict__.get("_wrapped_at") == availWidth and "blPara" in self.__dict__:
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if size[1] != _CANNOT_FIT:
            self._wrapped_at = availWidth
        return size
