"""The optional ``[kit]`` table of a game.toml: what the guide adds to the printed kit.

``gather``: what a player needs beyond the printed sheets ("2 six-sided dice",
"scissors or a craft knife and a ruler"), and ``steps``: assembly steps only
this game has, after the ones the guide writes for each kind of document.
Both are lists of English msgids, extracted for translation.
"""

from __future__ import annotations

from printkit.schema import Array, Table, Value

#: Add as ``"kit": KIT`` to a game's schema; a game.toml without ``[kit]`` gets empty lists.
KIT = Table(
    {
        "gather": Array(Value(str), required=False, default=(), max_items=20),
        "steps": Array(Value(str), required=False, default=(), max_items=20),
    },
    required=False,
    default={"gather": (), "steps": ()},
)
