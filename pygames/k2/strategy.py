"""K2 heuristics for bots: climb while acclimatization allows, pitch tents high, respect the forecast,
avoid risk when exposed. No rules live here: every action is taken from the engine's own options.

Two minds judge a climber after its turn (``climber_value``): the medium bot's one-turn view (``SHORT``), and
the hard bot's ``SHARP`` view, which also weighs the VP a forecast death would cost and the last night of the
game (round 18, K2-R36: from round 17 on, the cards left in the hand are round 18's; a climber that cannot
survive that night loses its VP). The medium bot plays ``SHORT``.

The sharp view also plans two turns when it chooses its cards (``next_turn_value``): this round's turn, the
night, and the next round's turn with the cards it keeps; and it may spend a risk token's penalty points on a
card's movement, not only on a level (K2-R26 a), where the medium bot would lower a level into a death. Solo
(a token every round, K2-R13) it takes the token whose points cost its turn least, a little more for a higher one
(``take_action``): a turn that can spend points on cards it would not use anyway takes a high token and leaves
the low ones in the row for turns that need every point.

The search bot (generic MCTS) is steered by the game's hooks, implemented here; ``for_search`` gives each
search a ``K2Search`` that knows its own seat. It weighs the phase-1 card choice, the decision where looking
ahead pays: ``search_actions`` offers its own seat the best few choices of the sharp view (its own first; only
those it values near its best) and, in the other phases, the sharp view's own action; the other seats get the
medium bot's candidates. ``rollout_action`` plays the sharp view for its own seat and the medium bot for the
others (answers cached by position); ``search_over`` stops a sample at the end of the round with two players,
three rounds on with three to five, six in solo (one ply when the search began outside phase 1:
``SEARCH_SHAPES``); ``evaluate`` (``heuristic_value``) scores it there on the scale of ``climber_value``.
In a solo game's round 17 the search gives way to an exact plan of the last two rounds (``search_plan``,
``endgame``): nothing is hidden then but one risk token; and in round 16 to a plan that weighs its card choices,
token and turn by the round 17 they leave, valued by that plan (round 17's cards are known by then)."""

from __future__ import annotations

import heapq
import math
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

from ..core.bots import Strategy
from ..core.cache import Bounded
from .actions import CLIMBERS, Choose, End, Move, Play, Rescue, Risk, Tent
from .data import CARDS, EDGES, ROUNDS, SPACES, TOP_RANK

if TYPE_CHECKING:
    from ..core.rng import Rng
    from .actions import K2Action
    from .game import K2


@dataclass(frozen=True)
class Weights:
    """The heuristic's judgement of a climber, in one table (``climber_value``, ``team_estimate``)."""

    death: float = -3.0  # a climber that dies in the coming phase 4 (it scores 1 and loses its future)
    height: float = 3.0  # the height still to turn into VP
    safe_level: float = 3.0  # level at which a climber in Z2/Z3 can still use its height
    level: tuple[float, float, float, float] = (0.1, 0.3, 0.6, 0.6)  # per zone: the level after phase 4
    forecast_death: float = 2.5  # tomorrow's weather would kill it where it stands
    forecast_risk: float = 1.0  # the day after tomorrow's would
    tent: float = 0.4  # a tent pitched where the climber stands (more on cold spaces, higher)
    risk_exposure: float = 0.12  # per point of risk a card choice shows the others
    stake: float = 0.3  # sharp view: the share of its VP a forecast death threatens (tomorrow; half the day after)
    last_night: float = 1.0  # sharp view: the share of its VP a climber that would die in the last night loses
    last_night_saved: float = 0.3  # ... per level the acclimatization cards of round 18 must make up
    low_tent: float = 0.8  # a tent pitched in Z0 (solo, in the sharp view: also Z1) is worth this less
    # solo, sharp view: a climber in Z2 (``excursion``), and a tent pitched there (``excursion_tent``), are worth
    # this much more the nearer a space worth more VP is (``NEAR_MORE_VP``)
    excursion: float = 0.6
    excursion_tent: float = 1.5
    token_left: float = 0.25  # solo, sharp view: per point of a risk token taken now, left out of the row for later


W = Weights()


def _near_more_vp(side: str) -> dict[str, float]:
    """``NEAR_MORE_VP`` of one side: for each space, 1 - c / ``EXCURSION_POINTS`` and at least 0, where c is the
    cheapest climb (steps up only, entry costs) to a space worth more VP, the summit aside: 0.5 on E24 (E25 at 2
    points), 0 on E21 (E25 at 4)."""
    spaces, ropes = SPACES[side], EDGES[side]
    up: dict[str, list[str]] = {s: [] for s in spaces}
    for a, b in ropes:
        low, high = (a, b) if spaces[a].rank < spaces[b].rank else (b, a)
        up[low].append(high)
    table = {}
    for start, sp in spaces.items():
        heap, done, cost = [(0, start)], set(), math.inf
        while heap:
            spent, here = heapq.heappop(heap)
            if here in done:
                continue
            done.add(here)
            if sp.vp < spaces[here].vp < 10:
                cost = spent
                break
            for there in up[here]:
                heapq.heappush(heap, (spent + spaces[there].cost, there))
        table[start] = max(0.0, 1 - cost / EXCURSION_POINTS)
    return table


# A solo expedition scores the VP each climber has banked, also in passing (K2-R21), and one place in Z2 and Z3 (K2-R19)
# makes the two climbers wait apart: a climber waiting next to more VP (side E: on E24, E25 at 2 points) banks it with
# an excursion of one turn, there and back, where one waiting further down (E21: 4 points) must give up its tent
# for a night or more. So, solo, the sharp view values a climber in Z2, and its tent there, by how near a space of
# more VP is (``Weights.excursion``, ``Weights.excursion_tent``). Measurements, and the variants tried on both sides:
# docs/bots.md, "K2 solo".
EXCURSION_POINTS = 4
NEAR_MORE_VP: dict[str, dict[str, float]] = {side: _near_more_vp(side) for side in SPACES}


def near_more_vp(game: K2, sp, sharp: bool) -> float:  # noqa: ANN001
    """``NEAR_MORE_VP`` of space ``sp`` where the sharp view of a solo game weighs it (Z2), else 0."""
    return NEAR_MORE_VP[game.side][sp.id] if sharp and game.players == 1 and sp.zone == 2 else 0.0

# The two minds: the one-turn view of the medium bot, and the hard bot's, which also weighs the VP a
# death would cost and the last night of the game (``climber_value``'s ``sharp``).
SHORT, SHARP = "short", "sharp"


def climber_value(game: K2, seat: int, climber: str, space: str, level: int, vp: int, tent: str | None,
                  sharp: bool = False) -> float:
    """How good a climber's situation after phase 3 looks: VP, height still to gain, safety. ``sharp`` (the
    hard bot's view) also counts the last night: a climber that cannot survive it loses its VP
    (``last_night``)."""
    sp = game.spaces[space]
    today = game.today()
    shelter = 1 if (tent == space or game.sheltered(seat, space)) else 0
    level4 = min(6, level + sp.acc + shelter - today.loss_in(sp.zone))
    if level4 < 1:
        return W.death
    if game.round >= ROUNDS:
        return float(vp)
    left = ROUNDS - game.round
    value = float(vp)
    top = TOP_RANK[game.side]
    if vp < 10:  # height is worth something only with the level to use it
        usable = min(1.0, level4 / W.safe_level) if sp.zone >= 1 else 1.0
        value += W.height * sp.rank / top * min(1.0, left / 4) * usable
    # the forecast: tomorrow's level if the climber stays
    tomorrow = game.day(game.round + 1)
    level5 = level4 + sp.acc + shelter - tomorrow.loss_in(sp.zone)
    at_stake = W.stake * (vp - 1) if sharp else 0.0  # sharp: a death costs the VP already won
    if level5 < 1:
        value -= W.forecast_death + at_stake if left > 1 else 0.0
    elif left > 2 and level5 + sp.acc + shelter - game.day(game.round + 2).loss_in(sp.zone) < 1:
        value -= W.forecast_risk + 0.5 * at_stake
    if sharp and left <= 2:
        value -= last_night(game, seat, sp, shelter, level5, vp, left)
    value += W.level[sp.zone] * min(level4, 5)
    value += W.excursion * near_more_vp(game, sp, sharp)
    if tent is not None and tent == space and not game.sheltered(seat, space):
        value += tent_value(game, sp, sharp)
    return value


def last_night(game: K2, seat: int, sp, shelter: int, level5: int, vp: int, left: int) -> float:  # noqa: ANN001
    """What the night of round 18 (the last check, K2-R36) threatens a climber that stays on ``sp``: its VP
    (a dead climber scores 1). From round 17 the cards of round 18 are the ones left in the hand: its
    acclimatization cards can save it."""
    last = level5
    if left == 2:
        if level5 < 1:
            return 0.0  # tomorrow's forecast already counts it
        last = level5 + sp.acc + shelter - game.day(ROUNDS).loss_in(sp.zone)
    if last >= 1:
        return 0.0
    need = 1 - last
    if left == 1:
        help_ = sum(CARDS[c].up for c in game.hands[seat] if CARDS[c].kind == "A")
        if help_ >= need:
            return W.last_night_saved * need
        return W.last_night * (vp - 1) + 1.0
    return 0.5 * W.last_night * (vp - 1)


def tent_value(game: K2, sp, sharp: bool = False) -> float:  # noqa: ANN001
    """A tent pitched on space ``sp``: worth more on cold spaces and high up, little in the base zone; in the
    ``sharp`` view of a solo game, little in Z1 either. A climber pitches its tent once (K2-R23); below Z2 the
    climbers rest well enough without it, and a solo expedition needs it where a climber waits for the summit,
    in Z2 (docs/bots.md, "The tent kept for Z2")."""
    low = sp.zone == 0 or (sharp and game.players == 1 and sp.zone == 1)
    return (W.tent + W.tent * max(0, -sp.acc) + (0.3 if sp.zone >= 2 else 0.0) - (W.low_tent if low else 0.0)
            + W.excursion_tent * near_more_vp(game, sp, sharp))


# ``judge``'s answers by what ``climber_value`` reads: shared by every board (a cache only)
_JUDGED: Bounded[tuple, float] = Bounded(50_000)


def judge_context(game: K2, seat: int, mind: str) -> tuple[tuple, frozenset[str]]:
    """What ``climber_value`` reads besides its arguments, the same for every climber of a board: the side, the
    round and its next days, whether the game is solo (the sharp view's tents), in round 17 the acclimatization
    in the hand (the sharp view's last night); and the spaces where the seat has a tent (shelter, K2-R25)."""
    r = game.round
    sharp = mind == SHARP
    hand = (sum(CARDS[c].up for c in game.hands[seat] if CARDS[c].kind == "A")
            if sharp and r == ROUNDS - 1 else 0)
    tents = frozenset(cl["tent"] for cl in game.climbers[seat].values() if cl["tent"] is not None)
    return (game.side, r, game.day(r), game.day(r + 1), game.day(r + 2), sharp, game.players == 1, hand), tents


def judge(game: K2, seat: int, climber: str, space: str, level: int, vp: int, tent: str | None,
          mind: str, context: tuple[tuple, frozenset[str]] | None = None) -> float:
    """A climber's situation after phase 3 as ``mind`` sees it (``climber_value``); ``context`` is the board's
    ``judge_context`` (worked out here when not given)."""
    board, tents = context or judge_context(game, seat, mind)
    key = (*board, space, level, vp, tent == space, space in tents)
    found = _JUDGED.get(key)
    if found is None:
        found = _JUDGED.put(key, climber_value(game, seat, climber, space, level, vp, tent, sharp=mind == SHARP))
    return found


# ``best_outcome``'s answers by what they depend on (``judge_context``, which holds the mind; the climber's space,
# VP and tent, the full spaces, its pools and level): shared by every board (a cache only)
_OUTCOMES: Bounded[tuple, tuple[float, tuple[str, ...], bool]] = Bounded(60_000)


def best_outcome(game: K2, seat: int, climber: str, pools: tuple[int, int, int], level: int,
                 memo: dict, mind: str = SHORT) -> tuple[float, tuple[str, ...], bool]:
    """Best (value, path, tent at the end) for one climber with these pools and this level. (``memo`` is one
    board's, as ``_memo`` keys it: it also keeps ``judge``'s answers, which depend on the end space, not on the
    path there, and the board's ``judge_context``.)"""
    key = (climber, pools, level)
    found = memo.get(key)
    if found is not None:
        return found
    context = memo.get("context")
    if context is None:
        context = memo["context"] = judge_context(game, seat, mind)
    cl = game.climbers[seat][climber]
    start = cl["space"]
    full = memo.get(("full", climber))
    if full is None:
        full = memo[("full", climber)] = frozenset(game.full_spaces((seat, climber)))
    # the same climber in the same situation on another board (the other climbers elsewhere, the hand otherwise)
    shared = (context, start, cl["vp"], cl["tent"] is None, full, pools, level)
    found = _OUTCOMES.get(shared)
    if found is not None:
        memo[key] = found
        return found

    def judged(space: str, vp: int, tent: str | None) -> float:
        at = ("judge", space, level, vp, tent)
        found = memo.get(at)
        if found is None:
            found = memo[at] = judge(game, seat, climber, space, level, vp, tent, mind, context)
        return found

    best = (judged(start, cl["vp"], None), (), False)
    may_pitch = cl["tent"] is None
    for space, vp, path, tent in walk_ends(game, seat, climber, pools):
        if path and space in full:
            continue
        if tent:
            if not may_pitch:
                continue
            value = judged(space, vp, space)
        else:
            value = judged(space, vp, None)
        if value > best[0] + 1e-9:
            best = (value, path, tent)
    memo[key] = _OUTCOMES.put(shared, best)
    return best


# ``walk_ends``' lists by (side, weather day, start space, pools, VP): shared by every position, as ``K2.reach``'s walks
_ENDS: Bounded[tuple, list[tuple[str, int, tuple[str, ...], bool]]] = Bounded(4_000)


def walk_ends(game: K2, seat: int, climber: str,
              pools: tuple[int, int, int]) -> list[tuple[str, int, tuple[str, ...], bool]]:
    """Where a climber's walks with these pools can end, as ``best_outcome`` judges them: (space, VP, path,
    pitching a tent there), the first walk of ``K2.reach`` (shortest) for each end, in its order; walks that
    end alike (other pools left) are judged alike and left out. A tent needs what is left of U + G to pay the
    space's entry cost."""
    cl = game.climbers[seat][climber]
    u, d, g = pools
    key = (game.side, game.today(), cl["space"], u, d, g, cl["vp"])
    ends = _ENDS.get(key)
    if ends is None:
        states = game.reach(seat, climber, u, d, g) if u + d + g else {(cl["space"], u, d, g, cl["vp"]): ()}
        costs = game.entry_costs()
        seen: set[tuple[str, int, bool]] = set()
        ends = []
        for (space, su, _sd, sg, vp), path in states.items():
            # staying put is best_outcome's starting point, not an end; a tent needs U + G for the entry cost
            for tent in ((False,) if path else ()) + ((True,) if su + sg >= costs[space] else ()):
                if (space, vp, tent) not in seen:
                    seen.add((space, vp, tent))
                    ends.append((space, vp, path, tent))
        _ENDS.put(key, ends)
    return ends


def with_cards(game: K2, seat: int, climbers: list[str], pools: dict[str, list[int]],
               combo: tuple[tuple[str, str, str], ...] | list[tuple[str, str, str]]) -> dict[str, list[int]]:
    """Each climber's pools and level, ``[U, D, G, level]``, once the cards of ``combo`` (card, climber,
    direction) are added to ``pools`` (K2-R17)."""
    add = {c: [*(pools.get(c) or (0, 0, 0)), game.climbers[seat][c]["level"]] for c in climbers}
    for code, c, d in combo:
        card = CARDS[code]
        if card.kind == "M":
            add[c][2] += card.up
        elif card.kind == "R":
            add[c][0 if d == "U" else 1] += card.up if d == "U" else card.down
        else:
            add[c][3] += card.up
    return add


def plan_turn(game: K2, seat: int, cards: list[str], points: int, pools: dict[str, list[int]],
              assigned: list[str], memo: dict, mind: str = SHORT,
              ) -> tuple[float, list[tuple[str, str, str]], dict[str | int, int]]:
    """Best assignment of the cards (climber, direction) and split of the penalty points: over the levels
    of the climbers given a card (keys: climbers) and, in the sharp view, over the cards' movement (keys:
    the card's index in the assignment, lowered when it is played)."""
    if not points and not pools and not assigned:  # a whole turn from its start: ``whole_turn``, kept in the memo
        key = _interned(("turn", *cards))
        found = memo.get(key)
        if found is None:
            found = memo[key] = whole_turn(game, seat, cards, memo, mind)
        return found[0], list(found[1]), {}
    if not assigned and not any(any(p) for p in pools.values()):  # a turn from its start, penalty points to place:
        # the token's choice (``take_action``) has weighed it already
        key = _interned(("under way", points, *cards))
        found = memo.get(key)
        if found is None:
            found = memo[key] = turn_under_way(game, seat, cards, points, pools, assigned, memo, mind)
        return found[0], list(found[1]), dict(found[2])
    return turn_under_way(game, seat, cards, points, pools, assigned, memo, mind)


def turn_under_way(game: K2, seat: int, cards: list[str], points: int, pools: dict[str, list[int]],
                   assigned: list[str], memo: dict, mind: str = SHORT,
                   ) -> tuple[float, list[tuple[str, str, str]], dict[str | int, int]]:
    """``plan_turn`` of a turn that has begun (cards played, pools, penalty points to place)."""
    climbers = game.on_board(seat)
    options = []
    for code in cards:
        card = CARDS[code]
        dirs = ("U", "D") if card.kind == "R" else ("",)
        options.append([(code, c, d) for c in climbers for d in dirs])
    best: tuple[float, list[tuple[str, str, str]], dict[str | int, int]] = (-1e9, [], {})
    seen: set = set()
    judged: dict[tuple[str, int, int, int, int], float] = {}
    for combo in product(*options) if options else [()]:
        add = with_cards(game, seat, climbers, pools, combo)
        key: tuple = tuple(tuple(add[c]) for c in climbers)
        if points:  # where penalty points may go differs too (the climbers given a card, the cards' movement)
            key += tuple(sorted(combo))
        if key in seen:
            continue
        seen.add(key)
        splits = penalty_splits(climbers, combo, points, assigned, mind) if points else [{}]
        for split in splits:
            total = 0.0
            for c in climbers:
                u, d, g, level = lowered(add, c, combo, split)
                value = judged.get((c, u, d, g, level))
                if value is None:
                    value = judged[(c, u, d, g, level)] = best_outcome(game, seat, c, (u, d, g), level, memo, mind)[0]
                total += value
            if total > best[0] + 1e-9:
                best = (total, list(combo), split)
    return best


# the small tuples the memos keep by the thousand (a card's play, a turn's cards), one of each: a cache only
_INTERNED: dict[tuple, tuple] = {}


def _interned(t: tuple) -> tuple:
    return _INTERNED.setdefault(t, t)


def whole_turn(game: K2, seat: int, cards: list[str], memo: dict,
               mind: str = SHORT) -> tuple[float, tuple[tuple[str, str, str], ...]]:
    """``plan_turn`` of a turn from its start (no card played, no penalty points): the same best total and
    assignment, found in the same order, with each card's effect (K2-R17) worked out once instead of per
    assignment, and each climber's resources judged once (the bots' searches spend most of their time here).
    A climber's resources (U, D, G, level: each under 256, a turn's three cards add at most 15) are packed in 8
    bits each, the climbers' side by side in one integer, so that an assignment's resources are the sum of its
    cards' effects."""
    climbers = game.on_board(seat)
    team = game.climbers[seat]
    shift = {c: 32 * i for i, c in enumerate(climbers)}
    packed = [(sum(team[c]["level"] << (24 + shift[c]) for c in climbers), ())]
    for code in cards:
        card = CARDS[code]
        if card.kind == "M":
            effects = [("", card.up << 16)]
        elif card.kind == "R":
            effects = [("U", card.up), ("D", card.down << 8)]
        else:
            effects = [("", card.up << 24)]
        options = [(n << shift[c], _interned((code, c, d))) for c in climbers for d, n in effects]
        packed = [(r + n, plays + (play,)) for r, plays in packed for n, play in options]  # product's order
    judged: dict[tuple[int, int], float] = {}
    best: tuple[float, tuple[tuple[str, str, str], ...]] = (-1e9, ())
    seen: set[int] = set()
    for r, plays in packed:
        if r in seen:
            continue
        seen.add(r)
        total = 0.0
        for i, c in enumerate(climbers):
            mine = r >> 32 * i & 0xFFFFFFFF
            value = judged.get((i, mine))
            if value is None:
                pools = (mine & 255, mine >> 8 & 255, mine >> 16 & 255)
                value = judged[(i, mine)] = best_outcome(game, seat, c, pools, mine >> 24, memo, mind)[0]
            total += value
        if total > best[0] + 1e-9:
            best = (total, plays)
    return best


def lowered(add: dict[str, list[int]], c: str, combo: tuple[tuple[str, str, str], ...] | list[tuple[str, str, str]],
            split: dict[str | int, int]) -> tuple[int, int, int, int]:
    """Climber ``c``'s pools and level ``(U, D, G, level)`` from ``with_cards`` once ``split``'s penalty points
    (``penalty_splits``) lower its level and its cards' movement (the pool each card fills)."""
    u, d, g, level = add[c]
    for i, (code, holder, way) in enumerate(combo):
        if holder == c and split.get(i):
            if CARDS[code].kind == "M":
                g -= split[i]
            elif way == "U":
                u -= split[i]
            else:
                d -= split[i]
    return u, d, g, level - split.get(c, 0)


def penalty_splits(climbers: list[str], combo: tuple[tuple[str, str, str], ...] | list[tuple[str, str, str]],
                   points: int, assigned: list[str], mind: str) -> list[dict[str | int, int]]:
    """Every way to place ``points`` penalty points (K2-R26) in a turn playing ``combo``: on the level of a
    climber given a card; in the sharp view also on the movement a card gives, at most its value (key: the
    card's index in ``combo``)."""
    targets = [c for c in climbers if c in assigned or any(c == x[1] for x in combo)]
    sinks: list[tuple[str | int, int]] = [(c, points) for c in targets]
    if mind == SHARP:
        sinks += [(i, CARDS[code].down if d == "D" else CARDS[code].up)
                  for i, (code, _c, d) in enumerate(combo) if CARDS[code].kind != "A"]
    if not sinks:
        return [{}]
    return [{key: n for (key, _cap), n in zip(sinks, ns, strict=True) if n}
            for ns in product(*(range(min(cap, points) + 1) for _key, cap in sinks)) if sum(ns) == points]


def board_key(game: K2) -> tuple:
    """What ``best_outcome`` depends on besides its arguments: the board and the weather of the next days."""
    return (game.side, game.players, game.options["cap5"], game.round,
            tuple(game.day(d) for d in range(game.round, game.round + 3)),
            tuple(tuple(cl.values()) for team in game.climbers for cl in team.values()))


def public_key(game: K2) -> tuple:
    """What the heuristic's decisions depend on besides a hand: the board, the turn in progress.
    Positions with the same key get the same heuristic answers (see ``_CACHE``)."""
    return (board_key(game), game.phase, game.current, tuple(game.risk_faceup), tuple(game.unassigned),
            game.points, tuple(game.assigned), tuple(tuple(p) for p in game.pools.values()))


# Heuristic answers by position, shared by every search sample (a cache only: the answers are a function of
# the position, so it never changes a decision). Keys: ("memo", board key, seat) -> ``best_outcome`` memo,
# ("choose", public key, seat, hand) -> ranked choices, ("act", public key, seat) -> action.
_CACHE: Bounded[tuple, object] = Bounded(50_000)


def _cached(key: tuple, make):  # noqa: ANN001, ANN202
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE.put(key, make())
    return found


def _memo(game: K2, seat: int, mind: str = SHORT) -> dict:
    if mind == SHARP and game.round == ROUNDS - 1:  # round 17: the last night's view depends on the cards kept
        return _cached(("memo", board_key(game), seat, mind, tuple(game.hands[seat])), dict)
    return _cached(("memo", board_key(game), seat, mind), dict)


def choose_ranking(game: K2, seat: int, mind: str = SHORT) -> list[Choose]:
    """Phase 1: the seat's card choices, best first by the value of the turn they allow (K2 exposes a high
    risk value to the others: it costs a little)."""
    return [a for _, a in ranked_choices(game, seat, mind)]


def ranked_choices(game: K2, seat: int, mind: str = SHORT) -> list[tuple[float, Choose]]:
    """``choose_ranking`` with the values. In round 17 the sharp view plays each choice's turn with the
    other three cards in the hand: they are round 18's (K2-R37), and its last night depends on them; solo, it
    judges the two turns as in the other rounds, round 18's with those three cards."""
    for _step in ranked_choices_steps(game, seat, mind):
        pass
    return _CACHE[_choose_key(game, seat, mind)]  # type: ignore[return-value]


def _choose_key(game: K2, seat: int, mind: str) -> tuple:
    return ("choose", public_key(game), seat, tuple(game.hands[seat]), mind)


def ranked_choices_steps(game: K2, seat: int, mind: str = SHORT) -> Iterator[None]:
    """Work out ``ranked_choices`` (cached by position), one step per choice (the sharp view's two-turn values
    cost tens of ms each in the page): a search that slices its work runs these steps first."""
    from .game import risk_value

    key = _choose_key(game, seat, mind)
    if key in _CACHE:
        return
    memo = _memo(game, seat, mind)
    exposed = game.players > 1
    scored = []
    for i, action in enumerate(game.legal_actions(seat) or []):
        assert isinstance(action, Choose)
        if mind == SHARP and game.round == ROUNDS - 1 and exposed:  # what stays in the hand is round 18's hand
            after = game.copy()
            for code in action.cards:
                after.hands[seat].remove(code)
            value = plan_turn(after, seat, list(action.cards), 0, {}, [], _memo(after, seat, mind), mind)[0]
        elif mind == SHARP:  # the two turns: this one, then the next with the cards kept (solo, round 17: round 18)
            value = next_turn_value(game, seat, list(action.cards), mind)
        else:
            value = plan_turn(game, seat, list(action.cards), 0, {}, [], memo, mind)[0]
        if exposed:
            value -= W.risk_exposure * risk_value(action.cards)
        scored.append((-round(value, 9), i, action))
        yield
    ranked = [(-v, a) for v, _, a in sorted(scored, key=lambda t: t[:2])]
    _cached(key, lambda: ranked)


def next_turn_value(game: K2, seat: int, cards: list[str], mind: str) -> float:
    """A phase-1 choice judged over two turns: this round's turn with ``cards`` as the heuristic would play
    it, the night (K2-R32), then the next round's turn with the three cards kept in the hand. That turn's
    value (a climber dead in the night: ``W.death``) is the choice's. The next hand also holds three cards
    drawn meanwhile, unknown here: this is a floor, which values keeping cards the climbers will need (in
    rounds 5 and 11 the kept cards are the next round's whole hand, K2-R37)."""
    memo = _memo(game, seat, mind)
    _total, combo, _split = plan_turn(game, seat, cards, 0, {}, [], memo, mind)
    after = game.copy()
    for code in cards:
        after.hands[seat].remove(code)
    climbers = game.on_board(seat)
    add = with_cards(game, seat, climbers, {}, combo)
    for c in climbers:  # where the heuristic's turn leaves each climber
        u, d, g, _level = add[c]
        _value, path, tent = best_outcome(game, seat, c, (u, d, g), add[c][3], memo, mind)
        cl = after.climbers[seat][c]
        cl["vp"] = max([cl["vp"]] + [game.spaces[x].vp for x in path])  # K2-R21: also in passing
        cl["space"] = path[-1] if path else cl["space"]
        if tent:
            cl["tent"] = cl["space"]
    today = game.today()
    dead = 0
    for c in climbers:  # the night (K2-R32), all from the same state
        cl = after.climbers[seat][c]
        sp = game.spaces[cl["space"]]
        level = add[c][3] + sp.acc + (1 if after.sheltered(seat, cl["space"]) else 0) - today.loss_in(sp.zone)
        cl["level"] = min(level, 6)
        if level < 1:
            cl.update(alive=False, vp=1, space=None)
            dead += 1
    if dead == len(climbers):
        return W.death * dead
    after.round += 1
    kept = list(after.hands[seat])
    return plan_turn(after, seat, kept, 0, {}, [], _memo(after, seat, mind), mind)[0] + W.death * dead


def card_step(seat: int, combo: list[tuple[str, str, str]], split: dict[str | int, int]) -> K2Action | None:
    """A planned turn's next card step (``plan_turn``'s plan): its first card still to play, with the penalty
    points it takes, then the penalty points on a level; None when only moves, tents and the end are left."""
    if combo:
        code, c, d = combo[0]
        return Play(seat, code, c, d, split.get(0, 0))
    for c, k in split.items():
        if k and isinstance(c, str):
            return Risk(seat, c, k)
    return None


def choose_action(game: K2, seat: int, mind: str = SHORT) -> K2Action | None:
    """The heuristic bot's decision in any phase (always one of the legal actions)."""
    from .game import ACT, CHOOSE, RESCUE, TAKE

    legal = game.legal_actions(seat)
    if not legal:
        return None
    if game.phase == TAKE:
        if mind == SHARP and game.players == 1:
            return take_action(game, seat, legal, mind)
        return min(legal, key=lambda a: (game.risk_faceup[a.slot - 1], a.slot))  # type: ignore[union-attr]
    if game.phase == RESCUE:
        rescues = [a for a in legal if isinstance(a, Rescue) and a.space is not None]
        if not rescues:
            return legal[-1]
        return max(rescues, key=lambda a: game.spaces[a.space].rank)  # type: ignore[union-attr,index]
    if game.phase == CHOOSE:
        return choose_ranking(game, seat, mind)[0]
    if game.phase != ACT:
        return legal[0]
    memo = _memo(game, seat, mind)
    _, combo, split = plan_turn(game, seat, list(game.unassigned), game.points, game.pools, game.assigned, memo,
                                mind)
    step = card_step(seat, combo, split)
    if step is not None:
        return step
    for c in game.on_board(seat):
        u, d, g = game.pools.get(c, [0, 0, 0])
        level = game.climbers[seat][c]["level"]
        _, path, tent = best_outcome(game, seat, c, (u, d, g), level, memo, mind)
        if path:
            return Move(seat, c, path)
        if tent:
            return Tent(seat, c)
    return End(seat) if End(seat) in legal else legal[0]


def take_action(game: K2, seat: int, legal: list[K2Action], mind: str) -> K2Action:
    """Solo, sharp view: the face-up token whose penalty points (K2-R26) cost this turn least, less
    ``W.token_left`` a point: a turn that can spend points at little cost (cards it would not use) takes a high
    token, and leaves the low ones in the row for the turns that need every point (a solo player takes one every
    round, K2-R13)."""
    cards = list(game.revealed[seat] or ())
    memo = _memo(game, seat, mind)  # the turn's first step finds its plan there (``plan_turn``)
    best: tuple[float, K2Action] | None = None
    for action in legal:
        points = game.risk_faceup[action.slot - 1] or 0  # type: ignore[union-attr]
        value = plan_turn(game, seat, cards, points, {}, [], memo, mind)[0] + W.token_left * points
        if best is None or value > best[0] + 1e-9:
            best = (value, action)
    assert best is not None
    return best[1]


@dataclass(frozen=True)
class SearchShape:
    """How the hard bot's search weighs its phase-1 card choices (``search_actions``, ``search_over``)."""

    width: int  # the card choices it considers: the sharp view's best ...
    margin: float  # ... and only those the sharp view values within this of its best (near ties)
    rounds: int  # samples are played out to the end of this many rounds, then estimated (``evaluate``)


# By player count. Two players: the best few near ties, each weighed by thousands of samples to the end of the
# round. Solo (nobody else moves; chance alone decides what comes): the ten best, each weighed by samples played
# six rounds ahead, which see the climb to the summit that a round's view cannot; they are few (a handful in a
# second), so the best choices are tried first (``expands_in_order``). Three to five players: the near ties, each
# weighed by samples three rounds ahead (the others played by the medium bot), best first. The shapes measured
# against these, and what else was tried: docs/bots.md, "K2 solo" and "How far ahead K2's samples look".
SEARCH_SHAPES: dict[int, SearchShape] = {
    1: SearchShape(width=10, margin=8.0, rounds=6),
    2: SearchShape(width=3, margin=0.5, rounds=1),
    3: SearchShape(width=3, margin=0.5, rounds=3),
    4: SearchShape(width=3, margin=0.5, rounds=3),
    5: SearchShape(width=3, margin=0.5, rounds=3),
}


def search_shape(players: int) -> SearchShape:
    """The search's shape in a game of ``players`` (``SEARCH_SHAPES``)."""
    return SEARCH_SHAPES[players]


def search_over(game: K2, start: K2, plies: int) -> bool:
    """The horizon: the sample has finished the search shape's ``rounds`` from ``start``'s round on. A search
    that began in phases 2-4 has only the heuristic's action to weigh (``search_actions``): it stops after one
    ply."""
    from .game import CHOOSE

    if start.phase != CHOOSE:
        return plies >= 1
    # Solo samples play on past round 16's start, where the plan of the last rounds takes over: stopped there and
    # valued by the estimate, they did much worse (docs/bots.md, "Rounds 13–15 on the bank").
    return game.round >= start.round + search_shape(start.players).rounds


def search_actions(game: K2, seat: int, mind: str = SHORT) -> list[K2Action] | None:
    """The candidates search expands: the heuristic's best card choices in phase 1 (``search_shape``: how many,
    and only those within its margin of the best), its own action in
    the other phases (the search weighs card choices; the turn is played as the heuristic plays it)."""
    from .game import CHOOSE

    if game.phase == CHOOSE:
        if game.legal_actions(seat) is None:
            return None
        ranked = ranked_choices(game, seat, mind)
        shape = search_shape(game.players)
        return [a for v, a in ranked[:shape.width] if v >= ranked[0][0] - shape.margin]
    action = heuristic_step(game, seat, mind)
    return [action] if action is not None else []


def heuristic_step(game: K2, seat: int, mind: str = SHORT) -> K2Action | None:
    """``choose_action``, cached by position."""
    from .game import CHOOSE

    if game.phase == CHOOSE:
        return choose_ranking(game, seat, mind)[0]
    if seat not in game.to_move():
        return None
    return _cached(("act", public_key(game), seat, mind, tuple(game.revealed[seat] or ())),
                   lambda: choose_action(game, seat, mind))  # type: ignore[return-value]


def rollout_action(game: K2, seat: int, rng: Rng, mind: str = SHORT) -> K2Action:
    """The playout policy of search samples: the heuristic's own action (cached by position)."""
    action = heuristic_step(game, seat, mind)
    return action if action is not None else game.random_action(seat, rng)


def team_estimate(game: K2, seat: int, mind: str = SHORT) -> float:
    """A final-score estimate for a seat between rounds, on the scale of ``climber_value`` (which judges a
    climber after phase 3): VP, height still to use, level, the forecast, tents; a dead climber ``W.death``.
    The sharp view (``mind``) also weighs the VP a death would cost, and in round 18 the last night."""
    total = 0.0
    top = TOP_RANK[game.side]
    left = ROUNDS - game.round + 1  # rounds left when the last phase 4 was played (as climber_value sees them)
    for c in CLIMBERS:
        cl = game.climbers[seat][c]
        if not cl["alive"]:
            total += W.death
            continue
        sp = game.spaces[cl["space"]]
        level = cl["level"]
        shelter = 1 if game.sheltered(seat, cl["space"]) else 0
        value = float(cl["vp"])
        if cl["vp"] < 10:
            usable = min(1.0, level / W.safe_level) if sp.zone >= 1 else 1.0
            value += W.height * sp.rank / top * min(1.0, left / 4) * usable
        level5 = level + sp.acc + shelter - game.today().loss_in(sp.zone)
        at_stake = W.stake * (cl["vp"] - 1) if mind == SHARP else 0.0
        if level5 < 1:
            if left > 1:
                value -= W.forecast_death + at_stake
            elif mind == SHARP:  # round 18: its cards are known; without enough acclimatization it dies
                cards = list(game.hands[seat]) + list(game.pending[seat] or ()) + list(game.revealed[seat] or ())
                help_ = sum(CARDS[code].up for code in cards if CARDS[code].kind == "A")
                value -= W.last_night_saved * (1 - level5) if help_ >= 1 - level5 else W.last_night * (cl["vp"] - 1) + 1
        elif left > 2 and level5 + sp.acc + shelter - game.day(game.round + 1).loss_in(sp.zone) < 1:
            value -= W.forecast_risk + 0.5 * at_stake
        value += W.level[sp.zone] * min(level, 5)
        tent = cl["tent"]
        if tent is not None:
            value += tent_value(game, game.spaces[tent], mind == SHARP)
        total += value
    return total


def estimate_payoffs(game: K2, mind: str = SHORT) -> list[float]:
    """Per seat, a [0, 1] estimate of the final outcome from the current position."""
    est = [team_estimate(game, s, mind) for s in range(game.players)]
    if game.players == 1:
        return [max(0.0, min(1.0, est[0] / 20.0))]
    out = []
    for s in range(game.players):
        other = max(e for t, e in enumerate(est) if t != s)
        out.append(1.0 / (1.0 + math.exp(-(est[s] - other) / 4.0)))
    return out


def evaluate(game: K2, seat: int, mind: str = SHORT) -> float:
    """State value in [0, 1] for the search horizon and one-ply greed."""
    if game.is_over():
        return game.payoffs()[seat]
    return estimate_payoffs(game, mind)[seat]


class K2Strategy(Strategy):
    """The hooks described at the top of this module. ``heuristic_mind`` plays the medium bot;
    ``search_mind`` is how a search judges its own seat (``for_search``): the other seats are played and
    expanded as the medium bot sees them."""

    def __init__(self, heuristic_mind: str = SHORT, search_mind: str = SHARP) -> None:
        self.heuristic_mind = heuristic_mind
        self.search_mind = search_mind

    def heuristic_action(self, game: K2, seat: int, rng: Rng) -> K2Action | None:  # type: ignore[override]
        return choose_action(game, seat, self.heuristic_mind)

    def heuristic_value(self, game: K2, seat: int) -> float:  # type: ignore[override]
        return evaluate(game, seat)

    def search_actions(self, game: K2, seat: int) -> list[K2Action] | None:  # type: ignore[override]
        return search_actions(game, seat)

    def rollout_action(self, game: K2, seat: int, rng: Rng) -> K2Action:  # type: ignore[override]
        return rollout_action(game, seat, rng)

    def search_over(self, game: K2, start: K2, plies: int) -> bool:  # type: ignore[override]
        return search_over(game, start, plies)

    def for_search(self, game: K2, seat: int) -> Strategy:  # type: ignore[override]
        return K2Search(seat, self.search_mind)


class K2Search(K2Strategy):
    """One search by seat ``me``: its own candidates, playouts and horizon in ``mind``; the others' as the
    medium bot's."""

    def __init__(self, me: int, mind: str) -> None:
        super().__init__(mind, mind)
        self.me = me
        self.mind = mind

    def heuristic_value(self, game: K2, seat: int) -> float:  # type: ignore[override]
        return evaluate(game, seat, self.mind)

    def search_actions(self, game: K2, seat: int) -> list[K2Action] | None:  # type: ignore[override]
        return search_actions(game, seat, self.mind if seat == self.me else SHORT)

    def search_steps(self, game: K2, seat: int) -> Iterator[None]:  # type: ignore[override]
        """Phase 1: its own card choices ranked a choice per step (``search_actions`` then reads them)."""
        from .game import CHOOSE

        if game.phase == CHOOSE and seat == self.me and game.legal_actions(seat) is not None:
            yield from ranked_choices_steps(game, seat, self.mind)

    def rollout_steps(self, game: K2, seat: int) -> Iterator[None]:  # type: ignore[override]
        """A seat's card choices in a sample, ranked a choice per step (a ranking is up to tens of ms in the page,
        its own sharp one most; once ranked, nothing)."""
        from .game import CHOOSE

        if game.phase == CHOOSE:
            yield from ranked_choices_steps(game, seat, self.mind if seat == self.me else SHORT)

    def rollout_action(self, game: K2, seat: int, rng: Rng) -> K2Action:  # type: ignore[override]
        return rollout_action(game, seat, rng, self.mind if seat == self.me else SHORT)

    def search_plan(self, game: K2, seat: int, rng: Rng) -> Generator[None, None, K2Action] | None:  # type: ignore[override]
        """Solo, round 17: the last two rounds worked out exactly instead of searched (``endgame``); round 16's
        card choice and token weighed by the round 17 they leave (``endgame.decide16``)."""
        from . import endgame

        if seat != self.me or self.mind != SHARP:
            return None
        if endgame.applies16(game, seat):
            return endgame.decide16(game, seat)
        if not endgame.applies(game, seat):
            return None
        return endgame.decide(game, seat)

    def expands_in_order(self, game: K2) -> bool:  # type: ignore[override]
        """Where samples run rounds ahead (solo, three players) they are few: the best choices first."""
        return search_shape(game.players).rounds > 1

    def for_search(self, game: K2, seat: int) -> Strategy:  # type: ignore[override]
        return self if seat == self.me else K2Search(seat, self.mind)


STRATEGY = K2Strategy()
