"""``printkit new``: a game project folder with a small, working sample game.

A starter is a folder of ``scaffold/starters/``, one per kind of game (:data:`STARTERS`):
its files are copied over those of ``starters/common/`` (what every starter shares: the
project's ``tests/``), with the game's title and id filled in (``__TITLE__``,
``__ID__``); then the catalog template is extracted from the new project and any sample
catalog it ships merged with it, so that the locations in the catalogs are the
project's own. A wheel carries the files (hatch packages ``printkit/`` whole).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from printkit.errors import PrintkitError, UsageError

STARTERS_DIR = Path(__file__).resolve().parent / "starters"
#: The kinds of game a project can start from, the default first: a folder each.
STARTERS = ("dice", "cards", "board", "roll-and-write")
#: Files every starter has, under its own (a starter's file of the same name wins).
COMMON = STARTERS_DIR / "common"
#: Files whose text names the game.
_FILLED = (".toml", ".py", ".j2", ".md")


def title_of(name: str) -> str:
    """A title from a folder name: ``my-game`` -> ``My Game`` (as written if not lower case)."""
    words = re.split(r"[-_\s]+", name.strip())
    return " ".join(w[:1].upper() + w[1:] if w.islower() else w for w in words if w)


def new_project(name: str, parent: Path = Path("."), starter: str = STARTERS[0]) -> Path:
    """Write ``parent/name`` from the starter ``starter`` and return it; nothing is left
    behind if any step fails."""
    from printkit.tools.project import default_id, load_project, selected

    if not name or name.startswith(".") or "/" in name or "\\" in name:
        raise UsageError(f"{name!r} is not a folder name; give a name such as my-game, and "
                         f"--dir for the folder to create it in")
    folder = parent / name
    if starter not in STARTERS:
        raise UsageError(f"--template: unknown starter {starter!r}; choose from "
                         f"{', '.join(STARTERS)}")
    if folder.exists():
        raise UsageError(f"{folder} already exists; choose another name or remove it")
    if not parent.is_dir():
        raise UsageError(f"--dir: {parent} is not a folder")
    game_id = default_id(folder)
    if not game_id:
        raise UsageError(f"{name!r} gives no game id: use letters or digits")
    try:
        for source in (COMMON, STARTERS_DIR / starter):
            shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__"),
                            dirs_exist_ok=True)
        title = title_of(name)
        # in comments and docstrings, the title without what would end them
        plain = re.sub(r'["\\\r\n]', "", title)
        for path in folder.rglob("*"):
            if path.is_file() and path.suffix in _FILLED:
                text = path.read_text(encoding="utf-8")
                if path.suffix == ".toml":  # the title's value: a TOML string, escaped
                    text = text.replace('"__TITLE__"', json.dumps(title, ensure_ascii=False))
                path.write_text(text.replace("__TITLE__", plain).replace("__ID__", game_id),
                                encoding="utf-8")
        from printkit.tools.catalogs import update_locales

        with selected(load_project(folder)):
            update_locales()
    except (PrintkitError, OSError):
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder
