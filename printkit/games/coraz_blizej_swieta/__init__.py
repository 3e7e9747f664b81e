"""Coraz bliżej Święta…: a Polish Christmas dice race with cut-out Tydzień cards."""

from __future__ import annotations

from pathlib import Path

from printkit.language.translations import N_
from printkit.model.components import component_document
from printkit.model.game import Document, Game
from printkit.model.rulebook import flow_documents

from . import rulebook
from .board import render_board
from .data import SCHEMA
from .replay import EXAMPLE_SCHEMA, replay
from .tracker import render_tracker

GAME = Game(
    id="coraz-blizej-swieta",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLE_SCHEMA,
    replay=replay,
    figures=rulebook.figures,
    template_context=rulebook.template_context,
    documents=(
        *flow_documents(),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the board).
        Document("board", N_("Board"), render_board, "board"),
        # [decks.tydzien-cards] in game.toml, a data-driven deck.
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the sheets of week cards).
        component_document("decks", "tydzien-cards", N_("Week cards")),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the sheet each player ticks off).
        Document("tracker", N_("Tracker sheet"), render_tracker, "sheet"),
    ),
)
