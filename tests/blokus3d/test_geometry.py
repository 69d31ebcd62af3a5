"""The placement tables (pygames/blokus3d/geometry.py) against their definitions, cube by cube.

The tables are built from each orientation's data computed once and shifted to every position; these
tests recompute what every placement must hold straight from its cubes and the structure (B3D-R7,
B3D-R8, B3D-R9) and compare.
"""

from __future__ import annotations

import pytest

from pygames.blokus3d.data import SIZE, limits
from pygames.blokus3d.geometry import LEVEL, ORIENTATIONS, Layout, bit

STEPS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


@pytest.mark.parametrize(("key", "k"), [("A", 4), ("B", 2), ("C", 3), ("D", 4), ("S4", 0)])
def test_every_placement_is_its_cubes_in_the_structure(key: str, k: int) -> None:
    lim = limits(key, k)
    table = Layout(key, k)
    expected = set()
    for o in ORIENTATIONS:
        w, d = 1 + max(c[0] for c in o.cubes), 1 + max(c[1] for c in o.cubes)
        for ty in range(SIZE - d + 1):
            for tx in range(SIZE - w + 1):
                cells = {(y + ty) * SIZE + x + tx for x, y, _ in o.cubes}
                if all(lim[c] > 0 for c in cells):  # B3D-R7
                    tops = {c: 1 + max(z for x, y, z in o.cubes if (y + ty) * SIZE + x + tx == c) for c in cells}
                    if min(lim[c] - tops[c] for c in cells) >= 0:  # B3D-R8 at height 0
                        expected.add((o.oid, tx, ty))
    assert set(table.index) == expected
    for pl in table.placements:
        o = ORIENTATIONS[pl.oid]
        cubes = {(x + pl.tx, y + pl.ty, z) for x, y, z in o.cubes}
        assert set(pl.cubes) == cubes and table.index[(pl.oid, pl.tx, pl.ty)] == pl.pid
        assert pl.zmax == min(lim[c] - top for c, _, top in pl.cols) >= 0
        assert {c for c, _, _ in pl.cols} == {y * SIZE + x for x, y, _ in cubes}
        for z in range(pl.zmax + 1):
            assert pl.masks[z] == sum(bit(x, y, c + z) for x, y, c in cubes)
            around = {(x + dx, y + dy, c + z + dz) for x, y, c in cubes for dx, dy, dz in STEPS}
            around = {q for q in around if 0 <= q[0] < SIZE and 0 <= q[1] < SIZE} - {
                (x, y, c + z) for x, y, c in cubes}
            assert pl.nbrs[z] == sum(bit(*q) for q in around), (pl, z)
            assert pl.masks[z] >> ((z + 1) * LEVEL) > 0  # nothing below the placement's height
