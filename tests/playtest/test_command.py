"""``printkit playtest`` through the command line: files, reproducibility, errors, projects."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.playtest import run

RACE = '''
"""A dice race offering the playtest protocol: first to the target wins."""
import random
from dataclasses import dataclass

RULES = {"target": ("10", "points that win")}


@dataclass(frozen=True)
class State:
    points: tuple
    current: int
    target: int
    turn: int = 0


def initial_state(players, rng, rules):
    for key in rules:
        if key not in RULES:
            raise ValueError(f"unknown rule {key!r}; rules: target")
    if not 2 <= players <= 4:
        raise ValueError(f"the race is for 2-4 players, not {players}")
    return State((0,) * players, 0, int(rules.get("target", "10")))


def to_move(state):
    return state.current


def legal_actions(state):
    return ("roll", "double")


def apply(state, action, rng):
    gained = rng.randint(1, 6) * (2 if action == "double" and rng.random() < 0.5 else 1)
    points = list(state.points)
    points[state.current] += gained
    events = ["turn_end"] + (["six"] if gained == 6 else [])
    return State(tuple(points), (state.current + 1) % len(points), state.target,
                 state.turn + 1), events


def is_over(state):
    return max(state.points) >= state.target


def scores(state):
    return state.points


def winners(state):
    return [i for i, p in enumerate(state.points) if p == max(state.points)]
'''


def _play(tmp_path: Path, *args: str) -> int:
    return main(["playtest", *args, "--quiet"])


@pytest.mark.full  # (spawns worker processes: not in the fast loop)
def test_same_seed_same_bytes_for_any_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(run, "CHUNK", 60)
    common = ["polar-derby", "--games", "240", "--seed", "7", "--policy", "push:p=0.25",
              "--policy", "stop-after:k=2", "--against", "no-risk=true", "--locale", "en",
              "--locale", "ar"]
    assert main(["playtest", *common, "--jobs", "1", "--out", str(tmp_path / "one")]) == 0
    assert main(["playtest", *common, "--jobs", "2", "--out", str(tmp_path / "two")]) == 0
    for name in ("3p/summary.json", "3p/games.csv", "en/playtest-3p.pdf",
                 "en/playtest-3p.html", "ar/playtest-3p.pdf", "ar/playtest-3p.html"):
        one = (tmp_path / "one" / name).read_bytes()
        assert one == (tmp_path / "two" / name).read_bytes(), name
    summary = json.loads((tmp_path / "one" / "3p" / "summary.json").read_text())
    assert summary["policies"] == ["push:p=0.25", "stop-after:k=2", "push:p=0.25"]
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(240)
    assert summary["comparison"]["rules"] == {"no-risk": "true"}
    assert {e["name"] for e in summary["events"]} >= {"bust", "rolled", "took"}
    rows = list(csv.DictReader((tmp_path / "one" / "3p" / "games.csv").open()))
    assert len(rows) == 480 and {r["run"] for r in rows} == {"A", "B"}
    assert rows[0]["seed"] == "7:1"
    assert "seat 1 (push:p=0.25): wins" in capsys.readouterr().out


def test_coraz_runs_each_player_count(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playtest", "coraz-blizej-swieta", "--players", "2", "4", "--games", "100",
                 "--policy", "keep:n=5", "--rule", "tydzien=true", "--quiet",
                 "--out", str(tmp_path)]) == 0
    for players in (2, 4):
        summary = json.loads((tmp_path / f"{players}p" / "summary.json").read_text())
        assert summary["players"] == players and summary["rules"] == {"tydzien": "true"}
        assert summary["length"]["rounds"] is not None
        assert any(e["name"] == "answered" for e in summary["events"])
        assert summary["ties"]["games"] == 0


@pytest.mark.parametrize(("args", "message"), [
    (["chess"], "unknown game 'chess'; games: polar-derby, coraz-blizej-swieta"),
    (["polar-derby", "--policy", "bold"], "unknown policy 'bold'; policies: stop-after, "
                                          "push, cautious, random"),
    (["polar-derby", "--policy", "push:p=2"], "parameter p=2 is outside 0..1"),
    (["polar-derby", "--policy", "push:q=1"], "unknown parameter 'q'; parameters: p"),
    (["polar-derby", "--rule", "speed=1"], "unknown rule 'speed'; rules: no-risk, younger"),
    (["polar-derby", "--against", "no-risk=maybe"], "rule no-risk=maybe: give true or false"),
    (["polar-derby", "--rule", "no-risk"], "--rule no-risk: give KEY=VALUE"),
    (["coraz-blizej-swieta", "--players", "5"], "--players: Coraz bliżej Święta is for 2-4 "
                                                "players, not 5"),
    (["polar-derby", "--games", "0"], "--games 0: play at least 1 game"),
    (["coraz-blizej-swieta", "--policy", "keep:n=4"], "parameter n=4 is outside 5..7"),
])
def test_bad_options_are_one_line(args: list[str], message: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playtest", *args, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())


def _project(tmp_path: Path, rules: str) -> Path:
    from printkit.tools.scaffold import new_project

    folder = new_project("race", tmp_path, "dice")
    (folder / "rules.py").write_text(rules, encoding="utf-8")
    return folder


def test_a_project_is_play_tested_through_its_rules(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = _project(tmp_path, RACE)
    assert main(["playtest", str(folder), "--games", "200", "--players", "2",
                 "--against", "target=20", "--quiet"]) == 0
    summary = json.loads(
        (folder / "output" / "race" / "playtest" / "2p" / "summary.json").read_text())
    assert summary["game"] == "race" and summary["policies"] == ["random", "random"]
    assert summary["length"]["rounds"] is None  # the race counts turns by "turn_end" only
    turns = summary["length"]["turns"]
    assert 1 <= turns["min"] <= turns["median"] <= turns["max"] <= 10
    mean = next(d for d in summary["comparison"]["differences"] if d["measure"] == "mean turns")
    assert mean["low"] > 0  # a farther target takes longer
    out = capsys.readouterr().out
    assert "seat 2 (random)" in out


def test_a_project_missing_a_protocol_function(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    folder = _project(tmp_path, RACE.replace("def winners(", "def who_won("))
    assert main(["--project", str(folder), "playtest", "--games", "10"]) == 2
    err = capsys.readouterr().err.strip()
    assert "rules.py: the playtest protocol needs function winners(...)" in err
    assert len(err.splitlines()) == 1


def test_an_error_in_a_projects_rules_is_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = _project(tmp_path, RACE.replace("return state.points\n",
                                             "return state.points[99]\n"))
    assert main(["playtest", str(folder), "--games", "5", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "rules.py: game 1:1: IndexError: tuple index out of range (while playing)" in err
    assert len(err.splitlines()) == 1


def test_help_names_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["playtest", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for option in ("--players", "--games", "--seed", "--policy", "--rule", "--against",
                   "--minutes-per-turn", "--jobs", "--out"):
        assert option in out


def test_no_game_and_no_project(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["playtest"]) == 2
    assert "playtest needs GAME" in capsys.readouterr().err


@pytest.mark.parametrize("template", ["cards", "dice", "board", "roll-and-write"])
def test_a_starter_is_play_tested_as_it_is(template: str, tmp_path: Path) -> None:
    """Each `printkit new` starter's rules.py, unchanged, plays through the command: its
    named policy at every seat, its games to the end, every game in the CSV."""
    from printkit.tools.scaffold import new_project

    folder = new_project("mine", tmp_path, template)
    assert main(["playtest", str(folder), "--games", "60", "--players", "3", "--seed", "7",
                 "--quiet"]) == 0
    out = folder / "output" / "mine" / "playtest" / "3p"
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 60 and len(summary["seats"]) == 3
    assert "random" not in summary["policies"]  # the starter's own strategy is the default
    assert sum(seat["wins"] for seat in summary["seats"]) == pytest.approx(60)
    rows = list(csv.DictReader((out / "games.csv").open(encoding="utf-8")))
    assert len(rows) == 60 and summary["length"]["turns"]["min"] >= 1
    # the reports beside the project's kit, in its locales (English and German), and
    # nothing a build of the project would call someone else's
    from printkit.commands.build.owned import foreign_warnings

    for code in ("en", "de"):
        assert (folder / "output" / "mine" / code / "playtest-3p.pdf").is_file()
    assert foreign_warnings(folder / "output", set()) == []


def test_reports_land_beside_the_kit_and_a_build_leaves_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --out, the summaries go to output/GAME/playtest/ and the report, in each
    locale asked for, beside the kit's documents; a build sees them as printkit's own (no
    warning about files it did not write) and builds again (so its kit page links them)
    when one is added."""
    from printkit.commands.build.owned import foreign_warnings
    from printkit.commands.uptodate import Request, build_digest

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "output"
    request = Request.of(["coraz-blizej-swieta"], ["en", "pl"], "a4", False, "home", (0, 0),
                         False, True, 0)
    before = build_digest(request, out)
    assert main(["playtest", "coraz-blizej-swieta", "--games", "40", "--locale", "en",
                 "--locale", "pl", "--quiet"]) == 0
    game = out / "coraz-blizej-swieta"
    assert (game / "playtest" / "3p" / "summary.json").is_file()
    for code in ("en", "pl"):
        for suffix in ("pdf", "html"):
            assert (game / code / f"playtest-3p.{suffix}").stat().st_size > 1000
    assert not (game / "de").exists()
    text = (game / "pl" / "playtest-3p.html").read_text(encoding="utf-8")
    assert 'lang="pl"' in text and "Coraz bliżej Święta" in text
    assert foreign_warnings(out, set()) == []
    assert build_digest(request, out) != before
