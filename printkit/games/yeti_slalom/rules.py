"""Rules engine for Yeti Slalom (Ralf Menzel; German original "Schussfahrt").

Three to five captains race their teams of four snowboarders down the course
and hire Yetis to knock their opponents' snowboarders off. The course, the
Yetis, the die symbols, the finish multipliers and the deal all come from the
game data (:func:`rules_from_data`, :mod:`.course`), never from numbers here.
Pure: no rendering and no global randomness; a Yeti throw's die rolls come
from the caller of :func:`apply`, the shuffles and rolls of :func:`simulate`
from the ``random.Random`` it is given.

Rulings (the shared GAMES.md, and beyond it):

* A turn is exactly one of: start, move, place a Yeti; a captain who can
  neither start nor move may pass instead (and must, holding no Yeti card).
* Forward is down the course (row r to r + 1). Moving forward out of the
  last row finishes; the first finishers take the finish spaces in order,
  later ones go face down to their own captain. Straight and diagonal moves
  out of the last row are the same move (there are no spaces beyond).
* A Yeti card goes on the space of its Yeti and colour and throws exactly once,
  when placed. The first roll and every re-roll (one snowball card each) are
  given together; the best roll counts. Variant "strict": the last roll
  counts, and after a re-roll only the spaces whose symbol equals it are hit.
* A throw that counts as at least ``hit_from`` knocks off every opponent
  snowboarder of the Yeti's row on a space whose symbol of the card's colour is
  not 0 and at most the roll (:func:`.course.hit_spaces`); the thrower's own
  stay. A Yeti may be placed where nothing can be hit.
* Once any captain has no snowboarders left (none waiting, none on the
  course), nobody may move sideways any more: for the rest of the game.
* The game ends when every snowboarder has started and none is on the course.
  Scores: finish space k multiplies the value; own late finishers count their
  value; every opponent snowboarder held counts its value. Ties share the win.

Events (``Event.kind`` and ``params``); a captain is named by their team id,
a snowboarder as ``{team, value}``, a space as ``[row, column]``:

``started``          {captain, team, value, space}
``moved``            {captain, team, value, from, to, direction}; direction is
                     "forward", "diagonal" or "sideways"
``finished``         {captain, team, value, from, space, multiplier}; space: finish space from 1
``finished-late``    {captain, team, value, from, place}; place: 5 for the fifth finisher…
``yeti``             {captain, yeti, colour, row, side, cards}; side "left"/"right";
                     cards: how many cards now lie on that Yeti space
``rolled``           {captain, rolls, counts, snowballs, rule}; rolls: the first roll and
                     each re-roll; counts: the roll that counts; snowballs: cards spent;
                     rule: "best" or "last" (strict variant)
``hit``              {captain, snowboarders, spaces, columns, exact}; snowboarders knocked
                     off (board order) and their spaces; columns: every column the throw
                     reached; exact: only the symbol equal to the roll was hit (strict)
``missed``           {captain, roll, reason, columns}; reason "low-roll" (below
                     ``hit_from``; columns []) or "no-target" (no opponent on the columns)
``spared``           {captain, snowboarders, spaces}; the thrower's own snowboarders on
                     spaces the throw reached: they stay on their boards
``passed``           {captain}
``sideways-banned``  {team}; the first time a captain runs out of snowboarders
``game-over``        {scores: {team: points} in seat order, winners: [team, ...]}

A Yeti turn gives ``yeti``, ``rolled``, then ``hit`` or ``missed``, then
``spared`` if any. Any turn may end with ``sideways-banned`` and ``game-over``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from printkit.errors import RuleError
from printkit.examples import Event

from .actions import (
    DIAGONAL,
    FORWARD,
    SIDEWAYS,
    Action,
    Move,
    Pass,
    PlaceYeti,
    Start,
    action_problem,
    count_by_kind,
    describe_action,
    direction,
    legal_actions,
)
from .course import DIE_FACES, Colour, Course, Space, course_from_data, hit_spaces
from .state import (
    Hand,
    Location,
    Rules,
    Snowboarder,
    State,
    Where,
    YetiCard,
    captain,
    deal,
    deal_state,
    rules_from_data,
    setup_state,
)

__all__ = [
    "DIAGONAL", "FORWARD", "SIDEWAYS", "Action", "Colour", "Course", "Hand", "Move", "Pass",
    "PlaceYeti", "Policy", "RacerPolicy", "RandomPolicy", "Rules", "Score", "Simulation",
    "Snowboarder", "Space", "Start", "State", "Throw", "Where", "YetiCard", "action_problem",
    "apply", "captain", "count_by_kind", "course_from_data", "deal", "deal_state",
    "describe_action", "hit_spaces", "is_over", "legal_actions", "resolve_throw",
    "rules_from_data", "scores", "setup_state", "simulate", "totals", "winners",
]


# --- throws --------------------------------------------------------------------

@dataclass(frozen=True)
class Throw:
    """How a Yeti's rolls are read: the roll that counts and the columns it reaches."""

    counts: int
    columns: tuple[int, ...]
    #: Strict variant after a re-roll: only the symbol equal to the roll is hit.
    exact: bool


def resolve_throw(course: Course, card: YetiCard, rolls: Sequence[int], strict: bool) -> Throw:
    """Read ``rolls`` (first roll, then re-rolls) for ``card`` under the variant in use."""
    if not rolls:
        raise RuleError("a Yeti throws once when placed: give at least one roll")
    for roll in rolls:
        if not (isinstance(roll, int) and not isinstance(roll, bool) and roll in DIE_FACES):
            raise RuleError(f"a roll of the die is 1-6, not {roll!r}")
    exact = strict and len(rolls) > 1
    counts = rolls[-1] if strict else max(rolls)
    row = course.yeti(card.yeti).row
    return Throw(counts, hit_spaces(course, card.colour, row, counts, exact), exact)


# --- actions -------------------------------------------------------------------

def apply(state: State, action: Action, rules: Rules,
          rolls: Sequence[int] = ()) -> tuple[State, tuple[Event, ...]]:
    """The current captain takes ``action``; the next captain is then to play.

    A :class:`PlaceYeti` needs ``rolls``: the first roll, then one re-roll per
    snowball card spent. Any illegal action raises RuleError naming the action,
    the turn and the reason; the state is never half-changed.
    """
    rolls = tuple(rolls)
    problem = action_problem(state, action, rules)
    if problem is None and isinstance(action, PlaceYeti):
        problem = _rolls_problem(state, rolls)
    elif problem is None and rolls:
        problem = "only a Yeti throw takes die rolls"
    if problem is not None:
        raise RuleError(f"illegal action '{describe_action(action, state)}' in turn "
                        f"{state.turn}: {problem}")
    events: list[Event] = []
    who = state.team
    if isinstance(action, Start):
        sb = Snowboarder(who, action.value)
        after = _relocate(state, {sb: Location(Where.COURSE, space=action.space)})
        events.append(Event("started", {"captain": who, **sb.as_dict(),
                                        "space": list(action.space)}))
    elif isinstance(action, Move):
        after = _move(state, action, rules, events)
    elif isinstance(action, PlaceYeti):
        after = _place_yeti(state, action.card, rolls, rules, events)
    else:
        after = state
        events.append(Event("passed", {"captain": who}))
    return _end_turn(state, after, rules, events)


def _rolls_problem(state: State, rolls: tuple[int, ...]) -> str | None:
    if not rolls:
        return "a Yeti throws once when placed: give the roll of the die"
    for roll in rolls:
        if not (isinstance(roll, int) and not isinstance(roll, bool) and roll in DIE_FACES):
            return f"a roll of the die is 1-6, not {roll!r}"
    have = state.hands[state.current].snowballs
    if len(rolls) - 1 > have:
        return (f"{len(rolls) - 1} re-rolls need {len(rolls) - 1} snowball cards, but "
                f"{captain(state.team)} has {have}")
    return None


def _relocate(state: State, moved: dict[Snowboarder, Location], **changes: Any) -> State:
    locations = tuple((sb, moved.get(sb, loc)) for sb, loc in state.locations)
    return replace(state, locations=locations, **changes)


def _move(state: State, action: Move, rules: Rules, events: list[Event]) -> State:
    sb = action.snowboarder
    start = state.location(sb).space  # type: ignore[union-attr]
    assert start is not None
    if action.to is not None:
        events.append(Event("moved", {"captain": state.team, **sb.as_dict(), "from": list(start),
                                      "to": list(action.to),
                                      "direction": direction(start, action.to)}))
        return _relocate(state, {sb: Location(Where.COURSE, space=action.to)})
    place = len(state.finishers()) + 1
    late = sum(1 for _, loc in state.locations if loc.where is Where.LATE)
    if place <= rules.course.finish_spaces:
        events.append(Event("finished", {"captain": state.team, **sb.as_dict(),
                                         "from": list(start), "space": place,
                                         "multiplier": rules.course.multiplier(place)}))
        return _relocate(state, {sb: Location(Where.FINISH, finish=place)})
    events.append(Event("finished-late", {"captain": state.team, **sb.as_dict(),
                                          "from": list(start), "place": place + late}))
    return _relocate(state, {sb: Location(Where.LATE)})


def _place_yeti(state: State, card: YetiCard, rolls: tuple[int, ...], rules: Rules,
                events: list[Event]) -> State:
    course = rules.course
    who, seat = state.team, state.current
    row = course.yeti(card.yeti).row
    yetis = list(state.hands[seat].yetis)
    yetis.remove(card)
    spent = len(rolls) - 1
    hands = list(state.hands)
    hands[seat] = Hand(tuple(yetis), state.hands[seat].snowballs - spent)
    placed = tuple(sorted((*state.placed, card)))
    events.append(Event("yeti", {"captain": who, "yeti": card.yeti,
                                 "colour": card.colour.value, "row": row,
                                 "side": card.colour.side, "cards": placed.count(card)}))
    throw = resolve_throw(course, card, rolls, rules.strict)
    events.append(Event("rolled", {"captain": who, "rolls": list(rolls),
                                   "counts": throw.counts, "snowballs": spent,
                                   "rule": "last" if rules.strict else "best"}))
    reached = [((row, c), state.occupant((row, c))) for c in throw.columns]
    hit = [(space, sb) for space, sb in reached if sb is not None and sb.team != who]
    spared = [(space, sb) for space, sb in reached if sb is not None and sb.team == who]
    if hit:
        events.append(Event("hit", {"captain": who,
                                    "snowboarders": [sb.as_dict() for _, sb in hit],
                                    "spaces": [list(space) for space, _ in hit],
                                    "columns": list(throw.columns), "exact": throw.exact}))
    else:
        low = throw.counts < course.hit_from
        events.append(Event("missed", {"captain": who, "roll": throw.counts,
                                       "reason": "low-roll" if low else "no-target",
                                       "columns": list(throw.columns)}))
    if spared:
        events.append(Event("spared", {"captain": who,
                                       "snowboarders": [sb.as_dict() for _, sb in spared],
                                       "spaces": [list(space) for space, _ in spared]}))
    knocked = {sb: Location(Where.HELD, holder=seat) for _, sb in hit}
    return _relocate(state, knocked, hands=tuple(hands), placed=placed,
                     snowballs_discarded=state.snowballs_discarded + spent)


def _end_turn(before: State, after: State, rules: Rules,
              events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    if before.sideways_allowed and not after.sideways_allowed:
        events.append(Event("sideways-banned", {"team": after.out_of_snowboarders[0]}))
    after = replace(after, current=(before.current + 1) % before.players, turn=before.turn + 1)
    if after.over:
        events.append(Event("game-over", {"scores": dict(zip(after.teams, totals(after, rules),
                                                             strict=True)),
                                          "winners": [after.teams[i]
                                                      for i in winners(after, rules)]}))
    return after, tuple(events)


# --- scoring -------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    """One captain's points, by where they come from."""

    team: str
    #: (finish space, value, multiplier) for each own snowboarder on a finish space.
    finish: tuple[tuple[int, int, int], ...]
    #: Values of own snowboarders that finished late.
    late: tuple[int, ...]
    #: Values of opponents' snowboarders this captain knocked off.
    knocked_off: tuple[int, ...]

    @property
    def finish_points(self) -> int:
        return sum(value * multiplier for _, value, multiplier in self.finish)

    @property
    def total(self) -> int:
        return self.finish_points + sum(self.late) + sum(self.knocked_off)


def is_over(state: State) -> bool:
    return state.over


def scores(state: State, rules: Rules) -> tuple[Score, ...]:
    """Every captain's score so far (final once the game is over), in seat order."""
    finish = state.finishers()
    out = []
    for seat, team in enumerate(state.teams):
        own = tuple((k, sb.value, rules.course.multiplier(k))
                    for k, sb in enumerate(finish, 1) if sb.team == team)
        out.append(Score(team=team, finish=own, late=tuple(sorted(state.late(team))),
                         knocked_off=tuple(sorted(sb.value for sb in state.held(seat)))))
    return tuple(out)


def totals(state: State, rules: Rules) -> tuple[int, ...]:
    return tuple(score.total for score in scores(state, rules))


def winners(state: State, rules: Rules) -> tuple[int, ...]:
    """The seats with the most points (all of them on a tie); before the end, the leaders."""
    points = totals(state, rules)
    best = max(points)
    return tuple(i for i, p in enumerate(points) if p == best)


# --- play ----------------------------------------------------------------------

class Policy(Protocol):
    """How a simulated captain chooses an action and whether to spend a snowball."""

    def choose(self, state: State, actions: Sequence[Action], rules: Rules,
               rng: random.Random) -> Action: ...

    def reroll(self, state: State, card: YetiCard, rolls: Sequence[int], rules: Rules,
               rng: random.Random) -> bool: ...


def _would_hit(state: State, card: YetiCard, rolls: Sequence[int], rules: Rules) -> bool:
    throw = resolve_throw(rules.course, card, rolls, rules.strict)
    row = rules.course.yeti(card.yeti).row
    return any((sb := state.occupant((row, c))) is not None and sb.team != state.team
               for c in throw.columns)


@dataclass(frozen=True)
class RandomPolicy:
    """Any legal action, uniformly; re-roll a miss with probability ``reroll_chance``."""

    reroll_chance: float = 0.5

    def choose(self, state: State, actions: Sequence[Action], rules: Rules,
               rng: random.Random) -> Action:
        return rng.choice(list(actions))

    def reroll(self, state: State, card: YetiCard, rolls: Sequence[int], rules: Rules,
               rng: random.Random) -> bool:
        return not _would_hit(state, card, rolls, rules) and rng.random() < self.reroll_chance


@dataclass(frozen=True)
class RacerPolicy:
    """Finish, race forward, throw at a row with targets, start; re-roll every miss."""

    def choose(self, state: State, actions: Sequence[Action], rules: Rules,
               rng: random.Random) -> Action:
        def rank(action: Action) -> tuple[int, float]:
            if isinstance(action, Move):
                if action.to is None:
                    return (6, rng.random())
                start = state.location(action.snowboarder).space  # type: ignore[union-attr]
                step = direction(start, action.to) if start else None
                return ({FORWARD: 5, DIAGONAL: 4}.get(step or "", 1), action.to[0] + rng.random())
            if isinstance(action, PlaceYeti):
                row = rules.course.yeti(action.card.yeti).row
                targets = sum(1 for c in range(1, rules.course.columns + 1)
                              if (sb := state.occupant((row, c))) is not None
                              and sb.team != state.team)
                return (3 if targets >= 2 else 0, rng.random())
            if isinstance(action, Start):
                return (2, action.space[0] + rng.random())
            return (-1, 0.0)
        return max(actions, key=rank)

    def reroll(self, state: State, card: YetiCard, rolls: Sequence[int], rules: Rules,
               rng: random.Random) -> bool:
        return not _would_hit(state, card, rolls, rules)


@dataclass(frozen=True)
class Simulation:
    """A whole simulated game: the final position and what happened."""

    state: State
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    events: tuple[Event, ...]


def simulate(players: int, rules: Rules, rng: random.Random,
             policy: Policy = RacerPolicy(), teams: Sequence[str] | None = None,
             max_turns: int = 5_000) -> Simulation:
    """Deal and play one game to its end with ``policy`` for every captain.

    Someone can always move while a snowboarder is on the course (the lowest
    one has an empty space ahead or the finish), so a game ends unless the
    players shuffle sideways for ever; ``max_turns`` guards against that and a
    game still going then raises RuntimeError.
    """
    state = deal_state(players, rules, rng, teams)
    events: list[Event] = []
    turns = 0
    while not state.over and turns < max_turns:
        actions = legal_actions(state, rules)
        if not actions:
            raise RuntimeError(f"no legal action in turn {state.turn} of an unfinished game")
        action = policy.choose(state, actions, rules, rng)
        rolls: list[int] = []
        if isinstance(action, PlaceYeti):
            rolls.append(rng.randint(1, 6))
            while (len(rolls) <= state.hands[state.current].snowballs
                   and policy.reroll(state, action.card, rolls, rules, rng)):
                rolls.append(rng.randint(1, 6))
        state, happened = apply(state, action, rules, rolls)
        events.extend(happened)
        turns += 1
    if not state.over:
        raise RuntimeError(f"a simulated game of {players} players did not end in "
                           f"{max_turns} turns")
    return Simulation(state=state, scores=totals(state, rules), winners=winners(state, rules),
                      turns=turns, events=tuple(events))

