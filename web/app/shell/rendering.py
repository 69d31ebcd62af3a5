"""The render loop: the game on screen drawn again (``screen.render``'s markup into ``#view``), the
scroll of ``[data-keep-scroll]`` elements and the keyboard's focus kept across it, and the turn
announced to screen readers."""

from __future__ import annotations

from pyscript import document, window

from pygames.core import i18n as i18n_core

from . import screen
from .dom import some
from .session import Session


class RenderMixin:
    """``App``'s drawing of the game screen (shell/app.py)."""

    def link(self, session: Session | None = None) -> str:
        base = str(window.location.origin) + str(window.location.pathname)
        return (session or self.session).match.record().to_link(base)

    def screen_key(self, session: Session) -> tuple:
        """What a screen built ahead for ``session`` depends on besides the session's own state."""
        return (session, len(session.game.history), str(document.documentElement.lang))

    def screen_html(self, session: Session) -> str:
        """The game screen of ``session`` as it stands (``screen.render``), its players named as it names them
        (also for a session not yet on screen, e.g. a link being opened)."""
        match = session.match
        with i18n_core.seats_named(session.short_name):
            return screen.render(session, self.link(session), match.can_undo(session.is_human), match.can_redo())

    def is_human(self, seat: int) -> bool:
        return self.session.is_human(seat)

    def refresh(self) -> None:
        """Show the current state, and let a bot play if it is its turn (one render either way)."""
        if not self.maybe_start_bot():
            self.render()

    def render(self) -> None:
        session = self.session
        if session is None:
            return
        # A focus the last render asked for but has not applied yet (it waits for the next task) is
        # where the keyboard player is: a bot's quick answer must not drop it.
        active = self.focus_next if some(self.focus_next) else document.activeElement
        focus_id = str(active.id or "") if some(active) else ""
        on_board = some(active) and some(active.closest(".board"))  # a piece or target, maybe without an id
        ahead, self.drawn_ahead = self.drawn_ahead, None
        if ahead is not None and ahead[0] == self.screen_key(session) and session.thinking is None:
            html = ahead[1]  # built in the task before (a link being opened): this task only shows it
        else:
            html = self.screen_html(session)
        scrolled = self.scroll_positions()
        self.root.innerHTML = html
        self.restore_scroll(scrolled)
        status = session.status()
        document.title = f"{status} — {session.game.title} · pygames"
        moves = len(session.game.history)
        if moves != self.announced_moves and moves and session.handoff_seat() is None:
            self.announce(f"{session.last_move_sentence()}. {status}")
        else:
            self.announce(status)
        self.announced_moves = moves
        target = document.getElementById(focus_id) if focus_id else None
        wanted = session.view.take_focus()  # the view moves the keyboard's focus (e.g. to the board)
        if some(document.querySelector(".dialog")):
            target = document.getElementById("btn-rematch")
        elif some(document.getElementById("btn-handoff")):
            target = document.getElementById("btn-handoff")
        elif wanted and some(document.querySelector(wanted)):
            target = document.querySelector(wanted)
            self.focus_still = True  # the page does not scroll to it (the player looks elsewhere)
        elif (focus_id or on_board) and not some(target):
            # the focused piece or target was used up by the move: keep keyboard players on the
            # board, on the next thing to act on (the view says what that is)
            for selector in session.view.focus_after_render():
                target = document.querySelector(selector)
                if some(target):
                    break
        if some(target):
            # in a task of its own: focusing forces a layout of the new screen (~50 ms for a
            # game's screen in Pyodide), which would otherwise lengthen the task that drew it
            self.focus_later(target)

    def focus_later(self, target) -> None:
        """Focus ``target`` in the next task (``focus_pending``)."""
        self.focus_next = target
        window.setTimeout(self._proxies[-1], 0)

    def scroll_positions(self) -> dict[str, tuple[float, float]]:
        """Where each scrolled ``[data-keep-scroll]`` element (with an id) looks: the centre of its
        view as a fraction of its content (a zoomed board keeps its place across renders)."""
        out = {}
        for element in self.root.querySelectorAll("[data-keep-scroll][id]"):
            width, height = float(element.scrollWidth or 0), float(element.scrollHeight or 0)
            if width > element.clientWidth or height > element.clientHeight:  # only what can scroll
                out[str(element.id)] = ((element.scrollLeft + element.clientWidth / 2) / width,
                                        (element.scrollTop + element.clientHeight / 2) / height)
        return out

    def restore_scroll(self, scrolled: dict[str, tuple[float, float]]) -> None:
        for key, (fx, fy) in scrolled.items():
            element = document.getElementById(key)
            if some(element) and element.hasAttribute("data-keep-scroll"):
                element.scrollLeft = fx * element.scrollWidth - element.clientWidth / 2
                element.scrollTop = fy * element.scrollHeight - element.clientHeight / 2

    def focus_pending(self, *_args) -> None:
        target, self.focus_next = self.focus_next, None
        still, self.focus_still = self.focus_still, False
        if some(target) and target.isConnected:
            if still:
                target.focus(window.JSON.parse('{"preventScroll": true}'))
            else:
                target.focus()

    def announce(self, text: str) -> None:
        if text != self.announced:
            self.announced = text
            document.getElementById("announce").textContent = text
