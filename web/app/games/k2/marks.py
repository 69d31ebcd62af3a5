"""What K2's drawing shows beyond the state: the frozen ``Marks`` the controller (view.py) builds once per
drawing, with the ``Target`` spaces of the selected climber. The drawing (mountain.py, panels.py,
turn.py) reads them and the viewing seat's state, and nothing else: it imports neither the controller
nor the session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from shell.contract.view import action_is

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.game import Action
    from pygames.k2.game import K2


class Target(NamedTuple):
    """A space the selected climber can reach: the path a click plays and what it costs."""

    path: tuple[str, ...]
    cost: int
    vp: int
    left: tuple[int, int, int]  # U, D, G after the move


@dataclass(frozen=True, slots=True)
class Marks:
    """Who may act here, what they chose, what the engine allows for it, the seats' names."""

    acting: int | None  # the human who may act now (None while a bot acts, during a hand-off, or when over)
    thinking: int | None  # the bot that is thinking
    names: tuple[str, ...]  # each seat in full ("Red (you)")
    short_names: tuple[str, ...]  # each seat in a sentence ("Red")
    touch: bool = False  # the player points with a finger
    zoom: int = 0  # the board's zoom step (ZOOMS)
    show: str | None = None  # what the page brings into view, new each time it should (board.js)
    legal: tuple[Action, ...] = ()  # the engine's legal actions of the human who may act
    picked: tuple[int, ...] = ()  # hand indices chosen (phase 1)
    picked_cards: tuple[str, ...] = ()  # those cards, sorted
    card: str | None = None  # the revealed card being given (phase 3)
    penalty: int = 0  # penalty points to spend on that card
    selected: str | None = None  # the climber whose moves are shown
    targets: tuple[tuple[str, Target], ...] = ()  # the spaces it can reach, by space
    rescue: frozenset[str] = frozenset()  # where a rescued climber may go
    unspent: int = 0  # movement points left that the engine still lets the acting seat spend
    asking_end: bool = False  # "End the turn with movement unspent?" is asked
    night: tuple[K2, K2] | None = None  # the last night's check: the states before and after it, as seen
    best: tuple[int, str] | None = None  # this device's best solo score for this side and weather: (score, title)
    best_is_this: bool = False  # that best is this game's
    hinted: Action | None = None  # the hint's move (the shell's *Hint*): its token, card, climber, space or button

    def hint_class(self, kind: type, **fields: object) -> str:
        """``" hinted"`` when the hint is an action of ``kind`` with these fields, else "" (a class to add)."""
        return " hinted" if action_is(self.hinted, kind, **fields) else ""
