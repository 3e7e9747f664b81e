"""Polar Derby positions: the middle of the rink, the players' bears, the turn in play.

A bear is either in the middle, secured by a player, or pulled (towards the
player whose turn it is, still at risk). Counting the three always gives every
bear of the set; the constructors here refuse any position where it does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from printkit.errors import RuleError

#: The wild face of the dice; never a bear colour.
FREE_SKATE = "free-skate"


@dataclass(frozen=True)
class Rules:
    """The bear set (from the game data) and the variants a table agrees on.

    ``values`` and ``bears_per_colour`` name the colours in data order; that
    order is the order every list of colours in an event or observation uses.
    """

    values: Mapping[str, int] = field(hash=False)
    bears_per_colour: Mapping[str, int] = field(hash=False)
    #: Variant "younger players": every bear is worth 1.
    younger: bool = False
    #: Variant "no risk": a pulled bear is secured at once; a bust only ends the turn.
    no_risk: bool = False
    min_players: int = 2
    max_players: int = 4
    _order: Mapping[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _faces: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        values, bears = dict(self.values), dict(self.bears_per_colour)
        if list(values) != list(bears):
            raise RuleError(f"bear values {list(values)} and bear counts {list(bears)} must "
                            f"name the same colours in the same order")
        if len(values) < 2:
            raise RuleError(f"the game needs at least two bear colours, not {list(values)}")
        if FREE_SKATE in values:
            raise RuleError(f"{FREE_SKATE!r} is the dice's wild face, not a bear colour")
        for colour, value in values.items():
            if not _is_int(value) or value < 0:
                raise RuleError(f"{colour} bears are worth {value!r}: a value is 0 or more")
        for colour, count in bears.items():
            if not _is_int(count) or count < 1:
                raise RuleError(f"{count!r} {colour} bears: every colour has at least one")
        if not 2 <= self.min_players <= self.max_players:
            raise RuleError(f"players {self.min_players}-{self.max_players} is not a range "
                            f"of at least two players")
        object.__setattr__(self, "values", MappingProxyType(values))
        object.__setattr__(self, "bears_per_colour", MappingProxyType(bears))
        object.__setattr__(self, "_order", MappingProxyType({c: i for i, c in enumerate(values)}))
        object.__setattr__(self, "_faces", (*values, FREE_SKATE))

    @property
    def colours(self) -> tuple[str, ...]:
        return self._faces[:-1]

    @property
    def faces(self) -> tuple[str, ...]:
        """The faces of each die: every colour, then Free Skate."""
        return self._faces

    def value(self, colour: str) -> int:
        """What one bear of ``colour`` scores under these rules."""
        return 1 if self.younger else self.values[colour]

    def order(self, colour: str) -> int:
        """The colour's place in data order; KeyError for an unknown colour."""
        return self._order[colour]

    def check_colour(self, colour: Any) -> str:
        if colour not in self.values:
            raise RuleError(f"{colour!r} is not a bear colour; colours: "
                            f"{', '.join(self.colours)}")
        return colour


def rules_from_data(data: Mapping[str, Any], younger: bool = False,
                    no_risk: bool = False) -> Rules:
    """The rules for a validated game.toml: values and counts come from the data."""
    colours = data["colours"]
    players = data.get("players", {})
    return Rules(values={c["id"]: c["value"] for c in colours},
                 bears_per_colour={c["id"]: c["bears"] for c in colours},
                 younger=younger, no_risk=no_risk,
                 min_players=players.get("min", 2), max_players=players.get("max", 4))


@dataclass(frozen=True)
class Bears:
    """A handful of bears: how many of each colour.

    Colours with no bear are left out and the rest kept sorted, so two equal
    handfuls are equal values; ``bears["pink"]`` is 0 for a missing colour.
    """

    counts: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        merged: dict[str, int] = {}
        for colour, count in self.counts:
            merged[colour] = merged.get(colour, 0) + count
        if any(count < 0 for count in merged.values()):
            raise ValueError(f"a bear count cannot be negative: {merged}")
        object.__setattr__(self, "counts", tuple(sorted((c, n) for c, n in merged.items()
                                                        if n > 0)))

    @classmethod
    def of(cls, bears: Mapping[str, int] | Iterable[str] = ()) -> Bears:
        """From a colour -> count table, or from one colour per bear."""
        if isinstance(bears, Mapping):
            return cls(tuple(bears.items()))
        return cls(tuple((colour, 1) for colour in bears))

    def __getitem__(self, colour: str) -> int:
        for known, count in self.counts:
            if known == colour:
                return count
        return 0

    @property
    def total(self) -> int:
        return sum(n for _, n in self.counts)

    def plus(self, other: Bears) -> Bears:
        return Bears(self.counts + other.counts)

    def minus(self, other: Bears) -> Bears:
        """These bears without ``other``; ValueError if ``other`` is not among them."""
        return Bears(self.counts + tuple((c, -n) for c, n in other.counts))

    def as_dict(self, colours: Sequence[str]) -> dict[str, int]:
        """colour -> count in the given (data) order, colours with no bear left out."""
        return {c: self[c] for c in colours if self[c]}


@dataclass(frozen=True)
class Pulled:
    """A bear pulled this turn: its colour and where it came from."""

    colour: str
    #: The opponent it was stolen from; None when it came from the middle.
    source: int | None = None


class Phase(Enum):
    """What the current player may do next."""

    #: A turn (or a fresh turn after a double Free Skate) starts with a roll.
    ROLL = "roll"
    #: After a successful take: roll again or stop.
    CHOOSE = "choose"
    #: A turn ended with the middle empty.
    OVER = "over"


@dataclass(frozen=True)
class State:
    """A position: where every bear is, whose turn it is and what it has pulled."""

    middle: Bears
    secured: tuple[Bears, ...]
    #: Bears pulled this turn and still at risk (always empty in the no-risk variant).
    pulled: tuple[Pulled, ...] = ()
    #: Colours pulled this turn, in the order first pulled; they cannot be taken again.
    pulled_colours: tuple[str, ...] = ()
    current: int = 0
    phase: Phase = Phase.ROLL
    #: The turn being played, from 1; a fresh turn after a double Free Skate counts.
    turn: int = 1

    @property
    def players(self) -> int:
        return len(self.secured)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def pulled_bears(self) -> Bears:
        return Bears.of(p.colour for p in self.pulled)

    @property
    def opponents(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.players) if i != self.current)

    def everywhere(self) -> Bears:
        """Every bear of the position: middle, secured and pulled."""
        total = self.middle.plus(self.pulled_bears)
        for bears in self.secured:
            total = total.plus(bears)
        return total


def initial_state(players: int, rules: Rules, first: int = 0) -> State:
    """Every bear in the middle, nothing secured, ``first`` to roll."""
    return setup_state(rules, [{}] * players, current=first)


def setup_state(rules: Rules, secured: Sequence[Mapping[str, int]],
                middle: Mapping[str, int] | None = None, pulled: Iterable[str] = (),
                current: int = 0) -> State:
    """A constructed position (worked examples, tests), checked against the bear set.

    ``secured`` has one colour -> count table per player. ``pulled`` names the
    bears the current player has already pulled from the middle this turn;
    the player may then roll again or stop. Without ``middle`` every bear not
    secured or pulled is in the middle.
    """
    players = len(secured)
    if not rules.min_players <= players <= rules.max_players:
        raise RuleError(f"the game is for {rules.min_players}-{rules.max_players} players, "
                        f"not {players}")
    if not (_is_int(current) and 0 <= current < players):
        raise RuleError(f"player {current} cannot be current: players are 0..{players - 1}")
    held = [_bears(rules, table, f"player {i}'s secured bears")
            for i, table in enumerate(secured)]
    at_risk = tuple(Pulled(rules.check_colour(c)) for c in pulled)
    if at_risk and rules.no_risk:
        raise RuleError("in the no-risk variant a pulled bear is secured at once: "
                        "list it among the player's secured bears")
    risky = Bears.of(p.colour for p in at_risk)
    kept = Bears()
    for bears in held:
        kept = kept.plus(bears)
    if middle is None:
        rink = Bears.of({c: max(rules.bears_per_colour[c] - kept[c] - risky[c], 0)
                         for c in rules.colours})
    else:
        rink = _bears(rules, middle, "the middle")
    for colour in rules.colours:
        total, wanted = rink[colour] + kept[colour] + risky[colour], rules.bears_per_colour[colour]
        if total != wanted:
            raise RuleError(f"{colour}: {rink[colour]} in the middle, {kept[colour]} secured and "
                            f"{risky[colour]} pulled make {total}, but the set has {wanted} "
                            f"{colour} bears")
    if rink.total == 0 and not at_risk:
        raise RuleError("the middle is empty and nothing is pulled: the game would be over")
    return State(middle=rink, secured=tuple(held), pulled=at_risk,
                 pulled_colours=tuple(dict.fromkeys(p.colour for p in at_risk)),
                 current=current, phase=Phase.CHOOSE if at_risk else Phase.ROLL)


def over_state(rules: Rules, secured: Sequence[Mapping[str, int]]) -> State:
    """A finished game: each player holds ``secured``, the middle is empty, the game is over.

    The holdings must fit the bear set (no more bears of a colour than it has);
    bears nobody holds are out of the position.
    """
    players = len(secured)
    if not rules.min_players <= players <= rules.max_players:
        raise RuleError(f"the game is for {rules.min_players}-{rules.max_players} players, "
                        f"not {players}")
    held = [_bears(rules, table, f"player {i}'s secured bears")
            for i, table in enumerate(secured)]
    kept = Bears()
    for bears in held:
        kept = kept.plus(bears)
    for colour in rules.colours:
        if kept[colour] > rules.bears_per_colour[colour]:
            raise RuleError(f"{colour}: the players hold {kept[colour]}, but the set has "
                            f"{rules.bears_per_colour[colour]} {colour} bears")
    return State(middle=Bears(), secured=tuple(held), phase=Phase.OVER)


def _bears(rules: Rules, table: Mapping[str, int], what: str) -> Bears:
    for colour, count in table.items():
        rules.check_colour(colour)
        if not _is_int(count) or count < 0:
            raise RuleError(f"{what}: {count!r} {colour} bears; a count is 0 or more")
    return Bears.of(table)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
