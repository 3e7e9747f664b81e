"""Pick-a-Polar Bear behind the playtest protocol: the engine of
:mod:`printkit.games.pick_a_polar_bear`.

A speed game has no turns, so the lab plays it in *ticks*: in each tick every seat, in seat
order, says what it does at that moment; then a referee (the adapter, not a seat) carries
out what was said. :func:`to_move` is the seat whose say it is; :func:`legal_actions` lists
exactly what that seat may do now:

* while players grab: :data:`WAIT` (not ready yet), ``Grab(slot)`` for every card on the
  table (grabbing a card that does not fit is allowed; the examination finds it), or
  :data:`FREEZE`; a right FREEZE! takes an extra card, which the referee draws at random;
* in a bonus round: :data:`WAIT`, ``Shout(n)`` for every count 0 to the cards on the table,
  or :data:`SILENT` (no answer this bonus round); a seat that has answered only waits.

At the end of a tick the referee carries out the grabs and FREEZE! calls in a random order
(the same reaction time: a coin toss); a grab of a card already taken in that tick comes to
nothing, and a FREEZE! ends the round (what comes after it in the tick is dropped). The
answers shouted in one tick are at the same moment (the engine's ``same_time``); a bonus round
is scored at the end of the first tick with a right answer, or when every seat has answered.
Dealing captains and refilling the table need no decision: the referee does them.

Events are the engine's kinds (``round``, ``grab``, ``freeze``, ``chain-step``,
``chain-broken``, ``kept``, ``discarded``, ``hold``, ``bonus-revealed``, ``bonus``,
``penalty``, ``bonus-discarded``, ``game-over``); every tick ends with ``turn_end``. The
first deal happens in :func:`initial_state`; its events come with the game's first action.
:func:`turns` counts ticks, :func:`rounds` the rounds dealt.

Policies (``--policy NAME:param=value``), differing in reaction time and error rate:

``random``   any legal action, uniformly.
``bot``      reacts in a tick with chance ``speed`` (0-1, default 0.8); a reaction is a slip
             with chance ``errors`` (default 0.05): half the time a grab of an unchecked card,
             half the time a FREEZE! without looking; otherwise it grabs a fitting card
             (the engine's ``matching_slots``) or calls FREEZE! when none fits. In a bonus
             round it shouts the count, off by one with chance ``errors``.
``quick``    ``bot:speed=1,errors=0.15``: always first, often wrong.
``careful``  ``bot:speed=0.5,errors=0``: half as fast, never wrong.

Rule settings (``--rule KEY=VALUE``): see :data:`RULES`. The solo game is not played here
(the multiplayer game is for 2-5 players; the solo game has its own solver).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Any

from printkit.errors import RuleError
from printkit.games import pick_a_polar_bear
from printkit.games.pick_a_polar_bear import rules as engine
from printkit.games.pick_a_polar_bear.cards import step_problem
from printkit.games.pick_a_polar_bear.rules import Answer, Phase, Rules
from printkit.playtest.games import takes_only, whole, yes_no
from printkit.playtest.policies import RandomPolicy

#: The rule keys, each with its default and a line of help.
RULES: Mapping[str, tuple[str, str]] = {
    "hold": ("false", "variant 1, the hold card (true/false)"),
    "bonus": ("false", "variant 2, bonus rounds (true/false)"),
    "bonus_points": ("", "points a bonus card is worth (default: the game's)"),
    "penalty_cards": ("", "animal cards a wrong bonus answer costs (default: the game's)"),
    "min_table_cards": ("", "cards on the table a bonus round needs (default: the game's)"),
}


@dataclass(frozen=True)
class Grab:
    """Grab the card in ``slot`` of the table onto one's pile."""

    slot: int


@dataclass(frozen=True)
class Shout:
    """Shout ``number`` as the bonus round's answer."""

    number: int


@dataclass(frozen=True)
class Freeze:
    """Call FREEZE!"""


@dataclass(frozen=True)
class Wait:
    """Not ready in this tick."""


@dataclass(frozen=True)
class Silent:
    """Give no answer in this bonus round."""


WAIT, FREEZE, SILENT = Wait(), Freeze(), Silent()


@dataclass(frozen=True)
class Table:
    """The engine's position and the tick being said."""

    game: engine.State
    rules: Rules
    #: The seat whose say it is in this tick.
    seat: int = 0
    #: What the seats before it said in this tick: (seat, action).
    said: tuple[tuple[int, Any], ...] = ()
    #: The bonus round's answers so far, and the seats done answering.
    answers: tuple[Answer, ...] = ()
    answered: frozenset[int] = frozenset()
    ticks: int = 0
    #: The first deal's events, reported with the first action of the game.
    opening: tuple[str, ...] = ()

    @cached_property
    def actions(self) -> tuple[Any, ...]:
        """What the seat to move may do, listed once per position."""
        game = self.game
        if game.over:
            return ()
        if game.phase is Phase.BONUS:
            if self.seat in self.answered:
                return (WAIT,)
            return (WAIT, *_shouts(engine.on_table(game.grid) + 1), SILENT)
        return (WAIT, *(_grab(i) for i, card in enumerate(game.grid) if card is not None),
                FREEZE)


# --- rules ---------------------------------------------------------------------

@cache
def game_rules() -> Rules:
    """The rules of the built-in game's data (read once)."""
    return engine.rules_from_data(pick_a_polar_bear.GAME.load_data())


def parse_rules(settings: Mapping[str, str]) -> Rules:
    """The engine's rules for ``settings`` (rule key -> text); ValueError names the key."""
    base = game_rules()
    unknown = sorted(set(settings) - set(RULES))
    if unknown:
        raise ValueError(f"rule {unknown[0]}: not a rule of Pick-a-Polar Bear; rules: "
                         f"{', '.join(RULES)}")
    given = {key: text for key, text in settings.items() if str(text).strip()}
    changes: dict[str, Any] = {}
    for key in ("hold", "bonus"):
        if key in given:
            changes[key] = yes_no(key, given[key])
    for key, high in (("bonus_points", 10), ("penalty_cards", 10),
                      ("min_table_cards", base.table_slots)):
        if key in given:
            changes[key] = whole(key, given[key], 0, high)
    return replace(base, **changes)


# --- the protocol --------------------------------------------------------------

def initial_state(players: int, rng: random.Random, rules: Mapping[str, str]) -> Table:
    settings = parse_rules(rules)
    try:
        game = engine.new_game(settings, players, rng)
    except RuleError as error:
        raise ValueError(str(error)) from None
    game, events = engine.deal(game, settings)
    return Table(game, settings, opening=tuple(e.kind for e in events))


def to_move(state: Table) -> int:
    return state.seat


def legal_actions(state: Table) -> Sequence[Any]:
    return state.actions


@cache
def _grab(slot: int) -> Grab:
    return Grab(slot)


@cache
def _shouts(count: int) -> tuple[Shout, ...]:
    return tuple(Shout(n) for n in range(count))


def apply(state: Table, action: Any, rng: random.Random) -> tuple[Table, Sequence[str]]:
    if action not in state.actions:
        raise ValueError(f"illegal action {action!r} for player {state.seat} in round "
                         f"{state.game.round}")
    said = (*state.said, (state.seat, action))
    opening = state.opening
    if state.seat + 1 < state.game.players:
        return replace(state, seat=state.seat + 1, said=said, opening=()), opening
    done = replace(state, seat=0, said=(), ticks=state.ticks + 1, opening=())
    if state.game.phase is Phase.BONUS:
        after, events = _bonus_tick(done, said, rng)
    else:
        after, events = _grab_tick(done, said, rng)
    return after, (*opening, *events, "turn_end")


def _grab_tick(state: Table, said: Sequence[tuple[int, Any]],
               rng: random.Random) -> tuple[Table, list[str]]:
    acting = [(seat, action) for seat, action in said if action != WAIT]
    rng.shuffle(acting)
    game, rules, events = state.game, state.rules, []
    for seat, action in acting:
        if isinstance(action, Grab):
            if game.grid[action.slot] is None:
                continue  # taken a moment earlier in this tick
            game, happened = engine.grab(game, rules, seat, action.slot)
            events.extend(e.kind for e in happened)
            continue
        top = game.seats[seat].top
        assert top is not None
        holder = rules.hold and game.holder == seat
        cards = [i for i, card in enumerate(game.grid) if card is not None]
        extra = (rng.choice(cards) if cards and engine.freeze_is_right(top, game.grid, holder)
                 else None)
        game, happened = engine.freeze(game, rules, seat, extra)
        events.extend(e.kind for e in happened)
        game, happened = engine.deal(game, rules)
        events.extend(e.kind for e in happened)
        break
    return replace(state, game=game), events


def _bonus_tick(state: Table, said: Sequence[tuple[int, Any]],
                rng: random.Random) -> tuple[Table, list[str]]:
    shouts = [(seat, action) for seat, action in said if isinstance(action, Shout)]
    rng.shuffle(shouts)
    answers = [*state.answers, *(Answer(seat, action.number, same_time=n > 0)
                                 for n, (seat, action) in enumerate(shouts))]
    answered = state.answered | {seat for seat, action in said if action != WAIT}
    game = state.game
    assert game.bonus is not None
    right = engine.count_showing(game.grid, game.bonus)
    if len(answered) < game.players and all(a.number != right for a in answers):
        return replace(state, answers=tuple(answers), answered=answered), []
    game, happened = engine.answer_bonus(game, state.rules, answers)
    return (replace(state, game=game, answers=(), answered=frozenset()),
            [e.kind for e in happened])


def is_over(state: Table) -> bool:
    return state.game.over


def scores(state: Table) -> Sequence[float]:
    return engine.scores(state.game, state.rules)


def winners(state: Table) -> Sequence[int]:
    """The players with the most points; a tie shares the win."""
    return engine.winners(state.game, state.rules)


def turns(state: Table) -> int:
    return state.ticks


def rounds(state: Table) -> int:
    return state.game.round


# --- policies ------------------------------------------------------------------

@dataclass(frozen=True)
class Bot:
    """``bot``, ``quick`` and ``careful``: see the module docstring."""

    speed: float
    errors: float

    def choose(self, state: Table, actions: Sequence[Any], rng: random.Random) -> Any:
        if len(actions) == 1 or rng.random() >= self.speed:
            return WAIT
        game = state.game
        slip = rng.random() < self.errors
        if game.phase is Phase.BONUS:
            assert game.bonus is not None
            right = engine.count_showing(game.grid, game.bonus)
            if slip:
                right = right + 1 if right == 0 or rng.random() < 0.5 else right - 1
            return Shout(right) if Shout(right) in actions else SILENT
        if slip:
            grabs = [a for a in actions if isinstance(a, Grab)]
            return rng.choice(grabs) if grabs and rng.random() < 0.5 else FREEZE
        top = game.seats[state.seat].top
        assert top is not None
        holder = state.rules.hold and game.holder == state.seat
        fitting = [a for a in actions if isinstance(a, Grab)
                   and not step_problem(top, game.grid[a.slot], holder)]  # type: ignore[arg-type]
        return rng.choice(fitting) if fitting else FREEZE


def _share(policy: str, key: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"policy {policy}: {key}={text!r} is not a number") from None
    if not 0 <= value <= 1:
        raise ValueError(f"policy {policy}: {key}={value} is not in 0-1")
    return value


def bot(**params: str) -> Bot:
    takes_only("bot", params, ("speed", "errors"))
    return Bot(_share("bot", "speed", params.get("speed", "0.8")),
               _share("bot", "errors", params.get("errors", "0.05")))


def quick(**params: str) -> Bot:
    takes_only("quick", params)
    return Bot(1.0, 0.15)


def careful(**params: str) -> Bot:
    takes_only("careful", params)
    return Bot(0.5, 0.0)


def random_play(**params: str) -> RandomPolicy:
    takes_only("random", params)
    return RandomPolicy()


POLICIES: Mapping[str, Callable[..., Any]] = {
    "random": random_play,
    "bot": bot,
    "quick": quick,
    "careful": careful,
}


# --- exact answers -------------------------------------------------------------

def first_table_matches(k: int, rules: Rules | None = None) -> float:
    """The exact chance that ``k`` cards of the first round's table may follow player 0's
    captain, without bonus cards: the table is a uniform draw of ``table_slots`` cards from
    the deck less that captain, and the cards that may follow it are its own kind's other
    copies and the copies of the kinds one attribute away (counted from the engine's
    chain rule over the deck composition)."""
    rules = rules or game_rules()
    model = rules.model
    kinds = [model.from_index(i) for i in range(1 << len(model.ids))]
    captain = kinds[0]
    fitting = sum(rules.copies - (card == captain) for card in kinds
                  if not step_problem(captain, card, False))
    others = len(kinds) * rules.copies - 1
    slots = rules.table_slots
    return math.comb(fitting, k) * math.comb(others - fitting, slots - k) / math.comb(others, slots)
