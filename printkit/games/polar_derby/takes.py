"""What a roll of the two dice lets the current player take, and why not.

A roll is read as one of four outcomes:

* split colours (two different colours): one bear of each rolled colour from
  the middle, or only one of them;
* doubles (the same colour twice): up to two bears of that colour stolen from
  opponents' secured bears, both from one opponent or one each from two;
* a colour c and Free Skate: the Free Skate stands for any colour, so either
  a split of c and another colour (one bear of any colour, or c plus another)
  or doubles of c;
* double Free Skate: no take at all (the rules engine secures and restarts).

A colour already pulled this turn, from the middle or stolen, cannot be taken
again in the same turn, neither from the middle nor by stealing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from printkit.errors import RuleError

from .state import FREE_SKATE, Rules, State

#: Two dice faces: colour ids or FREE_SKATE.
Roll = tuple[str, str]


@dataclass(frozen=True)
class Take:
    """The bears one roll takes: from the middle, or stolen (opponent, colour) pairs."""

    middle: tuple[str, ...] = ()
    steals: tuple[tuple[int, str], ...] = ()

    @property
    def bears(self) -> int:
        return len(self.middle) + len(self.steals)

    @property
    def colours(self) -> tuple[str, ...]:
        """Every colour taken, once each, in the order written."""
        return tuple(dict.fromkeys((*self.middle, *(c for _, c in self.steals))))


class RollKind(Enum):
    SPLIT = "split"
    DOUBLES = "doubles"
    FREE_SKATE = "free-skate"
    DOUBLE_FREE_SKATE = "double-free-skate"


@dataclass(frozen=True)
class Reading:
    """What a roll means: its kind and the colours showing (Free Skate left out)."""

    kind: RollKind
    colours: tuple[str, ...]

    @property
    def steal_colour(self) -> str | None:
        """The colour doubles would steal: both dice, or the colour beside a Free Skate."""
        if self.kind in (RollKind.DOUBLES, RollKind.FREE_SKATE):
            return self.colours[0]
        return None


def read_roll(roll: Sequence[str], rules: Rules) -> Reading:
    """Check the faces and say which of the four outcomes the roll is."""
    faces = tuple(roll) if isinstance(roll, (tuple, list)) else ()
    if len(faces) != 2:
        raise RuleError(f"a roll is two faces, one per die, not {roll!r}")
    for face in faces:
        if face not in rules.faces:
            raise RuleError(f"{face!r} is not a die face; faces: {', '.join(rules.faces)}")
    colours = tuple(f for f in faces if f != FREE_SKATE)
    if not colours:
        return Reading(RollKind.DOUBLE_FREE_SKATE, ())
    if len(colours) == 1:
        return Reading(RollKind.FREE_SKATE, colours)
    if colours[0] == colours[1]:
        return Reading(RollKind.DOUBLES, colours[:1])
    return Reading(RollKind.SPLIT, colours)


def describe_roll(roll: Sequence[str]) -> str:
    return " + ".join("Free Skate" if f == FREE_SKATE else str(f) for f in roll)


def describe_take(take: Take | None) -> str:
    """The take as the rulebook would say it: 'steal two white from player 1'."""
    if take is None or take.bears == 0:
        return "take nothing"
    parts = []
    if take.middle:
        parts.append(f"take {_and([str(c) for c in take.middle])} from the middle")
    if take.steals:
        counted: dict[tuple[object, str], int] = {}
        for opponent, colour in take.steals:
            counted[(opponent, colour)] = counted.get((opponent, colour), 0) + 1
        stolen = [f"{'two ' if n == 2 else ''}{colour} from player {opponent}"
                  for (opponent, colour), n in counted.items()]
        parts.append(f"steal {_and(stolen)}")
    return " and ".join(parts)


def canonical(take: Take, rules: Rules) -> Take:
    """The same take with colours in data order and steals by opponent: for comparing."""
    return Take(middle=tuple(sorted(take.middle, key=rules.order)),
                steals=tuple(sorted(take.steals, key=lambda s: (s[0], rules.order(s[1])))))


def available(state: State, colour: str) -> bool:
    """Can a bear of ``colour`` come from the middle now?"""
    return colour not in state.pulled_colours and state.middle[colour] > 0


def legal_takes(state: State, roll: Sequence[str], rules: Rules) -> list[Take]:
    """Every legal take for ``roll``, each once (canonical): singles, pairs, steals."""
    reading = read_roll(roll, rules)
    if reading.kind is RollKind.DOUBLE_FREE_SKATE:
        return []
    takes: list[Take] = []
    if reading.kind is not RollKind.DOUBLES:
        for colour in _single_colours(reading, rules):
            if available(state, colour):
                takes.append(Take(middle=(colour,)))
        for pair in _pairs(reading, rules):
            if all(available(state, c) for c in pair):
                takes.append(Take(middle=pair))
    colour = reading.steal_colour
    if colour is not None and colour not in state.pulled_colours:
        holders = [o for o in state.opponents if state.secured[o][colour] > 0]
        takes.extend(Take(steals=((o, colour),)) for o in holders)
        takes.extend(Take(steals=((o, colour), (o, colour))) for o in holders
                     if state.secured[o][colour] >= 2)
        takes.extend(Take(steals=((a, colour), (b, colour))) for a, b in combinations(holders, 2))
    return takes


def _single_colours(reading: Reading, rules: Rules) -> tuple[str, ...]:
    """Colours one bear from the middle may have: the split's, or any beside a Free Skate."""
    if reading.kind is RollKind.FREE_SKATE:
        return rules.colours
    return tuple(sorted(reading.colours, key=rules.order))


def _pairs(reading: Reading, rules: Rules) -> list[tuple[str, ...]]:
    """Two-bear takes from the middle, in data order: the split, or c with any other colour."""
    if reading.kind is RollKind.SPLIT:
        return [tuple(sorted(reading.colours, key=rules.order))]
    c = reading.colours[0]
    return [tuple(sorted((c, d), key=rules.order)) for d in rules.colours if d != c]


def bust_reason(state: State, roll: Sequence[str], rules: Rules) -> str | None:
    """Why nothing can be taken after ``roll``; None when something can (or double Free Skate)."""
    reading = read_roll(roll, rules)
    if reading.kind is RollKind.DOUBLE_FREE_SKATE or legal_takes(state, roll, rules):
        return None
    if reading.kind is RollKind.DOUBLES:
        colour = reading.colours[0]
        if colour in state.pulled_colours:
            return f"{colour} was already pulled this turn"
        return f"no opponent has a secured {colour} bear"
    if reading.kind is RollKind.SPLIT:
        considered = list(reading.colours)
    else:
        c = reading.colours[0]
        considered = [c, *(d for d in rules.colours if d != c)]
    pulled = [c for c in considered if c in state.pulled_colours]
    gone = [c for c in considered if c not in state.pulled_colours]
    parts = []
    if pulled:
        parts.append(f"{_and(pulled)} {'was' if len(pulled) == 1 else 'were'} already pulled "
                     f"this turn")
    if gone:
        parts.append(f"no {_and(gone, 'or')} bear is left in the middle")
    steal = reading.steal_colour
    if steal is not None and steal not in state.pulled_colours:
        parts.append(f"no opponent has a secured {steal} bear")
    return "; ".join(parts)


def take_problem(state: State, roll: Sequence[str], take: Take, rules: Rules) -> str | None:
    """Why ``take`` is not legal for ``roll`` in ``state``, in the player's words; None if legal."""
    reading = read_roll(roll, rules)
    rolled = describe_roll(roll)
    if reading.kind is RollKind.DOUBLE_FREE_SKATE:
        return ("a double Free Skate takes no bear: the pulled bears are secured and a fresh "
                "turn starts")
    if take.bears == 0:
        return f"after {rolled} take at least one bear"
    if take.middle and take.steals:
        return ("a roll takes from the middle (split colours) or steals (doubles), "
                "never both")
    for colour in take.colours:
        if colour not in rules.values:
            return f"{colour!r} is not a bear colour; colours: {', '.join(rules.colours)}"
    problem = (_middle_problem(state, reading, take.middle, rolled) if take.middle
               else _steal_problem(state, reading, take.steals, rolled))
    if problem is None and canonical(take, rules) not in legal_takes(state, roll, rules):
        problem = f"not a legal take for {rolled}"
    return problem


def _middle_problem(state: State, reading: Reading, colours: tuple[str, ...],
                    rolled: str) -> str | None:
    if reading.kind is RollKind.DOUBLES:
        return (f"{rolled} is doubles: bears are stolen from opponents, nothing is taken "
                f"from the middle")
    if len(colours) > 2:
        return "at most two bears come from the middle, one of each rolled colour"
    if len(colours) == 2 and colours[0] == colours[1]:
        return f"one bear of each rolled colour, not two {colours[0]}"
    if reading.kind is RollKind.SPLIT:
        for colour in colours:
            if colour not in reading.colours:
                return f"{colour} is not on the dice ({rolled})"
    elif len(colours) == 2 and reading.colours[0] not in colours:
        return (f"the Free Skate stands for one colour: two bears from the middle after "
                f"{rolled} must include {reading.colours[0]}")
    for colour in colours:
        if colour in state.pulled_colours:
            return f"{colour} was already pulled this turn"
        if state.middle[colour] == 0:
            return f"no {colour} bear is left in the middle"
    return None


def _steal_problem(state: State, reading: Reading, steals: tuple[tuple[int, str], ...],
                   rolled: str) -> str | None:
    colour = reading.steal_colour
    if colour is None:
        return (f"{rolled} is a split: bears come from the middle; stealing needs doubles "
                f"(two equal colours, or a colour and Free Skate)")
    if len(steals) > 2:
        return f"at most two bears are stolen on doubles, not {len(steals)}"
    for _, stolen in steals:
        if stolen != colour:
            return f"after {rolled} only {colour} bears can be stolen, not {stolen}"
    if colour in state.pulled_colours:
        return f"{colour} was already pulled this turn"
    wanted: dict[int, int] = {}
    for opponent, _ in steals:
        if not (isinstance(opponent, int) and not isinstance(opponent, bool)
                and 0 <= opponent < state.players):
            return f"there is no player {opponent!r} (players 0..{state.players - 1})"
        if opponent == state.current:
            return (f"player {opponent} is the player rolling; steal from an opponent "
                    f"({_and([str(o) for o in state.opponents], 'or')})")
        wanted[opponent] = wanted.get(opponent, 0) + 1
    for opponent, n in wanted.items():
        has = state.secured[opponent][colour]
        if has == 0:
            return f"player {opponent} has no secured {colour} bear"
        if has < n:
            return f"player {opponent} has only {has} secured {colour} bear, not {n}"
    return None


def take_value(take: Take, rules: Rules) -> int:
    """Points the take would add if it were secured."""
    return sum(rules.value(c) for c in take.middle) + sum(rules.value(c) for _, c in take.steals)


def _and(items: Sequence[str], word: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"
