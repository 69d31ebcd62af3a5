"""The replay in the page: its controls, keys (Home, ←, →, End), slider, speed and play button's timer,
the bots waiting while an earlier position is shown, and "Play from here" (the new-game form for a game
that starts with the first moves of this one). The cursor and its words are the session's
(shell/model/replay.py); the markup is shell/screens/replay.py's."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _

from ..contract.view import NOTHING
from ..model import fork, routes
from ..model.replay import REPLAY_KEYS
from ..model.saves import StorageError
from ..screens.new_game import render_new_game
from .dom import ROOT, call, set_html

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.record import Record

    from .parts import Page



class Replay:
    """The replay in the page: ``autoplaying`` is the play button's timer, ``revealed`` the (session, position)
    whose move the log last scrolled to."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.autoplaying: asyncio.Future | None = None
        self.revealed: tuple | None = None

    def act(self, act: str, data: dict[str, str], from_log: bool = False) -> bool:
        """A replay control (or its key, or a move of the log: ``from_log``); True if it changed what is shown.
        The bots wait while an earlier position is shown: a bot thinking is stopped, and starts again at the
        newest. A move of the log brings the board into view (on a phone the log is far below it); the result
        dialog's "Replay" puts the focus on the step forward."""
        session = self.app.session
        if session is None or session.handoff_seat() is not None:
            return False
        if session.handle(act, data) == NOTHING:
            return False
        if session.at is not None:
            self.app.bots.cancel()
        if session.autoplay and (self.autoplaying is None or self.autoplaying.done()):
            self.autoplaying = asyncio.ensure_future(self.autoplay(session))
        # at the newest position a bot may move again
        self.app.rendering.refresh("#replay-next" if act == "replay-result" else "")
        if from_log:
            self.show_board()
        return True

    def show_board(self) -> None:
        """The board in view, unless most of the screen already shows it (page.mjs ``showBoard``)."""
        call("showBoard")

    def key(self, key: str) -> bool:
        """Home, ←, → and End step through the game (the caller checked the focus is not in a text field
        and that neither the view nor the board's arrow keys took the key)."""
        act = REPLAY_KEYS.get(key)
        if act is None or self.app.session is None or not self.app.session.game.history:
            return False
        return self.act(act, {})

    def reveal_current(self) -> None:
        """The move shown, in view in the move log (the log scrolls, never the page), once per position."""
        session = self.app.session
        if session is None or session.at is None or self.revealed == (session, session.at):
            return
        self.revealed = (session, session.at)
        call("revealCurrent")

    def slider(self, value: str) -> None:
        """The slider moved (a drag, or its own keys)."""
        self.act("replay-to", {"to": value})

    async def autoplay(self, session) -> None:
        """The play button: a step every ``replay_speed`` seconds until the newest position or a pause."""
        while self.app.session is session and session.autoplay:
            await asyncio.sleep(session.replay_speed)
            if self.app.session is not session or not session.autoplay:
                return
            session.autoplay_step()
            self.app.rendering.refresh()

    # -- play from here ----------------------------------------------------------------------------

    def fork(self) -> None:
        """"Play from here": the new-game form for a game with the same options, seed and the first moves up
        to the position shown (the game on screen stays saved as it is)."""
        session = self.app.session
        if session is None:
            return
        self.app.navigation.form_values = fork.values(session)
        self.app.navigation.go(routes.new_fragment(session.name))

    def forked_record(self, name: str, values: dict) -> Record:
        """The new game of a "Play from here" form: the original's options, seed and first moves (read from
        its save), the seats chosen (RecordError when the original is gone or the seats are not allowed)."""
        from pygames.core.record import Record

        save_id, moves = fork.reference(values)
        try:
            original = Record.parse(self.app.saves.store.load(save_id).link)
        except (StorageError, RecordError) as error:
            raise RecordError(_("the game to play on from is not saved here any more ({error})").format(
                error=error)) from None
        return fork.record(name, values, original, moves)

    def start_fork(self, name: str, values: dict) -> bool:
        """Start the game of a "Play from here" form (True), or show the form again with the reason."""
        try:
            record = self.forked_record(name, values)
        except (RecordError, RuleError) as error:
            set_html(ROOT, render_new_game(name, values, _("Cannot start: {error}").format(error=error)))
            return False
        self.app.events.start_new(record)
        return True
