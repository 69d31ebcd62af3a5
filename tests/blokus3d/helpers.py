"""Position builders for Blokus 3D tests (spec docs/rules/blokus3d.md).

A position is built by creating a real game with ``Blokus3D.new`` and assigning its state fields:
columns are given bottom-up as colour letters, e.g. ``{(2, 3): "BBY"}`` (top Y at z = 2).
"""

from __future__ import annotations

from collections.abc import Mapping

from refusals import assert_refused, snapshot  # noqa: F401 (re-exported for the tests)

from pygames.blokus3d.data import COLOURS, PIECE_CODES
from pygames.blokus3d.game import Blokus3D
from pygames.blokus3d.geometry import bit

Col = tuple[int, int]


def game(players: int = 4, **options: object) -> Blokus3D:
    return Blokus3D.new({"players": players, **options}, "helpers")


def position(
    players: int = 4,
    *,
    columns: Mapping[Col, str] | None = None,
    hands: Mapping[str, str] | None = None,
    current: int = 0,
    out: str = "",
    **options: object,
) -> Blokus3D:
    """A game with the given columns (bottom-up colour letters), hands (piece codes separated by
    spaces; colours not named keep all pieces), the colour seat ``current`` to move and ``out`` colours."""
    g = game(players, **options)
    g.heights = [0] * 100
    g.tops = [-1] * 100
    g.masks = [0, 0, 0, 0]
    g.occ = 0
    for (x, y), stack in (columns or {}).items():
        c = y * 10 + x
        g.heights[c] = len(stack)
        for z, letter in enumerate(stack):
            gi = COLOURS.index(letter)
            g.masks[gi] |= bit(x, y, z)
            g.occ |= bit(x, y, z)
            g.tops[c] = gi
    for letter, codes in (hands or {}).items():
        g.hands[COLOURS.index(letter)] = sum(1 << PIECE_CODES.index(code) for code in codes.split())
    g.out = [c in out for c in g.colours]
    g.current = current
    g.over = False
    return g


def legal_texts(g: Blokus3D) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def play(g: Blokus3D, *texts: str) -> Blokus3D:
    for t in texts:
        g.apply(t)
    return g


def full_tower(letter: str = "R", k: int = 4) -> dict[Col, str]:
    """Every Tower column filled to its limit (8 for k = 4) with one colour."""
    limit = {2: 4, 3: 6, 4: 8}[k]
    return {(x, y): letter * limit for x in range(2, 7) for y in range(3, 7)}
