"""The drawn documents of printkit's games that are tested on their own: each rendered
straight from its game.toml (see :class:`tests.support.Bench`), once per paper in a test
run, whichever test asks first."""

from __future__ import annotations

from pathlib import Path

from printkit.games import pick_a_polar_bear, polar_derby, yeti_slalom
from printkit.games.pick_a_polar_bear.card_sheets import render_animal_cards, render_special_cards
from printkit.games.pick_a_polar_bear.data import SCHEMA as PICK_A_POLAR_BEAR_SCHEMA
from printkit.games.pick_a_polar_bear.sheets import render_solo_sheet
from printkit.games.polar_derby.data import SCHEMA as POLAR_DERBY_SCHEMA
from printkit.games.polar_derby.dice import render_dice
from printkit.games.polar_derby.rink import render_rink
from printkit.games.polar_derby.tokens import render_tokens
from printkit.games.yeti_slalom.board import render_board
from printkit.games.yeti_slalom.cards import render_cards
from printkit.games.yeti_slalom.data import SCHEMA as YETI_SLALOM_SCHEMA
from tests.support import Bench

GAMES_DIR = Path(__file__).resolve().parents[2] / "printkit" / "games"
PAPER_IDS = ["a4", "letter"]

POLAR_DERBY = Bench("polar-derby", GAMES_DIR / "polar_derby" / "game.toml",
                    POLAR_DERBY_SCHEMA, {
                        "rink": render_rink,
                        "bear-tokens": render_tokens,
                        "dice": render_dice,
                        # the data-driven sheet of game.toml, with the game's picture and legend
                        "score-sheet": polar_derby.GAME.document("score-sheet").render,
                    })
PICK_A_POLAR_BEAR = Bench("pick-a-polar-bear", GAMES_DIR / "pick_a_polar_bear" / "game.toml",
                          PICK_A_POLAR_BEAR_SCHEMA, {
                              "animal-cards": render_animal_cards,
                              "special-cards": render_special_cards,
                              # the data-driven sheet of game.toml, with the game's picture
                              # and numbers
                              "score-sheet": pick_a_polar_bear.GAME.document(
                                  "score-sheet").render,
                              "solo-sheet": render_solo_sheet,
                          })
YETI_SLALOM = Bench("yeti-slalom", GAMES_DIR / "yeti_slalom" / "game.toml",
                    YETI_SLALOM_SCHEMA, {
                        "board": render_board,
                        "cards": render_cards,
                        # the data-driven sheet of game.toml, with the game's pictures and
                        # multipliers
                        "score-sheet": yeti_slalom.GAME.document("score-sheet").render,
                    })
BENCHES = {bench.game_id: bench for bench in (POLAR_DERBY, PICK_A_POLAR_BEAR, YETI_SLALOM)}
