"""Engine answers the page asks for instead of computing them: the circles a climber may be
put on at the setup (MH-R10) and the value of the dice left after a set-aside (MH-R14, MH-R15).
Spec docs/rules/matterhorn.md."""

from __future__ import annotations

from pygames.matterhorn.actions import Setup
from pygames.matterhorn.data import ROW_CIRCLES
from pygames.matterhorn.dice import aside_choices
from pygames.matterhorn.game import PLACE, SETUP, Matterhorn

from .helpers import position


def test_mh_r10_setup_circles_are_the_free_circles_of_row_12() -> None:
    """MH-R10: any two free circles of row 12; the circles taken by the players before are not free."""
    g = Matterhorn.new({"players": 3}, "setup-circles")
    assert g.setup_circles() == list(ROW_CIRCLES[12])
    g.apply(g.legal_actions()[-1])
    taken = {c for c, piece in g.board.items() if isinstance(piece, int)}
    assert len(taken) == 2 and set(g.setup_circles()) == set(ROW_CIRCLES[12]) - taken
    assert g.phase == SETUP
    assert {c for a in g.legal_actions() if isinstance(a, Setup) for c in a.circles} == set(g.setup_circles())


def test_mh_r14_r15_value_left_after_a_set_aside() -> None:
    """MH-E1..E4: 5,5,6,1,1 is worth 6; one 5 aside -> 11; a 5 and a 1 aside -> 12; 5,6,1,2,4 is 18,
    its 6 aside -> 12. Every set-aside of the engine's choices has the value it lists."""
    g = position(phase=PLACE, roll=[5, 5, 6, 1, 1])
    assert [g.value_left(aside) for aside in ((), (5,), (5, 1))] == [6, 11, 12]
    assert g.value_left((3,)) == 6  # the roll shows no 3: nothing set aside
    for aside, value in aside_choices(tuple(sorted(g.roll or ()))):
        assert g.value_left(aside) == value, aside
    g = position(phase=PLACE, roll=[5, 6, 1, 2, 4])
    assert (g.value_left(()), g.value_left((6,))) == (18, 12)
