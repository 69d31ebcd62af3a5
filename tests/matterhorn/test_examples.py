"""The worked examples MH-E1..MH-E17 of docs/rules/matterhorn.md, one test each."""

from __future__ import annotations

import pytest

from pygames.core.errors import RuleError
from pygames.matterhorn.data import NEIGHBOURS, PUSH_TARGETS
from pygames.matterhorn.dice import dice_value, is_flop, reachable_values
from pygames.matterhorn.game import (
    ACT,
    BONUS,
    CONSOLE,
    DECIDE,
    OVER,
    PLACE,
    RESTOCK,
    Matterhorn,
    placing_order,
    roll_off,
)

from .helpers import Dice, assert_refused, legal_texts, position, start_turn, token_count


def test_mh_e1_repeats_do_not_count() -> None:
    """MH-E1: 5,5,6,1,1 -> 6."""
    assert dice_value([5, 5, 6, 1, 1]) == 6


def test_mh_e2_set_aside_one_five() -> None:
    """MH-E2: same roll, one 5 aside -> 5 + 6 = 11."""
    g = position(phase=PLACE, roll=[5, 5, 6, 1, 1])
    assert "P:5>11.0" in legal_texts(g)
    g.apply("P:5>11.0")
    assert g.board[(11, 0)] == "a"


def test_mh_e3_set_aside_five_and_one() -> None:
    """MH-E3: one 5 and one 1 aside -> 5 + 6 + 1 = 12."""
    assert dice_value([5, 6, 1]) == 12
    g = position(phase=PLACE, roll=[5, 5, 6, 1, 1], climbers=[[(11, 0), (11, 1)], [(11, 2), (11, 3)]])
    g.apply("P:51>12.0")
    assert g.board[(12, 0)] == "a" and g.aside == [5, 1] and g.in_play == 3


def test_mh_e4_eighteen_not_usable_set_aside_six() -> None:
    """MH-E4: 5,6,1,2,4 -> 18, not usable; set the 6 aside -> 12."""
    assert dice_value([5, 6, 1, 2, 4]) == 18
    g = position(phase=PLACE, roll=[5, 6, 1, 2, 4], climbers=[[(11, 0), (11, 1)], [(11, 2), (11, 3)]])
    assert_refused(g, "P:->12.0", "worth 18")
    assert "P:6>12.0" in legal_texts(g)


def test_mh_e5_value_six_goes_on_row_six() -> None:
    """MH-E5: value 6 -> the token goes on a free circle of row 6."""
    g = position(phase=PLACE, roll=[5, 5, 6, 1, 1], obstacles=[(6, 0)])
    assert {t for t in legal_texts(g) if t.startswith("P:->")} == {"P:->6.1", "P:->6.2", "P:->6.3"}
    assert_refused(g, "P:->7.1", "goes on row 6")


def test_mh_e6_reachable_values() -> None:
    """MH-E6: 3,3,3,5,6 -> 11; reachable {0,3,5,6,8,9,11,14}."""
    assert dice_value([3, 3, 3, 5, 6]) == 11
    assert dice_value([3, 3, 5, 6]) == 11 and dice_value([3, 5, 6]) == 14
    assert dice_value([3, 5]) == 8 and dice_value([3, 3, 3, 6]) == 6
    assert reachable_values((3, 3, 3, 5, 6)) == {0, 3, 5, 6, 8, 9, 11, 14}


def test_mh_e7_first_roll_flop() -> None:
    """MH-E7: 2,2,2,2,2 -> {0,2} -> flop, nothing to flip; the consolation may go on any free circle."""
    assert reachable_values((2, 2, 2, 2, 2)) == {0, 2}
    g = start_turn(position(), 0, [2, 2, 2, 2, 2])
    assert g.phase == CONSOLE and g.turn_tokens == [] and token_count(g) == 40
    free = 52 - 4
    assert len(legal_texts(g)) == free + 1


def test_mh_e8_flop_on_used_and_full_rows() -> None:
    """MH-E8: 6,6,6,6,5 -> {0,5,6,11}; rows 6, 11 used and row 5 full -> flop."""
    assert reachable_values((5, 6, 6, 6, 6)) == {0, 5, 6, 11}
    g = position(phase=DECIDE, tokens=[(6, 0), (11, 0)], obstacles=[(5, 0), (5, 1), (5, 2)], dice=[6, 6, 6, 6, 5])
    assert is_flop([6, 6, 6, 6, 5], g.usable_rows())
    g.apply("R")
    assert g.phase == CONSOLE and g.board[(6, 0)] == "o" and g.board[(11, 0)] == "o"


def test_mh_e9_adjacency() -> None:
    """MH-E9: neighbours of (9,3), (12,0), (12,9), (5,2)."""
    assert set(NEIGHBOURS[(9, 3)]) == {(9, 2), (9, 4), (8, 2), (8, 3), (10, 3), (10, 4)}
    assert set(NEIGHBOURS[(12, 0)]) == {(12, 1), (11, 0)}
    assert set(NEIGHBOURS[(12, 9)]) == {(12, 8), (11, 8)}
    assert set(NEIGHBOURS[(5, 2)]) == {(5, 1), (6, 2), (6, 3)}
    g = position(phase=ACT, actions_left=1, climbers=[[(5, 2), (12, 0)], [(12, 8), (12, 9)]])
    assert {t for t in legal_texts(g) if t.startswith("m5.2")} == {"m5.2>5.1", "m5.2>6.2", "m5.2>6.3", "m5.2>S"}


def test_mh_e10_push_targets() -> None:
    """MH-E10: a push from (7,2) to (7,1),(7,3),(6,1),(6,2), never down; from (5,0) only to (5,1)."""
    assert set(PUSH_TARGETS[(7, 2)]) == {(7, 1), (7, 3), (6, 1), (6, 2)}
    assert set(PUSH_TARGETS[(5, 0)]) == {(5, 1)}
    g = position(phase=ACT, actions_left=1, climbers=[[(12, 0), (12, 1)], [(7, 2), (5, 0)]])
    assert {t for t in legal_texts(g) if t.startswith("p")} == {
        "p7.2>7.1", "p7.2>7.3", "p7.2>6.1", "p7.2>6.2", "p5.0>5.1"}
    assert_refused(g, "p7.2>8.2", "never downward")
    assert_refused(g, "p7.2>8.3", "never downward")
    assert_refused(g, "p5.0>S", "summit")


def test_mh_e11_setup_orders() -> None:
    """MH-E11: 3 players 4,6,6 then 2,5 -> placing 2,1,0, seat 0 starts; 4 players, seat 0 wins: 0,3,2,1."""
    rounds, winner = roll_off(3, Dice([4, 6, 6, 2, 5]))  # type: ignore[arg-type]
    assert winner == 2 and placing_order(3, winner) == [2, 1, 0]
    g = Matterhorn.new({"players": 3}, "e11")
    g.order, g.current = [2, 1, 0], 2
    g.apply("C:12.0,12.1")
    g.apply("C:12.2,12.3")
    g.dice_rng = Dice([2] * 20)  # type: ignore[assignment]  every roll a flop: each turn ends with O:-
    g.apply("C:12.4,12.5")
    starts = [g.current]
    for _ in range(3):
        g.apply("O:-")
        starts.append(g.current)
    assert starts == [0, 1, 2, 0]
    assert placing_order(4, 0) == [0, 3, 2, 1]


def test_mh_e12_turn_trace() -> None:
    """MH-E12: the full turn: 12 with a bonus climb, 9, 5, stop with 3 actions, end of turn; pool 37."""
    g = position(climbers=[[(12, 3), (12, 6)], [(12, 4), (12, 5)]], pool=40)
    start_turn(g, 0, [5, 5, 6, 1, 1, 2, 3, 4, 4, 4, 1, 1, 2, 3, 4, 6])
    assert g.roll == [5, 5, 6, 1, 1]
    g.apply("P:51>12.0")
    assert g.phase == BONUS
    g.apply("B:m12.3>11.3")
    assert g.in_play == 3
    g.apply("R")
    assert g.roll == [2, 3, 4]
    g.apply("P:->9.0")
    assert g.phase == DECIDE  # no climber on row 9
    g.apply("R")
    assert g.roll == [4, 4, 1]
    assert [t for t in legal_texts(g) if t.startswith("P:")] == [f"P:4>5.{i}" for i in range(3)]
    g.apply("P:4>5.1")
    assert g.phase == DECIDE and g.in_play == 2
    g.apply("T")
    assert g.actions_left == 3
    for text in ("m11.3>10.3", "m10.3>9.3", "m12.6>11.6"):
        g.apply(text)
    assert all(g.board[c] == "o" for c in [(12, 0), (9, 0), (5, 1)])
    assert g.pool == 37 and g.current == 1 and g.climbers[0] == [(9, 3), (11, 6)]


def test_mh_e13_flop_after_bonus() -> None:
    """MH-E13: MH-E12 steps 1-2, then 3,3,3 -> flop; the bonus climb stands; consolation rows 11,10,8,7,6,5."""
    g = position(climbers=[[(12, 3), (12, 6)], [(12, 4), (12, 5)]], pool=40)
    start_turn(g, 0, [5, 5, 6, 1, 1, 2, 3, 4, 3, 3, 3, 1, 2, 3, 4, 6])
    for text in ("P:51>12.0", "B:m12.3>11.3", "R", "P:->9.0", "R"):
        g.apply(text)
    assert g.phase == CONSOLE and g.board[(12, 0)] == "o" and g.board[(9, 0)] == "o"
    assert g.climbers[0][0] == (11, 3)
    rows = {int(t[2:].split(".")[0]) for t in legal_texts(g) if t != "O:-"}
    assert rows == {11, 10, 8, 7, 6, 5}
    assert_refused(g, "O:12.1", "row 12")
    assert_refused(g, "O:9.1", "row 9")
    g.apply("O:11.4")
    assert g.pool == 37 and g.board[(11, 4)] == "o"


def test_mh_e14_end_of_turn_clearing() -> None:
    """MH-E14: row 5 = climber, obstacle, this turn's token -> full: both tokens return (+2), climber stays."""
    g = position(phase=ACT, climbers=[[(5, 0), (12, 0)], [(12, 8), (12, 9)]], obstacles=[(5, 1)], tokens=[(5, 2)],
                 dice=[1, 2, 3, 4, 6])
    pool = g.pool
    g.apply("E")
    assert g.pool == pool + 2 and (5, 1) not in g.board and (5, 2) not in g.board and g.board[(5, 0)] == 0


def test_mh_e15_win_by_bonus() -> None:
    """MH-E15: one climber on S, one on (5,1); a token on (5,0) earns a bonus; (5,1)->S wins at once."""
    g = position(phase=PLACE, roll=[5, 1, 2, 3, 4], climbers=[["S", (5, 1)], [(12, 8), (12, 9)]])
    g.apply("P:4321>5.0")
    assert g.phase == BONUS and "B:m5.1>S" in legal_texts(g)
    g.apply("B:m5.1>S")
    assert g.phase == OVER and g.winner == 0 and g.payoffs() == [1.0, 0.0]
    # MH-R27: nothing more is played, whoever asks (the engine's own check too, not only Game.apply)
    for text in ("E", "R", "m12.8>11.8"):
        with pytest.raises(RuleError, match="MH-R27"):
            g.check(g.parse_action(text))


def test_mh_e16_hard_summit() -> None:
    """MH-E16: hard summit: no bonus summit; the summit climb needs 2 actions left and uses both."""
    g = position(hard=True, phase=PLACE, roll=[5, 1, 2, 3, 4], climbers=[["S", (5, 1)], [(12, 8), (12, 9)]])
    g.apply("P:4321>5.0")
    assert g.phase == BONUS and "B:m5.1>S" not in legal_texts(g)
    assert_refused(g, "B:m5.1>S", "MH-R28")
    g = position(hard=True, phase=ACT, actions_left=1, tokens=[(9, 0)], climbers=[["S", (5, 1)], [(12, 8), (12, 9)]])
    assert_refused(g, "m5.1>S", "2 actions")
    g = position(hard=True, phase=ACT, actions_left=2, tokens=[(9, 0), (8, 0)],
                 climbers=[[(12, 0), (5, 1)], [(12, 8), (12, 9)]], dice=[1, 2, 3, 4, 6])
    g.apply("m5.1>S")
    assert g.summit_count(0) == 1 and g.current == 1  # both actions used: the turn is over


def test_mh_e17_empty_pool() -> None:
    """MH-E17: a placement that empties the pool refuses R; a turn starting empty begins with K:9.2."""
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4], pool=1, obstacles=[(9, 2)], dice=[1, 2, 3, 4, 6])
    g.apply("P:43>9.0")
    assert g.pool == 0
    with pytest.raises(RuleError, match="MH-R24"):
        g.apply("R")
    g.apply("T")
    g.apply("E")
    assert g.phase == RESTOCK and "K:9.2" in legal_texts(g)
    g.apply("K:9.2")
    assert (9, 2) not in g.board and g.pool == 1 and g.roll == [1, 2, 3, 4, 6] and g.phase in (PLACE, CONSOLE)
    assert g.phase != ACT
