"""The caches a build starts without, in one place.

Some things a build reads are kept between documents, and between builds in one process
(``printkit serve`` builds again and again): every locale's ``script.toml`` and
``typography.toml`` as read, the decks of game data as loaded, designs recorded once to be
replayed in every document that draws them. None of them changes what a build writes:
each is what its inputs make, and a build starts by emptying them all, since its inputs may
have changed since the last. A module keeps such a cache by declaring it here
(:func:`per_build`); the build empties every one with one call (:func:`start_build`).

Caches keyed by everything they depend on (a font's contents, a picture's hash, a
catalog's modification time) are kept for the whole process and are not listed here.
"""

from __future__ import annotations

from collections.abc import Callable

#: What each per-build cache is, and how it is emptied, in the order declared.
_PER_BUILD: dict[str, Callable[[], None]] = {}


def per_build(what: str, empty: Callable[[], None]) -> None:
    """Declare a cache the next build starts without: ``what`` it holds, and ``empty``."""
    _PER_BUILD[what] = empty


def per_build_caches() -> list[str]:
    """What the caches declared so far hold (a module's appears once it is imported)."""
    return list(_PER_BUILD)


def start_build() -> None:
    """Empty every per-build cache: a build reads its inputs afresh."""
    for empty in _PER_BUILD.values():
        empty()
