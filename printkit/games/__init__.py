"""The registry of games: printkit's own, then every game installed as its own
distribution through the entry point group ``printkit.games``.

printkit's own games are listed once, in :data:`printkit.resources.BUILT_IN_GAMES` (game
id -> ``module:GAME``); a game packaged on its own registers itself in its
``pyproject.toml`` (``[project.entry-points."printkit.games"]``, name = the game id,
value = ``module:GAME``). The group is read once, when this module is imported.

While a command works on a game project (``--project``, or a ``game.toml`` found from
the current folder), :func:`only` makes that project the whole registry.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint, entry_points

from printkit.errors import UsageError
from printkit.model.game import Game
from printkit.resources import BUILT_IN_GAMES

GROUP = "printkit.games"

#: printkit's own games, in the order they are listed.
BUILT_IN = BUILT_IN_GAMES

#: Entry points that failed to load: game id -> why (named when the game is asked for).
BROKEN: dict[str, str] = {}


def discover() -> dict[str, Game]:
    """Every registered game: printkit's own first, then the others by id."""
    found = {ep.name: ep for ep in entry_points(group=GROUP)}
    for name, value in BUILT_IN.items():
        found.setdefault(name, EntryPoint(name=name, value=value, group=GROUP))
    order = [*BUILT_IN, *sorted(n for n in found if n not in BUILT_IN)]
    out: dict[str, Game] = {}
    BROKEN.clear()
    for name in order:
        try:
            game = found[name].load()
        except Exception as exc:  # a third-party game that does not import: say which
            BROKEN[name] = (f"game {name!r} (entry point {found[name].value} in group "
                            f"{GROUP}) does not load: {type(exc).__name__}: {exc}")
            continue
        if not isinstance(game, Game) or game.id != name:
            BROKEN[name] = (f"game {name!r}: entry point {found[name].value} is not a "
                            f"printkit.model.game.Game with id {name!r}")
            continue
        out[name] = game
    return out


GAMES: dict[str, Game] = discover()


@contextmanager
def only(game: Game) -> Iterator[None]:
    """Make ``game`` (a game project) the whole registry for the duration of a command."""
    global GAMES
    before = GAMES
    GAMES = {game.id: game}
    try:
        yield
    finally:
        GAMES = before


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        if game_id in BROKEN:
            raise UsageError(BROKEN[game_id]) from None
        raise UsageError(f"unknown game {game_id!r}; games: {', '.join(GAMES)}") from None


def select(ids: list[str] | None) -> list[Game]:
    """The games named (in the order given, once each), or every game."""
    if not ids:
        return list(GAMES.values())
    return [get(i) for i in dict.fromkeys(ids)]
