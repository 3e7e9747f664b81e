"""A flowable that draws with a plain function, so games keep diagrams as drawing code."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printkit.geometry import Rect

Drawing = Callable[[Canvas, Rect], None]


class Figure(Flowable):
    """A fixed-size figure in a flowing document; ``draw`` gets the figure's Rect."""

    def __init__(self, width: float, height: float, draw: Drawing) -> None:
        super().__init__()
        self.width = width
        self.height = height
        self._draw = draw

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self._draw(self.canv, Rect(0, 0, self.width, self.height))
        self.canv.restoreState()
