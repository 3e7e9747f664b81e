"""A build starts without any cache of the last build's inputs: every per-build cache is
declared in one place, and one call empties them all."""

from __future__ import annotations

import printkit.commands.build  # noqa: F401 - imports every module that keeps one
from printkit import caches
from printkit.drawing import pdf
from printkit.language import script, typography
from printkit.model.components import deck


def test_every_per_build_cache_is_declared_and_emptied_in_one_call() -> None:
    assert set(caches.per_build_caches()) >= {
        "scripts as read from script.toml", "line rules as read from typography.toml",
        "designs recorded to be replayed", "decks as loaded from game data"}
    script.load("pl")
    typography.line_rules("pl")
    assert script._LOOKED_UP and typography._LOOKED_UP
    caches.start_build()
    assert not script._LOOKED_UP and not typography._LOOKED_UP
    assert not pdf._RECORDED and not deck._LOADED
