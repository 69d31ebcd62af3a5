"""Bots on Blokus 3D: the generic random, heuristic and search bots choose legal placements; the
heuristic beats random; the search hooks narrow to legal placements and the real random action stays uniform."""

from __future__ import annotations

from pygames.blokus3d.game import Blokus3D
from pygames.blokus3d.strategy import SEARCH_DEPTH, SEARCH_DEPTH_MULTI, STRATEGY, evaluate, score_placements
from pygames.core.bots import bot_rng, make_bot
from pygames.core.rng import Rng

from .helpers import game


def test_every_bot_chooses_a_legal_placement() -> None:
    g = game(4)
    g.apply("BL4:230,240,330,430")
    legal = {str(a) for a in g.legal_actions()}
    for spec in ("random", "heuristic", "mcts:i20"):
        action = make_bot(spec).choose(g, 1, bot_rng(g, 1))
        assert str(action) in legal, spec


def test_heuristic_beats_random() -> None:
    """Heuristic vs random, 4 players on the Tower, seats alternating: the heuristic wins most games."""
    wins = 0.0
    for i in range(6):
        g = Blokus3D.new({"players": 4}, f"hb-{i}")
        bots = [make_bot("heuristic" if (s + i) % 2 == 0 else "random") for s in range(4)]
        while not g.is_over():
            seat = g.to_move()[0]
            g.apply(bots[seat].choose(g, seat, bot_rng(g, seat)))
        wins += sum(p for s, p in enumerate(g.payoffs()) if (s + i) % 2 == 0)
    assert wins >= 4


def test_random_action_is_uniform_over_the_legal_list() -> None:
    g = game(4)
    legal = g.legal_actions()
    rng = Rng(1)
    picks = {str(g.random_action(0, rng)) for _ in range(400)}
    assert len(picks) > 150 and picks <= {str(a) for a in legal}


def test_search_hooks_keep_the_rules() -> None:
    g = game(4)
    s = g.determinize(0, Rng(0))
    assert type(s) is Blokus3D and s.state_json() == g.state_json()
    narrow = STRATEGY.search_actions(s, 0)
    assert 0 < len(narrow) <= 8 and {str(a) for a in narrow} <= {str(a) for a in g.legal_actions()}
    assert len(g.legal_actions()) > 8
    # the narrowing keeps the policy's best: its values are the top of the full list
    values = score_placements(g, g.gis[g.current], g.legal_actions())
    assert min(score_placements(g, g.gis[g.current], narrow)) >= sorted(values)[-8] - 1e-9
    assert str(STRATEGY.rollout_action(s, 0, Rng(1))) == str(narrow[0])
    s.apply(narrow[0])
    assert s.state_json()["heights"] != g.state_json()["heights"]
    # the horizon: with 4 players lines run further (SEARCH_DEPTH_MULTI) than with 2 (SEARCH_DEPTH)
    assert not STRATEGY.search_over(s, g, SEARCH_DEPTH_MULTI - 1) and STRATEGY.search_over(s, g, SEARCH_DEPTH_MULTI)
    two = game(2)
    assert not STRATEGY.search_over(two, two, SEARCH_DEPTH - 1) and STRATEGY.search_over(two, two, SEARCH_DEPTH)
    assert SEARCH_DEPTH_MULTI > SEARCH_DEPTH
    solo = Blokus3D.new({"players": 1}, "solo")
    hinted = STRATEGY.search_actions(solo, 0)  # solitaire: the solver's next piece alone
    assert len(hinted) == 1 and hinted[0] in solo.legal_actions(0) and not STRATEGY.search_over(solo, solo, 1000)


def test_hard_bot_builds_the_solitaire_cubes() -> None:
    """B3D-R23: the search bot completes the cube (it plays the solver's placements), as the medium bot does."""
    for options in ({"size": 3, "colours": "B"}, {"size": 4, "colours": "BY"}):
        g = Blokus3D.new({"players": 1, **options}, "hard-solo")
        bot = make_bot("mcts:i30")
        while not g.is_over():
            g.apply(bot.choose(g, 0, bot_rng(g, 0)))
        assert g.result().solved, options


def test_values_are_probabilities_and_prefer_more_tops() -> None:
    g = game(2)
    assert 0.0 <= evaluate(g, 0) <= 1.0
    values = score_placements(g, 0, g.legal_actions())
    assert len(values) == 687
    # four columns flat (O4 flat) beats a domino standing on one column
    flat = g.parse_action("BO4:230,240,330,340")
    stand = g.parse_action("BI2:230,231")
    v = score_placements(g, 0, [flat, stand])
    assert v[0] > v[1]
