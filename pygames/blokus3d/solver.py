"""Solitaire cube solver (B3D-R23): packings found cell by cell, then played in a legal order.

The search fills the cube's cells in order (level z first, then y, then x): the first empty cell
must be covered by a piece whose lowest cell in that order it is, so every exact packing is
found once. A packing can be built without overhang exactly when "piece P lies directly on piece Q
in some column" orders the pieces without a cycle (B3D-R9: a piece's cubes in a column are
contiguous); the build order is that order. Positions from which no packing exists are
remembered and never searched again. ``None`` means no legal build exists.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

from .data import COLOURS, PIECE_CODES
from .geometry import ORIENTATIONS, PIECE_SIZES, cubes_text

if TYPE_CHECKING:
    from .game import Blokus3D

Cube = tuple[int, int, int]
_TABLES: dict[int, list[list[tuple[int, int, tuple[Cube, ...]]]]] = {}


def _cell(n: int, x: int, y: int, z: int) -> int:
    return (z * n + y) * n + x


def tables(n: int) -> list[list[tuple[int, int, tuple[Cube, ...]]]]:
    """For each cell of the n-cube: (cell bits, piece, cubes) of every placement whose first cell it is."""
    found = _TABLES.get(n)
    if found is None:
        found = [[] for _ in range(n**3)]
        for o in ORIENTATIONS:
            wx, wy, wz = (1 + max(c[i] for c in o.cubes) for i in range(3))
            for tz in range(n - wz + 1):
                for ty in range(n - wy + 1):
                    for tx in range(n - wx + 1):
                        cubes = tuple((x + tx, y + ty, z + tz) for x, y, z in o.cubes)
                        cells = [_cell(n, *c) for c in cubes]
                        mask = sum(1 << c for c in cells)
                        found[min(cells)].append((mask, o.piece, cubes))
        _TABLES[n] = found
    return found


def build_order(pieces: list[tuple[int, tuple[Cube, ...]]]) -> list[int] | None:
    """Indexes of ``pieces`` in a legal no-overhang order (smallest index first among the ready), or
    None if the "lies on" relation has a cycle."""
    owner: dict[tuple[int, int, int], int] = {}
    for i, (_, cubes) in enumerate(pieces):
        for c in cubes:
            owner[c] = i
    after: list[set[int]] = [set() for _ in pieces]  # after[i]: pieces that must come before i
    for i, (_, cubes) in enumerate(pieces):
        for x, y, z in cubes:
            below = owner.get((x, y, z - 1))
            if below is not None and below != i:
                after[i].add(below)
    order: list[int] = []
    done: set[int] = set()
    while len(order) < len(pieces):
        ready = [i for i in range(len(pieces)) if i not in done and after[i] <= done]
        if not ready:
            return None
        order.append(ready[0])
        done.add(ready[0])
    return order


_FITS: dict[tuple[int, int, int, int], bool] = {}


def fits(counts: list[int], volume: int) -> bool:
    """Whether some of the pieces left have exactly ``volume`` cubes (no piece can overfill the cube)."""
    by_size = [0, 0, 0, 0, 0]
    for p, k in enumerate(counts):
        by_size[PIECE_SIZES[p]] += k
    key = (by_size[2], by_size[3], by_size[4], volume)
    found = _FITS.get(key)
    if found is None:
        found = _FITS[key] = any(
            0 <= volume - 2 * a - 3 * b <= 4 * by_size[4] and (volume - 2 * a - 3 * b) % 4 == 0
            for a in range(by_size[2] + 1) for b in range(by_size[3] + 1)
        )
    return found


class Search:
    """One exhaustive packing search of the n-cube; ``nodes`` counts positions expanded."""

    def __init__(self, n: int, deadline: float | None = None) -> None:
        self.n = n
        self.full = (1 << n**3) - 1
        self.table = tables(n)
        self.failed: set[tuple[int, tuple[int, ...]]] = set()
        self.nodes = 0
        self.deadline = deadline

    def run(self, filled: int, counts: list[int]) -> list[tuple[int, tuple[Cube, ...]]] | None:
        """Pieces (piece, cubes) completing the cube from ``filled`` cells, in a legal build order."""
        path: list[tuple[int, tuple[Cube, ...]]] = []
        found = self._dfs(filled, list(counts), path)
        if found is not True:
            return None
        order = build_order(path)
        assert order is not None
        return [path[i] for i in order]

    def _dfs(self, filled: int, counts: list[int], path: list[tuple[int, tuple[Cube, ...]]]) -> bool | None:
        """True: completed (``path`` holds the pieces); False: no packing; None: packings, none buildable."""
        if filled == self.full:
            return True if build_order(path) is not None else None
        key = (filled, tuple(counts))
        if key in self.failed:
            return False
        missing = self.full & ~filled
        if not fits(counts, missing.bit_count()):
            return False
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeoutError("solitaire search ran out of time")
        self.nodes += 1
        first = (missing & -missing).bit_length() - 1
        clean = True
        for mask, p, cubes in self.table[first]:
            if not counts[p] or mask & filled:
                continue
            counts[p] -= 1
            path.append((p, cubes))
            found = self._dfs(filled | mask, counts, path)
            if found:
                return True
            if found is None:
                clean = False
            path.pop()
            counts[p] += 1
        if clean:
            self.failed.add(key)
            return False
        return None


def _texts(pieces: list[tuple[int, tuple[Cube, ...]]], holders: list[list[str]]) -> list[str]:
    """Placement texts; each piece is taken from the first chosen colour that still holds it."""
    left = [list(h) for h in holders]
    return [f"{left[p].pop(0)}{PIECE_CODES[p]}:{cubes_text(cubes)}" for p, cubes in pieces]


def solve(size: int = 3, colours: str = "B", pieces: Iterable[str] | None = None,
          timeout: float | None = None) -> list[str] | None:
    """A legal build of the size^3 cube from the colours' pieces (only the ``pieces`` codes, if given).

    Returns the placement texts in a legal play order, or None when no build exists.
    TimeoutError after ``timeout`` seconds.
    """
    allowed = set(PIECE_CODES if pieces is None else pieces)
    holders = [list(colours) if code in allowed else [] for code in PIECE_CODES]
    deadline = None if timeout is None else time.perf_counter() + timeout
    found = Search(size, deadline).run(0, [len(h) for h in holders])
    return None if found is None else _texts(found, holders)


def hint(game: Blokus3D, timeout: float | None = None) -> str | None:
    """One next placement of a completable build from this solitaire position, or None if none exists."""
    if not game.solitaire or game.over:
        return None
    n = int(game.key[1:])
    holders = [[c for c in game.colours if game.hands[COLOURS.index(c)] >> p & 1] for p in range(len(PIECE_CODES))]
    filled = 0
    for y in range(n):
        for x in range(n):
            for z in range(game.heights[y * 10 + x]):
                filled |= 1 << _cell(n, x, y, z)
    deadline = None if timeout is None else time.perf_counter() + timeout
    found = Search(n, deadline).run(filled, [len(h) for h in holders])
    if not found:
        return None
    return _texts(found[:1], holders)[0]


def one_colour_sets() -> list[tuple[str, ...]]:
    """B3D-R23 remark: the 14 one-colour sets of exactly 27 cubes (I3 or L3 plus 6 of the 7 other tetracubes)."""
    tetras = ("T4", "L4", "O4", "S4", "TP", "SA", "SB")
    return [(tri,) + six for tri in ("I3", "L3") for six in combinations(tetras, 6)]


def count_buildable(timeout: float | None = None) -> dict[tuple[str, ...], bool]:
    """For each one-colour 27-cube set: can the 3x3x3 cube be built from exactly those pieces?"""
    return {pieces: solve(3, "B", pieces, timeout) is not None for pieces in one_colour_sets()}
