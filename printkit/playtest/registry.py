"""Which rules module plays which game: a built-in game's adapter (imported only when asked
for), or a game project's own ``rules.py`` offering the playtest protocol."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from printkit.errors import UsageError

#: Built-in game id -> module name of its protocol adapter.
ADAPTERS: dict[str, str] = {
    "polar-derby": "printkit.playtest.games.polar_derby",
    "coraz-blizej-swieta": "printkit.playtest.games.coraz_blizej_swieta",
    "yeti-slalom": "printkit.playtest.games.yeti_slalom",
    "pick-a-polar-bear": "printkit.playtest.games.pick_a_polar_bear",
}

#: The module-level functions every playtest rules module defines.
PROTOCOL = ("initial_state", "to_move", "legal_actions", "apply", "is_over", "scores",
            "winners")

_LOADED: dict[str, ModuleType] = {}


def source(game: str) -> str:
    """Where ``game``'s rules come from: an adapter's module name for a built-in game id,
    else the path of a project's rules.py (GAME is a project folder or its rules.py)."""
    if game in ADAPTERS:
        return ADAPTERS[game]
    path = Path(game)
    if path.is_dir():
        if not (path / "game.toml").is_file():
            raise UsageError(f"{game} is not a game project (no game.toml)")
        path = path / "rules.py"
    if path.name == "rules.py" and path.is_file():
        return str(path.resolve())
    if path.name == "rules.py" or path.is_dir():
        raise UsageError(f"{path}: no rules.py in the project; playtest needs one")
    raise UsageError(f"unknown game {game!r}; games: {', '.join(ADAPTERS)}, or a game "
                     f"project's folder")


def load(where: str) -> ModuleType:
    """The rules module at ``where`` (see :func:`source`), checked for the protocol."""
    if where in _LOADED:
        return _LOADED[where]
    module = _load_file(Path(where)) if where.endswith(".py") else _import(where)
    missing = [name for name in PROTOCOL if not callable(getattr(module, name, None))]
    if missing:
        label = where if where.endswith(".py") else f"{module.__name__}"
        raise UsageError(f"{label}: the playtest protocol needs function {missing[0]}"
                         f"(...) (missing: {', '.join(missing)})")
    _LOADED[where] = module
    return module


def _import(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        game = next(g for g, module in ADAPTERS.items() if module == name)
        raise UsageError(f"{game} has no playtest adapter in this printkit ({name})") from None


def _load_file(path: Path) -> ModuleType:
    name = f"printkit_playtest_rules_{len(_LOADED)}_{abs(hash(str(path)))}"
    spec = importlib.util.spec_from_file_location(name, path,
                                                  submodule_search_locations=[str(path.parent)])
    if spec is None or spec.loader is None:
        raise UsageError(f"{path}: cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickling look their module up here
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - any error in a designer's file is one line
        sys.modules.pop(name, None)
        raise UsageError(f"{path}: {type(exc).__name__}: {exc} (while loading the rules)") \
            from None
    return module
