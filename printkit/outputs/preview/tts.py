"""Tabletop Simulator decks: deck sheets, backs and the saved object that loads them.

Tabletop Simulator (TTS) reads a custom deck from a grid image of at most
10 × 7 faces and at most 4096 px on a side; the 70th slot of a full grid is
kept free for the "hidden" face TTS shows for a card in someone's hand. A deck
refers to its faces as ``CardID = deck × 100 + slot``, where ``deck`` is a key
of the object's ``CustomDeck`` table. A card set with more than 69 different
faces takes several sheets (several ``CustomDeck`` entries in one deck).

Only different faces go on a sheet: 96 animal cards showing 32 designs need
32 slots, and the deck lists each slot as often as the game has that card.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

from PIL import Image

from printkit.assembly.raster import pixels

MAX_SIDE = 4096
MAX_COLS, MAX_ROWS = 10, 7
#: Faces per sheet at most: a full 10 × 7 grid less the hidden card's slot.
MAX_FACES = MAX_COLS * MAX_ROWS - 1
#: Faces are drawn this sharp when the sheet has room ...
BEST_DPI = 300
#: ... and never less sharp than this unless one card alone is too big for a sheet.
LEGIBLE_DPI = 150


@dataclass(frozen=True)
class Plan:
    """How one card set goes onto sheets."""

    per_sheet: int
    cols: int
    rows: int
    dpi: int
    note: str | None = None


def _dpi(cols: int, rows: int, w_mm: float, h_mm: float) -> int:
    """The sharpest whole dpi (at most :data:`BEST_DPI`) at which the grid fits a sheet."""
    dpi = BEST_DPI
    while dpi > 1 and (cols * pixels(w_mm, dpi) > MAX_SIDE or rows * pixels(h_mm, dpi) > MAX_SIDE):
        dpi -= 1
    return dpi


def _grid(per: int) -> tuple[int, int]:
    cols = min(MAX_COLS, per)
    return cols, math.ceil(per / cols)


def plan(name: str, faces: int, w_mm: float, h_mm: float) -> Plan:
    """Faces per sheet, grid and resolution for ``faces`` different faces of a card size.

    The grid is as full as TTS allows; when that would make the faces less sharp than
    :data:`LEGIBLE_DPI`, fewer faces go on each sheet instead, and the plan says so.
    """
    per = max(1, min(faces, MAX_FACES))
    cols, rows = _grid(per)
    dpi = _dpi(cols, rows, w_mm, h_mm)
    if dpi >= LEGIBLE_DPI:
        return Plan(per, cols, rows, dpi)
    fit_cols = max(1, min(MAX_COLS, MAX_SIDE // pixels(w_mm, LEGIBLE_DPI)))
    fit_rows = max(1, min(MAX_ROWS, MAX_SIDE // pixels(h_mm, LEGIBLE_DPI)))
    room = fit_cols * fit_rows - (fit_cols * fit_rows == MAX_COLS * MAX_ROWS)
    smaller = max(1, min(per, room))
    cols, rows = min(fit_cols, smaller), math.ceil(smaller / min(fit_cols, smaller))
    best = _dpi(cols, rows, w_mm, h_mm)
    size = f"{w_mm:g}×{h_mm:g} mm"
    if best < LEGIBLE_DPI:
        note = (f"{name}: a {size} card does not fit a {MAX_SIDE} px sheet at {LEGIBLE_DPI} "
                f"dpi; its faces were reduced to {best} dpi")
    else:
        sheets = math.ceil(faces / smaller)
        note = (f"{name}: {faces} faces of {size} do not fit {min(faces, MAX_FACES)} to a "
                f"{MAX_SIDE} px sheet at {LEGIBLE_DPI} dpi or more; reduced to {smaller} per "
                f"sheet ({sheets} sheets) at {best} dpi")
    return Plan(smaller, cols, rows, best, note)


def sheet(faces: list[Image.Image], cols: int, rows: int) -> Image.Image:
    """Faces left to right, top to bottom; unused slots (the hidden card's too) stay white."""
    w, h = faces[0].size
    out = Image.new("RGB", (cols * w, rows * h), (255, 255, 255))
    for slot, face in enumerate(faces):
        out.paste(face, ((slot % cols) * w, (slot // cols) * h))
    return out


def guid(*parts: str) -> str:
    """A stable 6-hex-digit object id, as TTS writes them, so exports are reproducible."""
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:6]


def transform(w_mm: float, h_mm: float) -> dict[str, float]:
    """Face down at the table's centre; a card's shape set by its scale (TTS cards are 5:7)."""
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": round((h_mm / w_mm) / 1.4, 4)}


def custom_deck(face_url: str, back_url: str, cols: int, rows: int, unique_back: bool
                ) -> dict[str, object]:
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
            "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}


def card_object(card_id: int, name: str, decks: dict[str, object], shape: dict[str, float],
                key: str) -> dict[str, object]:
    return {"Name": "Card", "GUID": guid(key, str(card_id), name), "Nickname": name,
            "Description": "", "CardID": card_id, "Transform": shape,
            "CustomDeck": decks, "HideWhenFaceDown": True, "Hands": True,
            "SidewaysCard": False, "Locked": False, "Grid": True, "Snap": True,
            "Tooltip": True, "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713}}


def deck_object(name: str, cards: list[tuple[int, str]], decks: dict[str, object],
                shape: dict[str, float], key: str) -> dict[str, object]:
    """The saved object: a deck of ``cards`` ((CardID, name) in the game's order)."""
    contained = [card_object(card_id, card_name, decks, shape, key)
                 for card_id, card_name in cards]
    if len(contained) == 1:
        return contained[0]
    return {"Name": "Deck", "GUID": guid(key, name), "Nickname": name, "Description": "",
            "Transform": shape, "DeckIDs": [card_id for card_id, _ in cards],
            "CustomDeck": decks, "ContainedObjects": contained, "HideWhenFaceDown": True,
            "Hands": False, "SidewaysCard": False, "Locked": False, "Grid": True,
            "Snap": True, "Tooltip": True, "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713}}


def saved_object(objects: list[dict[str, object]]) -> dict[str, object]:
    """A file for TTS's Saved Objects folder holding ``objects``."""
    return {"SaveName": "", "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
            "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "ObjectStates": objects}
