"""One test (or more) per rule MH-R1..MH-R29 and per action form MH-A1..MH-A7 of docs/rules/matterhorn.md,
with the refusals: every illegal action raises RuleError naming the rule and changes nothing."""

from __future__ import annotations

import pytest
from refusals import assert_place_named

from pygames.core.errors import RuleError
from pygames.core.rng import Rng
from pygames.matterhorn.actions import (
    Bonus,
    Clear,
    Console,
    End,
    Move,
    Place,
    Restock,
    Roll,
    Setup,
    Stop,
    parse_action,
)
from pygames.matterhorn.data import CIRCLES, NEIGHBOURS, ROW_WIDTHS, TOKENS
from pygames.matterhorn.dice import aside_choices, dice_value
from pygames.matterhorn.game import (
    ACT,
    BONUS,
    CONSOLE,
    DECIDE,
    OVER,
    PLACE,
    RESTOCK,
    SETUP,
    Matterhorn,
    placing_order,
    roll_off,
)

from .helpers import Dice, assert_refused, legal_texts, position, start_turn, token_count

# -- 1. Components -----------------------------------------------------------------------------------


def test_mh_r1_board_rows_and_widths() -> None:
    """MH-R1: 8 rows 12 (bottom) .. 5 (top), widths 10..3, 52 circles."""
    assert {n: ROW_WIDTHS[n] for n in range(5, 13)} == {12: 10, 11: 9, 10: 8, 9: 7, 8: 6, 7: 5, 6: 4, 5: 3}
    assert len(CIRCLES) == 52
    g = Matterhorn.new({"players": 2}, "r1")
    assert legal_texts(g)[0] == "C:12.0,12.1" and legal_texts(g)[-1] == "C:12.8,12.9"
    assert len(g.legal_actions()) == 45  # 10 circles of row 12, two at a time


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mh_r2_two_climbers_per_player(players: int) -> None:
    """MH-R2: 2-4 players with two climbers each, all on row 12 after setup."""
    g = Matterhorn.new({"players": players}, "r2")
    while g.phase == SETUP:
        g.apply(g.legal_actions()[0])
    assert [len(t) for t in g.climbers] == [2] * players
    assert sorted(v for v in g.board.values() if isinstance(v, int)) == sorted(list(range(players)) * 2)


def test_mh_r3_forty_tokens_finite_pool() -> None:
    """MH-R3: 40 tokens, all in the pool at the start; every placed token comes out of it."""
    assert TOKENS == 40
    g = Matterhorn.new({"players": 2}, "r3")
    assert g.pool == 40
    g = position(phase=PLACE, roll=[5, 1, 2, 3, 4], dice=[])
    g.apply("P:43>8.0")
    assert g.pool == 39 and token_count(g) == 40


def test_mh_r4_dice_from_seeded_generator() -> None:
    """MH-R4: every die comes from the game's seeded generator: the same seed gives the same rolls."""
    def first_rolls(seed: str) -> list:
        g = Matterhorn.new({"players": 2}, seed)
        out = [g.rolloff]
        while g.phase == SETUP:
            g.apply(g.legal_actions()[0])
        out.append(g.roll)
        return out

    assert first_rolls("dice") == first_rolls("dice")
    assert any(first_rolls(f"d{k}") != first_rolls("dice") for k in range(5))
    g = Matterhorn.new({"players": 2}, "dice")
    while g.phase == SETUP:
        g.apply(g.legal_actions()[0])
    assert len(g.roll) == 5 and all(1 <= v <= 6 for v in g.roll)


def test_mh_r5_one_piece_per_circle() -> None:
    """MH-R5: a circle holds at most one piece: no token, climb or push onto an occupied circle."""
    g = position(climbers=[[(9, 3), (12, 0)], [(9, 4), (12, 9)]], obstacles=[(8, 3)], phase=PLACE,
                 roll=[6, 1, 2, 3, 4])
    g.roll = [3, 1, 5, 6, 4]  # aside 6,4 leaves 3,1,5 = 9
    assert_refused(g, "P:64>9.3", "MH-R5", "not free")
    g.apply("P:64>9.0")
    g2 = position(climbers=[[(9, 3), (12, 0)], [(9, 4), (12, 9)]], obstacles=[(8, 3)], phase=ACT, actions_left=1)
    assert_refused(g2, "m9.3>9.4", "not free")
    assert_refused(g2, "m9.3>8.3", "not free")
    assert_refused(g2, "p9.4>9.3", "not free")


def test_mh_r6_circle_ids() -> None:
    """MH-R6: circles (n, i), n 5..12, i 0..width-1; other ids do not exist; the summit is S."""
    g = position(phase=ACT, actions_left=1, climbers=[[(12, 0), (12, 1)], [(12, 8), (12, 9)]])
    assert_refused(g, "m12.1>13.1", "MH-R6", "no circle 13.1")
    assert_refused(g, "x5.3", "no circle 5.3")
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4])
    assert_refused(g, "P:6>10.8", "no circle 10.8")


def test_mh_r7_adjacency_symmetric_and_shape() -> None:
    """MH-R7: sideways, up (n-1, i-1), (n-1, i), down (n+1, i), (n+1, i+1); symmetric; row 5 reaches S."""
    for c, around in NEIGHBOURS.items():
        for d in around:
            assert c in NEIGHBOURS[d]
    assert set(NEIGHBOURS[(10, 3)]) == {(10, 2), (10, 4), (9, 2), (9, 3), (11, 3), (11, 4)}
    g = position(climbers=[[(5, 1), (12, 0)], [(12, 8), (12, 9)]], phase=ACT, actions_left=1)
    assert "m5.1>S" in legal_texts(g)
    g = position(climbers=[[(6, 1), (12, 0)], [(12, 8), (12, 9)]], phase=ACT, actions_left=1)
    assert_refused(g, "m6.1>S", "MH-R7", "only from row 5")
    assert_refused(g, "m6.1>6.3", "not next to")
    assert_refused(g, "m6.1>4.1", "no circle")


def test_mh_r8_drawing_positions() -> None:
    """MH-R8: (n, i) is drawn at i + (12-n)/2 circle widths (two text columns per width), rows centred."""
    g = position(climbers=[[(12, 0), (5, 2)], [(12, 9), (8, 0)]])
    rows = {line[:2].strip(): line[3:] for line in g.render_text().splitlines()[1:9]}
    assert rows["12"].index("0") == 0 and rows["12"].rindex("1") == 18
    assert rows["5"] == "       . . 0"  # i + 3.5 -> columns 7, 9, 11
    assert rows["8"].index("1") == 4


# -- 3. Setup ----------------------------------------------------------------------------------------


def test_mh_r9_roll_off_highest_wins_ties_reroll() -> None:
    """MH-R9/D4: one die each in seat order; only the tied highest re-roll."""
    rounds, winner = roll_off(3, Dice([4, 6, 6, 2, 5]))  # type: ignore[arg-type]
    assert rounds == [[4, 6, 6], [None, 2, 5]] and winner == 2
    rounds, winner = roll_off(2, Dice([3, 3, 1, 1, 2, 6]))  # type: ignore[arg-type]
    assert rounds == [[3, 3], [1, 1], [2, 6]] and winner == 1
    g = Matterhorn.new({"players": 4}, "r9")
    last = g.rolloff[-1]
    assert [v for v in last if v is not None].count(max(v for v in last if v is not None)) == 1
    assert g.order[0] == last.index(max(v for v in last if v is not None))


def test_mh_r10_placing_counter_clockwise_on_row_12() -> None:
    """MH-R10: the winner places first, then decreasing seat index; both climbers on free row-12 circles."""
    assert placing_order(4, 2) == [2, 1, 0, 3]
    g = Matterhorn.new({"players": 3}, "r10")
    order = g.order
    assert order == placing_order(3, order[0])
    assert g.to_move() == [order[0]]
    assert_refused(g, "C:12.0,11.0", "MH-R10", "row 12")
    g.apply("C:12.0,12.5")
    assert g.to_move() == [order[1]]
    assert_refused(g, "C:12.5,12.6", "not free")
    assert "C:12.0,12.1" not in legal_texts(g) and "C:12.1,12.9" in legal_texts(g)


def test_mh_r11_last_placer_starts_then_clockwise() -> None:
    """MH-R11: the last placer takes the first turn; then clockwise; the pool holds all 40."""
    g = Matterhorn.new({"players": 3}, "r11")
    while g.phase == SETUP:
        g.apply(g.legal_actions()[-1])
    assert g.current == g.order[-1] and g.turn == 1 and g.pool == 40
    first = g.current
    while g.current == first:
        g.apply(g.legal_actions()[-1])  # the last listed action ends the turn fastest (T, E, O:-)
    assert g.current == (first + 1) % 3


# -- 4. The turn -------------------------------------------------------------------------------------


def test_mh_r12_turn_state_resets() -> None:
    """MH-R12: a turn starts with 5 dice in play, none aside, no token placed this turn."""
    g = position(phase=ACT, tokens=[(9, 0)], in_play=2, aside=[6, 5, 4], actions_left=1)
    g.dice_rng = Dice([1, 2, 3, 4, 6])  # type: ignore[assignment]
    g.apply("E")
    assert g.current == 1 and g.in_play == 5 and g.aside == [] and g.rows_used == [] and g.turn_tokens == []
    assert g.roll == [1, 2, 3, 4, 6]


def test_mh_r13_roll_every_die_in_play() -> None:
    """MH-R13: the first roll is compulsory (done as the turn starts); later rolls roll the dice in play."""
    g = start_turn(position(), 0, [6, 1, 2, 3, 4, 2, 5, 6])
    assert g.phase == PLACE and g.roll == [6, 1, 2, 3, 4]
    g.apply("P:631>6.0")  # 2 + 4 = 6
    assert g.in_play == 2
    g.apply("R")
    assert g.roll == [2, 5]


def test_mh_r14_dice_value_unique_faces_only() -> None:
    """MH-R14: only faces occurring exactly once count."""
    assert dice_value([5, 5, 6, 1, 1]) == 6
    assert dice_value([1, 2, 3, 4, 5]) == 15
    assert dice_value([4, 4, 4, 4, 4]) == 0
    assert dice_value([]) == 0


def test_mh_r15_set_aside_excluded_and_out_for_the_turn() -> None:
    """MH-R15: set-aside dice leave the value and the turn; repeats stay in play and are rolled again."""
    g = position(phase=PLACE, roll=[5, 5, 6, 1, 1], dice=[2, 2, 2, 2])
    assert_refused(g, "P:4>12.0", "MH-R15", "no 4")
    assert_refused(g, "P:555>12.0", "no 5")
    g.apply("P:5>11.0")  # one 5 aside: 5 + 6 = 11, the pair of 1s still ignored
    assert g.aside == [5] and g.in_play == 4
    g.apply("R")
    assert g.roll == [2, 2, 2, 2]


def test_mh_r16_usable_values_and_forced_placement() -> None:
    """MH-R16: a usable value is 5..12, with a free circle, on a row without this turn's token; must place."""
    g = position(phase=PLACE, roll=[5, 6, 1, 2, 4], tokens=[(12, 1)], obstacles=[(5, 0), (5, 1), (5, 2)],
                 climbers=[[(12, 0), (12, 2)], [(12, 3), (12, 4)]])
    assert_refused(g, "P:->12.5", "MH-R16", "worth 18")
    assert_refused(g, "P:6>12.5", "already placed", "row 12")  # 5+1+2+4 = 12, used this turn
    assert_refused(g, "P:652>5.0", "no free circle")  # 1 + 4 = 5, but row 5 is full
    texts = legal_texts(g)
    assert texts and all(t.startswith("P:") for t in texts)  # D7: no voluntary flop
    values = {int(t.split(">")[1].split(".")[0]) for t in texts}
    assert 12 not in values and 5 not in values and values <= set(range(6, 12))
    assert_refused(g, "P:65>8.0", "token goes on row 7")


def test_mh_r17_bonus_when_row_holds_a_climber() -> None:
    """MH-R17/D9: a token on a row that held any climber earns one optional action before roll-or-stop."""
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4], climbers=[[(12, 0), (10, 0)], [(12, 8), (6, 3)]])
    g.apply("P:431>8.0")  # 6 + 2 = 8: no climber on row 8
    assert g.phase == DECIDE
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4], climbers=[[(12, 0), (10, 0)], [(12, 8), (6, 3)]])
    g.apply("P:631>6.0")  # 2 + 4 = 6: seat 1's climber is on row 6
    assert g.phase == BONUS
    assert_refused(g, "R", "bonus")
    assert "B:-" in legal_texts(g) and "B:m10.0>9.0" in legal_texts(g) and "B:p6.3>6.2" in legal_texts(g)
    g.apply("B:m10.0>9.0")
    assert g.phase == DECIDE and g.climbers[0] == [(12, 0), (9, 0)]
    g.apply("T")
    assert g.actions_left == 1  # the triggering token still counts


def test_mh_r18_roll_again_or_stop() -> None:
    """MH-R18: after each placement: R (while the pool has a token) or T."""
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4], dice=[1, 2, 3])
    assert_refused(g, "T", "not now")
    g.apply("P:43>9.0")
    assert legal_texts(g) == ["R", "T"]
    g.apply("R")
    assert g.roll == [1, 2, 3] and g.phase == PLACE


def test_mh_r19_flop_flips_tokens_and_consolation() -> None:
    """MH-R19: a flop turns this turn's tokens into obstacles; one optional obstacle on an unused row."""
    g = position(phase=DECIDE, tokens=[(12, 0), (9, 0)], in_play=3, dice=[3, 3, 3, 1, 2, 3, 4, 6])
    g.apply("R")
    assert g.phase == CONSOLE and g.board[(12, 0)] == "o" and g.board[(9, 0)] == "o"
    assert_refused(g, "O:12.5", "MH-R19", "row 12")
    assert_refused(g, "O:9.3", "row 9")
    assert_refused(g, "R", "not now")
    pool = g.pool
    g.apply("O:11.4")
    assert g.board[(11, 4)] == "o" and g.pool == pool - 1 and g.current == 1


def test_mh_r19_consolation_declined_and_grants_no_bonus() -> None:
    """MH-R19: the consolation may be declined; on a climber row it earns nothing."""
    g = position(phase=DECIDE, tokens=[(9, 0)], in_play=3, dice=[3, 3, 3, 1, 2, 3, 4, 6])
    g.apply("R")
    assert legal_texts(g)[-1] == "O:-" and "O:12.5" in legal_texts(g)
    g.apply("O:12.5")  # row 12 holds climbers, still no bonus: the turn is over
    assert g.current == 1 and g.phase == PLACE


def test_mh_r20_stop_k_actions_any_order_may_end_early() -> None:
    """MH-R20/D10: after T, one action per token of this turn; E ends early; the last one ends the turn."""
    g = position(phase=DECIDE, tokens=[(12, 0), (9, 0)], climbers=[[(12, 3), (12, 6)], [(12, 4), (12, 5)]],
                 obstacles=[(7, 0)], dice=[1, 2, 3, 4, 6])
    g.apply("T")
    assert g.phase == ACT and g.actions_left == 2
    g.apply("x7.0")
    assert g.actions_left == 1 and g.current == 0
    g.apply("m12.3>11.3")
    assert g.current == 1  # no action left: the turn ended
    g = position(phase=ACT, tokens=[(12, 0), (9, 0)], dice=[1, 2, 3, 4, 6])
    g.apply("E")
    assert g.current == 1


def test_mh_r21_climb_push_clear() -> None:
    """MH-R21: climb own one step any way; push an opponent sideways/up, never down or to S; clear obstacles."""
    g = position(phase=ACT, actions_left=5, tokens=[(11, 0)], obstacles=[(10, 0)],
                 climbers=[[(9, 3), (12, 0)], [(7, 2), (5, 0)]])
    texts = legal_texts(g)
    assert {"m9.3>9.2", "m9.3>9.4", "m9.3>8.2", "m9.3>8.3", "m9.3>10.3", "m9.3>10.4"} <= set(texts)
    assert {t for t in texts if t.startswith("p7.2")} == {"p7.2>7.1", "p7.2>7.3", "p7.2>6.1", "p7.2>6.2"}
    assert {t for t in texts if t.startswith("p5.0")} == {"p5.0>5.1"}
    assert {t for t in texts if t.startswith("x")} == {"x10.0"}
    assert_refused(g, "p7.2>8.2", "MH-R21", "never downward")
    assert_refused(g, "p5.0>S", "never", "summit")
    assert_refused(g, "x11.0", "action side")
    assert_refused(g, "x8.0", "no obstacle")
    assert_refused(g, "m7.2>7.1", "own climbers")
    assert_refused(g, "p9.3>9.2", "opponent")
    assert_refused(g, "m8.0>7.0", "no climber")
    g.apply("p7.2>6.1")
    g.apply("x10.0")
    assert g.climbers[1][0] == (6, 1) and (10, 0) not in g.board


def test_mh_r22_summit_holds_many_and_is_out_of_reach() -> None:
    """MH-R22/D12: S takes any number of climbers; a summit climber cannot move or be pushed."""
    g = position(phase=ACT, actions_left=3, climbers=[[(5, 1), (12, 0)], ["S", (12, 9)]])
    g.apply("m5.1>S")
    assert g.summit_count(0) == 1 and g.summit_count(1) == 1 and (5, 1) not in g.board
    assert not any(t.startswith(("mS", "pS")) for t in legal_texts(g))
    with pytest.raises(RuleError):
        g.apply("mS>5.1")
    assert g.state_json()["summit"] == [1, 1]


def test_mh_r23_end_of_turn_flips_and_clears_full_rows() -> None:
    """MH-R23: at the end, action tokens flip; full rows lose all their tokens (climbers stay)."""
    g = position(phase=ACT, tokens=[(6, 0), (9, 0)], climbers=[[(6, 1), (12, 0)], [(6, 2), (12, 9)]],
                 obstacles=[(6, 3)], dice=[1, 2, 3, 4, 6])
    pool = g.pool
    g.apply("E")
    assert g.board.get((9, 0)) == "o"
    assert (6, 0) not in g.board and (6, 3) not in g.board and g.board[(6, 1)] == 0 and g.board[(6, 2)] == 1
    assert g.pool == pool + 2 and token_count(g) == 40


def test_mh_r23_full_row_during_turn_is_not_cleared() -> None:
    """MH-R23: a row may be full during the turn; it is checked only at the end."""
    g = position(phase=PLACE, roll=[5, 2, 3, 6, 1], obstacles=[(5, 1), (5, 2)], dice=[])
    g.apply("P:651>5.0")  # 2 + 3 = 5
    assert all((5, i) in g.board for i in range(3)) and g.board[(5, 0)] == "a"


# -- 5. Special cases --------------------------------------------------------------------------------


def test_mh_r24_empty_pool_no_roll_and_restock() -> None:
    """MH-R24/D17: no roll without a token in the pool; an empty pool at turn start means K: first."""
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4], pool=1, obstacles=[(7, 0)])
    g.apply("P:43>9.0")
    assert g.pool == 0 and legal_texts(g) == ["T"]
    assert_refused(g, "R", "MH-R24", "pool is empty")
    g.apply("T")
    g.dice_rng = Dice([1, 2, 3, 4, 6])  # type: ignore[assignment]
    g.apply("E")
    assert g.phase == RESTOCK and g.current == 1 and g.roll is None
    assert legal_texts(g) == ["K:9.0", "K:7.0"]
    assert_refused(g, "K:12.0", "no obstacle")
    assert_refused(g, "E", "empty pool")
    g.apply("K:7.0")
    assert g.pool == 1 and (7, 0) not in g.board and g.roll == [1, 2, 3, 4, 6] and g.phase == PLACE


def test_mh_r25_row_full_of_climbers_only() -> None:
    """MH-R25: a row full of climbers is full but has no token to remove."""
    g = position(phase=ACT, tokens=[(9, 0)], climbers=[[(5, 0), (5, 1)], [(5, 2), (12, 9)]], dice=[1, 2, 3, 4, 6])
    pool = g.pool
    g.apply("E")
    assert [g.board[(5, i)] for i in range(3)] == [0, 0, 1] and g.pool == pool and g.board[(9, 0)] == "o"


def test_mh_r26_placement_keeps_a_die() -> None:
    """MH-R26: every usable set-aside leaves at least one die in play (5+ needs a die)."""
    for roll in [(1, 1, 1, 1, 1), (5, 5, 6, 1, 1), (1, 2, 3, 4, 5), (6, 6, 6, 6, 6), (6,), (5,)]:
        for aside, value in aside_choices(roll):
            if value >= 5:
                assert len(aside) < len(roll)
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4])
    assert_refused(g, "P:64321>6.0", "worth 0")


def test_mh_r27_win_ends_at_once() -> None:
    """MH-R27/D16: both climbers on S wins at once; remaining actions and end of turn are skipped."""
    g = position(phase=ACT, actions_left=3, tokens=[(9, 0), (6, 0), (11, 0)],
                 climbers=[[(5, 1), "S"], [(12, 0), (12, 1)]])
    g.apply("m5.1>S")
    assert g.phase == OVER and g.winner == 0 and g.is_over() and g.to_move() == []
    assert g.board[(9, 0)] == "a"  # end-of-turn steps skipped
    assert g.result().ranking[0] == [0] and g.payoffs() == [1.0, 0.0]
    assert "Seat 0 wins" in g.result().summary
    with pytest.raises(RuleError, match="over"):
        g.apply("E")


def test_mh_r28_hard_summit_costs_two_and_never_bonus() -> None:
    """MH-R28/D13: with the hard summit, a summit climb costs 2 actions, only in the stop phase."""
    g = position(hard=True, phase=ACT, actions_left=1, tokens=[(9, 0)],
                 climbers=[[(5, 1), (12, 0)], [(12, 8), (12, 9)]])
    assert "m5.1>S" not in legal_texts(g)
    assert_refused(g, "m5.1>S", "MH-R28", "2 actions")
    g = position(hard=True, phase=ACT, actions_left=3, tokens=[(9, 0), (8, 0), (7, 0)],
                 climbers=[[(5, 1), (12, 0)], [(12, 8), (12, 9)]])
    g.apply("m5.1>S")
    assert g.actions_left == 1 and g.summit_count(0) == 1
    g = position(hard=True, phase=BONUS, tokens=[(5, 0)], climbers=[[(5, 1), "S"], [(12, 8), (12, 9)]])
    assert "B:m5.1>S" not in legal_texts(g)
    assert_refused(g, "B:m5.1>S", "bonus", "never reach the summit")


def test_mh_r29_options() -> None:
    """MH-R29: players 2-4, hard summit off by default, seed."""
    assert Matterhorn.new({}, "x").options == {"players": 2, "hard": False}
    assert Matterhorn.new({"players": 4, "hard": "1"}, "x").hard
    for bad in ({"players": 1}, {"players": 5}, {"colours": 2}):
        with pytest.raises(RuleError):
            Matterhorn.new(bad, "x")


# -- 8. Actions (notation) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("C:12.3,12.6", Setup(((12, 3), (12, 6)))),  # MH-A1
        ("P:51>12.0", Place((5, 1), (12, 0))),  # MH-A2
        ("P:->9.0", Place((), (9, 0))),
        ("B:m11.3>10.3", Bonus(Move("m", (11, 3), (10, 3)))),  # MH-A3
        ("B:x8.4", Bonus(Clear((8, 4)))),
        ("B:-", Bonus(None)),
        ("R", Roll()),  # MH-A4
        ("T", Stop()),
        ("m5.1>S", Move("m", (5, 1), "S")),  # MH-A5
        ("p7.2>6.1", Move("p", (7, 2), (6, 1))),
        ("x8.4", Clear((8, 4))),
        ("E", End()),
        ("O:11.4", Console((11, 4))),  # MH-A6
        ("O:-", Console(None)),
        ("K:9.2", Restock((9, 2))),  # MH-A7
    ],
)
def test_mh_a1_to_a7_notation_round_trip(text: str, action: object) -> None:
    """MH-A1..A7: the spec's texts parse to the actions and print back exactly."""
    assert parse_action(text) == action
    assert str(action) == text


def test_mh_a_canonical_and_malformed() -> None:
    """MH-A1/A2: set-aside values print largest first, setup circles in order; junk is refused with the forms."""
    assert str(parse_action("P:15>12.0")) == "P:51>12.0"
    assert str(parse_action("C:12.6,12.3")) == "C:12.3,12.6"
    for bad in ("", "P:7>12.0", "Q", "m5.1", "B:R", "C:12.3,12.3", "K:-", "O:S", "x S"):
        with pytest.raises(RuleError, match="not a Matterhorn action|twice"):
            parse_action(bad)


def test_refusal_in_wrong_phase_says_what_is_expected() -> None:
    """Every phase names the decision it waits for."""
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4])
    assert_refused(g, "E", "set dice aside")
    g = position(phase=CONSOLE)
    assert_refused(g, "T", "consolation")


def test_random_states_legal_actions_all_pass_check() -> None:
    """Every listed action passes ``check``; a sample of unlisted ones is refused (legal_actions is exact)."""
    rng = Rng("exact")
    g = Matterhorn.new({"players": 3}, "exact")
    probes = ["R", "T", "E", "B:-", "O:-", "C:12.0,12.1"] + [f"x{n}.{i}" for n, i in CIRCLES[::5]]
    probes += [f"m{n}.{i}>{n - 1}.{i}" for n, i in CIRCLES[::3]] + [f"P:->{n}.{i}" for n, i in CIRCLES[::4]]
    for _ in range(600):
        if g.is_over():
            break
        legal = legal_texts(g)
        for text in legal:
            g.check(g.parse_action(text))
        for text in probes:
            if text not in legal:
                with pytest.raises(RuleError):
                    g.check(g.parse_action(text))
        g.apply(g.random_action(g.to_move()[0], rng))


def test_state_json_fields_during_a_turn() -> None:
    """Issue item 4: board codes, summit counts, pool, roll, aside and rows_used as a turn goes on (MH-E12)."""
    g = position(climbers=[[(12, 3), "S"], [(12, 4), (12, 5)]], obstacles=[(7, 1)])
    start_turn(g, 0, [5, 5, 6, 1, 1, 2, 3, 4])
    g.apply("P:51>12.0")
    state = g.state_json()
    assert state["board"] == {"12.0": "a", "12.3": "0", "12.4": "1", "12.5": "1", "7.1": "o"}
    assert state["summit"] == [1, 0] and state["pool"] == 38
    assert state["roll"] == [5, 5, 6, 1, 1] and state["aside"] == [5, 1] and state["rows_used"] == [12]
    g.apply("B:-")
    g.apply("R")
    assert g.state_json()["roll"] == [2, 3, 4] and g.state_json()["in_play"] == 3
    assert g.render_text().splitlines()[8].startswith("12 a . . 0 1 1")
    assert g.describe_turn().startswith("Seat 0 rolled [2, 3, 4]")


def test_mh_r7_refusals_name_circles_by_row_and_place_in_the_row() -> None:
    """MH-R7: a refusal names a circle as the board does, its row and its place in the row
    from the left, from 1, with the notation beside: "8.0 is not next to 12.6" was row 8, circle 1."""
    g = position(climbers=[[(6, 1), (12, 0)], [(12, 8), (12, 9)]], phase=ACT, actions_left=1)
    error = assert_refused(g, "m6.1>6.3", "MH-R7", "row 6, circle 4 (notation 6.3) is not next to row 6, circle 2 "
                           "(notation 6.1)")
    assert_place_named(error, "row 6, circle 2", "6.1")
