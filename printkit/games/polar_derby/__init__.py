"""Polar Derby (Reiner Knizia): push-your-luck dice, 25 bears, custom dice."""

from __future__ import annotations

from pathlib import Path

from printkit.language.translations import N_
from printkit.model.components import component_document
from printkit.model.game import Document, Game
from printkit.model.rulebook import flow_documents

from . import rulebook, scoresheet
from .data import SCHEMA
from .dice import dice_block, render_dice
from .replay import EXAMPLE_SCHEMA, replay
from .rink import measure, render_rink
from .tokens import render_tokens, token_block

GAME = Game(
    id="polar-derby",
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
        # the kit PDF's bookmarks and the kit web page (the rink, the game's board).
        Document("rink", N_("Rink"), render_rink, "board"),
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the sheet of bear tokens).
        Document("bear-tokens", N_("Bear tokens"), render_tokens, "tokens", block=token_block),
        # TRANSLATORS: document title: the heading of the die nets' sheet ("Polar Derby · Dice"),
        # its page-margin label, the guide's lists, the kit PDF's bookmarks and the kit web page.
        Document("dice", N_("Dice"), render_dice, "dice", block=dice_block),
        # [sheets.score-sheet] in game.toml; the picture and legend from scoresheet.py.
        # TRANSLATORS: document title: in its page-margin label, the guide's lists of documents,
        # the kit PDF's bookmarks and the kit web page (the sheet scores are written on).
        component_document("sheets", "score-sheet", N_("Score sheet"), art=scoresheet.ART),
    ),
)
