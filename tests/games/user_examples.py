"""Run a user's examples file the way ``printkit check --examples FILE`` does.

Boundary tests write small examples files whose ``expect`` values come from the
rules text (GAMES.md), not from the engine, and read two things back: the
verdict ``check`` prints for each example, and the events the replay produced
(the numbers the rulebook narrates: places, sums, counts).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit import games
from printkit.commands.check import check
from printkit.examples import Event


def write(tmp_path: Path, game_id: str, body: str) -> Path:
    path = tmp_path / "my-examples.toml"
    path.write_text(f'game = "{game_id}"\n\n{body}', encoding="utf-8")
    return path


def verdicts(tmp_path: Path, game_id: str, body: str) -> dict[str, str | None]:
    """Each example's problem (None: verified), as ``printkit check --examples`` finds it."""
    return {line.example: line.problem for line in check(examples_file=write(tmp_path, game_id,
                                                                              body))}


def assert_verified(tmp_path: Path, game_id: str, body: str) -> None:
    wrong = {k: v for k, v in verdicts(tmp_path, game_id, body).items() if v is not None}
    assert not wrong, wrong


def events(tmp_path: Path, game_id: str, body: str) -> dict[str, tuple[Event, ...]]:
    """Every example's replayed events, by example id (the examples must replay)."""
    game = games.get(game_id)
    data = game.load_data()
    return {ex.id: game.replay(ex, data).events
            for ex in game.load_examples(write(tmp_path, game_id, body))}


def params(found: tuple[Event, ...], kind: str) -> list[dict[str, Any]]:
    return [dict(e.params) for e in found if e.kind == kind]


def example(id: str, steps: str, setup: str = "{}", expect: str = "{}",
            rules: str = "{}") -> str:
    return (f'[[examples]]\nid = "{id}"\ntitle = "{id}"\nrules = {rules}\n'
            f"setup = {setup}\nsteps = {steps}\nexpect = {expect}\n\n")
