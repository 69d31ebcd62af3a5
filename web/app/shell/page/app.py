"""The page's application object: the game on screen, and the parts of the page that each own their fields
and do one job (``App`` makes them and listens for the page's events):

- ``navigation.Navigation``: routes (hash ⇄ screen), home, rules, new-game form, links opened, leaving a game;
- ``rendering.Rendering``: the render loop (the game screen drawn, focus and scroll kept, announcements);
- ``events.Events`` and ``keys.Keys``: the page's events (shell/events.mjs's messages: ``receive``) and the acts
  they make, Escape and the keys of a game;
- ``bots.Bots``: bot turns, the bots' worker, the think log;
- ``saves.Saves``: the store, autosave and saved games resumed;
- ``replay.Replay``: the replay (its controls, keys, timer) and "Play from here";
- ``language.py``: the language switch (functions of the app).

A part reaches the others through the app (``self.app.rendering.render()``), knowing them only by the protocols
of parts.py (what each offers the others), never by their modules. ``startup.py`` makes the app
(``main``), listens for the page's events and warms the page up. All markup comes from pure modules
(shell/screens/, each game's view) and every rule from the engine.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from pygames.core import i18n as i18n_core

from ..screens import home
from .bots import Bots
from .dom import listen, set_html, start_context
from .events import Events
from .keys import Keys
from .navigation import Navigation
from .rendering import Rendering
from .replay import Replay
from .saves import Saves

if TYPE_CHECKING:  # pragma: no cover (the game screen's modules come when a game opens: rendering.py)
    from ..model.session import Session


class App:
    """The page: the game on screen (``session``), whether the player points with a finger, and the parts."""

    def __init__(self) -> None:
        context = start_context()
        # #view is re-rendered; #announce persists, so screen readers hear turn changes. The home page drawn
        # before Python started (index.html) has them already: it is taken over as it is (show_page).
        if not context["view"]:
            set_html("#app", home.frame())
        # a finger rather than a mouse (phones, tablets): the views' words say "Tap" (Session.touch)
        self.touch: bool = bool(context["touch"])
        self._session: Session | None = None
        self.warming: asyncio.Future | None = None  # the warm-up after the first screen (startup.py)
        self.saves = Saves(self)
        self.bots = Bots(self)
        self.rendering = Rendering(self)
        self.navigation = Navigation(self)
        self.replay = Replay(self)
        self.events = Events(self)
        self.keys = Keys(self)

    def receive(self, message: str) -> None:
        """One event of the page (shell/events.mjs: a JSON message, ``Events.receive``)."""
        self.events.receive(json.loads(message))

    def listen(self) -> None:
        """The page's events (shell/events.mjs's messages) sent to ``receive``."""
        listen(self.receive)

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
