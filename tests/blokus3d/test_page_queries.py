"""Engine answers the page asks for instead of computing them: where a piece held over the
board comes to rest (B3D-R9 (d), (e)). Spec docs/rules/blokus3d.md."""

from __future__ import annotations

from pygames.blokus3d.geometry import parse_cube

from .helpers import game, play


def cubes_of(text: str) -> tuple[tuple[int, int, int], ...]:
    return tuple(parse_cube(c) for c in text.split(":")[1].split(","))


def test_b3d_r9_a_piece_rests_where_it_can_be_lowered_to() -> None:
    """B3D-R9 (e): every legal placement can be lowered straight down from above, so lifting its
    cubes and letting them rest gives it back; (d) footprint and orientation fix the height: an L3
    over (2,3) h=1 and (2,4) h=1 rests at z = 1 (B3D-R9's test), whatever height it is held at."""
    g = play(game(4), "BL4:230,240,330,430")
    g.apply("YO4:530,540,630,640")
    assert g.rest(cubes_of("RL3:231,241,232")) == cubes_of("RL3:231,241,232")
    for z in (0, 3, 9):
        assert g.rest([(2, 3, z), (2, 4, z), (2, 3, z + 1)]) == ((2, 3, 1), (2, 4, 1), (2, 3, 2))
    assert g.rest([(0, 0, 5), (1, 0, 5)]) == ((0, 0, 0), (1, 0, 0))  # on the empty floor
    for action in g.legal_actions():
        cubes = cubes_of(str(action))
        assert g.rest((x, y, z + 3) for x, y, z in cubes) == cubes, str(action)
