"""How K2's heuristics judge a climber after its turn (``climber_value``), in the medium bot's one-turn view
(``SHORT``) or the hard bot's ``SHARP`` one, and the best outcome of a climber's pools (``best_outcome``). The
weights are one table (``Weights``, ``W``)."""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

from ...core.cache import Bounded
from ..data import CARDS, EDGES, ROUNDS, SPACES, TOP_RANK
from ..game import K2


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
