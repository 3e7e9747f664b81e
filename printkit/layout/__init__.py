"""The print layer every game kit shares: paper, bleed, crop marks and card sheets.

Geometry is declared once in :mod:`printkit.layout.geometry`; drawing code
asks it for rectangles so that fronts, backs, marks and PDF boxes always
agree with each other.
"""

from printkit.layout.geometry import (
    DEFAULT_SPEC,
    MM,
    PAPERS,
    CardBox,
    CardGrid,
    CardSize,
    LayoutError,
    Paper,
    PrintSpec,
    Rect,
    card_grid,
    mm,
    page_area,
    paper,
)
from printkit.layout.marks import draw_crop_marks, mark_segments, trim_lines
from printkit.layout.sheets import DrawCard, draw_card_sheets

__all__ = [
    "DEFAULT_SPEC",
    "MM",
    "PAPERS",
    "CardBox",
    "CardGrid",
    "CardSize",
    "DrawCard",
    "LayoutError",
    "Paper",
    "PrintSpec",
    "Rect",
    "card_grid",
    "draw_card_sheets",
    "draw_crop_marks",
    "mark_segments",
    "mm",
    "page_area",
    "paper",
    "trim_lines",
]
