"""The worked examples B3D-E1..B3D-E13 of docs/rules/blokus3d.md, one test each."""

from __future__ import annotations

from collections import Counter

import pytest

from pygames.blokus3d.data import PIECE_CODES
from pygames.blokus3d.game import Blokus3D
from pygames.blokus3d.geometry import ORIENTATIONS, layout
from pygames.core.errors import RuleError

from .helpers import assert_refused, full_tower, game, legal_texts, play, position
from .test_rules import all_rotations, canon_cubes, e10_position, polycubes


def test_b3d_e1_orientation_counts() -> None:
    """B3D-E1: I2 3, I3 3, L3 12, I4 3, T4 12, L4 24, O4 3, S4 12, TP 8, SA 12, SB 12; 104 in all; the 2-4
    cube shapes split into 1, 2 and 8 rotation classes, exactly the 11 pieces."""
    expected = {"I2": 3, "I3": 3, "L3": 12, "I4": 3, "T4": 12, "L4": 24, "O4": 3, "S4": 12, "TP": 8, "SA": 12,
                "SB": 12}
    counts = Counter(PIECE_CODES[o.piece] for o in ORIENTATIONS)
    assert dict(counts) == expected and sum(counts.values()) == 104
    classes = [{frozenset(all_rotations(s)) for s in polycubes(n)} for n in (2, 3, 4)]
    assert [len(c) for c in classes] == [1, 2, 8]
    assert {frozenset(all_rotations(canon_cubes(code))) for code in PIECE_CODES} == set().union(*classes)


def test_b3d_e2_chirality() -> None:
    """B3D-E2: BSA:330,340,430,431 is a valid shape; BSB with the same cubes is not (they form SA)."""
    g = game()
    assert str(g.parse_action("BSA:330,340,430,431")) == "BSA:330,340,430,431"
    g.apply("BSA:330,340,430,431")
    with pytest.raises(RuleError, match="mirror image") as e:
        game().parse_action("BSB:330,340,430,431")
    assert "SA" in e.value.words and e.value.rule == "B3D-R3"


@pytest.mark.parametrize(
    ("key", "cells", "caps"),
    [("A", 20, (80, 120, 160)), ("B", 36, (72, 108, 144)), ("C", 32, (112, 144, 160)), ("D", 64, (100, 116, 120))],
)
def test_b3d_e3_capacities(key: str, cells: int, caps: tuple[int, int, int]) -> None:
    """B3D-E3: capacities for k = 2/3/4 and cell counts of each structure."""
    for k, cap in zip((2, 3, 4), caps, strict=True):
        lay = layout(key, k)
        assert lay.capacity == cap and len(lay.cells) == cells


def test_b3d_e3_solitaire_capacities() -> None:
    """B3D-E3 (section 8): solitaire S3/S4/S5 have 9/16/25 cells and hold 27/64/125 cubes."""
    for n, cells in ((3, 9), (4, 16), (5, 25)):
        lay = layout(f"S{n}", 0)
        assert len(lay.cells) == cells and lay.capacity == n**3


def test_b3d_e4_empty_tower_counts() -> None:
    """B3D-E4: empty Tower first move: O4 43 (12 flat, 16 upright along x, 15 along y); 687 in all, by piece."""
    g = game(4)
    moves = legal_texts(g)
    assert len(moves) == 687
    by_piece = Counter(t[1:3] for t in moves)
    assert dict(by_piece) == {"I2": 51, "I3": 42, "L3": 110, "I4": 33, "T4": 56, "L4": 174, "O4": 43, "S4": 34,
                              "TP": 48, "SA": 48, "SB": 48}
    o4 = [t.split(":")[1].split(",") for t in moves if t.startswith("BO4")]
    flat = [c for c in o4 if {x[2] for x in c} == {"0"}]
    along_x = [c for c in o4 if len({x[1] for x in c}) == 1]
    along_y = [c for c in o4 if len({x[0] for x in c}) == 1]
    assert (len(flat), len(along_x), len(along_y)) == (12, 16, 15)


@pytest.mark.parametrize(
    ("players", "key", "total"),
    [(4, "B", 1005), (4, "C", 1169), (4, "D", 2153), (3, "A", 687), (3, "B", 969), (3, "C", 1169), (3, "D", 2149),
     (2, "A", 687), (2, "B", 829), (2, "C", 1169), (2, "D", 2069)],
)
def test_b3d_e4_empty_board_totals(players: int, key: str, total: int) -> None:
    """B3D-E4: empty-board totals for all pieces, by structure and k."""
    assert len(game(players, structure=key).legal_actions()) == total


def e5_game() -> Blokus3D:
    """The state after B3D-E5 (four legal first pieces), blue to move."""
    return play(game(4), "BL4:230,240,330,430", "YO4:530,540,630,640", "RI3:250,350,450", "GI2:550,560")


def test_b3d_e5_first_round() -> None:
    """B3D-E5: the first round, legal and illegal placements in order."""
    g = game(4)
    g.apply("BL4:230,240,330,430")
    assert_refused(g, "YO4:550,560,650,660", "B3D-R10")
    assert_refused(g, "YI2:540,550", "B3D-R10", "edge")
    g.apply("YO4:530,540,630,640")
    g.apply("RI3:250,350,450")
    assert_refused(g, "GI2:560,570", "B3D-R7", "(5,7)")
    g.apply("GI2:550,560")
    assert g.colour == "B"


@pytest.mark.parametrize("move", ["BI2:231,331", "BI2:431,531", "BL3:340,341,440"])
def test_b3d_e6_legal_alternatives(move: str) -> None:
    """B3D-E6: legal alternatives for blue after E5."""
    g = e5_game()
    assert move in legal_texts(g)
    g.apply(move)


@pytest.mark.parametrize(
    ("move", "rule"),
    [("BI2:441,451", "B3D-R9"), ("BI3:240,340,440", "B3D-R9"), ("BI2:531,631", "B3D-R10")],
)
def test_b3d_e6_illegal_alternatives(move: str, rule: str) -> None:
    """B3D-E6: illegal alternatives for blue after E5, each naming its rule."""
    g = e5_game()
    assert move not in legal_texts(g)
    assert_refused(g, move, rule)


def test_b3d_e6_blue_has_108() -> None:
    """B3D-E6: blue has exactly 108 legal placements after E5 (10 pieces in hand)."""
    g = e5_game()
    assert len(g.state_json()["hands"]["B"]) == 10
    assert len(g.legal_actions()) == 108


def test_b3d_e7_height_limits() -> None:
    """B3D-E7: Tower k = 2, Stairs k = 4 (and 2), Pyramid k = 4 (and 2)."""
    g = game(2)
    g.apply("BI4:230,231,232,233")
    assert_refused(g, "YI2:234,235", "B3D-R8")
    g.apply("YI2:240,241")
    s = game(4, structure="C")
    assert_refused(s, "BI4:310,311,312,313", "B3D-R8", "limit 2")
    s.apply("BI4:370,371,372,373")
    game(2, structure="C").apply("BI4:370,371,372,373")
    p = game(4, structure="D")
    assert_refused(p, "BO4:110,111,210,211", "B3D-R8", "limit 1")
    assert_refused(p, "BI2:090,190", "B3D-R7")
    p.apply("BO4:440,441,540,541")
    game(2, structure="D").apply("BO4:440,441,540,541")


def test_b3d_e8_fig7_scoring() -> None:
    """B3D-E8: fig. 7 tops; G has 1 unplaced piece -> V B5 R6 Y4 G5; scores B5 R6 Y4 G4; ranks R1 B2 Y3 G3."""
    rows = {6: "BBRRG", 5: "BRRYG", 4: "BRYYG", 3: "BRYGG"}
    cols = {(2 + i, y): "R" * ((i + y) % 3) + letter for y, row in rows.items() for i, letter in enumerate(row)}
    g = position(4, columns=cols, hands={"B": "", "Y": "", "R": "", "G": "TP"})
    g.over = True
    assert g.visible() == {"B": 5, "Y": 4, "R": 6, "G": 5}
    assert g.colour_scores() == {"B": 5, "Y": 4, "R": 6, "G": 4}
    r = g.result()
    assert r.ranks == [2, 3, 1, 3]  # seats B, Y, R, G
    assert r.ranking == [[2], [0], [1, 3]]
    assert g.payoffs() == [0.0, 0.0, 1.0, 0.0]
    assert "Red wins" in r.summary


def test_b3d_e9_two_players_four_colours() -> None:
    """B3D-E9: colour scores B 12, Y 9, R 7, G 10: sum 19 vs 19 (joint win); best 12 vs 10 (player 1)."""
    wanted = {"B": 12, "Y": 9, "R": 7, "G": 10}
    cells = [(x, y) for y in range(10) for x in range(10)]
    cols = {}
    for letter, n in wanted.items():
        for _ in range(n):
            cols[cells.pop(0)] = letter
    for score in ("sum", "best"):
        g = position(2, columns=cols, hands={c: "" for c in "BYRG"}, colours="BYRG", score=score, structure="B")
        g.over = True
        assert g.colour_scores() == wanted
        if score == "sum":
            assert g.player_scores() == [19, 19] and g.result().ranking == [[0, 1]]
            assert g.payoffs() == [0.5, 0.5]
        else:
            assert g.player_scores() == [12, 10] and g.result().ranking == [[0], [1]]
            assert g.payoffs() == [1.0, 0.0]


def test_b3d_e10_turn_flow_three_players() -> None:
    """B3D-E10: yellow cannot place at its turn -> Y-; turns go R, B, R, B; Y never plays again; later
    R-, then B- ends the game; Y with 3 visible squares and 4 pieces in hand scores -1."""
    g = e10_position()
    g.apply("BI2:433,434")
    assert g.log[-1] == "Y-" and g.colour == "R"
    g.apply("RI2:332,333")  # a yellow placement is now possible, but yellow stays out
    assert g.colour == "B"
    g.apply(g.legal_actions()[0])
    assert g.colour == "R"
    seen = []
    while not g.over:
        seen.append(g.colour)
        g.apply(g.legal_actions()[0])
    assert "Y" not in seen
    events = [t for t in g.log if t.endswith("-")]
    assert events[0] == "Y-" and events[-1] in ("R-", "B-") and sorted(events) == ["B-", "R-", "Y-"]
    y = position(3, columns={(2, 3): "Y", (3, 3): "Y", (4, 3): "Y"}, hands={"Y": "I2 I3 L3 I4"})
    assert y.colour_scores()["Y"] == -1


def test_b3d_e10_out_order_r_then_b() -> None:
    """B3D-E10: after Y-, R goes out before B, and B- ends the game."""
    cols = full_tower("R", 3)
    cols[(2, 3)] = "RRRRRY"
    cols[(6, 6)] = "BBBB"
    g = position(3, columns=cols, hands={"Y": "I2", "R": "I2", "B": "I2"}, current=0)
    g.apply("BI2:664,665")
    assert g.log[-3:] == ["Y-", "R-", "B-"] and g.over


def test_b3d_e11_no_pass() -> None:
    """B3D-E11: a colour with exactly one legal placement is offered exactly that, and no pass."""
    cols = full_tower("B", 2)
    cols[(2, 3)] = "BBB"
    cols[(3, 3)] = "BBB"
    cols[(2, 4)] = "BBBB"
    g = position(2, columns=cols, hands={"B": "I2"}, current=0)
    assert legal_texts(g) == ["BI2:233,333"]
    with pytest.raises(RuleError):
        g.apply("pass")


def test_b3d_e12_solitaire_three_cube() -> None:
    """B3D-E12: solitaire n = 3, blue: BI2:001,101 first is illegal (support); the given sequence fills the
    cube (I2, I3, I4, SB unused) -> success."""
    g = game(1, size=3, colours="B")
    assert_refused(g, "BI2:001,101", "B3D-R9")
    seq = ("BL3:000,010,011 BL4:020,021,022,120 BO4:100,101,200,201 BSA:110,111,121,210 "
           "BT4:211,220,221,222 BTP:001,002,012,102 BS4:112,122,202,212").split()
    for n, move in enumerate(seq):
        assert not g.over
        g.apply(move)
        assert g.over == (n == len(seq) - 1)
    assert g.solved and all(g.heights[y * 10 + x] == 3 for x in range(3) for y in range(3))
    assert g.state_json()["hands"]["B"] == ["I2", "I3", "I4", "SB"]
    assert g.result().solved is True and g.payoffs() == [1.0]


def test_b3d_e13_canonical_form() -> None:
    """B3D-E13: BL4:430,230,330,240 -> BL4:230,240,330,430; BL4:230,240,330 is invalid (4 cubes)."""
    g = game(4)
    a = g.parse_action("BL4:430,230,330,240")
    assert str(a) == "BL4:230,240,330,430"
    assert a in g.legal_actions()
    with pytest.raises(RuleError, match="4 cubes"):
        g.parse_action("BL4:230,240,330")
