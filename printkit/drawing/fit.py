"""Components that fit each other: every place on a board holds what the rules put there.

A rulebook says "the card lies on its space" or "a bear on every spot"; the printed
board must then have room for the printed card or token. A game declares in its data
what lies where, with the clearance it needs::

    [[fit]]
    place = "Yeti space"     # a place the board draws
    holds = "Yeti card"      # a component of the kit
    clearance_mm = 1         # free on every side

and measures both from the code that draws them (``Game.measure(data, paper)``: name ->
(width, height) in mm, so a rink scaled to the paper is measured on that paper). The
build checks every declaration before rendering and fails naming both when the
component is larger than its place; a component may lie turned a quarter if that fits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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
}), required=False, default=[])

Sizes = Mapping[str, tuple[float, float]]


def _fits(item: tuple[float, float], place: tuple[float, float], clearance: float) -> bool:
    room_w, room_h = place[0] - 2 * clearance, place[1] - 2 * clearance
    w, h = item
    eps = 1e-6
    return (w <= room_w + eps and h <= room_h + eps) or (h <= room_w + eps and w <= room_h + eps)


def misfits(declared: list[Mapping[str, Any]], sizes: Sizes, file: str,
             paper: str) -> list[DataError]:
    """Each declared pair whose component does not fit its place, named with both sizes."""
    out = []
    for i, entry in enumerate(declared):
        key = f"fit[{i}]"
        unknown = [n for n in (entry["place"], entry["holds"]) if n not in sizes]
        if unknown:
            out.append(DataError(file, key, f"{unknown[0]!r} is nothing the kit measures; "
                                            f"known: {', '.join(sorted(sizes))}"))
            continue
        place, item = sizes[entry["place"]], sizes[entry["holds"]]
        clearance = entry["clearance_mm"]
        if not _fits(item, place, clearance):
            out.append(DataError(file, key, (
                f"the {entry['holds']} ({_mm(item)}) does not fit on the {entry['place']} "
                f"({_mm(place)} on {paper}) with {clearance:g} mm free on every side")))
    return out


def check(game: Game, data: Mapping[str, Any], paper: Paper) -> None:
    """Raise every fit problem of ``game`` on ``paper`` at once (none without a measure)."""
    measure = getattr(game, "measure", None)
    if measure is None or not data.get("fit"):
        return
    found = misfits(data["fit"], measure(data, paper), game.label(game.data_file), paper.name)
    if found:
        raise DataErrors(found)


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0]:.1f}×{size[1]:.1f} mm"
