"""K2 solo's last two rounds, worked out exactly: the hard bot's round 17 in a solo game, and its round 16 weighed
by them (at the end: round 16's cards and token, valued by the round 17 they leave).

From round 17 on a solo player knows everything that matters but one risk token: the hand is the deck's last six
cards (K2-R37: round 17 plays three of them, round 18 the other three), days 17 and 18 are face up (K2-R30), and
round 18's token is the lowest of the row, which after round 17's take is face up too (the refill is the one
unknown, from a known multiset). So the hard bot weighs every card choice, token and turn of round 17 by the best
round 18 it leaves: each climber scores its VP if it survives the last night and 1 if not (K2-R33, K2-R41; a
death in round 17's night ends the game there). A search's samples, played by a one-turn view, do not see what
that needs: a climber placed in round 17 so that round 18's cards bank one more VP on a round trip (K2-R21: VP
count on entering) and still survive the night, the level kept for it, the token left for round 18.

Approximations, all rare and all safe (the moves are the engine's; an illegal plan is never played because every
step is re-planned from the position): a tent pitched by one climber in round 17 is not counted as shelter for
the other in round 18, and round 18's walks ignore the other climber's space (round 18 is then played by the
heuristic, which respects capacity). Rules never import this: it reads the engine's public API."""

from __future__ import annotations

from collections.abc import Generator
from itertools import product

from ...core.bots import Ranked, ranked
from ...core.cache import Bounded
from ...core.errors import RuleError
from ..actions import End, K2Action, Move, Take, Tent
from ..board import ACT, CHOOSE, TAKE
from ..data import CARDS, ROUNDS
from ..game import K2, SOLO_PAYOFF_VP
from .choices import card_step, choose_action, ranked_choices
from .turns import lowered, move_order, penalty_splits, turn_steps, turns16, with_cards
from .values import SHARP, walk_ends

Given = tuple[tuple[str, str], ...]  # round 18's cards given to one climber: (card, direction)
End17 = tuple[str, int, tuple[str, ...], bool]  # where round 17 leaves a climber: space, VP, path, tent there
# a turn of round 17: its score, the cards' (card, climber, direction), the penalty split, each climber's end
Turn = tuple[float, list[tuple[str, str, str]], dict[str | int, int], dict[str, End17]]


def applies(game: K2, seat: int) -> bool:
    """The last-rounds plan decides: a solo game in round 17, both climbers on the board, the seat to move."""
    return (game.players == 1 and game.round == ROUNDS - 1 and game.phase in (CHOOSE, TAKE, ACT)
            and len(game.on_board(seat)) == 2 and seat in game.to_move())


def refills(game: K2) -> list[tuple[float, int | None]]:
    """The token that refills the row after a take, with its chance (K2-R13: the top face-down token; their
    multiset is public, K2-R48): None when none is left (D10)."""
    stack = list(game.risk_stack)
    if not stack:
        return [(1.0, None)]
    return [(stack.count(v) / len(stack), v) for v in sorted(set(stack))]


class LastRounds:
    """Round 17's decisions for ``seat`` with ``rest`` the cards that round 18 will play (one instance per rest;
    ``shared`` keeps the answers that do not depend on the rest, for every instance of one decision)."""

    def __init__(self, game: K2, seat: int, rest: tuple[str, ...], shared: dict) -> None:
        self.game = game
        self.seat = seat
        self.shared = shared
        self.combined: dict[tuple, tuple[float, dict[str, End17]]] = {}
        self.turns: dict[tuple[int, int], float] = {}  # ``take_values``' turn scores by (this token, round 18's)
        self.climbers = game.on_board(seat)
        self.last = game.copy()
        self.last.round = ROUNDS  # round 18's walks and weather
        self.tents = frozenset(cl["tent"] for cl in game.climbers[seat].values() if cl["tent"] is not None)
        self.day17 = game.today()
        self.day18 = game.day(ROUNDS)
        self.spaces = game.spaces
        # every way to share round 18's cards between the climbers (the first climber's cards; the other gets the
        # rest), and every choice of directions for a climber's share (K2-R17: a rope card goes up or down)
        self.shares: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        for mask in range(2 ** len(rest)):
            mine = tuple(code for i, code in enumerate(rest) if mask >> i & 1)
            other = tuple(code for i, code in enumerate(rest) if not mask >> i & 1)
            self.shares.append((mine, other))
        self.ways: dict[tuple[str, ...], list[Given]] = {}
        for mine, _other in self.shares:
            dirs = [("U", "D") if CARDS[code].kind == "R" else ("",) for code in mine]
            self.ways[mine] = sorted({tuple(sorted(zip(mine, ds, strict=True))) for ds in product(*dirs)})

    # -- round 18 -----------------------------------------------------------------------------------------

    def final(self, c: str, space: str, vp: int, level: int, pitched: str | None, given: Given, points: int) -> int:
        """What climber ``c`` scores when round 17 leaves it on ``space`` with this VP and level (its tent
        pitched there or not) and round 18 gives it ``given`` and ``points`` of the token's penalty: its VP if it
        survives the last night (K2-R32, K2-R36), else 1 (K2-R33)."""
        key = (c, space, vp, level, pitched, given, points)
        found = self.shared.get(key)
        if found is not None:
            return found
        if not given:
            tents = self.tents | {pitched} if pitched else self.tents
            day = self.day18
            sp = self.spaces[space]
            night = level + sp.acc + (1 if space in tents else 0) - day.loss_in(sp.zone)
            self.shared[key] = best = vp if night >= 1 else 1
            return best
        u = d = g = acc = 0
        sinks = []  # what the penalty points may lower (K2-R26): the level, or a card's movement
        for code, way in given:
            card = CARDS[code]
            if card.kind == "M":
                g += card.up
                sinks.append((2, card.up))
            elif card.kind == "R":
                if way == "U":
                    u += card.up
                    sinks.append((0, card.up))
                else:
                    d += card.down
                    sinks.append((1, card.down))
            else:
                acc += card.up
        best = 1
        for cut in product(*(range(min(cap, points) + 1) for _pool, cap in sinks)):
            on_level = points - sum(cut)
            if on_level < 0:
                continue
            pools = [u, d, g]
            for (pool, _cap), n in zip(sinks, cut, strict=True):
                pools[pool] -= n
            start = level + acc - on_level
            for need, end_vp in self.frontier(c, space, vp, pitched, pools[0], pools[1], pools[2]):
                if need <= start:
                    best = max(best, end_vp)
                    break
        self.shared[key] = best
        return best

    def frontier(self, c: str, space: str, vp: int, pitched: str | None, u: int, d: int,
                 g: int) -> list[tuple[int, int]]:
        """Round 18's walks of climber ``c`` from ``space`` with these pools: (the level it needs when the turn
        starts to survive the night where the walk ends, the VP the walk banks), best VP first, only those that
        need less than every better one."""
        key = ("frontier", c, space, vp, pitched, u, d, g)
        found = self.shared.get(key)
        if found is not None:
            return found
        tents = self.tents | {pitched} if pitched else self.tents
        may_pitch = self.game.climbers[self.seat][c]["tent"] is None and pitched is None
        cl = self.last.climbers[self.seat][c]
        cl["space"], cl["vp"] = space, vp
        day = self.day18
        needs: dict[int, int] = {}
        for end, end_vp, _path, tent in ((space, vp, (), False), *walk_ends(self.last, self.seat, c, (u, d, g))):
            if tent and not may_pitch:
                continue
            sp = self.spaces[end]
            need = 1 - (sp.acc + (1 if tent or end in tents else 0) - day.loss_in(sp.zone))
            needs[end_vp] = min(need, needs.get(end_vp, need))
        found = []
        for end_vp in sorted(needs, reverse=True):
            if not found or needs[end_vp] < found[-1][0]:
                found.append((needs[end_vp], end_vp))
        self.shared[key] = found
        return found

    # -- round 17 -----------------------------------------------------------------------------------------

    def summary(self, c: str, u: int, d: int, g: int, level: int) -> tuple:
        """Climber ``c``'s round 17 with these pools and level: where it may end and survive the night, as
        (space, VP, level after the night, tent pitched there) with the end; its best VP among those ends; an end
        where it dies (None: none)."""
        key = ("ends", c, u, d, g, level)
        found = self.shared.get(key)
        if found is not None:
            return found
        cl = self.game.climbers[self.seat][c]
        may_pitch = cl["tent"] is None
        ends: list[End17] = [(cl["space"], cl["vp"], (), False)]
        if u + d + g:
            ends += walk_ends(self.game, self.seat, c, (u, d, g))
        states: dict[tuple, End17] = {}
        alive: tuple[int, End17] | None = None
        dead: End17 | None = None
        day = self.day17
        for end in ends:
            space, vp, _path, tent = end
            if tent and not may_pitch:
                continue
            sp = self.spaces[space]
            night = min(6, level + sp.acc + (1 if tent or space in self.tents else 0) - day.loss_in(sp.zone))
            if night < 1:
                dead = dead or end
                continue
            if alive is None or vp > alive[0]:
                alive = (vp, end)
            states.setdefault((space, vp, night, space if tent else None), end)
        found = self.shared[key] = (key, list(states.items()), alive, dead)
        return found

    def tops(self, summary: tuple, given: Given, points: int) -> list[tuple[int, End17]]:
        """The two best ends of a climber's round 17 (``summary``), with distinct spaces, when round 18 gives it
        ``given`` and ``points`` penalty points: (score, end), best first."""
        key = ("tops", summary[0], given, points)
        found = self.shared.get(key)
        if found is not None:
            return found
        c = summary[0][1]
        top: list[tuple[int, End17]] = []
        for (space, vp, night, pitched), end in summary[1]:
            keep_two(top, self.final(c, space, vp, night, pitched, given, points), end)
        self.shared[key] = top
        return top

    def best_way(self, summary: tuple, cards: tuple[str, ...], points: int) -> list[tuple[int, End17]]:
        """``tops`` for the best directions of ``cards``' rope cards."""
        key = ("way", summary[0], cards, points)
        found = self.shared.get(key)
        if found is not None:
            return found
        top: list[tuple[int, End17]] = []
        for given in self.ways[cards]:
            for score, end in self.tops(summary, given, points):
                keep_two(top, score, end)
        self.shared[key] = top
        return top

    def clash(self, a: End17, b: End17) -> bool:
        """Both climbers cannot end round 17 there: one space of room (K2-R19, solo: Z2 and Z3), or each
        ending where the other now stands (K2-R20: whichever moves first finds the space full)."""
        team = self.game.climbers[self.seat]
        x, y = self.climbers
        if a[0] == b[0]:
            return (self.game.cap(a[0]) or 2) < 2
        return (a[0] == team[y]["space"] and b[0] == team[x]["space"] and (self.game.cap(a[0]) or 2) < 2
                and (self.game.cap(b[0]) or 2) < 2)

    def combine(self, sums: dict[str, tuple], points18: int) -> tuple[float, dict[str, End17]]:
        """The score of a round 17 whose climbers have these summaries, with round 18's best deal of its cards
        and split of its ``points18`` penalty points; and where each climber ends round 17."""
        x, y = self.climbers
        key = (sums[x][0], sums[y][0], points18)
        found = self.combined.get(key)
        if found is not None:
            return found
        best: tuple[float, dict[str, End17]] = (-1.0, {})
        for mine, other in self.shares:
            for px in range(min(points18, 2) + 1 if mine else 1):
                py = points18 - px
                if (py and not other) or py > 2:
                    continue
                tx = self.best_way(sums[x], mine, px)
                ty = self.best_way(sums[y], other, py)
                if not tx or not ty or tx[0][0] + ty[0][0] <= best[0]:
                    continue
                for (sx, ex), (sy, ey) in product(tx, ty):
                    if sx + sy > best[0] and not self.clash(ex, ey):
                        best = (float(sx + sy), {x: ex, y: ey})
        # a death in round 17's night ends the game with the other's VP (K2-R41)
        for me, other in ((x, y), (y, x)):
            if sums[me][3] is not None:
                mate = sums[other][2]
                score = 1 + (mate[0] if mate else 1)
                if score > best[0]:
                    best = (float(score), {me: sums[me][3], other: mate[1] if mate else sums[other][3]})
        self.combined[key] = best
        return best

    def turn(self, cards: list[str], points: int, pools: dict[str, list[int]], assigned: list[str],
             points18: int) -> Generator[None, None, Turn]:
        """Round 17's best turn from here: the cards' climbers and directions, the penalty split (as
        ``plan_turn``'s), each climber's end; its score with round 18 played best. (A generator: it yields after
        each way of playing the cards.)"""
        climbers = self.climbers
        options = [[(code, c, d) for c in climbers for d in (("U", "D") if CARDS[code].kind == "R" else ("",))]
                   for code in cards]
        best: tuple[float, list, dict, dict] = (-1.0, [], {}, {})
        for combo in product(*options):
            add = with_cards(self.game, self.seat, climbers, pools, combo)
            for split in penalty_splits(climbers, combo, points, assigned, SHARP) if points else [{}]:
                sums = {c: self.summary(c, *lowered(add, c, combo, split)) for c in climbers}
                value, ends = self.combine(sums, points18)
                if value > best[0] + 1e-9:
                    best = (value, list(combo), split, ends)
            yield
        return best


def keep_two(top: list[tuple[int, End17]], score: int, end: End17) -> None:
    """Keep in ``top`` the two best (score, end) with distinct spaces, best first (the first found among equals)."""
    if len(top) == 2 and score <= top[1][0]:
        return
    for i, (held, other) in enumerate(top):
        if other[0] == end[0]:
            if score <= held:
                return
            del top[i]
            break
    top.append((score, end))
    top.sort(key=lambda t: -t[0])
    del top[2:]


def points18(game: K2) -> int:
    """Round 18's token: the lowest face up (K2-R13: solo takes one every round)."""
    row = [v for v in game.risk_faceup if v is not None]
    return min(row) if row else 0


def take_values(game: K2, solver: LastRounds, cards: list[str]) -> Generator[None, None, list[tuple[float, int]]]:
    """Per face-up slot, round 17's expected score when its token is taken, over the refill (``refills``):
    (score, slot)."""
    row = list(game.risk_faceup)
    turns = solver.turns
    values = []
    for i, v in enumerate(row):
        if v is None:
            continue
        expected = 0.0
        for chance, refill in refills(game):
            left = [t for j, t in enumerate(row) if j != i and t is not None] + ([refill] if refill is not None else [])
            key = (v, min(left) if left else 0)
            if key not in turns:
                turns[key] = (yield from solver.turn(cards, v, {}, [], key[1]))[0]
            expected += chance * turns[key]
        values.append((expected, i + 1))
    return values


def choice_values(game: K2, seat: int) -> Generator[None, None, list[tuple[float, K2Action]]]:
    """Phase 1 of round 17: every card choice with its expected score, its best token and turn played."""
    shared: dict = {}
    values = []
    for action in game.legal_actions(seat) or []:
        rest = list(game.hands[seat])
        for code in action.cards:  # type: ignore[reportAttributeAccessIssue]  # phase 1's actions are Chooses (K2-R12)
            rest.remove(code)
        solver = LastRounds(game, seat, tuple(rest), shared)
        taken = yield from take_values(game, solver, list(action.cards))  # type: ignore[reportAttributeAccessIssue]  # phase 1's actions are Chooses (K2-R12)
        values.append((max(v for v, _slot in taken), action))
    return values


def worths(scored: list[tuple[float, K2Action]], chosen: K2Action) -> Ranked[K2Action]:
    """``chosen`` with the choices weighed, their expected scores as payoffs (``K2.payoffs``: the score's share)."""
    return ranked([(value / SOLO_PAYOFF_VP, action) for value, action in scored], chosen)


def decide(game: K2, seat: int) -> Generator[None, None, K2Action | Ranked[K2Action]]:
    """Round 17's decision (``applies``), yielding between slices of work: phase 1, every card choice weighed
    by its best token and turn; phase 2, the token; phase 3, the turn's next step, re-planned from the position
    each time."""
    if game.phase == CHOOSE:
        values = yield from choice_values(game, seat)
        return worths(values, max(values, key=lambda va: va[0])[1])  # the first of the best
    solver = LastRounds(game, seat, tuple(game.hands[seat]), {})  # the hand left: round 18's cards (K2-R37)
    if game.phase == TAKE:
        values = yield from take_values(game, solver, list(game.revealed[seat] or ()))
        best = Take(seat, max(values, key=lambda vs: (vs[0], -vs[1]))[1])
        return worths([(value, Take(seat, slot)) for value, slot in values], best)
    _value, combo, split, ends = yield from solver.turn(list(game.unassigned), game.points, game.pools,
                                                        game.assigned, points18(game))
    step = card_step(seat, combo, split)
    if step is not None:
        return step
    for c in move_order(game, seat, {c: ends[c][0] for c in solver.climbers if c in ends and ends[c][2]}):
        return Move(seat, c, ends[c][2])
    for c in solver.climbers:
        if c in ends and ends[c][3]:
            return Tent(seat, c)
    return End(seat)


# -- round 16 -------------------------------------------------------------------------------------------------
# In round 16 a solo player already knows the cards of rounds 17 and 18 up to its own choice: the hand's three
# cards it keeps and the deck's last three (K2-R37). So its card choice and token are weighed by the position
# they leave at round 17's start (the turn between played by the sharp view), valued by the plan above; only the
# token that refills the row is unknown (its chance, as in ``take_values``). Its turn is weighed the same way:
# the sharp view's best turns with distinct ends (``TURNS16``), each played out and valued by its round 17.
# Measurements, and the plans of round 15 that did worse: docs/bots.md ("Round 16's turn planned", "Round 15
# planned too", "Rounds 13–15 on the bank").

ROUND17_CHOICES = 3  # a round-17 position is worth the plan of the sharp view's best three choices
TURNS16 = 12  # round 16's turn: the sharp view's best twelve turns with distinct ends (``turns16``) are weighed
CHOICES16 = 4  # round 16's card choice: every choice weighed with the sharp view's turn, the best four again ...
TURNS16_WEIGHED = 3  # ... with the turn weighed among three (``turn16``), as is the token

# round-17 positions' values by everything they depend on: shared by the decisions of round 16 (a cache only)
_VALUES17: Bounded[tuple, float] = Bounded(4_000)


def applies16(game: K2, seat: int) -> bool:
    """The round-16 plan decides: a solo game in round 16, both climbers on the board, the seat to move."""
    return (game.players == 1 and game.round == ROUNDS - 2 and game.phase in (CHOOSE, TAKE, ACT)
            and len(game.on_board(seat)) == 2 and seat in game.to_move())


class Round17:
    """Round-17 positions of one round-16 decision valued by the plan of the last two rounds: the best of the
    sharp view's ``ROUND17_CHOICES`` card choices, each with its best token and turn (``take_values``)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.solvers: dict[tuple, LastRounds] = {}
        self.shared: dict[tuple, dict] = {}

    def value(self, game: K2) -> Generator[None, None, float]:
        seat = self.seat
        team = game.climbers[seat]
        # the position but for the tokens: the plan's tables hold for every row of tokens
        state = (tuple((c, cl["space"], cl["level"], cl["vp"], cl["tent"]) for c, cl in sorted(team.items())),
                 tuple(game.hands[seat]), game.side, game.today(), game.day(ROUNDS))
        key = (state, tuple(game.risk_faceup), tuple(sorted(game.risk_stack)))
        found = _VALUES17.get(key)
        if found is not None:
            return found
        shared = self.shared.setdefault(state, {})
        best = 0.0
        for _value, action in ranked_choices(game, seat, SHARP)[:ROUND17_CHOICES]:
            cards = tuple(action.cards)
            solver = self.solvers.get((state, cards))
            if solver is None:
                rest = list(game.hands[seat])
                for code in cards:
                    rest.remove(code)
                solver = self.solvers[state, cards] = LastRounds(game, seat, tuple(rest), shared)
            taken = yield from take_values(game, solver, list(cards))
            best = max(best, *(v for v, _slot in taken))
        return _VALUES17.put(key, best)


def rest_of_round16(game: K2, seat: int, values: Round17, turns: int = 0) -> Generator[None, None, float]:
    """Round 16 played on from ``game`` (a copy, changed here) as the sharp view plays it, or with ``turns`` its
    turn as ``turn16`` plays it weighing that many turns, then round 17's position valued (``Round17``); a game
    over by then, its score."""
    while not game.is_over() and not (game.round == ROUNDS - 1 and game.phase == CHOOSE):
        if turns and game.phase == ACT and applies16(game, seat):
            step = yield from turn16(game, seat, values, turns)
            game.apply(step.action if isinstance(step, Ranked) else step)
            continue
        game.apply(choose_action(game, game.to_move()[0], SHARP))  # type: ignore[reportArgumentType]  # the heuristic has a move in every phase but the end
    if game.is_over() or len(game.on_board(seat)) < 2:
        return float(game.scores()[seat])
    return (yield from values.value(game))


def take16_values(game: K2, seat: int, values: Round17, turns: int = 0,
                  ) -> Generator[None, None, list[tuple[float, int]]]:
    """Round 16's phase 2 (``game`` is the seat's view): per face-up token (the first slot of each value), the
    expected value of round 17 over the refill (``refills``), the turn played as ``rest_of_round16`` plays it
    with ``turns``: (value, slot)."""

    found = []
    seen = set()
    for i, v in enumerate(game.risk_faceup):
        if v is None or v in seen:
            continue
        seen.add(v)
        expected = 0.0
        for chance, refill in refills(game):
            g = game.copy()
            if refill is not None:  # the view's face-down tokens are in no particular order: this one on top
                g.risk_stack.remove(refill)
                g.risk_stack.insert(0, refill)
            g.apply(Take(seat, i + 1))
            expected += chance * (yield from rest_of_round16(g, seat, values, turns))
            yield
        found.append((expected, i + 1))
    return found


def decide16(game: K2, seat: int) -> Generator[None, None, K2Action | Ranked[K2Action]]:
    """Round 16's decision (``applies16``), yielding between slices of work: phase 1, every card choice (the
    sharp view's best first), each by its best token; phase 2, the token; phase 3, the turn's next step
    (``turn16``)."""

    view = game.view(seat)
    values = Round17(seat)
    if game.phase == ACT:
        return (yield from turn16(view, seat, values, TURNS16))
    if game.phase == CHOOSE:
        weighed: list[tuple[float, int, K2Action]] = []
        for i, (_value, action) in enumerate(ranked_choices(view, seat, SHARP)):
            g = view.copy()
            g.apply(action)
            weighed.append((max(v for v, _slot in (yield from take16_values(g, seat, values))), i, action))
        best: tuple[float, K2Action] | None = None
        again: list[tuple[float, K2Action]] = []
        for _value, _i, action in sorted(weighed, key=lambda w: (-w[0], w[1]))[:CHOICES16]:
            g = view.copy()
            g.apply(action)
            value = max(v for v, _slot in (yield from take16_values(g, seat, values, TURNS16_WEIGHED)))
            again.append((value, action))
            if best is None or value > best[0] + 1e-9:
                best = (value, action)
        return worths(again, best[1])  # type: ignore[reportOptionalSubscript]  # a legal choice exists, so best is set
    taken = yield from take16_values(view, seat, values, TURNS16_WEIGHED)
    best_take = Take(seat, max(taken, key=lambda vs: (vs[0], -vs[1]))[1])
    return worths([(value, Take(seat, slot)) for value, slot in taken], best_take)


def turn16(game: K2, seat: int, values: Round17, turns: int) -> Generator[None, None, K2Action | Ranked[K2Action]]:
    """Round 16's turn (``game`` is the seat's view): each of ``turns16``'s ``turns`` best played out on a copy
    and valued by the round 17 it leaves (``rest_of_round16``); the next step of the best. A turn the engine
    refuses is left out; the sharp view's step when none is left."""
    best: tuple[float, K2Action] | None = None
    weighed: list[tuple[float, K2Action]] = []
    for turn in turns16(game, seat, turns):
        g = game.copy()
        steps = turn_steps(game, seat, turn)
        try:
            for step in steps:
                g.apply(step)
        except RuleError:
            continue
        value = yield from rest_of_round16(g, seat, values)
        weighed.append((value, steps[0]))
        if best is None or value > best[0] + 1e-9:
            best = (value, steps[0])
        yield
    return worths(weighed, best[1]) if best is not None else choose_action(game, seat, SHARP)  # type: ignore[reportReturnType]  # the heuristic has a move in every phase but the end
