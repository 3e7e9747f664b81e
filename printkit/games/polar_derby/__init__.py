"""Polar Derby (Reiner Knizia): push-your-luck dice, 25 bears, custom dice."""

from __future__ import annotations

from pathlib import Path

from printkit.game import Document, Game
from printkit.i18n import N_

from .data import SCHEMA
from .dice import render_dice
from .replay import EXAMPLE_SCHEMA, replay
from .rink import render_rink
from .rulebook import render_reference, render_rulebook
from .scoresheet import render_score_sheet
from .tokens import render_tokens

GAME = Game(
    id="polar-derby",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLE_SCHEMA,
    replay=replay,
    documents=(
        Document("rulebook", N_("Rulebook"), render_rulebook, "rulebook"),
        Document("reference", N_("Quick reference"), render_reference, "reference"),
        Document("rink", N_("Rink"), render_rink, "board"),
        Document("bear-tokens", N_("Bear tokens"), render_tokens, "tokens"),
        Document("dice", N_("Dice"), render_dice, "dice"),
        Document("score-sheet", N_("Score sheet"), render_score_sheet, "sheet"),
    ),
)
