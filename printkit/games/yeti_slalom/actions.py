"""The four kinds of turn in Yeti Slalom, which are legal, and why one is not.

A turn is exactly one of:

* :class:`Start`: one of the captain's waiting snowboarders goes onto an
  empty space of a start row;
* :class:`Move`: one of the captain's snowboarders on the course moves one
  space forward, diagonally forward or sideways onto an empty space
  (``to=None``: forward out of the last row, onto the finish);
* :class:`PlaceYeti`: a Yeti card from the hand goes onto its Yeti space and
  throws (the die rolls are given to ``apply``, not to the action);
* :class:`Pass`: only for a captain who can neither start nor move.

Sideways moves are banned once any captain has no snowboarders left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .course import Space
from .state import Rules, Snowboarder, State, Where, YetiCard, captain, describe_location

FORWARD, DIAGONAL, SIDEWAYS = "forward", "diagonal", "sideways"


@dataclass(frozen=True)
class Start:
    """Start the current captain's waiting snowboarder of ``value`` on ``space``."""

    value: int
    space: Space


@dataclass(frozen=True)
class Move:
    """Move ``snowboarder`` to ``to``; ``to=None`` moves it out of the last row to the finish."""

    snowboarder: Snowboarder
    to: Space | None


@dataclass(frozen=True)
class PlaceYeti:
    """Lay ``card`` on its Yeti space; it throws once, with the rolls given to ``apply``."""

    card: YetiCard


@dataclass(frozen=True)
class Pass:
    """Do nothing: allowed only when the captain can neither start nor move."""


Action = Start | Move | PlaceYeti | Pass


def direction(start: Space, to: Space) -> str | None:
    """forward, diagonal (forward) or sideways; None for any other step."""
    dr, dc = to[0] - start[0], to[1] - start[1]
    if dr == 1 and dc == 0:
        return FORWARD
    if dr == 1 and abs(dc) == 1:
        return DIAGONAL
    if dr == 0 and abs(dc) == 1:
        return SIDEWAYS
    return None


def starts(state: State, rules: Rules) -> list[Start]:
    values = state.waiting(state.team)
    spaces = [s for s in rules.course.start_spaces() if state.occupant(s) is None]
    return [Start(v, s) for v in values for s in spaces]


def moves(state: State, rules: Rules) -> list[Move]:
    """Every move of the current captain's snowboarders, finishing moves included."""
    course = rules.course
    sideways = state.sideways_allowed
    found: list[Move] = []
    for space, sb in state.on_course():
        if sb.team != state.team:
            continue
        row, col = space
        if row == course.last_row:
            found.append(Move(sb, None))
        steps = [(row + 1, col - 1), (row + 1, col), (row + 1, col + 1)]
        if sideways:
            steps += [(row, col - 1), (row, col + 1)]
        found.extend(Move(sb, to) for to in sorted(steps)
                     if course.contains(to) and state.occupant(to) is None)
    return found


def yeti_placements(state: State, rules: Rules) -> list[PlaceYeti]:
    hand = state.hands[state.current]
    return [PlaceYeti(card) for card in dict.fromkeys(hand.yetis)
            if state.placed.count(card) < rules.yeti_copies]


def legal_actions(state: State, rules: Rules) -> list[Action]:
    """Every legal action of the current captain: starts, moves, Yetis, then Pass.

    Pass is legal exactly when there is no start and no move. A finished game
    has no actions; any other position has at least one.
    """
    if state.over:
        return []
    actions: list[Action] = [*starts(state, rules), *moves(state, rules)]
    can_go = bool(actions)
    actions.extend(yeti_placements(state, rules))
    if not can_go:
        actions.append(Pass())
    return actions


def describe_action(action: Any, state: State) -> str:
    """The action in the rulebook's words: 'move crocodiles 2 to [3, 4]'."""
    if isinstance(action, Start):
        return f"start {state.team} {action.value} on {_space(action.space)}"
    if isinstance(action, Move):
        if action.to is None:
            return f"move {action.snowboarder} to the finish"
        return f"move {action.snowboarder} to {_space(action.to)}"
    if isinstance(action, PlaceYeti):
        return f"place Yeti {action.card}"
    if isinstance(action, Pass):
        return "pass"
    return repr(action)


def action_problem(state: State, action: Any, rules: Rules) -> str | None:
    """Why ``action`` is not legal in ``state``, in the players' words; None if it is."""
    if state.over:
        return "the game is over"
    if isinstance(action, Start):
        return _start_problem(state, action, rules)
    if isinstance(action, Move):
        return _move_problem(state, action, rules)
    if isinstance(action, PlaceYeti):
        return _yeti_problem(state, action, rules)
    if isinstance(action, Pass):
        options = len(starts(state, rules)) + len(moves(state, rules))
        if options:
            return (f"{captain(state.team)} can still start or move a snowboarder "
                    f"({options} way{'s' if options != 1 else ''}); only a captain who can do "
                    f"neither may pass")
        return None
    return f"{action!r} is not an action"


def _start_problem(state: State, action: Start, rules: Rules) -> str | None:
    course = rules.course
    sb = Snowboarder(state.team, action.value)
    if action.value not in rules.values:
        return f"the {state.team} have no snowboarder of value {action.value!r}"
    if action.value not in state.waiting(state.team):
        return f"{sb} has already started: it is {describe_location(state, sb)}"
    if not course.contains(action.space):
        return f"{_space(action.space)} is not a space of the course"
    if not course.is_start(action.space):
        rows = " and ".join(str(r) for r in sorted(set(course.start_rows)))
        return f"a snowboarder starts on an empty space of the start rows ({rows})"
    return _occupied(state, action.space)


def _move_problem(state: State, action: Move, rules: Rules) -> str | None:
    course = rules.course
    sb = action.snowboarder
    if sb.team != state.team:
        return (f"{sb} belongs to {captain(sb.team)}; {captain(state.team)} moves only "
                f"their own snowboarders")
    loc = state.location(sb)
    if loc is None or loc.where is not Where.COURSE or loc.space is None:
        return f"{sb} is not on the course: it is {describe_location(state, sb)}"
    if action.to is None:
        if loc.space[0] != course.last_row:
            return (f"{sb} is on row {loc.space[0]}; only a move forward out of the last row "
                    f"({course.last_row}) reaches the finish")
        return None
    to = action.to
    if not (isinstance(to, tuple) and len(to) == 2):
        return f"{to!r} is not a space"
    if to[0] < loc.space[0]:
        return f"{sb} cannot move backward, from row {loc.space[0]} to row {to[0]}"
    step = direction(loc.space, to)
    if step is None:
        return (f"{_space(to)} is not next to {sb} on {_space(loc.space)}; a move is one space "
                f"forward, diagonally forward or sideways")
    if not course.contains(to):
        if to[0] > course.last_row:
            return (f"there is no row {to[0]}: moving forward out of row {course.last_row} "
                    f"is moving to the finish")
        return f"{_space(to)} is off the course (columns 1-{course.columns})"
    if step == SIDEWAYS and not state.sideways_allowed:
        out = state.out_of_snowboarders[0]
        return (f"nobody may move sideways any more: {captain(out)} has no snowboarders "
                f"left")
    return _occupied(state, to)


def _yeti_problem(state: State, action: PlaceYeti, rules: Rules) -> str | None:
    card = action.card
    if card.yeti not in rules.course.yeti_ids():
        return f"{card.yeti!r} is not a Yeti; Yetis: {', '.join(rules.course.yeti_ids())}"
    if card not in state.hands[state.current].yetis:
        return f"{captain(state.team)} has no {card} card in hand"
    if state.placed.count(card) >= rules.yeti_copies:
        return (f"the {card} space already holds {rules.yeti_copies} cards; a Yeti space "
                f"holds at most the {rules.yeti_copies} identical copies")
    return None


def _occupied(state: State, space: Space) -> str | None:
    other = state.occupant(space)
    return None if other is None else f"{_space(space)} is taken by {other}"


def _space(space: Any) -> str:
    return str(list(space)) if isinstance(space, tuple) else repr(space)


def count_by_kind(actions: Sequence[Action]) -> dict[str, int]:
    """How many legal actions of each kind: start, move, finish, yeti, pass."""
    counts = {"start": 0, "move": 0, "finish": 0, "yeti": 0, "pass": 0}
    for action in actions:
        if isinstance(action, Start):
            counts["start"] += 1
        elif isinstance(action, Move):
            counts["finish" if action.to is None else "move"] += 1
        elif isinstance(action, PlaceYeti):
            counts["yeti"] += 1
        else:
            counts["pass"] += 1
    return counts


__all__ = ["DIAGONAL", "FORWARD", "SIDEWAYS", "Action", "Move", "Pass", "PlaceYeti", "Start",
           "action_problem", "count_by_kind", "describe_action", "direction",
           "legal_actions", "moves", "starts", "yeti_placements"]
