"""A session's hint: the move the hard bot would play for the human to move, with its reasons, asked for with
*Hint* and played with *Play it*.

Pure Python, no browser (``Session`` takes it from here; the page thinks it in the bots' thread: shell/page/bots.py
``Bots``). A hint is thought on the seat's view of the game (``Game.view``: nothing hidden from the seat), only when
that seat may act at this device (after the hand-off, at the newest position), and with the bot's own generator
(``bot_rng``): the hint is the move the hard bot would play there. Its reasons are the candidates its search or plan
weighed, best first (``pygames.core.bots.Weighed``), in the view's words (``GameView.worth``).

The record keeps the hints: ``hints``, how many were shown (a daily result says "with 3 hints"), and ``hinted``,
the moves that were played as hinted (their numbers, from 1, joined by dots: ``hinted=3.8``), which the move log
marks. Both are in the game's link and save.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pygames.core.i18n import _

from ..contract.view import CHANGED, NOTHING, Apply, Outcome

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.game import Game
    from pygames.core.match import Match

    from ..contract.view import GameView

HINT_KIND = "mcts"  # the bot whose move a hint shows (the seat types' "hard")
REASONS_SHOWN = 3  # the best candidates a hint lists with their worth


@dataclass(frozen=True, slots=True)
class Hint:
    """The hard bot's move for ``seat`` after ``moves`` moves, and the candidates it weighed (action's text,
    worth), best first."""

    moves: int
    seat: int
    action: str
    weighed: tuple[tuple[str, float], ...] = ()
    closed: bool = False  # its close button hid it (asked again, it shows again, not counted again)


def hinted_numbers(text: str, moves: int) -> frozenset[int]:
    """The move numbers of a record's ``hinted`` field (``3.8``) that are among its first ``moves`` moves."""
    numbers = (part for part in text.split(".") if part.isascii() and part.isdigit())
    return frozenset(n for n in map(int, numbers) if 0 < n <= moves)


def hinted_text(numbers: frozenset[int]) -> str:
    """The record's ``hinted`` field for these move numbers ("" for none)."""
    return ".".join(str(n) for n in sorted(numbers))


class SessionHints:
    """The hint of ``shell.model.session.Session``: what it reads and writes of the session is declared here."""

    match: Match
    view: GameView
    at: int | None
    thinking: int | None
    hint: Hint | None  # the hint shown (for the position it was asked at)
    hinting: int | None  # the seat a hint is being thought for (the page's bots think it)
    hints_unsaved: bool

    if TYPE_CHECKING:  # the session's own, which the hint asks

        @property
        def game(self) -> Game: ...

        def human_mover(self) -> int | None: ...

        def handoff_seat(self) -> int | None: ...

        def notice(self, text: str, info: bool = False) -> Outcome: ...

    # -- counts and marks in the record ----------------------------------------------------------

    @property
    def hints(self) -> int:
        """The hints shown in this game (the record's ``hints``: its link and save keep them)."""
        text = self.match.extras.get("hints", "")
        return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else 0

    def count_hint(self) -> None:
        """A hint was shown: one more in the record (a daily result says how many)."""
        self.match.extras["hints"] = str(self.hints + 1)
        self.hints_unsaved = True

    def hinted_moves(self) -> frozenset[int]:
        """The numbers (from 1) of the moves played as a hint showed them (the record's ``hinted``)."""
        return hinted_numbers(self.match.extras.get("hinted", ""), len(self.game.history))

    def _keep_hinted(self, numbers: frozenset[int]) -> None:
        if numbers:
            self.match.extras["hinted"] = hinted_text(numbers)
        else:
            self.match.extras.pop("hinted", None)

    def drop_later_hinted(self) -> None:
        """Forget the marks of moves no longer in the game (after an undo, or before a move replaces them)."""
        if "hinted" in self.match.extras:
            self._keep_hinted(self.hinted_moves())

    # -- asking, showing, playing -------------------------------------------------------------------

    def hint_possible(self) -> bool:
        """A human may ask for a hint now: it is their turn at this device, at the newest position, and the view
        has no hint of its own (a solitaire's solver)."""
        return (self.at is None and self.thinking is None and not self.game.is_over()
                and self.human_mover() is not None and self.handoff_seat() is None and not self.view.own_hint())

    def _hint_here(self) -> Hint | None:
        """The hint asked for at the position on screen, shown or closed (None in a replay, or once a move was
        played or taken back)."""
        hint = self.hint
        if hint is None or self.at is not None or hint.moves != len(self.game.history):
            return None
        return hint if hint.seat == self.human_mover() else None

    def shown_hint(self) -> Hint | None:
        """The hint shown for the position on screen (None when there is none, or it was closed)."""
        hint = self._hint_here()
        return hint if hint is not None and not hint.closed else None

    def ask_hint(self) -> Outcome:
        """*Hint*: the page's bots think of one for the human to move (``hinting``); one closed here shows again."""
        if not self.hint_possible() or self.hinting is not None or self.shown_hint() is not None:
            return NOTHING
        closed = self._hint_here()
        if closed is not None:  # (not counted again)
            self.hint = replace(closed, closed=False)
            self.view.show_hint(self.game.parse_action(closed.action, closed.seat))
            return CHANGED
        self.hinting = self.human_mover()
        return CHANGED

    def hint_thought(self, seat: int, moves: int, action: str, weighed: tuple[tuple[str, float], ...]) -> bool:
        """The bots' answer to ``ask_hint`` for ``seat`` after ``moves`` moves: shown, counted and marked on the board
        by the view (False when the position changed meanwhile: it is dropped)."""
        if self.hinting != seat or moves != len(self.game.history) or self.human_mover() != seat:
            return False
        self.hinting = None
        self.hint = Hint(moves, seat, action, weighed[:REASONS_SHOWN])
        self.count_hint()
        self.view.show_hint(self.game.parse_action(action, seat))
        return True

    def hint_given(self, action: str) -> None:
        """A view's own hint (``GameView.own_hint``) shows ``action``: counted (the same one again is not another), and
        the move marked in the record if it is played."""
        seat, shown = self.human_mover(), self.shown_hint()
        if seat is None or (shown is not None and shown.action == action):
            return
        self.hint = Hint(len(self.game.history), seat, action)
        self.count_hint()

    def hint_failed(self, words: str) -> None:
        self.hinting = None
        self.notice(_("No hint: {reason}").format(reason=words))

    def forget_hint(self) -> None:
        """A move was played or taken back: the hint and any hint being thought are for another position."""
        self.hint = None
        self.hinting = None
        self.view.show_hint(None)

    def play_hint(self) -> Apply | None:
        """*Play it*: the hinted move, for the shell to play (None when no hint is shown)."""
        hint = self.shown_hint()
        return Apply(self.game.parse_action(hint.action, hint.seat)) if hint is not None else None

    def note_played(self, text: str, hint: Hint | None) -> None:
        """A human's move ``text`` was played where ``hint`` was shown: marked in the record if it was the hint's."""
        self.drop_later_hinted()
        if hint is not None and text == hint.action:
            self._keep_hinted(self.hinted_moves() | {len(self.game.history)})
            self.hints_unsaved = True

    def close_hint(self) -> Outcome:
        """The hint's close button (or, while it is thought, its stop button): the hint and its marks on the board
        go (asked again, the same hint comes back)."""
        if self.shown_hint() is None and self.hinting is None:
            return NOTHING
        if self.hint is not None:
            self.hint = replace(self.hint, closed=True)
        self.hinting = None
        self.view.show_hint(None)
        return CHANGED
