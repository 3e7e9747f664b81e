"""Pick-a-Polar Bear (Torsten Landsvogt): a speed matching game with 110 cards and a solo mode."""

from __future__ import annotations

from pathlib import Path

from printkit.game import Document, Game
from printkit.i18n import N_

from .card_sheets import render_animal_cards, render_special_cards
from .data import SCHEMA
from .replay import EXAMPLE_SCHEMA, replay
from .rulebook import render_reference, render_rulebook
from .sheets import render_score_sheet, render_solo_sheet
from .solver import solve_seed

GAME = Game(
    id="pick-a-polar-bear",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLE_SCHEMA,
    replay=replay,
    documents=(
        Document("rulebook", N_("Rulebook"), render_rulebook, "rulebook"),
        Document("reference", N_("Quick reference"), render_reference, "reference"),
        Document("animal-cards", N_("Animal cards"), render_animal_cards, "cards"),
        Document("special-cards", N_("Special cards"), render_special_cards, "cards"),
        Document("score-sheet", N_("Score sheet"), render_score_sheet, "sheet"),
        Document("solo-sheet", N_("Solo score sheet"), render_solo_sheet, "sheet"),
    ),
    solve=lambda data, seed: solve_seed(data, seed).lines(),
)
