"""Worked examples of Yeti Slalom, replayed by the rules engine with the game's data.

The course (rows, start rows, Yeti rows, die symbols, multipliers) and the
deal come from the validated game.toml handed to :func:`replay`. A captain is
named by their team id (``"crocodiles"``), a snowboarder by its team and
value, a space as ``[row, column]`` (row 1 is the top, column 1 the left), a
Yeti card as ``"<yeti>-<colour>"`` (``"grumpy-green"``). Format of one
``[[examples]]`` entry:

``rules``  ``{ strict = false }`` (optional): the strict snowball variant.

``setup`` (optional; snowboarders not named are waiting):
    ``players``    3..5; defaults to the number of ``teams``, else 3
    ``teams``      the teams in seat (turn) order; default: the first teams of the data
    ``current``    the team whose turn it is (default: the first seat)
    ``positions``  snowboarders on the course: ``[{ team = "crocodiles", value = 2, at = [3, 4] }]``
    ``finish``     the finish spaces from space 1: ``[{ team = "beavers", value = 4 }]``
    ``late``       snowboarders that finished after the finish spaces were full
    ``held``       knocked-off snowboarders and who holds them:
                   ``[{ team = "beavers", value = 1, by = "crocodiles" }]``
    ``hands``      ``{ crocodiles = { yetis = ["grumpy-green"], snowballs = 2 } }``; a team
                   left out holds no cards
    ``placed``     Yeti cards already on their Yeti spaces: ``["grumpy-green"]``
    ``over``       ``true``: a finished game; snowboarders not named are out of the example
                   and score nothing, so only what each captain holds decides the winner
    ``deal``       ``true``: deal a fresh game by the player count instead (shuffled with
                   ``seed``, default 0); then only ``players``, ``teams`` and ``current``
                   may be given

``steps``: each step is one turn of whoever's turn it is (turns pass on by the rules):
    ``{ start = 2, at = [2, 3] }``              start the value-2 snowboarder on [2, 3]
    ``{ move = 2, to = [3, 3] }``               move the value-2 snowboarder
    ``{ move = 2, finish = true }``             move it forward out of the last row
    ``{ yeti = "grumpy", colour = "green", rolls = [4, 2] }``  place the card; first roll,
                                                then one re-roll per snowball card spent
    ``{ pass = true }``
    ``player = "crocodiles"`` (optional) checks whose turn it is. ``steps`` may be empty.

``expect`` (every key optional; lists of snowboarders are ``{ team, value }`` tables):
    ``positions``         every snowboarder on the course, ``{ team, value, at }``, in board
                          order (row by row from the top, left to right)
    ``finish``            the snowboarders on the finish spaces, space 1 first
    ``waiting``, ``late``, ``knocked_off``   team -> values (ascending), leaving out teams
                          with none; ``knocked_off`` lists what each captain holds
    ``scores``            team -> points, every team in play
    ``points``            team -> ``{ finish, late, knocked_off, total }``, every team in play
    ``winners``           the teams with the most points, in seat order (once the game is over)
    ``game_over``, ``current`` (the team to play next), ``sideways_allowed``
    ``snowballs``, ``yeti_cards``   team -> cards in hand, every team in play
    ``placed``            Yeti card -> cards on that Yeti space, leaving out empty spaces
    ``legal``             ``{ start, move, finish, yeti, pass }``: how many legal actions of
                          each kind the team to play next has
    ``destinations``      the spaces that team's moves reach (board order, each once)
    ``last_events``       the event kinds of the last step, in order
    about the example's last Yeti throw:
    ``roll_counts``       the roll that counted
    ``hit``               the snowboarders it knocked off, in board order
    ``spared``            the thrower's own snowboarders on the spaces it reached
    ``hit_columns``       the columns of its row it reached
    ``missed``            nothing was knocked off
    ``reach``             the columns a throw of its colour reaches in its row for each
                          roll 1 to 6 (six lists, best-roll rule)
    ``deal``              ``{ yeti_cards = [per seat], snowballs = [per seat], box, snowball_box }``
                          of the position before the first step: cards dealt, Yeti cards
                          back in the box unseen, snowball cards left in the box
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit.errors import ExampleError, RuleError
from printkit.examples import Event, Example, ExampleSchema, Replay
from printkit.schema import Array, Keyed, Table, Value

from .rules import (
    Action,
    Hand,
    Move,
    Pass,
    PlaceYeti,
    Rules,
    Snowboarder,
    Start,
    State,
    YetiCard,
    apply,
    captain,
    count_by_kind,
    deal_state,
    hit_spaces,
    legal_actions,
    rules_from_data,
    scores,
    setup_state,
    winners,
)

GAME_ID = "yeti-slalom"
EXAMPLES_FILE = Path(__file__).with_name("examples.toml")
STEP_KINDS = ("start", "move", "yeti", "pass")


def _space() -> Array:
    return Array(Value(int), min_items=2, max_items=2)


def _snowboarder(**extra: Any) -> Table:
    return Table({"team": Value(str), "value": Value(int), **extra})


def _values() -> Keyed:
    return Keyed(Array(Value(int), min_items=1), required=False)


def _teams(kind: type) -> Keyed:
    return Keyed(Value(kind), required=False)


def _maybe(kind: type, **kwargs: Any) -> Value:
    return Value(kind, required=False, **kwargs)


def _setup_shape(setup: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if setup.get("deal"):
        for key in ("positions", "finish", "late", "held", "hands", "placed"):
            if setup.get(key):
                problems.append((key, "a dealt game starts with every snowboarder waiting and "
                                      "the cards dealt; leave it out"))
    elif setup.get("seed") is not None:
        problems.append(("seed", "the seed shuffles a deal: give deal = true or leave it out"))
    if setup.get("over") and (setup.get("deal") or setup.get("positions")):
        problems.append(("over", "a finished game is what each captain holds: finish, late "
                                 "and held; no deal and nobody on the course"))
    teams, players = setup.get("teams"), setup.get("players")
    if teams is not None and players is not None and len(teams) != players:
        problems.append(("players", f"players = {players}, but teams names {len(teams)}"))
    return problems


def _step_shape(step: dict[str, Any]) -> list[tuple[str, str]]:
    kinds = [k for k in STEP_KINDS if step.get(k) is not None]
    if len(kinds) != 1:
        return [("start" if not kinds else kinds[1],
                 "a step is exactly one of start = value, move = value, yeti = id or "
                 "pass = true")]
    kind = kinds[0]
    allowed = {"start": {"at"}, "move": {"to", "finish"}, "yeti": {"colour", "rolls"},
               "pass": set()}[kind]
    problems = [(key, f"does not belong to a {kind} step")
                for key in ("at", "to", "finish", "colour", "rolls")
                if step.get(key) is not None and key not in allowed]
    if kind == "start" and step.get("at") is None:
        problems.append(("at", "a start needs the space: at = [row, column]"))
    if kind == "move":
        if step.get("finish") is False:
            problems.append(("finish", "finish = false means nothing; leave it out"))
        elif (step.get("to") is None) == (step.get("finish") is None):
            problems.append(("to", "a move needs to = [row, column] or finish = true"))
    if kind == "yeti":
        problems += [(key, "a Yeti step needs the card's colour and the rolls")
                     for key in ("colour", "rolls") if step.get(key) is None]
    if kind == "pass" and step["pass"] is not True:
        problems.append(("pass", "pass = false means nothing; leave it out"))
    return problems


def _no_empty_lists(expect: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f"{key}.{team}", "leave out a team with none") for key in
            ("waiting", "late", "knocked_off") for team, values in (expect.get(key) or {}).items()
            if not values]


EXAMPLE_SCHEMA = ExampleSchema(
    rules=Table({"strict": Value(bool, required=False, default=False)}),
    setup=Table({
        "players": _maybe(int, minimum=1),
        "teams": Array(Value(str), required=False),
        "current": _maybe(str),
        "positions": Array(_snowboarder(at=_space()), required=False, default=[]),
        "finish": Array(_snowboarder(), required=False, default=[]),
        "late": Array(_snowboarder(), required=False, default=[]),
        "held": Array(_snowboarder(by=Value(str)), required=False, default=[]),
        "hands": Keyed(Table({
            "yetis": Array(Value(str), required=False, default=[]),
            "snowballs": Value(int, required=False, default=0, minimum=0),
        }), required=False, default={}),
        "placed": Array(Value(str), required=False, default=[]),
        "deal": _maybe(bool, default=False),
        "seed": _maybe(int),
        "over": _maybe(bool, default=False),
    }, required=False, default={}, checks=(_setup_shape,)),
    step=Table({
        "player": _maybe(str),
        "start": _maybe(int),
        "at": Array(Value(int), required=False, min_items=2, max_items=2),
        "move": _maybe(int),
        "to": Array(Value(int), required=False, min_items=2, max_items=2),
        "finish": _maybe(bool),
        "yeti": _maybe(str),
        "colour": _maybe(str, choices=("green", "red")),
        "rolls": Array(Value(int, minimum=1, maximum=6), required=False, min_items=1),
        "pass": _maybe(bool),
    }, checks=(_step_shape,)),
    expect=Table({
        "positions": Array(_snowboarder(at=_space()), required=False),
        "finish": Array(_snowboarder(), required=False),
        "waiting": _values(),
        "late": _values(),
        "knocked_off": _values(),
        "scores": _teams(int),
        "points": Keyed(Table({key: Value(int) for key in
                               ("finish", "late", "knocked_off", "total")}), required=False),
        "winners": Array(Value(str), required=False),
        "game_over": _maybe(bool),
        "current": _maybe(str),
        "sideways_allowed": _maybe(bool),
        "snowballs": _teams(int),
        "yeti_cards": _teams(int),
        "placed": Keyed(Value(int, minimum=1), required=False),
        "legal": Table({key: Value(int, minimum=0) for key in
                        ("start", "move", "finish", "yeti", "pass")}, required=False),
        "destinations": Array(_space(), required=False),
        "last_events": Array(Value(str), required=False),
        "roll_counts": _maybe(int),
        "hit": Array(_snowboarder(), required=False),
        "spared": Array(_snowboarder(), required=False),
        "hit_columns": Array(Value(int), required=False),
        "missed": _maybe(bool),
        "reach": Array(Array(Value(int)), required=False, min_items=6, max_items=6),
        "deal": Table({"yeti_cards": Array(Value(int)), "snowballs": Array(Value(int)),
                       "box": Value(int), "snowball_box": Value(int)}, required=False),
    }, checks=(_no_empty_lists,)),
    min_steps=0,
)


def replay(example: Example, data: Mapping[str, Any]) -> Replay:
    """Play the example's steps from its setup; observe the position after the last one.

    ``states`` holds the position before the first step and after each step;
    ``events`` every event of every step, in order.
    """
    rules = rules_from_data(data, strict=bool(example.rules.get("strict", False)))
    _check_names(example, rules)
    state = _setup(example, rules)
    states: list[State] = [state]
    events: list[Event] = []
    last_step: tuple[Event, ...] = ()
    last_throw: tuple[State, YetiCard, tuple[Event, ...]] | None = None
    for number, step in enumerate(example.steps, 1):
        where = f"step {number}"
        if state.over:
            raise _error(example, f"{where}: the game is already over; every snowboarder has "
                                  f"left the course")
        player = step.get("player")
        if player is not None and player != state.team:
            raise _error(example, f"{where}: the step is for the {player}, but it is "
                                  f"{captain(state.team)}'s turn")
        action, rolls = _action(example, where, step, state)
        try:
            after, last_step = apply(state, action, rules, rolls)
        except RuleError as exc:
            raise _error(example, f"{where}: {exc}") from None
        if isinstance(action, PlaceYeti):
            last_throw = (state, action.card, last_step)
        state = after
        states.append(state)
        events.extend(last_step)
    return Replay(observed=_observe(states[0], state, rules, last_step, last_throw),
                  states=tuple(states), events=tuple(events))


def _action(example: Example, where: str, step: Mapping[str, Any],
            state: State) -> tuple[Action, tuple[int, ...]]:
    if step.get("start") is not None:
        return Start(step["start"], tuple(step["at"])), ()
    if step.get("move") is not None:
        to = None if step.get("finish") else tuple(step["to"])
        return Move(Snowboarder(state.team, step["move"]), to), ()
    if step.get("yeti") is not None:
        card = _card(example, where, f"{step['yeti']}-{step['colour']}")
        return PlaceYeti(card), tuple(step["rolls"])
    return Pass(), ()


def _observe(first: State, state: State, rules: Rules, last_step: tuple[Event, ...],
             last_throw: tuple[State, YetiCard, tuple[Event, ...]] | None) -> dict[str, Any]:
    actions = legal_actions(state, rules)
    teams = state.teams
    detail = scores(state, rules)
    observed: dict[str, Any] = {
        "positions": [{**sb.as_dict(), "at": list(space)} for space, sb in state.on_course()],
        "finish": [sb.as_dict() for sb in state.finishers()],
        "waiting": _by_team(teams, lambda t: state.waiting(t)),
        "late": _by_team(teams, lambda t: state.late(t)),
        "knocked_off": _by_team(teams, lambda t: [sb.value for sb in
                                                   state.held(teams.index(t))]),
        "scores": {s.team: s.total for s in detail},
        "points": {s.team: {"finish": s.finish_points, "late": sum(s.late),
                            "knocked_off": sum(s.knocked_off), "total": s.total}
                   for s in detail},
        "winners": [teams[i] for i in winners(state, rules)] if state.over else None,
        "game_over": state.over,
        "current": state.team,
        "sideways_allowed": state.sideways_allowed,
        "snowballs": {t: h.snowballs for t, h in zip(teams, state.hands, strict=True)},
        "yeti_cards": {t: len(h.yetis) for t, h in zip(teams, state.hands, strict=True)},
        "placed": {str(card): state.placed.count(card) for card in dict.fromkeys(state.placed)},
        "legal": count_by_kind(actions),
        "destinations": [list(s) for s in sorted({a.to for a in actions
                                                  if isinstance(a, Move) and a.to is not None})],
        "last_events": [e.kind for e in last_step],
        "deal": {"yeti_cards": [len(h.yetis) for h in first.hands],
                 "snowballs": [h.snowballs for h in first.hands],
                 "box": len(first.box), "snowball_box": first.snowball_box},
        **_throw(rules, last_throw),
    }
    return observed


def _throw(rules: Rules,
           last_throw: tuple[State, YetiCard, tuple[Event, ...]] | None) -> dict[str, Any]:
    if last_throw is None:
        return {"roll_counts": None, "hit": [], "spared": [], "hit_columns": [],
                "missed": None, "reach": None}
    _, card, events = last_throw
    found = {e.kind: e.params for e in events}
    hit, spared = found.get("hit"), found.get("spared")
    row = rules.course.yeti(card.yeti).row
    return {
        "roll_counts": found["rolled"]["counts"],
        "hit": list(hit["snowboarders"]) if hit else [],
        "spared": list(spared["snowboarders"]) if spared else [],
        "hit_columns": list((hit or found.get("missed") or {}).get("columns", [])),
        "missed": hit is None,
        "reach": [list(hit_spaces(rules.course, card.colour, row, roll)) for roll in range(1, 7)],
    }


def _by_team(teams: Sequence[str], values: Any) -> dict[str, list[int]]:
    out = {}
    for team in teams:
        found = sorted(values(team))
        if found:
            out[team] = found
    return out


def _setup(example: Example, rules: Rules) -> State:
    setup = example.setup
    teams = setup.get("teams")
    players = setup.get("players")
    if teams is None:
        teams = list(rules.teams[:players or 3])
    try:
        if setup.get("deal"):
            state = deal_state(len(teams), rules, random.Random(setup.get("seed") or 0), teams)
            current = setup.get("current")
            return state if current is None else _with_current(state, current)
        return setup_state(
            rules, teams,
            positions=[(_sb(p), tuple(p["at"])) for p in setup.get("positions") or []],
            finish=[_sb(p) for p in setup.get("finish") or []],
            late=[_sb(p) for p in setup.get("late") or []],
            held=[(_sb(p), p["by"]) for p in setup.get("held") or []],
            hands={team: Hand(tuple(_card(example, f"setup.hands.{team}.yetis", c)
                                    for c in hand.get("yetis") or []),
                              hand.get("snowballs") or 0)
                   for team, hand in (setup.get("hands") or {}).items()},
            placed=[_card(example, "setup.placed", c) for c in setup.get("placed") or []],
            current=setup.get("current"), over=bool(setup.get("over")),
        )
    except RuleError as exc:
        raise _error(example, f"setup: {exc}") from None


def _with_current(state: State, team: str) -> State:
    return replace(state, current=state.seat(team))


def _sb(table: Mapping[str, Any]) -> Snowboarder:
    return Snowboarder(table["team"], table["value"])


def _card(example: Example, where: str, text: str) -> YetiCard:
    try:
        return YetiCard.parse(text)
    except RuleError as exc:
        raise _error(example, f"{where}: {exc}") from None


def _check_names(example: Example, rules: Rules) -> None:
    """Every team, value and Yeti an example writes must be one of the data's."""
    yetis = rules.course.yeti_ids()
    for where, kind, name in _named(example):
        valid: Sequence[Any] = {"team": rules.teams, "value": rules.values, "yeti": yetis}[kind]
        if name not in valid:
            raise _error(example, f"{where}: unknown {kind} {name!r}; valid: "
                                  f"{', '.join(map(str, valid))}")


def _named(example: Example) -> Iterator[tuple[str, str, Any]]:
    setup, expect = example.setup, example.expect
    yield from (("setup.teams", "team", t) for t in setup.get("teams") or [])
    if setup.get("current") is not None:
        yield "setup.current", "team", setup["current"]
    for key in ("positions", "finish", "late", "held"):
        for i, p in enumerate(setup.get(key) or []):
            yield f"setup.{key}[{i}]", "team", p["team"]
            yield f"setup.{key}[{i}]", "value", p["value"]
            if p.get("by") is not None:
                yield f"setup.{key}[{i}].by", "team", p["by"]
    yield from (("setup.hands", "team", t) for t in setup.get("hands") or {})
    for key, cards in (("setup.placed", setup.get("placed") or []),
                       *((f"setup.hands.{t}.yetis", h.get("yetis") or [])
                         for t, h in (setup.get("hands") or {}).items())):
        for card in cards:
            yield key, "yeti", str(card).rpartition("-")[0] or card
    for n, step in enumerate(example.steps, 1):
        if step.get("player") is not None:
            yield f"step {n}: player", "team", step["player"]
        for key in ("start", "move"):
            if step.get(key) is not None:
                yield f"step {n}: {key}", "value", step[key]
        if step.get("yeti") is not None:
            yield f"step {n}: yeti", "yeti", step["yeti"]
    for key in ("waiting", "late", "knocked_off", "scores", "points", "snowballs", "yeti_cards"):
        yield from ((f"expect.{key}", "team", t) for t in expect.get(key) or {})
    for key in ("positions", "finish", "hit", "spared"):
        for i, p in enumerate(expect.get(key) or []):
            yield f"expect.{key}[{i}]", "team", p["team"]
    yield from (("expect.winners", "team", t) for t in expect.get("winners") or [])
    if expect.get("current") is not None:
        yield "expect.current", "team", expect["current"]


def _error(example: Example, message: str) -> ExampleError:
    return ExampleError(f"example {example.name}: {message}")


__all__ = ["EXAMPLES_FILE", "EXAMPLE_SCHEMA", "GAME_ID", "replay"]
