"""The sample examples files of the documentation (docs/guide/worked-examples.md) are valid
and verify."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.cli import main

README = Path(__file__).resolve().parents[2] / "docs" / "guide" / "worked-examples.md"


def test_readme_examples_samples_verify(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    samples = re.findall(r"```toml\n(game = .*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(samples) >= 2
    for n, sample in enumerate(samples):
        path = tmp_path / f"sample-{n}.toml"
        path.write_text(sample, encoding="utf-8")
        assert main(["check", "--examples", str(path)]) == 0, sample
    out = capsys.readouterr().out
    assert "my-first-move  verified" in out and "my-tydzien  verified" in out
    assert "polar-derby  greedy-bust  verified" in out


def test_user_examples_file_with_a_wrong_claim_fails(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[[examples]]\nid = "oops"\ntitle = "x"\nsetup = { field = 3 }\n'
                    'steps = [{ roll = [2] }]\nexpect = { field = 2 }\n', encoding="utf-8")
    assert main(["check", "--game", "coraz-blizej-swieta", "--examples", str(path)]) == 1
    out = capsys.readouterr().out
    assert "oops  WRONG" in out and "field expected 2, computed 3" in out
