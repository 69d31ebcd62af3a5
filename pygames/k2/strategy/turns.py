"""A K2 turn planned by the heuristics: where each climber's walks can end, the cards given to the climbers
and the penalty points spent (``plan_turn``, ``turn_under_way``, ``whole_turn``)."""

from __future__ import annotations

from itertools import product

from ..data import CARDS
from ..game import K2
from .values import SHARP, SHORT, best_outcome


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
