"""The render loop: the game on screen drawn again (``screen.render``'s markup morphed into the page, so
that what stays keeps its focus and scroll), the keyboard's focus moved where a move sends it, and the
turn announced to screen readers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyodide.ffi import create_proxy
from pyscript import document, window

from pygames.core import i18n as i18n_core

from ..contract.markup import Markup
from .dom import show, some

if TYPE_CHECKING:  # pragma: no cover
    from ..model.session import Session
    from .parts import Page


class Rendering:
    """The game screen drawn (``render``), and what a render needs to know of the page: where the next screen
    starts, the screen built ahead, what was announced, the focus to move, and what the last input was."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.announced = ""
        self.announced_moves = -1
        self.scroll_to: float | None = 0.0  # where the next screen shown starts (None: the page stays scrolled)
        self.drawn_ahead: tuple[tuple, Markup] | None = None  # (screen_key, the screen) for the next render
        self.focus_next = None  # an element to focus in the next task (``focus_later``)
        self.focus_still = False  # focus_next is focused without scrolling the page (a view's take_focus)
        self.focus_top = False  # focus_next is scrolled to the top of the page first (focus_later)
        self.player_acted = False  # the next render follows a player's key (events.py ``act``)
        self.pointing = False  # the last input was a pointer's (events.py ``on_pointer_down``), not a key
        self._focus_pending = create_proxy(self.focus_pending)  # focus_later() schedules it

    def link(self, session: Session | None = None, position: bool = False) -> str:
        """The game's link (``position``: to the position shown, with ``at`` in a replay)."""
        base = str(window.location.origin) + str(window.location.pathname)
        session = session or self.app.session
        assert session is not None  # asked for on a game's screen (its link, its share button)
        return (session.position_record() if position else session.match.record()).to_link(base)

    def screen_key(self, session: Session) -> tuple:
        """What a screen built ahead for ``session`` depends on besides the session's own state."""
        return (session, len(session.game.history), session.at, str(document.documentElement.lang))

    def screen_html(self, session: Session) -> Markup:
        """The game screen of ``session`` as it stands (``screen.render``), its players named as it names them
        (also for a session not yet on screen, e.g. a link being opened)."""
        from ..screens import game as screen  # (here: the first screen, home, needs no game screen module)

        position = self.link(session, position=True) if session.at is not None else ""
        with i18n_core.seats_named(session.short_name):
            return screen.render(session, self.link(session), session.can_undo(), session.can_redo(), position)

    def refresh(self) -> None:
        """Show the current state, and let a bot play if it is its turn (one render either way)."""
        if not self.app.bots.maybe_start():
            self.render()

    def render(self) -> None:
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
        if start == 0:
            window.scrollTo(0, 0)  # (before the patch: the old screen's layout is clean, nothing is forced)
        # Where the keyboard player is: the focused element, kept by the patch (page.mjs: moved or replaced,
        # the same element or its counterpart); when it is gone (the target used up, a button the move took
        # away), the next thing to act on (``focus_after``). A focus the last render asked for but has not applied
        # yet (it waits for the next task) counts as where the player is: a bot's quick answer must not drop it.
        pending = self.focus_next if some(self.focus_next) else None
        acted, self.player_acted = self.player_acted, False
        active = document.activeElement
        on_board = some(active) and some(active.closest(".board"))
        lost = show(self.app.root, html)  # patched: what stays keeps its focus and scroll (page.mjs)
        if self.pointing and not on_board:
            lost = False  # a button clicked (or tapped) went away: a pointer needs no focus moved for it
        if some(pending) and not pending.isConnected:
            self.focus_next, lost = None, True
        if acted and not some(pending) and not self.app.root.contains(document.activeElement):
            lost = True  # a key played with the focus nowhere in the game (on the page): it goes into the game
        lost = lost and start is None  # (a new screen: the page's own start, not a focus moved for a move)
        if start:
            window.scrollTo(0, start)
        self.app.replay.reveal_current()  # (in a replay: the move shown, in view in the move log)
        status = session.status()
        document.title = f"{status} — {session.game.title} · pygames"
        moves = len(session.game.history)
        if moves != self.announced_moves and moves and session.handoff_seat() is None:
            self.announce(f"{session.last_move_sentence()}. {status}")
        else:
            self.announce(status)
        self.announced_moves = moves
        self.focus_after(session, lost)

    def focus_after(self, session: Session, lost: bool = False) -> None:
        """Where the keyboard's focus goes after a render, when it must move: into an open dialog, to
        where the view sends it (e.g. the board), or, when the focused element was used up by the move
        (``lost``: a target taken, a button gone), to the next thing to act on (the view's
        ``focus_after_render``, the turn line last): never the page's body. Otherwise it stays where it
        is: the morph kept the focused element (page.mjs)."""
        if some(document.querySelector("dialog[open]")):
            return  # a modal dialog (the result, the hand-off) took the focus as it opened (showModal)
        wanted = session.view.take_focus()  # the view moves the keyboard's focus (e.g. to the board)
        target = None
        if wanted and some(document.querySelector(wanted)):
            target = document.querySelector(wanted)
            self.focus_still = True  # the page does not scroll to it (the player looks elsewhere)
        elif lost:
            for selector in (*session.view.focus_after_render(), "#turn-status"):
                target = document.querySelector(selector)
                if some(target):
                    break
            self.focus_still = self.pointing  # (a click or a tap: the page stays where the player put it)
        if some(target):
            # in a task of its own: focusing forces a layout of the new screen, which would otherwise
            # lengthen the task that drew it
            self.focus_later(target)

    def focus_later(self, target, top: bool = False) -> None:
        """Focus ``target`` in the next task (``focus_pending``); ``top``: scrolled to the top of the page first
        (a rules page opened at a section)."""
        self.focus_next = target
        self.focus_top = top
        window.setTimeout(self._focus_pending, 0)

    def focus_pending(self, *_args) -> None:
        target, self.focus_next = self.focus_next, None
        still, self.focus_still = self.focus_still, False
        top, self.focus_top = self.focus_top, False
        if some(target) and target.isConnected:
            if top:
                target.scrollIntoView()
            if still or top:
                target.focus(window.JSON.parse('{"preventScroll": true}'))
            else:
                target.focus()

    def announce(self, text: str) -> None:
        if text != self.announced:
            self.announced = text
            document.getElementById("announce").textContent = text
