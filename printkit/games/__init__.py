"""The registry of games: one line per game."""

from __future__ import annotations

from printkit.errors import UsageError
from printkit.game import Game
from printkit.games import coraz_blizej_swieta, pick_a_polar_bear, polar_derby, yeti_slalom

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        coraz_blizej_swieta.GAME,
        polar_derby.GAME,
        pick_a_polar_bear.GAME,
        yeti_slalom.GAME,
    )
}


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise UsageError(f"unknown game {game_id!r}; games: {', '.join(GAMES)}") from None


def select(ids: list[str] | None) -> list[Game]:
    """The games named (in the order given, once each), or every game."""
    if not ids:
        return list(GAMES.values())
    return [get(i) for i in dict.fromkeys(ids)]
