"""One test (or group) per rule B3D-R1..B3D-R23 of docs/rules/blokus3d.md; refusals name the rule
in words and leave the state unchanged."""

from __future__ import annotations

import pytest

from pygames.blokus3d.actions import place_of
from pygames.blokus3d.data import CAPS, COLOURS, CUBES_PER_COLOUR, PIECE_CODES, PIECES, limits
from pygames.blokus3d.game import Blokus3D
from pygames.blokus3d.geometry import ORIENTATIONS, rotations
from pygames.core.errors import RuleError

from .helpers import assert_refused, full_tower, game, legal_texts, play, position

# -- independent geometry: rotations as products of quarter turns, polycubes by growth --------------


def quarter_x(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return (c[0], -c[2], c[1])


def quarter_z(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return (-c[1], c[0], c[2])


def rotation_group() -> list:
    """All products of quarter turns about x and z, as maps on the 8 corners' images (closure)."""
    probe = ((1, 2, 3),)
    seen = {probe}
    frontier = [probe]
    while frontier:
        nxt = []
        for p in frontier:
            for f in (quarter_x, quarter_z):
                q = tuple(f(c) for c in p)
                if q not in seen:
                    seen.add(q)
                    nxt.append(q)
        frontier = nxt
    return sorted(seen)


def norm(cubes) -> tuple:
    mx, my, mz = (min(c[i] for c in cubes) for i in range(3))
    return tuple(sorted((x - mx, y - my, z - mz) for x, y, z in cubes))


def all_rotations(cubes) -> set:
    out = set()
    frontier = [norm(cubes)]
    out.add(frontier[0])
    while frontier:
        nxt = []
        for s in frontier:
            for f in (quarter_x, quarter_z):
                t = norm([f(c) for c in s])
                if t not in out:
                    out.add(t)
                    nxt.append(t)
        frontier = nxt
    return out


def polycubes(n: int) -> set:
    shapes = {((0, 0, 0),)}
    for _ in range(n - 1):
        grown = set()
        for s in shapes:
            for x, y, z in s:
                for d in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
                    c = (x + d[0], y + d[1], z + d[2])
                    if c not in s:
                        grown.add(norm(list(s) + [c]))
        shapes = grown
    return shapes


def canon_cubes(code: str) -> tuple:
    cubes = dict((c, k) for c, _, k in PIECES)[code]
    return norm([(int(t[0]), int(t[1]), int(t[2])) for t in cubes])


# -- 1. Components -----------------------------------------------------------------------------------


def test_b3d_r1_board_and_structures() -> None:
    """B3D-R1: a 10x10 board; a structure gives every cell a limit, 0 outside it."""
    for key in "ABCD":
        lim = limits(key, 4)
        assert len(lim) == 100
    tower = limits("A", 4)
    inside = {(c % 10, c // 10) for c in range(100) if tower[c]}
    assert inside == {(x, y) for x in range(2, 7) for y in range(3, 7)}
    g = game()
    assert_refused(g, "BI2:010,110", "B3D-R7", "outside")


def test_b3d_r2_pieces_are_the_polycubes_of_2_to_4_cubes() -> None:
    """B3D-R2: 11 pieces per colour, 40 cubes; exactly the 2-4 cube shapes up to rotation; SA/SB mirrors."""
    assert PIECE_CODES == ("I2", "I3", "L3", "I4", "T4", "L4", "O4", "S4", "TP", "SA", "SB")
    assert sum(len(k) for _, _, k in PIECES) == CUBES_PER_COLOUR == 40
    classes = {n: {frozenset(all_rotations(s)) for s in polycubes(n)} for n in (2, 3, 4)}
    assert [len(classes[n]) for n in (2, 3, 4)] == [1, 2, 8]
    piece_classes = {frozenset(all_rotations(canon_cubes(code))) for code in PIECE_CODES}
    assert piece_classes == set().union(*classes.values())
    mirror = {code: frozenset(all_rotations([(-x, y, z) for x, y, z in canon_cubes(code)])) for code in PIECE_CODES}
    for code in PIECE_CODES:
        own = frozenset(all_rotations(canon_cubes(code)))
        if code in ("SA", "SB"):
            other = "SB" if code == "SA" else "SA"
            assert mirror[code] == frozenset(all_rotations(canon_cubes(other)))
        else:
            assert mirror[code] == own, f"{code} is its own mirror image"
    g = game()
    assert g.state_json()["hands"]["B"] == list(PIECE_CODES)


def test_b3d_r3_proper_rotations_only() -> None:
    """B3D-R3: 24 proper rotations; orientations per piece as in the table, 104 in all; no reflection."""
    assert len(rotations()) == 24 == len(rotation_group())
    counts = {code: sum(1 for o in ORIENTATIONS if PIECE_CODES[o.piece] == code) for code in PIECE_CODES}
    for code in PIECE_CODES:
        assert counts[code] == len(all_rotations(canon_cubes(code)))
    assert len(ORIENTATIONS) == 104
    g = game()
    # SA's cubes written as SB (a reflection) are refused
    assert_refused(g, "BSB:330,340,430,431", "B3D-R3", "mirror")


# -- 2. Setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "k", "tower"), [(4, 4, 8), (3, 3, 6), (2, 2, 4)])
def test_b3d_r4_k_selects_the_height_caps(players: int, k: int, tower: int) -> None:
    """B3D-R4: the mode fixes k, and k selects the caps (Tower 4 / 6 / 8)."""
    g = game(players)
    assert g.k == k and g.state_json()["k"] == k
    assert max(g.layout.limits) == tower == CAPS["A"][k]
    assert g.state_json()["structure"] == "A"
    for key in "BCD":
        assert game(players, structure=key).state_json()["structure"] == key


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 4, "size": 4}, "size does not apply to 4 players"),
        ({"players": 1, "structure": "C"}, "structure does not apply to solitaire"),
        ({"players": 1, "start": 1}, "start does not apply to solitaire"),
        ({"players": 3, "score": "best"}, "score does not apply to 3 players"),
        ({"players": 2, "score": "best"}, "score does not apply to 2 players with 2 colours"),
    ],
)
def test_b3d_r4_an_option_the_mode_cannot_use_is_refused(options: dict, words: str) -> None:
    """B3D-R4: the mode decides which options mean something; one that cannot apply is refused with a
    reason instead of being silently ignored (and the modes that use them still accept them)."""
    with pytest.raises(RuleError, match=words):
        Blokus3D.new(options, "opts")
    assert Blokus3D.new({"players": 2, "colours": "BYRG", "score": "best"}, "opts").four_for_two
    assert Blokus3D.new({"players": 1, "size": 4, "colours": "BY"}, "opts").state_json()["structure"] == "S4"


def test_b3d_r5_seats_take_colours_in_order() -> None:
    """B3D-R5: colours B, Y, R, G take seats 0..k-1 by default; an option assigns them otherwise; empty
    board, every piece in hand."""
    assert game(4).colours == ("B", "Y", "R", "G")
    assert game(3).colours == ("B", "Y", "R")
    assert game(2).colours == ("B", "Y")
    g = game(3, colours="RGB")
    assert g.colours == ("R", "G", "B") and g.colour == "R"
    assert_refused(g, "BI2:230,330", "turn")
    g.apply("RI2:230,330")
    s = game(4).state_json()
    assert all(h == 0 for row in s["heights"] for h in row)
    assert all(v == list(PIECE_CODES) for v in s["hands"].values())
    with pytest.raises(RuleError):
        game(3, colours="BY")


# -- 3. Placement ------------------------------------------------------------------------------------


def test_b3d_r6_one_unplaced_piece_per_turn_never_moved() -> None:
    """B3D-R6: a turn places one unplaced piece of the mover's colour; placed pieces stay."""
    g = play(game(2), "BL4:230,240,330,430")
    assert "L4" not in g.state_json()["hands"]["B"]
    g.apply("YI2:530,630")
    assert_refused(g, "BL4:231,241,331,431", "B3D-R6", "already placed")
    before = g.heights[:]
    g.apply("BI2:231,331")
    assert all(a >= b for a, b in zip(g.heights, before, strict=True))
    assert g.state_json()["tops"][3][2] == "B"


def test_b3d_r7_footprint() -> None:
    """B3D-R7: every cube lies above a cell inside the structure."""
    g = game()
    assert_refused(g, "BI2:160,260", "B3D-R7", "outside", "(1,6)")
    assert_refused(game(structure="B"), "BI2:220,320", "B3D-R7")
    assert all(g.layout.limits[int(a.cubes[0][1]) * 10 + int(a.cubes[0][0])] for a in g.legal_actions())


def test_b3d_r8_height() -> None:
    """B3D-R8: z + 1 <= limit(x, y, k) for every cube."""
    g = game(2)  # Tower limit 4
    g.apply("BI4:230,231,232,233")
    assert_refused(g, "YI2:234,235", "B3D-R8", "high", "limit 4")
    assert_refused(game(4, structure="D"), "BI2:110,111", "B3D-R8", "limit 1")
    assert all(h <= lim for h, lim in zip(g.heights, g.layout.limits, strict=True))


def test_b3d_r9_support_no_overhang() -> None:
    """B3D-R9: in every column the piece's lowest cube is at z = h; no overlap, no overhang."""
    g = play(game(4), "BL4:230,240,330,430")
    g.apply("YO4:530,540,630,640")
    assert_refused(g, "RI2:441,451", "B3D-R9", "hang")
    assert_refused(g, "RI3:240,340,440", "B3D-R9", "already holds")
    # an L3 on (2,5) at z = 0 reaching over to (2,6) at z = 1, above the empty (2,6)
    assert_refused(g, "RL3:250,251,261", "B3D-R9", "(2,6)")
    g.apply("RL3:231,241,232")  # rests on (2,3) h=1 and (2,4) h=1
    assert g.heights[32] == 3 and g.heights[42] == 2


def test_b3d_r10_contact() -> None:
    """B3D-R10: (a) the first piece of the game touches nothing; (b) a colour's first piece touches any
    colour; (c) later pieces touch their own colour; faces only, never edges or the board."""
    g = game(4)
    g.apply("BI2:660,661")  # (a): anywhere
    assert_refused(g, "YI2:230,330", "B3D-R10", "first piece", "any colour")
    assert_refused(g, "YI2:540,550", "B3D-R10", "edge")  # (5,5,0) meets (6,6,0) along an edge only
    g.apply("YI2:640,650")  # (b): (6,5,0) | blue (6,6,0)
    g.apply("RI2:550,560")  # (b): (5,6,0) | blue (6,6,0)
    g.apply("GI2:450,460")  # (b): (4,6,0) | red (5,6,0)
    assert_refused(g, "BI3:330,340,350", "B3D-R10", "blue cube")  # (c): touches nothing blue
    assert_refused(g, "BI3:340,440,540", "B3D-R10", "blue cube")  # touches green, red, yellow only
    g.apply("BI3:561,562,563")  # (c): (5,6,1) | blue (6,6,1); resting on red is fine
    g.apply("YI3:641,642,643")  # (c): on its own cube


def test_b3d_r11_legal_list_equals_the_checked_placements() -> None:
    """B3D-R11: a placement is legal iff R6..R10 hold: the fast list equals every placement of the
    table that ``check`` accepts (and only those)."""
    g = play(game(4), "BL4:230,240,330,430", "YO4:530,540,630,640", "RI3:250,350,450", "GI2:550,560")
    lay = g.layout
    accepted = set()
    for pl in lay.placements:
        if not g.hands[0] >> pl.piece & 1:
            continue
        for z in range(pl.zmax + 1):
            a = g.parse_action(str(place_of(lay, "B", pl.pid, z)))
            try:
                g.check(a)
            except RuleError:
                continue
            accepted.add(str(a))
    assert set(legal_texts(g)) == accepted
    assert len(accepted) == 108


# -- 4. Turn order and passing -----------------------------------------------------------------------


def test_b3d_r12_order_and_start_seat() -> None:
    """B3D-R12: the starting seat moves first (default 0), then increasing seats, k-1 followed by 0."""
    g = game(3)
    assert g.colour == "B"
    play(g, "BI2:230,330", "YI2:430,530", "RI2:240,340")
    assert g.colour == "B"
    g = game(4, start=2)
    assert g.colour == "R" and g.to_move() == [2]
    play(g, "RI2:230,330", "GI2:430,530")
    assert g.colour == "B"
    assert_refused(g, "YI2:240,340", "B3D-R12", "blue's turn")
    with pytest.raises(RuleError):
        game(2, start=3)


def test_b3d_r13_no_pass_and_out() -> None:
    """B3D-R13: a colour with a legal placement must place (no pass action exists); without one it is out."""
    g = game(2)
    assert all(":" in t for t in legal_texts(g))
    with pytest.raises(RuleError, match="engine event"):
        g.parse_action("B-")
    with pytest.raises(RuleError):
        g.parse_action("pass")
    # yellow has only a domino and no room beside or on its sealed cube: out at its turn
    cols = full_tower("B", 2)
    cols[(2, 3)] = "BBBY"
    cols[(6, 6)] = "BB"
    g = position(2, columns=cols, hands={"Y": "I2"}, current=0)
    assert legal_texts(g) == ["BI2:662,663"]
    g.apply("BI2:662,663")
    assert g.out[1] and g.log[1] == "Y-"


def test_b3d_r14_out_is_permanent() -> None:
    """B3D-R14: an out colour is skipped even when a placement for it appears later."""
    g = e10_position()
    g.apply("BI2:433,434")  # yellow cannot place: Y-
    assert g.log[-1] == "Y-" and g.colour == "R"
    assert not g.has_placement(1)
    g.apply("RI2:332,333")  # (3,3) is now 4 high: a yellow domino at 334,335 would touch yellow 235
    assert g.has_placement(1)
    assert g.colour == "B" and g.out == [False, True, False]
    assert_refused(g, "YI2:334,335", "B3D-R12")


def test_b3d_r15_end_when_all_out() -> None:
    """B3D-R15: the game ends as soon as every colour is out; it continues while one can place."""
    cols = full_tower("Y", 2)
    cols[(2, 3)] = "BB"
    g = position(2, columns=cols, hands={"B": "I2", "Y": "I2"}, current=0)
    g.apply("BI2:232,233")
    assert g.over
    assert g.over and g.to_move() == [] and g.log[-2:] == ["Y-", "B-"]
    assert g.result() is not None


def test_b3d_r16_colour_score() -> None:
    """B3D-R16: V (columns whose top cube is the colour) minus U (unplaced pieces, not cubes)."""
    g = position(2, columns={(2, 3): "BY", (3, 3): "Y", (4, 3): "YB", (5, 3): "B"},
                 hands={"B": "I2 I4", "Y": ""})
    assert g.visible() == {"B": 2, "Y": 2}
    assert g.colour_scores() == {"B": 0, "Y": 2}
    g = position(2, hands={"B": " ".join(PIECE_CODES), "Y": ""})
    assert g.colour_scores()["B"] == -11  # may be negative


def test_b3d_r17_player_score_is_the_colour_score() -> None:
    """B3D-R17: with one colour per player, a player's score is their colour's score."""
    g = position(3, columns={(2, 3): "B", (3, 3): "R", (4, 3): "R"}, hands={"B": "", "Y": "I2", "R": ""})
    assert g.player_scores() == [1, -1, 2]


def test_b3d_r18_ranking_shares_ranks() -> None:
    """B3D-R18: highest score wins; equal scores share a rank (1 + the number strictly higher)."""
    g = position(4, columns={(2, 3): "B", (3, 3): "Y", (4, 3): "R", (5, 3): "R"}, hands={c: "" for c in "BYRG"})
    g.over = True
    r = g.result()
    assert r.ranking == [[2], [0, 1], [3]]
    assert r.ranks == [2, 2, 1, 4]
    assert g.payoffs() == [0.0, 0.0, 1.0, 0.0]
    g = position(4, columns={(2, 3): "B", (3, 3): "Y"}, hands={c: "" for c in "BYRG"})
    g.over = True
    assert g.result().ranking == [[0, 1], [2, 3]]
    assert g.payoffs() == [0.5, 0.5, 0.0, 0.0]  # a joint win, shared


# -- 6. Variants -------------------------------------------------------------------------------------


def test_b3d_r19_four_players() -> None:
    """B3D-R19: 4 colours, k = 4."""
    g = game(4)
    assert g.k == 4 and g.colours == tuple(COLOURS) and g.players == 4


def test_b3d_r20_three_players_no_green() -> None:
    """B3D-R20: 3 colours B, Y, R; green is not used at all; k = 3."""
    g = game(3)
    assert g.k == 3 and "G" not in g.state_json()["hands"]
    assert_refused(g, "GI2:230,330", "not in play")


def test_b3d_r21_two_players_two_colours() -> None:
    """B3D-R21: one colour each, B and Y by default, k = 2."""
    g = game(2)
    assert g.k == 2 and g.colours == ("B", "Y") and max(g.layout.limits) == 4


def test_b3d_r22_two_players_four_colours() -> None:
    """B3D-R22: played as 4 players (k = 4); player 1 has seats 0, 2, player 2 seats 1, 3; own colour
    means that colour; score = sum (default) or best."""
    g = game(2, colours="BYRG")
    assert g.k == 4 and max(g.layout.limits) == 8
    assert [g.player_of(s) for s in range(4)] == [0, 1, 0, 1]
    g.apply("BI2:230,330")
    assert g.to_move() == [1]
    g.apply("YI2:430,530")
    assert g.to_move() == [0] and g.colour == "R"
    g.apply("RI2:240,340")  # red's first piece touches any colour
    g.apply("GI2:440,540")
    assert g.colour == "B"
    assert_refused(g, "BI3:250,350,450", "blue cube")  # touching red (the player's other colour) is not enough
    g.apply("BI3:231,331,431")
    assert_refused(game(2, colours="BYRG"), "YI2:230,330", "B3D-R12")


def test_b3d_r23_solitaire() -> None:
    """B3D-R23: n in 3..5 with enough colours; cells x, y < n limit n; R6..R9 apply, R10 does not;
    success when every column reaches n; failure when no placement remains."""
    g = game(1)
    assert g.colours == ("B",) and g.key == "S3" and sum(g.layout.limits) == 27
    g.apply("BI2:220,221")
    g.apply("BO4:000,010,100,110")  # no contact needed
    assert_refused(g, "BI3:002,102,202", "B3D-R9")
    assert_refused(g, "BI3:300,310,320", "B3D-R7")
    assert g.to_move() == [0] and not g.over
    with pytest.raises(RuleError, match="colours"):
        game(1, size=4, colours="B")
    g4 = game(1, size=4)
    assert g4.colours == ("B", "Y") and sum(g4.layout.limits) == 64
    assert game(1, size=5).colours == tuple(COLOURS)
    g2 = game(1, size=4, colours="BR")
    g2.apply("RI2:000,100")
    g2.apply("BI2:010,110")
    # failure: only a domino left for a single empty cell
    cols = {(x, y): "BBB" for x in range(3) for y in range(3)}
    cols[(1, 1)] = "BB"
    cols[(2, 2)] = "B"
    f = position(1, columns=cols, hands={"B": "I2"})
    f.apply("BI2:221,222")
    assert f.over and not f.solved and f.payoffs() == [0.0]
    assert "Failed" in f.result().summary


def e10_position() -> Blokus3D:
    """B3D-E10 / R14: 3 players on the Tower (limit 6); yellow's only cube tops the full column (2,3),
    its neighbours (3,3) and (2,4) are 2 and 3 high; yellow holds only a domino."""
    cols = {(x, y): "RRRRRR" for x in range(2, 7) for y in range(3, 7)}
    cols[(2, 3)] = "RRRRRY"
    cols[(3, 3)] = "RR"
    cols[(2, 4)] = "RRR"
    cols[(4, 3)] = "BBB"
    cols[(4, 4)] = "RRR"
    return position(3, columns=cols, hands={"Y": "I2", "B": "I2 I3 L3", "R": "I2 I3"}, current=0)


def test_b3d_r7_outside_the_structure_names_the_cell_as_the_level_map_does() -> None:
    """B3D-R7: a cube outside the structure is refused naming the cell by the level map's column
    x and row y, the structure by its name, and what holds instead (every cube above a cell of it)."""
    error = assert_refused(game(), "BI2:160,260", "B3D-R7", "cell (1,6) is outside the Tower",
                           "every cube of a piece lies above a cell of the structure")
    assert "(Tower)" not in error.words
