"""The schema of Polar Derby's game.toml."""

from __future__ import annotations

from typing import Any

from printkit.drawing.fit import FIT
from printkit.drawing.symbols import SYMBOLS
from printkit.model.components import COMPONENTS
from printkit.model.kit_table import KIT
from printkit.schema import (
    COLOUR_HEX,
    Array,
    Table,
    Value,
    box,
    cast,
    game_header,
    players_in_order,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: The shapes the token sheets cut and the rink draws its spots in.
SHAPES = ("circle", "rectangle")
DIE_FACES = 6


def _distinct(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Colours must be told apart by id and by symbol, not by colour alone."""
    problems = []
    colours = data["colours"]
    for key in ("id", "symbol"):
        seen: dict[str, int] = {}
        for i, colour in enumerate(colours):
            if colour[key] in seen:
                problems.append((f"colours[{i}].{key}", f"{colour[key]!r} is already used by "
                                                        f"colours[{seen[colour[key]]}]"))
            seen[colour[key]] = i
    if len(colours) != DIE_FACES - 1:
        problems.append(("colours", f"a die has {DIE_FACES} faces: one per colour and "
                                    f"Free Skate, so there must be {DIE_FACES - 1} colours, "
                                    f"not {len(colours)}"))
    if data["dice"]["free_skate"]["symbol"] in {c["symbol"] for c in colours}:
        problems.append(("dice.free_skate.symbol", "must differ from every colour's symbol"))
    return problems


SCHEMA = Table(
    {
        **game_header(MIN_PLAYERS, MAX_PLAYERS),
        # The players of the worked examples: a name kept in every language, and a gender
        # for the narration's pronouns and agreements.
        "cast": cast(MIN_PLAYERS, MAX_PLAYERS),
        "box": box(ages=(3, 99), minutes=(1, 600)),
        "colours": Array(Table({
            "id": Value(str, pattern=r"[a-z]+"),
            "name": Value(str),
            "symbol": Value(str, choices=SYMBOLS),
            "value": Value(int, minimum=0, maximum=99),
            "bears": Value(int, minimum=1, maximum=20),
            "fill": Value(str, pattern=COLOUR_HEX),
            "ink": Value(str, pattern=COLOUR_HEX),
        }), min_items=2, max_items=8),
        "dice": Table({
            "count": Value(int, choices=(2,)),
            "free_skate": Table({
                "name": Value(str),
                "symbol": Value(str, choices=SYMBOLS),
                "fill": Value(str, pattern=COLOUR_HEX),
                "ink": Value(str, pattern=COLOUR_HEX),
            }),
        }),
        "print": Table({
            "token_mm": Value(float, minimum=15, maximum=60),
            "token_shape": Value(str, choices=SHAPES),
            "spot_shape": Value(str, choices=SHAPES),
            "die_face_mm": Value(float, minimum=15, maximum=50),
        }),
        "kit": KIT,
        "fit": FIT,
        # Components drawn from data (printkit.model.components), like a game project's.
        **COMPONENTS,
    },
    checks=(players_in_order, _distinct),
)
