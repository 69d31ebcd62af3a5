"""The Actions table K2-A1..A8: texts print and parse exactly; malformed texts say what is wrong."""

from __future__ import annotations

import pytest

from pygames.core.errors import RuleError
from pygames.k2.actions import Choose, End, Move, Play, Rescue, Risk, Take, Tent

from .helpers import calm, game, place, turn

CASES = [
    ("s0: choose M1 M3 A1", Choose(0, ("M1", "M3", "A1"))),  # K2-A1
    ("s2: take 2", Take(2, 2)),  # K2-A2
    ("s0: play R13 A D -1", Play(0, "R13", "A", "D", 1)),  # K2-A3
    ("s1: play M3 B", Play(1, "M3", "B", "", 0)),
    ("s0: move B E12 E11", Move(0, "B", ("E12", "E11"))),  # K2-A4
    ("s0: tent B", Tent(0, "B")),  # K2-A5
    ("s0: risk A 1", Risk(0, "A", 1)),  # K2-A6
    ("s3: end", End(3)),  # K2-A7
    ("s0: rescue A E05", Rescue(0, "A", "E05")),  # K2-A8
    ("s0: rescue B none", Rescue(0, "B", None)),
]


@pytest.mark.parametrize(("text", "action"), CASES)
def test_k2_a1_to_a8_print_and_parse(text: str, action: object) -> None:
    """K2-A1..K2-A8: str() prints the notation and parse_action reads it back (seat prefix included)."""
    g = game(4)
    assert str(action) == text
    assert g.parse_action(text) == action
    assert g.parse_action(text.split(": ", 1)[1], int(text[1])) == action


def test_k2_a1_choice_printed_in_deck_order() -> None:
    """K2-A1: a choice is a multiset: any order parses to the same action, printed in deck order."""
    g = game(2)
    assert str(g.parse_action("s1: choose a1 m3 M1")) == "s1: choose M1 M3 A1"


@pytest.mark.parametrize(("text", "words"), [
    ("s0: choose M1 M3", "exactly 3"),
    ("s0: choose M1 M3 X9", "not a card"),
    ("s0: take x", "whole number"),
    ("s0: play M3 C", "not a climber"),
    ("s0: play M3 A Q", "unexpected"),
    ("s0: play M3 A -0", "k >= 1"),
    ("s0: move A", "spaces it enters"),
    ("s0: move A Z12", "not a space id"),
    ("s0: move A E\u0661\u0662", "not a space id"),  # Arabic-Indic digits are not the notation's
    ("s0: rescue A H\u00b2\u00b2", "not a space id"),
    ("s0: risk A 0", "at least 1"),
    ("s0: end now", "nothing after"),
    ("s0: rescue A", "rescue names"),
    ("s0: jump", "unknown action"),
    ("s9: end", "no seat 9"),
])
def test_k2_a_malformed_texts(text: str, words: str) -> None:
    """K2-A1..A8: malformed notation is refused, saying what is wrong."""
    g = game(2)
    with pytest.raises(RuleError, match=words):
        g.parse_action(text)


def test_k2_a3_a7_legal_list_is_checked_and_complete() -> None:
    """K2-A3..A7: every listed action passes the rules check; plays cover every card, climber, direction and
    penalty; one move per distinct outcome."""
    g = calm(place(game(2), {0: {"A": ("E12", 3, 1), "B": ("E09", 3, 1)}}))
    turn(g, 0, ["R13", "M2", "A1"], token=1)
    legal = [str(a) for a in g.legal_actions(0)]
    for text in legal:
        g.copy().check(g.parse_action(text))
    plays = [t for t in legal if " play " in t]
    assert len(plays) == 2 * (2 + 2) + 2 * 2 + 2 * 2  # R13 U/D (+ -1 each), M2 (+ -1), A1 (+ -1), per climber
    assert "s0: end" not in legal
    g.apply("s0: play M2 A")
    moves = [t for t in g.legal_actions(0) if isinstance(t, Move)]
    ends = {m.path[-1] for m in moves}
    assert ends == {"E11", "E13"}  # from E12 with G=2: up E13 (2), down E11 (1); E11 onwards costs 2 more
