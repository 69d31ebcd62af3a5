"""Bots on Matterhorn: determinize (chance sampled, not known), the push-your-luck policy, and games played."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from pygames.core.bots import MCTSBot, bot_rng, make_bot
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.matterhorn.dice import reachable_values
from pygames.matterhorn.game import ACT, DECIDE, PLACE, SETUP, Matterhorn
from pygames.matterhorn.strategy import STRATEGY, actions_to_win, choose, place_score, should_roll

from .helpers import position


def started(seed: str, players: int = 2) -> Matterhorn:
    g = Matterhorn.new({"players": players}, seed)
    while g.phase == SETUP:
        g.apply(g.legal_actions()[0])
    return g


def test_determinize_keeps_the_roll_and_resamples_future_dice() -> None:
    """Search samples future rolls instead of knowing them; the roll on the table stays."""
    g = started("det")
    before = g.state_json()
    rng = Rng("bot")
    samples = [g.determinize(g.current, rng) for _ in range(6)]
    assert g.state_json() == before
    assert all(s.roll == g.roll and s.state_json() == before for s in samples)
    futures = {tuple(s.dice_rng.below(6) for _ in range(8)) for s in samples}
    assert len(futures) > 1
    truth = tuple(g.copy().dice_rng.below(6) for _ in range(8))
    assert truth == tuple(g.copy().dice_rng.below(6) for _ in range(8))


def test_search_horizon_is_the_end_of_the_turn() -> None:
    """Search playouts (the heuristic policy) stop when the turn being decided passes; scores lie in [0, 1]."""
    g = started("horizon")
    s = g.determinize(g.current, Rng("h"))
    seat, rng, plies = s.current, Rng("p"), 0
    while not STRATEGY.search_over(s, g, plies):
        assert s.current == seat and not s.is_over()
        action = STRATEGY.rollout_action(s, seat, rng)
        assert action in s.legal_actions(seat)
        s.apply(action, checked=False)
        plies += 1
    assert s.turn == g.turn + 1 and (s.is_over() or s.current != seat)
    assert all(0.0 <= STRATEGY.heuristic_value(s, k) <= 1.0 for k in range(2))
    setup = Matterhorn.new({"players": 2}, "setup")
    assert not STRATEGY.search_over(setup, setup, 0)


def brute_flop(k: int, usable: set[int]) -> Fraction:
    flops = sum(1 for r in product(range(1, 7), repeat=k) if not reachable_values(tuple(sorted(r))) & usable)
    return Fraction(flops, 6**k)


def test_push_your_luck_rolls_while_gain_beats_risk() -> None:
    """The heuristic rolls again iff (1 - p) * 1 > p * (actions at stake), p the exact flop chance."""
    cases = [
        (5, [(9, 0)]),
        (1, [(9, 0)]),
        (2, [(9, 0), (8, 0), (7, 0)]),
        (3, [(12, 0), (9, 0)]),
        (4, [(12, 0)]),
    ]
    for in_play, tokens in cases:
        g = position(phase=DECIDE, tokens=tokens, in_play=in_play, climbers=[[(12, 2), (12, 3)], [(12, 4), (12, 5)]])
        p = brute_flop(in_play, set(g.usable_rows()))
        assert should_roll(g, 0) == ((1 - p) > p * len(tokens)), (in_play, tokens)
    g = position(phase=DECIDE, tokens=[(9, 0)], in_play=1)
    assert not should_roll(g, 0)  # one die: 2/3 flop
    g = position(phase=DECIDE, tokens=[(9, 0)], in_play=5)
    assert should_roll(g, 0)
    g = position(phase=DECIDE, tokens=[(9, 0)], in_play=5, climbers=[[(5, 0), "S"], [(12, 4), (12, 5)]])
    assert actions_to_win(g, 0) == 1 and not should_roll(g, 0)  # the action in hand wins
    g = position(phase=DECIDE, tokens=[(9, 0)], in_play=5, pool=0)
    assert not should_roll(g, 0)


def test_heuristic_takes_a_winning_climb() -> None:
    g = position(phase=ACT, tokens=[(9, 0)], climbers=[[(5, 0), "S"], [(12, 4), (12, 5)]])
    assert str(choose(g, 0, Rng("w"))) == "m5.0>S"


def test_heuristic_climbs_and_places_off_its_own_way() -> None:
    g = position(phase=ACT, tokens=[(9, 0)], climbers=[[(10, 3), (12, 0)], [(12, 4), (12, 5)]])
    assert str(choose(g, 0, Rng("c"))) in {"m10.3>9.2", "m10.3>9.3"}
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4], climbers=[[(10, 3), (12, 0)], [(12, 4), (12, 5)]])
    action = choose(g, 0, Rng("p"))
    assert action in g.legal_actions() and str(action)[-4:] not in (">9.2", ">9.3")


def play(bots: list[str], seed: str, players: int = 2) -> Matterhorn:
    g = Record.new("matterhorn", {"players": players}, seed).replay()
    engines = [make_bot(b) for b in bots]
    for _ in range(20000):
        if g.is_over():
            break
        seat = g.to_move()[0]
        action = engines[seat].choose(g, seat, bot_rng(g, seat))
        assert action in g.legal_actions(seat)
        g.apply(action)
    return g


def test_heuristic_beats_random() -> None:
    wins = 0
    for k in range(4):
        bots = ["heuristic", "random"] if k % 2 == 0 else ["random", "heuristic"]
        g = play(bots, f"hr-{k}")
        assert g.is_over()
        wins += bots[g.winner] == "heuristic"
    assert wins == 4


def test_mcts_returns_legal_actions_within_budget() -> None:
    g = started("mcts")
    bot = MCTSBot(max_iterations=40)
    for _ in range(6):
        seat = g.to_move()[0]
        action = bot.choose(g, seat, Rng(f"m{len(g.history)}"))
        assert action in g.legal_actions(seat)
        g.apply(action)


def test_mcts_finishes_a_game_against_heuristic() -> None:
    g = play(["mcts:i15", "heuristic"], "mh", 2)
    assert g.is_over()


def test_search_samples_offer_the_heuristics_best_few() -> None:
    """Search expands only the heuristic's best candidates of a long action list; legal_actions lists all."""
    g = position(phase=PLACE, roll=[6, 1, 2, 3, 4], climbers=[[(10, 3), (12, 0)], [(12, 4), (12, 5)]])
    full = g.legal_actions()
    narrowed = STRATEGY.search_actions(g, 0)
    assert len(full) > len(narrowed) > 0 and all(a in full for a in narrowed)
    assert max(place_score(g, 0, a) for a in narrowed) == max(place_score(g, 0, a) for a in full)
    g = position(phase=DECIDE, tokens=[(9, 0)])
    assert STRATEGY.search_actions(g, 0) == g.legal_actions()
