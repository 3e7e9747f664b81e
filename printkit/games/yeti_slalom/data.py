"""The schema of Yeti Slalom's game.toml, with the checks that keep the course consistent."""

from __future__ import annotations

from typing import Any

from printkit.drawing.fit import FIT
from printkit.model.components import COMPONENTS
from printkit.model.kit_table import KIT
from printkit.schema import (
    COLOUR_HEX,
    Array,
    Table,
    Value,
    box,
    cast,
    duplicates,
    game_header,
    players_in_order,
)

MIN_PLAYERS, MAX_PLAYERS = 3, 5
DIE_FACES = range(1, 7)


def _consistent(data: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    rows, columns = data["course"]["rows"], data["course"]["columns"]
    for i, row in enumerate(data["course"]["start_rows"]):
        if not 1 <= row <= rows:
            problems.append((f"course.start_rows[{i}]", f"must be a row from 1 to {rows}"))
    seen_rows: dict[int, int] = {}
    for i, yeti in enumerate(data["yetis"]):
        if not 1 <= yeti["row"] <= rows:
            problems.append((f"yetis[{i}].row", f"must be a row from 1 to {rows}"))
        if yeti["row"] in seen_rows:
            problems.append((f"yetis[{i}].row", f"row {yeti['row']} already belongs to "
                                                 f"yetis[{seen_rows[yeti['row']]}]"))
        seen_rows[yeti["row"]] = i
    for colour in ("green", "red"):
        symbols = data["throws"][colour]
        if len(symbols) != columns:
            problems.append((f"throws.{colour}", f"needs one symbol per column ({columns})"))
        for j, symbol in enumerate(symbols):
            if symbol != 0 and symbol not in DIE_FACES:
                problems.append((f"throws.{colour}[{j}]", "must be 0 (none) or a die face 1–6"))
    if len(data["teams"]) < data["players"]["max"]:
        problems.append(("teams", f"needs a team for each of {data['players']['max']} players"))
    counts = {d["players"] for d in data["deal"]}
    wanted = set(range(data["players"]["min"], data["players"]["max"] + 1))
    if counts != wanted:
        problems.append(("deal", f"needs one entry per player count "
                                 f"{', '.join(map(str, sorted(wanted)))}"))
    yeti_cards = len(data["yetis"]) * 2 * data["cards"]["yeti_copies"]
    for i, deal in enumerate(data["deal"]):
        if deal["players"] * deal["yeti_cards"] > yeti_cards:
            problems.append((f"deal[{i}].yeti_cards", f"only {yeti_cards} Yeti cards exist"))
        if deal["players"] * deal["snowballs"] > data["cards"]["snowballs"]:
            problems.append((f"deal[{i}].snowballs",
                             f"only {data['cards']['snowballs']} snowball cards exist"))
    if len(data["cast"]) > len(data["teams"]):
        problems.append(("cast", f"needs a team for each of its {len(data['cast'])} captains"))
    problems += duplicates(data["cast"], "cast", "name")
    problems += duplicates(data["yetis"], "yetis", "id")
    problems += duplicates(data["teams"], "teams", "id")
    problems += duplicates(data["snowboarders"]["values"], "snowboarders.values")
    problems += duplicates(data["deal"], "deal", "players")
    return problems


SCHEMA = Table(
    {
        **game_header(MIN_PLAYERS, MAX_PLAYERS),
        "box": box(ages=(3, 99), minutes=(1, 600)),
        "course": Table({
            "rows": Value(int, minimum=2, maximum=12),
            "columns": Value(int, minimum=2, maximum=9),
            "start_rows": Array(Value(int), min_items=1, max_items=12),
        }),
        "yetis": Array(Table({
            "id": Value(str, pattern=r"[a-z]+"),
            "name": Value(str),
            "row": Value(int),
        }), min_items=1, max_items=12),
        "throws": Table({
            "green": Array(Value(int), max_items=9),
            "red": Array(Value(int), max_items=9),
            "hit_from": Value(int, minimum=1, maximum=6),
        }),
        "finish": Table({"multipliers": Array(Value(int, minimum=1, maximum=20), min_items=1,
                                              max_items=9)}),
        "teams": Array(Table({
            "id": Value(str, pattern=r"[a-z]+"),
            "name": Value(str),
            "fill": Value(str, pattern=COLOUR_HEX),
        }), min_items=3, max_items=8),
        "snowboarders": Table({"values": Array(Value(int, minimum=1, maximum=20), min_items=1,
                                               max_items=8)}),
        "cards": Table({
            "yeti_copies": Value(int, minimum=1, maximum=10),
            "snowballs": Value(int, minimum=0, maximum=100),
        }),
        "deal": Array(Table({
            "players": Value(int, minimum=1, maximum=8),
            "yeti_cards": Value(int, minimum=0, maximum=50),
            "snowballs": Value(int, minimum=0, maximum=50),
        }), min_items=1, max_items=8),
        "colours": Table({"green": Value(str, pattern=COLOUR_HEX),
                          "red": Value(str, pattern=COLOUR_HEX)}),
        "print": Table({
            "card_width_mm": Value(float, minimum=30, maximum=120),
            "card_height_mm": Value(float, minimum=30, maximum=120),
            "space_mm": Value(float, minimum=20, maximum=80),
            "yeti_space_mm": Value(float, minimum=20, maximum=120),
            "snowboarder_mm": Value(float, minimum=20, maximum=80),
            # The shapes the cards are cut in and the board draws its spaces in, as the
            # fit check compares them (printkit.drawing.fit).
            "card_shape": Value(str, choices=("rectangle",)),
            "snowboarder_shape": Value(str, choices=("rectangle",)),
            "space_shape": Value(str, choices=("rectangle",)),
            "yeti_space_shape": Value(str, choices=("rounded rectangle",)),
            "yeti_space_corner_mm": Value(float, minimum=0, maximum=10),
        }),
        # The captains of the worked examples, in the order of the teams they play.
        "cast": cast(1, 8),
        "kit": KIT,
        "fit": FIT,
        # Components drawn from data (printkit.model.components), like a game project's.
        **COMPONENTS,
    },
    checks=(players_in_order, _consistent),
)
