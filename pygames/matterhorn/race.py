"""Matterhorn as a race, for the hard bot: how many actions each rope team still needs, how likely each
player is to win from those needs, and the exact value of rolling again. Bot knowledge only: the rules
live in the engine, the dice odds in its ``dice`` module; this module only reads them.

* ``needs``: per seat, the actions its two climbers still need to reach the summit, by the cheapest way
  up the board as it is (a free circle costs one step, a circle with a token two: clear it, then step;
  a rival's climber two: push it aside, then step); ``needs_left``: what the player whose turn it is still
  needs after some more actions this turn, its own new tokens barring the way until the turn ends.
* ``win_chances``: per seat, the chance to win a race in turn order from those needs, each player's
  turns drawn from how much a turn gains (``race_data``, measured by ``tools/fit_matterhorn_race.py``).
* ``TurnPlan``: the exact expected value of rolling on, over every outcome of the dice in play, for a
  turn whose actions are worth ``value_of(a)`` (a = the actions the turn ends with).
"""

from __future__ import annotations

import heapq
from collections.abc import Generator
from functools import cache, lru_cache

from .data import FACES, HARD_SUMMIT_COST, NEIGHBOURS, ROWS, SUMMIT, TOP_ROW, Pos
from .dice import _weighted_rolls, aside_choices
from .game import ACTION, Matterhorn
from .race_data import FINISH, GAIN

TOKEN_STEP = 2  # a circle with a token: clear it (one action), then step (one)
RIVAL_STEP = 2  # a circle with a rival's climber: push it aside, then step
MAX_TURNS = 40  # turns the race table looks ahead


def distances(game: Matterhorn, seat: int) -> dict[Pos, int]:
    """The fewest actions from each circle to the summit for ``seat``'s climbers (cheapest way, Dijkstra
    from the summit down over the engine's adjacency)."""
    board = game.board
    summit = HARD_SUMMIT_COST if game.hard else 1
    dist: dict[Pos, int] = {}
    heap: list[tuple[int, Pos]] = [(summit, (TOP_ROW, i)) for i in range(3)]
    # entering a circle costs by what lies on it; the distance of c counts entering every circle after c
    while heap:
        d, c = heapq.heappop(heap)
        if c in dist:
            continue
        dist[c] = d
        piece = board.get(c)
        step = 1 if piece is None or piece == seat else (TOKEN_STEP if isinstance(piece, str) else RIVAL_STEP)
        for n in NEIGHBOURS[c]:
            if n not in dist:
                heapq.heappush(heap, (d + step, n))
    return dist


def need(game: Matterhorn, seat: int) -> int:
    """The actions ``seat``'s rope team still needs to put both climbers on the summit (0: there)."""
    dist = distances(game, seat)
    return sum(0 if c == SUMMIT else dist[c] for c in game.climbers[seat])  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle


def needs_left(game: Matterhorn, seat: int, most: int) -> list[int]:
    """``left[a]``: what ``seat`` still needs (as ``need``) once it has taken ``a`` more actions this turn, for
    ``a`` up to ``most``. This turn's action tokens cannot be cleared before the turn ends (MH-R21): until then
    they bar the way, and a climber behind them goes round or waits; afterwards they count as tokens."""
    board = game.board
    after = distances(game, seat)
    summit = HARD_SUMMIT_COST if game.hard else 1
    spans: list[list[int]] = []  # per climber: the least need left within k actions, k = 0..most
    for start in game.climbers[seat]:
        if start == SUMMIT:
            spans.append([0] * (most + 1))
            continue
        best = [after[start]] * (most + 1)  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
        reach: set[Pos] = set()
        heap: list[tuple[int, Pos]] = [(0, start)]  # type: ignore[reportAssignmentType]  # a spot other than the summit is a circle
        while heap:
            d, c = heapq.heappop(heap)
            if c in reach:
                continue
            reach.add(c)
            left = after[c]
            for k in range(d, most + 1):
                if left < best[k]:
                    best[k] = left
            if c[0] == TOP_ROW:
                for k in range(d + summit, most + 1):
                    best[k] = 0
            for n in NEIGHBOURS[c]:
                if n in reach:
                    continue
                piece = board.get(n)
                if piece is None or piece == seat:
                    step = 1
                elif piece == ACTION:
                    continue  # this turn's token: no way through until the turn ends
                else:  # an obstacle (clear it, then step) or a rival's climber (push it aside, then step)
                    step = TOKEN_STEP if isinstance(piece, str) else RIVAL_STEP
                    cleared = 1 + after[n]  # what is left once the way is free, a step short of it
                    for k in range(d + step - 1, most + 1):
                        if cleared < best[k]:
                            best[k] = cleared
                if d + step <= most:
                    heapq.heappush(heap, (d + step, n))
        spans.append(best)
    if len(spans) == 1:
        return spans[0]
    first, second = spans
    return [min(first[i] + second[a - i] for i in range(a + 1)) for a in range(most + 1)]


def needs(game: Matterhorn) -> list[int]:
    """``need`` of every seat."""
    return [need(game, s) for s in range(game.players)]


@cache
def finish_table(players: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][t]``: the chance that a player needing ``a`` actions has finished within ``t`` of their
    own turns. A turn finishes with chance ``FINISH[a]``; otherwise the need drops by ``g`` with the
    chance ``GAIN[g]`` (both measured in play at this player count)."""
    finish, gain = FINISH[players], GAIN[players]
    top = len(finish) - 1
    rows: list[list[float]] = []
    for a in range(top + 1):
        rows.append([1.0] * (MAX_TURNS + 1) if a == 0 else [0.0] * (MAX_TURNS + 1))
    for t in range(1, MAX_TURNS + 1):
        for a in range(1, top + 1):
            f = finish[a]
            rest = 0.0
            for g, p in gain:
                rest += p * rows[min(top, max(1, a - g))][t - 1]
            rows[a][t] = f + (1.0 - f) * rest
    return tuple(tuple(r) for r in rows)


def win_chances(need_of: list[int], next_seat: int) -> list[float]:
    """Per seat, the chance to win a race where seat ``next_seat`` takes the next turn and then turns go
    clockwise, from the actions each still needs (0: has won). The chances sum to 1."""
    players = len(need_of)
    if 0 in need_of:
        return [1.0 if n == 0 else 0.0 for n in need_of]
    table = finish_table(min(max(FINISH), max(min(FINISH), players)))
    top = len(table) - 1
    order = [(next_seat + k) % players for k in range(players)]
    cdf = [table[min(top, need_of[s])] for s in order]
    chances = [0.0] * players
    for t in range(1, MAX_TURNS + 1):
        for j, s in enumerate(order):
            p = cdf[j][t] - cdf[j][t - 1]
            if p <= 0.0:
                continue
            for i in range(players):
                if i != j:
                    p *= 1.0 - cdf[i][t if i < j else t - 1]
            chances[s] += p
    total = sum(chances)
    if total <= 0.0:
        return [1.0 / players] * players
    return [c / total for c in chances]


@cache
def outcome_classes(n: int) -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    """The rolls of ``n`` dice grouped by what they offer: each class is its chance and, for every row
    value a set-aside can reach, the most dice that can stay in play (more dice in play are never worse:
    a roll with one more die can always set the extra die aside)."""
    rows = set(ROWS)
    grouped: dict[tuple[tuple[int, int], ...], int] = {}
    for roll, weight in _weighted_rolls(n):
        best: dict[int, int] = {}
        for aside, value in aside_choices(roll):
            if value in rows:
                left = n - len(aside)
                if left > best.get(value, -1):
                    best[value] = left
        key = tuple(sorted(best.items()))
        grouped[key] = grouped.get(key, 0) + weight
    total = FACES**n
    return tuple(sorted(((w / total, key) for key, w in grouped.items()), key=lambda item: item[1]))


@lru_cache(maxsize=8192)
def usable_classes(n: int, usable: int) -> tuple[float, tuple[tuple[float, tuple[tuple[int, int], ...]], ...]]:
    """``outcome_classes`` of ``n`` dice seen from the usable rows (bits): the chance of a flop, and the
    other rolls grouped by their offers on usable rows, each offer as (row bit, most dice left)."""
    flop = 0.0
    grouped: dict[tuple[tuple[int, int], ...], float] = {}
    for chance, offers in outcome_classes(n):
        key = tuple((1 << row, left) for row, left in offers if usable & (1 << row))
        if key:
            grouped[key] = grouped.get(key, 0.0) + chance
        else:
            flop += chance
    return flop, tuple((chance, key) for key, chance in grouped.items())


@lru_cache(maxsize=8192)
def successors(n: int, usable: int) -> tuple[tuple[int, int], ...]:
    """The distinct offers of ``usable_classes(n, usable)``, each (row bit, most dice left): the placements a
    roll of ``n`` dice can lead to, whatever its chance."""
    return tuple(sorted({offer for _, offers in usable_classes(n, usable)[1] for offer in offers}))


@cache
def offer_count(n: int) -> int:
    """How many offers the rolls of ``n`` dice make in all (a measure of the work of weighing them)."""
    return sum(len(offers) for _, offers in outcome_classes(n))


State = tuple[int, int, int, int]  # dice in play, usable rows (bits), tokens in hand, bonus actions to come

WORK_SLICE = 30000  # offers weighed between two yields of ``TurnPlan.prepare`` (some 10 ms of CPython)


class TurnPlan:
    """The exact value of the rest of a turn over the dice (expectimax over every roll of the dice in play).

    ``value_of[a]`` is what ending the turn with ``a`` actions is worth to the player (``a`` counts the
    tokens in hand when stopping, and the bonus actions the coming placements earn: those stand after a
    flop too); rows are bits (``1 << row``); ``bonus_rows`` are the rows where a token earns a bonus;
    ``pool`` is how many tokens the turn may still place, counting those in hand.
    """

    def __init__(self, value_of: list[float], bonus_rows: int, pool: int) -> None:
        self.value_of = value_of
        # ``value_of`` padded with its last value: a turn ends with at most a token and a bonus a row
        self.padded = [*value_of, *[value_of[-1]] * (2 * len(ROWS) + 1)]
        self.top = max(value_of)
        self.bonus_rows = bonus_rows
        self.pool = pool
        self.memo: dict[State, float] = {}
        self.work = 0  # offers weighed so far

    def value(self, actions: int) -> float:
        v = self.value_of
        return v[min(actions, len(v) - 1)]

    def open(self, state: State) -> bool:
        """Rolling on is worth weighing: a token is left to roll for (MH-R24) and stopping does not win."""
        return state[2] < self.pool and self.value(state[2] + state[3]) < self.top

    def children(self, state: State) -> list[State]:
        """The states one placement after rolling from ``state``."""
        dice, usable, tokens, bonus = state
        bonus_rows = self.bonus_rows
        return sorted({(left, usable & ~bit, tokens + 1, bonus + (1 if bonus_rows & bit else 0))
                       for bit, left in successors(dice, usable)})

    def prepare(self, roots: list[State]) -> Generator[None, None, None]:
        """Weigh every state the ``roots`` can lead to, deepest first, yielding now and then: afterwards
        ``roll`` and ``stop_or_roll`` of these states answer from the memo."""
        order: list[State] = []
        seen = set(roots)
        queue = list(roots)
        done = self.work
        while queue:
            state = queue.pop()
            order.append(state)
            for child in self.children(state):
                if child not in seen:
                    seen.add(child)
                    if self.open(child):
                        queue.append(child)
            self.work += offer_count(state[0])  # grouping the rolls for a new row set weighs them all
            if self.work - done >= WORK_SLICE:
                done = self.work
                yield
        order.sort(key=lambda s: s[2], reverse=True)  # the most tokens in hand first: the deepest
        for state in order:
            self.roll(*state)
            if self.work - done >= WORK_SLICE:
                done = self.work
                yield

    def stop_or_roll(self, dice: int, usable: int, tokens: int, bonus: int) -> float:
        """The turn's worth with the best choice between stopping now and rolling on."""
        stop = self.value(tokens + bonus)
        if tokens >= self.pool or stop >= self.top:
            return stop
        return max(stop, self.roll(dice, usable, tokens, bonus))

    def roll(self, dice: int, usable: int, tokens: int, bonus: int) -> float:
        """The expected worth of rolling ``dice`` dice now and playing the rest of the turn best."""
        key = (dice, usable, tokens, bonus)
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        flop, classes = usable_classes(dice, usable)
        padded = self.padded
        total = flop * padded[bonus]
        bonus_rows = self.bonus_rows
        after = tokens + 1
        work = 0
        for chance, offers in classes:
            best = -1.0
            for bit, left in offers:
                extra = bonus + 1 if bonus_rows & bit else bonus
                child = memo.get((left, usable & ~bit, after, extra))
                if child is None:
                    child = self.stop_or_roll(left, usable & ~bit, after, extra)
                else:
                    stop = padded[after + extra]
                    if stop > child:
                        child = stop
                if child > best:
                    best = child
            work += len(offers)
            total += chance * best
        self.work += work
        memo[key] = total
        return total
