"""Components that fit each other: every place on a board holds what the rules put there.

A rulebook says "the card lies on its space" or "a bear on every spot"; the printed
board must then have room for the printed card or token. A game declares in its data
what lies where, with the clearance it needs::

    [[fit]]
    place = "Yeti space"     # a place the board draws
    holds = "Yeti card"      # a component of the kit
    clearance_mm = 1         # free on every side
    turns = true             # the component may lie turned a quarter (the default)

and measures both from the code that draws them (``Game.measure(data, paper)``: name ->
:class:`~printkit.drawing.outlines.Outline`, its shape as the data declares it and its size
in mm, so a rink scaled to the paper is measured on that paper; a bare ``(width, height)``
is a rectangle). The build checks every declaration before rendering and fails, naming
both and how far the component overhangs, when its shape does not fit in its place's: a
circle in a circle by their diameters, a square in a circle by its diagonal, a rectangle
in a rectangle by its sides (either way round if it may turn), round corners and hexagons
by their own geometry (:func:`~printkit.drawing.outlines.overhang`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from printkit.drawing.outlines import SHAPES, Outline, overhang
from printkit.errors import DataError, DataErrors
from printkit.schema import Array, Table, Value

if TYPE_CHECKING:
    from printkit.geometry import Paper
    from printkit.model.game import Game

#: ``[[fit]]`` in game.toml.
FIT = Array(Table({
    "place": Value(str),
    "holds": Value(str),
    "clearance_mm": Value(float, required=False, default=1.0, minimum=0, maximum=20),
    "turns": Value(bool, required=False, default=True),
}), required=False, default=[])

#: How a component or place is cut or drawn, where a game's data declares its size.
SHAPE = Value(str, choices=SHAPES)

Sizes = Mapping[str, "Outline | tuple[float, float]"]

#: Overhangs smaller than this (mm) are rounding, not a misfit.
EPS_MM = 1e-6


def outline(measured: Outline | tuple[float, float]) -> Outline:
    """A measured outline; a bare ``(width, height)`` is a rectangle."""
    return measured if isinstance(measured, Outline) else Outline("rectangle", *measured)


def least_overhang(item: Outline, place: Outline, turns: bool = True) -> float:
    """How far ``item`` overhangs ``place`` (mm, negative: the room left), lying the best way
    round it may."""
    ways = (item, item.turned()) if turns else (item,)
    return min(overhang(way, place) for way in ways)


def misfits(declared: list[Mapping[str, Any]], sizes: Sizes, file: str,
            paper: str) -> list[DataError]:
    """Each declared pair whose component does not fit its place, named with both outlines
    and the overhang."""
    out = []
    for i, entry in enumerate(declared):
        key = f"fit[{i}]"
        unknown = [n for n in (entry["place"], entry["holds"]) if n not in sizes]
        if unknown:
            out.append(DataError(file, key, f"{unknown[0]!r} is nothing the kit measures; "
                                            f"known: {', '.join(sorted(sizes))}"))
            continue
        place, item = outline(sizes[entry["place"]]), outline(sizes[entry["holds"]])
        clearance = entry["clearance_mm"]
        over = least_overhang(item, place, entry.get("turns", True))
        if over + clearance <= EPS_MM:
            continue
        short = (f"it overhangs by {over:.1f} mm" if over > EPS_MM
                 else f"only {-over:.1f} mm is free")
        out.append(DataError(file, key, (
            f"the {entry['holds']} ({item.describe()}) does not fit on the {entry['place']} "
            f"({place.describe()} on {paper}) with {clearance:g} mm free on every side: "
            f"{short}")))
    return out


def check(game: Game, data: Mapping[str, Any], paper: Paper) -> None:
    """Raise every fit problem of ``game`` on ``paper`` at once (none without a measure)."""
    measure = getattr(game, "measure", None)
    if measure is None or not data.get("fit"):
        return
    found = misfits(data["fit"], measure(data, paper), game.label(game.data_file), paper.name)
    if found:
        raise DataErrors(found)
