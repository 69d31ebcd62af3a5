"""The page's application object: the state of the page (the game on screen, the saves, the bot turn,
the focus to restore) and its listeners. Its methods come from one module per job:

- ``navigation.py``: routes (hash ⇄ screen), home, rules, new-game form, links opened, leaving a game;
- ``rendering.py``: the render loop (the game screen drawn, focus and scroll kept, announcements);
- ``events.py`` and ``keys.py``: the delegated listeners, acts, the focus trap and arrow keys;
- ``bots.py``: bot turns, the bots' worker, the think log;
- ``saves.py``: autosave and saved games resumed;
- ``replaying.py``: the replay (its controls, keys, timer) and "Play from here";
- ``language.py``: the language switch.

``startup.py`` makes one (``main``) and warms the page up. All markup comes from pure modules
(home.py, screen.py, each game's view) and every rule from the engine.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from pyodide.ffi import create_proxy
from pyscript import document, window

from pygames.core import i18n as i18n_core

from ..screens import home
from .bots import DEFAULT_BOT_DELAY_MS, BotsMixin
from .dom import query_number, some
from .events import EventsMixin
from .keys import KeysMixin
from .language import LanguageMixin
from .navigation import NavigationMixin
from .rendering import RenderMixin
from .replay import ReplayMixin
from .saves import SavesMixin, open_store

if TYPE_CHECKING:  # pragma: no cover (the game screen's modules come when a game opens: rendering.py)
    from ..model.session import Session
    from .bots import BotWorker


class App(NavigationMixin, RenderMixin, EventsMixin, KeysMixin, BotsMixin, SavesMixin, LanguageMixin,
          ReplayMixin):
    def __init__(self) -> None:
        self.app = document.getElementById("app")
        # #view is re-rendered; #announce persists, so screen readers hear turn changes. The home page drawn
        # before Python started (index.html) has them already: it is taken over as it is (show_page).
        if not some(document.getElementById("view")):
            self.app.innerHTML = home.frame()
        self.root = document.getElementById("view")
        self.announced = ""
        self.announced_moves = -1
        self.store = open_store()
        # a finger rather than a mouse (phones, tablets): the views' words say "Tap" (Session.touch)
        self.touch = bool(window.matchMedia("(pointer: coarse)").matches)
        self._session: Session | None = None
        self.rules_page: tuple[str, str, dict] | None = None  # (game, section, the engine's answers)
        # the game left for its rules page, and the page's scroll then: "Back to the game" shows it again
        self.rules_return: tuple[Session, float] | None = None
        self.scroll_to: float | None = 0.0  # where the next screen shown starts (None: the page stays scrolled)
        self.task: asyncio.Task | None = None
        self.autoplaying: asyncio.Future | None = None  # the replay's play button (replaying.py)
        self.revealed: tuple | None = None  # (session, position) whose move the log last scrolled to
        self.notice = ""
        self.openings = 0  # counts links being opened: a newer one, or leaving, stops an older one
        self.fetching: asyncio.Future | None = None  # a game's code being fetched before its route
        self.opening: asyncio.Future | None = None
        self.drawn_ahead: tuple[tuple, str] | None = None  # (screen_key, the screen) for the next render
        self.form_values: dict | None = None
        self.bot_delay_ms = query_number("botdelay", DEFAULT_BOT_DELAY_MS)
        self.think_log: list[dict] = []  # per bot move: seat, bot, ms, longest slice (for the bench)
        self.worker: BotWorker | None = None  # the bots' Web Worker (``bot_worker``)
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_key),
            create_proxy(self.on_change),
            create_proxy(self.on_submit),
            create_proxy(self.route),
            create_proxy(self.on_pointer_down),
            create_proxy(self.on_pointer_up),
            create_proxy(self.on_input),
            create_proxy(self.on_view_act),
            create_proxy(self.focus_pending),  # last: focus_later() schedules it
        ]
        self.focus_next = None
        self.focus_still = False  # focus_next is focused without scrolling the page (a view's take_focus)
        self.player_acted = False  # the next render follows a player's key (events.act)
        self.pointing = False  # the last input was a pointer's (events.on_pointer_down), not a key
        self.keys_from = None  # what had the focus when the list of keys opened (keys.py)
        self.drag_from: str | None = None  # data-drag of the element pressed (a view's drag and drop)
        self.app.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])  # the game's keys work wherever the focus is
        self.app.addEventListener("change", self._proxies[2])
        self.app.addEventListener("submit", self._proxies[3])
        window.addEventListener("hashchange", self._proxies[4])
        self.app.addEventListener("pointerdown", self._proxies[5])
        self.app.addEventListener("pointerup", self._proxies[6])
        self.app.addEventListener("input", self._proxies[7])
        self.app.addEventListener("pygames:act", self._proxies[8])  # acts from a view's own script

    @property
    def session(self) -> Session | None:
        """The game on screen, if any."""
        return self._session

    @session.setter
    def session(self, session: Session | None) -> None:
        # The engine's sentences (reasons, results) name players as the page does, for whichever
        # way the game came on screen (link, form, save, rematch); "seat N" again when none is.
        self._session = session
        i18n_core.name_seats(session.short_name if session is not None else None)
