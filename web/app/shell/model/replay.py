"""A session's replay: the position shown (any earlier one, or the newest), stepped through by the replay
controls, the move log, the keys and a link's ``at``; the link to that position; and "Play from here".

Pure Python, no browser (``Session`` takes it from here; the page's timer and keys are shell/page/replay.py).
While an earlier position is shown, nothing can be played on it (``Session.human_mover`` is None) and the
bots wait (``Session.bot_mover`` is None): the page lets them think again at the newest position. The
screen draws the shown state with the game's own view, as the viewer saw it then (``seen_state``); once the
game is over the viewer is nobody, so every hand and choice is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..contract.view import CHANGED, NOTHING, Outcome
from .fork import hidden_choice

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.game import Game
    from pygames.core.match import Match
    from pygames.core.record import Record

    from ..contract.view import GameView

# the replay's keys (first, previous, next and newest position), when the view and the board leave them
REPLAY_KEYS = {"Home": "replay-start", "ArrowLeft": "replay-prev", "ArrowRight": "replay-next", "End": "replay-end"}
REPLAY_ACTS = frozenset(("replay-start", "replay-prev", "replay-next", "replay-end", "replay-to", "replay-play",
                         "replay-result"))
SPEEDS = (0.5, 1.0, 2.0)  # seconds per move of the play button (the speed menu)
DEFAULT_SPEED = 1.0


class SessionReplay:
    """The replay cursor of ``shell.model.session.Session`` (its ``at``, ``autoplay`` and ``replay_speed``): what
    it reads and writes of the session is declared here (the session sets it)."""

    match: Match
    view: GameView
    at: int | None  # the moves shown (None: the newest position)
    autoplay: bool  # the replay steps on by itself (the page's timer)
    replay_speed: float  # seconds per move when it does
    dialog_closed: bool
    message: str
    opened_finished: bool

    if TYPE_CHECKING:  # the session's own properties, which the replay asks

        @property
        def game(self) -> Game: ...

        @property
        def hides_information(self) -> bool: ...

    def moves_shown(self) -> int:
        """How many moves the shown position comes after (the game's length at the newest position)."""
        return len(self.game.history) if self.at is None else self.at

    def go_to(self, moves: int) -> Outcome:
        """Show the position after ``moves`` moves (bounded by the game; its length: the newest);
        CHANGED, or NOTHING when it is already shown."""
        total = len(self.game.history)
        moves = max(0, min(int(moves), total))
        at = None if moves == total else moves
        if at == self.at:
            return NOTHING
        if at is not None:
            self.dialog_closed = True  # the result waits: it would cover the positions stepped through
        self.at = at
        self.message = ""
        self.view.reset()  # a half-made move (a picked piece, a draft) belongs to the newest position
        return CHANGED

    def replay_start(self) -> int:
        """Where the result dialog's "Replay" opens the replay: at the first position for a game that came
        finished (from a link: its moves were never seen here), else just before the last move (the one that
        ended the game, seen again with →)."""
        total = len(self.game.history)
        return 0 if self.opened_finished else max(0, total - 1)

    def replay(self, act: str, data: dict[str, str]) -> Outcome:
        """A replay control: first, previous, next, newest, a move of the log (``data-to``), play/pause, or
        the result dialog's "Replay"."""
        shown, total = self.moves_shown(), len(self.game.history)
        if act == "replay-result":
            self.autoplay = False
            self.dialog_closed = True
            return self.go_to(self.replay_start()) or CHANGED
        if act == "replay-play":
            self.autoplay = not self.autoplay and total > 0
            if self.autoplay and shown == total:
                self.go_to(0)  # from the start when the newest position is shown
            return CHANGED
        self.autoplay = False
        target = {"replay-start": 0, "replay-prev": shown - 1, "replay-next": shown + 1, "replay-end": total}.get(act)
        if act == "replay-to":
            text = data.get("to", "")
            target = int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else None
        return NOTHING if target is None else self.go_to(target)

    def autoplay_step(self) -> bool:
        """One step of the play button: the next position; False (and it stops) at the newest."""
        if not self.autoplay or self.at is None:
            self.autoplay = False
            return False
        self.go_to(self.at + 1)
        self.autoplay = self.at is not None
        return True

    def set_speed(self, text: str) -> None:
        """The speed menu's choice (seconds per move), when it is one of SPEEDS."""
        try:
            value = float(text)
        except ValueError:
            return
        if value in SPEEDS:
            self.replay_speed = value

    def position_record(self) -> Record:
        """The game's record, with ``at`` while an earlier position is shown (the link to this position)."""
        record = self.match.record()
        record.at = self.at
        return record

    def hidden_choice_at(self, moves: int) -> bool:
        """A seat's choice is secret from another seat in the position after ``moves`` moves (K2's secret
        cards: some have chosen, others not yet), while the game goes on. Then a new game from that
        position must be played by humans at this device, who hand it over (shell/model/fork.py)."""
        if not self.hides_information or self.game.is_over():
            return False
        return hidden_choice(self.match.snapshots[moves])
