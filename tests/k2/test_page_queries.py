"""Engine answers the page asks for instead of computing them: what a card adds after a
penalty (K2-R17, K2-R26) and a climber's level after the night (K2-R32). Spec docs/rules/k2.md."""

from __future__ import annotations

from pygames.k2 import rounds
from pygames.k2.actions import Play
from pygames.k2.data import CARDS
from pygames.k2.game import K2, card_value

from .helpers import calm, cl, game, place, pools, turn, weather


def test_k2_r17_r26_card_value_is_what_the_assignment_adds() -> None:
    """K2-R17: M adds its value to G, a rope card its up value to U or its down value to D, A to the
    level at once; K2-R26 (a): each penalty point lowers that by one. Every legal assignment of a turn
    with a 3-point token adds exactly ``card_value`` of its card, direction and penalty."""
    assert (card_value("M3"), card_value("A2", penalty=1)) == (3, 1)
    rope = next(code for code, card in CARDS.items() if card.kind == "R" and card.up != card.down)
    assert (card_value(rope, "U"), card_value(rope, "D")) == (CARDS[rope].up, CARDS[rope].down)
    assert card_value(rope, "D", 1) == CARDS[rope].down - 1
    g = calm(place(game(2), {0: {"A": ("E13", 3, None), "B": ("E12", 3, None)}}))
    turn(g, 0, ["M3", rope, "A2"], token=3)
    plays = [a for a in g.legal_actions(0) if isinstance(a, Play)]
    assert {a.penalty for a in plays} == {0, 1, 2, 3}
    for action in plays:
        after = g.play(action)
        assert isinstance(after, K2)
        gained = [x - y for x, y in zip(pools(after, action.climber), pools(g, action.climber), strict=True)]
        gained.append(cl(after, 0, action.climber)["level"] - cl(g, 0, action.climber)["level"])
        assert sum(gained) == card_value(action.card, action.direction, action.penalty), str(action)


def test_k2_r32_night_level_is_the_level_after_the_check() -> None:
    """K2-R32: L + acc + shelter - loss, at most 6 (the levels of K2-R32's test); below 1 it dies."""
    g = place(game(2), {0: {"A": ("E21", 3, 5), "B": ("E13", 9, 2)}, 1: {"A": ("E19", 1, 4)}})
    cl(g, 1, "A")["tent"] = "E19"
    weather(g, "SUM1", 2)  # a1 Z2-Z3
    expected = {(0, "A"): 3 - 1 - 1, (0, "B"): 6, (1, "A"): 1 - 1 + 1}
    assert {key: g.night_level(*key) for key in expected} == expected
    levels = {(s, c): g.night_level(s, c) for s in range(2) for c in g.on_board(s)}
    rounds.phase4(g)
    for (s, c), level in levels.items():
        assert cl(g, s, c)["level"] == level if level >= 1 else not cl(g, s, c)["alive"]
