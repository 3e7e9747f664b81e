"""Yeti Slalom (Ralf Menzel; German "Schussfahrt"): a board game on a Yeti-guarded course."""

from __future__ import annotations

from pathlib import Path

from printkit.language.translations import N_
from printkit.model.components import component_document
from printkit.model.game import Document, Game
from printkit.model.rulebook import flow_documents

from . import rulebook, scoresheet
from .board import measure, render_board
from .cards import render_cards
from .data import SCHEMA
from .replay import EXAMPLE_SCHEMA, replay

GAME = Game(
    id="yeti-slalom",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLE_SCHEMA,
    replay=replay,
    measure=measure,
    figures=rulebook.figures,
    template_context=rulebook.template_context,
    documents=(
        *flow_documents(),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the board).
        Document("board", N_("Board"), render_board, "board"),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the Yeti, snowboarder and snowball cards).
        Document("cards", N_("Cards"), render_cards, "cards"),
        # [sheets.score-sheet] in game.toml; the pictures and multipliers from scoresheet.py.
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the sheet scores are written on).
        component_document("sheets", "score-sheet", N_("Score sheet"), art=scoresheet.ART),
    ),
)
