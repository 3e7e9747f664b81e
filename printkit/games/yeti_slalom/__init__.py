"""Yeti Slalom (Ralf Menzel; German "Schussfahrt"): a board game on a Yeti-guarded course."""

from __future__ import annotations

from pathlib import Path

from printkit.game import Document, Game
from printkit.i18n import N_

from .board import render_board
from .cards import render_cards
from .data import SCHEMA
from .replay import EXAMPLE_SCHEMA, replay
from .rulebook import render_reference, render_rulebook
from .scoresheet import render_score_sheet

GAME = Game(
    id="yeti-slalom",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLE_SCHEMA,
    replay=replay,
    documents=(
        Document("rulebook", N_("Rulebook"), render_rulebook, "rulebook"),
        Document("reference", N_("Quick reference"), render_reference, "reference"),
        Document("board", N_("Board"), render_board, "board"),
        Document("cards", N_("Cards"), render_cards, "cards"),
        Document("score-sheet", N_("Score sheet"), render_score_sheet, "sheet"),
    ),
)
