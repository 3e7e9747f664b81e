"""Worked examples of Pick-a-Polar Bear, replayed by the rules engine with the game's data.

Cards are written one capital letter per attribute, in the data's attribute
order (size, right arm, glasses, tin of fish, season), each the initial of
the value id: ``BRGTA`` is big, arm raised, glasses, tin, autumn; ``SDNNW`` is
small, arm down, no glasses, no tin, winter. The value ids themselves work
too: ``"big raised glasses tin autumn"``. A bonus card is ``"bonus"`` and its
two value ids: ``"bonus glasses raised"``. Players are numbered from 0.

``rules``  ``{ hold = false, bonus = false }``: the hold-card and bonus-round variants.

``setup`` of a multiplayer example (every key optional):
    ``players``    2..5; default: one per captain, else 2
    ``captains``   one card per player: the round is on, players grab (without
                   captains the first step is ``deal``)
    ``grid``       the table, slot by slot, row by row; ``"-"`` is an empty slot;
                   a shorter list leaves the last slots empty
    ``pile``       the draw pile, top first: cards and bonus cards
    ``won``        animal cards in each player's winning pile
    ``bonus_cards`` bonus cards in each player's winning pile (each worth 2)
    ``minus``      the penalty cards each player shows: ``[[-2], []]``
    ``holder``     the player holding the hold card (hold variant)
    ``discarded``  animal cards on the discard pile
``setup`` of a solo example: ``solo_grid`` (the cards of one solo round, row by row).

``steps``: each step is one of
    ``{ player = 0, take = "BRGTA" }``   grab the first table card showing it (or ``slot = n``)
    ``{ player = 1, freeze = true, extra = "SDNNW" }``  FREEZE!: verdict, extra card
                   (only after a right call), examination of every pile, hold card
    ``{ answers = [{ player = 0, says = 3 }, { player = 1, says = 3, same_time = true }] }``
                   a bonus round's shouted answers, in order; then the refill goes on
    ``{ deal = true }``  the next round: captains, refill (or the end of the game)
    ``{ chain = ["BRGTA", "BRGTW"] }``  solo: the player's chain (each card from the
                   first slot showing it); ``{ solve = true }``: the solver's best chain

``expect`` (every key optional). Multiplayer: ``won``, ``scores``, ``minus`` (per
player), ``kept`` (per player: the last examined pile went to the winning pile),
``taken`` (cards each kept then), ``broken`` (``[[player, step], ...]``),
``differences`` (attribute ids of the first broken step), ``freeze_right``,
``matching`` (table cards that still matched the caller's top card), ``extra``,
``holder`` (``[player]``, or ``[]`` for nobody), ``bonus_answer``,
``bonus_winners``, ``bonus_cards`` (per player), ``bonus_table`` (member cards on
the table when the bonus card came up), ``bonus_discarded`` (bonus cards
discarded), ``penalty_cards`` (animal cards each player lost to penalties),
``table``, ``pile``, ``discarded``, ``phase``, ``round``, ``game_over``,
``winners``. Solo: ``leftover``, ``chain_length``, ``best_leftover`` (the solver's
proven optimum for the grid), ``optimal``.

Events (``Event.kind`` {params}); cards in the short notation, players from 0:

``round``            {round, holder: player | None}
``bonus-discarded``  {card, reason: "captains" | "too-few", table: member cards on the table}
``bonus-revealed``   {card, features: {attribute: value}, table}
``bonus``            {card, features, answer, answers: [[player, n], ...], winners: [player, ...],
                      paid: [[player, from discards, from the draw pile, from the table], ...]
                      for each right answer after the first}
``penalty``          {player, cards: animal cards lost, minus_card: -2 | -4 | None, flipped,
                      bonus_card: true when a bonus card from the winning pile paid it}
``grab``             {player, card, slot}
``freeze``           {player, right, top, matching: [card, ...], extra: card | None}
``chain-step``       {player, step, from, to, differences: [attribute, ...]}
``chain-broken``     {player, step, from, to, differences, reason: "differences" | "identical"}
``kept``             {player, cards}: the round's cards go to the winning pile
``discarded``        {player, cards, reason: "wrong-freeze" | "broken-chain"}
``hold``             {player: player | None, taken: [cards kept per player]}
``game-over``        {scores, winners}
``solo-round``       {round, chain: [card, ...], leftover}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from printkit.errors import ExampleError, RuleError
from printkit.examples import Event, Example, ExampleSchema, Replay
from printkit.schema import Array, Table, Value

from .cards import BonusCard, Card, CardModel
from .rules import (
    Answer,
    Phase,
    Rules,
    Seat,
    State,
    answer_bonus,
    deal,
    freeze,
    grab,
    on_table,
    rules_from_data,
    scores,
    winners,
)
from .solver import solo_round, solve

GAME_ID = "pick-a-polar-bear"
EXAMPLES_FILE = Path(__file__).with_name("examples.toml")
EMPTY = "-"

ACTIONS = ("take", "slot", "freeze", "answers", "deal", "chain", "solve")


def _step_shape(step: dict[str, Any]) -> list[tuple[str, str]]:
    given = [k for k in ACTIONS if step.get(k) is not None]
    if "take" in given and "slot" in given:
        return [("slot", "take a card or a slot, not both")]
    actions = [k for k in given if k != "slot"] or given
    if len(actions) != 1:
        return [("(step)", f"a step is exactly one of {', '.join(ACTIONS)}; "
                           f"got {', '.join(given) or 'none'}")]
    needs_player = actions[0] in ("take", "slot", "freeze")
    if needs_player and step.get("player") is None:
        return [("player", f"who does it? '{actions[0]}' needs player = n")]
    if step.get("extra") is not None and actions[0] != "freeze":
        return [("extra", "only a FREEZE! call takes an extra card")]
    for flag in ("freeze", "deal", "solve"):
        if step.get(flag) is False:
            return [(flag, f"{flag} = false means nothing; leave it out")]
    return []


def _maybe(kind: type, **kw: Any) -> Value:
    return Value(kind, required=False, **kw)


def _ints(**kw: Any) -> Array:
    return Array(Value(int, **kw), required=False)


EXAMPLE_SCHEMA = ExampleSchema(
    rules=Table({"hold": Value(bool, required=False, default=False),
                 "bonus": Value(bool, required=False, default=False)}),
    setup=Table({
        "players": _maybe(int, minimum=1),
        "captains": Array(Value(str), required=False),
        "grid": Array(Value(str), required=False, default=[]),
        "pile": Array(Value(str), required=False, default=[]),
        "won": _ints(minimum=0),
        "bonus_cards": _ints(minimum=0),
        "minus": Array(Array(Value(int, maximum=-1)), required=False),
        "holder": _maybe(int, minimum=0),
        "discarded": _maybe(int, minimum=0, default=0),
        "solo_grid": Array(Value(str), required=False),
    }, required=False, default={}),
    step=Table({
        "player": _maybe(int, minimum=0),
        "take": _maybe(str),
        "slot": _maybe(int, minimum=0),
        "freeze": _maybe(bool),
        "extra": _maybe(str),
        "answers": Array(Table({"player": Value(int, minimum=0),
                                "says": Value(int, minimum=0),
                                "same_time": _maybe(bool, default=False)}), required=False),
        "deal": _maybe(bool),
        "chain": Array(Value(str), required=False, min_items=1),
        "solve": _maybe(bool),
    }, checks=(_step_shape,)),
    expect=Table({
        "won": _ints(), "scores": _ints(), "minus": Array(Array(Value(int)), required=False),
        "bonus_cards": _ints(),
        "kept": Array(Value(bool), required=False), "taken": _ints(),
        "broken": Array(Array(Value(int), min_items=2, max_items=2), required=False),
        "differences": Array(Value(str), required=False),
        "freeze_right": _maybe(bool), "matching": Array(Value(str), required=False),
        "extra": _maybe(str), "holder": _ints(), "bonus_answer": _maybe(int),
        "bonus_winners": _ints(), "bonus_table": _maybe(int), "bonus_discarded": _maybe(int),
        "penalty_cards": _ints(), "table": _maybe(int), "pile": _maybe(int),
        "discarded": _maybe(int), "phase": _maybe(str, choices=tuple(p.value for p in Phase)),
        "round": _maybe(int), "game_over": _maybe(bool), "winners": _ints(),
        "leftover": _maybe(int), "chain_length": _maybe(int), "best_leftover": _maybe(int),
        "optimal": _maybe(bool),
    }),
)


def replay(example: Example, data: Mapping[str, Any]) -> Replay:
    """Play the example's steps from its setup and observe the result.

    ``states``: the position before the first step and after each (solo: the
    chains' slot lists); ``events``: every event of every step, in order.
    """
    rules = rules_from_data(data, hold=bool(example.rules.get("hold")),
                           bonus=bool(example.rules.get("bonus")))
    if example.setup.get("solo_grid") is not None:
        return _replay_solo(example, rules)
    state = _at(example, "setup", lambda: position(example.setup, rules))
    states, events = [state], []
    for number, step in enumerate(example.steps, 1):
        state, happened = _at(example, f"step {number}",
                              lambda state=state, step=step: _act(state, step, rules))
        states.append(state)
        events.extend(happened)
    return Replay(observed=_observe(state, rules, events), states=tuple(states),
                  events=tuple(events))


def position(setup: Mapping[str, Any], rules: Rules) -> State:
    """The position an example's setup describes (also handy for tests)."""
    captains = _captains(setup, rules)
    players = _player_count(setup, captains, rules)
    grid, pile = _table_and_pile(setup, rules)
    holder = _hold_card_holder(setup, rules, players)
    seats = _seats(setup, rules, players, captains)
    _check_copies((*grid, *pile, *(s.captain for s in seats)), rules)
    return State(seats=seats, grid=tuple(grid) + (None,) * (rules.table_slots - len(grid)),
                 pile=tuple(pile), phase=Phase.GRAB if captains else Phase.DEAL,
                 round=1 if captains else 0, holder=holder,
                 discarded=setup.get("discarded") or 0,
                 minus_left=rules.minus_supply - sum(len(s.minus) for s in seats))


def _captains(setup: Mapping[str, Any], rules: Rules) -> list[Card] | None:
    """Each player's captain card, if the round is on."""
    if not setup.get("captains"):
        return None
    return [_card(rules.model, c, f"captains[{i}]") for i, c in enumerate(setup["captains"])]


def _player_count(setup: Mapping[str, Any], captains: list[Card] | None, rules: Rules) -> int:
    """How many play: as given, else one per captain, else two; a multiplayer game."""
    players = setup.get("players") or (len(captains) if captains else 2)
    if not 2 <= players <= rules.max_players:
        raise RuleError(f"the multiplayer game is for 2-{rules.max_players} players, not "
                        f"{players}; a solo example gives solo_grid")
    return players


def _table_and_pile(setup: Mapping[str, Any],
                    rules: Rules) -> tuple[list[Card | None], list[Card | BonusCard]]:
    """The cards on the table, slot by slot (None for an empty one), and the draw pile,
    top first: no more cards than the table has slots, bonus cards only in the bonus
    round variant."""
    model = rules.model
    grid = [None if text == EMPTY else _card(model, text, f"grid[{i}]")
            for i, text in enumerate(setup.get("grid") or [])]
    pile = [_drawn(model, rules, text, f"pile[{i}]")
            for i, text in enumerate(setup.get("pile") or [])]
    if len(grid) > rules.table_slots:
        raise RuleError(f"grid: the table has {rules.table_slots} slots, not {len(grid)}")
    if any(isinstance(c, BonusCard) for c in pile) and not rules.bonus:
        raise RuleError("pile: bonus cards are only shuffled in with rules = { bonus = true }")
    return grid, pile


def _hold_card_holder(setup: Mapping[str, Any], rules: Rules, players: int) -> int | None:
    """The player holding the hold card, in the hold card variant."""
    holder = setup.get("holder")
    if holder is not None and (not rules.hold or holder >= players):
        raise RuleError("holder: the hold card needs rules = { hold = true }" if not rules.hold
                        else f"holder: there is no player {holder}")
    return holder


def _seats(setup: Mapping[str, Any], rules: Rules, players: int,
           captains: list[Card] | None) -> tuple[Seat, ...]:
    """Each player's captain, winning pile (animal and bonus cards) and penalty cards."""
    won = list(setup.get("won") or [0] * players)
    bonus_won = list(setup.get("bonus_cards") or [0] * players)
    minus = [tuple(m) for m in setup.get("minus") or [[] for _ in range(players)]]
    if any(bonus_won) and not rules.bonus:
        raise RuleError("bonus_cards: bonus cards are only won with rules = { bonus = true }")
    _check_one_per_player(players, captains=captains, won=won, bonus_cards=bonus_won,
                          minus=minus)
    _check_penalty_cards(minus, rules)
    return tuple(Seat(captain=captains[p] if captains else None, won=won[p],
                      bonus_cards=bonus_won[p], minus=minus[p])
                 for p in range(players))


def _check_one_per_player(players: int, **lists: Sequence[Any] | None) -> None:
    """Each list the setup gives has one entry per player."""
    for key, listed in lists.items():
        if listed is not None and len(listed) != players:
            raise RuleError(f"{key}: give one entry per player ({players}), not {len(listed)}")


def _check_penalty_cards(minus: Sequence[tuple[int, ...]], rules: Rules) -> None:
    """Each penalty card a player shows is one of the penalty card's two faces."""
    for faces in minus:
        if any(f not in (rules.minus_front, rules.minus_back) for f in faces):
            raise RuleError(f"minus: a penalty card shows {rules.minus_front} or "
                            f"{rules.minus_back}, not {list(faces)}")


def _check_copies(shown: Sequence[Card | BonusCard | None], rules: Rules) -> None:
    """No animal card is shown (on the table, in the pile, as a captain) more often than
    the deck has copies of it."""
    cards = [c for c in shown if isinstance(c, Card)]
    for card in set(cards):
        if cards.count(card) > rules.copies:
            raise RuleError(f"{card} is shown {cards.count(card)} times; the deck has "
                            f"{rules.copies} of each card")


def _act(state: State, step: Mapping[str, Any],
         rules: Rules) -> tuple[State, tuple[Event, ...]]:
    model, player = rules.model, step.get("player")
    if step.get("deal"):
        return deal(state, rules)
    if step.get("answers") is not None:
        answers = [Answer(a["player"], a["says"], bool(a.get("same_time"))) for a in
                   step["answers"]]
        return answer_bonus(state, rules, answers)
    if step.get("chain") is not None or step.get("solve"):
        raise RuleError("chain and solve are solo steps; give the setup a solo_grid")
    assert player is not None
    if step.get("freeze"):
        extra = None
        if step.get("extra") is not None:
            extra = _slot(state, _card(model, step["extra"], "extra"), "extra")
        return freeze(state, rules, player, extra)
    if step.get("take") is not None:
        return grab(state, rules, player, _slot(state, _card(model, step["take"], "take"), "take"))
    return grab(state, rules, player, step["slot"])


def _slot(state: State, card: Card, key: str) -> int:
    for i, shown in enumerate(state.grid):
        if shown == card:
            return i
    raise RuleError(f"{key}: no {card} lies on the table")


def _observe(state: State, rules: Rules, events: Sequence[Event]) -> dict[str, Any]:
    players = state.players
    last_freeze = max((i for i, e in enumerate(events) if e.kind == "freeze"), default=None)
    examined = events[last_freeze:] if last_freeze is not None else ()
    freeze_event = examined[0] if examined else None
    broken = [e for e in examined if e.kind == "chain-broken"]
    kept = {e.params["player"] for e in examined if e.kind == "kept"}
    bonus = [e for e in events if e.kind == "bonus"]
    revealed = [e for e in events if e.kind == "bonus-revealed"]
    lost = [0] * players
    for e in events:
        if e.kind == "penalty":
            lost[e.params["player"]] += e.params["cards"]
    return {
        "won": [s.won for s in state.seats],
        "bonus_cards": [s.bonus_cards for s in state.seats],
        "scores": list(scores(state, rules)),
        "minus": [list(s.minus) for s in state.seats],
        "kept": [p in kept for p in range(players)] if freeze_event else None,
        "taken": list(state.taken) if freeze_event else None,
        "broken": [[e.params["player"], e.params["step"]] for e in broken],
        "differences": list(broken[0].params["differences"]) if broken else None,
        "freeze_right": freeze_event.params["right"] if freeze_event else None,
        "matching": list(freeze_event.params["matching"]) if freeze_event else None,
        "extra": freeze_event.params["extra"] if freeze_event else None,
        "holder": [state.holder] if state.holder is not None else [],
        "bonus_answer": bonus[-1].params["answer"] if bonus else None,
        "bonus_winners": list(bonus[-1].params["winners"]) if bonus else None,
        "bonus_table": revealed[-1].params["table"] if revealed else None,
        "bonus_discarded": sum(1 for e in events if e.kind == "bonus-discarded"),
        "penalty_cards": lost,
        "table": on_table(state.grid),
        "pile": len(state.pile),
        "discarded": state.discarded,
        "phase": state.phase.value,
        "round": state.round,
        "game_over": state.over,
        "winners": list(winners(state, rules)) if state.over else None,
    }


def _replay_solo(example: Example, rules: Rules) -> Replay:
    model = rules.model
    setup = example.setup
    extra = [k for k, v in setup.items() if v not in (None, [], 0) and k != "solo_grid"]
    if extra:
        raise _error(example, f"setup: a solo example gives only solo_grid, not "
                              f"{', '.join(extra)}")
    grid = [_at(example, "setup", lambda i=i, t=t: _card(model, t, f"solo_grid[{i}]"))
            for i, t in enumerate(setup["solo_grid"])]
    if len(grid) > rules.solo_slots:
        raise _error(example, f"setup: a solo grid has at most {rules.solo_slots} cards, not "
                              f"{len(grid)}")
    best = solve(grid)
    states: list[Any] = [tuple(grid)]
    events: list[Event] = []
    observed: dict[str, Any] = {"best_leftover": best.leftover}
    for number, step in enumerate(example.steps, 1):
        if step.get("solve"):
            chain = list(best.positions)
        elif step.get("chain") is not None:
            chain = _at(example, f"step {number}",
                        lambda step=step: _solo_slots(grid, step["chain"], model))
        else:
            raise _error(example, f"step {number}: a solo example's steps are chain or solve")
        leftover, happened = _at(example, f"step {number}",
                                 lambda chain=chain, n=number: solo_round(grid, chain, n))
        states.append(tuple(chain))
        events.extend(happened)
        observed.update(leftover=leftover, chain_length=len(chain),
                        optimal=leftover == best.leftover and best.optimal)
    return Replay(observed=observed, states=tuple(states), events=tuple(events))


def _solo_slots(grid: Sequence[Card], texts: Sequence[str], model: CardModel) -> list[int]:
    used: set[int] = set()
    slots = []
    for n, text in enumerate(texts):
        card = _card(model, text, f"chain[{n}]")
        slot = next((i for i, c in enumerate(grid) if c == card and i not in used), None)
        if slot is None:
            raise RuleError(f"chain[{n}]: no {card} is left in the grid")
        used.add(slot)
        slots.append(slot)
    return slots


def _card(model: CardModel, text: str, where: str) -> Card:
    try:
        return model.parse(text)
    except RuleError as exc:
        raise RuleError(f"{where}: {exc}") from None


def _drawn(model: CardModel, rules: Rules, text: str, where: str) -> Card | BonusCard:
    if text.split()[:1] == ["bonus"]:
        try:
            return model.parse_bonus(text, rules.bonus_cards)
        except RuleError as exc:
            raise RuleError(f"{where}: {exc}") from None
    return _card(model, text, where)


def _at(example: Example, where: str, action: Any) -> Any:
    try:
        return action()
    except RuleError as exc:
        raise _error(example, f"{where}: {exc}") from None


def _error(example: Example, message: str) -> ExampleError:
    return ExampleError(f"example {example.name}: {message}")


__all__ = ["EXAMPLES_FILE", "EXAMPLE_SCHEMA", "GAME_ID", "position", "replay"]
