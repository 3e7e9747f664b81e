"""A mis-added sum on Wigilia (field 24) follows the mis-add rule: no win, one lost turn,
no extra die — checked through a user's examples file, as `printkit check` reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main

FILE = '''
game = "coraz-blizej-swieta"

[[examples]]
id = "misadd-a-winning-roll"
title = "On Wigilia a winning roll said wrong wins nothing"
setup = { field = 24, dice = 5 }
steps = [{ roll = [6, 6, 6, 6, 1], announced = 24 }]
expect = { field = 24, dice = 5, lost_turns = 1, won = false, outcome = "misadded" }

[[examples]]
id = "misadd-below-24"
title = "On Wigilia a low roll said wrong costs a turn but earns no die"
setup = { field = 24, dice = 4 }
steps = [{ roll = [1, 2, 3, 4], announced = 11 }]
expect = { field = 24, dice = 4, lost_turns = 1, won = false, outcome = "misadded" }

[[examples]]
id = "misadd-after-changes"
title = "Dice set to win, total said wrong: no win"
setup = { field = 24, dice = 5 }
steps = [{ roll = [1, 1, 2, 3, 4], changes = [[0, 6], [1, 6], [2, 6]], announced = 24 }]
expect = { field = 24, lost_turns = 1, won = false, outcome = "misadded" }

[[examples]]
id = "said-right"
title = "The same low roll said right: the usual penalty and a fifth die"
setup = { field = 24, dice = 4 }
steps = [{ roll = [1, 2, 3, 4], announced = 10 }]
expect = { field = 24, dice = 5, lost_turns = 1, won = false, outcome = "penalty" }
'''


@pytest.mark.rule("misadded-on-wigilia")
def test_misadding_on_wigilia_follows_the_misadd_rule(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "wigilia.toml"
    path.write_text(FILE, encoding="utf-8")
    code = main(["check", "--examples", str(path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "4 verified, 0 wrong" in out


def test_an_announced_sum_on_wigilia_is_no_longer_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Claiming the winning roll still wins when the sum said wrong is ignored: it must not.
    wrong = FILE.split("[[examples]]")[1]
    path = tmp_path / "claim.toml"
    path.write_text('game = "coraz-blizej-swieta"\n[[examples]]' + wrong.replace(
        'lost_turns = 1, won = false, outcome = "misadded"', 'won = true, outcome = "won"'),
        encoding="utf-8")
    assert main(["check", "--examples", str(path)]) == 1
    assert "WRONG" in capsys.readouterr().out
