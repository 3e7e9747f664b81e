"""Yeti Slalom (Ralf Menzel; German "Schussfahrt"): a board game on a Yeti-guarded course."""

from __future__ import annotations

from pathlib import Path

from printkit.components import component_document
from printkit.game import Document, Game
from printkit.i18n import N_

from . import scoresheet
from .board import measure, render_board
from .cards import render_cards
from .data import SCHEMA
from .replay import EXAMPLE_SCHEMA, replay
from .rulebook import render_reference, render_rulebook

GAME = Game(
    id="yeti-slalom",
    folder=Path(__file__).resolve().parent,
    data_schema=SCHEMA,
    example_schema=EXAMPLE_SCHEMA,
    replay=replay,
    measure=measure,
    documents=(
        # TRANSLATORS: document title: in the page footers ("Polar Derby · Rulebook"),
        # the guide's lists of documents, the kit PDF's bookmarks and the kit web page.
        Document("rulebook", N_("Rulebook"), render_rulebook, "rulebook"),
        # TRANSLATORS: document title: atop the one-page quick reference and in its footer,
        # the guide's lists of documents, the kit PDF's bookmarks and the kit web page.
        Document("reference", N_("Quick reference"), render_reference, "reference"),
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
