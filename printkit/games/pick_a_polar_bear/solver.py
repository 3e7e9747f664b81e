"""The solo game of Pick-a-Polar Bear: checking a round, and an exact solver.

A solo round lays out a grid; the player starts with any card and takes cards
that each match the previous one until no card left matches; the rest are set
aside as negative points. :func:`solve` finds the longest chain and proves it.

The search. Identical cards are interchangeable, so the grid becomes a count
``c[v]`` per vertex of the hypercube (``Card.index``); a chain is a walk that
steps to a neighbour (one attribute changed). All copies of a vertex can be
taken on its first visit, so a walk collects every card of each vertex it
visits; a vertex can be visited up to ``c[v]`` times, later visits only as a
way through. For a target T, going down from an upper bound for the whole
grid, a depth-first search looks for a walk collecting T cards: the first
target reached is the optimum, every higher one having failed in full. All
pruning is sound:

* a state (current vertex, visits left per vertex) that failed is not searched
  again: the cards collected follow from the state;
* bound: unvisited cards still reachable, in one branch only when the current
  vertex cannot be visited again; a visit needs a neighbour visit on each side,
  so a vertex with fewer than two left around it can only end the walk, and
  one vertex ends it; visits alternate the hypercube's two parities, which
  caps the vertices of each parity still reachable;
* when T needs every reachable card, each parity's slack bounds its revisits,
  which bounds the neighbours' visits, and so on (``can_take_all``);
* a walk and its reverse collect the same cards: once every walk from a start
  failed, no later walk may end there.

Runs restart with growing node budgets (the Luby sequence) and a seeded
tie-break, sharing the failed states; a run that ends within its budget is
the proof. Results are deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.errors import RuleError
from printkit.examples import Event

from .cards import Card, check_chain, deck, matching_slots
from .rules import rules_from_data, solo_score


@dataclass(frozen=True)
class Solution:
    """A chain through a grid: the cards in order, their grid slots, the cards set aside."""

    chain: tuple[Card, ...]
    positions: tuple[int, ...]
    leftover: int
    optimal: bool = True
    #: Search nodes visited (0 for the greedy chain).
    nodes: int = 0


class _Found(Exception):
    """A walk reached the target."""


class _Cap(Exception):
    """A run of the search used up its nodes."""


def _luby(i: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …: restart lengths of the search."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    return 1 << (k - 1) if i == (1 << k) - 1 else _luby(i - (1 << (k - 1)) + 1)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    """Walks on the hypercube collecting at least a target number of cards."""

    RESTART = 64  # nodes of the shortest run; runs grow by the Luby sequence

    def __init__(self, counts: Sequence[int], bits: int, limit: int | None) -> None:
        self.c = list(counts)
        self.present = [v for v, n in enumerate(self.c) if n]
        self.nbrs = [[v ^ (1 << i) for i in range(bits) if self.c[v ^ (1 << i)]]
                     for v in range(len(self.c))]
        self.adj = [sum(1 << u for u in self.nbrs[v]) for v in range(len(self.c))]
        self.parity = [v.bit_count() & 1 for v in range(len(self.c))]
        self.shift = max(1, max(self.c, default=1).bit_length())
        self.nodes, self.limit = 0, limit
        self.rng = random.Random(0)
        self.reset()

    def reset(self) -> None:
        self.budget = list(self.c)  # visits left per vertex
        self.avail = sum(1 << v for v in self.present)  # vertices with visits left
        self.visited = 0
        self.closed = 0  # starts searched in full: the walk cannot end there
        self.packed = sum(n << (v * self.shift) for v, n in enumerate(self.c))
        self.path: list[int] = []

    def reach(self, frontier: int, through: int) -> int:
        """Vertices reachable from ``frontier`` stepping only on vertices of ``through``."""
        got, frontier = 0, frontier & through
        while frontier:
            got |= frontier
            step = 0
            for v in _bits(frontier):
                step |= self.adj[v]
            frontier = step & through & ~got
        return got

    def slots(self, v: int, cur: int, budget: Sequence[int]) -> int:
        """Visits of v's neighbours still possible, the current visit included."""
        return (self.adj[v] >> cur & 1) + sum(budget[u] for u in self.nbrs[v])

    def bound(self, cur: int) -> int:
        """At most this many more cards can be collected from the current state."""
        c, budget, parity = self.c, self.budget, self.parity
        rest, far = self.avail & ~(1 << cur), parity[cur]
        parts, seen = [], 0
        for u in self.nbrs[cur]:
            if not budget[u] or seen >> u & 1:
                continue
            part = self.reach(1 << u, rest) | 1 << u
            seen |= part
            caps, inner, ends = [0, 0], [[], []], [0, 0]
            for v in _bits(part):
                cap = min(budget[v], self.slots(v, cur, budget) - 1)
                if cap > 0:
                    caps[parity[v]] += cap
                    if not self.visited >> v & 1:
                        inner[parity[v]].append(c[v])
                elif not (self.visited | self.closed) >> v & 1:
                    ends[parity[v]] = max(ends[parity[v]], c[v])
            parts.append((sum(inner[0]) + sum(inner[1]) + max(ends), caps, inner, ends))
        if not parts:
            return 0
        b = budget[cur]
        if b == 0:  # the walk goes into one part only
            return max(min(loose, _by_parity(caps, inner, ends, far))
                       for loose, caps, inner, ends in parts)
        caps = [0, 0]
        caps[far] = max(0, min(b, self.slots(cur, cur, budget) - 1))
        inner, ends = [[], []], [0, 0]
        for _, part_caps, part_inner, part_ends in parts:
            for p in (0, 1):
                caps[p] += part_caps[p]
                inner[p] += part_inner[p]
                ends[p] = max(ends[p], part_ends[p])
        loose = sum(sorted((part[0] for part in parts), reverse=True)[:b + 1])
        return min(loose, _by_parity(caps, inner, ends, far))

    def fresh_total(self, cur: int) -> int:
        return sum(self.c[v] for v in _bits(self.reach(self.adj[cur], self.avail)
                                            & ~self.visited))

    def can_take_all(self, cur: int) -> bool:
        """False when no walk from ``cur`` collects every unvisited vertex it can reach.

        Each parity's visits are then at least its unvisited vertices; what is
        left over (the slack) bounds the revisits, which bounds the neighbours'
        visits, which bounds each vertex's visits, until nothing changes.
        """
        verts = _bits(self.reach(self.adj[cur], self.avail) | 1 << cur)
        eff = list(self.budget)
        far, near = self.parity[cur], 1 - self.parity[cur]
        fresh = [0, 0]
        for v in verts:
            if not self.visited >> v & 1:
                fresh[self.parity[v]] += 1
        visited, closed = self.visited, self.closed
        for _ in range(6):
            caps, ends, changed = [0, 0], [], False
            cap_of = {}
            for v in verts:  # visits without ending the walk there
                cap_of[v] = max(0, min(eff[v], self.slots(v, cur, eff) - 1))
                if not cap_of[v] and not visited >> v & 1:
                    if closed >> v & 1:
                        return False  # it could only end the walk: searched from there
                    ends.append(v)
            if len(ends) > 1:
                return False
            for v in verts:
                last = not (closed >> v & 1) and (not ends or v == ends[0])
                caps[self.parity[v]] += cap_of[v]
                if eff[v] > cap_of[v] + last:
                    eff[v], changed = cap_of[v] + last, True
            last_parity = {self.parity[ends[0]]} if ends else {near, far}
            slack: list[int] | None = None
            x = min(caps[near], caps[far])  # odd walk: one more visit of parity `near`
            if near in last_parity and x >= fresh[far] and x + 1 >= fresh[near]:
                slack = [0, 0]
                slack[far], slack[near] = x - fresh[far], x + 1 - fresh[near]
            x = min(caps[near], caps[far] + 1)  # even walk
            if far in last_parity and x >= fresh[near] and x >= fresh[far]:
                even = [x - fresh[0], x - fresh[1]]
                slack = even if slack is None else [max(a, e) for a, e in zip(slack, even,
                                                                             strict=True)]
            if slack is None:
                return False
            for v in verts:
                most = slack[self.parity[v]] + (0 if visited >> v & 1 else 1)
                if eff[v] > most:
                    eff[v], changed = most, True
            if not changed:
                break
        return True

    def enter(self, v: int) -> bool:
        fresh = not self.visited >> v & 1
        self.budget[v] -= 1
        self.packed -= 1 << (v * self.shift)
        if not self.budget[v]:
            self.avail &= ~(1 << v)
        self.visited |= 1 << v
        self.path.append(v)
        return fresh

    def leave(self, v: int, fresh: bool) -> None:
        self.path.pop()
        if fresh:
            self.visited &= ~(1 << v)
        self.budget[v] += 1
        self.packed += 1 << (v * self.shift)
        self.avail |= 1 << v

    def ceiling(self) -> int:
        """The most cards any walk can collect: the bound from every start."""
        best = 0
        for v in self.present:
            self.enter(v)
            best = max(best, self.c[v] + self.bound(v))
            self.leave(v, True)
        return best

    def dfs(self, cur: int, value: int, target: int) -> None:
        self.nodes += 1
        self.run_nodes += 1
        if value >= target:
            raise _Found
        if self.run_nodes > self.cap or (self.limit is not None and self.nodes > self.limit):
            raise _Cap
        key = (cur, self.packed)
        if key in self.failed:
            return
        need = target - value
        if self.bound(cur) < need or (self.fresh_total(cur) <= need
                                      and not self.can_take_all(cur)):
            self.failed.add(key)
            return
        moves = [u for u in self.nbrs[cur] if self.budget[u]]
        noise = self.noise
        moves.sort(key=lambda u: (self.visited >> u & 1, noise * self.rng.random() + sum(
            1 for w in self.nbrs[u] if self.budget[w]), -self.c[u]))
        for u in moves:
            fresh = self.enter(u)
            self.dfs(u, value + (self.c[u] if fresh else 0), target)
            self.leave(u, fresh)
        self.failed.add(key)

    def walk(self, target: int) -> list[int] | None:
        """A walk collecting at least ``target`` cards, or None when there is none.

        Randomised runs with growing node budgets share the set of states that
        failed; a run that ends without using up its nodes is the proof.
        """
        self.failed: set[tuple[int, int]] = set()
        run = 0
        while True:
            run += 1
            self.cap, self.run_nodes = self.RESTART * _luby(run), 0
            self.noise = 0.0 if run == 1 else 1.5
            starts = sorted(self.present, key=lambda v: (len(self.nbrs[v]) + self.noise
                                                         * self.rng.random(), -self.c[v]))
            self.reset()
            try:
                for v in starts:
                    self.enter(v)
                    self.dfs(v, self.c[v], target)
                    self.leave(v, True)
                    self.closed |= 1 << v
                return None
            except _Found:
                return list(self.path)
            except _Cap:
                if self.limit is not None and self.nodes > self.limit:
                    raise


def _by_parity(caps: Sequence[int], inner: Sequence[list[int]], ends: Sequence[int],
               far: int) -> int:
    """The most cards when visits alternate parities (``far``: the current vertex's parity).

    A vertex of parity p can be visited ``caps[p]`` times in all without ending
    the walk; the walk's last vertex may add one visit (and may be a vertex that
    can only end it). Odd walks make one more visit of the other parity.
    """
    near = 1 - far
    tops = [sorted(inner[p], reverse=True) for p in (0, 1)]
    with_end = [sorted(inner[p] + [ends[p]], reverse=True) for p in (0, 1)]
    x = min(caps[near], caps[far])
    odd = sum(with_end[near][:x + 1]) + sum(tops[far][:x])
    x = min(caps[near], caps[far] + 1)
    even = sum(tops[near][:x]) + sum(with_end[far][:x])
    return max(odd, even)


def _vertices(grid: Sequence[Card | None]) -> tuple[list[int], dict[int, list[int]], int]:
    """Cards per hypercube vertex, the grid slots of each vertex, and the number of bits."""
    cards = [c for c in grid if c is not None]
    bits = len(cards[0].model.attributes) if cards else 0
    counts = [0] * (1 << bits)
    slots: dict[int, list[int]] = {}
    for i, card in enumerate(grid):
        if card is not None:
            if card.model.attributes != cards[0].model.attributes:
                raise RuleError("the grid mixes cards of different games")
            counts[card.index] += 1
            slots.setdefault(card.index, []).append(i)
    return counts, slots, bits


def _expand(grid: Sequence[Card | None], walk: Sequence[int], counts: Sequence[int],
            slots: Mapping[int, list[int]], optimal: bool, nodes: int) -> Solution:
    """The chain of a walk: every copy of a vertex on its first visit, one on each later visit."""
    visits: dict[int, int] = {}
    for v in walk:
        visits[v] = visits.get(v, 0) + 1
    free = {v: list(s) for v, s in slots.items()}
    positions: list[int] = []
    done: set[int] = set()
    for v in walk:
        take = 1 if v in done else counts[v] - visits[v] + 1
        done.add(v)
        positions.extend(free[v][:take])
        del free[v][:take]
    chain = tuple(c for c in (grid[i] for i in positions) if c is not None)
    size = sum(1 for c in grid if c is not None)
    return Solution(chain, tuple(positions), size - len(positions), optimal, nodes)


def greedy_walk(counts: Sequence[int], bits: int) -> list[int]:
    """From every start: go on to the unvisited neighbour with the fewest ways on; the best."""
    nbrs = [[v ^ (1 << i) for i in range(bits) if counts[v ^ (1 << i)]]
            for v in range(len(counts))]
    best: list[int] = []
    best_value = 0
    for start in (v for v, n in enumerate(counts) if n):
        walk, seen = [start], {start}
        while options := [u for u in nbrs[walk[-1]] if u not in seen]:
            walk.append(min(options, key=lambda u: (sum(w not in seen for w in nbrs[u]),
                                                    -counts[u])))
            seen.add(walk[-1])
        value = sum(counts[v] for v in walk)
        if value > best_value:
            best, best_value = walk, value
    return best


def greedy_chain(grid: Sequence[Card | None]) -> Solution:
    """A quick chain, not proven optimal: the solver's first lower bound."""
    counts, slots, bits = _vertices(grid)
    return _expand(grid, greedy_walk(counts, bits), counts, slots, False, 0)


def solve(grid: Sequence[Card | None], limit: int | None = None) -> Solution:
    """The longest chain through ``grid`` (empty slots may be None), proven optimal.

    Targets go down from the bound of the whole grid: the first target some
    walk reaches is the optimum, every higher one having been searched in
    full. With ``limit`` the search gives up after that many nodes and returns
    the best chain known (the greedy one) with ``optimal=False``.
    """
    counts, slots, bits = _vertices(grid)
    best = greedy_walk(counts, bits)
    search = _Search(counts, bits, limit)
    floor = sum(counts[v] for v in best)
    try:
        for target in range(search.ceiling(), floor, -1):
            found = search.walk(target)
            if found is not None:
                best = found
                break
    except _Cap:
        return _expand(grid, best, counts, slots, False, search.nodes)
    return _expand(grid, best, counts, slots, True, search.nodes)


# --- the solo game -------------------------------------------------------------------

def solo_round(grid: Sequence[Card], chain: Sequence[int],
               round: int = 1) -> tuple[int, tuple[Event, ...]]:
    """Check one solo round (``chain``: grid slots in the order taken); the cards set aside.

    The chain starts anywhere, each card matches the previous one, each slot
    is taken once, and the round only ends when no card left matches.
    """
    if len(set(chain)) != len(chain) or any(not 0 <= i < len(grid) for i in chain):
        raise RuleError(f"a solo chain takes each of the {len(grid)} grid cards at most once")
    if not chain:
        if grid:
            raise RuleError("a solo round starts with any card of the grid")
        return 0, (Event("solo-round", {"round": round, "leftover": 0, "chain": []}),)
    bad = check_chain(grid[chain[0]], [grid[i] for i in chain[1:]])
    if bad:
        raise RuleError(f"the solo chain breaks at {bad.describe()}")
    taken = set(chain)
    left = [i for i in range(len(grid)) if i not in taken]
    more = matching_slots(grid[chain[-1]], [grid[i] for i in left])
    if more:
        raise RuleError(f"the solo round is not over: {grid[left[more[0]]]} still matches "
                        f"{grid[chain[-1]]}")
    return len(left), (Event("solo-round", {"round": round, "leftover": len(left),
                                            "chain": [grid[i].short for i in chain]}),)


def solo_game(data: Mapping[str, Any], seed: int) -> list[list[Card]]:
    """The grids of a solo game: the deck shuffled with ``seed``, one grid per round."""
    rules = rules_from_data(data)
    cards = deck(data)
    random.Random(seed).shuffle(cards)
    if rules.solo_rounds * rules.solo_slots > len(cards):
        raise RuleError(f"{rules.solo_rounds} solo rounds of {rules.solo_slots} cards need "
                        f"more than the {len(cards)} cards of the deck")
    n = rules.solo_slots
    return [cards[r * n:(r + 1) * n] for r in range(rules.solo_rounds)]


@dataclass(frozen=True)
class SoloRound:
    grid: tuple[Card, ...]
    solution: Solution

    @property
    def chain(self) -> tuple[Card, ...]:
        return self.solution.chain

    @property
    def leftover(self) -> int:
        return self.solution.leftover


@dataclass(frozen=True)
class SoloResult:
    """A whole solo game played perfectly: each round's grid and best chain, and the score."""

    seed: int
    rounds: tuple[SoloRound, ...]
    total: int
    columns: int = 8

    def lines(self) -> list[str]:
        """A plain-text report: each grid row by row, the chain, the cards set aside."""
        out = [f"Pick-a-Polar Bear solo, seed {self.seed}"]
        for n, r in enumerate(self.rounds, 1):
            out.append(f"Round {n}:")
            for row in range(0, len(r.grid), self.columns):
                out.append("  " + " ".join(c.short for c in r.grid[row:row + self.columns]))
            out.append(f"  chain ({len(r.chain)} cards): {' '.join(c.short for c in r.chain)}")
            out.append(f"  set aside: {r.leftover}"
                       f"{'' if r.solution.optimal else ' (not proven optimal)'}")
        out.append(f"Score: {self.total} (lower is better)")
        return out


def solve_seed(data: Mapping[str, Any], seed: int) -> SoloResult:
    """Deal the solo game of ``seed`` and solve every round exactly."""
    rounds = tuple(SoloRound(tuple(grid), solve(grid)) for grid in solo_game(data, seed))
    return SoloResult(seed, rounds, solo_score([r.leftover for r in rounds]),
                      columns=data["solo"]["columns"])


__all__ = ["SoloResult", "SoloRound", "Solution", "greedy_chain", "greedy_walk", "solo_game",
           "solo_round", "solve", "solve_seed"]
