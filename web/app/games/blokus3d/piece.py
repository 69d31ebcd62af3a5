"""The piece in the player's hand: turning it (B3D-R3) and laying it over the board as a ghost.

Pure geometry, no rules: a turn is a 3x3 integer matrix (one of the 24 proper rotations of the
cube); the piece's orientation is the engine's (``geometry.SHAPES``) for its turned, normalised
cubes. Whether a ghost may be placed is always asked of the engine (``Blokus3D.check``).

Quarter turns, right-handed, seen from the front of the board (x right, y back, z up):
``x`` tips the piece forwards (its top comes to the front), ``y`` rolls it to the right (its top
goes right), ``z`` spins it anticlockwise seen from above. tests/clicks.py uses the same turns.
"""

from __future__ import annotations

from pygames.blokus3d.data import PIECE_CODES, SIZE
from pygames.blokus3d.geometry import ORIENTATIONS, SHAPES, Orientation, normalise

from .draw import canonical_cubes

Cube = tuple[int, int, int]
Matrix = tuple[int, int, int, int, int, int, int, int, int]

IDENTITY: Matrix = (1, 0, 0, 0, 1, 0, 0, 0, 1)
# quarter turns about each axis: (x, y, z) -> x: (x, -z, y); y: (z, y, -x); z: (-y, x, z)
TURNS: dict[str, Matrix] = {
    "x": (1, 0, 0, 0, 0, -1, 0, 1, 0),
    "y": (0, 0, 1, 0, 1, 0, -1, 0, 0),
    "z": (0, -1, 0, 1, 0, 0, 0, 0, 1),
}


def multiply(a: Matrix, b: Matrix) -> Matrix:
    """a · b (apply b first)."""
    return tuple(sum(a[3 * i + k] * b[3 * k + j] for k in range(3)) for i in range(3) for j in range(3))  # type: ignore[return-value]


def turned(matrix: Matrix, axis: str, back: bool = False) -> Matrix:
    """``matrix`` followed by a quarter turn about ``axis`` (three turns: a quarter turn back)."""
    out = matrix
    for _ in range(3 if back else 1):
        out = multiply(TURNS[axis], out)
    return out


def apply(matrix: Matrix, cube: Cube) -> Cube:
    x, y, z = cube
    m = matrix
    return (m[0] * x + m[1] * y + m[2] * z, m[3] * x + m[4] * y + m[5] * z, m[6] * x + m[7] * y + m[8] * z)


def all_turns() -> list[Matrix]:
    """The 24 rotations, in the order a breadth-first walk of x, y, z quarter turns meets them."""
    seen = [IDENTITY]
    for m in seen:
        for axis in "xyz":
            n = turned(m, axis)
            if n not in seen:
                seen.append(n)
    return seen


ALL_TURNS = all_turns()


def orientation(code: str, matrix: Matrix) -> Orientation:
    """The engine's orientation of piece ``code`` turned by ``matrix``."""
    return SHAPES[normalise([apply(matrix, c) for c in canonical_cubes(code)])]


def orientations_of(code: str) -> list[Orientation]:
    """The piece's distinct orientations in the engine's order (B3D-E1 counts them)."""
    p = PIECE_CODES.index(code)
    return [o for o in ORIENTATIONS if o.piece == p]


def matrix_for(code: str, oid: int) -> Matrix:
    """A turn that gives orientation ``oid`` (the first of ``ALL_TURNS``)."""
    return next(m for m in ALL_TURNS if orientation(code, m).oid == oid)


def extent(cubes: tuple[Cube, ...]) -> tuple[int, int, int]:
    return tuple(1 + max(c[i] for c in cubes) for i in range(3))  # type: ignore[return-value]


def handle(cubes: tuple[Cube, ...]) -> tuple[int, int]:
    """The cell of the piece's footprint that sits under the pointer: the middle of its width and depth."""
    w, d, _h = extent(cubes)
    return (w - 1) // 2, (d - 1) // 2


def footprint_corner(cubes: tuple[Cube, ...], anchor: tuple[int, int]) -> tuple[int, int]:
    """The piece's minimum x, y when its handle is over ``anchor``, kept on the 10x10 board."""
    w, d, _h = extent(cubes)
    hx, hy = handle(cubes)
    return min(max(anchor[0] - hx, 0), SIZE - w), min(max(anchor[1] - hy, 0), SIZE - d)


def anchor_of(cubes: tuple[Cube, ...], x: int, y: int) -> tuple[int, int]:
    """The anchor cell that puts the piece's minimum corner at (x, y)."""
    hx, hy = handle(cubes)
    return x + hx, y + hy


def cubes_text(cubes: list[Cube]) -> str:
    """Cubes in the notation's canonical order (``xyz`` digits, ascending)."""
    return ",".join(sorted(f"{x}{y}{z}" for x, y, z in cubes))
