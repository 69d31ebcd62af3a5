"""The render loop: the game on screen drawn again (``screen.render``'s markup morphed into the page, so
that what stays keeps its focus and scroll), the keyboard's focus moved where a move sends it, and the
turn announced to screen readers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygames.core import i18n as i18n_core

from ..contract.markup import Markup, marking_parts
from ..model import language as i18n
from .dom import call, page_url, render

if TYPE_CHECKING:  # pragma: no cover
    from ..model.session import Session
    from .parts import Page


class Rendering:
    """The game screen drawn (``render``), and what a render needs to know: where the next screen starts, the
    screen built ahead, what was announced, and what the last input was."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.announced = ""
        self.announced_moves = -1
        self.scroll_to: float | None = 0.0  # where the next screen shown starts (None: the page stays scrolled)
        self.drawn_ahead: tuple[tuple, Markup] | None = None  # (screen_key, the screen) for the next render
        self.player_acted = False  # the next render follows a player's key (events.py ``act``)
        self.pointing = False  # the last input was a pointer's (events.mjs), not a key

    def link(self, session: Session | None = None, position: bool = False) -> str:
        """The game's link (``position``: to the position shown, with ``at`` in a replay)."""
        base = page_url()
        session = session or self.app.session
        assert session is not None  # asked for on a game's screen (its link, its share button)
        return (session.position_record() if position else session.match.record()).to_link(base)

    def screen_key(self, session: Session) -> tuple:
        """What a screen built ahead for ``session`` depends on besides the session's own state."""
        return (session, len(session.game.history), session.at, i18n.current())

    def screen_html(self, session: Session) -> Markup:
        """The game screen of ``session`` as it stands (``screen.render``), its players named as it names them
        (also for a session not yet on screen, e.g. a link being opened)."""
        from ..screens import game as screen  # (here: the first screen, home, needs no game screen module)

        position = self.link(session, position=True) if session.at is not None else ""
        with i18n_core.seats_named(session.short_name), marking_parts():  # (its parts: dom.py ``render``)
            return screen.render(session, self.link(session), session.can_undo(), session.can_redo(), position)

    def refresh(self, focus: str = "") -> None:
        """Show the current state, and let a bot play if it is its turn (one render either way); ``focus``: as
        ``render``'s."""
        if not self.app.bots.maybe_start():
            self.render(focus)
        elif focus:
            self.focus_later(focus)

    def render(self, focus: str = "") -> None:
        """Draw the game on screen: its markup and what the page needs to place the focus, scroll and announce
        it, in one message (page.mjs ``render``, which decides what depends on the page). ``focus``: a selector
        the focus goes to after it, whatever the view asks (in the same message: a focus asked for in a
        message of its own comes a task later, and a key pressed meanwhile would find it where the view put it,
        e.g. on Blokus 3D's stage, whose arrows turn the view)."""
        session = self.app.session
        if session is None:
            return
        ahead, self.drawn_ahead = self.drawn_ahead, None
        if ahead is not None and ahead[0] == self.screen_key(session) and session.thinking is None:
            html = ahead[1]  # built in the task before (a link being opened): this task only shows it
        else:
            html = self.screen_html(session)
        # A new screen (a game opened, from a link, a save, the form or a rematch) starts at the top of the page,
        # whatever screen was scrolled before; or where the player left it, back from its rules (``scroll_to``).
        # The same game drawn again keeps the page's scroll.
        start, self.scroll_to = self.scroll_to, None
        acted, self.player_acted = self.player_acted, False
        status = session.status()
        moves = len(session.game.history)
        said = (f"{session.last_move_sentence()}. {status}"
                if moves != self.announced_moves and moves and session.handoff_seat() is None else status)
        self.announced, self.announced_moves = said, moves
        message = {
            "html": html, "start": start, "pointing": self.pointing, "acted": acted,
            "take": session.view.take_focus() or "",  # the view moves the keyboard's focus (e.g. to the board)
            "focus": focus,
            "after": [*session.view.focus_after_render(), "#turn-status"],
            "title": f"{status} — {session.game.title} · pygames", "announce": said,
        }
        render(message)
        self.app.replay.reveal_current()  # (in a replay: the move shown, in view in the move log)

    def focus_later(self, selector: str, top: bool = False) -> None:
        """Focus what ``selector`` finds in the next task (page.mjs ``focusLater``); ``top``: scrolled to the top
        of the page first (a rules page opened at a section)."""
        call("focusLater", selector, {"top": top})

    def announce(self, text: str) -> None:
        """What the live region says (a screen reader says it), when it changes."""
        if text != self.announced:
            self.announced = text
            call("announce", text)
