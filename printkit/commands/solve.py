"""``printkit solve``: solve a seeded deal of a game that has a solver (the solo game)."""

from __future__ import annotations

from printkit import games
from printkit.errors import UsageError


def solve(game_id: str, seed: int) -> list[str]:
    game = games.get(game_id)
    if game.solve is None:
        with_solver = [g.id for g in games.GAMES.values() if g.solve is not None]
        raise UsageError(f"{game_id} has no solver; games with one: {', '.join(with_solver)}")
    return game.solve(game.load_data(), seed)
