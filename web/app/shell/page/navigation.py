"""Routing in the page: the address's ``#fragment`` to a screen and back (``routes.py`` parses it).

Routes (the part after ``#``): empty -> home; ``new/<game>`` -> new-game form; ``play/<id>`` -> a
saved game; ``rules/<game>[/<section>]`` -> how to play; anything else is read as a game link
(``k3?v=1&players=2&seed=...``), saved under a new id, and shown as ``play/<id>``.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from typing import TYPE_CHECKING

import game_archives
import games
import js

from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _
from pygames.core.registry import game_title, get_game

from ..contract.markup import Markup, short
from ..model import daily, players, routes, saves
from ..screens import home
from ..screens.daily import section as daily_section
from ..screens.new_game import render_new_game
from .dom import ROOT, call, fragment_of, hold, mark, next_task, set_hash, set_html, show, start_context
from .scripts import load_game_scripts

if TYPE_CHECKING:  # pragma: no cover (the engines' core comes with the first game: home does not need it)
    from pygames.core.match import Match
    from pygames.core.record import Record

    from ..model.session import Session
    from .parts import Page

OPEN_SLICE_MS = 40.0  # opening a link replays its moves in tasks of about this length


class Navigation:
    """The page's routes and the screens they show, and what they keep between screens: the rules page shown
    and the game left for it, links being opened, a game's code being fetched, the new-game form's values."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.rules_page: tuple[str, str, dict] | None = None  # (game, section, the engine's answers)
        # the game left for its rules page, and the page's scroll then: "Back to the game" shows it again
        self.rules_return: tuple[Session, float] | None = None
        self.openings = 0  # counts links being opened: a newer one, or leaving, stops an older one
        self.fetching: asyncio.Future | None = None  # a game's code being fetched before its route
        self.opening: asyncio.Future | None = None
        self.form_values: dict | None = None  # the new-game form's values for the next one shown
        context = start_context()
        self.address = fragment_of(context["hash"])  # the address's fragment (the page reports each new one)
        self.prerendered = bool(context["prerendered"])  # the screen is the home page drawn before Python
        self.blank = not context["drawn"]  # nothing on the screen yet
        self.scrolled = 0.0  # where the page was scrolled when the address last changed

    def fragment(self) -> str:
        """The address's fragment, as the page last reported it (or the shell set it)."""
        return self.address

    def route(self, address: str | None = None, scrolled: float | None = None) -> None:
        """Show the screen of the address (``address``: a new one the page reported, with where the page was
        ``scrolled`` as it changed; else the one the page is at, drawn again)."""
        if address is not None:
            self.address = fragment_of(address)
        if scrolled is not None:
            self.scrolled = scrolled
        frag = self.address
        try:
            game = self.game_to_fetch(frag)
        except Exception:
            traceback.print_exc()
            game = ""
        if game:  # its code first (the screen stays as it is meanwhile), then the route
            self.fetching = hold(asyncio.ensure_future(self._route_once_fetched(frag, game)))
        else:
            self._route_safely(frag)

    def _route_safely(self, frag: str) -> None:
        try:
            self._route(frag)
        except Exception as error:  # never leave the page blank
            traceback.print_exc()
            self.leave_game()
            self.show_home(_("Something went wrong: {error}").format(error=error))

    def game_to_fetch(self, frag: str) -> str:
        """The game whose code the route ``frag`` needs and the page does not have yet ("" when none: a
        page's start brings its address's game; game_archives.py)."""
        route = routes.parse_route(frag)
        name = routes.route_game(route)
        if route.kind == routes.PLAY:
            try:
                name = self.app.saves.store.load(route.arg).game
            except Exception:  # (a bad save: the route says why)
                return ""
        return name if name in games.GAMES and not game_archives.have(name) else ""

    async def _route_once_fetched(self, frag: str, game: str) -> None:
        try:
            await game_archives.ensure(game)
        except Exception as error:  # offline and never fetched: the route's import says what is missing
            js.console.warn(f"pygames: {game} could not be fetched: {error}")
        if self.fragment() == frag:  # (else the player went elsewhere meanwhile, and that route ran)
            self._route_safely(frag)

    def _route(self, frag: str) -> None:
        route = routes.parse_route(frag)
        if route.kind == routes.PLAY and self.app.session is not None and self.app.session.save_id == route.arg:
            self.app.rendering.refresh()  # our own navigation to the game on screen
            return
        # The game left for its rules (the ``?`` button, a refusal's "Why?"): the rules page leads back to it
        # ("Back to the game"), which shows it as it was, where the page was scrolled.
        back = self.rules_return
        if route.kind == routes.RULES:
            if self.app.session is not None:
                self.rules_return = (self.app.session, self.scrolled)
        else:
            self.rules_return = None
        self.rules_page = None  # (show_rules: the rules page on screen, if it is)
        self.leave_game()
        if route.kind == routes.HOME:
            self.show_home()
        elif route.kind == routes.NEW:
            self.show_new(route.arg)
        elif route.kind == routes.PLAY and back is not None and back[0].save_id == route.arg:
            self.app.rendering.scroll_to = back[1]
            self.start_session(back[0], save=False)
        elif route.kind == routes.PLAY:
            self.app.saves.resume(route.arg)
        elif route.kind == routes.RULES:
            self.show_rules(route.arg)
        elif route.kind == routes.DAILY:
            self.start_daily(route.arg)
        else:
            self.open_link(route.arg)

    def go(self, frag: str) -> None:
        """Navigate (a history entry); the hashchange event routes."""
        if self.fragment() == frag:
            self.route()
        else:
            set_hash(frag)

    def replace(self, frag: str) -> None:
        """Change the address without a history entry or a hashchange."""
        self.address = frag
        call("replaceHash", frag)

    # -- pages -----------------------------------------------------------------------------------

    def show_home(self, notice: str = "") -> None:
        entries = [self.app.saves.in_language(entry) for entry in self.app.saves.store.entries()]
        html = home.render_home(games.playable(), entries, notice,
                                daily=daily_section(daily.today(), self.app.saves.store.backend, entries))
        self.show_page(html)
        call("setTitle", _("pygames — mountain board games"))
        if notice:
            self.app.rendering.announce(notice)
        if self.fragment() not in ("", "home"):
            self.replace("")

    def start_daily(self, game: str) -> None:
        """Today's challenge of ``game`` (``#daily/<game>``): resumed when this device has it saved, else
        started; the address becomes the game's."""
        if game not in daily.NAMES:
            self.show_home(_("There is no daily challenge of {name}.").format(name=repr(short(game, 24))))
            return
        target, _resumed = daily.start(game, daily.today(), self.app.saves.store.entries())
        self.replace(target)
        self._route(target)

    def show_rules(self, arg: str) -> None:
        """How to play a game, opened at a section (``k3/penalty``)."""
        name, _slash, section = arg.partition("/")
        if name not in games.GAMES:
            self.show_home(_("There are no rules for {name} here.").format(name=repr(short(name, 24))))
            return
        self.rules_page = (name, section, {})
        self.draw_rules(opening=True)

    def draw_rules(self, opening: bool = False, patch: bool = False) -> None:
        """The rules page (``opening``: shown at its section, its example boards drawn after it if they were
        not yet, else drawn again where the player is, e.g. with the engine's answer to a move tried;
        ``patch``: patched into the page, e.g. with its boards drawn)."""
        from ..screens import rules as rules_page  # (here: the first screen, home, needs no game screen module)

        assert self.rules_page is not None  # set by show_rules; rules-try draws it again only while it is open
        name, section, answers = self.rules_page
        back = routes.play_fragment(self.rules_return[0].save_id) if self.rules_return is not None else ""
        html = rules_page.render_page(name, games.rules(name), games.view_class(name), section, answers, back,
                                 touch=self.app.touch, drawn_only=opening)
        call("setTitle", _("How to play {title}").format(title=get_game(name).title) + " · pygames")
        if patch:
            show(html)
            return
        if not opening:
            set_html(ROOT, html)
            return
        self.show_page(html)
        if rules_page.busy(html):  # its text at once, the boards not drawn yet after it
            asyncio.ensure_future(self.draw_boards(self.rules_page))
        if any(s.id == section for s in games.rules(name)):  # (the address's section, if the page has it)
            # at its top, in a task of its own (the layout it forces does not lengthen this one)
            self.app.rendering.focus_later(f"#rules-{section}", top=True)

    async def draw_boards(self, opened: tuple[str, str, dict]) -> None:
        """The example boards of the rules page ``opened`` that were not drawn yet, a task each (a tap on the
        page answers between them), then patched into it where it is (its scroll and focus kept)."""
        from ..screens import rules as rules_page

        name, _section, _answers = opened
        view_class = games.view_class(name)
        for section in games.rules(name):
            for example in section.examples:
                if rules_page.example_board(name, view_class, example, self.app.touch, True) is None:
                    await next_task()
                    if self.rules_page is not opened:
                        return  # the player went elsewhere
                    rules_page.example_board(name, view_class, example, self.app.touch)
        await next_task()
        if self.rules_page is opened:  # (still on screen: a route elsewhere forgets it)
            self.draw_rules(patch=True)

    def show_new(self, name: str, error: str = "") -> None:
        if name not in games.GAMES:
            try:
                get_game(name)
                reason = _("the game {name} cannot be played in the page yet").format(name=repr(short(name, 24)))
            except RecordError as e:
                reason = str(e)
            self.show_home(_("Cannot start a game: {reason}.").format(reason=reason))
            return
        values = self.form_values
        self.form_values = None
        self.show_page(render_new_game(name, values, error))

    def took_over_home(self) -> bool:
        """Whether the screen is still the home page drawn before Python started (web/first-screen.js); the
        page is Python's from now on."""
        taken, self.prerendered, self.blank = self.prerendered, False, False
        return taken

    def show_page(self, html: Markup) -> None:
        """A page that is not a game (home, form, rules) in place of the screen, at its top when it is a new
        screen (``scroll_to``)."""
        start, self.app.rendering.scroll_to = self.app.rendering.scroll_to, None
        if self.took_over_home():
            # The home page drawn by the build before Python started (index.html): patched, not replaced,
            # so that nothing moves and what the player is doing on it (the focus, a menu) stays.
            home_again = html.startswith(home.HOME_START)
            call("takeOverHome", ROOT, html if home_again else "")
            if home_again:
                return
        if start is not None:
            call("scrollToY", start)  # (before: the old screen's layout is clean, nothing is forced)
        set_html(ROOT, html)

    # -- games -----------------------------------------------------------------------------------

    def open_link(self, frag: str) -> None:
        """Open a link: checked at once (a bad one goes back home with the reason), then loaded,
        replayed and drawn in tasks of at most ~OPEN_SLICE_MS, so a long game never freezes the page."""
        # (mark: the phases of opening a link, tests/bench/open_bench.py)
        mark("open:start")
        from pygames.core.record import Record

        try:
            record = Record.parse(frag)
            if record.game not in games.GAMES:
                raise RecordError(
                    _("the game {name} cannot be played in the page yet").format(name=repr(short(record.game, 24))))
            players.parse_seats(record.extras.get("seats"), int(record.options["players"]))
        except (RecordError, RuleError) as error:
            self.show_home(_("This link cannot be opened: {error}").format(error=error))
            return
        self.openings += 1
        self.opening = hold(asyncio.ensure_future(self._open(record, self.openings)))
        blank = self.blank
        if self.took_over_home() or blank:  # the first screen: say what is coming
            call("takeOverHome", ROOT, "")
            set_html(ROOT, home.render_opening(game_title(record.game)))

    async def _open(self, record: Record, opening: int) -> None:
        from pygames.core.match import Match

        began = time.perf_counter()

        async def breathe(now: bool = False) -> bool:
            """After ~OPEN_SLICE_MS of work (or ``now``), end the task: the page handles input (and
            paints, when a frame is due) before the next one; False when the player went elsewhere
            meanwhile. (Not a wait for a frame: the screen does not change until the game is drawn.)"""
            nonlocal began
            if now or time.perf_counter() - began > OPEN_SLICE_MS / 1000:
                await next_task()
                began = time.perf_counter()
            return self.openings == opening

        try:
            for load in (get_game, games.view_class):  # the game's engine, then its view (once warm: nothing)
                load(record.game)
                if not await breathe():
                    return
            mark("open:loaded")
            match, steps = Match.stepwise(record)  # RecordError naming the bad move, before anything is saved
            for _step in steps:
                if not await breathe():
                    return
            mark("open:replayed")
        except (RecordError, RuleError) as error:
            if self.openings == opening:
                self.show_home(_("This link cannot be opened: {error}").format(error=error))
            return
        session = self.new_session(match, "")
        session.opened_finished = match.game.is_over()  # kept as it came: Undo does nothing on it
        if record.at is not None:  # a link to a position: shown there, with the replay's controls
            session.go_to(record.at)
        existing = self.app.saves.store.find_link(match.record().to_fragment())
        session.save_id = existing.id if existing else saves.new_id()
        mark("open:saved")
        if not await breathe(now=True):  # replaying and drawing a long game are two tasks
            return
        # Building the screen and showing it are two more when building took a slice (a page not yet
        # warm): the browser's first style and layout of a long game's screen follow the task that shows
        # it. Not when a bot moves next: its screen shows it thinking.
        mark("open:building")
        drawn_ahead = None if session.bot_mover() is not None else (
            self.app.rendering.screen_key(session), self.app.rendering.screen_html(session))
        mark("open:built")
        if not await breathe():
            return
        mark("open:showing")
        self.app.rendering.drawn_ahead = drawn_ahead
        self.app.session = session
        self.start_session(session)
        mark("open:drawn")

    def new_session(self, match: Match, save_id: str) -> Session:
        """A game on screen for ``match``, its seats and names from the record's ``seats`` extra
        (already checked), written back in their canonical form; the page's storage is its ``device``."""
        count = int(match.options["players"])
        text = match.extras.get("seats")
        load_game_scripts(match.name)
        from ..model.session import Session  # (here: the first screen, home, needs no game screen module)

        session = Session(match, players.parse_seats(text, count), save_id, games.view_class(match.name),
                          players.parse_names(text, count), device=self.app.saves.store.backend)
        session.touch = self.app.touch
        match.extras["seats"] = session.seats_text()
        return session

    def start_session(self, session: Session, save: bool = True) -> None:
        """Show ``session``'s game (saved first unless ``save`` is false) and let a bot move if it is its turn."""
        self.app.session = session
        if not session.game.is_over() and any(kind != players.HUMAN for kind in session.seats):
            # the bots' worker starts with the game, before the first bot turn (a finished game's
            # link starts none; should a bot get a turn later, e.g. a rematch, that turn starts it)
            self.app.bots.ensure_worker()
        save_id = session.save_id
        if save:
            self.app.saves.autosave()
        self.replace(routes.play_fragment(save_id))
        self.app.rendering.refresh()

    def leave_game(self) -> None:
        """The game on screen (if any) goes: the next screen shown is a new one, shown at its top."""
        self.openings += 1  # a link still being opened is dropped
        self.app.bots.cancel()
        self.app.session = None
        self.app.rendering.scroll_to = 0.0
