"""Rules engine for "Coraz bliżej Święta…", a Christmas dice race.

The pawn does not walk: the sum of the dice names the field it jumps to, so a
low roll late in the race is a setback, softened by one more die (or, in the
one-die "Tydzień" variant, a card worth a week of seven days). Field 24 is
Wigilia, Christmas Eve; fields 25 and 26, the days of Christmas, are the goal.

Pure: no rendering, no global randomness. Dice arrive inside the actions
(worked examples name them) or from the ``random.Random`` given to
:func:`simulate`. Rulings the Polish text leaves open:

* On Wigilia the win check comes first; if no win is possible and the roll is
  below 24 the ordinary penalty applies: how a player with four dice, who can
  never make 25, earns a fifth. A mis-added sum costs a turn but gives no die.
* A player wins when the total *can* be made 25 or 26, so a possible win is
  not optional: a Wigilia roll names a winning change set when one exists,
  and changes that do not win are refused.
* Strict Wigilia changes exactly three dice; a player with fewer dice (only in
  a constructed position) changes all of them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations, product

from printkit.errors import RuleError
from printkit.examples import Event

START_FIELD = 1
WIGILIA = 24
GOAL_FIELDS = (25, 26)
MAX_DICE = 7
MAX_CARDS = 3
DAYS_PER_CARD = 7
MAX_CHANGES = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 4
FACES = range(1, 7)

#: Wigilia changes: (die index, new face) pairs, die indices counted from 0.
Changes = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Rules:
    """The variants a table agrees on before play."""

    #: One die per player; a Tydzień card (+7) replaces every extra die.
    tydzien: bool = False
    #: On Wigilia exactly three dice change, each to a face it does not show.
    strict_wigilia: bool = False


@dataclass(frozen=True)
class Player:
    """One player's pawn and supplies; ``field`` is 25 or 26 only once won."""

    field: int = START_FIELD
    dice: int = 1
    cards: int = 0
    lost_turns: int = 0
    won: bool = False


@dataclass(frozen=True)
class State:
    """A position between turns; ``current`` is always a player who may act."""

    players: tuple[Player, ...]
    current: int = 0
    winner: int | None = None
    #: Turns played so far; turns lost to a penalty are not counted.
    turn: int = 0

    @property
    def player(self) -> Player:
        return self.players[self.current]


@dataclass(frozen=True)
class Roll:
    """A turn on the track. ``announced`` is the sum the player says; None = said right."""

    faces: tuple[int, ...]
    announced: int | None = None


@dataclass(frozen=True)
class WigiliaRoll:
    """A turn on field 24: the roll, the dice the player sets to new faces, and the total
    the player says (None = said right)."""

    faces: tuple[int, ...]
    changes: Changes = ()
    announced: int | None = None


@dataclass(frozen=True)
class TydzienAnswer:
    """Tydzień variant on field 24: the player sets the die to a face, no roll."""

    face: int


Action = Roll | WigiliaRoll | TydzienAnswer


class TurnKind(Enum):
    """Which action the current player's turn calls for."""

    TRACK = "track"
    WIGILIA = "wigilia"
    ANSWER = "answer"


class Outcome(Enum):
    """How a turn ended, in the words the rulebook narrates."""

    MOVED = "moved"
    STAYED = "stayed"
    CAPPED = "capped"
    PENALTY = "penalty"
    MISADDED = "misadded"
    WON = "won"
    PASSED = "passed"
    WRONG_ANSWER = "wrong-answer"


@dataclass(frozen=True)
class Simulation:
    """The end of a simulated game."""

    state: State
    turns: int

    @property
    def winner(self) -> int | None:
        return self.state.winner


# --- positions -------------------------------------------------------------

def initial_state(players: int, rules: Rules) -> State:
    """Everyone on field 1 with one die (and no cards), player 0 to roll."""
    return setup_state([Player() for _ in range(players)], rules)


def setup_state(players: Sequence[Player], rules: Rules, current: int = 0) -> State:
    """A constructed position (worked examples, tests), checked against the rules."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError(f"the game is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(players)}")
    for i, p in enumerate(players):
        problem = _setup_problem(p, rules)
        if problem:
            raise RuleError(f"player {i}: {problem}")
    if not 0 <= current < len(players):
        raise RuleError(f"player {current} cannot be current: players are 0..{len(players) - 1}")
    return State(players=tuple(players), current=current)


def _setup_problem(p: Player, rules: Rules) -> str | None:
    problems = (
        (p.won, "a game cannot start with a player who has already won"),
        (not START_FIELD <= p.field <= WIGILIA,
         f"field {p.field} is not on the track ({START_FIELD}..{WIGILIA})"),
        (not 1 <= p.dice <= MAX_DICE, f"{p.dice} dice: a player has 1 to {MAX_DICE}"),
        (not 0 <= p.cards <= MAX_CARDS, f"{p.cards} Tydzień cards: at most {MAX_CARDS}"),
        (p.lost_turns < 0, f"lost turns cannot be negative ({p.lost_turns})"),
        (rules.tydzien and p.dice != 1, f"{p.dice} dice: the Tydzień variant uses one die"),
        (not rules.tydzien and p.cards > 0,
         f"{p.cards} Tydzień cards: cards belong to the Tydzień variant only"),
    )
    return next((message for bad, message in problems if bad), None)


def turn_kind(state: State, rules: Rules) -> TurnKind:
    """Which action the current player must play."""
    if state.player.field != WIGILIA:
        return TurnKind.TRACK
    return TurnKind.ANSWER if rules.tydzien else TurnKind.WIGILIA


def roll_total(faces: Sequence[int], cards: int = 0) -> int:
    """The sum S: the dice plus seven days for every Tydzień card."""
    return sum(faces) + DAYS_PER_CARD * cards


def wigilia_choices(faces: Sequence[int], rules: Rules) -> Iterator[Changes]:
    """Every change set that makes the roll 25 or 26: fewest changes first.

    A change always gives a die a face it does not show: setting a die to its
    own face is the same as leaving it, and would only list a set twice.
    """
    n = len(faces)
    most = min(MAX_CHANGES, n)
    counts = (most,) if rules.strict_wigilia else range(most + 1)
    for k in counts:
        for dice in combinations(range(n), k):
            rest = sum(faces) - sum(faces[i] for i in dice)
            if rest + k > GOAL_FIELDS[-1] or rest + 6 * k < GOAL_FIELDS[0]:
                continue
            options = [[f for f in FACES if f != faces[i]] for i in dice]
            for new in product(*options):
                if rest + sum(new) in GOAL_FIELDS:
                    yield tuple(zip(dice, new, strict=True))


def winning_changes(faces: Sequence[int], rules: Rules) -> Changes | None:
    """A change set that wins with this roll (one of the smallest), or None."""
    return next(wigilia_choices(faces, rules), None)


def tydzien_answers(cards: int) -> tuple[int, ...]:
    """The die faces that win the Tydzień variant with this many cards."""
    return tuple(f for f in FACES if f + DAYS_PER_CARD * cards in GOAL_FIELDS)


def outcome(events: Sequence[Event]) -> Outcome:
    """How the turn that produced ``events`` ended: its last event says it."""
    last = events[-1]
    if last.kind == "answered":
        return Outcome.WON if last.params["right"] else Outcome.WRONG_ANSWER
    return Outcome(last.kind)


def is_terminal(state: State) -> bool:
    return state.winner is not None


def winner(state: State) -> int | None:
    """The index of the player who won, or None while the game goes on."""
    return state.winner


# --- turns -------------------------------------------------------------------

def apply(state: State, action: Action, rules: Rules) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for the current player; the turn then passes on.

    Raises RuleError, naming the player and the reason, for anything the
    rules do not allow; the state is never half-changed.
    """
    if state.winner is not None:
        raise RuleError(f"the game is over: player {state.winner} has already won")
    p = state.player
    who = f"player {state.current} (field {p.field}, {_dice(p.dice)})"
    if isinstance(action, Roll):
        p, events = _track_turn(p, action, rules, who)
    elif isinstance(action, WigiliaRoll):
        p, events = _wigilia_turn(p, action, rules, who)
    elif isinstance(action, TydzienAnswer):
        p, events = _answer_turn(p, action, rules, who)
    else:
        raise RuleError(f"{who}: {action!r} is not an action of this game "
                        f"(Roll, WigiliaRoll or TydzienAnswer)")
    players = tuple(p if i == state.current else q for i, q in enumerate(state.players))
    after = replace(state, players=players, turn=state.turn + 1)
    if p.won:
        return replace(after, winner=state.current), tuple(events)
    return next_turn(after), tuple(events)


def next_turn(state: State) -> State:
    """Hand the turn to the next player, serving lost turns on the way.

    A player with a lost turn pending is skipped once per lost turn. ``apply``
    calls this after every turn that does not end the game; a caller driving a
    player outside the rules (the idle opponent of a worked example) calls it
    to let that player pass.
    """
    players = list(state.players)
    i = state.current
    while True:
        i = (i + 1) % len(players)
        if players[i].lost_turns == 0:
            return replace(state, players=tuple(players), current=i)
        players[i] = replace(players[i], lost_turns=players[i].lost_turns - 1)


def _track_turn(p: Player, action: Roll, rules: Rules, who: str) -> tuple[Player, list[Event]]:
    if p.field == WIGILIA:
        needed = ("answers with a die face (TydzienAnswer) without rolling" if rules.tydzien
                  else "is a WigiliaRoll, which may change up to three dice")
        raise RuleError(f"{who}: a plain Roll is not played on Wigilia (field {WIGILIA}); "
                        f"the turn there {needed}")
    _check_faces(action.faces, p, who)
    total = roll_total(action.faces, p.cards)
    events = [Event("rolled", {"faces": list(action.faces), "cards": p.cards, "total": total})]
    said = action.announced
    if said is not None and not (_is_int(said) and said >= 0):
        raise RuleError(f"{who}: announced sum {said!r} is not a whole number of 0 or more")
    if said is not None and said != total:
        return _misadded(p, said, total, events)
    if total < p.field:
        return _penalty(p, total, rules, events)
    if total == p.field:
        events.append(Event("stayed", {"field": p.field}))
        return p, events
    if total > WIGILIA:
        events.append(Event("capped", {"total": total, "to": WIGILIA}))
        return replace(p, field=WIGILIA), events
    events.append(Event("moved", {"from": p.field, "to": total}))
    return replace(p, field=total), events


def _misadded(p: Player, said: int, total: int,
              events: list[Event]) -> tuple[Player, list[Event]]:
    """A wrong sum said aloud: the pawn stays and loses one turn, with no extra die."""
    events.append(Event("misadded", {"announced": said, "total": total}))
    return replace(p, lost_turns=p.lost_turns + 1), events


def _wigilia_turn(p: Player, action: WigiliaRoll, rules: Rules,
                  who: str) -> tuple[Player, list[Event]]:
    if p.field != WIGILIA:
        raise RuleError(f"{who}: a WigiliaRoll is only for a pawn on Wigilia "
                        f"(field {WIGILIA}); on the track play a Roll")
    if rules.tydzien:
        raise RuleError(f"{who}: in the Tydzień variant a pawn on Wigilia answers with a "
                        f"die face (TydzienAnswer) and does not roll")
    faces = tuple(_check_faces(action.faces, p, who))
    total = roll_total(faces, p.cards)
    events = [Event("rolled", {"faces": list(faces), "cards": p.cards, "total": total})]
    said = action.announced
    if said is not None and not (_is_int(said) and said >= 0):
        raise RuleError(f"{who}: announced sum {said!r} is not a whole number of 0 or more")
    if action.changes:
        new = _changed_faces(faces, action.changes, rules, who)
        changed = [[i, faces[i], face] for i, face in action.changes]
        if sum(new) not in GOAL_FIELDS:
            raise RuleError(f"{who}: changes {[c[::2] for c in changed]} make {list(faces)} "
                            f"into {new}, total {sum(new)}, not 25 or 26; dice change only to win")
        events.append(Event("changed", {"changes": changed, "total": sum(new)}))
        if said is not None and said != sum(new):
            return _misadded(p, said, sum(new), events)
        return _win(p, sum(new), events)
    if said is not None and said != total:
        # A mis-added total on Wigilia: no win, one lost turn, no extra die, even where
        # the right total would have been below 24.
        return _misadded(p, said, total, events)
    if total in GOAL_FIELDS and not rules.strict_wigilia:
        return _win(p, total, events)
    hint = winning_changes(faces, rules)
    if hint is not None:
        example = [list(c) for c in hint]
        raise RuleError(f"{who}: the roll {list(faces)} can be made 25 or 26 (for example with "
                        f"changes {example}) and then the player wins; name the changes")
    if total < WIGILIA:
        return _penalty(p, total, rules, events)
    events.append(Event("passed", {"total": total}))
    return p, events


def _answer_turn(p: Player, action: TydzienAnswer, rules: Rules,
                 who: str) -> tuple[Player, list[Event]]:
    if not rules.tydzien:
        raise RuleError(f"{who}: a TydzienAnswer belongs to the Tydzień variant; "
                        f"without it every turn is a roll")
    if p.field != WIGILIA:
        raise RuleError(f"{who}: only a pawn on Wigilia (field {WIGILIA}) answers with a "
                        f"die face; on the track play a Roll")
    if not (_is_int(action.face) and action.face in FACES):
        raise RuleError(f"{who}: {action.face!r} is not a die face; faces are 1 to 6")
    total = roll_total((action.face,), p.cards)
    right = total in GOAL_FIELDS
    events = [Event("answered", {"face": action.face, "cards": p.cards, "total": total,
                                 "right": right})]
    if right:
        return _win(p, total, events)
    return replace(p, lost_turns=p.lost_turns + 1), events


def _penalty(p: Player, total: int, rules: Rules,
             events: list[Event]) -> tuple[Player, list[Event]]:
    """Sum below the field: stay, lose the next turn, take a die (or a card)."""
    extra_die = not rules.tydzien and p.dice < MAX_DICE
    extra_card = rules.tydzien and p.cards < MAX_CARDS
    after = replace(p, dice=p.dice + extra_die, cards=p.cards + extra_card,
                    lost_turns=p.lost_turns + 1)
    events.append(Event("penalty", {
        "total": total, "field": p.field, "extra_die": extra_die, "extra_card": extra_card,
        "dice": after.dice, "cards": after.cards,
    }))
    return after, events


def _win(p: Player, total: int, events: list[Event]) -> tuple[Player, list[Event]]:
    events.append(Event("won", {"total": total}))
    return replace(p, field=total, won=True), events


def _check_faces(faces: Sequence[int], p: Player, who: str) -> Sequence[int]:
    if len(faces) != p.dice:
        raise RuleError(f"{who}: rolled {len(faces)} faces {list(faces)}, but the player "
                        f"rolls {_dice(p.dice)}; give one face per die")
    for face in faces:
        if not (_is_int(face) and face in FACES):
            raise RuleError(f"{who}: {face!r} in {list(faces)} is not a die face; "
                            f"faces are 1 to 6")
    return faces


def _changed_faces(faces: tuple[int, ...], changes: Changes, rules: Rules,
                   who: str) -> list[int]:
    n = len(faces)
    if rules.strict_wigilia and len(changes) != min(MAX_CHANGES, n):
        raise RuleError(f"{who}: strict Wigilia: exactly {min(MAX_CHANGES, n)} dice must be "
                        f"changed, not {len(changes)}")
    if len(changes) > MAX_CHANGES:
        raise RuleError(f"{who}: at most {MAX_CHANGES} dice may be changed, "
                        f"not {len(changes)}")
    new = list(faces)
    seen: set[int] = set()
    for change in changes:
        if not (isinstance(change, (tuple, list)) and len(change) == 2
                and all(_is_int(v) for v in change)):
            raise RuleError(f"{who}: a change is [die index, new face], got {change!r}")
        i, face = change
        if not 0 <= i < n:
            raise RuleError(f"{who}: change {list(change)} names die {i}, but the roll has "
                            f"{_dice(n)} (indices 0..{n - 1})")
        if i in seen:
            raise RuleError(f"{who}: die {i} is changed twice; each die changes at most once")
        if face not in FACES:
            raise RuleError(f"{who}: change {list(change)}: {face} is not a die face; "
                            f"faces are 1 to 6")
        if rules.strict_wigilia and face == faces[i]:
            raise RuleError(f"{who}: strict Wigilia: die {i} already shows {face}; each "
                            f"changed die must get a different face")
        seen.add(i)
        new[i] = face
    return new


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


# --- play --------------------------------------------------------------------

def roll_dice(dice: int, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(dice))


def policy_action(state: State, rules: Rules, rng: random.Random) -> Action:
    """A simple honest player: roll, add up correctly, take a win when there is one."""
    p = state.player
    kind = turn_kind(state, rules)
    if kind is TurnKind.ANSWER:
        # Below three cards no face is right; 6 comes closest.
        return TydzienAnswer((tydzien_answers(p.cards) or (6,))[0])
    faces = roll_dice(p.dice, rng)
    if kind is TurnKind.WIGILIA:
        return WigiliaRoll(faces, winning_changes(faces, rules) or ())
    return Roll(faces)


def simulate(players: int, rules: Rules, rng: random.Random,
             max_turns: int = 10_000) -> Simulation:
    """Play a whole game with :func:`policy_action`; stop at a winner or ``max_turns``."""
    state = initial_state(players, rules)
    while state.winner is None and state.turn < max_turns:
        state, _ = apply(state, policy_action(state, rules, rng), rules)
    return Simulation(state=state, turns=state.turn)
