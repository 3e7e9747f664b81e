"""Yeti Slalom positions: where every snowboarder is, the cards, whose turn it is.

Every snowboarder in play (one team of four per player) has exactly one
:class:`Location`: waiting in its captain's play area, on the course at a
space, on a finish space, finished late (face down with its own captain) or
knocked off and held by the captain whose Yeti threw. The teams nobody plays
stay in the box. Every Yeti card is in a hand, on its Yeti space or unseen in
the box; every snowball card in a hand, in the box or discarded. The
constructors here refuse any position that miscounts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from types import MappingProxyType
from typing import Any

from printkit.errors import RuleError

from .course import COLOURS, Colour, Course, Space, course_from_data


@dataclass(frozen=True, order=True)
class Snowboarder:
    """One snowboarder: its team (id) and its value."""

    team: str
    value: int

    def __str__(self) -> str:
        return f"{self.team} {self.value}"

    def as_dict(self) -> dict[str, Any]:
        return {"team": self.team, "value": self.value}


class Where(Enum):
    WAITING = "waiting"    # face up in its captain's play area, not started
    COURSE = "course"      # on a space of the course
    FINISH = "finish"      # on a finish space
    LATE = "late"          # finished after the finish spaces were full: face down, own captain
    HELD = "held"          # knocked off: face down with the captain who threw
    OUT = "out"            # left out of a finished game's example: scores nothing


@dataclass(frozen=True)
class Location:
    where: Where
    space: Space | None = None
    #: The finish space (from 1) for FINISH.
    finish: int | None = None
    #: The seat of the captain holding a knocked-off snowboarder.
    holder: int | None = None


WAITING = Location(Where.WAITING)
LATE = Location(Where.LATE)
OUT = Location(Where.OUT)


@dataclass(frozen=True, order=True)
class YetiCard:
    """A Yeti card: which Yeti and which colour; written ``grumpy-green``."""

    yeti: str
    colour: Colour

    def __str__(self) -> str:
        return f"{self.yeti}-{self.colour.value}"

    @classmethod
    def parse(cls, text: str) -> YetiCard:
        """``"grumpy-green"`` -> YetiCard("grumpy", GREEN)."""
        yeti, _, colour = str(text).rpartition("-")
        if not yeti:
            raise RuleError(f"{text!r} is not a Yeti card; write the Yeti and the colour, "
                            f"e.g. \"grumpy-green\"")
        return cls(yeti, Colour.of(colour))


@dataclass(frozen=True)
class Hand:
    """A captain's hand: Yeti cards (sorted) and snowball cards (identical, so a count)."""

    yetis: tuple[YetiCard, ...] = ()
    snowballs: int = 0


@dataclass(frozen=True)
class Deal:
    """What each player gets with a given number of players."""

    yeti_cards: int
    snowballs: int


@dataclass(frozen=True)
class Rules:
    """The course, the teams, the cards (all from the data) and the variant in use."""

    course: Course
    #: Team ids in data order; a game uses one per player.
    teams: tuple[str, ...]
    values: tuple[int, ...]
    yeti_copies: int
    snowballs: int
    deals: Mapping[int, Deal] = field(hash=False)
    #: Variant "strict": the last roll counts; after a re-roll only the exact symbol is hit.
    strict: bool = False

    def __post_init__(self) -> None:
        if len(set(self.teams)) != len(self.teams) or len(self.teams) < 2:
            raise RuleError(f"teams {list(self.teams)}: at least two, each named once")
        if len(set(self.values)) != len(self.values) or not self.values:
            raise RuleError(f"snowboarder values {list(self.values)}: at least one, all different")
        object.__setattr__(self, "deals", MappingProxyType(dict(self.deals)))

    @property
    def min_players(self) -> int:
        return min(self.deals)

    @property
    def max_players(self) -> int:
        return max(self.deals)

    def all_cards(self) -> tuple[YetiCard, ...]:
        """Every Yeti card of the game, sorted."""
        return tuple(sorted(YetiCard(y, c) for y in self.course.yeti_ids() for c in COLOURS
                            for _ in range(self.yeti_copies)))

    def team_snowboarders(self, team: str) -> tuple[Snowboarder, ...]:
        return tuple(Snowboarder(team, v) for v in sorted(self.values))

    def check_team(self, team: Any) -> str:
        if team not in self.teams:
            raise RuleError(f"{team!r} is not a team; teams: {', '.join(self.teams)}")
        return team

    def check_card(self, card: YetiCard) -> YetiCard:
        self.course.yeti(card.yeti)
        return card

    def deal_for(self, players: int) -> Deal:
        if players not in self.deals:
            raise RuleError(f"the game is for {self.min_players}-{self.max_players} players, "
                            f"not {players}")
        return self.deals[players]


def rules_from_data(data: Mapping[str, Any], strict: bool = False) -> Rules:
    """The rules for a validated game.toml."""
    return Rules(
        course=course_from_data(data),
        teams=tuple(t["id"] for t in data["teams"]),
        values=tuple(data["snowboarders"]["values"]),
        yeti_copies=data["cards"]["yeti_copies"],
        snowballs=data["cards"]["snowballs"],
        deals={d["players"]: Deal(d["yeti_cards"], d["snowballs"]) for d in data["deal"]},
        strict=strict,
    )


@dataclass(frozen=True)
class State:
    """A position. Build one with :func:`deal_state` or :func:`setup_state`."""

    #: The team of each seat, in turn order.
    teams: tuple[str, ...]
    #: Every snowboarder in play and where it is, by seat then value.
    locations: tuple[tuple[Snowboarder, Location], ...]
    hands: tuple[Hand, ...]
    #: Yeti cards laid on their Yeti spaces (sorted).
    placed: tuple[YetiCard, ...] = ()
    #: Yeti cards back in the box unseen (sorted).
    box: tuple[YetiCard, ...] = ()
    snowball_box: int = 0
    snowballs_discarded: int = 0
    current: int = 0
    #: The turn being played, from 1.
    turn: int = 1

    @property
    def players(self) -> int:
        return len(self.teams)

    @property
    def team(self) -> str:
        """The current captain's team."""
        return self.teams[self.current]

    def seat(self, team: str) -> int:
        try:
            return self.teams.index(team)
        except ValueError:
            raise RuleError(f"no captain plays the {team}; teams in play: "
                            f"{', '.join(self.teams)}") from None

    @cached_property
    def _where(self) -> Mapping[Snowboarder, Location]:
        return dict(self.locations)

    @cached_property
    def _occupants(self) -> Mapping[Space, Snowboarder]:
        return {loc.space: sb for sb, loc in self.locations
                if loc.where is Where.COURSE and loc.space is not None}

    def location(self, snowboarder: Snowboarder) -> Location | None:
        """Where ``snowboarder`` is; None when it is not in play."""
        return self._where.get(snowboarder)

    def occupant(self, space: Space) -> Snowboarder | None:
        return self._occupants.get(space)

    def on_course(self) -> tuple[tuple[Space, Snowboarder], ...]:
        """Every snowboarder on the course, in board order."""
        return tuple(sorted(self._occupants.items()))

    def of_team(self, team: str, where: Where) -> tuple[Snowboarder, ...]:
        return tuple(sb for sb, loc in self.locations if sb.team == team and loc.where is where)

    def waiting(self, team: str) -> tuple[int, ...]:
        """The values of the team's snowboarders not started yet."""
        return tuple(sb.value for sb in self.of_team(team, Where.WAITING))

    def finishers(self) -> tuple[Snowboarder, ...]:
        """The snowboarders on the finish spaces, space 1 first."""
        found = sorted((loc.finish or 0, sb) for sb, loc in self.locations
                       if loc.where is Where.FINISH)
        return tuple(sb for _, sb in found)

    def late(self, team: str) -> tuple[int, ...]:
        return tuple(sb.value for sb in self.of_team(team, Where.LATE))

    def held(self, seat: int) -> tuple[Snowboarder, ...]:
        """The opponents' snowboarders the captain in ``seat`` knocked off."""
        return tuple(sb for sb, loc in self.locations
                     if loc.where is Where.HELD and loc.holder == seat)

    @cached_property
    def _active(self) -> frozenset[str]:
        return frozenset(sb.team for sb, loc in self.locations
                         if loc.where in (Where.WAITING, Where.COURSE))

    @property
    def out_of_snowboarders(self) -> tuple[str, ...]:
        """The teams whose captain has none left (none to start, none on the course)."""
        return tuple(t for t in self.teams if t not in self._active)

    @property
    def sideways_allowed(self) -> bool:
        return not self.out_of_snowboarders

    @property
    def over(self) -> bool:
        """Every snowboarder has started and none is left on the course."""
        return not self._active


def _initial_locations(rules: Rules, teams: Sequence[str]) -> tuple:
    return tuple((sb, WAITING) for t in teams for sb in rules.team_snowboarders(t))


def _check_teams(rules: Rules, teams: Sequence[str]) -> tuple[str, ...]:
    teams = tuple(teams)
    rules.deal_for(len(teams))
    for team in teams:
        rules.check_team(team)
    if len(set(teams)) != len(teams):
        raise RuleError(f"every captain plays a different team, not {list(teams)}")
    return teams


def deal_state(players: int, rules: Rules, rng: random.Random,
               teams: Sequence[str] | None = None, first: int = 0) -> State:
    """A game's start: shuffled Yeti cards and snowballs dealt by the player count.

    Without ``teams`` the players take the first teams of the data, in order.
    The Yeti cards left over go back to the box unseen.
    """
    deal = rules.deal_for(players)
    teams = _check_teams(rules, teams if teams is not None else rules.teams[:players])
    if len(teams) != players:
        raise RuleError(f"{players} players need {players} teams, not {list(teams)}")
    if not 0 <= first < players:
        raise RuleError(f"player {first} cannot start: players are 0..{players - 1}")
    cards = list(rules.all_cards())
    if deal.yeti_cards * players > len(cards) or deal.snowballs * players > rules.snowballs:
        raise RuleError(f"{players} players need more cards than the game has")
    rng.shuffle(cards)
    hands = tuple(Hand(tuple(sorted(cards[i * deal.yeti_cards:(i + 1) * deal.yeti_cards])),
                       deal.snowballs) for i in range(players))
    box = tuple(sorted(cards[players * deal.yeti_cards:]))
    return State(teams=teams, locations=_initial_locations(rules, teams), hands=hands, box=box,
                 snowball_box=rules.snowballs - deal.snowballs * players, current=first)


def deal(players: int, data: Mapping[str, Any], rng: random.Random,
         teams: Sequence[str] | None = None, strict: bool = False) -> State:
    """:func:`deal_state` with the rules of a validated game.toml."""
    return deal_state(players, rules_from_data(data, strict=strict), rng, teams)


def setup_state(rules: Rules, teams: Sequence[str], *,
                positions: Iterable[tuple[Snowboarder, Space]] = (),
                finish: Sequence[Snowboarder] = (),
                late: Iterable[Snowboarder] = (),
                held: Iterable[tuple[Snowboarder, str]] = (),
                hands: Mapping[str, Hand] | None = None,
                placed: Iterable[YetiCard] = (),
                current: str | None = None, over: bool = False) -> State:
    """A constructed position (worked examples, tests), checked against the game.

    Snowboarders not named are waiting; with ``over`` (a finished game: only what
    each captain holds matters) they are out of the position and score nothing.
    ``finish`` fills the finish spaces
    from space 1; ``held`` pairs a knocked-off snowboarder with the team of the
    captain who holds it; a team missing from ``hands`` holds no cards. The
    Yeti cards not in a hand or on the board are in the box, as are the
    snowballs not in a hand.
    """
    teams = _check_teams(rules, teams)
    where: dict[Snowboarder, Location] = {}
    _put_on_course(where, rules, teams, positions)
    _put_finishers(where, rules, teams, finish, late)
    _put_held(where, rules, teams, held)
    if over and positions:
        raise RuleError("positions: a finished game has no snowboarder left on the course")
    unnamed = OUT if over else WAITING
    locations = tuple((sb, where.get(sb, unnamed)) for sb, _ in _initial_locations(rules, teams))
    if current is None:
        current = teams[0]
    if current not in teams:
        raise RuleError(f"current: {current!r} is not a team in play ({', '.join(teams)})")
    hand_of = dict(hands or {})
    for team in hand_of:
        if team not in teams:
            raise RuleError(f"hands: {team!r} is not a team in play ({', '.join(teams)})")
    seat_hands = tuple(_sorted_hand(hand_of.get(t, Hand())) for t in teams)
    placed = tuple(sorted(placed))
    box = _box(rules, seat_hands, placed)
    snowballs = sum(h.snowballs for h in seat_hands)
    if any(h.snowballs < 0 for h in seat_hands) or snowballs > rules.snowballs:
        raise RuleError(f"hands: {snowballs} snowball cards, but the game has {rules.snowballs}")
    return State(teams=teams, locations=locations, hands=seat_hands, placed=placed, box=box,
                 snowball_box=rules.snowballs - snowballs, current=teams.index(current))


def _put(where: dict[Snowboarder, Location], rules: Rules, teams: Sequence[str],
         sb: Snowboarder, loc: Location, what: str) -> None:
    """``sb`` at ``loc``, if it is in play and not placed yet; ``what`` names the argument."""
    if sb.team not in teams:
        raise RuleError(f"{what}: {sb} is not in play; teams in play: {', '.join(teams)}")
    if sb.value not in rules.values:
        raise RuleError(f"{what}: {sb}: values are {', '.join(map(str, rules.values))}")
    if sb in where:
        raise RuleError(f"{what}: {sb} is already {_said(where[sb], teams)}")
    where[sb] = loc


def _put_on_course(where: dict[Snowboarder, Location], rules: Rules, teams: Sequence[str],
                   positions: Iterable[tuple[Snowboarder, Space]]) -> None:
    """Each snowboarder of ``positions`` on its space of the course, one to a space."""
    course = rules.course
    taken: dict[Space, Snowboarder] = {}
    for sb, space in positions:
        if not course.contains(space):
            raise RuleError(f"positions: {sb} at {list(space)} is off the course "
                            f"(rows 1-{course.rows}, columns 1-{course.columns})")
        if space in taken:
            raise RuleError(f"positions: {sb} and {taken[space]} are both on {list(space)}")
        taken[space] = sb
        _put(where, rules, teams, sb, Location(Where.COURSE, space=space), "positions")


def _put_finishers(where: dict[Snowboarder, Location], rules: Rules, teams: Sequence[str],
                   finish: Sequence[Snowboarder], late: Iterable[Snowboarder]) -> None:
    """The finish spaces filled from space 1; the late finishers only once they are full."""
    course = rules.course
    if len(finish) > course.finish_spaces:
        raise RuleError(f"finish: {len(finish)} snowboarders, but there are only "
                        f"{course.finish_spaces} finish spaces")
    for k, sb in enumerate(finish, 1):
        _put(where, rules, teams, sb, Location(Where.FINISH, finish=k), "finish")
    late = tuple(late)
    if late and len(finish) < course.finish_spaces:
        raise RuleError(f"late: {late[0]} finished late, but finish space {len(finish) + 1} "
                        f"is still free")
    for sb in late:
        _put(where, rules, teams, sb, LATE, "late")


def _put_held(where: dict[Snowboarder, Location], rules: Rules, teams: Sequence[str],
              held: Iterable[tuple[Snowboarder, str]]) -> None:
    """Each knocked-off snowboarder with the captain of the team that holds it."""
    for sb, by in held:
        if by not in teams:
            raise RuleError(f"held: {sb} is held by {by!r}, not a team in play")
        if by == sb.team:
            raise RuleError(f"held: {sb} cannot be held by its own captain; a Yeti never "
                            f"hits the thrower's snowboarders")
        _put(where, rules, teams, sb, Location(Where.HELD, holder=teams.index(by)), "held")


def _sorted_hand(hand: Hand) -> Hand:
    return Hand(tuple(sorted(hand.yetis)), hand.snowballs)


def _box(rules: Rules, hands: Sequence[Hand], placed: Sequence[YetiCard]) -> tuple[YetiCard, ...]:
    """The Yeti cards neither in a hand nor on the board; RuleError if the cards miscount."""
    used: Counter[YetiCard] = Counter(placed)
    for hand in hands:
        used.update(hand.yetis)
    for card, n in used.items():
        rules.check_card(card)
        if n > rules.yeti_copies:
            raise RuleError(f"{n} {card} cards are in hands or on the board, but the game has "
                            f"{rules.yeti_copies}")
    left = Counter(rules.all_cards())
    left.subtract(used)
    return tuple(sorted(left.elements()))


def _said(loc: Location, teams: Sequence[str]) -> str:
    if loc.where is Where.COURSE and loc.space is not None:
        return f"on the course at {list(loc.space)}"
    if loc.where is Where.FINISH:
        return f"on finish space {loc.finish}"
    if loc.where is Where.HELD and loc.holder is not None:
        return f"held by the {teams[loc.holder]}"
    return loc.where.value


def captain(team: str) -> str:
    """'the crocodiles' captain': how messages name a player."""
    return f"the {team}' captain" if team.endswith("s") else f"the {team}'s captain"


def describe_location(state: State, snowboarder: Snowboarder) -> str:
    """Where a snowboarder is, in words: 'waiting', 'on finish space 2'…"""
    loc = state.location(snowboarder)
    return "not in play" if loc is None else _said(loc, state.teams)


__all__ = ["LATE", "WAITING", "Deal", "Hand", "Location", "Rules", "Snowboarder", "State",
           "Where", "YetiCard", "captain", "deal", "deal_state", "describe_location",
           "rules_from_data", "setup_state"]
