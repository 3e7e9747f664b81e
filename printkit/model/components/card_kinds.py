"""Card kinds and styles from columns: which boxes a card's face shows, in which colours.

A deck may declare several face layouts under ``kinds`` (``[[decks.<id>.kinds.spell]]``,
each a list of boxes like ``boxes``); a card picks one by its ``kind`` column. The
deck's ``boxes`` are drawn on every card first, then its kind's boxes. A deck without
``kinds`` draws ``boxes`` alone, as it always has.

A box's ``colour`` may name a column instead of a colour: ``colour = "{suit_colour}"``
takes each card's colour from its ``suit_colour`` value (checked as a colour when the
deck loads). This module only picks and resolves boxes; checking and drawing are the
deck's and the face's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: The column by which a card picks its kind.
KIND_FIELD = "kind"
#: A style that names a column: ``{suit_colour}``.
COLUMN = re.compile(r"\{([a-z][a-z0-9_]*)\}")
#: The styles of a box that may come from a column.
COLUMN_STYLES = ("colour",)


def column_of(value: Any) -> str | None:
    """The column a style names (``{suit_colour}`` -> ``suit_colour``), else None."""
    match = COLUMN.fullmatch(value) if isinstance(value, str) else None
    return match.group(1) if match else None


def kind_of(card_values: Mapping[str, Any]) -> str | None:
    value = card_values.get(KIND_FIELD)
    return None if value in (None, "") else str(value)


def face_boxes(spec: Mapping[str, Any], card_values: Mapping[str, Any]
               ) -> list[Mapping[str, Any]]:
    """The boxes a card's front shows: the deck's, then those of the card's kind (none if
    the deck has no kinds; an unknown kind was reported when the deck loaded)."""
    kinds = spec.get("kinds") or {}
    kind = kind_of(card_values) if kinds else None
    return [*spec["boxes"], *(kinds.get(kind, []) if kind is not None else [])]


def every_face_box(spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every box any front of the deck may show."""
    return [*spec["boxes"], *(b for boxes in (spec.get("kinds") or {}).values() for b in boxes)]


def styled(box: Mapping[str, Any], card_values: Mapping[str, Any] | None
           ) -> Mapping[str, Any]:
    """``box`` with each style that names a column replaced by the card's value there."""
    columns = {style: column_of(box.get(style)) for style in COLUMN_STYLES}
    if not any(columns.values()):
        return box
    values = card_values or {}
    return {**box, **{style: str(values.get(col, "")) for style, col in columns.items() if col}}
