"""The Yeti Slalom course as the game data describes it.

The course is a grid of ``rows`` × ``columns`` spaces, run from row 1 (top)
to the last row; a space is ``(row, column)``, both counted from 1. The
snowboarders start on the start rows and finish by moving forward out of the
last row onto the finish spaces, whose multipliers come from the data.

Each Yeti guards one row and has two Yeti spaces beside it: the green one on
the left edge (a green Yeti throws to the right) and the red one on the right
edge (a red Yeti throws to the left). Every space of a Yeti row shows a die
symbol of each colour, the same in every Yeti row, given by column in the data;
0 means the space has no symbol of that colour and is never hit. A row without
a Yeti shows no symbols at all (:meth:`Course.symbol` gives 0 there).

Nothing here is a number of the rules text: rows, columns, start rows, Yeti
rows, symbols, the lowest hitting roll and the multipliers all come from
``game.toml`` through :func:`course_from_data`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from printkit.errors import RuleError

#: A space of the course: (row, column), both from 1.
Space = tuple[int, int]

#: The faces of the ordinary die.
DIE_FACES = (1, 2, 3, 4, 5, 6)


class Colour(StrEnum):
    """A Yeti card's colour: which edge its Yeti stands on and which way it throws."""

    GREEN = "green"
    RED = "red"

    @property
    def side(self) -> str:
        """The edge of the course the Yeti space is on."""
        return "left" if self is Colour.GREEN else "right"

    @classmethod
    def of(cls, value: Any) -> Colour:
        """The colour named ``value`` ("green" or "red"); RuleError otherwise."""
        try:
            return cls(value)
        except ValueError:
            raise RuleError(f"{value!r} is not a Yeti colour; colours: green, red") from None


COLOURS = (Colour.GREEN, Colour.RED)


@dataclass(frozen=True)
class Yeti:
    """One of the Yetis: its id, its English name and the row it guards."""

    id: str
    name: str
    row: int


@dataclass(frozen=True)
class YetiSpace:
    """A space beside the course where the cards of one Yeti of one colour are laid."""

    yeti: str
    row: int
    colour: Colour

    @property
    def side(self) -> str:
        return self.colour.side


@dataclass(frozen=True)
class Course:
    """The board geometry. Build it with :func:`course_from_data`."""

    rows: int
    columns: int
    start_rows: tuple[int, ...]
    yetis: tuple[Yeti, ...]
    #: The die symbol of each column for green throws (index 0 is column 1); 0: none.
    green: tuple[int, ...]
    #: The same for red throws.
    red: tuple[int, ...]
    #: Rolls below this miss.
    hit_from: int
    #: Finish space k (from 1) multiplies the value by ``multipliers[k - 1]``.
    multipliers: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.rows < 2 or self.columns < 2:
            raise RuleError(f"a course of {self.rows} × {self.columns} spaces is too small")
        if not self.start_rows:
            raise RuleError("the course needs at least one start row")
        for row in self.start_rows:
            if not 1 <= row <= self.rows:
                raise RuleError(f"start row {row} is not a row of the course (1-{self.rows})")
        seen: dict[int, str] = {}
        ids: set[str] = set()
        for yeti in self.yetis:
            if not 1 <= yeti.row <= self.rows:
                raise RuleError(f"the {yeti.id} Yeti guards row {yeti.row}, not a row of the "
                                f"course (1-{self.rows})")
            if yeti.row in seen:
                raise RuleError(f"row {yeti.row} has two Yetis: {seen[yeti.row]} and {yeti.id}")
            if yeti.id in ids:
                raise RuleError(f"two Yetis are called {yeti.id!r}")
            seen[yeti.row] = yeti.id
            ids.add(yeti.id)
        for colour, symbols in ((Colour.GREEN, self.green), (Colour.RED, self.red)):
            if len(symbols) != self.columns:
                raise RuleError(f"{colour.value} symbols {list(symbols)} need one per column "
                                f"({self.columns})")
            for symbol in symbols:
                if symbol != 0 and symbol not in DIE_FACES:
                    raise RuleError(f"{colour.value} symbol {symbol!r} is not 0 (none) or a "
                                    f"die face 1-6")
        if self.hit_from not in DIE_FACES:
            raise RuleError(f"hit_from {self.hit_from!r} is not a die face 1-6")
        if not self.multipliers or any(m < 1 for m in self.multipliers):
            raise RuleError(f"finish multipliers {list(self.multipliers)}: at least one, "
                            f"each 1 or more")

    # --- spaces -------------------------------------------------------------------

    def contains(self, space: Any) -> bool:
        """Is ``space`` a (row, column) pair on the course?"""
        return (isinstance(space, tuple) and len(space) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in space)
                and 1 <= space[0] <= self.rows and 1 <= space[1] <= self.columns)

    def spaces(self) -> tuple[Space, ...]:
        """Every space, row by row from the top, left to right."""
        return tuple((r, c) for r in range(1, self.rows + 1) for c in range(1, self.columns + 1))

    def start_spaces(self) -> tuple[Space, ...]:
        """The spaces of the start rows, in board order."""
        return tuple((r, c) for r in sorted(set(self.start_rows))
                     for c in range(1, self.columns + 1))

    def is_start(self, space: Space) -> bool:
        return self.contains(space) and space[0] in self.start_rows

    @property
    def last_row(self) -> int:
        return self.rows

    @property
    def finish_spaces(self) -> int:
        return len(self.multipliers)

    def multiplier(self, finish_space: int) -> int:
        """The multiplier of finish space ``finish_space`` (from 1)."""
        return self.multipliers[finish_space - 1]

    # --- Yetis --------------------------------------------------------------------

    def yeti(self, yeti_id: str) -> Yeti:
        """The Yeti called ``yeti_id``; RuleError naming the Yetis otherwise."""
        for yeti in self.yetis:
            if yeti.id == yeti_id:
                return yeti
        raise RuleError(f"{yeti_id!r} is not a Yeti; Yetis: "
                        f"{', '.join(y.id for y in self.yetis)}")

    def yeti_ids(self) -> tuple[str, ...]:
        return tuple(y.id for y in self.yetis)

    def yeti_of_row(self, row: int) -> Yeti | None:
        """The Yeti guarding ``row``, or None (a row with no Yeti spaces)."""
        for yeti in self.yetis:
            if yeti.row == row:
                return yeti
        return None

    def yeti_space(self, yeti_id: str, colour: Colour | str) -> YetiSpace:
        yeti = self.yeti(yeti_id)
        return YetiSpace(yeti=yeti.id, row=yeti.row, colour=Colour.of(colour))

    def yeti_spaces(self) -> tuple[YetiSpace, ...]:
        """Every Yeti space, by row from the top, green (left) before red (right)."""
        return tuple(YetiSpace(y.id, y.row, colour)
                     for y in sorted(self.yetis, key=lambda y: y.row) for colour in COLOURS)

    # --- die symbols --------------------------------------------------------------

    def symbols(self, colour: Colour | str) -> tuple[int, ...]:
        """The symbols of ``colour`` by column (index 0 is column 1), as in the data."""
        return self.green if Colour.of(colour) is Colour.GREEN else self.red

    def symbol(self, colour: Colour | str, row: int, column: int) -> int:
        """The die symbol of ``colour`` on space (row, column); 0 when it has none.

        Only rows guarded by a Yeti show symbols.
        """
        if self.yeti_of_row(row) is None or not 1 <= column <= self.columns:
            return 0
        return self.symbols(colour)[column - 1]


def course_from_data(data: Mapping[str, Any]) -> Course:
    """The course of a validated game.toml."""
    course = data["course"]
    throws = data["throws"]
    return Course(
        rows=course["rows"],
        columns=course["columns"],
        start_rows=tuple(course["start_rows"]),
        yetis=tuple(Yeti(id=y["id"], name=y["name"], row=y["row"]) for y in data["yetis"]),
        green=tuple(throws["green"]),
        red=tuple(throws["red"]),
        hit_from=throws["hit_from"],
        multipliers=tuple(data["finish"]["multipliers"]),
    )


def hit_spaces(course: Course, colour: Colour | str, row: int, roll: int,
               strict_exact: bool | None = None) -> tuple[int, ...]:
    """The columns of ``row`` a throw of ``colour`` that counts as ``roll`` hits.

    A roll below ``course.hit_from`` misses (no column). Otherwise every column
    whose symbol of that colour is not 0 and is at most the roll is hit; with
    ``strict_exact`` (the strict variant after a re-roll) only the columns whose
    symbol equals the roll. A row without a Yeti has no symbols and is never hit.
    Columns come in ascending order.
    """
    if roll not in DIE_FACES:
        raise RuleError(f"a roll of the die is 1-6, not {roll!r}")
    if roll < course.hit_from:
        return ()
    hit = []
    for column in range(1, course.columns + 1):
        symbol = course.symbol(colour, row, column)
        if symbol and (symbol == roll if strict_exact else symbol <= roll):
            hit.append(column)
    return tuple(hit)


__all__ = ["COLOURS", "DIE_FACES", "Colour", "Course", "Space", "Yeti", "YetiSpace",
           "course_from_data", "hit_spaces"]
