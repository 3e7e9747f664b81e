# ruff: noqa: E501  (worked examples read best one per line, as in examples.toml)
"""The bonus-round rulings of GAMES.md, checked through a user's examples file:
simultaneous right answers each score exactly 2 (discards, then draw pile, then
table), and a bonus card in the winning pile pays a wrong answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main

GRID = ('["BRGTA", "BDGTA", "SRNTA", "SDNNW", "SRGNW", "BDNTW", "SRNNA", "BDGNW", "SDGTA", '
        '"BRGNW", "BRNTW", "SDNTA"]')

FILE = f'''
game = "pick-a-polar-bear"

[[examples]]
id = "three-right-answers-short-of-cards"
title = "Three right answers with one discarded card and an empty draw pile: the table pays"
rules = {{ bonus = true }}
setup = {{ players = 3, discarded = 1, grid = {GRID}, pile = ["BDNNA", "SDNNA", "SRNNW", "bonus glasses raised"] }}
steps = [
  {{ deal = true }},
  {{ answers = [{{ player = 0, says = 3 }}, {{ player = 1, says = 3, same_time = true }}, {{ player = 2, says = 3, same_time = true }}] }},
]
expect = {{ bonus_winners = [0, 1, 2], scores = [2, 2, 2], won = [0, 2, 2], bonus_cards = [1, 0, 0], discarded = 0, pile = 0, table = 9 }}

[[examples]]
id = "bonus-card-pays-a-wrong-answer"
title = "One animal card and a bonus card in the pile: the bonus card pays the wrong answer"
rules = {{ bonus = true }}
setup = {{ won = [1, 0], bonus_cards = [1, 0], grid = {GRID}, pile = ["BDNNA", "SDNNA", "bonus glasses raised"] }}
steps = [
  {{ deal = true }},
  {{ answers = [{{ player = 0, says = 2 }}, {{ player = 1, says = 3 }}] }},
]
expect = {{ bonus_answer = 3, won = [1, 0], bonus_cards = [0, 1], minus = [[], []], scores = [1, 2] }}

[[examples]]
id = "two-animal-cards-pay-before-a-bonus-card"
title = "Exactly two animal cards and a bonus card: the two animal cards pay"
rules = {{ bonus = true }}
setup = {{ won = [2, 0], bonus_cards = [1, 0], grid = {GRID}, pile = ["BDNNA", "SDNNA", "bonus glasses raised"] }}
steps = [
  {{ deal = true }},
  {{ answers = [{{ player = 0, says = 2 }}, {{ player = 1, says = 3 }}] }},
]
expect = {{ won = [0, 0], bonus_cards = [1, 1], penalty_cards = [2, 0], minus = [[], []], scores = [2, 2] }}
'''


def test_bonus_rulings_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bonus.toml"
    path.write_text(FILE, encoding="utf-8")
    code = main(["check", "--examples", str(path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "3 verified, 0 wrong" in out
