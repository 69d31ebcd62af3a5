"""The hard bot's plan on Matterhorn: the race value, the exact odds of rolling on, and its answers.

The hard bot (``mcts``) plans rather than searches here: every decision is weighed by the chance to win
the race (``race.win_chances`` of the actions each rope team still needs), and rolling again by the
exact distribution of the dice in play (MH-R13..R19).
"""

from __future__ import annotations

from itertools import product

from pygames.core.bots import MCTSBot, bot_rng, make_bot
from pygames.core.rng import Rng
from pygames.matterhorn.actions import Roll, Stop
from pygames.matterhorn.data import ROWS
from pygames.matterhorn.dice import aside_choices
from pygames.matterhorn.game import ACT, BONUS, DECIDE, PLACE, Matterhorn
from pygames.matterhorn.race import WORK_SLICE, TurnPlan, need, needs, needs_left, offer_count, win_chances
from pygames.matterhorn.race_data import FINISH, GAIN
from pygames.matterhorn.strategy import STRATEGY, plan_action, race_value, rows_mask

from .helpers import position


def brute_roll(value_of: list[float], dice: int, usable: frozenset[int], tokens: int, pool: int) -> float:
    """Rolling on weighed over all 6^dice ordered outcomes, straight from the engine's set-aside table."""
    total = 0.0
    for faces in product(range(1, 7), repeat=dice):
        best = None
        for aside, v in aside_choices(tuple(sorted(faces))):
            if v in usable:
                left = dice - len(aside)
                rest = usable - {v}
                stop = value_of[min(tokens + 1, len(value_of) - 1)]
                go = brute_roll(value_of, left, rest, tokens + 1, pool) if tokens + 1 < pool else stop
                value = max(stop, go)
                best = value if best is None else max(best, value)
        total += value_of[0] if best is None else best
    return total / 6**dice


def test_turn_plan_weighs_every_roll_exactly() -> None:
    """MH-R14..R19: rolling on is worth the exact expectation over every outcome (no bonus rows here)."""
    values = [0.1, 0.3, 0.45, 0.55, 0.6, 0.62]
    for dice, rows in ((1, {5, 6}), (2, {5, 7, 9, 11}), (3, {6, 8, 12})):
        plan = TurnPlan(values, 0, 3)
        exact = brute_roll(values, dice, frozenset(rows), 0, 3)
        assert abs(plan.roll(dice, rows_mask(sorted(rows)), 0, 0) - exact) < 1e-9


def test_turn_plan_prepares_in_slices() -> None:
    """The page's slices: the plan weighs a bounded amount of rolls between two yields, and answers the same."""
    values = [0.2 + 0.08 * a for a in range(10)]
    state = (5, rows_mask(list(ROWS)), 0, 0)
    plan = TurnPlan(values, rows_mask([12]), 40)
    steps = plan.prepare([state])
    before = plan.work
    slices = 0
    for _ in steps:
        assert plan.work - before < WORK_SLICE + 2 * offer_count(5)
        before = plan.work
        slices += 1
    assert slices > 1
    assert plan.roll(*state) == TurnPlan(values, rows_mask([12]), 40).roll(*state)


def test_need_counts_the_cheapest_way_up() -> None:
    """A climber on row n needs n - 4 climbs (MH-R7, R22), the hard summit one more (MH-R28); a token in
    the way costs a clear or a detour."""
    g = position(climbers=[[(5, 0), "S"], [(12, 4), (12, 5)]])
    assert needs(g) == [1, 16]
    g = position(climbers=[[(5, 0), "S"], [(12, 4), (12, 5)]], hard=True)
    assert need(g, 0) == 2
    g = position(climbers=[[(6, 0), "S"], [(12, 4), (12, 5)]])
    assert need(g, 0) == 2
    g = position(climbers=[[(6, 0), "S"], [(12, 4), (12, 5)]], obstacles=[(5, 0)])
    assert need(g, 0) == 3  # clear (5,0), climb, summit; or sideways to (6,1), up to (5,1), summit
    g = position(climbers=[[(6, 0), "S"], [(12, 4), (12, 5)]], obstacles=[(5, 0), (5, 1), (6, 1)])
    assert need(g, 0) == 3  # clearing one obstacle is still the cheapest way


def test_this_turns_tokens_bar_the_way_until_the_turn_ends() -> None:
    """MH-R21: an action token of this turn cannot be cleared, so the plan does not count a win that goes
    through it: with (5,2) this turn's and (5,1) an obstacle, the climber on (6,3) needs 3 (the token
    cleared next turn, climb, summit) but 4 actions this turn (sideways twice, up to (5,0), summit)."""
    g = position(phase=DECIDE, climbers=[[(6, 3), "S"], [(12, 4), (12, 5)]], obstacles=[(5, 1)],
                 tokens=[(5, 2), (9, 0), (8, 0)], in_play=2)
    assert needs(g) == [3, 16]
    assert needs_left(g, 0, 5) == [3, 3, 2, 1, 0, 0]
    assert race_value(g, 0, 3) < 1.0 == race_value(g, 0, 4)
    g = position(phase=DECIDE, climbers=[[(6, 3), "S"], [(12, 4), (12, 5)]], obstacles=[(5, 1), (5, 2)],
                 tokens=[(9, 0), (8, 0), (7, 0)], in_play=2)
    assert needs_left(g, 0, 3) == [3, 2, 1, 0]  # an obstacle there: cleared this turn


def test_win_chances_favour_the_closer_and_the_next_to_play() -> None:
    for players in (2, 3, 4):
        chances = win_chances([10] * players, 0)
        assert abs(sum(chances) - 1) < 1e-9
        assert chances == sorted(chances, reverse=True)  # turn order: the earlier, the better
        closer = win_chances([6] + [10] * (players - 1), 1)
        assert closer[0] > max(closer[1:])
    assert win_chances([0, 3], 1) == [1.0, 0.0]


def test_race_tables_are_chances() -> None:
    for players in (2, 3, 4):
        assert all(a >= b for a, b in zip(FINISH[players], FINISH[players][1:], strict=False))
        assert abs(sum(p for _, p in GAIN[players]) - 1) < 1e-3


def test_plan_rolls_on_when_the_odds_favour_it_and_stops_on_a_win() -> None:
    """One token in hand and five dice (a flop chance of a few percent): roll on. Enough actions in hand
    to reach the summit: stop. The pool empty: stop (MH-R24)."""
    climbers = [[(12, 2), (12, 3)], [(12, 4), (12, 5)]]
    g = position(phase=DECIDE, tokens=[(9, 0)], in_play=5, climbers=climbers)
    assert plan_action(g, 0, Rng("r")) == Roll()
    g = position(phase=DECIDE, tokens=[(9, 0), (8, 0)], in_play=2, climbers=[[(5, 0), (6, 1)], [(12, 4), (12, 5)]])
    assert plan_action(g, 0, Rng("r")) == Stop()
    g = position(phase=DECIDE, tokens=[(9, 0)], in_play=5, climbers=climbers, pool=0)
    assert plan_action(g, 0, Rng("r")) == Stop()


def test_plan_takes_the_winning_climb() -> None:
    g = position(phase=ACT, tokens=[(9, 0)], climbers=[[(5, 0), "S"], [(12, 4), (12, 5)]], dice=[2] * 60)
    assert str(plan_action(g, 0, Rng("w"))) == "m5.0>S"


def test_hard_bot_answers_are_legal_and_deterministic() -> None:
    """The hard bot plays whole games at 2 and 3 players: every answer is legal, and the same position,
    seat and generator give the same answer (its first in each phase asked twice)."""
    for players in (2, 3):
        g = Matterhorn.new({"players": players}, f"plan-{players}")
        bots = [make_bot("mcts:i20")] + [make_bot("heuristic")] * (players - 1)
        seen = set()
        for _ in range(3000):
            if g.is_over():
                break
            seat = g.to_move()[0]
            action = bots[seat].choose(g, seat, bot_rng(g, seat))
            assert action in g.legal_actions(seat)
            if isinstance(bots[seat], MCTSBot):
                if g.phase not in seen:  # its first answer in each phase, asked again
                    assert bots[seat].choose(g, seat, bot_rng(g, seat)) == action
                seen.add(g.phase)
            g.apply(action)
        assert g.is_over()
        assert {PLACE, DECIDE} <= seen and seen & {ACT, BONUS}


def test_the_hard_bot_plans_and_the_search_hooks_stay() -> None:
    g = position(phase=DECIDE, tokens=[(9, 0)])
    assert STRATEGY.search_plan(g, 0, Rng("s")) is not None
    assert STRATEGY.search_actions(g, 0) == g.legal_actions()


def test_with_two_players_the_stop_phase_weighs_ending_and_its_best_actions_by_the_rivals_next_turn():
    """Two players, a stop phase (MH-R20): the plan weighs only ending the turn and its best three actions, each
    by the rival's next turn played on the engine (a hint lists the best of those four), and the same position and seed
    give the same choice (a hint is the hard bot's move)."""
    from pygames.core.bots import Ranked
    from pygames.matterhorn.actions import End
    from pygames.matterhorn.strategy import RIVAL_CHOICES, choose, plan_steps

    game = Matterhorn.new({"players": 2}, "rival-turn")
    while not (game.phase == ACT and game.actions_left >= 2):
        seat = game.to_move()[0]
        game.apply(choose(game, seat, bot_rng(game, seat)))
        assert not game.is_over(), "the seed gives no such stop phase"
    seat = game.current
    assert len(game.legal_actions(seat) or []) > 1 + RIVAL_CHOICES  # more than are weighed
    steps = plan_steps(game, seat, bot_rng(game, seat))
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        answer = stop.value
    assert isinstance(answer, Ranked)
    assert len(answer.weighed) == 1 + RIVAL_CHOICES and str(End()) in [w.action for w in answer.weighed]
    assert all(0.0 <= w.value <= 1.0 for w in answer.weighed)
    assert plan_action(game, seat, bot_rng(game, seat)) == answer.action
