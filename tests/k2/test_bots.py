"""K2 bots: legal decisions from the seat's view, heuristic stronger than random, search samples consistent
with the view."""

from __future__ import annotations

from pygames.core.bots import bot_rng, make_bot
from pygames.core.rng import Rng
from pygames.k2.game import CHOOSE, K2
from pygames.k2.strategy import SEARCH_MARGIN, SEARCH_WIDTH, STRATEGY, ranked_choices

PUBLIC = ("climbers", "tents", "first", "round", "risk_faceup", "risk_facedown", "tokens", "revealed", "plays",
          "discards", "hand_counts", "draw_counts", "committed", "rescue_cards", "scores")


def play(seats: list[str], seed: str, **options: object) -> K2:
    g = K2.new({"players": len(seats), **options}, seed)
    bots = [make_bot(s) for s in seats]
    while not g.is_over():
        seat = g.to_move()[0]
        action = bots[seat].choose(g, seat, bot_rng(g, seat))
        g.check(action)
        g.apply(action)
    return g


def test_heuristic_beats_random() -> None:
    for n, seed in enumerate(("hb-1", "hb-2")):
        seats = ["heuristic", "random"] if n % 2 == 0 else ["random", "heuristic"]
        g = play(seats, seed)
        h = seats.index("heuristic")
        assert g.scores()[h] > g.scores()[1 - h]


def test_determinize_is_consistent_with_the_view() -> None:
    g = K2.new({"players": 3, "family": True}, "det")
    g.apply(f"s2: choose {' '.join(g.hands[2][:3])}")
    view = g.view(0)
    for k in range(5):
        sample = view.determinize(0, Rng(f"d{k}"))
        a, b = sample.state_json(), view.state_json()
        assert all(a[key] == b[key] for key in PUBLIC)
        assert sample.hands[0] == g.hands[0] and sample.phase == CHOOSE
        assert sorted(sample.unseen_cards(2)) == sorted(g.unseen_cards(2))
        assert sample.rng.state != g.rng.state
        rng = Rng(f"r{k}")
        plies = 0
        while not STRATEGY.search_over(sample, view, plies):  # search stops a sample after this round's phase 4
            assert not sample.is_over() and sample.round == 1
            action = STRATEGY.rollout_action(sample, sample.to_move()[0], rng)
            sample.check(action)
            sample.apply(action)
            plies += 1
        assert sample.round == 2 and not sample.is_over()
        assert all(0.0 <= STRATEGY.heuristic_value(sample, s) <= 1.0 for s in range(3))


def test_random_action_stays_uniform_and_search_samples_are_plain_states() -> None:
    g = K2.new({"players": 2}, "uniform")
    sample = g.determinize(0, Rng("s"))
    assert not hasattr(sample, "horizon") and not hasattr(sample, "cut")
    rng = Rng("u")
    legal = {str(a) for a in g.legal_actions(0) or []}
    picks = {str(g.random_action(0, rng)) for _ in range(300)}
    assert picks == legal


def test_search_bot_decides_legally_in_every_phase() -> None:
    g = K2.new({"players": 2, "family": True}, "mcts")
    bot = make_bot("mcts:i6")
    rng = Rng("mcts")
    for _ in range(40):
        seat = g.to_move()[0]
        action = bot.choose(g, seat, bot_rng(g, seat))
        g.check(action)
        g.apply(action)
        if g.is_over():
            break
        g.apply(g.random_action(g.to_move()[0], rng))
        if g.is_over():
            break


def test_search_candidates_are_the_heuristics_best() -> None:
    g = K2.new({"players": 3}, "cand")
    heuristic = make_bot("heuristic")
    for _ in range(30):
        seat = g.to_move()[0]
        legal = {str(a) for a in g.legal_actions(seat) or []}
        candidates = [str(a) for a in STRATEGY.search_actions(g, seat) or []]
        choice = str(heuristic.choose(g, seat, bot_rng(g, seat)))
        assert candidates and set(candidates) <= legal and candidates[0] == choice
        if g.phase == CHOOSE:  # the best few, those the heuristic values near its best
            ranked = ranked_choices(g, seat)
            near = [str(a) for v, a in ranked[:SEARCH_WIDTH] if v >= ranked[0][0] - SEARCH_MARGIN]
            assert candidates == near and len(ranked) == len(legal) and len(candidates) <= SEARCH_WIDTH
            assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
        else:
            assert len(candidates) == 1
        g.apply(choice)


def test_search_stops_at_the_end_of_the_round_or_after_one_ply_in_a_turn() -> None:
    g = K2.new({"players": 2}, "over")
    start = g.view(0)
    assert not STRATEGY.search_over(g, start, 0)
    heuristic = make_bot("heuristic")
    while g.phase == CHOOSE:
        seat = g.to_move()[0]
        g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    turn = g.view(g.to_move()[0])
    assert not STRATEGY.search_over(g, turn, 0) and STRATEGY.search_over(g, turn, 1)
    assert not STRATEGY.search_over(g, start, 50)
    while g.round == 1:
        seat = g.to_move()[0]
        g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    assert STRATEGY.search_over(g, start, 0)
