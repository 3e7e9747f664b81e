"""The print layer every game kit shares: paper, bleed, crop marks and card sheets.

Geometry is declared once in :mod:`printkit.layout.geometry`; drawing code
asks it for rectangles so that fronts, backs, marks and PDF boxes always
agree with each other.
"""

from printkit.layout.geometry import (
    DEFAULT_SPEC,
    LAYOUTS,
    MAX_DUPLEX_OFFSET_MM,
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
from printkit.layout.labels import LabelBox, SheetLabels, label_boxes, split_label_strip
from printkit.layout.marks import (
    cut_segments,
    draw_crop_marks,
    draw_cut_lines,
    mark_segments,
    trim_lines,
)
from printkit.layout.sheets import DrawCard, draw_card_sheets

__all__ = [
    "DEFAULT_SPEC",
    "LAYOUTS",
    "MAX_DUPLEX_OFFSET_MM",
    "MM",
    "LabelBox",
    "SheetLabels",
    "cut_segments",
    "draw_cut_lines",
    "label_boxes",
    "split_label_strip",
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
