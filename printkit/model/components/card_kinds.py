"""Card kinds and styles from columns: which boxes a card's face shows, in which colours.

A deck may declare several face layouts under ``kinds`` (``[[decks.<id>.kinds.spell]]``,
each a list of boxes like ``boxes``); a card picks one by its ``kind`` column. The
deck's ``boxes`` are drawn on every card first, then its kind's boxes. A deck without
``kinds`` draws ``boxes`` alone, as it always has.

A box's ``colour``, ``size``, ``bold``, ``italic`` or ``font`` may name a column instead of a
value: ``colour = "{suit_colour}"`` takes each card's colour from its ``suit_colour``
value (checked when the deck loads). This module only picks and resolves boxes;
checking and drawing are the deck's and the face's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printkit.schema import COLOUR_HEX

#: The column by which a card picks its kind.
KIND_FIELD = "kind"
#: A style that names a column: ``{suit_colour}``.
COLUMN = re.compile(r"\{([a-z][a-z0-9_]*)\}")
#: The styles of a box that may come from a column.
COLUMN_STYLES = ("colour", "size", "bold", "italic", "font")
#: A font family's name, as game.toml's [fonts] declares it.
FONT_FAMILY = r"[a-z][a-z0-9_-]*"
#: How a yes-or-no style (bold, italic) may be written in a card file.
YES = ("true", "yes", "1")
NO = ("false", "no", "0", "")
#: The sizes a box's text may have, in points (as game.toml allows).
SIZES = (3.0, 200.0)


def column_of(value: Any) -> str | None:
    """The column a style names (``{suit_colour}`` -> ``suit_colour``), else None."""
    match = COLUMN.fullmatch(value) if isinstance(value, str) else None
    return match.group(1) if match else None


def style_value(style: str, raw: Any) -> tuple[Any, str | None]:
    """A style as a card file's cell gives it: (the value, None), or (None, why not)."""
    text = str(raw).strip()
    if style == "colour":
        return (text, None) if re.fullmatch(COLOUR_HEX, text) else (
            None, "is not a colour like #1a2b3c")
    if style == "size":
        try:
            size = float(text)
        except ValueError:
            size = -1.0
        low, high = SIZES
        return (size, None) if low <= size <= high else (
            None, f"is not a text size from {low:g} to {high:g} (points)")
    if style == "font":  # a family of the project's [fonts]; empty: printkit's own
        return (text or None, None) if not text or re.fullmatch(FONT_FAMILY, text) else (
            None, "is not a font family's name (lower case letters, digits, - and _)")
    if text.lower() in YES or text.lower() in NO:
        return text.lower() in YES, None
    return None, f"is not {' or '.join(YES[:2])} (nor {' or '.join(NO[:2])})"


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


def column_styles(box: Mapping[str, Any]) -> dict[str, str]:
    """The styles of ``box`` that name a column, with the column."""
    return {style: col for style in COLUMN_STYLES
            if (col := column_of(box.get(style))) is not None}


def styled(box: Mapping[str, Any], card_values: Mapping[str, Any] | None
           ) -> Mapping[str, Any]:
    """``box`` with each style that names a column replaced by the card's value there
    (checked when the deck loaded)."""
    columns = column_styles(box)
    if not columns:
        return box
    values = card_values or {}
    out = dict(box)
    for style, col in columns.items():
        out[style] = style_value(style, values.get(col, ""))[0]
    return out
