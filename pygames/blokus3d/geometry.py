"""Blokus 3D geometry: rotations, orientations (B3D-R3) and per-structure placement tables.

A *placement* is one orientation of one piece moved to one x,y position; its height Z follows from
the columns it rests on (B3D-R9 d). Tables are built once per process and structure (module cache)
in a deterministic order, so move generation only filters them with integer operations.

Cubes are bits of a Python int: bit ``(z + 1) * 100 + y * 10 + x`` (level -1 is never occupied, so
a neighbour below level 0 needs no special case).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product
from typing import Any, NamedTuple

from .data import PIECES, SIZE, limits

Cube = tuple[int, int, int]
LEVEL = SIZE * SIZE  # bits per level
MAX_LEVELS = 11  # levels -1..9


_STEPS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def bit(x: int, y: int, z: int) -> int:
    return 1 << ((z + 1) * LEVEL + y * SIZE + x)


def rotations() -> list[tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """The 24 proper rotations of the cube as (axis permutation, signs) with determinant +1 (B3D-R3, D17)."""
    out = []
    for perm in permutations(range(3)):
        parity = sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j]) % 2
        for signs in product((1, -1), repeat=3):
            det = (-1) ** parity * signs[0] * signs[1] * signs[2]
            if det == 1:
                out.append((perm, signs))
    return out


def rotate(cube: Cube, rotation: tuple[tuple[int, int, int], tuple[int, int, int]]) -> Cube:
    perm, signs = rotation
    return (signs[0] * cube[perm[0]], signs[1] * cube[perm[1]], signs[2] * cube[perm[2]])


def normalise(cubes: list[Cube] | tuple[Cube, ...]) -> tuple[Cube, ...]:
    """Translate so that min x = min y = min z = 0; sorted (section 7)."""
    mx = min(c[0] for c in cubes)
    my = min(c[1] for c in cubes)
    mz = min(c[2] for c in cubes)
    return tuple(sorted((x - mx, y - my, z - mz) for x, y, z in cubes))


def parse_cube(text: str) -> Cube:
    return (int(text[0]), int(text[1]), int(text[2]))


def cube_text(cube: Cube) -> str:
    return f"{cube[0]}{cube[1]}{cube[2]}"


def cubes_text(cubes: list[Cube] | tuple[Cube, ...]) -> str:
    """The canonical form: cube texts in ascending string order, comma-separated (section 9)."""
    return ",".join(sorted(cube_text(c) for c in cubes))


def orientations_of(cubes: tuple[Cube, ...]) -> list[tuple[Cube, ...]]:
    """Distinct normalised images under the 24 rotations, in ascending order of their canonical text."""
    found = {normalise([rotate(c, r) for c in cubes]) for r in rotations()}
    return sorted(found, key=lambda o: cubes_text(o))


class Orientation(NamedTuple):
    oid: int  # global index 0..103
    piece: int  # index into PIECES
    cubes: tuple[Cube, ...]  # normalised


def _build_orientations() -> tuple[list[Orientation], dict[tuple[Cube, ...], Orientation]]:
    out: list[Orientation] = []
    for p, (_, _, canon) in enumerate(PIECES):
        for cubes in orientations_of(tuple(sorted(parse_cube(t) for t in canon))):
            out.append(Orientation(len(out), p, cubes))
    return out, {o.cubes: o for o in out}


ORIENTATIONS, SHAPES = _build_orientations()
PIECE_SIZES = tuple(len(canon) for _, _, canon in PIECES)


class Placement(NamedTuple):
    """One orientation at one x,y position (any height Z from 0 to ``zmax``)."""

    pid: int
    piece: int
    oid: int
    tx: int
    ty: int
    cubes: tuple[Cube, ...]  # absolute x, y; z relative to Z
    cols: tuple[tuple[int, int, int], ...]  # (cell, lowest relative z, relative top = highest z + 1)
    zmax: int  # B3D-R8: highest Z whose cubes stay within every column's limit
    masks: tuple[int, ...]  # cube bits for Z = 0..zmax
    nbrs: tuple[int, ...]  # face-neighbour bits (outside the piece, on the board) for Z = 0..zmax


class _Shape(NamedTuple):
    """An orientation's data for every position, computed once: its size, columns and bits at x = y = 0."""

    w: int
    d: int
    cols_rel: tuple[tuple[int, int, int], ...]  # (cell at x = y = 0, lowest z, highest z + 1), by cell
    mask_rel: int  # its cube bits at x = y = 0
    # its face-neighbour bits, drawn at x = y = 1 (so that those at x or y = -1 have a bit): inside the
    # box, and on its left, right, front and back sides (off the board at the board's edges)
    nbr_parts: tuple[int, int, int, int, int]
    orientation: Orientation


def _shape(o: Orientation) -> _Shape:
    w = 1 + max(c[0] for c in o.cubes)
    d = 1 + max(c[1] for c in o.cubes)
    colmap: dict[int, list[int]] = {}
    for x, y, z in o.cubes:
        colmap.setdefault(y * SIZE + x, []).append(z)
    cols_rel = tuple(sorted((c, min(zs), max(zs) + 1) for c, zs in colmap.items()))
    own = set(o.cubes)
    parts = [0, 0, 0, 0, 0]
    for x, y, z in o.cubes:
        for dx, dy, dz in _STEPS:
            q = (x + dx, y + dy, z + dz)
            if q in own:
                continue
            side = 1 if q[0] < 0 else 2 if q[0] >= w else 3 if q[1] < 0 else 4 if q[1] >= d else 0
            parts[side] |= bit(q[0] + 1, q[1] + 1, q[2])  # level -1 below z = 0 is never occupied
    mask = sum(bit(x, y, z) for x, y, z in o.cubes)
    return _Shape(w, d, cols_rel, mask, tuple(parts), o)  # type: ignore[reportArgumentType]  # the table's rows have this length


class Layout:
    """All placements of one structure and colour count, grouped by piece, with the filters' data."""

    def __init__(self, key: str, k: int) -> None:
        for _step in self.build(key, k):
            pass

    def build(self, key: str, k: int) -> Iterator[None]:
        """Fill the table, yielding after each piece's placements (a caller may spread the work)."""
        self.key, self.k = key, k
        self.limits = limits(key, k)
        self.cells = tuple(i for i, v in enumerate(self.limits) if v > 0)
        self.capacity = sum(self.limits)
        self.placements: list[Placement] = []
        self.index: dict[tuple[int, int, int], int] = {}
        # per piece: candidates (c0, c1, l1, c2, l2, c3, l3, zmax, pid); missing columns repeat c0 with 0
        self.by_piece: list[tuple[tuple[int, ...], ...]] = []
        self.by_cell: list[list[int]] = [[] for _ in range(SIZE * SIZE)]
        self.acts: dict[int, Any] = {}  # (pid << 6 | z << 2 | colour) -> its action (a Place), made by the engine
        lim = self.limits
        # the bits of every level of each column
        self.column_bits = [
            sum(bit(c % SIZE, c // SIZE, z) for z in range(-1, MAX_LEVELS - 1)) for c in range(SIZE * SIZE)
        ]
        # a placement lies within the structure's bounding box (any other position has a column outside it)
        x0, x1 = min(c % SIZE for c in self.cells), max(c % SIZE for c in self.cells)
        y0, y1 = min(c // SIZE for c in self.cells), max(c // SIZE for c in self.cells)
        levels = [LEVEL * zz for zz in range(MAX_LEVELS + 1)]  # the shift of a bit to each level
        for p in range(len(PIECES)):
            cands = []
            for o in _SHAPES_OF[p]:
                w, d, cols_rel, mask_rel, (inner, left, right, front, back), orient = o
                # the candidate's columns (``by_piece``): the first resting on Z, then up to three others with
                # their lowest z (missing ones repeat the first with 0), at x = y = 0
                anchor = next(col for col in cols_rel if col[1] == 0)
                rest = [col for col in cols_rel if col is not anchor] + [(anchor[0], 0, 0)] * 3
                a0, (r1, l1, _), (r2, l2, _), (r3, l3, _) = anchor[0], *rest[:3]
                for ty in range(y0, y1 - d + 2):
                    for tx in range(x0, x1 - w + 2):
                        shift = ty * SIZE + tx
                        zmax = MAX_LEVELS
                        for c, _, top in cols_rel:
                            limit = lim[c + shift]
                            room = limit - top
                            if limit == 0 or room < 0:
                                break  # B3D-R7: a column outside the structure; B3D-R8: too tall at any height
                            if room < zmax:
                                zmax = room
                        else:
                            pid = len(self.placements)
                            cols = tuple([(c + shift, low, top) for c, low, top in cols_rel])
                            cubes = tuple([(x + tx, y + ty, z) for x, y, z in orient.cubes])
                            mask0 = mask_rel << shift
                            nbr0 = inner | (left if tx else 0) | (right if tx + w < SIZE else 0) | (
                                front if ty else 0) | (back if ty + d < SIZE else 0)
                            nbr0 = nbr0 << (shift - SIZE - 1) if shift > SIZE else nbr0 >> (SIZE + 1 - shift)
                            up = levels[:zmax + 1]
                            masks = tuple([mask0 << z for z in up])
                            nbrs = tuple([nbr0 << z for z in up])
                            self.placements.append(
                                Placement(pid, p, orient.oid, tx, ty, cubes, cols, zmax, masks, nbrs))
                            self.index[(orient.oid, tx, ty)] = pid
                            cands.append((a0 + shift, r1 + shift, l1, r2 + shift, l2, r3 + shift, l3, zmax, pid, nbrs))
                            for c, _, _ in cols_rel:
                                self.by_cell[c + shift].append(pid)
            self.by_piece.append(tuple(cands))
            yield


_LAYOUTS: dict[tuple[str, int], Layout] = {}
_SHAPES_OF: list[list[_Shape]] = [[_shape(o) for o in ORIENTATIONS if o.piece == p] for p in range(len(PIECES))]


def _table_key(key: str, k: int) -> tuple[str, int]:
    return (key, 0 if key.startswith("S") else k)  # solitaire cubes have no cap


def layout(key: str, k: int) -> Layout:
    """The placement table of structure ``key`` (A..D, S3..S5) for ``k`` colours, built once per process."""
    for _step in layout_steps(key, k):
        pass
    return _LAYOUTS[_table_key(key, k)]


def layout_steps(key: str, k: int) -> Iterator[None]:
    """``layout(key, k)`` built a piece at a time (nothing to do when it is built already)."""
    table = _table_key(key, k)
    if table in _LAYOUTS:
        return
    found = Layout.__new__(Layout)
    yield from found.build(*table)
    _LAYOUTS[table] = found
