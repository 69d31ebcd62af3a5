"""The worked examples K2-E1..E16 of the spec, one test each (expected outputs from the spec)."""

from __future__ import annotations

from pygames.core.rng import Rng
from pygames.k2 import rounds
from pygames.k2.data import CARDS
from pygames.k2.game import ACT, K2, OVER, RESCUE, TAKE, rescue_vp

from .helpers import assert_refused, calm, cl, game, place, pools, turn, weather


def commit(g: K2, choices: dict[int, str]) -> None:
    order = list(CARDS)
    for seat, cards in choices.items():
        g.hands[seat] = sorted(cards.split() + ["A0", "A0", "A0"], key=order.index)
    for seat, cards in choices.items():
        g.apply(f"s{seat}: choose {cards}")


def test_k2_e1_rulebook_risk_example() -> None:
    """K2-E1: Brian M1 M1 R13 = 3, Anna M1 M3 A1 = 4, William M2 A2 A1 = 2: Anna takes a token,
    the top face-down token fills the slot."""
    g = game(3)
    commit(g, {0: "M1 M1 R13", 1: "M1 M3 A1", 2: "M2 A2 A1"})
    assert g.phase == TAKE and g.to_move() == [1]
    top, row = g.risk_stack[0], list(g.risk_faceup)
    g.apply("s1: take 3")
    assert g.token[1] == row[2] and g.risk_faceup == [row[0], row[1], top]


def test_k2_e2_tie_and_solo() -> None:
    """K2-E2: values 5, 5, 2 tie: no token, row unchanged. Solo M1 A1 A2 (value 1) still takes a token."""
    g = game(3)
    row = list(g.risk_faceup)
    commit(g, {0: "M3 M2 A1", 1: "M2 R23 M1", 2: "M2 A2 A1"})
    assert g.phase == ACT and g.risk_faceup == row and g.token == [None] * 3
    solo = game(1)
    commit(solo, {0: "M1 A1 A2"})
    assert solo.phase == TAKE and solo.to_move() == [0]


def test_k2_e3_rulebook_movement_example() -> None:
    """K2-E3: Brian A on E07, B on E13 (VP 2), cards M1 M1 R13."""
    g = calm(place(game(3), {0: {"A": ("E07", 3, 1), "B": ("E13", 3, 2)}}))
    alt = g.copy()
    turn(g, 0, ["M1", "M1", "R13"])
    g.apply("s0: play M1 A")
    g.apply("s0: play M1 A")
    assert pools(g, "A") == (0, 0, 2)
    g.apply("s0: play R13 B D")
    assert pools(g, "B") == (0, 3, 0)
    g.apply("s0: move A E06")
    assert cl(g, 0, "A")["space"] == "E06" and pools(g, "A") == (0, 0, 0)
    g.apply("s0: move B E12 E11")
    assert cl(g, 0, "B")["space"] == "E11" and pools(g, "B") == (0, 0, 0) and cl(g, 0, "B")["vp"] == 2
    g.apply("s0: end")
    turn(alt, 0, ["M1", "M1", "R13"])
    alt.apply("s0: play R13 B U")
    assert pools(alt, "B") == (1, 0, 0)
    assert_refused(alt, "s0: move B E12", "K2-R18", "down")


def test_k2_e4_rulebook_tent_example() -> None:
    """K2-E4: William A on E18 level 1, B on E13 level 3, cards M2 A2 A1."""
    g = calm(place(game(2), {0: {"A": ("E18", 1, 3), "B": ("E13", 3, 2)}}))
    crowded = place(g.copy(), {1: {"A": ("E18", 3, 3)}})
    turn(g, 0, ["M2", "A2", "A1"])
    g.apply("s0: play A2 A")
    g.apply("s0: play A1 A")
    assert cl(g, 0, "A")["level"] == 4
    g.apply("s0: play M2 B")
    g.apply("s0: move B E18")
    assert cl(g, 0, "B")["vp"] == 3 and pools(g, "B") == (0, 0, 1)
    g.apply("s0: tent B")
    assert pools(g, "B") == (0, 0, 0) and cl(g, 0, "B")["tent"] == "E18"
    g.apply("s0: end")  # the only turn of this hand-made phase 3: phase 4 follows
    assert cl(g, 0, "A")["level"] == 4 and cl(g, 0, "B")["level"] == 3
    turn(crowded, 0, ["M2", "A2", "A1"])
    crowded.apply("s0: play M2 B")
    assert_refused(crowded, "s0: move B E18", "full")


def test_k2_e5_rulebook_risk2_example() -> None:
    """K2-E5: Anna holds a value-2 token; A on E09 level 2, B on E11 level 2; cards M1 M3 A1."""
    g = calm(place(game(2), {0: {"A": ("E09", 2, 1), "B": ("E11", 2, 1)}}))
    turn(g, 0, ["M1", "M3", "A1"], token=2)
    g.apply("s0: play M1 A")
    g.apply("s0: play A1 A")
    assert cl(g, 0, "A")["level"] == 3
    g.apply("s0: move A E10")
    assert_refused(g, "s0: risk B 1", "K2-R27")
    g.apply("s0: risk A 1")
    assert cl(g, 0, "A")["level"] == 2 and g.points == 1
    g.apply("s0: play M3 B -1")
    assert pools(g, "B") == (0, 0, 2) and g.points == 0
    g.apply("s0: move B E14")
    assert cl(g, 0, "B")["vp"] == 2 and pools(g, "B") == (0, 0, 0)
    g.apply("s0: end")
    # the other illegal alternative: ending while a point remains
    h = calm(place(game(2), {0: {"A": ("E09", 2, 1), "B": ("E11", 2, 1)}}))
    turn(h, 0, ["M1", "M3", "A1"], token=2)
    for c in ("M1", "A1"):
        h.apply(f"s0: play {c} A")
    h.apply("s0: risk A 1")
    h.apply("s0: play M3 B")
    assert_refused(h, "s0: end", "K2-R27")


def test_k2_e6_acclimatization_example() -> None:
    """K2-E6: level 3 on E21, SUM2 day 2 (a2 Z2-Z3), own tent: 3 - 1 + 1 - 2 = 1, survives."""
    g = place(game(2), {0: {"A": ("E21", 3, 5)}})
    cl(g, 0, "A")["tent"] = "E21"
    weather(g, "SUM2", 2)
    rounds.phase4(g)
    assert cl(g, 0, "A")["alive"] and cl(g, 0, "A")["level"] == 1


def test_k2_e7_death_and_rescue() -> None:
    """K2-E7: level 1 on E26, SUM1 day 3 (a1 Z3), no tent: -2, dies (VP 7 -> 1); family: rescue to E05, VP 3."""
    g = place(game(2), {0: {"A": ("E26", 1, 7)}})
    weather(g, "SUM1", 3)
    fam = place(game(2, family=True), {0: {"A": ("E26", 1, 7)}})
    weather(fam, "SUM1", 3)
    rounds.phase4(g)
    a = cl(g, 0, "A")
    assert (a["alive"], a["vp"], a["space"]) == (False, 1, None) and g.has_room("E26")
    rounds.phase4(fam)
    assert fam.phase == RESCUE and cl(fam, 0, "A")["level"] == -2
    fam.apply("s0: rescue A E05")
    a = cl(fam, 0, "A")
    assert (a["alive"], a["space"], a["level"], a["vp"]) == (True, "E05", 1, 3)


def test_k2_e8_level_cap() -> None:
    """K2-E8: level 6 on base camp (+1) with its own tent there (+1): 8, capped to 6."""
    g = calm(game(2))
    cl(g, 0, "A").update(level=6, tent="E00")
    rounds.phase4(g)
    assert cl(g, 0, "A")["level"] == 6


def test_k2_e9_capacity_at_the_top() -> None:
    """K2-E9: 2 players (Z3 cap 1), opponent on E26, summit empty, own climber on E25 with M3 M3."""
    g = calm(place(game(2), {1: {"A": ("E26", 5, 7)}, 0: {"A": ("E25", 5, 6)}}))
    full = place(g.copy(), {1: {"B": ("E27", 5, 10)}})
    turn(g, 0, ["M3", "M3", "A0"])
    g.apply("s0: play M3 A")
    g.apply("s0: play M3 A")
    assert_refused(g, "s0: move A E26", "full")
    g.apply("s0: move A E26 E27")
    assert cl(g, 0, "A")["vp"] == 10 and cl(g, 0, "A")["summit"] == 1
    turn(full, 0, ["M3", "M3", "A0"])
    full.apply("s0: play M3 A")
    full.apply("s0: play M3 A")
    z3 = [str(a) for a in full.legal_actions(0) if str(a).startswith("s0: move A")]
    assert z3 and not any(a.split()[-1] in ("E26", "E27") for a in z3)
    assert_refused(full, "s0: move A E26 E27", "full")


def test_k2_e10_winter_surcharge() -> None:
    """K2-E10: WIN1 day 1 (a1 m1 Z1-Z3): E12 -> E13 costs 2 + 1 = 3, then a tent costs 3; E11 -> E12 pays 2."""
    g = place(game(2, weather="WIN"), {0: {"A": ("E12", 3, 1), "B": ("E11", 3, 1)}})
    weather(g, "WIN1", 1)
    turn(g, 0, ["M3", "M2", "A0"])
    g.apply("s0: play M3 A")
    g.apply("s0: move A E13")
    assert pools(g, "A") == (0, 0, 0)
    assert_refused(g, "s0: tent A", "K2-R23", "costs 3")
    g.apply("s0: play M2 B")
    g.apply("s0: move B E12")
    assert pools(g, "B") == (0, 0, 0)


def test_k2_e11_pool_order() -> None:
    """K2-E11: on E14 with M1 and R13 U: E16 uses U first; E15 (down 2) illegal; tent (1) legal.
    With R13 D: E16 uses G, then E15 uses D (1 left)."""
    g = calm(place(game(2), {0: {"A": ("E14", 3, 2)}}))
    other = g.copy()
    turn(g, 0, ["M1", "R13", "A0"])
    g.apply("s0: play M1 A")
    g.apply("s0: play R13 A U")
    g.apply("s0: move A E16")
    assert pools(g, "A") == (0, 0, 1)
    assert_refused(g, "s0: move A E15", "K2-R18")
    g.apply("s0: tent A")
    turn(other, 0, ["M1", "R13", "A0"])
    other.apply("s0: play M1 A")
    other.apply("s0: play R13 A D")
    other.apply("s0: move A E16")
    assert pools(other, "A") == (0, 3, 0)
    other.apply("s0: move A E15")
    assert pools(other, "A") == (0, 1, 0)


def test_k2_e12_hand_cycle() -> None:
    """K2-E12: cards in hand / draw pile at phase 1: 6/12, 6/9, 6/6, 6/3, 6/0, 3/0, then 6/12 again."""
    g = game(2, seed="e12")
    rng = Rng("e12")
    seen: dict[int, tuple[int, int]] = {}
    while not g.is_over() and g.round <= 7:
        if g.round not in seen and g.climbers[0]["A"]["alive"]:
            hand = len(g.hands[0]) + len(g.pending[0] or ()) + len(g.revealed[0] or ())
            seen[g.round] = (hand, len(g.draw[0]))
        g.apply(g.random_action(g.to_move()[0], rng), checked=False)
    assert seen == {1: (6, 12), 2: (6, 9), 3: (6, 6), 4: (6, 3), 5: (6, 0), 6: (3, 0), 7: (6, 12)}


def test_k2_e13_visible_weather() -> None:
    """K2-E13: round 1 days 1-6; round 3 days 3-6; round 4 days 4-9; round 13 days 13-18; round 16 16-18."""
    g = game(2)
    expect = {1: (1, 6), 3: (3, 6), 4: (4, 9), 13: (13, 18), 16: (16, 18)}
    for r, (lo, hi) in expect.items():
        g.round = r
        assert g.visible_days() == list(range(lo, hi + 1))
        assert sorted(int(d) for d in g.state_json()["weather"]["days"]) == list(range(lo, hi + 1))
    g.round = 4
    assert g.visible_tiles() == 3


def test_k2_e14_final_ranking() -> None:
    """K2-E14: 15 (#2), 15 (#3), 8 (summit first, died), 12, 12: seat 0, seat 1, seats 3 and 4, seat 2."""
    g = place(game(5, cap5="easy"), {
        0: {"A": ("E27", 4, 10), "B": ("E21", 4, 5)},
        1: {"A": ("E26", 4, 10), "B": ("E22", 4, 5)},
        2: {"B": ("E26", 4, 7)},
        3: {"A": ("E23", 4, 6), "B": ("E25", 4, 6)},
        4: {"A": ("E23", 4, 6), "B": ("E25", 4, 6)},
    })
    cl(g, 0, "A")["summit"], cl(g, 1, "A")["summit"] = 2, 3
    g.climbers[2]["A"].update(alive=False, space=None, vp=1, summit=None)  # was #1, died later
    g.phase = OVER
    assert g.scores() == [15, 15, 8, 12, 12]
    assert g.result().ranking == [[0], [1], [3, 4], [2]]


def test_k2_e15_solo_end_and_titles() -> None:
    """K2-E15: solo E/SUM: A dies in round 11 with B on VP 6: ends at once, 7, Sailor; both summit and
    survive: 20, Himalayan climber."""
    g = calm(place(game(1), {0: {"A": ("E21", 0, 5), "B": ("E25", 5, 6)}}))
    g.round = 11
    weather(g, "SUM3", 2, round_=11)
    turn(g, 0, ["A0", "A0", "A0"])
    for _ in range(3):
        g.apply("s0: play A0 B")
    g.apply("s0: end")
    assert g.phase == OVER and g.round == 11
    assert g.result().summary == "Solo score 7: Sailor" and g.result().title == "Sailor"
    h = place(game(1), {0: {"A": ("E27", 6, 10), "B": ("E26", 6, 10)}})
    weather(h, "SUM3", 3, round_=18)
    turn(h, 0, ["A0", "A0", "A0"])
    for _ in range(3):
        h.apply("s0: play A0 A")
    h.apply("s0: end")
    assert h.phase == OVER and h.scores() == [20] and h.result().title == "Himalayan climber"


def test_k2_e16_rescue_track() -> None:
    """K2-E16: side H: VP 10 -> 5, 8 -> 4, 3 -> 1; side E: 10 -> 4."""
    assert [rescue_vp(v, "H") for v in (10, 8, 3)] == [5, 4, 1]
    assert rescue_vp(10, "E") == 4
    g = place(game(2, side="H", family=True), {0: {"A": ("H28", 0, 8)}})
    rounds.phase4(g)
    g.apply("s0: rescue A H05")
    assert cl(g, 0, "A")["vp"] == 4
