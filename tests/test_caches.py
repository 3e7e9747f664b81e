"""A build starts without any cache of the last build's inputs: every per-build cache is
declared in one place, and one call empties them all."""

from __future__ import annotations

import printkit.commands.build  # noqa: F401 - imports every module that keeps one
from printkit import caches
from printkit.drawing import pdf
from printkit.language import conventions, script
from printkit.model.components import deck


def test_every_per_build_cache_is_declared_and_emptied_in_one_call() -> None:
    assert set(caches.per_build_caches()) >= {
        "scripts as read from script.toml", "conventions as read from typography.toml",
        "designs recorded to be replayed", "decks as loaded from game data"}
    script.load("pl")
    conventions.conventions("pl")
    assert script._LOOKED_UP and conventions._LOOKED_UP
    caches.start_build()
    assert not script._LOOKED_UP and not conventions._LOOKED_UP
    assert not pdf._RECORDED and not deck._LOADED


def test_no_module_sets_state_for_what_is_drawn_next() -> None:
    """Nothing is "current" while a document is drawn (a locale's script, a document's
    font subsets): what sets text is handed it. A module rebinding one of its globals is
    one of the two contexts a command runs in (the game project's registry and
    locales), or it is ambient state this test finds."""
    import ast
    from pathlib import Path

    root = Path(printkit.commands.build.__file__).parents[2]
    rebound = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Global):
                rebound.update({name: path.relative_to(root).as_posix() for name in node.names})
    assert rebound == {"GAMES": "games/__init__.py",
                       "_PROJECT_LOCALES": "language/locales.py"}
