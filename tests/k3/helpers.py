"""Position builders for K3 tests (spec docs/rules/k3.md).

The engine has no public "set position" API: a position is built by creating a real game with
``K3.new`` and then assigning its state fields directly. Only tests do this; the resulting states
need not conserve pawns (examples show only the pawns that matter).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from refusals import assert_refused, snapshot  # noqa: F401 (re-exported for the tests)

from pygames.k3.data import COLOURS, KINDS, NATURAL, WHITE
from pygames.k3.game import K3, TURN, pyramid_positions

Pos = tuple[int, int]
PyramidSpec = str | Mapping[Pos, str] | None

# K3-E3: a fresh base with five colours. Supports: (1,0)=B+R, (1,1)=R+R, (1,2)=R+K, (1,3)=K+Y,
# (1,4)=Y+G, (1,5)=G+B, (1,6)=B+B, (1,7)=B+K.
E3_BASE = "BRRKYGBBK"


def pyramid(spec: PyramidSpec, base: int) -> dict[Pos, str]:
    """A pyramid from a dict, or from a string in K3-A1 order with '.' for an empty position."""
    if spec is None:
        return {}
    if isinstance(spec, str):
        positions = pyramid_positions(base)
        assert len(spec) == len(positions), f"a base-{base} pyramid has {len(positions)} positions"
        return {p: k for p, k in zip(positions, spec, strict=True) if k != "."}
    return dict(spec)


def full_triangle(kind: str = "Y", summit: bool = True) -> dict[Pos, str]:
    """The 45 slots of the original triangle (K3-R3), every pawn ``kind`` (without (8,0) if not summit)."""
    cells = {(r, c): kind for r in range(9) for c in range(9 - r)}
    if not summit:
        del cells[(8, 0)]
    return cells


def position(
    players: int = 2,
    *,
    base: str | None = E3_BASE,
    mountain: Mapping[Pos, str] | None = None,
    pyramids: Sequence[PyramidSpec] | None = None,
    beside: Sequence[str] | None = None,
    current: int = 0,
    eliminated: Sequence[int] = (),
    coop: bool = False,
    spare_white: bool | None = None,
    seed: str = "helpers",
) -> K3:
    """A K3 game in the turn phase with the given position (arrangement skipped, history empty).

    ``base`` is row 0 from column 0; ``mountain`` adds or overrides slots (rows >= 1, or base
    extensions at negative columns). ``pyramids[s]`` is a dict or an A1-order string with '.' for
    empty positions (None: empty pyramid). ``beside[s]`` is a string of kind letters.
    ``eliminated`` seats are marked out in the given order. The left/right base ends are computed
    from row 0.
    """
    g = K3.new({"players": players, "coop": coop}, seed)
    cells: dict[Pos, str] = {}
    if base is not None:
        cells.update({(0, c): k for c, k in enumerate(base)})
    cells.update(mountain or {})
    g.mountain = cells
    cols = [c for (r, c) in cells if r == 0]
    g.left, g.right = min(cols), max(cols)
    specs = list(pyramids) if pyramids is not None else [None] * players
    g.pyramids = [pyramid(spec, g.base) for spec in specs]
    g.beside = [sorted(b, key="BRKYGNW".index) for b in (beside or [""] * players)]
    g.arranged = [True] * players
    g.eliminated = [s in eliminated for s in range(players)]
    g.elimination_order = list(eliminated)
    if spare_white is not None:
        g.spare_white = spare_white
    g.phase = TURN
    g.current = current
    g.victim = g.taker = g.winner = None
    g.coop_result = None
    return g


def sources(g: K3, seat: int) -> set:
    """The accessible sources of ``seat`` (pyramid positions and beside kinds), K3-R5."""
    return {src for src, _ in g.accessible(seat)}


def all_pawns(g: K3) -> dict[str, int]:
    """Every pawn of the game by kind: mountain, pyramids (or dealt), beside, spare, used, removed."""
    counts = dict.fromkeys(KINDS, 0)
    for k in g.mountain.values():
        counts[k] += 1
    for seat in range(g.players):
        for k in g.pyramid_view(seat).values():
            counts[k] += 1
        for k in g.beside[seat]:
            counts[k] += 1
    counts[WHITE] += g.used_whites + int(g.spare_white) + g.removed[WHITE]
    counts[NATURAL] += g.removed[NATURAL]
    counts["coloured"] = sum(counts.pop(c) for c in COLOURS) + g.removed["coloured"]
    return counts
