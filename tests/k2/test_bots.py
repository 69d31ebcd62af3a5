"""K2 bots: legal decisions from the seat's view, heuristic stronger than random, search samples consistent
with the view."""

from __future__ import annotations

from pygames.core.bots import bot_rng, make_bot
from pygames.core.rng import Rng
from pygames.k2.data import NO_WEATHER, ROUNDS
from pygames.k2.game import ACT, CHOOSE, K2
from pygames.k2.strategy import (
    SEARCH_MARGIN,
    SEARCH_WIDTH,
    SHARP,
    STRATEGY,
    K2Search,
    choose_ranking,
    climber_value,
    ranked_choices,
)
from tests.k2.test_properties import check_no_leak

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


def play_until(g: K2, round_: int, phase: str) -> K2:
    """Advance ``g`` with medium bots to the first decision of ``phase`` in round ``round_``."""
    heuristic = make_bot("heuristic")
    while not g.is_over() and not (g.round == round_ and g.phase == phase):
        seat = g.to_move()[0]
        g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    assert g.round == round_ and g.phase == phase
    return g


def test_hard_search_weighs_its_own_seat_with_the_sharp_view() -> None:
    """The hard bot's search (``for_search``): its own seat's candidates are the sharp view's best card
    choices, all legal; the other seats keep the medium bot's."""
    g = K2.new({"players": 3}, "sharp-cand")
    search = STRATEGY.for_search(g.view(0), 0)
    assert isinstance(search, K2Search) and search.me == 0
    mine = [str(a) for a in search.search_actions(g, 0) or []]
    legal = {str(a) for a in g.legal_actions(0) or []}
    assert mine and set(mine) <= legal and mine[0] == str(choose_ranking(g, 0, SHARP)[0])
    assert [str(a) for a in search.search_actions(g, 1) or []] == [str(a) for a in STRATEGY.search_actions(g, 1) or []]


def test_sharp_view_counts_the_last_night() -> None:
    """K2-R36: the check of round 18 is the last. In round 17 a climber whose level cannot survive that night
    where it stands loses its VP (a dead climber scores 1) unless round 18's cards (the rest of the hand)
    hold enough acclimatization; the medium bot's view does not see it."""
    g = play_until(K2.new({"players": 2}, "last-night"), ROUNDS - 1, ACT)
    seat = g.current
    space = "E26"  # Z3, acc -2: level 3 -> 1 after tonight -> -1 after the last night
    g.today = lambda: NO_WEATHER  # type: ignore[method-assign]
    g.day = lambda d: NO_WEATHER  # type: ignore[method-assign]
    g.hands[seat] = ["M1", "M2", "M3"]
    doomed = climber_value(g, seat, "A", space, 3, 7, None, sharp=True)
    g.hands[seat] = ["M1", "A2", "A3"]
    saved = climber_value(g, seat, "A", space, 3, 7, None, sharp=True)
    medium = climber_value(g, seat, "A", space, 3, 7, None)
    assert saved - doomed >= 6 - 1e-9  # the VP above 1 it would lose
    assert medium > doomed


def test_hard_bot_is_deterministic_and_leaks_nothing_late_in_the_game() -> None:
    """The same game, seat and seed give the same hard move; in round 17 (where the sharp view reads the own
    hand) other seats' hidden cards change nothing."""
    g = play_until(K2.new({"players": 2}, "late"), ROUNDS - 1, CHOOSE)
    for seat in (0, 1):
        a = make_bot("mcts:i20").choose(g, seat, Rng("same"))
        assert str(a) == str(make_bot("mcts:i20").choose(g, seat, Rng("same")))
        g.check(a)
    check_no_leak(g, 0, ("heuristic", "mcts:i8"))

