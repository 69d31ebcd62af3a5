"""K2 hard bot, phase 3: a search over whole turn plans (``Strategy.search_plan``).

The medium bot plays each turn as one plan (``strategy.plan_turn``): the card assignment, rope directions and
penalty split whose climbers look best after the turn, each climber judged alone. The hard bot lists the best
few *distinct* complete plans in its sharp view (``turn_plans``: assignment, directions, penalty split, and for
each climber one of its best few moves and tents) and plays each out to the end of the round, the other seats
answering as the medium bot would (their revealed cards are public, so in phase 3 the rest of the round needs
no sample); it keeps the plan whose round ends best for it (``strategy.evaluate`` in the sharp view: its score
against the best other seat's, after the night). So the plans are weighed together with what the others
can still do this round: a space taken first, a team-mate's path, the risk points' level.

Every step asks the engine (``check`` on copies) and the answer is always one of the legal actions; the work
yields after every playout step (well under the page's slice)."""

from __future__ import annotations

from collections.abc import Generator
from itertools import product
from typing import TYPE_CHECKING

from ..core.errors import RuleError
from .actions import End, Move, Play, Risk, Tent
from .data import CARDS, ROUNDS
from .strategy import SHARP, SHORT, _memo, evaluate, heuristic_step, judge

if TYPE_CHECKING:
    from ..core.rng import Rng
    from .actions import K2Action
    from .game import K2

TURN_WIDTH = 6  # the plans played out per decision: the sharp view's best
TURN_MARGIN = 1.5  # ... those it values within this of its best plan
TURN_ROUNDS = 1  # at the turn's first decision, also play each plan out this many rounds ...
TURN_SAMPLES = 3  # ... on this many samples of the hidden cards
OUTCOMES = 3  # per climber and pools: its best few end spaces (with or without a tent)

# (cards: (code, climber, direction)...), (penalty points: (climber, k)...), (moves: (climber, path, tent)...)
Plan = tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, int], ...],
             tuple[tuple[str, tuple[str, ...], bool], ...]]


def outcomes(game: K2, seat: int, climber: str, pools: tuple[int, int, int], level: int, memo: dict,
             mind: str, k: int = OUTCOMES) -> list[tuple[float, tuple[str, ...], bool]]:
    """A climber's best ``k`` distinct outcomes (end space, tent) with these pools and level, best first, each
    by its best path (``strategy.best_outcome`` lists only the first)."""
    key = ("top", climber, pools, level, k)
    if key in memo:
        return memo[key]
    cl = game.climbers[seat][climber]
    u, d, g = pools
    start = cl["space"]
    best: dict[tuple[str, bool], tuple[float, tuple[str, ...], bool]] = {
        (start, False): (judge(game, seat, climber, start, level, cl["vp"], None, mind), (), False)}
    states = game.reach(seat, climber, u, d, g) if u + d + g else {(start, u, d, g, cl["vp"]): ()}
    for (space, su, _sd, sg, vp), path in states.items():
        if path and not game.has_room(space, (seat, climber)):
            continue
        options = []
        if path:
            options.append((False, judge(game, seat, climber, space, level, vp, None, mind)))
        if cl["tent"] is None and su + sg >= game.entry_cost(space):
            options.append((True, judge(game, seat, climber, space, level, vp, space, mind)))
        for tent, value in options:
            found = best.get((space, tent))
            if found is None or value > found[0] + 1e-9:
                best[(space, tent)] = (value, path, tent)
    ranked = sorted(best.items(), key=lambda kv: (-round(kv[1][0], 9), len(kv[1][1]), kv[0]))
    memo[key] = out = [v for _, v in ranked[:k]]
    return out


def turn_plans(game: K2, seat: int, mind: str = SHARP, width: int = TURN_WIDTH,
               margin: float = TURN_MARGIN) -> list[tuple[float, Plan]]:
    """The ``width`` best distinct plans for the rest of ``seat``'s turn (values by ``judge`` in ``mind``), those
    within ``margin`` of the best: the cards left (climber, direction), the penalty points left over levels,
    and each climber's move and tent. Plans with the same climbers' end (space, level, tent) count once."""
    memo = _memo(game, seat, mind)
    climbers = game.on_board(seat)
    cards = list(game.unassigned)
    points = game.points
    options = []
    for code in cards:
        dirs = ("U", "D") if CARDS[code].kind == "R" else ("",)
        options.append([(code, c, d) for c in climbers for d in dirs])
    scored: list[tuple[float, int, Plan]] = []
    seen_pools: set = set()
    n = 0
    for combo in product(*options) if options else [()]:
        add = {c: [*(game.pools.get(c) or (0, 0, 0)), game.climbers[seat][c]["level"]] for c in climbers}
        for code, c, d in combo:
            card = CARDS[code]
            if card.kind == "M":
                add[c][2] += card.up
            elif card.kind == "R":
                add[c][0 if d == "U" else 1] += card.up if d == "U" else card.down
            else:
                add[c][3] += card.up
        key = tuple(tuple(add[c]) for c in climbers)
        if key in seen_pools:
            continue
        seen_pools.add(key)
        targets = [c for c in climbers if c in game.assigned or any(c == x[1] for x in combo)]
        splits = [()] if not points or not targets else [
            tuple((c, k) for c, k in zip(targets, ks, strict=True) if k)
            for ks in product(range(points + 1), repeat=len(targets)) if sum(ks) == points]
        for split in splits:
            spent = dict(split)
            per = []
            for c in climbers:
                u, d, g, level = add[c]
                level -= spent.get(c, 0)
                per.append([(v, (c, path, tent)) for v, path, tent in
                            outcomes(game, seat, c, (u, d, g), level, memo, mind)])
            for pick in product(*per):
                value = sum(v for v, _ in pick)
                scored.append((value, n, (tuple(combo), split, tuple(o for _, o in pick))))
                n += 1
    scored.sort(key=lambda t: (-round(t[0], 9), t[1]))
    out: list[tuple[float, Plan]] = []
    ends: set = set()
    for value, _, plan in scored:
        if value < scored[0][0] - margin or len(out) >= width:
            break
        end = _plan_end(game, seat, plan)
        if end in ends:
            continue
        ends.add(end)
        out.append((value, plan))
    return out


def _plan_end(game: K2, seat: int, plan: Plan) -> tuple:
    """Where a plan leaves the seat's climbers: (climber, space, level, tent) each."""
    combo, split, moves = plan
    spent = dict(split)
    out = []
    for c, path, tent in moves:
        cl = game.climbers[seat][c]
        level = cl["level"] - spent.get(c, 0) + sum(CARDS[code].up for code, x, _ in combo
                                                    if x == c and CARDS[code].kind == "A")
        space = path[-1] if path else cl["space"]
        out.append((c, space, level, tent))
    return tuple(out)


def plan_actions(game: K2, seat: int, plan: Plan) -> list[K2Action] | None:
    """The plan as legal actions from ``game`` to the end of the turn (checked on a copy), or None if the engine
    refuses it (e.g. both climbers bound for the same full space)."""
    combo, split, moves = plan
    head: list[K2Action] = [Play(seat, code, c, d, 0) for code, c, d in combo]
    head += [Risk(seat, c, k) for c, k in split]
    tails = []
    for c, path, tent in moves:
        tail: list[K2Action] = [Move(seat, c, path)] if path else []
        if tent:
            tail.append(Tent(seat, c))
        tails.append(tail)
    for order in (tails, tails[::-1]):
        actions = head + [a for tail in order for a in tail] + [End(seat)]
        trial = game.copy()
        try:
            for a in actions:
                trial.check(a)
                trial.apply(a, checked=False)
        except RuleError:
            continue
        return actions
    return None


def playout(game: K2, seat: int, actions: list[K2Action], mind: str, rounds: int = 1) -> Generator[None, None, float]:
    """``seat``'s plan, then the rest of the round (and ``rounds - 1`` more: ``game`` must then be a sample of
    the hidden cards, ``determinize``) with the medium bot's answers for the others and the sharp view's for
    ``seat``: the value of the last round's end for ``seat`` (``evaluate`` in ``mind``)."""
    state = game.copy()
    stop = state.round + rounds
    for a in actions:
        state.apply(a, checked=False)
    while not state.is_over() and state.round < stop:
        mover = state.to_move()[0]
        action = heuristic_step(state, mover, mind if mover == seat else SHORT)
        if action is None:
            break
        state.apply(action, checked=False)
        yield
    return evaluate(state, seat, mind)


def plan_search(game: K2, seat: int, rng: Rng, mind: str = SHARP) -> Generator[None, None, K2Action | None]:
    """Phase 3: the first action of the plan whose round ends best for ``seat`` (None: no plan the engine
    accepts; the caller then plays as usual). At the turn's first decision with ``TURN_ROUNDS`` > 1, each
    plan is also played through the next rounds on ``TURN_SAMPLES`` samples of the hidden cards."""
    best: tuple[float, list[K2Action]] | None = None
    deep = TURN_ROUNDS > 1 and not game.assigned and game.round < ROUNDS
    samples = [game.determinize(seat, rng) for _ in range(TURN_SAMPLES)] if deep else []
    for _, plan in turn_plans(game, seat, mind):
        actions = plan_actions(game, seat, plan)
        yield
        if actions is None:
            continue
        value = yield from playout(game, seat, actions, mind)
        for sample in samples:
            value += (yield from playout(sample, seat, actions, mind, TURN_ROUNDS)) / len(samples)
        if best is None or value > best[0] + 1e-9:
            best = (value, actions)
    return best[1][0] if best else None
