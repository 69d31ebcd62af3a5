"""What the page's parts ask of each other, declared once: ``Page`` is what a part reads of the page (``App``
gives it), and each part's protocol is what the other parts use of it.

A part knows the others only through these protocols, never through their modules, so the parts can call
each other (the rendering starts a bot's turn, the bots draw again when it ends) without importing each
other or the app that makes them. What a part offers beyond this is its own business.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.match import Match
    from pygames.core.record import Record

    from ..contract.markup import Markup
    from ..contract.view import Outcome
    from ..model.saves import BrokenSave, SavedGame, Store
    from ..model.session import Session


class SavesPart(Protocol):
    """``saves.Saves``: the store, autosave, saved games resumed."""

    store: Store

    def autosave(self) -> None: ...

    def in_language(self, entry: SavedGame | BrokenSave) -> SavedGame | BrokenSave: ...

    def note_daily(self) -> None: ...

    def refused(self, key: str, value: str | None, error: str) -> None: ...

    def resume(self, save_id: str) -> None: ...


class BotsPart(Protocol):
    """``bots.Bots``: bot turns and the bots' worker."""

    def cancel(self) -> None: ...

    def ensure_worker(self) -> object: ...

    def maybe_start(self) -> bool: ...


class RenderingPart(Protocol):
    """``rendering.Rendering``: the render loop, focus, scroll and announcements."""

    scroll_to: float | None
    drawn_ahead: tuple[tuple, Markup] | None
    player_acted: bool
    pointing: bool

    def link(self, session: Session | None = None, position: bool = False) -> str: ...

    def screen_key(self, session: Session) -> tuple: ...

    def screen_html(self, session: Session) -> Markup: ...

    def refresh(self, focus: str = "") -> None: ...

    def render(self, focus: str = "") -> None: ...

    def focus_later(self, selector: str, top: bool = False) -> None: ...

    def announce(self, text: str) -> None: ...


class NavigationPart(Protocol):
    """``navigation.Navigation``: routes, home, rules, the new-game form, links opened, a game left."""

    rules_page: tuple[str, str, dict] | None
    form_values: dict | None
    opening: asyncio.Future | None

    def route(self, address: str | None = None, scrolled: float | None = None) -> None: ...

    def go(self, frag: str) -> None: ...

    def show_home(self, notice: str = "") -> None: ...

    def draw_rules(self, opening: bool = False) -> None: ...

    def new_session(self, match: Match, save_id: str) -> Session: ...

    def start_session(self, session: Session, save: bool = True) -> None: ...

    def leave_game(self) -> None: ...


class ReplayPart(Protocol):
    """``replay.Replay``: the replay's controls, keys and timer, and "Play from here"."""

    def act(self, act: str, data: dict[str, str], from_log: bool = False) -> bool: ...

    def key(self, key: str) -> bool: ...

    def reveal_current(self) -> None: ...

    def slider(self, value: str) -> None: ...

    def fork(self) -> None: ...

    def start_fork(self, name: str, values: dict) -> bool: ...


class EventsPart(Protocol):
    """``events.Events``: the page's events (shell/events.mjs's messages) and the acts they make."""

    def receive(self, message: dict) -> None: ...

    def act(self, act: str, data: dict[str, str], dialog: dict | None = None) -> bool: ...

    def after(self, outcome: Outcome, focus: str = "") -> None: ...

    def dispatch(self, data: dict[str, str], from_log: bool = False, element_id: str = "") -> None: ...

    def start_new(self, record: Record) -> None: ...


class KeysPart(Protocol):
    """``keys.Keys``: the keys that are the shell's (a game's, the replay's, Escape in a dialog)."""

    def key(self, message: dict) -> None: ...

    def escape(self, dialog: dict) -> None: ...


class Page(Protocol):
    """What a part reads of the page (``app.App``): its elements, the game on screen, and the parts."""

    touch: bool  # the player points with a finger
    warming: asyncio.Future | None  # the warm-up after the first screen (startup.py)

    @property
    def session(self) -> Session | None: ...  # the game on screen, if any

    @session.setter
    def session(self, session: Session | None) -> None: ...

    @property
    def saves(self) -> SavesPart: ...

    @property
    def bots(self) -> BotsPart: ...

    @property
    def rendering(self) -> RenderingPart: ...

    @property
    def navigation(self) -> NavigationPart: ...

    @property
    def replay(self) -> ReplayPart: ...

    @property
    def events(self) -> EventsPart: ...

    @property
    def keys(self) -> KeysPart: ...
