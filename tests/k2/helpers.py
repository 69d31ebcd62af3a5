"""Position builders for K2 tests (spec docs/rules/k2.md).

A position is built by creating a real game with ``K2.new`` and then assigning its state fields
directly; only tests do this. Climbers not named stay on base camp.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from refusals import assert_refused, snapshot  # noqa: F401 (re-exported for the tests)

from pygames.k2 import rounds
from pygames.k2.game import ACT, K2

# per seat: {"A": (space, level, vp), ...}; vp None = the space's VP
Climbers = Mapping[int, Mapping[str, tuple[str, int, int | None]]]


def game(players: int = 2, seed: str = "helpers", **options: object) -> K2:
    return K2.new({"players": players, **options}, seed)  # type: ignore[return-value]


def place(g: K2, climbers: Climbers) -> K2:
    for seat, team in climbers.items():
        for c, (space, level, vp) in team.items():
            cl = g.climbers[seat][c]
            cl.update(space=space, level=level, vp=g.spaces[space].vp if vp is None else vp, alive=True)
    return g


def kill(g: K2, seat: int, climber: str) -> None:
    g.climbers[seat][climber].update(alive=False, space=None, vp=1, summit=None)


def weather(g: K2, tile: str, day: int, round_: int | None = None) -> K2:
    """Make ``day`` (1-3) of ``tile`` today: the tile moves into the slot of the current round."""
    r = g.round if round_ is None else round_
    slot = (r - 1) // 3
    tiles = list(g.tiles)
    if tile in tiles:
        i = tiles.index(tile)
        tiles[i], tiles[slot] = tiles[slot], tiles[i]
    else:
        tiles[slot] = tile
    g.tiles = tiles
    g.round = slot * 3 + day
    return g


def calm(g: K2) -> K2:
    """Summer weather with no effect today (SUM3 day 1)."""
    return weather(g, "SUM3", 1) if g.options["weather"] == "SUM" else g


def turn(g: K2, seat: int, cards: Sequence[str], token: int = 0) -> K2:
    """Phase 3 with ``seat`` to act on its revealed ``cards`` and a risk token of value ``token``."""
    g.phase = ACT
    g.revealed = [None] * g.players
    g.revealed[seat] = tuple(cards)
    g.token = [None] * g.players
    g.token[seat] = token or None
    g.order = [seat]
    rounds.start_turn(g, seat)
    return g


def cl(g: K2, seat: int, climber: str) -> dict:
    return g.climbers[seat][climber]


def pools(g: K2, climber: str) -> tuple[int, int, int]:
    u, d, gen = g.pools[climber]
    return u, d, gen


def all_cards(g: K2, seat: int) -> list[str]:
    cards = list(g.hands[seat]) + list(g.draw[seat]) + list(g.discard[seat])
    cards += list(g.pending[seat] or ()) + list(g.revealed[seat] or ())
    return sorted(cards)
