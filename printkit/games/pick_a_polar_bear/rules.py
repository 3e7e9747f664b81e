"""Rules engine for Pick-a-Polar Bear (Torsten Landsvogt), a speed matching card game.

Pure: no rendering, no global randomness (shuffles and bots use the
``random.Random`` passed in). Card facts and table sizes come from the game
data (:func:`rules_from_data`). A round is modelled as the grabs in the order
they happened, then one FREEZE! call that ends the grabbing and examines
every pile; :func:`deal` starts the next round.

Rulings beyond the text (the shared GAMES.md rulings are implemented as stated):

* The hold card's ban covers every step of the holder's pile, the first one
  (captain to first member) included; for the holder, FREEZE! is right when no
  grid card differs from their top card in exactly one attribute.
* The extra card of a right FREEZE! belongs to the caller's cards of the round:
  if the caller's pile then turns out broken, it is discarded with them.
* Bonus cards showing up while captains are dealt are discarded; whether the
  draw pile can give every player a captain counts animal cards only.
* The top of the draw pile is looked at before every card laid and once after
  the last, so a bonus card right after the last gap still starts a round.
* Several right answers at the same time: each scores exactly 2. The first
  listed takes the bonus card; each other one takes 2 animal cards from the
  discards, then from the draw pile, then from the table.
* A wrong answer is paid with 2 animal cards from the winning pile if it holds
  2 or more; otherwise with one bonus card from it (worth 2 cards) if it holds
  one; only a pile with neither takes a −2 card, or turns a −2 it shows to −4;
  with none left in the box, the player loses the animal cards they have.

Events: see :mod:`.replay`, which documents every kind and its params.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event

from .cards import (
    BadStep,
    BonusCard,
    Card,
    CardModel,
    bonus_cards,
    check_chain,
    count_showing,
    differences,
    freeze_is_right,
    matching_slots,
    model_from_data,
    step_problem,
)

Slot = Card | None
Drawn = Card | BonusCard


class Phase(Enum):
    DEAL = "deal"    # between rounds: deal captains and refill the table
    BONUS = "bonus"  # a bonus card lies face up: the players shout their answers
    GRAB = "grab"    # players grab member cards until someone calls FREEZE!
    OVER = "over"


@dataclass(frozen=True)
class Rules:
    """The numbers of the game (from the data) and the variants a table agrees on."""

    model: CardModel
    bonus_cards: tuple[BonusCard, ...] = ()
    copies: int = 3
    table_slots: int = 30
    min_table_cards: int = 10
    bonus_points: int = 2
    penalty_cards: int = 2
    minus_front: int = -2
    minus_back: int = -4
    minus_supply: int = 5
    solo_slots: int = 32
    solo_rounds: int = 3
    max_players: int = 5
    hold: bool = False   # variant 1: the hold card
    bonus: bool = False  # variant 2: bonus rounds


def rules_from_data(data: Mapping[str, Any], hold: bool = False, bonus: bool = False) -> Rules:
    b, p = data["bonus"], data["penalty"]
    return Rules(model=model_from_data(data), bonus_cards=bonus_cards(data),
                 copies=data["deck"]["copies"],
                 table_slots=data["table"]["rows"] * data["table"]["columns"],
                 min_table_cards=b["min_table_cards"], bonus_points=b["points"],
                 penalty_cards=b["penalty_cards"], minus_front=p["front"], minus_back=p["back"],
                 minus_supply=p["cards"], solo_slots=data["solo"]["rows"] * data["solo"]["columns"],
                 solo_rounds=data["solo"]["rounds"], max_players=data["players"]["max"],
                 hold=hold, bonus=bonus)


# --- the hold card ------------------------------------------------------------------------

def hold_after_round(taken_counts: Sequence[int]) -> int | None:
    """The player who alone kept the most cards last round holds the hold card; a tie: nobody."""
    best = max(taken_counts, default=None)
    leaders = [p for p, n in enumerate(taken_counts) if n == best]
    return leaders[0] if len(leaders) == 1 else None


# --- refilling and bonus rounds ------------------------------------------------------------

@dataclass(frozen=True)
class Refill:
    grid: tuple[Slot, ...]
    pile: tuple[Drawn, ...]
    laid: tuple[int, ...]                             # slots filled, in order
    discarded: tuple[tuple[BonusCard, int], ...]      # (bonus card, member cards on the table)
    bonus: BonusCard | None                           # a bonus round starts (refill paused)


def on_table(grid: Sequence[Slot]) -> int:
    return sum(1 for c in grid if c is not None)


def refill(grid: Sequence[Slot], pile: Sequence[Drawn], min_table_cards: int) -> Refill:
    """Fill the gaps one card at a time from the top of ``pile`` (top first).

    A bonus card coming to the top starts a bonus round once at least
    ``min_table_cards`` member cards lie on the table (the refill pauses and
    is continued by calling again); before that it is discarded.
    """
    slots, rest = list(grid), list(pile)
    laid: list[int] = []
    discarded: list[tuple[BonusCard, int]] = []
    while True:
        if rest and isinstance(rest[0], BonusCard):
            card = rest.pop(0)
            if on_table(slots) >= min_table_cards:
                return Refill(tuple(slots), tuple(rest), tuple(laid), tuple(discarded), card)
            discarded.append((card, on_table(slots)))
            continue
        gap = next((i for i, c in enumerate(slots) if c is None), None)
        if gap is None or not rest:
            return Refill(tuple(slots), tuple(rest), tuple(laid), tuple(discarded), None)
        slots[gap] = rest.pop(0)  # type: ignore[assignment]
        laid.append(gap)


@dataclass(frozen=True)
class Answer:
    """One shouted answer; ``same_time``: at the same moment as the previous answer."""

    player: int
    number: int
    same_time: bool = False


def bonus_winners(answers: Sequence[Answer], right: int) -> list[int]:
    """The players right at the first moment anybody answered right (same_time answers share it)."""
    for i, first in enumerate(answers):
        if first.number == right:
            # Every answer before the first right one is wrong, so the moment starts here.
            end = next((j for j in range(i + 1, len(answers)) if not answers[j].same_time),
                       len(answers))
            return [a.player for a in answers[i:end] if a.number == right]
    return []


# --- positions -------------------------------------------------------------------------

@dataclass(frozen=True)
class Seat:
    captain: Card | None = None
    members: tuple[Card, ...] = ()
    won: int = 0                   # animal cards in the winning pile
    bonus_cards: int = 0
    minus: tuple[int, ...] = ()    # penalty cards, as the face shown (-2 or -4)

    @property
    def top(self) -> Card | None:
        return self.members[-1] if self.members else self.captain


@dataclass(frozen=True)
class State:
    seats: tuple[Seat, ...]
    grid: tuple[Slot, ...]
    pile: tuple[Drawn, ...]          # top first
    phase: Phase = Phase.DEAL
    round: int = 0
    holder: int | None = None
    bonus: BonusCard | None = None   # face up during a bonus round
    discarded: int = 0               # animal cards on the discard pile
    minus_left: int = 5
    taken: tuple[int, ...] = ()      # cards each player kept in the last examined round

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def animal_cards(self) -> int:
        """Every animal card in play, kept or discarded: always the whole deck."""
        return (sum(isinstance(c, Card) for c in self.pile) + on_table(self.grid)
                + self.discarded + sum(s.won + len(s.members) + (s.captain is not None)
                                       for s in self.seats))


def new_game(rules: Rules, players: int, rng: random.Random, holder: int | None = None) -> State:
    """A shuffled draw pile (bonus cards in it in the bonus variant), an empty table."""
    pile: list[Drawn] = [rules.model.from_index(i) for i in range(1 << len(rules.model.ids))
                         for _ in range(rules.copies)]
    if rules.bonus:
        pile.extend(rules.bonus_cards)
    rng.shuffle(pile)
    if not 2 <= players <= rules.max_players:
        raise RuleError(f"the multiplayer game is for 2-{rules.max_players} players, not "
                        f"{players} (one player plays solo)")
    if holder is not None and not (rules.hold and 0 <= holder < players):
        raise RuleError(f"player {holder} cannot hold the hold card: it needs the hold "
                        f"variant and a player 0..{players - 1}")
    return State(seats=(Seat(),) * players, grid=(None,) * rules.table_slots, pile=tuple(pile),
                 holder=holder, minus_left=rules.minus_supply)


# --- actions -------------------------------------------------------------------------

def deal(state: State, rules: Rules) -> tuple[State, tuple[Event, ...]]:
    """New captains, then the refill; or the end when captains run out."""
    _phase(state, Phase.DEAL, "deal")
    if sum(isinstance(c, Card) for c in state.pile) < state.players:
        over = replace(state, phase=Phase.OVER)
        return over, (Event("game-over", {"scores": list(scores(over, rules)),
                                          "winners": list(winners(over, rules))}),)
    events = [Event("round", {"round": state.round + 1, "holder": state.holder})]
    pile, captains = list(state.pile), []
    while len(captains) < state.players:
        top = pile.pop(0)
        if isinstance(top, BonusCard):
            events.append(Event("bonus-discarded", {"card": top.short, "reason": "captains",
                                                    "table": on_table(state.grid)}))
        else:
            captains.append(top)
    seats = tuple(replace(s, captain=c, members=()) for s, c in zip(state.seats, captains,
                                                                     strict=True))
    after = replace(state, seats=seats, pile=tuple(pile), round=state.round + 1)
    return _refill(after, rules, events)


def _refill(state: State, rules: Rules, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    done = refill(state.grid, state.pile, rules.min_table_cards)
    events.extend(Event("bonus-discarded", {"card": c.short, "reason": "too-few", "table": n})
                  for c, n in done.discarded)
    after = replace(state, grid=done.grid, pile=done.pile, bonus=done.bonus,
                    phase=Phase.BONUS if done.bonus else Phase.GRAB)
    if done.bonus:
        events.append(Event("bonus-revealed", {"card": done.bonus.short,
                                               "features": done.bonus.as_dict(),
                                               "table": on_table(done.grid)}))
    return after, tuple(events)


def answer_bonus(state: State, rules: Rules,
                 answers: Sequence[Answer]) -> tuple[State, tuple[Event, ...]]:
    """Score the shouted answers of a bonus round, then go on refilling."""
    _phase(state, Phase.BONUS, "answer")
    assert state.bonus is not None
    for n, a in enumerate(answers):
        _player(state, a.player)
        if a.player in {b.player for b in answers[:n]} or a.number < 0:
            raise RuleError(f"player {a.player} shouts one and only one answer, a count of "
                            f"cards, not {[b.number for b in answers if b.player == a.player]}")
    right = count_showing(state.grid, state.bonus)
    won = bonus_winners(answers, right)
    seats, pile, discarded = list(state.seats), list(state.pile), state.discarded
    grid = list(state.grid)
    paid: list[list[int]] = []
    for n, player in enumerate(won):
        if n == 0:
            seats[player] = replace(seats[player], bonus_cards=seats[player].bonus_cards + 1)
            continue
        from_discard = min(discarded, rules.bonus_points)
        discarded -= from_discard
        need = rules.bonus_points - from_discard
        drawn = [i for i, c in enumerate(pile) if isinstance(c, Card)][:need]
        pile = [c for i, c in enumerate(pile) if i not in drawn]
        need -= len(drawn)
        taken = [i for i, c in enumerate(grid) if c is not None][:need]
        for i in taken:
            grid[i] = None
        seats[player] = replace(seats[player],
                                won=seats[player].won + from_discard + len(drawn) + len(taken))
        paid.append([player, from_discard, len(drawn), len(taken)])
    # "paid": for each right answer after the first, the animal cards it took from the
    # discards, the draw pile and the table.
    events: list[Event] = [Event("bonus", {
        "card": state.bonus.short, "features": state.bonus.as_dict(), "answer": right,
        "answers": [[a.player, a.number] for a in answers], "winners": won, "paid": paid})]
    minus_left = state.minus_left
    for a in answers:
        if a.number != right:
            seats[a.player], minus_left, lost, params = _penalty(seats[a.player], rules,
                                                                 minus_left)
            discarded += lost
            events.append(Event("penalty", {"player": a.player, **params}))
    after = replace(state, seats=tuple(seats), grid=tuple(grid), pile=tuple(pile),
                    discarded=discarded, minus_left=minus_left, bonus=None)
    return _refill(after, rules, events)


def _penalty(seat: Seat, rules: Rules, minus_left: int) -> tuple[Seat, int, int, dict[str, Any]]:
    """(seat, −2 cards left in the box, animal cards lost, event params) after a wrong answer."""
    if seat.won >= rules.penalty_cards:
        lost = rules.penalty_cards
        return (replace(seat, won=seat.won - lost), minus_left, lost,
                {"cards": lost, "minus_card": None, "flipped": False, "bonus_card": False})
    if seat.bonus_cards > 0:  # a bonus card in the winning pile is worth 2 cards
        return (replace(seat, bonus_cards=seat.bonus_cards - 1), minus_left, 0,
                {"cards": 0, "minus_card": None, "flipped": False, "bonus_card": True})
    if rules.minus_front in seat.minus:
        i = seat.minus.index(rules.minus_front)
        minus = (*seat.minus[:i], rules.minus_back, *seat.minus[i + 1:])
        return (replace(seat, minus=minus), minus_left, 0,
                {"cards": 0, "minus_card": rules.minus_back, "flipped": True,
                 "bonus_card": False})
    if minus_left > 0:
        return (replace(seat, minus=(*seat.minus, rules.minus_front)), minus_left - 1, 0,
                {"cards": 0, "minus_card": rules.minus_front, "flipped": False,
                 "bonus_card": False})
    return (replace(seat, won=0), minus_left, seat.won,
            {"cards": seat.won, "minus_card": None, "flipped": False, "bonus_card": False})


def grab(state: State, rules: Rules, player: int, slot: int) -> tuple[State, tuple[Event, ...]]:
    """``player`` takes the card in ``slot`` onto their pile; mistakes show at the examination."""
    _phase(state, Phase.GRAB, "grab")
    _player(state, player)
    if not (0 <= slot < len(state.grid)) or state.grid[slot] is None:
        raise RuleError(f"slot {slot} of the table holds no card")
    card = state.grid[slot]
    assert card is not None
    seats = list(state.seats)
    seats[player] = replace(seats[player], members=(*seats[player].members, card))
    grid = (*state.grid[:slot], None, *state.grid[slot + 1:])
    return (replace(state, seats=tuple(seats), grid=grid),
            (Event("grab", {"player": player, "card": card.short, "slot": slot}),))


def freeze(state: State, rules: Rules, player: int,
           extra: int | None = None) -> tuple[State, tuple[Event, ...]]:
    """``player`` calls FREEZE!: the verdict, the extra card, the examination, the hold card."""
    _phase(state, Phase.GRAB, "freeze")
    _player(state, player)
    top = state.seats[player].top
    assert top is not None
    slots = matching_slots(top, state.grid, rules.hold and state.holder == player)
    right = not slots
    grid = list(state.grid)
    extra_card: Card | None = None
    if extra is not None:
        if not right:
            raise RuleError(f"player {player}'s FREEZE! is wrong: no extra card")
        if not (0 <= extra < len(grid)) or grid[extra] is None:
            raise RuleError(f"slot {extra} of the table holds no card for the extra card")
        extra_card, grid[extra] = grid[extra], None
    events = [Event("freeze", {"player": player, "right": right, "top": top.short,
                               "matching": [str(state.grid[i]) for i in slots],
                               "extra": extra_card.short if extra_card else None})]
    seats, taken, discarded = [], [], state.discarded
    for p, seat in enumerate(state.seats):
        assert seat.captain is not None
        cards = 1 + len(seat.members) + (1 if p == player and extra_card else 0)
        ok = p != player or right
        if ok:
            ok = _examine(p, seat, rules.hold and state.holder == p, events)
        events.append(Event("kept", {"player": p, "cards": cards}) if ok else
                      Event("discarded", {"player": p, "cards": cards, "reason":
                                          "broken-chain" if p != player or right
                                          else "wrong-freeze"}))
        taken.append(cards if ok else 0)
        discarded += 0 if ok else cards
        seats.append(replace(seat, captain=None, members=(), won=seat.won + (cards if ok else 0)))
    holder = state.holder
    if rules.hold:
        holder = hold_after_round(taken)
        events.append(Event("hold", {"player": holder, "taken": taken}))
    return (replace(state, seats=tuple(seats), grid=tuple(grid), phase=Phase.DEAL,
                    holder=holder, discarded=discarded, taken=tuple(taken)), tuple(events))


def _examine(player: int, seat: Seat, holder: bool, events: list[Event]) -> bool:
    assert seat.captain is not None
    previous = seat.captain
    for step, card in enumerate(seat.members, 1):
        params = {"player": player, "step": step, "from": previous.short, "to": card.short,
                  "differences": differences(previous, card)}
        reason = step_problem(previous, card, holder)
        if reason:
            events.append(Event("chain-broken", {**params, "reason": reason}))
            return False
        events.append(Event("chain-step", params))
        previous = card
    return True


def _phase(state: State, phase: Phase, action: str) -> None:
    if state.phase is not phase:
        raise RuleError(f"illegal action '{action}' in round {state.round}: the game is "
                        f"{'over' if state.over else 'at ' + state.phase.value}, not at "
                        f"{phase.value}")


def _player(state: State, player: int) -> None:
    if not (isinstance(player, int) and 0 <= player < state.players):
        raise RuleError(f"there is no player {player!r} (players 0..{state.players - 1})")


# --- scoring ------------------------------------------------------------------------

def scores(state: State, rules: Rules) -> tuple[int, ...]:
    """A point per animal card, bonus cards' points, minus the penalty cards."""
    return tuple(s.won + s.bonus_cards * rules.bonus_points + sum(s.minus) for s in state.seats)


def winners(state: State, rules: Rules) -> tuple[int, ...]:
    points = scores(state, rules)
    return tuple(p for p, n in enumerate(points) if n == max(points))


# --- solo ---------------------------------------------------------------------------

def solo_score(leftovers: Sequence[int]) -> int:
    """The solo score: every card set aside is a negative point (lower is better)."""
    return sum(leftovers)


# --- simulation ---------------------------------------------------------------------

@dataclass(frozen=True)
class Bot:
    """A simple player: grabs a random fitting card, now and then slips."""

    slip: float = 0.05     # grab a card without checking it, or call FREEZE! too early
    counting: float = 0.7  # counts a bonus round right


@dataclass(frozen=True)
class Simulation:
    state: State
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    events: tuple[Event, ...]


def simulate(rules: Rules, players: int, rng: random.Random, bot: Bot = Bot(),
             max_rounds: int = 200) -> Simulation:
    """A whole game played by bots; every round deals captains, so it always ends."""
    state, events = new_game(rules, players, rng), []
    while not state.over:
        if state.round > max_rounds:
            raise RuntimeError(f"a simulated game did not end in {max_rounds} rounds")
        if state.phase is Phase.DEAL:
            state, happened = deal(state, rules)
        elif state.phase is Phase.BONUS:
            state, happened = answer_bonus(state, rules, _bot_answers(state, bot, rng))
        else:
            state, happened = _bot_tick(state, rules, bot, rng)
        events.extend(happened)
    return Simulation(state, scores(state, rules), winners(state, rules), state.round,
                      tuple(events))


def _bot_answers(state: State, bot: Bot, rng: random.Random) -> list[Answer]:
    assert state.bonus is not None
    right = count_showing(state.grid, state.bonus)
    order = rng.sample(range(state.players), state.players)
    return [Answer(p, right if rng.random() < bot.counting else max(0, right + rng.choice((-1, 1))))
            for p in order if rng.random() < 0.8]


def _bot_tick(state: State, rules: Rules, bot: Bot,
              rng: random.Random) -> tuple[State, tuple[Event, ...]]:
    player = rng.randrange(state.players)
    top = state.seats[player].top
    assert top is not None
    fitting = matching_slots(top, state.grid, rules.hold and state.holder == player)
    cards = [i for i, c in enumerate(state.grid) if c is not None]
    if rng.random() < bot.slip and cards:
        if rng.random() < 0.5:
            return grab(state, rules, player, rng.choice(cards))
        fitting = []  # calls FREEZE! without looking
    if fitting:
        return grab(state, rules, player, rng.choice(fitting))
    right = freeze_is_right(top, state.grid, rules.hold and state.holder == player)
    return freeze(state, rules, player, rng.choice(cards) if right and cards else None)


__all__ = [
    "Answer", "BadStep", "Bot", "Phase", "Refill", "Rules", "Seat", "Simulation", "State",
    "answer_bonus", "bonus_winners", "check_chain", "deal", "freeze", "freeze_is_right",
    "grab", "hold_after_round", "matching_slots", "new_game", "on_table", "refill",
    "rules_from_data", "scores", "simulate", "solo_score", "step_problem",
    "winners",
]
