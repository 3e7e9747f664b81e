"""Rules engine for Polar Derby (Reiner Knizia), a push-your-luck dice game.

Players roll two dice showing the five bear colours and a Free Skate face,
pull bears from the middle of the rink (or steal secured ones on doubles) and
decide after every successful roll whether to roll again or stop and secure
what they pulled. Bear values are game data (:func:`rules_from_data`), never
numbers of this module. Pure: no rendering, no global randomness; dice come
inside the actions or from the ``random.Random`` given to :func:`simulate`.

Rulings beyond the text (stated in the rulebook's clarifications):

* A turn starts with a roll: stopping is only possible after a successful take.
* A double Free Skate secures the pulled bears and ends the turn like a stop;
  the same player then starts a fresh turn, unless the middle is empty, in
  which case the game is over.
* A bust returns stolen bears to the middle, not to the opponent they came from.
* Colour and Free Skate read as a split allow one bear of any colour, or the
  rolled colour plus one other; never two bears of which neither is the rolled
  colour. So the Free Skate alone still pulls a bear when the rolled colour was
  already pulled.
* In the no-risk variant the colours pulled this turn still cannot be taken
  again in the same turn.
* The middle emptying during a turn does not end the game: only the end of a
  turn does, and a bust refills the middle first.
* Long game: game k is started by player k, so everyone starts once; the
  totals decide, ties broken by the total number of bears, then shared.

Events (``Event.kind`` and its ``params``), in the order they happen; colour
tables are ``{colour id: count}`` in data order without colours of count 0,
players are indexes from 0:

``rolled``      {player, faces: [face, face]}; a face is a colour id or "free-skate"
``took``        {player, colours: [colour, ...], from: "middle"}; colours in data order
``stole``       {player, takes: [[opponent, colour], ...]}, by opponent;
                [[1, "white"], [1, "white"]] is two white bears from player 1
``secured``     {player, bears: {colour: n}}; after a stop or a double Free Skate
                (only when something was pulled), and in the no-risk variant right
                after every take
``bust``        {player, reason, returned: {colour: n}}; ``returned`` went back to
                the middle (always {} in the no-risk variant)
``fresh-turn``  {player}; after a double Free Skate: same player, pulled colours forgotten
``stopped``     {player}; comes before the ``secured`` it causes
``game-over``   {scores: [n per player], bears: [n per player], winners: [player, ...]}

A roll gives ``rolled`` then one of: ``took`` or ``stole`` (+ ``secured`` in the
no-risk variant); ``bust`` (+ ``game-over``); ``secured`` + ``fresh-turn`` or
``game-over`` (double Free Skate). A stop gives ``stopped``, ``secured`` (if
anything was pulled), and ``game-over`` when the middle is empty.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from printkit.errors import RuleError
from printkit.examples import Event

from .state import (
    FREE_SKATE,
    Bears,
    Phase,
    Pulled,
    Rules,
    State,
    initial_state,
    over_state,
    rules_from_data,
    setup_state,
)
from .takes import (
    Reading,
    Roll,
    RollKind,
    Take,
    bust_reason,
    canonical,
    describe_roll,
    describe_take,
    legal_takes,
    read_roll,
    take_problem,
    take_value,
)

__all__ = [
    "FREE_SKATE", "Bears", "CautiousPolicy", "LongGame", "Phase", "Policy", "Pulled",
    "RandomPolicy", "Reading", "Roll", "RollKind", "Rules", "Simulation", "State", "Take",
    "apply_roll", "bears_held", "bust_reason", "describe_roll", "describe_take",
    "initial_state", "is_over", "legal_takes", "long_game_totals", "long_game_winners",
    "over_state", "rank", "read_roll", "roll_dice", "rules_from_data", "scores", "setup_state",
    "simulate", "simulate_long_game", "stop", "take_problem", "winners",
]


# --- actions -------------------------------------------------------------------

def apply_roll(state: State, roll: Sequence[str], take: Take | None,
               rules: Rules) -> tuple[State, tuple[Event, ...]]:
    """The current player rolls ``roll`` and takes ``take`` (None: nothing can be taken).

    A roll that allows a take needs one; a bust or a double Free Skate takes
    None. Anything else raises RuleError naming the action, the turn and the
    reason; the state is never half-changed.
    """
    if state.over:
        raise RuleError(f"illegal action 'roll' in turn {state.turn}: the game is over")
    reading = read_roll(roll, rules)
    events = [Event("rolled", {"player": state.current, "faces": list(roll)})]
    if reading.kind is RollKind.DOUBLE_FREE_SKATE:
        if take is not None and take.bears:
            raise _illegal(state, describe_take(take), take_problem(state, roll, take, rules))
        return _double_free_skate(state, rules, events)
    takes = legal_takes(state, roll, rules)
    if not takes:
        if take is not None and take.bears:
            raise _illegal(state, describe_take(take), take_problem(state, roll, take, rules))
        return _bust(state, rules, events, bust_reason(state, roll, rules) or "")
    if take is None:
        shown = "; ".join(describe_take(t) for t in takes[:4])
        more = f" (or {len(takes) - 4} more)" if len(takes) > 4 else ""
        raise _illegal(state, f"roll {describe_roll(roll)}",
                       f"a bear can be taken, so the player must take at least one: "
                       f"{shown}{more}")
    chosen = _listed(take, takes, rules)
    if chosen is None:
        raise _illegal(state, describe_take(take), take_problem(state, roll, take, rules))
    return _take(state, chosen, rules, events)


def stop(state: State, rules: Rules) -> tuple[State, tuple[Event, ...]]:
    """The current player stops: every pulled bear is secured and the turn ends."""
    if state.phase is not Phase.CHOOSE:
        why = ("the game is over" if state.over else
               f"player {state.current} has not rolled yet this turn; a turn starts with a roll")
        raise _illegal(state, "stop", why)
    events = [Event("stopped", {"player": state.current})]
    return _end_turn(_secure(state, rules, events), rules, events)


def _take(state: State, take: Take, rules: Rules,
          events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    player = state.current
    middle = state.middle.minus(Bears.of(take.middle))
    secured = list(state.secured)
    for opponent, colour in take.steals:
        secured[opponent] = secured[opponent].minus(Bears.of([colour]))
    pulled = (*state.pulled, *(Pulled(c) for c in take.middle),
              *(Pulled(c, o) for o, c in take.steals))
    if take.middle:
        events.append(Event("took", {"player": player, "colours": list(take.middle),
                                     "from": "middle"}))
    if take.steals:
        events.append(Event("stole", {"player": player,
                                      "takes": [[o, c] for o, c in take.steals]}))
    after = replace(state, middle=middle, secured=tuple(secured), pulled=pulled,
                    pulled_colours=tuple(dict.fromkeys((*state.pulled_colours, *take.colours))),
                    phase=Phase.CHOOSE)
    if rules.no_risk:
        after = _secure(after, rules, events)
    return after, tuple(events)


def _secure(state: State, rules: Rules, events: list[Event]) -> State:
    """Move the pulled bears to the current player's secured bears."""
    bears = state.pulled_bears
    if not bears.total:
        return state
    events.append(Event("secured", {"player": state.current,
                                    "bears": bears.as_dict(rules.colours)}))
    secured = tuple(b.plus(bears) if i == state.current else b
                    for i, b in enumerate(state.secured))
    return replace(state, secured=secured, pulled=())


def _bust(state: State, rules: Rules, events: list[Event],
          reason: str) -> tuple[State, tuple[Event, ...]]:
    """Nothing can be taken: every pulled bear, stolen ones too, goes back to the middle."""
    returned = state.pulled_bears
    events.append(Event("bust", {"player": state.current, "reason": reason,
                                 "returned": returned.as_dict(rules.colours)}))
    after = replace(state, middle=state.middle.plus(returned), pulled=())
    return _end_turn(after, rules, events)


def _double_free_skate(state: State, rules: Rules,
                       events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    after = _secure(state, rules, events)
    if after.middle.total == 0:
        return _end_turn(after, rules, events)
    events.append(Event("fresh-turn", {"player": state.current}))
    return replace(after, pulled_colours=(), phase=Phase.ROLL, turn=state.turn + 1), tuple(events)


def _end_turn(state: State, rules: Rules,
              events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """The game ends when a turn ends with the middle empty; otherwise the next player rolls."""
    ended = replace(state, pulled=(), pulled_colours=())
    if ended.middle.total == 0:
        over = replace(ended, phase=Phase.OVER)
        events.append(Event("game-over", {"scores": list(scores(over, rules)),
                                          "bears": list(bears_held(over)),
                                          "winners": list(winners(over, rules))}))
        return over, tuple(events)
    return replace(ended, current=(state.current + 1) % state.players, phase=Phase.ROLL,
                   turn=state.turn + 1), tuple(events)


def _listed(take: Take, takes: Sequence[Take], rules: Rules) -> Take | None:
    """The legal take ``take`` stands for (written in any order), or None."""
    try:
        chosen = canonical(take, rules)
    except (KeyError, TypeError):  # an unknown colour or a bad opponent: take_problem says
        return None
    return chosen if chosen in takes else None


def _illegal(state: State, action: str, reason: str | None) -> RuleError:
    return RuleError(f"illegal action '{action}' in turn {state.turn}: "
                     f"{reason or 'not allowed here'}")


# --- scoring -------------------------------------------------------------------

def is_over(state: State) -> bool:
    return state.over


def scores(state: State, rules: Rules) -> tuple[int, ...]:
    """Each player's secured bears, summed by value (1 each for younger players)."""
    return tuple(sum(rules.value(c) * n for c, n in bears.counts) for bears in state.secured)


def bears_held(state: State) -> tuple[int, ...]:
    """How many bears each player has secured: the tie-breaker."""
    return tuple(bears.total for bears in state.secured)


def rank(points: Sequence[int], bears: Sequence[int]) -> tuple[int, ...]:
    """The winners: most points; among them most bears; still tied, all share the win."""
    best = max(zip(points, bears, strict=True))
    return tuple(i for i, pair in enumerate(zip(points, bears, strict=True)) if pair == best)


def winners(state: State, rules: Rules) -> tuple[int, ...]:
    """Who wins (or, before the end, who leads) by the final-score rules."""
    return rank(scores(state, rules), bears_held(state))


def long_game_totals(games: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The score sheet of a long game: each player's numbers added over the games."""
    if not games:
        raise RuleError("a long game has at least one game")
    if len({len(g) for g in games}) != 1:
        raise RuleError(f"every game of a long game has the same players, not "
                        f"{[len(g) for g in games]} players")
    return tuple(sum(column) for column in zip(*games, strict=True))


def long_game_winners(game_scores: Sequence[Sequence[int]],
                      game_bears: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Highest total wins; ties go to more bears over all games, then shared."""
    return rank(long_game_totals(game_scores), long_game_totals(game_bears))


# --- play ----------------------------------------------------------------------

def roll_dice(rules: Rules, rng: random.Random) -> Roll:
    return rng.choice(rules.faces), rng.choice(rules.faces)


class Policy(Protocol):
    """How a simulated player chooses a take and whether to roll again."""

    def choose(self, state: State, takes: Sequence[Take], rules: Rules,
               rng: random.Random) -> Take: ...

    def roll_again(self, state: State, rules: Rules, rng: random.Random) -> bool: ...


@dataclass(frozen=True)
class CautiousPolicy:
    """Take the most points (the middle first on a tie); stop with ``enough`` colours pulled."""

    enough: int = 2

    def choose(self, state: State, takes: Sequence[Take], rules: Rules,
               rng: random.Random) -> Take:
        return max(takes, key=lambda t: (take_value(t, rules), bool(t.middle)))

    def roll_again(self, state: State, rules: Rules, rng: random.Random) -> bool:
        return state.middle.total > 0 and len(state.pulled_colours) < self.enough


@dataclass(frozen=True)
class RandomPolicy:
    """Any legal take; after each, stop with probability ``stop_chance``.

    With the middle empty it always stops: that ends the game, where rolling on
    could only steal or bust.
    """

    stop_chance: float = 0.4

    def choose(self, state: State, takes: Sequence[Take], rules: Rules,
               rng: random.Random) -> Take:
        return rng.choice(list(takes))

    def roll_again(self, state: State, rules: Rules, rng: random.Random) -> bool:
        return state.middle.total > 0 and rng.random() >= self.stop_chance


@dataclass(frozen=True)
class Simulation:
    """A whole simulated game: the final position and what happened."""

    state: State
    scores: tuple[int, ...]
    bears: tuple[int, ...]
    winners: tuple[int, ...]
    rolls: int
    events: tuple[Event, ...]

    @property
    def turns(self) -> int:
        return self.state.turn


def simulate(players: int, rules: Rules, rng: random.Random,
             policy: Policy = CautiousPolicy(), first: int = 0,
             max_turns: int = 2_000) -> Simulation:
    """Play one game to its end with ``policy`` for every player.

    Every turn ends after at most six rolls between double Free Skates, so
    ``max_turns`` bounds the work; a game still going then is an engine bug.
    """
    state = initial_state(players, rules, first)
    events: list[Event] = []
    rolls = 0
    while not state.over and state.turn <= max_turns:
        if state.phase is Phase.CHOOSE and not policy.roll_again(state, rules, rng):
            state, happened = stop(state, rules)
        else:
            roll = roll_dice(rules, rng)
            rolls += 1
            takes = legal_takes(state, roll, rules)
            take = policy.choose(state, takes, rules, rng) if takes else None
            state, happened = apply_roll(state, roll, take, rules)
        events.extend(happened)
    if not state.over:
        raise RuntimeError(f"a simulated game of {players} players did not end in "
                           f"{max_turns} turns")
    return Simulation(state=state, scores=scores(state, rules), bears=bears_held(state),
                      winners=winners(state, rules), rolls=rolls, events=tuple(events))


@dataclass(frozen=True)
class LongGame:
    """As many games as players, each started by the next player; totals decide."""

    games: tuple[Simulation, ...]
    totals: tuple[int, ...]
    bears: tuple[int, ...]
    winners: tuple[int, ...]


def simulate_long_game(players: int, rules: Rules, rng: random.Random,
                       policy: Policy = CautiousPolicy()) -> LongGame:
    games = tuple(simulate(players, rules, rng, policy, first=k) for k in range(players))
    points = [g.scores for g in games]
    bears = [g.bears for g in games]
    return LongGame(games=games, totals=long_game_totals(points),
                    bears=long_game_totals(bears), winners=long_game_winners(points, bears))
