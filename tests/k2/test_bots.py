"""K2 bots: legal decisions from the seat's view, heuristic stronger than random, search samples consistent
with the view."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pygames.core.bots import Ranked, bot_rng, make_bot
from pygames.core.rng import Rng
from pygames.k2.data import NO_WEATHER, ROUNDS, Day
from pygames.k2.game import ACT, CHOOSE, K2
from pygames.k2.strategy import (
    NEAR_MORE_VP,
    SHARP,
    SHORT,
    STRATEGY,
    K2Search,
    W,
    best_outcome,
    choose_action,
    choose_ranking,
    climber_value,
    judge,
    next_turn_value,
    plan_turn,
    ranked_choices,
    search_shape,
    tent_value,
    turn_under_way,
)
from pygames.k2.strategy.choices import _memo
from pygames.k2.strategy.values import _OUTCOMES
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
        rounds = search_shape(3).rounds
        while not STRATEGY.search_over(sample, view, plies):  # a sample stops after phase 4 of its last round
            assert not sample.is_over() and sample.round <= rounds
            action = STRATEGY.rollout_action(sample, sample.to_move()[0], rng)
            sample.check(action)
            sample.apply(action)
            plies += 1
        assert sample.round == 1 + rounds and not sample.is_over()
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


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_search_candidates_are_the_heuristics_best(players: int) -> None:
    """Phase 1: the heuristic's best few card choices, those it values near its best (solo more of them)."""
    g = K2.new({"players": players}, "cand")
    heuristic = make_bot("heuristic")
    shape = search_shape(players)
    assert shape.width > 1 and (shape.width > search_shape(2).width) == (players == 1)
    seen_choose = 0
    for _ in range(30):
        seat = g.to_move()[0]
        legal = {str(a) for a in g.legal_actions(seat) or []}
        candidates = [str(a) for a in STRATEGY.search_actions(g, seat) or []]
        choice = str(heuristic.choose(g, seat, bot_rng(g, seat)))
        assert candidates and set(candidates) <= legal and candidates[0] == choice
        if g.phase == CHOOSE:  # the best few, those the heuristic values near its best
            ranked = ranked_choices(g, seat)
            near = [str(a) for v, a in ranked[:shape.width] if v >= ranked[0][0] - shape.margin]
            assert candidates == near and len(ranked) == len(legal) and len(candidates) <= shape.width
            assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
            seen_choose += len(candidates) > 1
        else:
            assert len(candidates) == 1
        g.apply(choice)
    assert (seen_choose > 0) == (shape.width > 1)  # 1-3 players: some choices were weighed


def test_search_stops_three_rounds_on_or_after_one_ply_in_a_turn() -> None:
    """Two players, as three to five: a sample of a card choice runs to the end of the third round from its own
    (docs/bots.md, "How far ahead K2's samples look"), and so does one begun at the start of a two-player turn;
    one begun later in a turn weighs that one action."""
    g = K2.new({"players": 2}, "over")
    start = g.view(0)
    assert not STRATEGY.search_over(g, start, 0)
    heuristic = make_bot("heuristic")
    while g.phase == CHOOSE:
        seat = g.to_move()[0]
        g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    assert g.phase == ACT and not STRATEGY.search_over(g, g.view(g.to_move()[0]), 1)  # a turn's start
    seat = g.to_move()[0]
    g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    turn = g.view(g.to_move()[0])
    assert not STRATEGY.search_over(g, turn, 0) and STRATEGY.search_over(g, turn, 1)
    assert not STRATEGY.search_over(g, start, 50)
    while g.round < 4:
        assert not STRATEGY.search_over(g, start, 0)
        seat = g.to_move()[0]
        g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    assert STRATEGY.search_over(g, start, 0)


@pytest.mark.parametrize("players", [2, 3])
def test_two_players_hard_bot_weighs_the_start_of_its_turn(players: int) -> None:
    """Two players (docs/bots.md, "Two players: the turn weighed too"): at the start of its turn (phase 3, K2-R16)
    the hard bot weighs the sharp view's first step and those of its best turns with other ends, each legal, by
    samples three rounds ahead, and plays one of them; after a step, or with three players, it plays the sharp
    view's step as before, unweighed."""
    g = K2.new({"players": players}, "turn-firsts")
    heuristic = make_bot("heuristic")
    while g.phase != ACT:
        seat = g.to_move()[0]
        g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    seat = g.to_move()[0]
    view = g.view(seat)
    search = STRATEGY.for_search(view, seat)
    firsts = [str(a) for a in search.search_actions(view, seat) or []]
    legal = {str(a) for a in g.legal_actions(seat) or []}
    assert firsts[0] == str(choose_action(view, seat, SHARP)) and set(firsts) <= legal
    assert len(set(firsts)) == len(firsts)
    assert 1 < len(firsts) <= search_shape(2).turns if players == 2 else len(firsts) == 1
    bot = make_bot("mcts:i24")
    action = bot.choose(view, seat, bot_rng(g, seat))
    if players == 2:  # weighed: samples went through each first step and on past the turn
        assert bot.last_iterations == 24 and sorted(w.action for w in bot.last_weighed) == sorted(firsts)
        assert str(action) in firsts and not search.search_over(g, view, 1)
    else:
        assert bot.last_iterations == 0 and str(action) == firsts[0]
    g.apply(action)
    assert len(search.search_actions(g.view(seat), seat) or []) == 1  # the rest of the turn: the sharp view's


def test_solo_search_looks_rounds_ahead_best_choices_first() -> None:
    """Solo (nobody else moves): the search's samples of a card choice run several rounds, not one, played by
    the sharp view; being few, they try the best choices first."""
    shape = search_shape(1)
    assert shape.rounds > search_shape(2).rounds
    g = K2.new({"players": 1}, "solo-over")
    start = g.view(0)
    search = STRATEGY.for_search(start, 0)
    heuristic = make_bot("heuristic")
    while g.round < start.round + shape.rounds:
        assert not search.search_over(g, start, 0)
        if g.phase == CHOOSE:  # the samples play the sharp view's choice
            assert str(search.rollout_action(g, 0, Rng("x"))) == str(choose_action(g, 0, SHARP))
        g.apply(heuristic.choose(g, 0, bot_rng(g, 0)))
    assert search.search_over(g, start, 0)
    assert search.expands_in_order(g)


def slices(thinking: Iterator[None]) -> tuple[int, object]:
    """A plan worked out to its end: how many slices it yielded, and its decision (without the choices weighed)."""
    steps = 0
    try:
        while True:
            next(thinking)
            steps += 1
    except StopIteration as stop:
        return steps, stop.value.action if isinstance(stop.value, Ranked) else stop.value


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


def play_turns(g: K2, mind: str, until_round: int) -> tuple[K2, list[str]]:
    """A copy of solo game ``g`` played by the heuristic in ``mind`` until ``until_round`` begins or the game ends."""
    h = g.copy()
    actions = []
    while not h.is_over() and h.round < until_round:
        action = choose_action(h, 0, mind)
        assert action is not None
        h.check(action)
        h.apply(action)
        actions.append(str(action))
    return h, actions


def test_sharp_view_spends_penalty_points_on_a_card_rather_than_kill_a_climber() -> None:
    """K2-R26: a risk token's penalty points may lower a card's value when it is assigned, or the level of a
    climber given a card. Both climbers stand on E21 (acc -1) at level 2, with no tent to pitch and only 1
    movement point (no space in reach): a point on a level kills that climber tonight (K2-R32), which ends a
    solo game (K2-R41); the sharp view lowers the useless movement card instead, the medium bot's does not."""
    g = play_until(K2.new({"players": 1}, "card-penalty"), 4, ACT)
    g.day = lambda d: NO_WEATHER  # type: ignore[method-assign]
    for c in ("A", "B"):
        g.climbers[0][c].update(space="E21", level=2, tent="E00")
    g.unassigned, g.assigned, g.points = ["M1", "A0", "M1"], [], 1
    g.pools = {c: [0, 0, 0] for c in ("A", "B")}
    hard, hard_actions = play_turns(g, SHARP, 5)
    assert any(a.startswith("s0: play M1") and a.endswith("-1") for a in hard_actions), hard_actions
    assert not hard.is_over() and all(cl["alive"] for cl in hard.climbers[0].values())
    medium, medium_actions = play_turns(g, SHORT, 5)
    assert any(a.startswith("s0: risk") for a in medium_actions), medium_actions
    assert medium.is_over() and not all(cl["alive"] for cl in medium.climbers[0].values())


@pytest.mark.parametrize("players", [1, 2])
def test_solo_sharp_view_keeps_its_tent_for_the_heights(players: int) -> None:
    """K2-R23: a climber pitches its tent once. With just the points to pitch it (no weather), on E16 (Z1,
    acc 0) the medium bot pitches it, and so does the sharp view with two players; solo, the sharp view keeps it
    for Z2, where a climber waits for the summit. On E24 (Z2, acc -1) every view pitches it."""
    g = play_until(K2.new({"players": players}, "low-tent"), 4, ACT)
    seat = g.current
    g.day = lambda d: NO_WEATHER  # type: ignore[method-assign]
    for space in ("E16", "E24"):
        h = g.copy()
        h.climbers[seat]["A"].update(space=space, level=4, vp=h.spaces[space].vp, tent=None)
        h.climbers[seat]["B"].update(space="E02", level=4, vp=1, tent=None)
        h.unassigned, h.assigned, h.points = [], ["A"], 0
        h.pools = {"A": [0, 0, h.spaces[space].cost], "B": [0, 0, 0]}  # the tent's cost (K2-R23), from G
        pitch = f"s{seat}: tent A"
        assert pitch in [str(a) for a in h.legal_actions(seat) or []]
        assert str(choose_action(h, seat, SHORT)) == pitch
        keeps = players == 1 and space == "E16"
        assert (str(choose_action(h, seat, SHARP)) != pitch) == keeps, (players, space)


@pytest.mark.parametrize("players", [1, 2])
def test_solo_sharp_view_waits_next_to_more_vp(players: int) -> None:
    """K2-R21 / K2-R19: VP count also in passing, and a Z2 space holds one climber in solo. On E24, E25 (VP 6) is 2
    points up: a climber waiting there banks it with a turn's excursion; from E21 (the same VP 5, zone and
    acclimatization) it is 4 points. Solo, the sharp view values a climber and a tent on E24 above E21; with two
    players, and in the medium bot's view, the tent is worth the same on both."""
    assert (NEAR_MORE_VP["E"]["E21"], NEAR_MORE_VP["E"]["E24"], NEAR_MORE_VP["E"]["E25"]) == (0.0, 0.5, 0.25)
    g = K2.new({"players": players}, "excursion")
    g.day = lambda d: NO_WEATHER  # type: ignore[method-assign]
    e21, e24 = g.spaces["E21"], g.spaces["E24"]
    assert tent_value(g, e21) == tent_value(g, e24)
    assert (tent_value(g, e24, sharp=True) > tent_value(g, e21, sharp=True)) == (players == 1)
    ranks = W.height * (e24.rank - e21.rank) / 27  # the height both views see
    gain = (climber_value(g, 0, "A", "E24", 4, 5, None, sharp=True)
            - climber_value(g, 0, "A", "E21", 4, 5, None, sharp=True))
    assert gain == pytest.approx(ranks + (W.excursion * 0.5 if players == 1 else 0.0))


def test_sharp_view_keeps_the_cards_the_next_turn_needs() -> None:
    """K2-R37: in round 11 the three cards kept are round 12's whole hand. A climber on E25 (acc -1) at level
    6 faces a storm in round 12 (loss 6 in Z2-Z3, K2-R29): it needs 2 levels of acclimatization then. Playing
    A3 and A2 tonight is wasted above level 6 (K2-R32) and leaves too little; the one-turn view values both
    choices alike and plays them, and its climber dies in round 12's night; the sharp view judges the two
    turns (``next_turn_value``), keeps them, and its climber lives."""
    g = play_until(K2.new({"players": 1}, "kept-cards"), 11, CHOOSE)
    assert not g.draw[0]  # the kept cards are all of round 12's hand
    g.day = lambda d: Day(6, 0, 2, 3) if d == 12 else NO_WEATHER  # type: ignore[method-assign]
    g.hands[0] = ["A3", "A2", "A1", "A1", "A0", "R12"]
    g.climbers[0]["A"].update(space="E25", level=6, vp=6, tent="E00")
    g.climbers[0]["B"].update(space="E00", level=1, vp=1, tent=None)
    spent, kept = ["A3", "A2", "A1"], ["A0", "R12", "A1"]
    assert next_turn_value(g, 0, kept, SHARP) - next_turn_value(g, 0, spent, SHARP) >= 6  # its VP above 1
    assert {"A3", "A2"} & set(choose_ranking(g, 0, SHORT)[0].cards)
    assert not {"A3", "A2"} <= set(choose_ranking(g, 0, SHARP)[0].cards)
    hard, _ = play_turns(g, SHARP, 13)
    assert not hard.is_over() and hard.climbers[0]["A"]["alive"]
    medium, _ = play_turns(g, SHORT, 13)
    assert medium.is_over() and not medium.climbers[0]["A"]["alive"]


def test_solo_sharp_view_takes_the_token_its_turn_can_spend() -> None:
    """K2-R13 / K2-R26: a solo player takes a face-up token every round, and its penalty points lower its cards
    or levels; the row is refilled, so a token left there is one a later round can take. A on E21 and B on E24
    (Z2, no weather), the turn M1 A0 A1 with the row 0, 1, 2: one movement point reaches nothing (every
    neighbour costs 2), so a point on the M1 costs nothing, and a second one costs a level. The medium bot takes
    the 0; the sharp view takes the 1, and leaves the 0 for a turn that needs every point. With M1 M1 A0 and A
    on E24, the two points reach E25 (VP 6): the sharp view takes the 0 as well."""
    g = play_until(K2.new({"players": 1}, "token-choice"), 8, CHOOSE)
    g.day = lambda d: NO_WEATHER  # type: ignore[method-assign]
    taken = {}
    for cards, a_on in ((("M1", "A0", "A1"), "E21"), (("M1", "M1", "A0"), "E24")):
        h = g.copy()
        h.hands[0] = [*cards, "M3", "M3", "M2"]
        h.climbers[0]["A"].update(space=a_on, level=4, vp=5, tent="E00")
        h.climbers[0]["B"].update(space="E21" if a_on == "E24" else "E24", level=4, vp=5, tent="E00")
        h.apply(f"s0: choose {' '.join(cards)}")
        h.risk_faceup = [0, 1, 2]
        assert [str(a) for a in h.legal_actions(0) or []] == ["s0: take 1", "s0: take 2", "s0: take 3"]
        taken[cards] = str(choose_action(h, 0, SHARP)), str(choose_action(h, 0, SHORT))
    assert taken == {("M1", "A0", "A1"): ("s0: take 2", "s0: take 1"),
                     ("M1", "M1", "A0"): ("s0: take 1", "s0: take 1")}


def test_hard_bot_is_deterministic_and_leaks_nothing_late_in_the_game() -> None:
    """The same game, seat and seed give the same hard move; in round 17 (where the sharp view reads the own
    hand) other seats' hidden cards change nothing."""
    g = play_until(K2.new({"players": 2}, "late"), ROUNDS - 1, CHOOSE)
    for seat in (0, 1):
        a = make_bot("mcts:i20").choose(g, seat, Rng("same"))
        assert str(a) == str(make_bot("mcts:i20").choose(g, seat, Rng("same")))
        g.check(a)
    check_no_leak(g, 0, ("heuristic", "mcts:i8"))



@pytest.mark.parametrize("players", [1, 3])
def test_shared_judgements_are_the_climbers_own(players: int) -> None:
    """The heuristic's judgement of a climber (``climber_value``) is kept across positions by what it reads
    (``judge``): at every phase-3 position of a game, and in round 17 with other hands (the sharp view's last
    night reads the acclimatization kept), the kept answer for any space is the one worked out afresh."""
    g = K2.new({"players": players}, "shared-judgements")
    checked = 0
    while not g.is_over():
        seat = g.to_move()[0]
        if g.phase == ACT:
            hands = [list(g.hands[seat])] + ([["M1", "A2", "A3"], ["M1", "M2", "M3"]] if g.round == ROUNDS - 1 else [])
            for hand in hands:
                g.hands[seat] = hand
                for c in g.on_board(seat):
                    cl = g.climbers[seat][c]
                    for space in list(g.spaces)[::3] + [cl["space"]]:
                        for mind in (SHORT, SHARP):
                            for level, vp, tent in ((cl["level"], cl["vp"], None), (3, 7, space)):
                                assert judge(g, seat, c, space, level, vp, tent, mind) == climber_value(
                                    g, seat, c, space, level, vp, tent, sharp=mind == SHARP)
                                checked += 1
            g.hands[seat] = hands[0]
        g.apply(choose_action(g, seat, SHARP))
    assert g.round == ROUNDS and checked > 1000


@pytest.mark.parametrize("players", [1, 3])
def test_quick_turn_plans_and_shared_outcomes_are_the_ones_worked_out_afresh(players: int) -> None:
    """The bots' searches spend most of their time planning whole turns (K2-R16, K2-R17): the plan of a turn from
    its start (``whole_turn``, kept in the board's memo) has the same best total and assignment as the general
    enumeration worked out afresh (``turn_under_way``), and a climber's best outcome kept across boards
    (``_OUTCOMES``) is the one worked out afresh, at every phase-1 decision of a game, in both minds."""
    g = K2.new({"players": players}, "quick-turns")
    checked = 0
    while not g.is_over():
        seat = g.to_move()[0]
        if g.phase == CHOOSE:
            for mind in (SHORT, SHARP):
                for action in (g.legal_actions(seat) or [])[::4]:
                    cards = list(action.cards)  # type: ignore[union-attr]
                    quick = plan_turn(g, seat, cards, 0, {}, [], _memo(g, seat, mind), mind)
                    _OUTCOMES.clear()
                    assert quick == turn_under_way(g, seat, cards, 0, {}, [], {}, mind)
                    checked += 1
                for c in g.on_board(seat):
                    for pools, level in (((0, 0, 0), 1), ((2, 0, 1), 4), ((0, 3, 2), 2), ((1, 1, 4), 6)):
                        kept = best_outcome(g, seat, c, pools, level, {}, mind)
                        _OUTCOMES.clear()
                        assert kept == best_outcome(g, seat, c, pools, level, {}, mind)
                        checked += 1
        g.apply(choose_action(g, seat, SHARP))
    assert g.round == ROUNDS and checked > 300


@pytest.mark.parametrize("players", [1, 5])
def test_search_samples_breathe_between_their_moves(players: int) -> None:
    """A sample plays rounds (six solo, three with five players; a second or more in the page for a handful):
    the search yields inside it, ranking each seat's card choices a choice per step (its own in the sharp view,
    the others' as the medium bot), so that a page running it in slices keeps its thread; before, it
    yielded once per sample, then once per ranking of its own seat (5 players: 180 steps for 4 samples)."""
    from pygames.core.bots import MCTSBot

    g = K2.new({"players": players}, "solo-steps")
    heuristic = make_bot("heuristic")
    while g.round < 3 or 0 not in g.to_move():
        seat = g.to_move()[0]
        g.apply(heuristic.choose(g, seat, bot_rng(g, seat)))
    bot = MCTSBot(max_iterations=4)
    steps, answer = slices(bot.think(g, 0, bot_rng(g, 0)))
    assert bot.last_iterations == 4 and steps >= (20 if players == 1 else 100) * bot.last_iterations
    assert str(answer) == str(MCTSBot(max_iterations=4).choose(g, 0, bot_rng(g, 0)))  # the same decision


def last_rounds_position() -> K2:
    """A solo game at round 17's card choice (from a hard-bot game, E/SUM): A on E24 (level 3, VP 6, its tent
    there), B on E25 (level 1, VP 7, its tent on E16); no weather but a loss of 2 in Z1 on day 18; every token
    face up or down is a 2; the hand is the deck's last six cards (K2-R37)."""
    g = play_until(K2.new({"players": 1}, "last-two-rounds"), ROUNDS - 1, CHOOSE)
    g.day = lambda d: Day(2, 0, 1, 1) if d == ROUNDS else NO_WEATHER  # type: ignore[method-assign]
    g.hands[0] = ["M2", "M3", "R13", "A0", "A2", "A3"]
    assert not g.draw[0]
    g.climbers[0]["A"].update(space="E24", level=3, vp=6, tent="E24", summit=None)
    g.climbers[0]["B"].update(space="E25", level=1, vp=7, tent="E16", summit=None)
    g.risk_faceup, g.risk_stack = [2, 2, 2], [2]
    return g


def finish(g: K2, bot: str) -> tuple[K2, list[str]]:
    h = g.copy()
    player = make_bot(bot)
    actions = []
    while not h.is_over():
        action = player.choose(h, 0, bot_rng(h, 0))
        h.check(action)
        h.apply(action)
        actions.append(str(action))
    return h, actions


def hard_and_medium(g: K2, first: str, score: int) -> None:
    """From ``g`` the hard bot plays ``first``, takes B to the summit with both climbers alive and scores
    ``score``, "Alpinist" (K2-R42); the medium bot ends below that."""
    hard, actions = finish(g, "mcts")
    assert actions[0] == first, actions
    assert hard.climbers[0]["B"]["vp"] == 10 and all(cl["alive"] for cl in hard.climbers[0].values())
    assert hard.result().scores == [score] and hard.result().title == "Alpinist"
    medium, _ = finish(g, "heuristic")
    assert medium.result().scores[0] < score


def test_solo_hard_bot_works_out_the_last_two_rounds() -> None:
    """K2-R37: in round 17 a solo player's hand is all the cards rounds 17 and 18 will play, and round 18's
    token is the lowest face up. The hard bot weighs every card choice, token and turn of round 17 by the best
    round 18 it leaves (``endgame``): here it spends round 17 on acclimatization (A0 A2 A3, B's level to 6), so
    that round 18's M2 M3 R13 take B from E25 up to the summit (6 points, K2-R18) and it survives the night
    there even after the token's 2 points (K2-R26, K2-R32): 10 + 6 = 16, "Alpinist" (K2-R42). The medium bot
    moves in round 17 and ends below that."""
    hard_and_medium(last_rounds_position(), "s0: choose A0 A2 A3", 16)


def test_solo_last_rounds_plan_breathes_and_repeats() -> None:
    """The plan of round 17 is worked out in slices (a way of playing the cards per step), so that a page
    running it keeps its thread, and the same position gives the same decision in every phase;
    other games, rounds and the medium bot are not planned this way."""
    from pygames.k2.strategy import endgame

    g = last_rounds_position()
    steps, first = slices(endgame.decide(g.view(0), 0))
    assert steps >= 100 and str(first) == "s0: choose A0 A2 A3"
    while g.round == ROUNDS - 1:
        assert endgame.applies(g, 0)
        action = make_bot("mcts").choose(g, 0, bot_rng(g, 0))
        assert str(action) == str(make_bot("mcts").choose(g, 0, bot_rng(g, 0)))
        g.check(action)
        g.apply(action)
    assert not endgame.applies(g, 0)
    two = play_until(K2.new({"players": 2}, "last-two-rounds"), ROUNDS - 1, CHOOSE)
    assert not endgame.applies(two, 0) and not endgame.applies(two.copy(), 1)
    assert STRATEGY.for_search(two, 0).search_plan(two, 0, Rng("x")) is None


def round16_position() -> K2:
    """A solo H/WIN game (seed ``r16-24``) played by the medium bot to round 16's card choice."""
    return play_until(K2.new({"players": 1, "side": "H", "weather": "WIN"}, "r16-24"), ROUNDS - 2, CHOOSE)


def test_solo_hard_bot_weighs_round_16_by_the_last_two_rounds() -> None:
    """K2-R37: in round 16 the cards of rounds 17 and 18 are the three a solo player keeps and the deck's last
    three, known to it (here A2 M1 R13). The hard bot weighs its round-16 card choices and token by the round 17
    they leave, valued by the exact plan of the last two rounds (``endgame.decide16``). Side H in winter, B on
    H22 (VP 5): it plays M1 R12 R23 (B to H23), keeps both M3 and the A0, and B reaches H28 in round 17 and the
    summit H29 in round 18 (K2-R21): 4 + 10 = 14, "Alpinist" (K2-R42). The sharp view alone would choose
    otherwise, and the medium bot ends on 11."""
    from pygames.k2.strategy import endgame

    g = round16_position()
    assert sorted(g.draw[0]) == ["A2", "M1", "R13"] and g.climbers[0]["B"]["space"] == "H22"
    assert endgame.applies16(g, 0)
    assert str(ranked_choices(g, 0, SHARP)[0][1]) != "s0: choose M1 R12 R23"
    hard_and_medium(g, "s0: choose M1 R12 R23", 14)


def test_solo_round_16_plan_breathes_repeats_and_sees_only_the_view() -> None:
    """The round-16 plan is worked out in slices (a page running it keeps its thread); the same
    position gives the same decision, also from the seat's view (K2-R48); it decides a solo round 16 only."""
    from pygames.k2.strategy import endgame

    g = round16_position()
    steps, first = slices(endgame.decide16(g, 0))
    assert steps >= 20 and str(first) == "s0: choose M1 R12 R23"
    endgame._VALUES17.clear()
    assert str(make_bot("mcts").choose(g.view(0), 0, bot_rng(g, 0))) == str(first)
    while g.round == ROUNDS - 2:
        assert endgame.applies16(g, 0)
        action = make_bot("mcts").choose(g, 0, bot_rng(g, 0))
        assert str(action) == str(make_bot("mcts").choose(g, 0, bot_rng(g, 0)))
        g.check(action)
        g.apply(action)
    assert not endgame.applies16(g, 0)
    two = play_until(K2.new({"players": 2}, "last-two-rounds"), ROUNDS - 2, CHOOSE)
    assert not endgame.applies16(two, 0) and not endgame.applies16(two, 1)


def test_solo_hard_bot_weighs_round_16s_turn_by_the_round_17_it_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """In round 16 the hard bot also weighs its turn by the round 17 it leaves (``endgame.turn16``): the sharp
    view's best turns with distinct ends, each played out and valued by the plan of the last two rounds. Side H
    in winter (seed ``r16-18``, the medium bot's game to round 16's turn): A climbs H26 H28 now (VP 8, K2-R21)
    and the expedition ends on 15, "Alpinist" (K2-R42); the sharp view's own turn leaves A below this round and
    the expedition ends on 13, "Tatra climber"."""
    from pygames.k2.strategy import endgame

    g = play_until(K2.new({"players": 1, "side": "H", "weather": "WIN"}, "r16-18"), ROUNDS - 2, ACT)
    assert endgame.applies16(g, 0)
    planned, actions = finish(g, "mcts")
    assert "s0: move A H26 H28" in actions[:actions.index("s0: end")]
    assert planned.result().scores == [15] and planned.result().title == "Alpinist"
    monkeypatch.setattr(endgame, "TURNS16", 0)  # no turn weighed: the sharp view's step (``turn16``)
    endgame._VALUES17.clear()
    sharp, actions = finish(g, "mcts")
    assert "s0: move A H26 H28" not in actions[:actions.index("s0: end")]
    assert sharp.result().scores == [13] and sharp.result().title == "Tatra climber"


@pytest.mark.parametrize("mind", [SHORT, SHARP])
def test_a_card_worth_nothing_makes_a_climber_a_target_for_penalty_points(mind: str) -> None:
    """K2-R26 / K2-R27 / D7: penalty points go on a card as it is assigned or on the level of a climber given a
    card (an A0 counts). Round 18, 2 points to spend: A on E26 (Z3, acc -2) at level 1 must go down to E25 with
    R13 and A1 and keep its level to live; B (E16 with its tent, level 4) given the A0 takes both points and
    lives. Giving A0 to A or to B adds the same, but only to B does it move the points off A: both bots' turns
    find it (they once judged the two alike and A died)."""
    g = play_until(K2.new({"players": 1}, "last-two-rounds"), ROUNDS, ACT)
    g.day = lambda d: NO_WEATHER  # type: ignore[method-assign]
    g.climbers[0]["A"].update(space="E26", level=1, vp=7, tent="E21", summit=None)
    g.climbers[0]["B"].update(space="E16", level=4, vp=4, tent="E16", summit=None)
    g.unassigned, g.assigned, g.points = ["R13", "A0", "A1"], [], 2
    g.pools = {c: [0, 0, 0] for c in ("A", "B")}
    end, actions = play_turns(g, mind, ROUNDS + 1)
    assert "s0: play A0 B" in actions, actions
    assert end.is_over() and all(cl["alive"] for cl in end.climbers[0].values()), actions
    assert end.result().scores == [11]
