"""Every starter's rules.py offers the playtest protocol: a project fresh from `printkit
new` plays 200 seeded games to the end with uniformly random choices, every game ending
with winners among its seats and scores that agree with them."""

from __future__ import annotations

import importlib.util
import random
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from printkit.cli import main
from printkit.tools.scaffold import STARTERS

GAMES = 200
#: Far more decisions than any starter's game takes: a game still going is a bug.
MOST_DECISIONS = 5_000


def _rules_of(project: Path, name: str) -> ModuleType:
    """The project's rules.py, imported from its file under a name of its own."""
    spec = importlib.util.spec_from_file_location(f"starter_rules_{name}",
                                                  project / "rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def _play(rules: ModuleType, players: int, seed: int) -> object:
    rng = random.Random(seed)
    state = rules.initial_state(players, rng, {})
    for _ in range(MOST_DECISIONS):
        if rules.is_over(state):
            return state
        assert rules.winners(state) == [], f"seed {seed}: winners before the end"
        seat = rules.to_move(state)
        assert 0 <= seat < players
        actions = list(rules.legal_actions(state))
        assert actions, f"seed {seed}: no legal action before the end"
        state, events = rules.apply(state, rng.choice(actions), rng)
        assert all(isinstance(e, str) and e for e in events)
    raise AssertionError(f"seed {seed}: {players} players, no end in {MOST_DECISIONS} "
                         f"decisions")


@pytest.mark.parametrize("starter", STARTERS)
def test_random_games_of_each_starter_end_with_consistent_winners(
        starter: str, tmp_path: Path) -> None:
    game = f"proto-{starter}"
    assert main(["new", game, "--template", starter, "--dir", str(tmp_path)]) == 0
    project = tmp_path / game
    rules = _rules_of(project, starter.replace("-", "_"))
    seats = tomllib.loads((project / "game.toml").read_text(encoding="utf-8"))["players"]
    sizes = range(seats["min"], seats["max"] + 1)
    assert "random" not in rules.POLICIES and rules.POLICIES, "a named policy besides random"
    assert set(rules.RULES) == set(tomllib.loads(
        (project / "game.toml").read_text(encoding="utf-8"))["rules"])
    for seed in range(GAMES):
        players = sizes[seed % len(sizes)]
        state = _play(rules, players, seed)
        assert rules.legal_actions(state) == [] or starter == "cards"
        points = list(rules.scores(state))
        won = list(rules.winners(state))
        assert len(points) == players
        assert won and all(0 <= w < players for w in won) and len(set(won)) == len(won)
        if starter != "dice":  # a race is won at the finish, not on points
            assert all(points[w] == max(points) for w in won)
            assert all(points[p] < max(points) for p in range(players) if p not in won)


@pytest.mark.parametrize("starter", STARTERS)
def test_a_seed_replays_the_same_game(starter: str, tmp_path: Path) -> None:
    game = f"seed-{starter}"
    assert main(["new", game, "--template", starter, "--dir", str(tmp_path)]) == 0
    rules = _rules_of(tmp_path / game, f"seed_{starter.replace('-', '_')}")
    first, again = _play(rules, 2, 7), _play(rules, 2, 7)
    assert first == again
    assert rules.scores(first) == rules.scores(again)


def test_an_unknown_rule_setting_names_its_key(tmp_path: Path) -> None:
    for starter in STARTERS:
        assert main(["new", f"bad-{starter}", "--template", starter, "--dir",
                     str(tmp_path)]) == 0
        rules = _rules_of(tmp_path / f"bad-{starter}", f"bad_{starter.replace('-', '_')}")
        with pytest.raises(ValueError, match="'no_such_rule'"):
            rules.initial_state(2, random.Random(0), {"no_such_rule": "1"})


def test_game_beside_names_a_missing_game_toml(tmp_path: Path) -> None:
    from printkit.errors import DataError
    from printkit.examples import game_beside

    (tmp_path / "rules.py").write_text("def here():\n    return 1\n", encoding="utf-8")
    rules = _rules_of(tmp_path, "no_game")
    with pytest.raises(DataError, match="game.toml: cannot be read"):
        game_beside(rules.here)
