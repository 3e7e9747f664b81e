"""The game.toml schema of data-driven components: decks, score sheets, tracks, token sheets.

Each kind is a table of components keyed by id (``[decks.heroes]``,
``[sheets.score]``, ``[tracks.race]``, ``[tokens.markers]``); the id becomes
the document id and the file name. :data:`COMPONENTS` is spliced into a
game's top-level schema, like :func:`printkit.schema.game_header`. Checks
that need only the table itself (fields named by boxes, boxes inside the
safe zone, a loop that closes) run here, so a game.toml reports them all at
once; checks that need the files beside it (CSV, images) run when the deck
is loaded (:mod:`printkit.components.deck`).
"""

from __future__ import annotations

from typing import Any

from printkit.layout.geometry import DEFAULT_SPEC
from printkit.render.symbols import SYMBOLS
from printkit.schema import Array, Keyed, Table, Value, duplicates

COLOUR = r"#[0-9a-fA-F]{6}"
#: What a face box shows.
SHOWS = ("text", "value", "symbol", "fill", "image")
#: Boxes whose content a slightly off cut must never clip: they keep to the safe zone.
#: ``fill`` boxes are artwork and may run to the cut line (and then on into the bleed).
SAFE_SHOWS = ("text", "value", "symbol", "image")
ALIGNS = ("left", "centre", "right")
FIELD = r"[a-z][a-z0-9_]*"
#: Column names a deck's fields may not take.
RESERVED_FIELDS = ("count",)
TOKEN_SHAPES = ("circle", "square", "hexagon")
TRACK_SHAPES = ("snake", "loop")
#: The largest card a deck may declare, in mm (a tarot card is 70×120).
MAX_CARD_MM = 200.0


def _mm(minimum: float = 0.0, maximum: float = MAX_CARD_MM, **kw: Any) -> Value:
    return Value(float, minimum=minimum, maximum=maximum, **kw)


BOX = Table({
    "name": Value(str, pattern=r"[a-z][a-z0-9_-]*"),
    "show": Value(str, choices=SHOWS),
    # From the top-left corner of the card's cut line, as a designer measures a card.
    "x_mm": _mm(),
    "y_mm": _mm(),
    "width_mm": _mm(0.5),
    "height_mm": _mm(0.5),
    # The card field the box shows, or a fixed content for every card.
    "field": Value(str, required=False, pattern=FIELD),
    "content": Value(str, required=False),
    "size": Value(float, required=False, default=10.0, minimum=3, maximum=200),
    "min_size": Value(float, required=False, default=6.0, minimum=3, maximum=200),
    "bold": Value(bool, required=False, default=False),
    "italic": Value(bool, required=False, default=False),
    "align": Value(str, required=False, default="centre", choices=ALIGNS),
    "wrap": Value(bool, required=False, default=False),
    "colour": Value(str, required=False, default="#000000", pattern=COLOUR),
    "radius_mm": _mm(required=False, default=0.0, maximum=50),
})

BACK = Table({
    "colour": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    "text": Value(str, required=False),
    "text_colour": Value(str, required=False, default="#000000", pattern=COLOUR),
    "symbol": Value(str, required=False, choices=SYMBOLS),
    "symbol_colour": Value(str, required=False, default="#000000", pattern=COLOUR),
    "image": Value(str, required=False),
}, required=False)


class CardEntry:
    """One ``[[decks.<id>.cards]]`` table: field values (strings or whole numbers) and a count.

    Which keys are valid depends on the deck's ``fields``, so the deck's own
    check names unknown ones; here each value's type is checked.
    """

    required = True
    default = None

    def check(self, value: Any, file: str, path: str, errors: list[Any]) -> Any:
        from printkit.errors import DataError
        from printkit.schema import MAX_COUNT

        if not isinstance(value, dict):
            errors.append(DataError(file, path, "expected a table of field values"))
            return {}
        out: dict[str, Any] = {}
        for key, item in value.items():
            where = f"{path}.{key}"
            if key == "count":
                if not isinstance(item, int) or isinstance(item, bool) or not (
                        0 <= item <= MAX_COUNT):
                    errors.append(DataError(file, where, f"expected a whole number from 0 to "
                                                         f"{MAX_COUNT:,}"))
                    continue
            elif isinstance(item, bool) or not isinstance(item, (str, int)):
                errors.append(DataError(file, where, "expected a string or a whole number"))
                continue
            out[key] = item
        return out


def _safe_zone(card: dict[str, Any], box: dict[str, Any]) -> str | None:
    """How far ``box`` lies outside where it may go, as a message; None if it is inside."""
    w, h = card["width_mm"], card["height_mm"]
    inset = DEFAULT_SPEC.safe_mm if box["show"] in SAFE_SHOWS else 0.0
    zone = "the card's safe zone" if inset else "the card"
    outside = {
        "left": inset - box["x_mm"],
        "top": inset - box["y_mm"],
        "right": box["x_mm"] + box["width_mm"] - (w - inset),
        "bottom": box["y_mm"] + box["height_mm"] - (h - inset),
    }
    side, far = max(outside.items(), key=lambda kv: kv[1])
    if far <= 1e-6:
        return None
    return (f"box {box['name']!r} lies {far:g} mm outside {zone} on the {side} "
            f"({inset:g} mm inside the {w:g}×{h:g} mm cut line)" if inset else
            f"box {box['name']!r} lies {far:g} mm outside the {w:g}×{h:g} mm card "
            f"on the {side}")


def _deck_checks(deck: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    fields = deck["fields"]
    problems += duplicates(fields, "fields")
    for i, name in enumerate(fields):
        if name in RESERVED_FIELDS:
            problems.append((f"fields[{i}]", f"{name!r} is reserved for the number of copies"))
    problems += duplicates(deck["boxes"], "boxes", "name")
    for i, box in enumerate(deck["boxes"]):
        where = f"boxes[{i}]"
        if box["show"] == "fill":
            if box.get("field") is None and box.get("content") is None:
                box["content"] = box["colour"]
        elif (box.get("field") is None) == (box.get("content") is None):
            problems.append((where, f"box {box['name']!r} needs exactly one of field "
                                    f"(a card field) or content (the same on every card)"))
        if box.get("field") is not None and box["field"] not in fields:
            problems.append((f"{where}.field", f"{box['field']!r} is not a declared field; "
                                               f"fields: {', '.join(fields) or 'none'}"))
        if box["show"] == "symbol" and box.get("content") is not None \
                and box["content"] not in SYMBOLS:
            problems.append((f"{where}.content", f"{box['content']!r} is not a symbol; "
                                                 f"symbols: {', '.join(SYMBOLS)}"))
        if box["min_size"] > box["size"]:
            problems.append((f"{where}.min_size", "must not exceed size"))
        far = _safe_zone(deck["card"], box)
        if far is not None:
            problems.append((where, far))
    if deck.get("csv") is not None and deck["cards"]:
        problems.append(("cards", "list the cards here or in the CSV file, not both"))
    if deck.get("csv") is None and not deck["cards"]:
        problems.append(("cards", "a deck needs cards: [[cards]] tables or a csv file"))
    for i, card in enumerate(deck["cards"]):
        for key in card:
            if key != "count" and key not in fields:
                problems.append((f"cards[{i}].{key}", f"unknown field; declared fields: "
                                                      f"{', '.join(fields) or 'none'}"))
    return problems


DECK = Table({
    "title": Value(str),
    "card": Table({"width_mm": _mm(10), "height_mm": _mm(10)}),
    "fields": Array(Value(str, pattern=FIELD), max_items=50),
    "csv": Value(str, required=False, pattern=r"[^/\\].*\.csv"),
    "cards": Array(CardEntry(), required=False, default=[], max_items=1000),
    "background": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    "boxes": Array(BOX, min_items=1, max_items=50),
    "back": BACK,
}, checks=(_deck_checks,))


def _sheet_checks(sheet: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    if len(sheet["labels"]) > sheet["rows"]:
        problems.append(("labels", f"has {len(sheet['labels'])} labels for "
                                   f"{sheet['rows']} rows"))
    widths = sheet["widths"]
    if widths and len(widths) != len(sheet["columns"]):
        problems.append(("widths", f"needs one width per column ({len(sheet['columns'])}), "
                                   f"has {len(widths)}"))
    return problems


SHEET = Table({
    "title": Value(str),
    "heading": Value(str, required=False),
    "note": Value(str, required=False),
    # The first column holds each row's label; the others are for writing in.
    "columns": Array(Value(str), min_items=2, max_items=12),
    "rows": Value(int, minimum=1, maximum=40),
    "labels": Array(Value(str), required=False, default=[], max_items=40),
    "total": Value(str, required=False),
    "widths": Array(Value(float, minimum=0.2, maximum=10), required=False, default=[]),
    "landscape": Value(bool, required=False, default=False),
    "colour": Value(str, required=False, default="#dde7f0", pattern=COLOUR),
}, checks=(_sheet_checks,))


def loop_rows(spaces: int, columns: int) -> int | None:
    """Rows of a rectangular loop of ``spaces`` spaces, ``columns`` wide; None if none closes."""
    rows, rest = divmod(spaces - 2 * columns + 4, 2)
    return rows if rest == 0 and rows >= 3 else None


def _track_checks(track: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    n = track["spaces"]
    if track["shape"] == "loop" and loop_rows(n, track["columns"]) is None:
        problems.append(("spaces", f"{n} spaces do not close a loop {track['columns']} "
                                   f"spaces wide: a loop of C columns and R rows (R ≥ 3) has "
                                   f"2 × (C + R) − 4 spaces"))
    if track["shape"] == "snake" and track["columns"] > n:
        problems.append(("columns", f"more columns than the {n} spaces"))
    problems += duplicates(track["special"], "special", "space")
    for i, special in enumerate(track["special"]):
        if special["space"] > n:
            problems.append((f"special[{i}].space", f"the track has only {n} spaces"))
    return problems


TRACK = Table({
    "title": Value(str),
    "heading": Value(str, required=False),
    "spaces": Value(int, minimum=2, maximum=400),
    "shape": Value(str, choices=TRACK_SHAPES),
    "columns": Value(int, minimum=2, maximum=60),
    "space_mm": Value(float, required=False, default=25.0, minimum=12, maximum=80),
    "colour": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    "background": Value(str, required=False, default="#eef3f8", pattern=COLOUR),
    "special": Array(Table({
        "space": Value(int, minimum=1, maximum=400),
        "name": Value(str),
        "colour": Value(str, pattern=COLOUR),
        "symbol": Value(str, required=False, choices=SYMBOLS),
    }), required=False, default=[], max_items=400),
}, checks=(_track_checks,))


TOKENS = Table({
    "title": Value(str),
    "size_mm": Value(float, required=False, default=20.0, minimum=8, maximum=80),
    "tokens": Array(Table({
        "shape": Value(str, choices=TOKEN_SHAPES),
        "count": Value(int, minimum=1, maximum=500),
        "colour": Value(str, pattern=COLOUR),
        "label": Value(str, required=False),
        "label_colour": Value(str, required=False, pattern=COLOUR),
        "symbol": Value(str, required=False, choices=SYMBOLS),
    }), min_items=1, max_items=50),
})

#: Component kinds: game.toml key -> (schema, document kind for the guide).
KINDS: dict[str, tuple[Table, str]] = {
    "decks": (DECK, "cards"),
    "tracks": (TRACK, "board"),
    "tokens": (TOKENS, "tokens"),
    "sheets": (SHEET, "sheet"),
}

#: Splice into a game's top-level schema: ``Table({**game_header(...), **COMPONENTS})``.
COMPONENTS: dict[str, Keyed] = {
    key: Keyed(schema, required=False, default={}) for key, (schema, _kind) in KINDS.items()
}
