"""One test (or group) per rule K3-R1..K3-R27 and per action form K3-A1..K3-A5 of docs/rules/k3.md,
plus the refusals: every illegal action raises RuleError naming the problem and changes nothing."""

from __future__ import annotations

import itertools

import pytest
from refusals import assert_place_named

from pygames.core.errors import RuleError
from pygames.core.rng import Rng
from pygames.k3.actions import Arrange, Extend, Place, Take, White, parse_action
from pygames.k3.data import ALLOTMENT, COLOURS, NATURAL, TOTAL_NATURALS, TOTAL_WHITES, WHITE
from pygames.k3.game import (
    ARRANGE,
    K3,
    OVER,
    PENALTY,
    TURN,
    _triangle,
    is_penalised,
    may_place,
    pyramid_positions,
)

from .helpers import E3_BASE, all_pawns, assert_refused, full_triangle, position, sources


def arranged(players: int = 2, seed: str = "rules", **options: object) -> K3:
    """A game with every pyramid arranged in deal order."""
    g = K3.new({"players": players, **options}, seed)
    while g.phase == ARRANGE:
        g.apply(Arrange("".join(g.dealt[g.current])))
    return g


# -- 1. Components ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K3_R1_pawns(players: int) -> None:
    """K3-R1: 45 coloured pawns (9 of each of 5 colours), 6 naturals, 4 whites."""
    assert COLOURS == ("B", "R", "K", "Y", "G")
    g = K3.new({"players": players}, "r1")
    assert all_pawns(g) == {"coloured": 45, NATURAL: TOTAL_NATURALS, WHITE: TOTAL_WHITES}
    per_colour = {c: 0 for c in COLOURS}
    for k in list(g.mountain.values()) + [k for d in g.dealt for k in d]:
        if k in per_colour:
            per_colour[k] += 1
    assert all(v <= 9 for v in per_colour.values())
    if players > 2:  # every coloured pawn is in play: exactly 9 of each
        assert set(per_colour.values()) == {9}


@pytest.mark.parametrize(
    ("players", "coloured", "natural", "white", "base", "size", "beside", "removed"),
    [
        (2, 17, 2, 2, 6, 21, [], {"coloured": 2, "N": 2, "W": 0}),
        (3, 12, 2, 1, 5, 15, [], {"coloured": 0, "N": 0, "W": 0}),
        (4, 9, 1, 1, 4, 10, ["W"], {"coloured": 0, "N": 2, "W": 0}),
    ],
)
def test_K3_R2_allotment(players, coloured, natural, white, base, size, beside, removed) -> None:
    """K3-R2: the allotment table, the pawns beside at the start and the pawns removed from the game."""
    a = ALLOTMENT[players]
    assert (a.coloured, a.natural, a.white, a.base) == (coloured, natural, white, base)
    g = K3.new({"players": players}, "r2")
    assert g.base == base and len(pyramid_positions(base)) == size
    for seat in range(players):
        held = list(g.dealt[seat]) + g.beside[seat]
        assert sum(k in COLOURS for k in held) == coloured
        assert held.count(NATURAL) == natural and held.count(WHITE) == white
        assert g.beside[seat] == beside
    assert g.removed == removed
    assert g.spare_white is (players == 3)


# -- 2. Coordinates --------------------------------------------------------------------------------


def test_K3_R3_mountain_geometry() -> None:
    """K3-R3: row 0 = columns 0..8; (r,c) rests on (r-1,c),(r-1,c+1); 45 slots; summit (8,0)."""
    assert sorted(arranged().mountain) == [(0, c) for c in range(9)]
    g = position(base=E3_BASE)
    assert (g.left, g.right) == (0, 8)
    # fill the triangle row by row through open slots only
    filled = 9
    for r in range(1, 9):
        assert g.open_slots() == [(r, c) for c in range(0, 9 - r)]  # columns L..R-r
        for c in range(9 - r):
            assert g.supports((r, c)) == (g.mountain[(r - 1, c)], g.mountain[(r - 1, c + 1)])
            g.mountain[(r, c)] = "N"
            filled += 1
    assert filled == 45 and (8, 0) in g.mountain and g.open_slots() == []
    assert g.supports((9, 0)) is None  # nothing above the summit
    # an extension keeps every coordinate: new base column -1, nothing renumbered
    g.pyramids[0] = {(5, 0): "B"}
    before = dict(g.mountain)
    g.apply(Extend((5, 0), "L"))
    assert g.mountain[(0, -1)] == "B" and all(g.mountain[p] == k for p, k in before.items())
    assert g.open_slots() == [(1, -1)]


def test_K3_R4_pyramid_geometry() -> None:
    """K3-R4: positions (r,i), i < n-r, apex (n-1,0) last; (r,i) is covered by (r+1,i-1) and (r+1,i)."""
    assert pyramid_positions(4) == [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (3, 0),
    ]
    assert len(pyramid_positions(6)) == 21 and pyramid_positions(6)[-1] == (5, 0)
    g = position()
    assert g.covering((2, 1)) == [(3, 0), (3, 1)]
    # outside positions count as absent: (0,0) is covered only by (1,0), (0,5) only by (1,4)
    g.pyramids[0] = {(0, 0): "B", (1, 0): "R", (0, 5): "K", (1, 4): "Y"}
    assert sources(g, 0) == {(1, 0), (1, 4)}
    del g.pyramids[0][(1, 0)]
    assert sources(g, 0) == {(0, 0), (1, 4)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K3_R5_accessible_at_start(players: int) -> None:
    """K3-R5: at the start only the apex and the pawns beside are accessible."""
    g = arranged(players)
    apex = (g.base - 1, 0)
    for seat in range(players):
        expected = {apex} | set(g.beside[seat])
        assert sources(g, seat) == expected


def test_K3_R5_covered_and_beside() -> None:
    """K3-R5: a pawn is accessible iff both covering positions are empty; beside pawns always are."""
    g = position(pyramids=["R" * 21, "B" * 21], beside=["GN", ""])
    assert sources(g, 0) == {(5, 0), "G", "N"}
    assert_refused(g, Place((4, 0), (1, 1)), "covered by the top of the pyramid")
    assert_refused(g, White((0, 0)), "covered")


def test_K3_R6_drawing_offsets() -> None:
    """K3-R6: slot (r,c) is drawn at c + r/2 (the text view doubles it: column 2c + r)."""
    rows = _triangle({(0, 0): "B", (0, 1): "R", (1, 0): "K"}, set())
    assert rows[-1][3:] == "B R"  # row 0 at columns 0 and 2
    assert rows[0][3:] == " K"  # row 1, column 0 drawn at 1 = 2*0 + 1, between its supports
    rows = _triangle({(0, -1): "G", (0, 0): "B"}, {(1, -1)})
    assert rows[0][3:] == " ." and rows[1][3:] == "G B"


# -- 3. Setup --------------------------------------------------------------------------------------


def test_K3_R7_base_camp() -> None:
    """K3-R7: row 0 = the first 9 pawns of the seeded shuffle, in draw order, with >= 4 colours."""
    for seed in range(40):
        g = K3.new({}, str(seed))
        bag = [c for c in COLOURS for _ in range(9)]
        rng = Rng(f"k3:{seed}")
        for _ in range(g.redraws + 1):
            rng.shuffle(bag)
        assert [g.mountain[(0, c)] for c in range(9)] == bag[:9]
        assert len(set(bag[:9])) >= 4
    assert any(K3.new({}, str(s)).redraws for s in range(40))


def test_K3_R7_same_seed_same_setup() -> None:
    """K3-R7/R8: one seed fixes the whole setup; another seed gives another one."""
    assert K3.new({"players": 3}, "x").state_json() == K3.new({"players": 3}, "x").state_json()
    assert K3.new({"players": 3}, "x").state_json() != K3.new({"players": 3}, "y").state_json()


def test_K3_R8_deal_rounds() -> None:
    """K3-R8: rounds of 3 from seat 0 (detailed per player count in K3-E13)."""
    from pygames.k3.game import deal

    bag = [str(i) for i in range(45)]
    hands, end = deal(bag, 2, 17)
    assert hands[0][:6] == ["9", "10", "11", "15", "16", "17"]
    assert hands[0][-2:] == ["39", "40"] and hands[1][-2:] == ["41", "42"] and end == 43
    hands, end = deal(bag, 4, 9)
    assert [h[0] for h in hands] == ["9", "12", "15", "18"] and end == 45


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K3_R9_whites_and_naturals(players: int) -> None:
    """K3-R9: whites in the pyramid (2-3p) or beside (4p); a spare white for the table with 3p."""
    g = K3.new({"players": players}, "r9")
    a = ALLOTMENT[players]
    for seat in range(players):
        assert g.dealt[seat].count(NATURAL) == a.natural
        assert g.dealt[seat].count(WHITE) == (0 if players == 4 else a.white)
        assert g.beside[seat].count(WHITE) == (1 if players == 4 else 0)
    assert g.spare_white is (players == 3)


def test_K3_R10_arrangement() -> None:
    """K3-R10: each player in seat order places exactly their pawns, any permutation; open information."""
    g = K3.new({"players": 3}, "r10")
    assert g.phase == ARRANGE and g.to_move() == [0] and g.legal_actions() is None
    kinds = "".join(reversed(g.dealt[0]))
    g.apply(Arrange(kinds))
    assert g.to_move() == [1]
    assert g.state_json()["pyramids"][0] == {
        f"{r}.{i}": k for (r, i), k in zip(pyramid_positions(5), kinds, strict=True)
    }
    assert g.state_json()["arranged"] == [True, False, False]
    # refusals name the problem
    assert_refused(g, Arrange("".join(g.dealt[1][:-1])), "positions")
    wrong = "".join(g.dealt[1][:-1]) + ("B" if g.dealt[1][-1] != "B" else "R")
    assert_refused(g, Arrange(wrong), "exactly", "pawns")
    assert_refused(g, "P:4.0>1.0", "arrange")
    assert_refused(g, "T:4.0", "arrange")
    rng = Rng(3)
    while g.phase == ARRANGE:
        g.apply(g.random_action(g.current, rng))  # random permutations are accepted
    assert g.phase in (TURN, OVER)
    assert_refused(g, Arrange("".join(g.dealt[0])), "arranged only before play")


def test_K3_R11_order_of_play() -> None:
    """K3-R11: seat 0 starts unless the options name another seat; increasing order, skipping the out."""
    g = position(3, beside=["WWW", "WWW", "WWW"])
    order = []
    for _ in range(6):
        order.append(g.current)
        g.apply("W:sW")
    assert order == [0, 1, 2, 0, 1, 2]
    g = position(3, beside=["WWW", "WWW", "WWW"], eliminated=[1])
    order = []
    for _ in range(4):
        order.append(g.current)
        g.apply("W:sW")
    assert order == [0, 2, 0, 2]
    for start in range(3):
        g = K3.new({"players": 3, "start": start}, "r11")
        while g.phase == ARRANGE:  # a white at every apex: nobody can be eliminated at once
            kinds = sorted(g.dealt[g.current], key=lambda k: k == WHITE)
            g.apply(Arrange("".join(kinds)))
        assert g.phase == TURN and g.current == start
    assert K3.new({"players": 4}, "r11").options["start"] == 0


def test_K3_R12_elimination_check() -> None:
    """K3-R12: a player with no placement, no extension and no white is eliminated when the turn starts."""
    # no pawns at all
    g = position(3, base="BBKKYYGGB", pyramids=[None, None, None], beside=["K", "", "KK"], current=0)
    g.apply("P:sK>1.1")
    assert g.eliminated == [False, True, False] and g.current == 2
    # an accessible white keeps a player in, even without a placement
    g = position(base="BBKKYYGGB", beside=["K", "RW"], current=0)
    g.apply("P:sK>1.1")
    assert not any(g.eliminated) and g.current == 1
    assert {str(a) for a in g.legal_actions()} == {"W:sW"}
    # a possible extension keeps a player in
    g = position(base=None, mountain=full_triangle("Y", summit=False), beside=["Y", "R"])
    g.apply("P:sY>8.0")
    assert g.open_slots() == [] and not any(g.eliminated)
    assert {str(a) for a in g.legal_actions()} == {"X:sR>L", "X:sR>R"}
    # D10: emptying the pyramid does not eliminate at once
    g = position(base=E3_BASE, beside=["K", "B"])
    g.apply("P:sK>1.2")
    assert not g.eliminated[0] and g.current == 1


def test_K3_R13_choices() -> None:
    """K3-R13: placements, or extensions only when no slot is open, or a white; no pass without a white."""
    g = position(base=E3_BASE, beside=["KW", "B"])
    actions = {str(a) for a in g.legal_actions()}
    assert actions == {"P:sK>1.2", "P:sK>1.3", "P:sK>1.7", "W:sW"}
    assert not any(a.startswith("X:") for a in actions)
    g = position(base=E3_BASE, beside=["K", "B"])
    assert_refused(g, "W:sW", "no white")
    assert_refused(g, "X:sK>L", "open")


def test_K3_R14_open_slot() -> None:
    """K3-R14: an open slot is empty with both supports present."""
    g = position(base=E3_BASE, mountain={(1, 0): "B", (1, 2): "K", (1, 3): "K"}, beside=["KKK", "B"])
    assert (1, 0) not in g.open_slots()  # taken
    assert (2, 0) not in g.open_slots()  # (1,1) missing
    assert (2, 2) in g.open_slots()
    assert_refused(g, "P:sK>1.0", "already taken", "blue")
    assert_refused(g, "P:sK>2.0", "not open", "row 1, slot 2")
    assert_refused(g, "P:sK>0.9", "base camp", "extension")
    assert_refused(g, "P:sK>-1.0", "not on the mountain")
    assert_refused(g, "P:sK>5.5", "not open")


@pytest.mark.parametrize(
    ("kind", "a", "b", "ok"),
    [
        ("N", "B", "R", True),
        ("N", "N", "N", True),
        ("B", "B", "R", True),
        ("B", "R", "B", True),
        ("B", "N", "R", True),
        ("B", "R", "N", True),
        ("B", "R", "K", False),
        ("B", "R", "R", False),
        ("W", "B", "B", False),
        ("W", "N", "N", False),
    ],
)
def test_K3_R15_placement_legality(kind: str, a: str, b: str, ok: bool) -> None:
    """K3-R15: natural anywhere; X needs an X or natural support; whites never placed."""
    assert may_place(kind, a, b) is ok
    g = position(base=a + b + "YYYYYYY", beside=[kind + "G", "G"])
    action = Place(kind, (1, 0))
    assert (action in g.legal_actions()) is ok
    if ok:
        g.apply(action)
        assert g.mountain[(1, 0)] == kind
    elif kind == WHITE:
        assert_refused(g, action, "white", "never placed")
    else:
        assert_refused(g, action, "needs a", "natural", "rests on")


@pytest.mark.parametrize(
    ("kind", "a", "b", "penalised"),
    [
        ("B", "B", "B", True),
        ("N", "Y", "Y", True),
        ("B", "N", "N", True),
        ("N", "N", "N", True),
        ("B", "N", "B", False),
        ("N", "N", "B", False),
        ("N", "B", "Y", False),
        ("B", "B", "Y", False),
    ],
)
def test_K3_R16_penalty_condition(kind: str, a: str, b: str, penalised: bool) -> None:
    """K3-R16 (D5): penalised iff both supports are one colour or both natural, whatever is placed."""
    assert is_penalised(a, b) is penalised
    g = position(base=a + b + "KKKKKKK", beside=[kind + "G", "W"])
    g.apply(Place(kind, (1, 0)))
    assert (g.phase == PENALTY) is penalised
    if penalised:
        assert (g.victim, g.taker) == (0, 1)
    else:
        assert g.current == 1


def test_K3_R17_penalty_resolution() -> None:
    """K3-R17: the previous live player takes a pawn accessible after the placement (whites too)."""
    g = position(3, base=E3_BASE, pyramids=[None, "KKKKKKKKKBGGWRR", None], beside=["", "", "W"], current=1)
    g.apply("P:4.0>1.1")  # R on R+R
    assert g.phase == PENALTY and g.to_move() == [0] and g.victim == 1
    # choices: what seat 1 can use now that the apex has left: (3,0)=W and (3,1)=R
    assert {str(a) for a in g.legal_actions()} == {"T:3.0", "T:3.1"}
    assert g.legal_actions(1) == [] and g.legal_actions(2) == []
    assert_refused(g, "T:2.0", "covered")
    assert_refused(g, "T:sB", "no blue")
    assert_refused(g, "P:3.0>1.0", "K3-R17", "T:")
    assert_refused(g, "W:3.0", "K3-R17")
    g.apply("T:3.0")  # the white
    assert g.beside[0] == ["W"] and (3, 0) not in g.pyramids[1]
    assert g.phase == TURN and g.current == 2  # the turn passes on after the penalty
    # no penalty to resolve otherwise
    assert_refused(g, "T:3.1", "no penalty")


def test_K3_R17_nothing_to_take() -> None:
    """K3-R17/D7: if the penalised player has no accessible pawn left, nothing is taken."""
    g = position(base=E3_BASE, beside=["R", "K"])
    g.apply("P:sR>1.1")
    assert g.phase == TURN and g.current == 1 and g.beside == [[], ["K"]]


def test_K3_R18_white_pawn() -> None:
    """K3-R18: a white is the whole turn, even with a placement possible; it leaves, uncovering pawns."""
    g = position(base=E3_BASE, pyramids=["B" * 20 + "W", None], beside=["R", "W"])
    mountain = dict(g.mountain)
    assert "P:sR>1.1" in {str(a) for a in g.legal_actions()}
    g.apply("W:5.0")
    assert g.used_whites == 1 and g.mountain == mountain and g.current == 1
    assert sources(g, 0) == {(4, 0), (4, 1), "R"}
    g.apply("W:sW")
    assert g.used_whites == 2 and g.beside[1] == []
    assert_refused(g, "W:sR", "red", "not white")
    assert_refused(g, "W:4.0", "blue", "not white")


def test_K3_R19_base_extension() -> None:
    """K3-R19: only with no open slot; any non-white pawn, either end, no colour rule, no penalty."""
    g = position(base=None, mountain=full_triangle("Y"), pyramids=[{(5, 0): "R"}, None], beside=["NW", "R"])
    actions = {str(a) for a in g.legal_actions()}
    assert actions == {"X:5.0>L", "X:5.0>R", "X:sN>L", "X:sN>R", "W:sW"}
    assert_refused(g, "X:sW>L", "white")
    assert_refused(g, "P:5.0>9.0", "not open")
    assert_refused(g, Extend((5, 0), "up"), "left (L) or right (R) end")  # built in code, not parsed
    g.apply("X:5.0>R")  # R next to Y: no colour rule
    assert g.mountain[(0, 9)] == "R" and (g.left, g.right) == (0, 9)
    assert g.phase == TURN and g.current == 1
    assert g.open_slots() == [(1, 8)] and g.supports((1, 8)) == ("Y", "R")
    # with an open slot the base cannot grow
    g2 = position(base=E3_BASE, beside=["R", "B"])
    assert_refused(g2, Extend("R", "L"), "only when no slot is open")


def test_K3_R20_pawns_beside() -> None:
    """K3-R20: beside pawns are placed, extended, used as whites and taken like pyramid pawns."""
    g = position(base=E3_BASE, pyramids=[None, "R" * 21], beside=["RRW", "B"])
    assert sources(g, 0) == {"R", "W"}  # interchangeable: one source per kind
    g.apply("P:sR>1.1")  # penalty: R on R+R
    assert {str(a) for a in g.legal_actions()} == {"T:sR", "T:sW"}
    g.apply("T:sW")
    assert g.beside == [["R"], ["B", "W"]]
    g.apply("W:sW")
    assert g.beside[1] == ["B"]
    g = position(base=None, mountain=full_triangle("Y"), beside=["K", "B"])
    g.apply("X:sK>L")
    assert g.mountain[(0, -1)] == "K" and g.beside[0] == []


def test_K3_R21_spare_white() -> None:
    """K3-R21: at the first elimination, the previous live player gets the spare white; later none."""
    g = position(3, base="BBKKYYGGB", beside=["KK", "", "R"], current=0)
    g.apply("P:sK>1.1")  # seat 1 has nothing: out; seat 0 (its previous player) gets the spare white
    # then seat 2 (an R only, no R slot) is eliminated too: no second white, seat 0 wins
    assert g.elimination_order == [1, 2]
    assert g.beside == [["K", "W"], [], ["R"]] and not g.spare_white
    assert g.phase == OVER and g.winner == 0
    g = position(3, base="BBKKYYGGB", beside=["K", "KK", ""], current=1)
    g.apply("P:sK>1.1")  # seat 2 is out: seat 1 gets the white, seat 0 plays next
    assert g.beside == [["K"], ["K", "W"], []] and g.current == 0 and g.phase == TURN


def test_K3_R22_eliminated_players() -> None:
    """K3-R22: an eliminated player's pawns stay, are never used or taken; they choose no penalty."""
    g = position(
        4,
        base=E3_BASE,
        pyramids=[None, None, "RRRRRRRRRR", "GGGGGGGGGR"],
        beside=["K", "K", "W", "K"],
        eliminated=[2],
        current=3,
    )
    g.apply("P:3.0>1.1")  # seat 3 penalised: seat 2 is out, so seat 1 chooses
    assert g.taker == 1
    g.apply("T:2.0")
    assert g.current == 0  # seat 0 next
    assert g.pyramids[2] == {p: "R" for p in pyramid_positions(4)} and g.beside[2] == ["W"]
    for _ in range(8):
        if g.is_over():
            break
        assert g.to_move() != [2]
        g.apply(g.legal_actions()[0])
    assert g.pyramids[2] == {p: "R" for p in pyramid_positions(4)} and g.beside[2] == ["W"]


def test_K3_R23_no_return() -> None:
    """K3-R23: placed pawns never leave the mountain; used whites leave the game."""
    g = arranged(2, seed="r23")
    rng = Rng(23)
    seen: dict = dict(g.mountain)
    used = 0
    while not g.is_over():
        g.apply(g.random_action(g.to_move()[0], rng))
        assert all(g.mountain.get(p) == k for p, k in seen.items())
        seen = dict(g.mountain)
        assert g.used_whites >= used
        used = g.used_whites


def test_K3_R24_winner() -> None:
    """K3-R24: as soon as one player remains they win; the result ranks the eliminated in reverse order."""
    g = position(3, base="BBKKYYGGB", beside=["K", "", ""], current=0)
    g.apply("P:sK>1.1")
    assert g.phase == OVER and g.winner == 0 and g.to_move() == []
    assert g.result().as_dict() == {
        "summary": "Seat 0 wins",
        "winner": 0,
        "ranking": [[0], [2], [1]],
        "elimination_order": [1, 2],
    }
    assert g.payoffs() == [1.0, 0.0, 0.0]
    assert g.legal_actions() == []
    assert_refused(g, "W:sW", "game is over")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K3_R25_termination(players: int) -> None:
    """K3-R25: every turn consumes one pawn, so a game ends (random playouts, several seeds)."""
    for seed in range(5):
        g = arranged(players, seed=f"r25-{seed}")
        rng = Rng(seed)
        steps = 0
        while not g.is_over():
            held = sum(len(p) + len(b) for p, b in zip(g.pyramids, g.beside, strict=True)) + g.spare_white
            consumed = len(g.mountain) + g.used_whites
            action = g.random_action(g.to_move()[0], rng)
            g.apply(action)
            step = 0 if isinstance(action, Take) else 1
            assert len(g.mountain) + g.used_whites == consumed + step
            assert (
                sum(len(p) + len(b) for p, b in zip(g.pyramids, g.beside, strict=True)) + g.spare_white
                == held - step
            )
            steps += 1
        assert steps <= 2 * 51


def test_K3_R26_coop_loss_and_no_spare_white() -> None:
    """K3-R26: coop loses as soon as anyone is eliminated; the spare white is never given."""
    g = position(3, base="BBKKYYGGB", beside=["K", "", "KK"], coop=True)
    g.apply("P:sK>1.1")
    assert g.phase == OVER and g.coop_result == "loss" and g.eliminated == [False, True, False]
    assert g.spare_white and g.beside[0] == []
    assert g.payoffs() == [0.0, 0.0, 0.0]
    assert g.result().ranking == [[0, 1, 2]]


def test_K3_R26_coop_penalties_apply() -> None:
    """K3-R26: in coop, penalties are resolved as usual by the previous player."""
    g = position(2, base=E3_BASE, beside=["RK", "B"], coop=True)
    g.apply("P:sR>1.1")
    assert g.phase == PENALTY and g.to_move() == [1]


def test_K3_R27_options() -> None:
    """K3-R27: players 2-4, start seat (default 0), coop (default off), seed."""
    g = K3.new({}, "o")
    assert g.options == {"players": 2, "coop": False, "start": 0} and g.seed == "o"
    assert K3.new({"players": "4", "coop": "1", "start": "3"}, "o").options == {
        "players": 4,
        "coop": True,
        "start": 3,
    }
    for bad, words in [
        ({"players": 1}, "at least 2"),
        ({"players": 5}, "at most 4"),
        ({"players": "two"}, "whole number"),
        ({"coop": "maybe"}, "0 or 1"),
        ({"start": 2}, "start seat"),
        ({"colour": 1}, "no option"),
    ]:
        with pytest.raises(RuleError) as err:
            K3.new(bad, "o")
        assert words in str(err.value)


# -- 8. Actions ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("A:RBKYGNW", Arrange("RBKYGNW")),  # K3-A1
        ("P:5.0>1.3", Place((5, 0), (1, 3))),  # K3-A2
        ("P:sR>2.-1", Place("R", (2, -1))),
        ("X:sN>L", Extend("N", "L")),  # K3-A3
        ("X:3.2>R", Extend((3, 2), "R")),
        ("T:4.1", Take((4, 1))),  # K3-A4
        ("T:sW", Take("W")),
        ("W:5.0", White((5, 0))),  # K3-A5
        ("W:sW", White("W")),
    ],
)
def test_K3_A_notation_round_trip(text: str, action: object) -> None:
    """K3-A1..A5: the engine prints and parses exactly the spec's text forms."""
    assert parse_action(text) == action
    assert str(action) == text
    assert str(parse_action(f"  {text} ")) == text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a K3 action"),
        ("Q:5.0", "not a K3 action"),
        ("P:5.0", "not a K3 action"),
        ("P:5.0>1", "not a K3 action"),
        ("X:sN>M", "not a K3 action"),
        ("A:RBZ", "no pawn kind 'Z'"),
        ("T:sZ", "no pawn kind 'Z'"),
        ("p:5.0>1.3", "not a K3 action"),
    ],
)
def test_K3_A_malformed(text: str, words: str) -> None:
    """Malformed action texts are refused with the list of forms or the unknown kind."""
    with pytest.raises(RuleError) as err:
        parse_action(text)
    assert words in str(err.value)


def test_K3_A1_arrange_legality() -> None:
    """K3-A1: one arrangement per player, in seat order, kind letters (0,0)..apex."""
    g = K3.new({"players": 2}, "a1")
    kinds = "".join(g.dealt[0])
    g.apply(f"A:{kinds}")
    assert g.pyramids[0] == dict(zip(pyramid_positions(6), kinds, strict=True))
    assert g.history == [f"A:{kinds}"]


def test_K3_A2_to_A5_legal_lists_are_accepted() -> None:
    """K3-A2..A5: every listed action is accepted by check(); its text parses back to it."""
    rng = Rng(5)
    for players, seed in itertools.product((2, 3, 4), range(3)):
        g = arranged(players, seed=f"a{seed}")
        while not g.is_over():
            actions = g.legal_actions()
            for a in actions:
                g.check(a)
                assert parse_action(str(a)) == a
            g.apply(actions[rng.below(len(actions))])


def test_refusals_beside_and_pyramid_sources() -> None:
    """Sources that do not exist or are not accessible are refused with the reason."""
    g = position(base=E3_BASE, pyramids=["R" * 21, None], beside=["", "K"])
    assert_refused(g, "P:sB>1.0", "no blue pawn beside")
    assert_refused(g, "P:6.0>1.0", "no pawn 6.0 in a pyramid of 6 rows", "from 0.0 at the bottom left to 5.0")
    assert_refused(g, "P:4.0>1.1", "covered by the top of the pyramid")
    del g.pyramids[0][(5, 0)]
    g.pyramids[0].pop((4, 0))
    assert_refused(g, "P:5.0>1.1", "no pawn at the top of the pyramid (notation 5.0) any more")
    assert_refused(g, "W:4.0", "no pawn")


def test_K3_A4_A5_forms_never_compare_equal() -> None:
    """K3-A4/A5: T:sW and W:sW (same fields) are different actions, also in sets and lists."""
    assert Take("W") != White("W") and Take((4, 1)) != White((4, 1))
    assert Take("W") not in [White("W")] and len({Take((4, 1)), White((4, 1))}) == 2
    assert Take("W") == parse_action("T:sW") and hash(Take("W")) == hash(parse_action("T:sW"))
    g = position(base=E3_BASE, beside=["W", "W"])
    assert g.legal_actions() == [White("W")] and Take("W") not in g.legal_actions()
    assert_refused(g, Take("W"), "no penalty")


def test_K3_A2_place() -> None:
    """K3-A2 P:<src>>r.c: pyramid or beside source into an open slot, printed in history as given."""
    g = position(base=E3_BASE, pyramids=["R" * 21, None], beside=["K", "B"])
    g.apply("P:5.0>1.1")
    assert g.history == ["P:5.0>1.1"] and g.mountain[(1, 1)] == "R"
    g.apply("T:4.0")
    g.apply("P:sB>1.7")
    assert g.history[-1] == "P:sB>1.7"
    assert_refused(g, "P:sK>1.0", "needs a")


def test_K3_A3_extend() -> None:
    """K3-A3 X:<src>>L|R at either end, only with no open slot."""
    for end, col in (("L", -1), ("R", 9)):
        g = position(base=None, mountain=full_triangle("G"), beside=["B", "BW"])
        g.apply(f"X:sB>{end}")
        assert g.mountain[(0, col)] == "B" and g.history == [f"X:sB>{end}"]
        assert_refused(g, f"X:sB>{end}", "only when no slot is open")


def test_K3_A4_take() -> None:
    """K3-A4 T:<src>: only by the previous live player, only right after a penalty."""
    g = position(base=E3_BASE, pyramids=[None, "R" * 21], beside=["RK", "B"])
    assert_refused(g, "T:sK", "no penalty")
    g.apply("P:sR>1.1")
    assert g.to_move() == [1]
    assert_refused(g, "T:sR", "no red")
    g.apply("T:sK")
    assert g.history[-1] == "T:sK" and g.beside[1] == ["B", "K"]


def test_K3_A5_white() -> None:
    """K3-A5 W:<src>: a white from the pyramid or from beside; any other pawn is refused."""
    g = position(base=E3_BASE, pyramids=["B" * 20 + "W", None], beside=["W", "W"])
    g.apply("W:5.0")
    g.apply("W:sW")
    assert g.history == ["W:5.0", "W:sW"] and g.used_whites == 2
    assert_refused(g, "W:4.0", "blue", "not white")


def test_K3_R3_R4_refusals_name_places_as_the_board_shows_them() -> None:
    """K3-R3 / K3-R4: a refusal names a mountain slot by its row and its place in the row from the
    left, from 1, as the board numbers them, and a pyramid pawn by its row from the bottom and place from the
    left, the notation beside; the base extended to the left shifts the places, not the notation."""
    g = position(base=E3_BASE, mountain={(1, 0): "B", (1, 2): "K", (1, 3): "K"}, beside=["KKK", "B"])
    assert_refused(g, "P:sK>2.0", "K3-R14", "row 2, slot 1 (notation 2.0) is not open",
                   "pawns on both row 1, slot 1 and row 1, slot 2")
    assert_place_named(assert_refused(g, "P:sK>1.5", "K3-R15"), "row 1, slot 6", "1.5")  # a player's example
    assert_refused(g, "P:sK>1.0", "row 1, slot 1 (notation 1.0) is already taken")
    g.left = -1  # an extended base: the board's first slot of row 1 is now column -1
    assert_refused(g, "P:sK>2.0", "K3-R14", "row 2, slot 2 (notation 2.0)", "row 1, slot 2 and row 1, slot 3")
    g = position(base=E3_BASE, pyramids=["R" * 21, None], beside=["", "K"])
    assert_refused(g, "P:3.1>1.1", "K3-R5", "pyramid row 4 from the bottom, pawn 2 from the left (notation 3.1)",
                   "covered by pyramid row 5 from the bottom, pawn 1 from the left")


def test_K3_R4_a_typed_position_outside_the_pyramid_says_how_the_notation_counts() -> None:
    """K3-R4: the move box's pyramid position that does not exist is explained in the notation's
    own terms (it counts from 0, 0.0 bottom left to the apex), not as "a base-6 pyramid"."""
    g = position(base=E3_BASE, pyramids=["R" * 21, None], beside=["", "K"])
    error = assert_refused(g, "P:6.0>1.0", "there is no pawn 6.0 in a pyramid of 6 rows",
                           "from 0.0 at the bottom left to 5.0 at the top")
    assert "base-" not in error.words
