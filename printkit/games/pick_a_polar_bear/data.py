"""The schema of Pick-a-Polar Bear's game.toml, with cross-checks between its tables."""

from __future__ import annotations

from typing import Any

from printkit.drawing.symbols import SYMBOLS
from printkit.model.components import COMPONENTS
from printkit.model.kit_table import KIT
from printkit.schema import (
    COLOUR_HEX,
    Array,
    Keyed,
    Table,
    Value,
    box,
    cast,
    duplicates,
    game_header,
    players_in_order,
)

MIN_PLAYERS, MAX_PLAYERS = 1, 5


def _consistent(data: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    attributes = {a["id"]: a for a in data["attributes"]}
    if len(attributes) != len(data["attributes"]):
        problems.append(("attributes", "attribute ids must be different"))
    for i, attribute in enumerate(data["attributes"]):
        for key in ("labels", "colours", "symbols"):
            listed = attribute.get(key)
            if listed is not None and len(listed) != 2:
                problems.append((f"attributes[{i}].{key}",
                                 "needs exactly 2 entries, one per value"))
    for i, card in enumerate(data["bonus"]["cards"]):
        if len(card["features"]) != 2:
            problems.append((f"bonus.cards[{i}].features", "a bonus card shows exactly 2 features"))
        for key, value in card["features"].items():
            if key not in attributes:
                problems.append((f"bonus.cards[{i}].features.{key}",
                                 f"unknown attribute; attributes: {', '.join(attributes)}"))
            elif value not in attributes[key]["values"]:
                valid = ", ".join(attributes[key]["values"])
                problems.append((f"bonus.cards[{i}].features.{key}",
                                 f"{value!r} is not a value of {key}; values: {valid}"))
    shown = [tuple(sorted(c["features"].items())) for c in data["bonus"]["cards"]]
    if len(set(shown)) != len(shown):
        problems.append(("bonus.cards", "two bonus cards show the same features"))
    # Cross-field limits: what is laid out or dealt must exist.
    deck = 2 ** len(data["attributes"]) * data["deck"]["copies"]
    table = data["table"]["rows"] * data["table"]["columns"]
    solo = data["solo"]["rows"] * data["solo"]["columns"]
    if table + data["players"]["max"] > deck:
        problems.append(("table", f"{table} table cards and a captain for each of "
                                  f"{data['players']['max']} players need more than the "
                                  f"{deck} cards of the deck"))
    if solo * data["solo"]["rounds"] > deck:
        problems.append(("solo", f"{data['solo']['rounds']} rounds of {solo} cards need "
                                 f"{solo * data['solo']['rounds']} cards; the deck has {deck}"))
    if data["bonus"]["min_table_cards"] > table:
        problems.append(("bonus.min_table_cards", f"the table holds only {table} cards"))
    if data["penalty"]["back"] > data["penalty"]["front"]:
        problems.append(("penalty.back", "the back of a penalty card is the second, larger "
                                         "penalty"))
    problems += duplicates(data["attributes"], "attributes", "id")
    problems += duplicates(data["cast"], "cast", "name")
    return problems


SCHEMA = Table(
    {
        **game_header(MIN_PLAYERS, MAX_PLAYERS),
        # The players of the worked examples: a name kept in every language, and a gender
        # for the narration's pronouns and agreements.
        "cast": cast(MIN_PLAYERS, MAX_PLAYERS),
        "attributes": Array(Table({
            "id": Value(str, pattern=r"[a-z]+"),
            "name": Value(str),
            "values": Array(Value(str, pattern=r"[a-z]+"), min_items=2, max_items=2),
            "labels": Array(Value(str), min_items=2, max_items=2),
            "colours": Array(Value(str, pattern=COLOUR_HEX), required=False),
            "symbols": Array(Value(str, choices=SYMBOLS), required=False),
        }), min_items=5, max_items=5),
        "box": box(ages=(1, 99), minutes=(1, 600)),
        "deck": Table({"copies": Value(int, minimum=1, maximum=5)}),
        "table": Table({"rows": Value(int, minimum=1, maximum=8),
                        "columns": Value(int, minimum=1, maximum=8)}),
        "solo": Table({"rows": Value(int, minimum=1, maximum=8),
                       "columns": Value(int, minimum=1, maximum=12),
                       "rounds": Value(int, minimum=1, maximum=10)}),
        "hold": Table({"name": Value(str), "text": Value(str)}),
        "bonus": Table({
            "points": Value(int, minimum=1, maximum=10),
            "min_table_cards": Value(int, minimum=0, maximum=64),
            "penalty_cards": Value(int, minimum=1, maximum=10),
            "cards": Array(Table({"text": Value(str), "features": Keyed(Value(str))}),
                           min_items=1, max_items=40),
        }),
        "penalty": Table({"cards": Value(int, minimum=1, maximum=20),
                          "front": Value(int, minimum=-20, maximum=-1),
                          "back": Value(int, minimum=-20, maximum=-1)}),
        "print": Table({"card_mm": Value(float, minimum=40, maximum=90)}),
        "kit": KIT,
        # Components drawn from data (printkit.model.components), like a game project's.
        **COMPONENTS,
    },
    checks=(players_in_order, _consistent),
)
