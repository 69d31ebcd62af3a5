"""K3's bots (pygames/k3/strategy.py): where the hard bot's search stops a sample and how it scores it there,
and the engine's shortcuts that search leans on (open slots remembered across copies)."""

from __future__ import annotations

import pytest

from pygames.core.bots import MCTSBot, make_bot
from pygames.core.rng import Rng
from pygames.k3 import strategy
from pygames.k3.game import ARRANGE, K3, PENALTY
from pygames.k3.strategy import HORIZON_PLIES, STRATEGY, K3Search, evaluate, evaluate_all, win_shares


def played(options: dict, seed: str, actions: int) -> K3:
    """A game of random play from ``seed``, ``actions`` actions past the arrangements (or to its end)."""
    g = K3.new(options, seed)
    rng = Rng(seed)
    while not g.is_over() and (g.phase == ARRANGE or actions > 0):
        if g.phase != ARRANGE:
            actions -= 1
        g.apply(g.random_action(g.to_move()[0], rng))
    return g


@pytest.mark.parametrize(("options", "horizon"), [
    ({"players": 4}, True),
    ({"players": 3}, False),
    ({"players": 2}, False),
    ({"players": 4, "coop": True}, False),
])
def test_with_four_players_a_search_sample_stops_eight_actions_on_and_is_scored_by_win_shares(
        monkeypatch: pytest.MonkeyPatch, options: dict, horizon: bool) -> None:
    """With four players the hard bot stops each sample ``HORIZON_PLIES`` actions on and scores it by the seats'
    estimated chances to win (``win_shares``). With two or three players, and in the cooperative game, samples
    are played to the end."""
    g = next(g for n in range(50) if not (g := played(options, f"horizon-{n}", 4)).is_over())
    seat = g.to_move()[0]
    scored: list[int] = []

    def recorded(game: K3) -> list[float]:
        scored.append(len(game.history) - len(g.history))
        return win_shares(game)

    monkeypatch.setattr(strategy, "win_shares", recorded)
    action = MCTSBot(max_iterations=60).choose(g, seat, Rng("horizon"))
    assert action in g.legal_actions(seat)
    if horizon:
        assert len(scored) == 60 and set(scored) == {HORIZON_PLIES}
    else:
        assert scored == []


def test_with_four_players_the_search_expects_each_rival_to_play_the_medium_bots_move() -> None:
    """Up to its horizon the hard bot weighs all its own moves and, for each rival, the move the medium bot
    would play there (its best by ``evaluate``; the bot draws among equals)."""
    checked = 0
    for n in range(12):
        g = played({"players": 4}, f"rivals-{n}", 3 * n)
        if g.is_over():
            continue
        me = g.to_move()[0]
        search = STRATEGY.for_search(g, me)
        assert isinstance(search, K3Search)
        assert search.search_actions(g, me) == g.legal_actions(me)
        rival = g.copy()
        while rival.to_move() == [me]:
            rival.apply(rival.random_action(me, Rng(n)))
        if rival.is_over():
            continue
        seat = rival.to_move()[0]
        [expected] = search.search_actions(rival, seat)
        played_by_medium = make_bot("heuristic").choose(rival, seat, Rng(f"medium-{n}"))
        after = [rival.copy() for _ in range(2)]
        after[0].apply(expected)
        after[1].apply(played_by_medium)
        assert evaluate(after[0], seat) == evaluate(after[1], seat)
        checked += 1
    assert checked >= 8
    two = next(g for n in range(50) if not (g := played({"players": 2}, f"rivals-{n}", 0)).is_over())
    assert STRATEGY.for_search(two, two.to_move()[0]) is STRATEGY  # fewer players: every move is weighed


def test_win_shares_are_chances_on_the_payoffs_scale() -> None:
    """The estimate a stopped sample is scored by, and a 4-player hint shows: the live seats' chances add up to 1,
    an eliminated seat has none, and with two players it is the medium bot's ``evaluate``."""
    eliminated = 0
    for n in range(30):
        g = played({"players": 2 + n % 3}, f"shares-{n}", 5 + 2 * n)
        shares = win_shares(g)
        assert sum(shares) == pytest.approx(1.0) and all(0.0 <= x <= 1.0 for x in shares)
        assert all(shares[s] == 0.0 for s in range(g.players) if g.eliminated[s])
        eliminated += any(g.eliminated) and not g.is_over()
        if g.players == 2:
            assert shares == pytest.approx(evaluate_all(g))
    assert eliminated


def test_every_seats_value_worked_out_at_once_is_each_seats_own_value() -> None:
    """The search scores a stopped sample for all seats in one pass (``evaluate_all``): the same values the
    medium bot's ``evaluate`` gives seat by seat, in play, in a penalty, after an elimination and in the
    cooperative game."""
    seen = {"penalty": 0, "eliminated": 0, "coop": 0}
    for n in range(40):
        options = {"players": 2 + n % 3, "coop": n % 5 == 0}
        g = played(options, f"values-{n}", 10 + n)
        while not g.is_over():
            assert evaluate_all(g) == [evaluate(g, s) for s in range(g.players)]
            seen["penalty"] += g.phase == PENALTY
            seen["eliminated"] += any(g.eliminated)
            seen["coop"] += bool(g.options["coop"])
            g.apply(g.random_action(g.to_move()[0], Rng(f"{n}-{len(g.history)}")))
        assert evaluate_all(g) == g.payoffs()
    assert all(seen.values()), seen


def test_the_open_slots_stay_right_across_the_copies_search_plays_on() -> None:
    """K3-R14 (an empty slot is open when both pawns below it are there), checked afresh after every action of
    games played as search plays them: each on a copy of the last, the engine's remembered slots carried along."""
    for n in range(30):
        g = played({"players": 2 + n % 3}, f"slots-{n}", 0)
        rng = Rng(n)
        while not g.is_over():
            m = g.mountain
            assert g.open_slots() == sorted((r + 1, c) for (r, c) in m if (r, c + 1) in m and (r + 1, c) not in m)
            g = g.copy()
            g.apply(g.random_action(g.to_move()[0], rng))
