"""Blokus 3D tables: colours, the 11 pieces (B3D-R2) and the four structures (section 8).

The structure grids and caps are RECONSTRUCTED (spec D1-D6): fig. 5 of the rulebook is lost. They
live in ``STRUCTURE_GRIDS`` and ``CAPS`` only, so that a correction is a one-line change.
"""

from __future__ import annotations

from ..core.i18n import N_

COLOURS = ("B", "Y", "R", "G")  # B3D-R2, default seat order (B3D-R5)
COLOUR_NAMES = {"B": N_("blue"), "Y": N_("yellow"), "R": N_("red"), "G": N_("green")}  # translated where shown

SIZE = 10  # B3D-R1: the board is 10x10 cells

# B3D-R2 / D6: code, name, canonical cubes "xyz" (piece numbers 1..11 are the table order)
PIECES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("I2", N_("domino"), ("000", "100")),
    ("I3", N_("straight 3"), ("000", "100", "200")),
    ("L3", N_("corner 3"), ("000", "100", "010")),
    ("I4", N_("straight 4"), ("000", "100", "200", "300")),
    ("T4", N_("T"), ("000", "100", "200", "110")),
    ("L4", N_("L"), ("000", "100", "200", "010")),
    ("O4", N_("square"), ("000", "100", "010", "110")),
    ("S4", N_("S"), ("000", "100", "110", "210")),
    ("TP", N_("tripod"), ("000", "100", "010", "001")),
    ("SA", N_("screw-A"), ("000", "100", "010", "101")),
    ("SB", N_("screw-B"), ("000", "100", "110", "001")),
)
PIECE_CODES = tuple(code for code, _, _ in PIECES)
PIECE_NAMES = {code: name for code, name, _ in PIECES}

# Section 8, RECONSTRUCTED (D1-D5): rows from y = 9 (back) down to y = 0 (front), x = 0..9 left to right.
# A digit is the cell value (the 4-colour maximum); '8' in the Tower and Stairs, '.' = outside.
STRUCTURE_GRIDS: dict[str, tuple[str, ...]] = {
    "A": ("..........", "..........", "..........", "..88888...", "..88888...",
          "..88888...", "..88888...", "..........", "..........", ".........."),
    "B": ("4444444444", "4444444444", "44........", "44........", "44........",
          "44........", "44........", "44........", "44........", "44........"),
    "C": ("..........", "...8888...", "...8888...", "...6666...", "...6666...",
          "...4444...", "...4444...", "...2222...", "...2222...", ".........."),
    "D": ("..........", ".11111111.", ".12222221.", ".12333321.", ".12344321.",
          ".12344321.", ".12333321.", ".12222221.", ".11111111.", ".........."),
}
STRUCTURE_NAMES = {"A": N_("Tower"), "B": N_("Wall"), "C": N_("Stairs"), "D": N_("Pyramid")}
# D2 (RECONSTRUCTED): limit(x, y, k) = min(cell value, CAPS[structure][k])
CAPS: dict[str, dict[int, int]] = {
    "A": {2: 4, 3: 6, 4: 8},
    "B": {2: 2, 3: 3, 4: 4},
    "C": {2: 4, 3: 6, 4: 8},
    "D": {2: 2, 3: 3, 4: 4},
}

SOLITAIRE_SIZES = (3, 4, 5)  # B3D-R23
SOLITAIRE = "S"  # structure code used for solitaire cubes (S3, S4, S5)
CUBES_PER_COLOUR = 40


def limits(structure: str, k: int) -> tuple[int, ...]:
    """B3D-R1/R8: the height limit of every cell, indexed y * 10 + x; 0 outside the structure.

    ``structure`` is A..D, or ``S3``/``S4``/``S5`` for a solitaire cube (cells x, y < n, limit n).
    """
    if structure.startswith(SOLITAIRE):
        n = int(structure[1:])
        return tuple(n if x < n and y < n else 0 for y in range(SIZE) for x in range(SIZE))
    grid = STRUCTURE_GRIDS[structure]
    cap = CAPS[structure][k]
    out = [0] * (SIZE * SIZE)
    for row, line in enumerate(grid):
        y = SIZE - 1 - row
        for x, ch in enumerate(line):
            if ch != ".":
                out[y * SIZE + x] = min(int(ch), cap)
    return tuple(out)
