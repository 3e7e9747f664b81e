"""The project's own icons: ``[icons]`` in game.toml names pictures usable as symbols.

::

    [icons]
    coin = "icons/coin.svg"     # or a PNG or JPEG
    wood = "icons/wood.png"

``gain 2 :coin:`` in card text then sets the coin inline, as tall as the text and on its
baseline, with the word ``coin`` hidden behind it for copying (see
:mod:`printkit.drawing.icon_text`); a symbol box (``show = "symbol"``) takes ``coin`` as
it takes a built-in symbol. An SVG icon is drawn as vectors, a PNG or JPEG one as a
picture: each once per document and size (see
:mod:`printkit.model.components.vectors` and :mod:`printkit.model.components.pictures`).

An icon is the designer's own art, in its own colours: it is drawn as it is, not in the
text's or the box's colour, and the ink saver leaves it as it is (as it leaves pictures).
An icon may not take the name of a built-in symbol (``star``): the kit draws those in its
own places (card backs, tracks, tokens), and one name should mean one picture throughout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit import caches
from printkit.drawing.symbols import SYMBOLS
from printkit.errors import DataError, DataErrors
from printkit.model.components.images import Artwork, draw_artwork, load_artwork
from printkit.schema import Keyed, Value

#: The key of game.toml, and its schema (spliced into every game's, with the components').
KEY = "icons"
SCHEMA = Keyed(Value(str), key_pattern=r"[a-z][a-z0-9_-]*", required=False, default={})
#: Draws an icon centred at (x, y), ``side`` points square.
Drawer = Callable[[Canvas, float, float, float], None]


def declared(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The names of the project's icons, as game.toml lists them."""
    return tuple(data.get(KEY) or {})


def names(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every name a symbol box or ``:name:`` in text may use: the built-in symbols, then
    the project's icons."""
    return SYMBOLS + tuple(name for name in declared(data) if name not in SYMBOLS)


def clashes(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, message) for each icon named like a built-in symbol (see the module)."""
    return [(f"{KEY}.{name}", f"{name!r} is a built-in symbol; give the project's icon "
                              f"another name (built-in: {', '.join(SYMBOLS)})")
            for name in declared(data) if name in SYMBOLS]


def load_icons(data: Mapping[str, Any], folder: Path) -> dict[str, Artwork]:
    """The project's icons, their files checked; every problem, as one DataErrors."""
    errors = [DataError("game.toml", key, message) for key, message in clashes(data)]
    icons: dict[str, Artwork] = {}
    for name, file in (data.get(KEY) or {}).items():
        if name in SYMBOLS:
            continue
        try:
            icons[name] = load_artwork(folder, file, "game.toml", f"{KEY}.{name}")
        except DataError as exc:
            errors.append(exc)
    if errors:
        raise DataErrors(errors)
    return icons


#: Icons as loaded in this build: (id of the game data, folder) -> (data, icons).
_LOADED: dict[tuple[int, Path], tuple[Mapping[str, Any], dict[str, Artwork]]] = {}
caches.per_build("project icons as loaded from game data", _LOADED.clear)


def loaded_icons(data: Mapping[str, Any], folder: Path) -> dict[str, Artwork]:
    """:func:`load_icons`, once per build and game data."""
    key = (id(data), folder)
    hit = _LOADED.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    icons = load_icons(data, folder)
    _LOADED[key] = (data, icons)
    return icons


def drawers(data: Mapping[str, Any], folder: Path) -> dict[str, Drawer]:
    """How to draw each of the project's icons, for text and symbol boxes."""
    if not declared(data):
        return {}
    return {name: _drawer(art) for name, art in loaded_icons(data, folder).items()}


def _drawer(art: Artwork) -> Drawer:
    def draw(c: Canvas, x: float, y: float, side: float) -> None:
        draw_artwork(c, art, x - side / 2, y - side / 2, side, side)

    return draw
