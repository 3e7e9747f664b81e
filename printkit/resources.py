"""Where printkit finds its templates, catalogs and fonts.

In a source checkout (or an editable install) templates and catalogs sit at
the top of the repository; a wheel carries them inside the package under
``printkit/_data``. Both layouts are looked up here and nowhere else.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


@cache  # (asked for thousands of times a document; an installation does not move)
def _data_dir(name: str) -> Path:
    installed = PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent / name


def templates_dir() -> Path:
    return _data_dir("templates")


def locales_dir() -> Path:
    return _data_dir("locales")


def fonts_dir() -> Path:
    return PACKAGE_DIR / "fonts"


def cache_dir() -> Path:
    """Where printkit keeps what it can make again (compiled templates, prepared pictures):
    ``$PRINTKIT_CACHE``,
    else ``$XDG_CACHE_HOME/printkit``, else ``~/.cache/printkit``. Never build output."""
    chosen = os.environ.get("PRINTKIT_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "printkit"


def relative(path: Path) -> str:
    """A path as a user should see it: relative to the project or package."""
    for root in (PACKAGE_DIR.parent, PACKAGE_DIR):
        try:
            return str(path.resolve().relative_to(root))
        except ValueError:
            continue
    return str(path)


#: printkit's own games, in the order they are listed: the one place a built-in game is
#: registered (here, not in :mod:`printkit.games`, so that the command line can name them
#: without importing any game). Games of their own distributions come through the entry
#: point group ``printkit.games``.
BUILT_IN_GAMES = {
    "coraz-blizej-swieta": "printkit.games.coraz_blizej_swieta:GAME",
    "polar-derby": "printkit.games.polar_derby:GAME",
    "pick-a-polar-bear": "printkit.games.pick_a_polar_bear:GAME",
    "yeti-slalom": "printkit.games.yeti_slalom:GAME",
}

#: The gettext domain of every catalog, and the language the sources are written in.
DOMAIN = "printkit"
SOURCE_LOCALE = "en"


def builtin_folder(game_id: str) -> Path | None:
    """The package folder of one of printkit's own games."""
    value = BUILT_IN_GAMES.get(game_id)
    if value is None:
        return None
    return PACKAGE_DIR.joinpath(*value.split(":")[0].split(".")[1:])


def locale_codes(base: Path) -> list[str]:
    """English first, then every locale with a catalog under ``base``, in code order."""
    codes = sorted(p.parent.parent.name for p in base.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return [SOURCE_LOCALE] + [c for c in codes if c != SOURCE_LOCALE]


#: The file that makes a folder a game project.
MARKER = "game.toml"


def find_project(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding a game.toml (printkit's own game
    folders excepted: they are built-in games, not projects)."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / MARKER).is_file() and not folder.is_relative_to(PACKAGE_DIR):
            return folder
    return None
