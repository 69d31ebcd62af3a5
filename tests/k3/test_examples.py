"""The worked examples K3-E1..K3-E14 of docs/rules/k3.md, one test each."""

from __future__ import annotations

import pytest

from pygames.core.rng import Rng
from pygames.k3.actions import Extend, Place, Take, White
from pygames.k3.data import COLOURS, NATURAL, PAWNS_PER_COLOUR, WHITE
from pygames.k3.game import K3, OVER, PENALTY, TURN, base_accepted, deal, draw_base, pyramid_positions

from .helpers import E3_BASE, assert_refused, full_triangle, position, sources


def test_K3_E1_allotment_table() -> None:
    """2p: 21 = 17+2+2, base 6; 3p: 15 = 12+2+1, base 5, spare white; 4p: 10 = 9+1, white beside."""
    expected = {
        2: (21, 17, 2, 2, 6, [], False),
        3: (15, 12, 2, 1, 5, [], True),
        4: (10, 9, 1, 0, 4, ["W"], False),
    }
    for players, (size, coloured, naturals, whites, base, beside, spare) in expected.items():
        g = K3.new({"players": players}, "e1")
        assert g.base == base
        assert len(pyramid_positions(base)) == size
        for seat in range(players):
            pawns = g.dealt[seat]
            assert len(pawns) == size
            assert sum(k in COLOURS for k in pawns) == coloured
            assert pawns.count(NATURAL) == naturals
            assert pawns.count(WHITE) == whites
            assert g.beside[seat] == beside
        assert g.spare_white is spare


class ScriptedRng:
    """Stands in for Rng in draw_base: each shuffle puts the next scripted base first."""

    def __init__(self, bases: list[str]) -> None:
        self.bases = list(bases)
        self.shuffles = 0

    def shuffle(self, bag: list[str]) -> None:
        front = list(self.bases[self.shuffles])
        self.shuffles += 1
        rest = list(bag)
        for k in front:
            rest.remove(k)
        bag[:] = front + rest


def test_K3_E2_redraw_until_four_colours() -> None:
    """Base draw B B R R K K B R K -> 3 colours -> redraw; B R R K Y G B B K -> 5 colours -> accepted."""
    assert not base_accepted("BBRRKKBRK")
    assert base_accepted("BRRKYGBBK")
    bag = [c for c in COLOURS for _ in range(PAWNS_PER_COLOUR)]
    rng = ScriptedRng(["BBRRKKBRK", "BRRKYGBBK"])
    assert draw_base(bag, rng) == 1  # type: ignore[arg-type]
    assert rng.shuffles == 2  # the whole bag was reshuffled once more
    assert "".join(bag[:9]) == "BRRKYGBBK"
    assert sorted(bag) == sorted(c for c in COLOURS for _ in range(PAWNS_PER_COLOUR))


def test_K3_E2_a_seed_with_a_redraw() -> None:
    """A real seed whose first draw was refused: the accepted base still has >= 4 colours (K3-R7)."""
    seed = next(str(s) for s in range(1000) if K3.new({}, str(s)).redraws > 0)
    g = K3.new({}, seed)
    row = [g.mountain[(0, c)] for c in range(9)]
    assert len(set(row)) >= 4
    # the same shuffles, replayed by hand: every refused draw had < 4 colours
    bag = [c for c in COLOURS for _ in range(PAWNS_PER_COLOUR)]
    rng = Rng(f"k3:{seed}")
    for _ in range(g.redraws):
        rng.shuffle(bag)
        assert len(set(bag[:9])) < 4
    rng.shuffle(bag)
    assert bag[:9] == row


def test_K3_E3_open_slots_of_a_fresh_base() -> None:
    """Fresh base B R R K Y G B B K -> open slots (1,0)..(1,7); (2,0) is not open."""
    g = position(base=E3_BASE)
    assert g.open_slots() == [(1, c) for c in range(8)]
    assert (2, 0) not in g.open_slots()


@pytest.mark.parametrize(
    ("kind", "slot", "legal", "penalty"),
    [
        ("R", (1, 1), True, True),
        ("N", (1, 6), True, True),
        ("G", (1, 6), False, None),
        ("K", (1, 2), True, False),
        ("Y", (1, 0), False, None),
        ("N", (1, 4), True, False),
    ],
)
def test_K3_E4_placements_on_the_fresh_base(
    kind: str, slot: tuple[int, int], legal: bool, penalty: bool
) -> None:
    """K3-E4: legality and penalty of six placements on base B R R K Y G B B K."""
    g = position(base=E3_BASE, beside=[kind + "G", "G"])
    action = Place(kind, slot)
    if not legal:
        assert action not in g.legal_actions()
        assert_refused(g, action, "needs a", "rests on")
        return
    assert action in g.legal_actions()
    g.apply(action)
    assert g.mountain[slot] == kind
    if penalty:
        assert g.phase == PENALTY and g.victim == 0 and g.taker == 1
    else:
        assert g.phase == TURN and g.current == 1


@pytest.mark.parametrize(
    ("kind", "slot", "penalty"),
    [("Y", (2, 0), True), ("N", (2, 0), True), ("Y", (2, 1), False), ("B", (2, 1), False)],
)
def test_K3_E5_natural_supports(kind: str, slot: tuple[int, int], penalty: bool) -> None:
    """Row 1 = N N B: (2,0) rests on N+N (penalty for Y and N); (2,1) on N+B (no penalty for Y, B)."""
    g = position(base=E3_BASE, mountain={(1, 0): "N", (1, 1): "N", (1, 2): "B"}, beside=[kind + "G", "G"])
    assert g.supports(slot) == {(2, 0): ("N", "N"), (2, 1): ("N", "B")}[slot]
    g.apply(Place(kind, slot))
    assert (g.phase == PENALTY) is penalty
    assert g.phase == PENALTY or g.current == 1


def test_K3_E6_accessible_pawns_of_a_full_pyramid() -> None:
    """n=6 full -> {(5,0)}; after (5,0) leaves -> {(4,0),(4,1)}; after (4,0) -> {(3,0),(4,1)}."""
    g = position(pyramids=["R" * 21, "R" * 21])
    assert sources(g, 0) == {(5, 0)}
    del g.pyramids[0][(5, 0)]
    assert sources(g, 0) == {(4, 0), (4, 1)}
    del g.pyramids[0][(4, 0)]
    assert sources(g, 0) == {(3, 0), (4, 1)}
    assert_refused(g, Place((3, 1), (1, 1)), "covered by pyramid row 5 from the bottom, pawn 2 from the left")


def test_K3_E7_penalty_taken_by_the_previous_player() -> None:
    """Seat 1's apex R on R+R -> seat 0 takes (4,1) from {(4,0),(4,1)}; seat 1 then has {(4,0),(3,2)}."""
    seat1 = "GGGGGGBBBBBKKKKYYYGBR"  # (4,0)=G, (4,1)=B, apex R
    g = position(base=E3_BASE, pyramids=["G" * 21, seat1], current=1)
    g.apply("P:5.0>1.1")  # (1,1) rests on R+R
    assert g.phase == PENALTY and g.to_move() == [0] and g.victim == 1
    assert {str(a) for a in g.legal_actions()} == {"T:4.0", "T:4.1"}
    g.apply(Take((4, 1)))
    assert g.beside[0] == ["B"]
    assert "B" in sources(g, 0)
    assert sources(g, 1) == {(4, 0), (3, 2)}
    assert g.phase == TURN and g.current == 0


def test_K3_E8_penalties_with_an_eliminated_seat() -> None:
    """4p, seat 2 out: seat 3 penalised -> seat 1 chooses; seat 0 penalised -> seat 3 takes seat 0's white."""
    g = position(
        4,
        base=E3_BASE,
        pyramids=["RRRRKKKKGB", "KKKKKKKKKK", "GGGGGGGGGG", "YYYYYYYYYR"],
        beside=["W", "W", "W", "W"],
        eliminated=[2],
        current=3,
    )
    g.apply("P:3.0>1.1")  # seat 3's apex R on R+R
    assert g.phase == PENALTY and g.victim == 3 and g.to_move() == [1]
    g.apply("T:sW")
    assert g.beside[1] == ["W", "W"] and g.beside[3] == []
    assert g.current == 0  # seat 0 plays next
    g.apply("P:3.0>1.6")  # seat 0's apex B on B+B
    assert g.phase == PENALTY and g.victim == 0 and g.to_move() == [3]
    assert "W" in sources(g, 0)
    g.apply("T:sW")
    assert g.beside[3] == ["W"] and g.beside[0] == []
    assert g.current == 1
    g.apply("W:sW")  # seat 1 passes
    assert g.current == 3  # seat 2 is skipped
    assert White("W") in g.legal_actions()
    used = g.used_whites
    g.apply("W:sW")  # seat 3 uses the white taken from seat 0
    assert g.used_whites == used + 1 and g.beside[3] == []


def test_K3_E9_white_used_while_a_placement_exists() -> None:
    """White at the apex, a placement is legal too: using the white uncovers (4,0), (4,1); next seat plays."""
    g = position(base=E3_BASE, pyramids=["R" * 20 + "W", "R" * 21], beside=["R", ""])
    assert any(isinstance(a, Place) for a in g.legal_actions())
    mountain = dict(g.mountain)
    g.apply(White((5, 0)))
    assert g.mountain == mountain  # no pawn placed
    assert (5, 0) not in g.pyramids[0]
    assert g.used_whites == 1
    assert sources(g, 0) == {(4, 0), (4, 1), "R"}
    assert g.current == 1 and g.phase == TURN


def test_K3_E10_base_extension() -> None:
    """Full triangle: Y to the left end -> (0,-1), no penalty; (1,-1) is open, so no more extension."""
    g = position(base=None, mountain=full_triangle("Y"), beside=["YY", "Y"])
    assert g.open_slots() == []
    g.apply(Extend("Y", "L"))
    assert g.mountain[(0, -1)] == "Y"
    assert g.left == -1 and g.right == 8
    assert g.phase == TURN and g.current == 1  # no penalty, though Y lies next to Y
    assert g.open_slots() == [(1, -1)]
    assert g.supports((1, -1)) == ("Y", "Y")
    assert_refused(g, Extend("Y", "R"), "extended only when no slot is open", "row 1, slot 1 (notation 1.-1)")
    assert {str(a) for a in g.legal_actions()} == {"P:sY>1.-1"}


def test_K3_E10_no_fill_and_no_white_means_elimination() -> None:
    """After the extension, a player who cannot fill (1,-1) and has no white is eliminated."""
    g = position(base=None, mountain=full_triangle("Y"), beside=["Y", "R"])
    g.apply(Extend("Y", "L"))
    assert g.eliminated == [False, True]
    assert g.phase == OVER and g.winner == 0


def test_K3_E11_elimination_at_turn_start() -> None:
    """Seat 0's only pawn is an R, no R/N support on any open slot, open slots exist, no white -> out."""
    g = position(base="BBKKYYGGB", pyramids=[{(5, 0): "R"}, None], beside=["", "KK"], current=1)
    g.apply("P:sK>1.1")  # B+K: no penalty; seat 0's turn starts
    assert g.open_slots()
    assert g.eliminated == [True, False]
    assert g.phase == OVER and g.is_over()
    assert g.winner == 1
    assert g.result().ranking == [[1], [0]]


def test_K3_E12_spare_white_to_the_previous_player() -> None:
    """3p: seat 0 is the first eliminated -> seat 2 receives the spare white; seat 1 plays next."""
    g = position(
        3, base="BBKKYYGGB", pyramids=[{(4, 0): "R"}, None, None], beside=["", "KK", "KK"], current=2
    )
    assert g.spare_white
    g.apply("P:sK>1.1")
    assert g.eliminated == [True, False, False]
    assert g.beside[2] == ["K", "W"]
    assert not g.spare_white
    assert g.current == 1 and g.phase == TURN


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K3_E13_deal_order(players: int) -> None:
    """The deal continues the base-camp shuffle: rounds of 3 from seat 0; 2p ends 2+2, s44-s45 unused."""
    seed = "e13"
    g = K3.new({"players": players}, seed)
    bag = [c for c in COLOURS for _ in range(PAWNS_PER_COLOUR)]
    draw_base(bag, Rng(f"k3:{seed}"))
    s = [""] + bag  # s[1]..s[45], 1-based as in the spec
    assert [g.mountain[(0, c)] for c in range(9)] == s[1:10]
    coloured = [[k for k in g.dealt[seat] if k in COLOURS] for seat in range(players)]
    if players == 2:
        expected: list[list[str]] = [[], []]
        for start in range(10, 40, 6):
            expected[0] += s[start : start + 3]
            expected[1] += s[start + 3 : start + 6]
        expected[0] += s[40:42]
        expected[1] += s[42:44]
        assert coloured == expected
        assert g.removed["coloured"] == 2  # s44, s45 unused
    else:
        each = 12 if players == 3 else 9
        expected = [[] for _ in range(players)]
        pos = 10
        for _ in range(each // 3):
            for seat in range(players):
                expected[seat] += s[pos : pos + 3]
                pos += 3
        assert pos == 46  # s10..s45 exactly
        assert coloured == expected
        assert g.removed["coloured"] == 0
    assert deal(bag, players, len(coloured[0]))[0] == coloured


def test_K3_E14_coop_summit_wins_before_the_penalty() -> None:
    """Coop: a pawn placed at (8,0) on two blue supports -> the team wins; the penalty is not resolved."""
    cells = full_triangle("Y", summit=False)
    cells[(7, 0)] = cells[(7, 1)] = "B"
    g = position(base=None, mountain=cells, beside=["B", "B"], coop=True)
    assert g.open_slots() == [(8, 0)]
    g.apply("P:sB>8.0")
    assert g.phase == OVER and g.coop_result == "win"
    assert g.victim is None and g.beside == [[], ["B"]]
    assert g.payoffs() == [1.0, 1.0]
    assert g.result().coop == "win"
