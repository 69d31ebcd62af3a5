"""K2's walks over the ropes (K2-R18..R20): where a climber can get with its pools, one path per outcome for
the legal actions, a path checked step by step, and the words for a step no rope joins."""

from __future__ import annotations

import heapq
from collections import deque

from ..core.cache import Bounded
from ..core.errors import IllegalActionError
from ..core.i18n import _
from .board import NEIGHBOURS, K2Board, pay

# ``reach``'s walks by (side, day, start state): bots ask for the same walks in position after position
_REACH: Bounded[tuple, dict[tuple, tuple[str, ...]]] = Bounded(4_000)  # about 13 MB


def reach(game: K2Board, seat: int, climber: str, u: int, d: int, g: int) -> dict[tuple, tuple[str, ...]]:
    """K2-R18: every state (space, U, D, G, VP) the climber can walk to with these pools, by a
    shortest path (breadth first, neighbours by id); capacity is not tested here. The walks depend only on
    the side, today's weather, the start and the pools: one table per such key, shared (read only)."""
    cl = game.climbers[seat][climber]
    start = (cl["space"], u, d, g, cl["vp"])
    key = (game.side, game.today(), start)
    seen = _REACH.get(key)  # type: ignore[reportAssignmentType]  # the cache's table, or None: made below
    if seen is not None:
        return seen
    seen: dict[tuple, tuple[str, ...]] = {start: ()}
    nbrs = NEIGHBOURS[game.side]
    spaces = game.spaces
    costs = game.entry_costs()
    queue = deque([start])
    while queue:
        state = queue.popleft()
        space, u, d, g, vp = state
        path = seen[state]
        rank = spaces[space].rank
        for t in nbrs[space]:
            cost = costs[t]
            if spaces[t].rank > rank:
                paid = pay(cost, u, g)
                if paid is None:
                    continue
                nxt = (t, paid[0], d, paid[1], max(vp, spaces[t].vp))
            else:
                paid = pay(cost, d, g)
                if paid is None:
                    continue
                nxt = (t, u, paid[0], paid[1], max(vp, spaces[t].vp))
            if nxt not in seen:
                seen[nxt] = path + (t,)
                queue.append(nxt)
    return _REACH.put(key, seen)


def move_paths(game: K2Board, seat: int, climber: str) -> list[tuple[str, ...]]:
    """K2-A4: one path per distinct outcome (end space, VP, leftover pools), Pareto-best pools,
    fewest steps first. Any other legal path reaches an outcome listed here or a worse one."""
    u, d, g = game.pools.get(climber, (0, 0, 0))
    if u + d + g == 0:
        return []
    seen = reach(game, seat, climber, u, d, g)
    best: dict[tuple[str, int], list[tuple[tuple[int, int, int], tuple[str, ...]]]] = {}
    for state, path in seen.items():
        if not path or not game.has_room(state[0], (seat, climber)):
            continue
        key, pools = (state[0], state[4]), (state[1], state[2], state[3])
        group = best.setdefault(key, [])
        if any(all(a >= b for a, b in zip(p, pools, strict=True)) for p, _ in group):
            continue
        group[:] = [(p, q) for p, q in group if not all(a >= b for a, b in zip(pools, p, strict=True))]
        group.append((pools, path))
    out = []
    for _key, group in sorted(best.items(), key=lambda kv: (game.spaces[kv[0][0]].rank, kv[0][1])):
        out.extend(path for _, path in sorted(group, key=lambda pq: (len(pq[1]), pq[0])))
    return out


def walk(game: K2Board, seat: int, climber: str, path: tuple[str, ...]) -> tuple[int, int, int]:
    """K2-R18 / K2-R20: check a path; return the pools left (U, D, G)."""
    cl = game.climbers[seat][climber]
    u, d, g = game.pools[climber]
    here = cl["space"]
    nbrs = NEIGHBOURS[game.side]
    for t in path:
        if t not in game.spaces:
            raise IllegalActionError(_("{space} is not a space of side {side}").format(space=t, side=game.side),
                            rule="K2-R4")
        if t not in nbrs[here]:
            raise not_joined(game, seat, climber, here, t, (u, d, g), first=here == cl["space"])
        cost = game.entry_cost(t)
        up = game.spaces[t].rank > game.spaces[here].rank
        paid = pay(cost, u if up else d, g)
        if paid is None:
            text = (_("the up step {a}-{b} costs {cost}, but {climber} has only U={pool} and G={g}") if up
                    else _("the down step {a}-{b} costs {cost}, but {climber} has only D={pool} and G={g}"))
            raise IllegalActionError(text.format(a=here, b=t, cost=cost, climber=climber, pool=u if up else d, g=g),
                            rule="K2-R18")
        if up:
            u, g = paid
        else:
            d, g = paid
        here = t
    if not game.has_room(here, (seat, climber)):
        raise IllegalActionError(_("{space} is full (capacity {cap}); a move cannot end there").format(  # K2-R19: cap
            space=here, cap=game.cap(here)), rule="K2-R20")
    return u, d, g


def not_joined(game: K2Board, seat: int, climber: str, here: str, t: str, pools: tuple[int, int, int],
               first: bool) -> IllegalActionError:
    """K2-R18 refuses a step to a space no rope joins to ``here``; the words give the first reason a
    player would understand. A path of one such step (a space tapped on the board) names what is
    really wrong: the space is full (K2-R20), or too far for the points left, or else it can be
    reached step by step (an example path)."""
    if first:
        if not game.has_room(t, (seat, climber)):
            return IllegalActionError(_("{space} is full (capacity {cap}); a move cannot end there").format(
                space=t, cap=game.cap(t)), rule="K2-R20")
        ways = [path for state, path in reach(game, seat, climber, *pools).items() if state[0] == t and path]
        if not ways:
            need, up, down = cheapest_way(game, here, t)
            u, d, g = pools
            return IllegalActionError(_("too far: {space} needs {need} movement from {here} ({up} up, {down} down); "
                               "{climber} has {left} left (U={u}, D={d}, G={g})").format(
                space=t, need=need, here=here, up=up, down=down, climber=climber, left=u + d + g, u=u, d=d,
                g=g), rule="K2-R18")
        way = " → ".join((here, *min(ways, key=len)))
        return IllegalActionError(
            _("{a} and {b} are not joined by a rope: a move goes step by step, e.g. {path}").format(
            a=here, b=t, path=way), rule="K2-R18")
    return IllegalActionError(_("{a} and {b} are not joined by a rope").format(a=here, b=t), rule="K2-R18")


def cheapest_way(game: K2Board, start: str, end: str) -> tuple[int, int, int]:
    """K2-R18: the least movement a walk from ``start`` to ``end`` costs today, and how much of it is
    up and down (Dijkstra over the ropes; capacity and pools aside)."""
    nbrs = NEIGHBOURS[game.side]
    spaces = game.spaces
    costs = game.entry_costs()
    best: dict[str, tuple[int, int, int]] = {}
    heap = [(0, 0, 0, start)]
    while heap:
        total, up, down, space = heapq.heappop(heap)
        if space in best:
            continue
        best[space] = (total, up, down)
        if space == end:
            break
        for t in nbrs[space]:
            if t not in best:
                cost = costs[t]
                rising = spaces[t].rank > spaces[space].rank
                heapq.heappush(heap, (total + cost, up + cost * rising, down + cost * (not rising), t))
    return best[end]
