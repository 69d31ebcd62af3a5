"""Blokus 3D bot knowledge: a 1-ply placement policy, a position value, and the search hooks for MCTS
(narrowed candidates, the policy as playout, a horizon scored by the position value).

Features of a placement for colour g (all cheap integer work on the engine's bit masks):
tops gained (columns whose top becomes g), tops taken from opponents (or lost by a partner colour),
piece size (big pieces early: an unplaced piece costs 1 at the end), own reach (free top cells of
columns, face-adjacent to g, after the move) and the opponents' reach left.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core.bots import Strategy
from ..core.cache import Bounded
from ..core.rng import Rng
from .actions import Place
from .data import SIZE
from .geometry import LEVEL, PIECE_SIZES, bit

if TYPE_CHECKING:
    from .game import Blokus3D

W_GAIN, W_STEAL, W_SIZE, W_REACH, W_BLOCK, W_FINAL = 1.0, 0.5, 1.0, 0.3, 0.12, 3.0

_EDGE_MASKS: dict[str, int] = {}


def _edges() -> dict[str, int]:
    if not _EDGE_MASKS:
        levels = range(-1, 10)
        _EDGE_MASKS["x0"] = sum(bit(0, y, z) for y in range(SIZE) for z in levels)
        _EDGE_MASKS["x9"] = sum(bit(SIZE - 1, y, z) for y in range(SIZE) for z in levels)
        _EDGE_MASKS["y0"] = sum(bit(x, 0, z) for x in range(SIZE) for z in levels)
        _EDGE_MASKS["y9"] = sum(bit(x, SIZE - 1, z) for x in range(SIZE) for z in levels)
    return _EDGE_MASKS


def neighbours(mask: int) -> int:
    """Cells that share a face with a cube of ``mask`` (may include cubes of ``mask`` itself)."""
    e = _edges()
    return (((mask & ~e["x9"]) << 1) | ((mask & ~e["x0"]) >> 1) | ((mask & ~e["y9"]) << SIZE)
            | ((mask & ~e["y0"]) >> SIZE) | (mask << LEVEL) | (mask >> LEVEL))


def surface(game: Blokus3D) -> int:
    """The free cube on top of every column that is below its limit: where the next cubes go."""
    lim = game.layout.limits
    s = 0
    for c in game.layout.cells:
        h = game.heights[c]
        if h < lim[c]:
            s |= 1 << ((h + 1) * LEVEL + c)
    return s


def relation(game: Blokus3D, g: int) -> list[int]:
    """Per global colour: +1 an opponent of g's player, -1 g's partner colour (B3D-R22), 0 g or not in play."""
    me = game.player_of(game.gis.index(g))
    rel = [0, 0, 0, 0]
    for s, o in enumerate(game.gis):
        if o != g:
            rel[o] = -1 if game.player_of(s) == me else 1
    return rel


def score_placements(game: Blokus3D, g: int, actions: list[Place], reach: bool = True) -> list[float]:
    """The policy's value of each placement of global colour ``g`` (higher is better)."""
    lay = game.layout
    tops, lim, colbits = game.tops, lay.limits, lay.column_bits
    rel = relation(game, g)
    own_n = neighbours(game.masks[g])
    s0 = surface(game) if reach else 0
    others = [(neighbours(game.masks[o]), rel[o]) for s, o in enumerate(game.gis)
              if o != g and not game.out[s] and rel[o]] if reach else []
    out = []
    for a in actions:
        pl = lay.placements[a.pid if a.pid >= 0 else lay.index[(a.oid, a.x, a.y)]]
        z = a.z
        gain = steal = 0
        clear = new = 0
        for c, _, top in pl.cols:
            t = tops[c]
            if t != g:
                # a top counts fully when the column is full (it can never be covered), less the lower it is
                w = W_FINAL if z + top >= lim[c] else (z + top) / lim[c]
                gain += w
                if t >= 0:
                    steal += w * rel[t]
            if reach:
                clear |= colbits[c]
                if z + top < lim[c]:
                    new |= 1 << ((z + top + 1) * LEVEL + c)
        value = W_GAIN * gain + W_STEAL * steal + W_SIZE * PIECE_SIZES[pl.piece]
        if reach:
            s1 = (s0 & ~clear) | new
            value += W_REACH * (s1 & (own_n | pl.nbrs[z])).bit_count()
            for n, r in others:
                value -= W_BLOCK * r * (s1 & n).bit_count()
        out.append(value)
    return out


def best_placement(game: Blokus3D, seat: int, rng: Rng) -> Place | None:
    """The heuristic bot's move: the best placement by ``score_placements`` (ties broken by ``rng``)."""
    if game.over:
        return None
    if game.solitaire:
        return solitaire_placement(game, seat, rng)
    g = game.gis[game.current]
    actions = game.legal_actions(seat)
    if not actions:
        return None
    values = score_placements(game, g, actions)
    best = max(values)
    tied = [a for a, v in zip(actions, values, strict=True) if v >= best - 1e-9]
    return tied[rng.below(len(tied))]


SOLITAIRE_HINT_SECONDS = 0.5


def solver_hint(game: Blokus3D) -> Place | None:
    """The solver's next placement of a completable build (B3D-R23), if it finds one in time."""
    from .solver import hint

    try:
        found = hint(game, timeout=SOLITAIRE_HINT_SECONDS)
    except TimeoutError:
        return None
    return game.parse_action(found) if found is not None else None


def solitaire_placement(game: Blokus3D, seat: int, rng: Rng) -> Place | None:
    """B3D-R23: the solver's hint when it finds one in time; else a big piece on the lowest column."""
    found = solver_hint(game)
    if found is not None:
        return found
    actions = game.legal_actions(seat)
    if not actions:
        return None
    lay, h = game.layout, game.heights

    def value(a: Place) -> tuple[int, int, int]:
        cols = lay.placements[a.pid].cols
        return (-min(h[c] for c, _, _ in cols), PIECE_SIZES[lay.placements[a.pid].piece], -a.z)

    return max(actions, key=value)


def player_value(game: Blokus3D, player: int, s0: int) -> float:
    """Score now plus a share of the room to grow: V - U + reach of each colour of ``player``."""
    total = 0.0
    for s in game.seats_of(player):
        g = game.gis[s]
        v = sum(1 for t in game.tops if t == g)
        u = game.hands[g].bit_count()
        total += v - u
        if not game.out[s]:
            total += 0.25 * (s0 & neighbours(game.masks[g])).bit_count() + 0.1 * (40 - 4 * u)
    return total


def evaluate(game: Blokus3D, seat: int) -> float:
    """How good the position looks for player ``seat`` in [0, 1]: payoff when over, else a logistic
    of the player's value minus the best other player's value."""
    if game.over:
        return game.payoffs()[seat]
    if game.solitaire:
        return sum(game.heights) / game.layout.capacity
    s0 = surface(game)
    values = [player_value(game, p, s0) for p in range(game.players)]
    mine = values[seat]
    best_other = max(v for p, v in enumerate(values) if p != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / 3.0))


# -- search hooks (``Strategy.search_actions`` / ``rollout_action`` / ``search_over``) used by MCTS -------------

SEARCH_WIDTH = 8  # placements the tree considers at each node: the policy's best
SEARCH_DEPTH = 12  # plies after a sample is drawn before a search line is scored with ``evaluate`` (2 players)
# 3-4 players: lines played out this far (most games' end) before ``evaluate``: with several rivals the position
# value misjudges a race the playout still decides (docs/bots.md, "Blokus 3D: how far the search plays its lines").
SEARCH_DEPTH_MULTI = 32
ROLLOUT_CHOICES = 1  # a rollout plays uniformly one of the policy's best few placements (1: the best)

# narrowed move lists by position, shared by all searches: (options that matter, log) -> placements.
# A cache only: the lists are a function of the position, so it never changes a decision.
_NARROW: Bounded[tuple, list[Place]] = Bounded(20_000)


def search_actions(game: Blokus3D, seat: int) -> list[Place]:
    """The policy's ``SEARCH_WIDTH`` best placements (solitaire: the solver's hint alone when it finds
    one in time, so search plays the puzzle as the solver does; else every placement)."""
    if game.solitaire:
        found = solver_hint(game)
        return [found] if found is not None else game.legal_actions(seat)
    if seat not in game.to_move():
        return []
    key = (game.key, game.players, game.colours, game.options["start"], tuple(game.log))
    found = _NARROW.get(key)
    if found is None:
        actions = game.legal_actions(seat)
        if len(actions) > SEARCH_WIDTH:
            values = score_placements(game, game.gis[game.current], actions)
            order = sorted(range(len(actions)), key=lambda i: (-values[i], i))
            actions = [actions[i] for i in order[:SEARCH_WIDTH]]
        found = _NARROW.put(key, actions)
    return found


def rollout_action(game: Blokus3D, seat: int, rng: Rng) -> Place:
    """The playout policy: one of the policy's ``ROLLOUT_CHOICES`` best placements (solitaire: uniform)."""
    if game.solitaire:
        return game.random_action(seat, rng)
    actions = search_actions(game, seat)
    return actions[rng.below(min(ROLLOUT_CHOICES, len(actions)))]


def search_depth(game: Blokus3D) -> int:
    """How many plies a search line runs before it is scored: ``SEARCH_DEPTH`` with 2 players,
    ``SEARCH_DEPTH_MULTI`` with 3 or 4."""
    return SEARCH_DEPTH if game.players <= 2 else SEARCH_DEPTH_MULTI


def search_over(game: Blokus3D, plies: int) -> bool:
    """The horizon: ``search_depth`` plies into a sample (solitaire: none, lines run to the end)."""
    return not game.solitaire and plies >= search_depth(game)


class Blokus3DStrategy(Strategy["Blokus3D"]):
    """The placement policy, the position value and the search hooks above."""

    def heuristic_action(self, game: Blokus3D, seat: int, rng: Rng) -> Place | None:
        return best_placement(game, seat, rng)

    def heuristic_value(self, game: Blokus3D, seat: int) -> float:
        return evaluate(game, seat)

    def search_actions(self, game: Blokus3D, seat: int) -> list[Place]:
        return search_actions(game, seat)

    def rollout_action(self, game: Blokus3D, seat: int, rng: Rng) -> Place:
        return rollout_action(game, seat, rng)

    def search_over(self, game: Blokus3D, start: Blokus3D, plies: int) -> bool:
        return search_over(game, plies)


STRATEGY = Blokus3DStrategy()
