"""The schema of game.toml, with the checks that tie it to the rules engine."""

from __future__ import annotations

from typing import Any

from printkit.games.coraz_blizej_swieta import rules
from printkit.model.components import COMPONENTS, component_references
from printkit.model.kit_table import KIT
from printkit.schema import (
    Array,
    Table,
    Value,
    box,
    cast,
    game_header,
    players_in_order,
)


def _agrees_with_rules(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Component facts the printed kit shares with the engine must be the same numbers."""
    problems = []
    board = data["board"]
    if board["wigilia"] != rules.WIGILIA:
        problems.append(("board.wigilia", f"the rules put Wigilia on field {rules.WIGILIA}"))
    if tuple(board["goal"]) != tuple(rules.GOAL_FIELDS):
        problems.append(("board.goal", f"the rules' goal fields are {list(rules.GOAL_FIELDS)}"))
    if data["components"]["dice_per_player"] != rules.MAX_DICE:
        problems.append(("components.dice_per_player",
                         f"the rules allow at most {rules.MAX_DICE} dice"))
    if data["components"]["tydzien_cards_per_player"] != rules.MAX_CARDS:
        problems.append(("components.tydzien_cards_per_player",
                         f"the rules allow at most {rules.MAX_CARDS} Tydzień cards"))
    if data["tydzien_card"]["days"] != rules.DAYS_PER_CARD:
        problems.append(("tydzien_card.days", f"a card adds {rules.DAYS_PER_CARD} in the rules"))
    components = data["components"]
    needed = data["players"]["max"] * components["tydzien_cards_per_player"]
    if components["tydzien_cards"] < needed:
        problems.append(("components.tydzien_cards",
                         f"{data['players']['max']} players can hold {needed} Tydzień cards; "
                         f"the kit has only {components['tydzien_cards']}"))
    return problems


SCHEMA = Table(
    {
        **game_header(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
        "box": box(ages=(3, 18), minutes=(5, 240)),
        "board": Table({
            "start": Value(int, choices=(1,)),
            "wigilia": Value(int),
            "goal": Array(Value(int), min_items=1, max_items=4),
            "columns": Value(int, minimum=4, maximum=10),
        }),
        "components": Table({
            "pawns_per_player": Value(int, minimum=1, maximum=1),
            "dice_per_player": Value(int, minimum=1, maximum=12),
            "tydzien_cards": Value(int, minimum=1, maximum=60),
            "tydzien_cards_per_player": Value(int, minimum=1, maximum=12),
        }),
        "tydzien_card": Table({
            "width_mm": Value(float, minimum=30, maximum=120),
            "height_mm": Value(float, minimum=20, maximum=120),
            "days": Value(int, minimum=1, maximum=31),
        }),
        # The players the worked examples follow: a name and the gender the story's
        # pronouns agree with.
        "cast": cast(),
        "kit": KIT,
        # The Tydzień cards ([decks.tydzien-cards]): they read their size, count and days
        # from [tydzien_card] and [components], checked against the rules above.
        **COMPONENTS,
    },
    checks=(players_in_order, _agrees_with_rules, component_references),
)
