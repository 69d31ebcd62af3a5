"""K3's bots (pygames/k3/strategy.py): how the hard bot's search scores a sample, and the engine's shortcuts that
search leans on (open slots remembered across copies)."""

from __future__ import annotations

from pygames.core.rng import Rng
from pygames.k3.game import ARRANGE, K3, PENALTY
from pygames.k3.strategy import evaluate, evaluate_all


def played(options: dict, seed: str, actions: int) -> K3:
    """A game of random play from ``seed``, ``actions`` actions past the arrangements (or to its end)."""
    g = K3.new(options, seed)
    rng = Rng(seed)
    while not g.is_over() and (g.phase == ARRANGE or actions > 0):
        if g.phase != ARRANGE:
            actions -= 1
        g.apply(g.random_action(g.to_move()[0], rng))
    return g


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
