"""The solitaire solver (B3D-R23): solutions replay as legal solitaire games that fill the cube."""

from __future__ import annotations

import time

import pytest

from pygames.blokus3d.game import Blokus3D
from pygames.blokus3d.solver import build_order, count_buildable, hint, one_colour_sets, solve

from .helpers import game


def replay_fills(n: int, colours: str, moves: list[str]) -> Blokus3D:
    g = Blokus3D.new({"players": 1, "size": n, "colours": colours}, "solver")
    for m in moves:
        assert not g.over
        g.apply(m)  # every step legal (B3D-R6..R9)
    assert g.over and g.solved
    return g


def test_b3d_r23_solver_three_cube_one_colour_fast() -> None:
    """B3D-R23: a 3x3x3 one-colour build, found in well under a second, replays as a success."""
    start = time.perf_counter()
    moves = solve(3, "B")
    elapsed = time.perf_counter() - start
    assert moves is not None and elapsed < 1.0
    assert sum(len(m.split(":")[1].split(",")) for m in moves) == 27
    replay_fills(3, "B", moves)


@pytest.mark.parametrize(("n", "colours"), [(4, "BY"), (3, "YR")])
def test_b3d_r23_solver_other_cubes(n: int, colours: str) -> None:
    """B3D-R23: a 4-cube with two colours (64 of 80 cubes) builds too."""
    moves = solve(n, colours, timeout=30)
    assert moves is not None
    replay_fills(n, colours, moves)


def test_b3d_r23_remark_thirteen_of_fourteen_sets() -> None:
    """B3D-R23 remark: 14 one-colour 27-cube sets; 13 build; I3 L4 O4 S4 TP SA SB has no exact packing."""
    sets = one_colour_sets()
    assert len(sets) == 14 and all(sum({"I3": 3, "L3": 3}.get(p, 4) for p in s) == 27 for s in sets)
    result = count_buildable(timeout=60)
    assert sum(result.values()) == 13
    assert [s for s, ok in result.items() if not ok] == [("I3", "L4", "O4", "S4", "TP", "SA", "SB")]
    for s, ok in result.items():
        if ok:
            moves = solve(3, "B", s)
            assert sorted(m[1:3] for m in moves) == sorted(s)
            replay_fills(3, "B", moves)


def test_hint_follows_a_completable_build() -> None:
    """hint(): each hinted placement is legal and following them completes the cube."""
    g = game(1)
    g.apply("BI2:220,221")  # I2 can never be part of a 27-cube one-colour build (parity): no build remains
    assert hint(g) is None
    g = game(1)
    g.apply("BL3:000,010,011")  # B3D-E12's first move
    while not g.over:
        h = hint(g)
        assert h is not None
        g.apply(h)
    assert g.solved
    assert hint(game(4)) is None  # not a solitaire


def test_build_order_refuses_a_cycle() -> None:
    """A packing whose pieces lie on each other both ways has no legal order (B3D-R9)."""
    a = (0, ((0, 0, 0), (1, 0, 1)))
    b = (0, ((1, 0, 0), (0, 0, 1)))
    assert build_order([a, b]) is None
    assert build_order([(0, ((0, 0, 1),)), (0, ((0, 0, 0),))]) == [1, 0]
