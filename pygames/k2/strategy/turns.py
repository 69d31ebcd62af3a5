"""A K2 turn planned by the heuristics: where each climber's walks can end, the cards given to the climbers
and the penalty points spent (``plan_turn``, ``turn_under_way``, ``whole_turn``); and the sharp view's best turns
with distinct ends, each as its actions in order (``turns16``, ``turn_steps``: the two-player search's turn starts
and a solo game's round 16 weigh them)."""

from __future__ import annotations

from itertools import product

from ..actions import End, K2Action, Move, Play, Risk, Tent
from ..data import CARDS
from ..game import K2
from .values import SHARP, SHORT, best_outcome, judge, walk_ends


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


ENDS16 = 4  # ``turns16``: each climber's four best ends for each way of playing the cards


# a turn as ``turns16`` offers it: the sharp view's value, the cards' (card, climber, direction), the
# penalty split (as ``plan_turn``'s), each climber's path and whether it pitches its tent at the path's end
Turn16 = tuple[float, list[tuple[str, str, str]], dict[str | int, int], dict[str, tuple[tuple[str, ...], bool]]]


def best_ends(game: K2, seat: int, c: str, pools: tuple[int, int, int], level: int, n: int = ENDS16,
              ) -> list[tuple[float, str, bool, tuple[str, ...]]]:
    """Climber ``c``'s ``n`` best ends with these pools and this level as the sharp view judges them:
    (value, space, tent pitched there, path), one per space and tent, staying put among them."""
    cl = game.climbers[seat][c]
    ends: dict[tuple[str, bool], tuple[float, tuple[str, ...]]] = {
        (cl["space"], False): (judge(game, seat, c, cl["space"], level, cl["vp"], None, SHARP), ())}
    for space, vp, path, tent in walk_ends(game, seat, c, pools):
        if tent and cl["tent"] is not None:
            continue
        value = judge(game, seat, c, space, level, vp, space if tent else None, SHARP)
        if value > ends.get((space, tent), (-1e9, ()))[0]:
            ends[space, tent] = (value, path)
    ranked = sorted(((v, space, tent, path) for (space, tent), (v, path) in ends.items()), key=lambda e: -e[0])
    return ranked[:n]


def turns16(game: K2, seat: int, turns: int, ends_each: int = ENDS16, by_level: bool = False) -> list[Turn16]:
    """The sharp view's ``turns`` best turns from here with distinct ends (each climber's space and tent, and with
    ``by_level`` its level): every way of playing the cards left and the penalty points (as ``plan_turn``), each
    climber's ``ends_each`` best ends (``best_ends``)."""
    climbers = game.on_board(seat)
    options = [[(code, c, d) for c in climbers for d in (("U", "D") if CARDS[code].kind == "R" else ("",))]
               for code in game.unassigned]
    ends_of: dict[tuple, list[tuple[float, str, bool, tuple[str, ...]]]] = {}
    found: dict[tuple, Turn16] = {}
    for combo in product(*options):
        add = with_cards(game, seat, climbers, game.pools, combo)
        for split in penalty_splits(climbers, combo, game.points, game.assigned, SHARP) if game.points else [{}]:
            per, levels = [], []
            for c in climbers:
                u, d, g, level = lowered(add, c, combo, split)
                key = (c, u, d, g, level)
                if key not in ends_of:
                    ends_of[key] = best_ends(game, seat, c, (u, d, g), level, ends_each)
                per.append(ends_of[key])
                levels.append(level)
            for pair in product(*per):
                if len(pair) == 2 and pair[0][1] == pair[1][1] and (game.cap(pair[0][1]) or 2) < 2:
                    continue  # both on a space that holds one (K2-R19)
                total = sum(e[0] for e in pair)
                sig = (*((e[1], e[2]) for e in pair), *(levels if by_level else ()))
                if sig not in found or total > found[sig][0] + 1e-9:
                    ends = {c: (e[3], e[2]) for c, e in zip(climbers, pair, strict=True)}
                    found[sig] = (total, list(combo), split, ends)
    return sorted(found.values(), key=lambda t: -t[0])[:turns]


def turn_steps(game: K2, seat: int, turn: Turn16) -> list[K2Action]:
    """A turn's actions in order: its cards (with their penalty points), the points on levels, the moves (the
    climber whose end the other still stands on moves second), the tents, the end."""
    _value, combo, split, ends = turn
    steps: list[K2Action] = [Play(seat, code, c, d, split.get(i, 0)) for i, (code, c, d) in enumerate(combo)]
    steps += [Risk(seat, c, k) for c, k in split.items() if k and isinstance(c, str)]
    order = move_order(game, seat, {c: ends[c][0][-1] for c in ends if ends[c][0]})
    steps += [Move(seat, c, ends[c][0]) for c in order]
    steps += [Tent(seat, c) for c in ends if ends[c][1]]
    return [*steps, End(seat)]


def move_order(game: K2, seat: int, ends: dict[str, str]) -> list[str]:
    """The climbers with a move to make (``ends``: each one's end space) in the order they move: the one whose
    end another climber of the seat still stands on moves second."""
    team = game.climbers[seat]
    return sorted(ends, key=lambda c: any(cl["space"] == ends[c] for o, cl in team.items() if o != c))
