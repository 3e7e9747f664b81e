"""The print layer every game kit shares: paper, bleed, crop marks and card sheets.

Geometry is declared once in :mod:`printkit.geometry`; drawing code
asks it for rectangles so that fronts, backs, marks and PDF boxes always
agree with each other.
"""

from importlib import import_module
from typing import Any

#: Where each name lives; imported on first use, so that asking for paper sizes (the
#: command line does) does not import ReportLab.
_WHERE = {
    "CardBox": "geometry",
    "CardGrid": "geometry",
    "CardSize": "geometry",
    "DEFAULT_SPEC": "geometry",
    "DrawCard": "sheets",
    "LAYOUTS": "geometry",
    "LabelBox": "labels",
    "LayoutError": "geometry",
    "MAX_DUPLEX_OFFSET_MM": "geometry",
    "MM": "geometry",
    "PAPERS": "geometry",
    "Paper": "geometry",
    "PrintSpec": "geometry",
    "Rect": "geometry",
    "SheetLabels": "labels",
    "card_grid": "geometry",
    "cut_segments": "marks",
    "draw_card_sheets": "sheets",
    "draw_crop_marks": "marks",
    "draw_cut_lines": "marks",
    "label_boxes": "labels",
    "mark_segments": "marks",
    "mm": "geometry",
    "page_area": "geometry",
    "paper": "geometry",
    "split_label_strip": "labels",
    "trim_lines": "marks",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    where = _WHERE[name]
    module = "printkit.geometry" if where == "geometry" else f"{__name__}.{where}"
    return getattr(import_module(module), name)


__all__ = sorted(_WHERE)
