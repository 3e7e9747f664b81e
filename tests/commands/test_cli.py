"""The command line as a user meets it: messages, exit codes, and an untouched output/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli import main
from printkit.language.locales import shipped_locales
from tests.conftest import GAME_ID, snapshot


@pytest.fixture
def output(tmp_path: Path) -> Path:
    """An output folder holding an earlier build's file, which a failed build must keep."""
    out = tmp_path / "output"
    (out / GAME_ID / "en").mkdir(parents=True)
    (out / GAME_ID / "en" / "rulebook-a4.pdf").write_bytes(b"%PDF- earlier build")
    return out


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_list_shows_games_documents_and_locales(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["list"], capsys)
    assert code == 0
    assert GAME_ID in out and "Coraz bliżej Święta…" in out
    for doc in ("rulebook", "board", "tydzien-cards", "tracker"):
        assert doc in out
    assert f"locales: {', '.join(shipped_locales())}" in out
    assert {"en", "es", "pl", "de", "fr"} <= set(shipped_locales())


def test_check_lists_every_example_as_verified(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check"], capsys)
    lines = [line for line in out.splitlines() if line.startswith(GAME_ID)]
    assert code == 0
    assert len(lines) >= 8
    assert all(line.endswith("verified") for line in lines)


def test_build_writes_four_documents_a_guide_and_a_kit_per_locale(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["build", "--game", GAME_ID, "--locale", "pl", "--out", str(tmp_path)],
                         capsys)
    assert code == 0, err
    written = sorted(p.name for p in (tmp_path / GAME_ID / "pl").glob("*.pdf"))
    assert written == ["board-a4.pdf", "board-ink-a4.pdf", "calibration-a4.pdf",
                       "guide-a4.pdf", "kit-a4.pdf",
                       "print-card-a4.pdf", "print-duplex-a4.pdf", "print-paper-a4.pdf",
                       "reference-a4.pdf", "rulebook-a4.pdf", "tracker-a4.pdf",
                       "tydzien-cards-a4.pdf", "tydzien-cards-fold-a4.pdf",
                       "tydzien-cards-fold-ink-a4.pdf", "tydzien-cards-ink-a4.pdf"]
    assert "[9/9]" in err  # progress: 5 documents and 4 ready-made variants


def test_quiet_build_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["build", "--locale", "en", "--paper", "letter", "--out",
                          str(tmp_path), "--quiet"], capsys)
    assert (code, out, err) == (0, "", "")
    assert (tmp_path / GAME_ID / "en" / "board-letter.pdf").is_file()


def _break(game_copy: Path, name: str, old: str, new: str) -> None:
    path = game_copy / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        ("game.toml", "columns = 7", "columns = 7\ncolumns = 8",
         "game.toml: invalid TOML"),
        ("game.toml", "columns = 7", "columns = 7\nrows = 4",
         "game.toml: board.rows: unknown key; valid keys here: columns, goal, start, wigilia"),
        ("game.toml", "tydzien_cards = 12", 'tydzien_cards = "twelve"',
         "game.toml: components.tydzien_cards: expected an integer, got a string 'twelve'"),
        ("examples.toml", 'id = "normal-move"', 'id = "normal-move"\nnote = 1',
         "examples.toml: examples[0].note: unknown key"),
    ],
    ids=["bad-toml", "unknown-key", "wrong-type", "unknown-example-key"],
)
def test_bad_data_names_file_and_key_and_leaves_output(
        game_copy: Path, output: Path, capsys: pytest.CaptureFixture[str],
        name: str, old: str, new: str, expected: str) -> None:
    _break(game_copy, name, old, new)
    before = snapshot(output)
    code, _, err = run(["build", "--out", str(output)], capsys)
    assert code == 2
    assert expected in err
    assert snapshot(output) == before


def test_every_data_error_is_reported_at_once(game_copy: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    _break(game_copy, "game.toml", "columns = 7", "columns = 99")
    _break(game_copy, "game.toml", "width_mm = 60", "width_mm = true")
    code, _, err = run(["build", "--out", "unused"], capsys)
    assert code == 2
    assert "board.columns: 99 is above the maximum 10" in err
    assert "tydzien_card.width_mm: expected a number, got a boolean True" in err


def _first_expected_field(game_copy: Path) -> tuple[str, str]:
    """The first example's expected field line, and the same line with a wrong value."""
    for line in (game_copy / "examples.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("expect") and "field = " in line:
            value = int(line.split("field = ")[1].split(",")[0].split("}")[0])
            return line, line.replace(f"field = {value}", f"field = {value + 1}", 1)
    raise AssertionError("no expect line with a field")


def test_wrong_example_fails_check_and_build_naming_it(
        game_copy: Path, output: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = _first_expected_field(game_copy)
    _break(game_copy, "examples.toml", old, new)
    code, out, _ = run(["check"], capsys)
    assert code == 1
    assert "normal-move  WRONG" in out and "field expected" in out and "computed" in out
    before = snapshot(output)
    code, _, err = run(["build", "--out", str(output)], capsys)
    assert code == 1
    assert f"example {GAME_ID}/normal-move" in err and "field expected" in err
    assert snapshot(output) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["build", "--game", "chess"], "unknown game 'chess'; games: coraz-blizej-swieta"),
        (["build", "--locale", "xx"],
         "unknown locale 'xx'; shipped locales: en, ar, de, es, fr, ja, pl"),
        (["check", "--game", "chess"], "unknown game 'chess'"),
    ],
)
def test_unknown_game_or_locale_is_usage_error(output: Path, capsys: pytest.CaptureFixture[str],
                                               args: list[str], message: str) -> None:
    before = snapshot(output)
    code, _, err = run([*args, "--out", str(output)] if args[0] == "build" else args, capsys)
    assert code == 2
    assert message in err
    assert snapshot(output) == before


def test_bad_option_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["build", "--paper", "a5"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'a5'" in capsys.readouterr().err


@pytest.mark.parametrize("command", [[], ["build"], ["check"], ["list"]])
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    assert "usage: printkit" in capsys.readouterr().out


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run([sys.executable, "-m", "printkit", "list"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0
    assert GAME_ID in done.stdout


def test_solve_prints_each_round_proven(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", "pick-a-polar-bear", "--seed", "3"], capsys)
    assert code == 0
    assert out.count("Round ") == 3
    assert "set aside" in out
    assert "not proven optimal" not in out  # the solver proved every round
    code_again, out_again, _ = run(["solve", "pick-a-polar-bear", "--seed", "3"], capsys)
    assert out_again == out  # the same seed deals the same game


def test_solve_a_game_without_a_solver_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["solve", "polar-derby"], capsys)
    assert code == 2
    assert "polar-derby has no solver; games with one: pick-a-polar-bear" in err


@pytest.mark.parametrize(("args", "words"), [
    (["--layout", "poster"], ["--layout", "home, shop, fold"]),
    (["--duplex-offset", "1"], ["--duplex-offset", "two numbers"]),
    (["--duplex-offset", "11,0"], ["--duplex-offset", "10"]),
    (["--duplex-offset", "-0.5,x"], ["--duplex-offset", "two numbers"]),
    (["--printer-margin", "-1"], ["--printer-margin", "between 0 and 6.35"]),
    (["--printer-margin", "6.5"], ["--printer-margin", "between 0 and 6.35"]),
    (["--printer-margin", "nan"], ["--printer-margin", "between 0 and 6.35"]),
    (["--printer-margin", "6mm"], ["--printer-margin", "not a number"]),
])
def test_bad_print_options_are_one_line_usage_errors(tmp_path: Path, args: list[str],
                                                     words: list[str],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["build", "--game", GAME_ID, "--out", str(tmp_path / "o"), *args])
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    line = err.strip().splitlines()[-1]
    assert line.startswith("printkit: error:") and all(w in line for w in words), line
    assert not (tmp_path / "o").exists()


def test_print_options_work_from_the_command_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["build", "--game", GAME_ID, "--locale", "en", "--layout", "fold",
                          "--duplex-offset", "-1.5,2", "--ink-saver", "--out", str(tmp_path)],
                         capsys)
    assert code == 0, err
    cards = PdfReader(tmp_path / GAME_ID / "en" / "tydzien-cards-a4.pdf")
    words = " ".join(cards.pages[0].extract_text().split())
    assert "fold layout" in words and "Fold along the dashed line" in words
    assert "/TrimBox" not in cards.pages[0]  # fold sheets are cut after folding


def test_build_help_explains_every_print_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    out = capsys.readouterr().out
    for option in ("--layout", "--duplex-offset", "--ink-saver", "--printer-margin"):
        assert option in out
