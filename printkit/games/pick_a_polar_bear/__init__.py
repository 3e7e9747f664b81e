"""Pick-a-Polar Bear (Torsten Landsvogt): a speed matching game with 110 cards and a solo mode."""

from __future__ import annotations

from pathlib import Path

from printkit.language.translations import N_
from printkit.model.components import component_document
from printkit.model.game import Document, Game
from printkit.model.rulebook import flow_documents

from . import rulebook
from .card_sheets import render_animal_cards, render_special_cards
from .data import SCHEMA
from .replay import EXAMPLE_SCHEMA, replay
from .sheets import SCORE_SHEET_ART, render_solo_sheet
from .solver import solve_seed

GAME = Game(
    id="pick-a-polar-bear",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLE_SCHEMA,
    replay=replay,
    figures=rulebook.figures,
    template_context=rulebook.template_context,
    documents=(
        *flow_documents(),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the sheets of animal cards).
        Document("animal-cards", N_("Animal cards"), render_animal_cards, "cards"),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the hold, bonus-round and penalty cards).
        Document("special-cards", N_("Special cards"), render_special_cards, "cards"),
        # [sheets.score-sheet] in game.toml; its picture and numbers from sheets.py.
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the sheet scores are written on).
        component_document("sheets", "score-sheet", N_("Score sheet"), art=SCORE_SHEET_ART),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the score sheet of the solo game).
        Document("solo-sheet", N_("Solo score sheet"), render_solo_sheet, "sheet"),
    ),
    solve=lambda data, seed: solve_seed(data, seed).lines(),
)
