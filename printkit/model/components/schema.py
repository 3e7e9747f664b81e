"""The game.toml schema of data-driven components: decks, score sheets, tracks, token sheets.

Each kind is a table of components keyed by id (``[decks.heroes]``,
``[sheets.score]``, ``[tracks.race]``, ``[tokens.markers]``); the id becomes
the document id and the file name. :data:`COMPONENTS` is spliced into a
game's top-level schema, like :func:`printkit.schema.game_header`. Checks
that need only the table itself (fields named by boxes, boxes inside the
safe zone, a loop that closes) run here, so a game.toml reports them all at
once; checks that need the rest of game.toml (a card size, a count or a value
a deck reads from a dotted key elsewhere: :func:`component_references`) run on
the whole file, and checks that need the files beside it (CSV, images) run
when the deck is loaded (:mod:`printkit.model.components.deck`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printkit.drawing.icon_text import icons_in
from printkit.drawing.symbols import SYMBOLS
from printkit.errors import DataError
from printkit.geometry import DEFAULT_SPEC
from printkit.model.components.card_kinds import KIND_FIELD, column_of, column_styles
from printkit.model.components.icons import KEY as ICONS_KEY
from printkit.model.components.icons import SCHEMA as ICONS_SCHEMA
from printkit.model.components.icons import names as icon_names
from printkit.model.components.spreadsheets import is_spreadsheet
from printkit.schema import (
    COLOUR_HEX,
    MAX_COUNT,
    TITLE_LENGTH,
    Array,
    Keyed,
    Table,
    Value,
    duplicates,
)

COLOUR = COLOUR_HEX
#: What a face box shows.
SHOWS = ("text", "value", "symbol", "fill", "image")
#: Boxes whose content a slightly off cut must never clip: they keep to the safe zone.
#: ``fill`` boxes are artwork and may run to the cut line (and then on into the bleed).
SAFE_SHOWS = ("text", "value", "symbol", "image")
ALIGNS = ("left", "centre", "right")
FIELD = r"[a-z][a-z0-9_]*"
#: A font family the project declares under [fonts].
FONT_FAMILY = r"[a-z][a-z0-9_-]*"
#: Column names a deck's fields may not take.
RESERVED_FIELDS = ("count",)
#: A dotted key of game.toml (``tydzien_card.days``), where a deck reads a value it shares
#: with the rest of the game (a card size, a count, a number the rules also use).
DATA_PATH = r"[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*"
#: What a box does in ink-saver mode (``printkit build --ink-saver``), by what it shows;
#: the first is the default. A fill: a pale ``wash`` of its colour with an outline, a thin
#: ``frame`` of its colour just inside its edges (as a card back gets), left out (``none``)
#: or printed as designed (``keep``). A symbol: ``auto`` (a light symbol on a solid field
#: turns dark, as text does), ``keep`` (its own colour) or ``outline`` (line art: a dark
#: line of its colour round ``saver_fill``).
SAVERS: dict[str, tuple[str, ...]] = {
    "fill": ("wash", "frame", "none", "keep"),
    "symbol": ("auto", "keep", "outline"),
}
TOKEN_SHAPES = ("circle", "square", "hexagon")
#: How a token sheet is cut: along the straight lines round each token's square (any shape),
#: or along a circle round each token (round tokens only, 3 mm apart on a home sheet).
TOKEN_CUTS = ("square", "circle")
TRACK_SHAPES = ("snake", "loop")
#: The largest card a deck may declare, in mm (a tarot card is 70×120).
MAX_CARD_MM = 200.0


class OrColumn:
    """A box's style as ``inner`` checks it, or a column of the card file in braces
    (``"{suit_colour}"``) whose value each card gives (checked when the deck loads)."""

    def __init__(self, inner: Value) -> None:
        self.inner = inner
        self.required = inner.required
        self.default = inner.default

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        if column_of(value) is not None:
            return value
        return self.inner.check(value, file, path, errors)


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
    # What the box shows: a card field, a fixed content for every card, or the value at a
    # dotted key of game.toml (the same on every card).
    "field": Value(str, required=False, pattern=FIELD),
    "content": Value(str, required=False),
    "data": Value(str, required=False, pattern=DATA_PATH),
    # A text box: a message with a singular and a plural form (msgids); the box's field or
    # data gives the number that picks the form, printed where %(num)s stands.
    "plural": Array(Value(str), required=False, min_items=2, max_items=2),
    # A value box: how the value is printed, %(value)s standing for it ("+%(value)s").
    "format": Value(str, required=False),
    # A fill or a symbol: what it becomes in ink-saver mode (see SAVERS).
    "saver": Value(str, required=False,
                   choices=tuple(dict.fromkeys(m for ms in SAVERS.values() for m in ms))),
    # Inside an outlined symbol in ink-saver mode.
    "saver_fill": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    "size": OrColumn(Value(float, required=False, default=10.0, minimum=3, maximum=200)),
    "min_size": Value(float, required=False, default=6.0, minimum=3, maximum=200),
    "bold": OrColumn(Value(bool, required=False, default=False)),
    "italic": OrColumn(Value(bool, required=False, default=False)),
    # A family of the project's [fonts] (see printkit.model.project_fonts).
    "font": OrColumn(Value(str, required=False, pattern=FONT_FAMILY)),
    "align": Value(str, required=False, default="centre", choices=ALIGNS),
    "wrap": Value(bool, required=False, default=False),
    # A colour, or a column of the card file in braces ("{suit_colour}"): each card's own
    # (so may size, bold and italic be).
    "colour": OrColumn(Value(str, required=False, default="#000000", pattern=COLOUR)),
    "radius_mm": _mm(required=False, default=0.0, maximum=50),
})

BACK = Table({
    "colour": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    "text": Value(str, required=False),
    "text_colour": Value(str, required=False, default="#000000", pattern=COLOUR),
    "symbol": Value(str, required=False, choices=SYMBOLS),
    "symbol_colour": Value(str, required=False, default="#000000", pattern=COLOUR),
    "image": Value(str, required=False),
    # Boxes drawn on the back, over the above, placed as on the face; the back is the
    # same on every card, so they show a content or a dotted key, not a card field.
    "boxes": Array(BOX, required=False, default=[], max_items=50),
}, required=False)


def data_value(data: Mapping[str, Any], path: str) -> Any:
    """The value at the dotted key ``path`` of game.toml; None if there is none."""
    node: Any = data
    for part in path.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    return node


def whole_number(value: Any) -> int | None:
    """``value`` as a whole number (7 or "7"); None if it is not one."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    # (at most 9 digits: no count on a card is longer, and Python refuses to read a
    # number of thousands of digits)
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    return None


_CARD = Table({"width_mm": _mm(10), "height_mm": _mm(10)})


class CardSpec:
    """A deck's ``card``: ``{ width_mm, height_mm }``, or the dotted key of such a table
    elsewhere in game.toml (``card = "tydzien_card"``), for a size the game also uses."""

    required = True
    default = None

    def check(self, value: Any, file: str, path: str, errors: list[DataError]) -> Any:
        if isinstance(value, str):
            return Value(str, pattern=DATA_PATH).check(value, file, path, errors)
        if not isinstance(value, dict):
            errors.append(DataError(file, path, "expected a table { width_mm, height_mm } or "
                                                "the dotted key of one in game.toml"))
            return {}
        return _CARD.check(value, file, path, errors)


class CardEntry:
    """One ``[[decks.<id>.cards]]`` table: field values (strings or whole numbers) and a count
    (a whole number, or the dotted key of one elsewhere in game.toml).

    Which keys are valid depends on the deck's ``fields``, so the deck's own
    check names unknown ones; here each value's type is checked.
    """

    required = True
    default = None

    def check(self, value: Any, file: str, path: str, errors: list[Any]) -> Any:
        if not isinstance(value, dict):
            errors.append(DataError(file, path, "expected a table of field values"))
            return {}
        out: dict[str, Any] = {}
        for key, item in value.items():
            where = f"{path}.{key}"
            if key == "count" and isinstance(item, str):
                if not re.fullmatch(DATA_PATH, item):
                    errors.append(DataError(file, where, f"expected a whole number or the "
                                                         f"dotted key of one in game.toml; "
                                                         f"{item!r} is neither"))
                    continue
            elif key == "count":
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


def _format_problem(text: str) -> str | None:
    """Why a value box's ``format`` cannot print a value; None if it can."""
    if "%(value)s" not in text:
        return "needs %(value)s where the value goes (\"+%(value)s\")"
    try:
        text % {"value": "1"}
    except (KeyError, ValueError, TypeError):
        return "only %(value)s may follow a % sign; write %% for a percent sign"
    return None


def _box_checks(box: dict[str, Any], where: str,
                fields: list[str] | None) -> list[tuple[str, str]]:
    """What is wrong with one box on its own; ``fields`` is None for a box on the back."""
    problems: list[tuple[str, str]] = []
    show, name = box["show"], box["name"]
    sources = [key for key in ("field", "content", "data") if box.get(key) is not None]
    if box.get("plural") is not None:
        if show != "text":
            problems.append((f"{where}.plural", f"only a text box shows a plural message; "
                                                f"box {name!r} shows {show}"))
        elif sources not in (["field"], ["data"]):
            problems.append((where, f"box {name!r} needs the number that picks the plural "
                                    f"form: a field or data (a dotted key of game.toml), "
                                    f"and no content"))
    elif show == "fill" and not sources:
        if column_of(box["colour"]) is not None:  # the fill's colour is the card's own
            box["field"] = column_of(box["colour"])
        else:
            box["content"] = box["colour"]
    elif len(sources) != 1:
        problems.append((where, f"box {name!r} needs exactly one of field (a card field), "
                                f"content (the same on every card) or data (a dotted key of "
                                f"game.toml)"))
    if box.get("field") is not None:
        if fields is None:
            problems.append((f"{where}.field", "the back is the same on every card: give "
                                               "content or data, not a card field"))
        elif box["field"] not in fields:
            problems.append((f"{where}.field", f"{box['field']!r} is not a declared field; "
                                               f"fields: {', '.join(fields) or 'none'}"))
    for style, column in column_styles(box).items():
        if fields is None:
            problems.append((f"{where}.{style}", f"the back is the same on every card: give "
                                                 f"a {style}, not a column"))
        elif column not in fields and box.get("field") != column:  # (else named once)
            problems.append((f"{where}.{style}", f"{column!r} is not a declared field; "
                                                 f"fields: {', '.join(fields) or 'none'}"))
    # (icon and symbol names are checked with the project's icons: component_references)
    if show == "fill" and box.get("content") is not None \
            and not re.fullmatch(COLOUR, box["content"]):
        problems.append((f"{where}.content", f"{box['content']!r} is not a colour like "
                                             f"#1a2b3c"))
    if box.get("format") is not None:
        if show != "value":
            problems.append((f"{where}.format", f"only a value box has a format; box "
                                                f"{name!r} shows {show}"))
        elif (bad := _format_problem(box["format"])) is not None:
            problems.append((f"{where}.format", bad))
    if box.get("saver") is not None and box["saver"] not in SAVERS.get(show, ()):
        problems.append((f"{where}.saver", f"a {show} box has no ink-saver form "
                                           f"{box['saver']!r}" + (
                            f"; one of: {', '.join(SAVERS[show])}" if show in SAVERS else
                            "; only fill and symbol boxes change in ink-saver mode")))
    if not isinstance(box["size"], str) and box["min_size"] > box["size"]:
        problems.append((f"{where}.min_size", "must not exceed size"))
    return problems


def _boxes(deck: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(key path inside the deck, box) of the face's boxes, then the back's."""
    back = deck.get("back") or {}
    return [*((f"boxes[{i}]", box) for i, box in enumerate(deck["boxes"])),
            *((f"kinds.{kind}[{i}]", box) for kind, boxes in (deck.get("kinds") or {}).items()
              for i, box in enumerate(boxes)),
            *((f"back.boxes[{i}]", box) for i, box in enumerate(back.get("boxes") or []))]


def _deck_checks(deck: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    fields = deck["fields"]
    problems += duplicates(fields, "fields")
    for i, name in enumerate(fields):
        if name in RESERVED_FIELDS:
            problems.append((f"fields[{i}]", f"{name!r} is reserved for the number of copies"))
    problems += duplicates(deck["boxes"], "boxes", "name")
    every_card = {box["name"] for box in deck["boxes"]}
    for kind, boxes in (deck.get("kinds") or {}).items():
        problems += duplicates(boxes, f"kinds.{kind}", "name")
        problems += [(f"kinds.{kind}[{i}].name", f"{box['name']!r} is already a box on "
                                                 f"every card (boxes)")
                     for i, box in enumerate(boxes) if box["name"] in every_card]
    if deck.get("kinds") and KIND_FIELD not in fields:
        problems.append(("fields", f"a deck with kinds needs a {KIND_FIELD!r} field: the "
                                   f"column by which each card picks its kind"))
    if deck.get("back"):
        problems += duplicates(deck["back"]["boxes"], "back.boxes", "name")
    for where, box in _boxes(deck):
        problems += _box_checks(box, where, None if where.startswith("back.") else fields)
        # A card size from elsewhere in game.toml is checked with the whole file.
        far = _safe_zone(deck["card"], box) if isinstance(deck["card"], dict) else None
        if far is not None:
            problems.append((where, far))
    if deck.get("csv") is not None and deck["cards"]:
        problems.append(("cards", "list the cards here or in the card file, not both"))
    if deck.get("csv") is None and not deck["cards"]:
        problems.append(("cards", "a deck needs cards: [[cards]] tables or a csv file "
                                  "(.csv, .xlsx or .ods)"))
    if deck.get("sheet") is not None and not is_spreadsheet(deck.get("csv") or ""):
        problems.append(("sheet", "names a sheet of a spreadsheet: give csv an .xlsx or "
                                  ".ods file"))
    for i, card in enumerate(deck["cards"]):
        for key in card:
            if key != "count" and key not in fields:
                problems.append((f"cards[{i}].{key}", f"unknown field; declared fields: "
                                                      f"{', '.join(fields) or 'none'}"))
    return problems


def _size_of(value: Any) -> dict[str, float] | None:
    """A card size: width_mm and height_mm, positive numbers (the table that holds them is
    checked by its own schema; a card too big for the paper is the print layer's to say)."""
    if not isinstance(value, Mapping):
        return None
    size = {key: value.get(key) for key in ("width_mm", "height_mm")}
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0
           for v in size.values()):
        return {key: float(v) for key, v in size.items()}  # type: ignore[arg-type]
    return None


def _data_problem(box: Mapping[str, Any], value: Any,
                  known: tuple[str, ...] = SYMBOLS) -> str | None:
    """Why ``value``, found at a box's dotted key, cannot be what the box shows."""
    show = box["show"]
    if value is None:
        return "is not a key of game.toml"
    if box.get("plural") is not None:
        return None if whole_number(value) is not None else (
            "is not a whole number in game.toml (it picks the plural form)")
    if show == "fill":
        return None if isinstance(value, str) and re.fullmatch(COLOUR, value) else (
            "is not a colour like #1a2b3c in game.toml")
    if show == "symbol":
        return None if value in known else (
            f"is not a symbol in game.toml; symbols: {', '.join(known)}")
    if show == "image":
        return None if isinstance(value, str) and value else "is not an image file name"
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return "is not a string or a whole number in game.toml"
    return None


def deck_card(data: Mapping[str, Any], deck: Mapping[str, Any]) -> dict[str, float] | None:
    """The deck's card size, its own or the one at its dotted key; None if there is none."""
    card = deck["card"]
    return _size_of(data_value(data, card) if isinstance(card, str) else card)


def component_references(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every dotted key a deck reads from the rest of game.toml holds what the deck needs
    (a card size, a count, a box's value), and boxes fit a card whose size is read so.

    A whole-file check, for a game's top-level schema (loading a deck runs it too): the
    game keeps such a fact once, where its own checks (against the rules) see it.
    """
    problems: list[tuple[str, str]] = []
    for deck_id, deck in (data.get("decks") or {}).items():
        base = f"decks.{deck_id}"
        card = deck["card"]
        size = deck_card(data, deck)
        if size is None:
            problems.append((f"{base}.card", f"{card!r} is not a table of width_mm and "
                                             f"height_mm (in mm) in game.toml"))
        elif isinstance(card, str):
            for where, box in _boxes(deck):
                far = _safe_zone(size, box)
                if far is not None:
                    problems.append((f"{base}.{where}", far))
        for i, entry in enumerate(deck["cards"]):
            count = entry.get("count")
            if isinstance(count, str):
                n = data_value(data, count)
                if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COUNT:
                    problems.append((f"{base}.cards[{i}].count",
                                     f"{count!r} is not a whole number from 0 to "
                                     f"{MAX_COUNT:,} in game.toml"))
        problems.extend(_icon_names(deck, base, icon_names(data)))
        for where, box in _boxes(deck):
            if box.get("data") is None:
                continue
            problem = _data_problem(box, data_value(data, box["data"]), icon_names(data))
            if problem is not None:
                problems.append((f"{base}.{where}.data", f"{box['data']!r} {problem}"))
    return problems


def _icon_names(deck: Mapping[str, Any], base: str,
                known: tuple[str, ...]) -> list[tuple[str, str]]:
    """A box's own text names only icons there are, a symbol box's content a symbol: the
    built-in ones and the project's (see :mod:`printkit.model.components.icons`)."""
    problems: list[tuple[str, str]] = []
    for where, box in _boxes(deck):
        content = box.get("content")
        unknown = [icon for icon in icons_in(content or "") if icon not in known] \
            if box["show"] == "text" else []
        if unknown:
            problems.append((f"{base}.{where}.content", f"':{unknown[0]}:' is not an icon; "
                                                        f"icons: {', '.join(known)}"))
        if box["show"] == "symbol" and content is not None and content not in known:
            problems.append((f"{base}.{where}.content", f"{content!r} is not a symbol; "
                                                        f"symbols: {', '.join(known)}"))
    return problems


DECK = Table({
    "title": Value(str, max_length=TITLE_LENGTH),
    "card": CardSpec(),
    "fields": Array(Value(str, pattern=FIELD), max_items=50),
    # The card file: CSV in any dialect a spreadsheet saves, or a spreadsheet itself.
    "csv": Value(str, required=False, pattern=r"[^/\\].*\.(csv|xlsx|ods)"),
    # The sheet of a spreadsheet the cards are on: the first if none is named.
    "sheet": Value(str, required=False, max_length=100),
    "cards": Array(CardEntry(), required=False, default=[], max_items=1000),
    "background": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    # Pictures far above this resolution at their printed size are embedded downsampled
    # to it: 300 dpi, 600 for line art, 0 to keep every picture as it is.
    "picture_dpi": Value(int, required=False, default=300, choices=(0, 150, 300, 600)),
    "boxes": Array(BOX, min_items=1, max_items=50),
    # Face layouts by kind: a card's "kind" column picks one, drawn over "boxes".
    "kinds": Keyed(Array(BOX, min_items=1, max_items=50), key_pattern=FIELD, required=False,
                   default={}),
    "back": BACK,
}, checks=(_deck_checks,))


def _sheet_checks(sheet: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    if sheet["texts"] and (sheet.get("heading") or sheet.get("note")):
        problems.append(("texts", "replaces heading and note: give one or the other"))
    groups = sheet["row"]
    if groups:
        # The detailed form: the rows as [[row]] tables.
        for key in ("columns", "rows", "labels", "total", "widths"):
            if sheet.get(key):
                problems.append((key, "give the rows either as [[row]] tables or with "
                                      "columns/rows/labels/total/widths, not both"))
        if sheet["label_mm"] is None:
            problems.append(("label_mm", "[[row]] tables need label_mm, the width of the "
                                         "label column"))
        for i, group in enumerate(groups):
            if group.get("each") is not None and (group["count"] != 1 or group["per_player"]):
                problems.append((f"row[{i}].each", "give a row group one of count, each or "
                                                   "per_player"))
            elif group["count"] != 1 and group["per_player"]:
                problems.append((f"row[{i}].count", "give a row group one of count, each or "
                                                    "per_player"))
            if group["heads"] and not sheet["parts"]:
                problems.append((f"row[{i}].heads", "shows the parts' headings, but the sheet "
                                                    "has no parts"))
        return problems
    if sheet["parts"] or sheet["per_player"] or sheet["player_line"] or \
            sheet["label_mm"] is not None:
        problems.append(("row", "label_mm, per_player, parts and player_line need the rows "
                                "as [[row]] tables"))
    if len(sheet["columns"]) < 2:
        problems.append(("columns", "needs a heading for the label column and at least one "
                                    "more"))
    if sheet["rows"] is None:
        problems.append(("rows", "is missing (or give the rows as [[row]] tables)"))
    elif len(sheet["labels"]) > sheet["rows"]:
        problems.append(("labels", f"has {len(sheet['labels'])} labels for "
                                   f"{sheet['rows']} rows"))
    widths = sheet["widths"]
    if widths and len(widths) != len(sheet["columns"]):
        problems.append(("widths", f"needs one width per column ({len(sheet['columns'])}), "
                                   f"has {len(widths)}"))
    return problems


def _sheet_text_checks(text: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    if text["min_size"] > text["size"]:
        problems.append(("min_size", "must not exceed size"))
    if text["wrap"] and text["align"] == "right":
        problems.append(("align", "wrapped text is set left or centred"))
    return problems


#: A line of the heading area (title, subtitle, a note), placed from the top of the page's
#: printable area; it runs from the left edge to ``art_mm`` (and 4 mm) short of the right.
SHEET_TEXT = Table({
    # A msgid; without one, the game's title, printed as it is in every language.
    "text": Value(str, required=False),
    "top_mm": Value(float, minimum=0, maximum=300),
    "height_mm": Value(float, minimum=1, maximum=300),
    "size": Value(float, required=False, default=12.0, minimum=3, maximum=72),
    "min_size": Value(float, required=False, default=6.0, minimum=3, maximum=72),
    "bold": Value(bool, required=False, default=False),
    "italic": Value(bool, required=False, default=False),
    "font": Value(str, required=False, pattern=FONT_FAMILY),
    "colour": Value(str, required=False, default="#1f2430", pattern=COLOUR),
    "align": Value(str, required=False, default="left", choices=ALIGNS),
    # Several lines, wrapped and shrunk to fit the box.
    "wrap": Value(bool, required=False, default=False),
}, checks=(_sheet_text_checks,))

def _sheet_row_checks(row: dict[str, Any]) -> list[tuple[str, str]]:
    if row["label_min_size"] > row["label_size"]:
        return [("label_min_size", "must not exceed label_size")]
    return []


#: One row, or a group of numbered rows, of a sheet given as ``[[sheets.<id>.row]]`` tables.
SHEET_ROW = Table({
    # A msgid; %(number)s is the row's number in its group, %(value)s its item of ``each``.
    "label": Value(str, required=False),
    # A smaller line under the label (a msgid).
    "subtitle": Value(str, required=False),
    # How many rows: a number, one per player ([players] max), or one per item of a list of
    # numbers elsewhere in game.toml, named by its dotted key ("finish.multipliers").
    "count": Value(int, required=False, default=1, minimum=1, maximum=40),
    "per_player": Value(bool, required=False, default=False),
    "each": Value(str, required=False, pattern=r"[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*"),
    # A fixed height; rows without one share what is left, up to the sheet's max_row_mm.
    "height_mm": Value(float, required=False, minimum=3, maximum=200),
    "fill": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    # Every other row of the group in this colour instead (stripes).
    "stripe": Value(str, required=False, pattern=COLOUR),
    # The cells' line width in points; ``outline`` draws a thicker frame round the row.
    "line": Value(float, required=False, default=0.7, minimum=0.1, maximum=5),
    "outline": Value(float, required=False, minimum=0.1, maximum=5),
    "label_size": Value(float, required=False, default=12.0, minimum=3, maximum=72),
    "label_min_size": Value(float, required=False, default=6.0, minimum=3, maximum=72),
    "label_colour": Value(str, required=False, pattern=COLOUR),
    # The label wraps onto several lines (centred in the row's height).
    "wrap": Value(bool, required=False, default=False),
    # A small text at the top left of each cell (a msgid; %(number)s is the column's number).
    "text": Value(str, required=False),
    # A small box in the bottom right corner of each cell, with a label above it (a msgid).
    "box": Table({
        "side_mm": Value(float, required=False, default=11.0, minimum=3, maximum=60),
        "label": Value(str, required=False),
    }, required=False),
    # One cell per player across all the parts.
    "merge": Value(bool, required=False, default=False),
    # The cells show the headings of the sheet's parts.
    "heads": Value(bool, required=False, default=False),
    # The game's own code draws into these cells (a picture, a printed multiplier).
    "art": Value(bool, required=False, default=False),
}, checks=(_sheet_row_checks,))

SHEET = Table({
    "title": Value(str, max_length=TITLE_LENGTH),
    "heading": Value(str, required=False),
    "note": Value(str, required=False),
    # The first column holds each row's label; the others are for writing in.
    "columns": Array(Value(str), required=False, default=[], max_items=12),
    "rows": Value(int, required=False, minimum=1, maximum=40),
    "labels": Array(Value(str), required=False, default=[], max_items=40),
    "total": Value(str, required=False),
    "widths": Array(Value(float, minimum=0.2, maximum=10), required=False, default=[]),
    "landscape": Value(bool, required=False, default=False),
    "colour": Value(str, required=False, default="#dde7f0", pattern=COLOUR),
    # The heading area drawn line by line instead of from heading and note.
    "texts": Array(SHEET_TEXT, required=False, default=[], max_items=20),
    # Room kept free at the top right for the game's picture, in mm.
    "art_mm": Value(float, required=False, default=0.0, minimum=0, maximum=150),
    # Where the table starts, in mm below the top of the printable area.
    "header_mm": Value(float, required=False, minimum=0, maximum=250),
    # The detailed form: the rows as [[row]] tables, a column per player.
    "row": Array(SHEET_ROW, required=False, default=[], max_items=40),
    "label_mm": Value(float, required=False, minimum=5, maximum=150),
    "per_player": Value(bool, required=False, default=False),
    # Each player's column split into parts, headed by their labels (msgids) in the row
    # marked heads = true.
    "parts": Array(Table({"label": Value(str)}), required=False, default=[], max_items=6),
    # A thicker line between the players' columns, in points.
    "player_line": Value(float, required=False, default=0.0, minimum=0, maximum=5),
    # A row is never taller than this, so a short sheet does not get huge empty rows.
    "max_row_mm": Value(float, required=False, default=22.0, minimum=5, maximum=200),
    # The colour of lines and labels, and of the small texts.
    "ink": Value(str, required=False, default="#1f2430", pattern=COLOUR),
    "muted": Value(str, required=False, default="#6b7785", pattern=COLOUR),
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
    "title": Value(str, max_length=TITLE_LENGTH),
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


def _token_checks(sheet: dict[str, Any]) -> list[tuple[str, str]]:
    if sheet["cut"] != "circle":
        return []
    return [(f"tokens[{i}].shape", f"a sheet cut along circles (cut = \"circle\") holds "
                                   f"round tokens only, not {kind['shape']!r}")
            for i, kind in enumerate(sheet["tokens"]) if kind["shape"] != "circle"]


TOKENS = Table({
    "title": Value(str, max_length=TITLE_LENGTH),
    "size_mm": Value(float, required=False, default=20.0, minimum=8, maximum=80),
    "cut": Value(str, required=False, default="square", choices=TOKEN_CUTS),
    "tokens": Array(Table({
        "shape": Value(str, choices=TOKEN_SHAPES),
        "count": Value(int, minimum=1, maximum=500),
        "colour": Value(str, pattern=COLOUR),
        "label": Value(str, required=False),
        "label_colour": Value(str, required=False, pattern=COLOUR),
        "symbol": Value(str, required=False, choices=SYMBOLS),
    }), min_items=1, max_items=50),
}, checks=(_token_checks,))


BOARD_GRIDS = ("square", "hex", "picture")
HEX_TOPS = ("pointy", "flat")
SPACE_SHAPES = ("circle", "square")
#: The most cells a grid board may have (a 50 × 50 grid), and spaces a picture board.
MAX_CELLS = 2500
#: The largest board side, in mm: it is tiled across sheets, but not without end.
MAX_BOARD_MM = 2000.0


def _board_checks(board: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    grid = board["grid"]
    if grid == "picture":
        if board.get("picture") is None:
            problems.append(("picture", "a picture board needs picture, a PNG, JPEG or SVG "
                                        "in the project"))
        if board.get("width_mm") is None:
            problems.append(("width_mm", "a picture board needs width_mm, its printed width"))
        for key in ("rows", "columns", "labels", "labels_csv", "colours"):
            if board.get(key):
                problems.append((key, "belongs to a square or hex grid, not a picture board"))
        return problems
    for key in ("rows", "columns"):
        if board.get(key) is None:
            problems.append((key, f"a {grid} grid needs rows and columns"))
    if board["spaces"]:
        problems.append(("spaces", "belong to a picture board; a grid has cells"))
    if board.get("rows") and board.get("columns"):
        cells = board["rows"] * board["columns"]
        if cells > MAX_CELLS:
            problems.append(("rows", f"{board['rows']} × {board['columns']} = {cells:,} cells; "
                                     f"a board has at most {MAX_CELLS:,}"))
        for key, items in (("labels", board["labels"]), ("colours", board["colours"])):
            if len(items) > cells:
                problems.append((key, f"has {len(items)} entries for {cells} cells"))
        side = max(board["rows"], board["columns"]) * board["cell_mm"]
        if side > MAX_BOARD_MM:
            problems.append(("cell_mm", f"{board['cell_mm']:g} mm cells make the board "
                                        f"{side:g} mm long; at most {MAX_BOARD_MM:g} mm"))
    if board["labels"] and board.get("labels_csv"):
        problems.append(("labels_csv", "give labels or labels_csv, not both"))
    return problems


BOARD = Table({
    "title": Value(str, max_length=TITLE_LENGTH),
    "heading": Value(str, required=False),
    # A square grid, a hex grid, or a picture with spaces placed on it.
    "grid": Value(str, choices=BOARD_GRIDS),
    "rows": Value(int, required=False, minimum=1, maximum=MAX_CELLS),
    "columns": Value(int, required=False, minimum=1, maximum=MAX_CELLS),
    # A square's side; a hexagon's width across its flat sides.
    "cell_mm": Value(float, required=False, default=25.0, minimum=5, maximum=200),
    "top": Value(str, required=False, default="pointy", choices=HEX_TOPS),
    # Cell labels (msgids) row by row from the top left, or a CSV of row,column,label[,colour].
    "labels": Array(Value(str), required=False, default=[], max_items=MAX_CELLS),
    "labels_csv": Value(str, required=False, pattern=r"[^/\\].*\.csv"),
    # Cell colours row by row; fewer than the cells repeat, each row one further on.
    "colours": Array(Value(str, pattern=COLOUR), required=False, default=[],
                     max_items=MAX_CELLS),
    "colour": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    "background": Value(str, required=False, default="#ffffff", pattern=COLOUR),
    "picture": Value(str, required=False),
    "width_mm": Value(float, required=False, minimum=20, maximum=MAX_BOARD_MM),
    # From the picture's top-left corner, as a designer measures it.
    "spaces": Array(Table({
        "x_mm": Value(float, minimum=0, maximum=MAX_BOARD_MM),
        "y_mm": Value(float, minimum=0, maximum=MAX_BOARD_MM),
        "size_mm": Value(float, required=False, default=20.0, minimum=3, maximum=200),
        "label": Value(str, required=False),
        "shape": Value(str, required=False, default="circle", choices=SPACE_SHAPES),
        "colour": Value(str, required=False, pattern=COLOUR),
    }), required=False, default=[], max_items=MAX_CELLS),
}, checks=(_board_checks,))

#: Component kinds: game.toml key -> (schema, document kind for the guide).
KINDS: dict[str, tuple[Table, str]] = {
    "decks": (DECK, "cards"),
    "tracks": (TRACK, "board"),
    "tokens": (TOKENS, "tokens"),
    "sheets": (SHEET, "sheet"),
    "boards": (BOARD, "board"),
}

#: Splice into a game's top-level schema: ``Table({**game_header(...), **COMPONENTS})``.
COMPONENTS: dict[str, Keyed] = {
    key: Keyed(schema, required=False, default={}) for key, (schema, _kind) in KINDS.items()
}
#: The project's own icons (see :mod:`printkit.model.components.icons`).
COMPONENTS[ICONS_KEY] = ICONS_SCHEMA
