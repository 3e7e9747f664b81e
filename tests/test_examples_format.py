# ruff: noqa: E501  (worked examples read best one per line, as in examples.toml)
"""What a user's examples file can claim beyond a replayed position: that the rules refuse
a step (and why), and a finished game's holdings deciding the winner."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main

REFUSED = '''
game = "polar-derby"

[[examples]]
id = "no-green-left"
title = "Green cannot be taken: no green bear is left in the middle"
setup = { secured = [{ green = 5 }, {}] }
steps = [{ roll = ["green", "blue"], take = ["green", "blue"] }]
expect = { refused = "%s" }
'''


def check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    code = main(["check", "--examples", str(path)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_a_refused_step_is_verified_for_the_reason_the_rules_give(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(tmp_path, REFUSED % "no green bear is left in the middle", capsys)
    assert code == 0 and "1 verified, 0 wrong" in out


def test_a_refusal_for_another_reason_is_wrong(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(tmp_path, REFUSED % "it is not your turn", capsys)
    assert code == 1 and "refuse for another reason" in out


def test_a_claimed_refusal_of_an_allowed_step_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    allowed = REFUSED.replace('secured = [{ green = 5 }, {}]', 'secured = [{}, {}]')
    code, out = check(tmp_path, allowed % "no green bear is left in the middle", capsys)
    assert code == 1 and "the rules allow every step" in out


def test_a_refused_step_claims_nothing_else(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    text = (REFUSED % "no green bear").replace('expect = { refused', 'expect = { bust = true, '
                                                                      'refused')
    code, out = check(tmp_path, text, capsys)
    assert code == 2 and "examples[0].expect" in out and "bust" in out


DERBY_FINISHED = '''
game = "polar-derby"

[[examples]]
id = "tie-on-points"
title = "A tie on points goes to the player with more bears"
setup = { over = true, secured = [{ orange = 2, white = 1 }, { pink = 2, white = 3 }, { blue = 1 }] }
expect = { game_over = true, scores = [11, 11, 2], bears = [3, 5, 1], winners = [%s] }
'''


@pytest.mark.parametrize(("winners", "code"), [("1", 0), ("0", 1)])
def test_a_finished_polar_derby_game_decides_the_winner_from_holdings(
        tmp_path: Path, winners: str, code: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, DERBY_FINISHED % winners, capsys)[0] == code


def test_finished_holdings_must_fit_the_bear_set(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = (DERBY_FINISHED % "1").replace("orange = 2,", "orange = 6,")
    code, out = check(tmp_path, text, capsys)
    assert code == 1 and "the set has 5 orange bears" in out


YETI_FINISHED = '''
game = "yeti-slalom"

[[examples]]
id = "final-scores"
title = "Finish spaces multiply; knocked-off snowboarders count for the captain holding them"
setup = { over = true, teams = ["beavers", "crocodiles", "kangaroos"], finish = [{ team = "beavers", value = 4 }, { team = "crocodiles", value = 3 }], held = [{ team = "kangaroos", value = 2, by = "crocodiles" }] }
expect = { game_over = true, scores = { beavers = %s, crocodiles = 11, kangaroos = 0 }, winners = ["beavers"] }
'''


@pytest.mark.parametrize(("beavers", "code"), [("16", 0), ("4", 1)])
def test_a_finished_yeti_slalom_game_scores_what_each_captain_holds(
        tmp_path: Path, beavers: str, code: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(tmp_path, YETI_FINISHED % beavers, capsys)[0] == code


def test_a_count_of_a_billion_is_refused_at_once(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = '''game = "coraz-blizej-swieta"
[[examples]]
id = "forever"
title = "Waiting a billion turns"
setup = { field = 3, lost_turns = 1000000000 }
steps = [{ roll = [2] }]
expect = { field = 3 }
'''
    code, out = check(tmp_path, text, capsys)
    assert code == 2 and "lost_turns" in out and "10,000" in out


def test_a_refusal_reported_with_the_steps_place_in_the_file_is_recognised(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Coraz bliżej Święta's replay names a step as "step 1 (steps[0] in FILE)".
    text = '''game = "coraz-blizej-swieta"
[[examples]]
id = "no-eighth-die"
title = "Eight dice are not allowed"
setup = { field = 3, dice = 7 }
steps = [{ roll = [1, 1, 1, 1, 1, 1, 1, 1] }]
expect = { refused = "dice" }
'''
    code, out = check(tmp_path, text, capsys)
    assert code == 0 and "1 verified, 0 wrong" in out
