"""Matterhorn tables (MH-R1, R3, R4, R7). Widths, adjacency and the token count are RECONSTRUCTED (D1, D3).

A corrected board is a change here only: the rules read these tables and nothing else.
"""

from __future__ import annotations

Pos = tuple[int, int]  # (row n, index i), MH-R6

# MH-R1 (RECONSTRUCTED, D1): circles per row, bottom (start) row 12 up to the top row 5.
ROW_WIDTHS: dict[int, int] = {12: 10, 11: 9, 10: 8, 9: 7, 8: 6, 7: 5, 6: 4, 5: 3}
BOTTOM_ROW = 12
TOP_ROW = 5
SUMMIT = "S"  # MH-R6: the summit, above row 5, not a circle

# MH-R7 (RECONSTRUCTED, D1): index offsets of the neighbours one row up (n-1) and one row down (n+1).
UP_OFFSETS = (-1, 0)
DOWN_OFFSETS = (0, 1)

TOKENS = 40  # MH-R3 (RECONSTRUCTED, D3)
DICE = 5  # MH-R4
FACES = 6
CLIMBERS = 2  # MH-R2, per player
HARD_SUMMIT_COST = 2  # MH-R28

ROWS: tuple[int, ...] = tuple(sorted(ROW_WIDTHS, reverse=True))  # 12, 11, ..., 5
CIRCLES: tuple[Pos, ...] = tuple((n, i) for n in ROWS for i in range(ROW_WIDTHS[n]))


def exists(n: int, i: int) -> bool:
    """MH-R7: ids outside the table do not exist."""
    return n in ROW_WIDTHS and 0 <= i < ROW_WIDTHS[n]


def _sideways(n: int, i: int) -> list[Pos]:
    return [(n, j) for j in (i - 1, i + 1) if exists(n, j)]


def _upward(n: int, i: int) -> list[Pos]:
    return [(n - 1, i + d) for d in UP_OFFSETS if exists(n - 1, i + d)]


def _downward(n: int, i: int) -> list[Pos]:
    return [(n + 1, i + d) for d in DOWN_OFFSETS if exists(n + 1, i + d)]


# MH-R7: every circle's neighbours (sideways, then upward, then downward); `S` is added for climbs from row 5.
NEIGHBOURS: dict[Pos, tuple[Pos, ...]] = {
    (n, i): tuple(_sideways(n, i) + _upward(n, i) + _downward(n, i)) for n, i in CIRCLES
}
UPWARD: dict[Pos, tuple[Pos, ...]] = {(n, i): tuple(_upward(n, i)) for n, i in CIRCLES}
ROW_CIRCLES: dict[int, tuple[Pos, ...]] = {n: tuple((n, i) for i in range(ROW_WIDTHS[n])) for n in ROWS}
# MH-R21: where a push may send a climber (sideways or upward, never `S`).
PUSH_TARGETS: dict[Pos, tuple[Pos, ...]] = {(n, i): tuple(_sideways(n, i) + _upward(n, i)) for n, i in CIRCLES}
