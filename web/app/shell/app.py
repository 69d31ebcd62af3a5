"""The shell's DOM layer: the only module that touches the browser (app/main.py starts it).

A router on ``hashchange``, one delegated click/keyboard/change/input/submit listener on
``<main id="app">``, autosave, and bots run in short slices on the main thread. All markup comes
from pure modules (home.py, screen.py, each game's view) and every rule from the engine.

Routes (the part after ``#``): empty -> home; ``new/<game>`` -> new-game form; ``play/<id>`` -> a
saved game; anything else is read as a game link (``k3?v=1&players=2&seed=...``), saved under a
new id, and shown as ``play/<id>``.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback

import games
from pyodide.ffi import create_proxy
from pyscript import document, js_import, window

try:  # JS null arrives as pyodide.ffi.jsnull (not None) in recent Pyodide versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

from pygames.core import i18n as i18n_core
from pygames.core.bots import bot_rng
from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _, ngettext
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.registry import game_title, get_game

from . import home, i18n, players, router, rules, runner, screen, storage, warm
from .session import Play
from .svg import short
from .view import CHANGED, MOVED
from .worker import BotWorker

DEFAULT_BOT_DELAY_MS = 450.0
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
FRAME_EVERY_S = 0.03  # while a bot thinks, let the browser paint at least every ~30 ms
WORKER_WAIT_S = 15.0  # a bot turn waits this long for the bots' worker to start, then thinks on the page
OPEN_SLICE_MS = 40.0  # opening a link replays its moves in tasks of about this length
WARM_SLICE_S = 0.03  # the warm-up's background work comes in tasks of about this length

# A promise resolved at the next animation frame (or after 40 ms, e.g. in a hidden tab).
_next_frame = window.Function.new(
    "return new Promise((resolve) => { let done = false;"
    " const go = () => { if (!done) { done = true; resolve(); } };"
    " requestAnimationFrame(go); setTimeout(go, 40); })"
)

# A promise resolved in a new task, at once (a message to itself): what runs after it is a task of
# its own, after the input and painting the browser had waiting. (``asyncio.sleep(0)`` is not: Pyodide
# may run the callbacks it schedules one after another in the same task.)
_next_task = window.Function.new(
    "return new Promise((resolve) => { const c = new MessageChannel();"
    " c.port1.onmessage = () => { c.port1.close(); resolve(); }; c.port2.postMessage(0); })"
)

# Lay out a screen's HTML once, unseen, at the end of <main id="app"> (the same width as a game's screen: its
# boards' text is drawn at the same sizes), then remove it: the browser's first style and layout of a game's
# screen (fonts at each size, text shaping, style rules) take several times the later ones, ~60-100 ms for a
# long K2 game in a fresh page against ~15 once done. The copy lives in a closed shadow tree with the page's
# style sheets: nothing that reads the page (its scripts, find in page, tests' locators) sees it; the host is
# inert, hidden from assistive technology, invisible and of no height. Its parts are revealed a few at a time,
# in tasks of about ``slice`` ms (``nextTask``: ``_next_task``); ``busy()`` true: wait (a bot thinks, a link
# opens). The promise resolves to whether it was all laid out.
_lay_out_unseen = window.Function.new(
    "html", "slice", "busy", "nextTask",
    """
    const root = document.getElementById("app");
    const template = document.createElement("template");
    template.innerHTML = html;
    const screen = template.content.firstElementChild;
    if (!root || !screen) return Promise.resolve(false);
    for (const el of template.content.querySelectorAll("[autofocus]")) el.removeAttribute("autofocus");
    const parts = [];
    const split = (el) => {
      for (const child of el.children) {
        if (child.getElementsByTagName("*").length > 150) split(child);
        else parts.push([child, child.getAttribute("style")]);
      }
    };
    split(screen);
    for (const [el] of parts) el.style.setProperty("display", "none", "important");
    const host = document.createElement("div");
    host.setAttribute("aria-hidden", "true");
    host.inert = true;
    host.style.cssText = "position:relative;contain:paint;height:0;overflow:hidden;visibility:hidden;"
      + "pointer-events:none";
    const shadow = host.attachShadow({mode: "closed"});
    const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.cloneNode());
    const loaded = sheets.map((link) => new Promise((done) => {  // (at most 2 s: the warm-up goes on anyway)
      link.onload = link.onerror = done;
      setTimeout(done, 2000);
    }));
    shadow.append(...sheets, screen);
    root.append(host);
    let next = 0;
    return Promise.all(loaded).then(() => new Promise((resolve) => {
      const step = () => {
        if (!host.isConnected) return resolve(false);  // the page showed another screen meanwhile
        if (busy()) return setTimeout(step, 40);
        const began = performance.now();
        while (next < parts.length && performance.now() - began < slice) {
          const [el, style] = parts[next++];
          if (style === null) el.removeAttribute("style"); else el.setAttribute("style", style);
          void host.offsetHeight;  // laid out now, in this task
        }
        if (next < parts.length) {
          nextTask().then(step);
        } else {
          host.remove();
          resolve(true);
        }
      };
      step();
    }));
    """,
)


class Pacer:
    """The runner's pause between slices: usually ``sleep(0)`` (input is handled), and at least
    every ``FRAME_EVERY_S`` a wait for the next frame, so that the page also paints."""

    def __init__(self, budget_ms: float | None = None) -> None:
        self.began = self.last_frame = time.perf_counter()
        self.budget_ms = budget_ms  # a search bot's time budget: its progress is shown

    async def __call__(self) -> None:
        if time.perf_counter() - self.last_frame >= FRAME_EVERY_S:
            if self.budget_ms:
                bar = document.getElementById("think-progress")
                if some(bar):
                    bar.value = min(100, round((time.perf_counter() - self.began) * 100000 / self.budget_ms))
            await _next_frame()
            self.last_frame = time.perf_counter()
        else:
            await asyncio.sleep(0)


def _query_number(name: str, default: float) -> float:
    try:
        params = window.URLSearchParams.new(window.location.search)
        value = params.get(name)
        return float(value) if isinstance(value, str) and value else default
    except Exception:
        return default


def some(value) -> bool:
    """A DOM lookup found something (neither None nor JS null/undefined)."""
    return value is not None and value is not jsnull


def _dataset(element) -> dict[str, str]:
    out = {}
    for attr in element.attributes:
        name = str(attr.name)
        if name.startswith("data-"):
            out[name[5:]] = str(attr.value)
    return out


class App:
    def __init__(self) -> None:
        self.app = document.getElementById("app")
        # #view is re-rendered; #announce persists, so screen readers hear turn changes
        self.app.innerHTML = (
            '<div id="view"></div><p id="announce" class="visually-hidden" role="status" aria-live="polite"></p>'
        )
        self.root = document.getElementById("view")
        self.announced = ""
        self.announced_moves = -1
        try:
            backend = window.localStorage
            backend.length  # noqa: B018 (throws when storage is blocked)
        except Exception:
            backend = storage.MemoryStorage()
        self.store = storage.Store(backend)
        self._play: Play | None = None
        self.rules_page: tuple[str, str, dict] | None = None  # (game, section, the engine's answers)
        self.task: asyncio.Task | None = None
        self.notice = ""
        self.openings = 0  # counts links being opened: a newer one, or leaving, stops an older one
        self.opening: asyncio.Future | None = None
        self.drawn_ahead: tuple[tuple, str] | None = None  # (screen_key, the screen) for the next render
        self.form_values: dict | None = None
        self.bot_delay_ms = _query_number("botdelay", DEFAULT_BOT_DELAY_MS)
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
            create_proxy(self.focus_pending),  # last: render() schedules it
        ]
        self.focus_next = None
        self.focus_still = False  # focus_next is focused without scrolling the page (a view's take_focus)
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
    def play(self) -> Play | None:
        """The game on screen, if any."""
        return self._play

    @play.setter
    def play(self, play: Play | None) -> None:
        # The engine's sentences (reasons, results) name players as the page does, for whichever
        # way the game came on screen (link, form, save, rematch); "seat N" again when none is.
        self._play = play
        i18n_core.name_seats(play.short_name if play is not None else None)

    # -- routing ---------------------------------------------------------------------------------

    def fragment(self) -> str:
        text = str(window.location.hash or "")
        return text[1:] if text.startswith("#") else text

    def route(self, *_args) -> None:
        try:
            self._route(self.fragment())
        except Exception as error:  # never leave the page blank
            traceback.print_exc()
            self.leave_game()
            self.show_home(_("Something went wrong: {error}").format(error=error))

    def _route(self, frag: str) -> None:
        route = router.parse_route(frag)
        if route.kind == router.PLAY and self.play is not None and self.play.save_id == route.arg:
            self.refresh()  # our own navigation to the game on screen
            return
        self.leave_game()
        if route.kind == router.HOME:
            self.show_home()
        elif route.kind == router.NEW:
            self.show_new(route.arg)
        elif route.kind == router.PLAY:
            self.resume(route.arg)
        elif route.kind == router.RULES:
            self.show_rules(route.arg)
        else:
            self.open_link(route.arg)

    def go(self, frag: str) -> None:
        """Navigate (a history entry); the hashchange event routes."""
        if self.fragment() == frag:
            self.route()
        else:
            window.location.hash = "#" + frag

    def replace(self, frag: str) -> None:
        """Change the address without a history entry or a hashchange."""
        window.history.replaceState(None, "", "#" + frag)

    # -- pages -----------------------------------------------------------------------------------

    def show_home(self, notice: str = "") -> None:
        notice = notice or self.notice
        self.notice = ""
        html = home.render_home(games.playable(), self.store.entries(), notice)
        self.root.innerHTML = html
        document.title = _("pygames — mountain board games")
        if notice:
            self.announce(notice)
        if self.fragment() not in ("", "home"):
            self.replace("")

    def show_rules(self, arg: str) -> None:
        """How to play a game, opened at a section (``k3/penalty``)."""
        name, _slash, section = arg.partition("/")
        if name not in games.GAMES:
            self.show_home(_("There are no rules for {name} here.").format(name=repr(short(name, 24))))
            return
        self.rules_page = (name, section, {})
        self.draw_rules()

    def draw_rules(self) -> None:
        name, section, answers = self.rules_page
        self.root.innerHTML = rules.render_page(name, games.rules(name), games.view_class(name), section, answers)
        document.title = _("How to play {title}").format(title=get_game(name).title) + " · pygames"
        target = document.getElementById(f"rules-{section}") if section else None
        if some(target):
            target.scrollIntoView()
            target.focus()

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
        self.root.innerHTML = home.render_new_game(name, values, error)

    def open_link(self, frag: str) -> None:
        """Open a link: checked at once (a bad one goes back home with the reason), then loaded,
        replayed and drawn in tasks of at most ~OPEN_SLICE_MS, so a long game never freezes the page."""
        mark = window.performance.mark  # the phases of opening a link (tests/bench/open_bench.py)
        mark("open:start")
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
        self.opening = asyncio.ensure_future(self._open(record, self.openings))
        if not some(self.root.firstChild):  # the page's first screen (a shared link): say what is coming
            self.root.innerHTML = home.render_opening(game_title(record.game))

    async def _open(self, record: Record, opening: int) -> None:
        mark = window.performance.mark
        began = time.perf_counter()

        async def breathe(now: bool = False) -> bool:
            """After ~OPEN_SLICE_MS of work (or ``now``), end the task: the page handles input (and
            paints, when a frame is due) before the next one; False when the player went elsewhere
            meanwhile. (Not a wait for a frame: the screen does not change until the game is drawn.)"""
            nonlocal began
            if now or time.perf_counter() - began > OPEN_SLICE_MS / 1000:
                await _next_task()
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
        play = self.new_play(match, "")
        existing = self.store.find_link(match.record().to_fragment())
        play.save_id = existing.id if existing else storage.new_id()
        mark("open:saved")
        if not await breathe(now=True):  # replaying and drawing a long game are two tasks
            return
        # Building the screen and showing it are two more when building took a slice (a page not yet
        # warm): the browser's first style and layout of a long game's screen follow the task that shows
        # it. Not when a bot moves next: its screen shows it thinking.
        mark("open:building")
        drawn_ahead = None if play.bot_mover() is not None else (self.screen_key(play), self.screen_html(play))
        mark("open:built")
        if not await breathe():
            return
        mark("open:showing")
        self.drawn_ahead = drawn_ahead
        self.play = play
        self.start_play(play)
        mark("open:drawn")

    def resume(self, save_id: str) -> None:
        try:
            entry = self.store.load(save_id)
            record = Record.parse(entry.link)
            players.parse_seats(record.extras.get("seats"), int(record.options["players"]))
            match = Match(record)
        except (storage.StorageError, RecordError, RuleError) as error:
            self.show_home(_("This saved game cannot be resumed: {error}").format(error=error))
            return
        self.start_play(self.new_play(match, save_id), save=False)

    def new_play(self, match: Match, save_id: str) -> Play:
        """A game on screen for ``match``, its seats and names from the record's ``seats`` extra
        (already checked), written back in their canonical form; the page's storage is its ``device``."""
        count = int(match.options["players"])
        text = match.extras.get("seats")
        load_game_scripts(match.name)
        play = Play(match, players.parse_seats(text, count), save_id, games.view_class(match.name),
                    players.parse_names(text, count), device=self.store.backend)
        match.extras["seats"] = play.seats_text()
        return play

    def start_play(self, play: Play, save: bool = True) -> None:
        self.play = play
        if not play.game.is_over() and any(kind != players.HUMAN for kind in play.seats):
            # the bots' worker starts with the game, before the first bot turn (a finished game's
            # link starts none; should a bot get a turn later, e.g. a rematch, that turn starts it)
            self.bot_worker()
        save_id = play.save_id
        if save:
            self.autosave()
        self.replace(router.play_fragment(save_id))
        self.refresh()

    def leave_game(self) -> None:
        self.openings += 1  # a link still being opened is dropped
        self.cancel_bot()
        self.play = None

    # -- the game screen -------------------------------------------------------------------------

    def link(self, play: Play | None = None) -> str:
        base = str(window.location.origin) + str(window.location.pathname)
        return (play or self.play).match.record().to_link(base)

    def screen_key(self, play: Play) -> tuple:
        """What a screen built ahead for ``play`` depends on besides the play's own state."""
        return (play, len(play.game.history), str(document.documentElement.lang))

    def screen_html(self, play: Play) -> str:
        """The game screen of ``play`` as it stands (``screen.render``), its players named as it names them
        (also for a play not yet on screen, e.g. a link being opened)."""
        match = play.match
        with i18n_core.seats_named(play.short_name):
            return screen.render(play, self.link(play), match.can_undo(play.is_human), match.can_redo())

    def is_human(self, seat: int) -> bool:
        return self.play.is_human(seat)

    def render(self) -> None:
        play = self.play
        if play is None:
            return
        # A focus the last render asked for but has not applied yet (it waits for the next task) is
        # where the keyboard player is: a bot's quick answer must not drop it.
        active = self.focus_next if some(self.focus_next) else document.activeElement
        focus_id = str(active.id or "") if some(active) else ""
        on_board = some(active) and some(active.closest(".board"))  # a piece or target, maybe without an id
        ahead, self.drawn_ahead = self.drawn_ahead, None
        if ahead is not None and ahead[0] == self.screen_key(play) and play.thinking is None:
            html = ahead[1]  # built in the task before (a link being opened): this task only shows it
        else:
            html = self.screen_html(play)
        scrolled = self.scroll_positions()
        self.root.innerHTML = html
        self.restore_scroll(scrolled)
        status = play.status()
        document.title = f"{status} — {play.game.title} · pygames"
        moves = len(play.game.history)
        if moves != self.announced_moves and moves and play.handoff_seat() is None:
            self.announce(f"{play.last_move_sentence()}. {status}")
        else:
            self.announce(status)
        self.announced_moves = moves
        target = document.getElementById(focus_id) if focus_id else None
        wanted = play.view.take_focus()  # the view moves the keyboard's focus (e.g. to the board)
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
            for selector in play.view.focus_after_render():
                target = document.querySelector(selector)
                if some(target):
                    break
        if some(target):
            # in a task of its own: focusing forces a layout of the new screen (~50 ms for a
            # game's screen in Pyodide), which would otherwise lengthen the task that drew it
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

    def set_language(self, code: str) -> None:
        """The player chose a language: remember it, and draw the same screen again in it."""
        code = i18n.install(code)
        show_language(code)
        try:
            window.localStorage.setItem(i18n.STORAGE_KEY, code)
        except Exception:  # storage blocked: the choice lasts until the page is closed
            pass
        form = document.getElementById("new-game-form")
        if self.play is not None:
            self.render()
        elif some(form):  # the new-game form keeps what was chosen
            self.root.innerHTML = home.render_new_game(str(form.dataset.game), self.form_fields(form))
        else:
            self.route()
        picker = document.getElementById("lang-select")
        if some(picker):
            picker.focus()

    def announce(self, text: str) -> None:
        if text != self.announced:
            self.announced = text
            document.getElementById("announce").textContent = text

    def autosave(self) -> None:
        play = self.play
        if play is None:
            return
        game = play.game
        result = game.result()
        entry = storage.SavedGame(
            id=play.save_id,
            game=play.match.name,
            link=play.match.record().to_fragment(),
            updated=time.time() * 1000,
            title=" · ".join((
                game_title(play.match.name),
                ngettext("{n} player", "{n} players", game.players).format(n=game.players),
                _(" vs ").join(play.seat_name(s) for s in range(len(play.seats))),
                _("seed {seed}").format(seed=short(game.seed)),
            )),
            status=play.status(),
            moves=len(game.history),
            over=result is not None,
        )
        try:
            self.store.save(entry)
        except storage.StorageError as error:
            play.notice(_("Not saved: {error}").format(error=error))

    # -- bots ------------------------------------------------------------------------------------

    def cancel_bot(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.play is not None:
            self.play.thinking = None

    def maybe_start_bot(self) -> bool:
        """Start the bot to move, if any (showing it as thinking); True if one started."""
        play = self.play
        if play is None or self.task is not None:
            return False
        seat = play.bot_mover()
        if seat is None:
            return False
        play.thinking = seat
        bot = players.make_bot(play.seats[seat])
        timed = getattr(bot, "max_iterations", 1) is None  # a search cut by its time budget: show its progress
        play.think_budget_ms = getattr(bot, "budget_ms", None) if timed else None
        self.render()
        self.task = asyncio.ensure_future(self.bot_turn(play, seat))
        return True

    def bot_worker(self) -> BotWorker | None:
        """The bots' Web Worker, started with the first game that has a bot (None where it is turned
        off with ``?botworker=0``). It restores the interpreter snapshot when this page did. Bot turns
        wait for it while it starts; where it failed, bots think on the page's thread."""
        if self.worker is None and _query_number("botworker", 1) and some(getattr(window, "Worker", None)):
            self.worker = BotWorker(use_snapshot=document.documentElement.dataset.snapshot == "used")
        return self.worker

    async def think_in_worker(self, worker: BotWorker, play: Play, seat: int, kind: str) -> dict:
        """The bot's answer from the worker; meanwhile the page shows a search's progress."""
        asking = asyncio.ensure_future(worker.think(play.match.record().to_fragment(), seat, kind))
        began = time.perf_counter()
        try:
            while not asking.done():
                await asyncio.wait([asking], timeout=FRAME_EVERY_S * 2)
                bar = document.getElementById("think-progress")
                if play.think_budget_ms and some(bar):
                    bar.value = min(100, round((time.perf_counter() - began) * 100000 / play.think_budget_ms))
            return asking.result()
        finally:
            asking.cancel()

    def refresh(self) -> None:
        """Show the current state, and let a bot play if it is its turn (one render either way)."""
        if not self.maybe_start_bot():
            self.render()

    async def bot_turn(self, play, seat: int) -> None:
        game = play.game
        me = asyncio.current_task()
        try:
            await _next_frame()  # let "… is thinking" paint before thinking
            await board_ready(play.name)  # a game's script still setting up its board goes first
            await _next_task()  # and think in a task of its own, not in the frame's (a 3D board's picture)
            kind = play.seats[seat]
            bot = players.make_bot(kind)
            stats = runner.ThinkStats()
            worker = self.bot_worker()
            waited = time.perf_counter()  # a starting worker is waited for: the page's thread stays free
            while worker is not None and worker.state == "starting" and time.perf_counter() - waited < WORKER_WAIT_S:
                await asyncio.sleep(0.05)
            began = time.perf_counter()
            page_began = float(window.performance.now())  # on the page's clock: tests match long tasks
            answer: dict = {}
            if worker is not None and worker.ready:
                try:
                    answer = await self.think_in_worker(worker, play, seat, kind)
                except RuntimeError as error:  # the worker failed: this move is thought here
                    window.console.warn(f"pygames: the bots' worker did not answer: {error}")
            if answer:
                action = answer["action"]
            else:
                gen = bot.think(game.view(seat), seat, bot_rng(game, seat))
                action = await runner.drive(gen, stats=stats, pause=Pacer(play.think_budget_ms))
            think_ms = (time.perf_counter() - began) * 1000.0
            self.think_log.append(
                {
                    "game": play.save_id,
                    "phase": getattr(game, "phase", ""),
                    "seat": seat,
                    "bot": kind,
                    "worker": bool(answer),
                    "iterations": answer.get("iterations") if answer else getattr(bot, "last_iterations", None),
                    "ms": round(think_ms, 1),
                    "longest_slice_ms": round(stats.longest_slice_ms, 1),
                    "slices": stats.slices,
                    "longest_step_ms": round(stats.longest_step_ms, 1),
                    "slice_ms": sorted(round(x, 1) for x in stats.slice_ms)[-4:],
                    "start": round(page_began, 1),
                    "end": round(float(window.performance.now()), 1),
                }
            )
            window.pygamesThinkLog = json.dumps(self.think_log[-200:])
            wait = self.bot_delay_ms - think_ms
            if wait > 0:
                await asyncio.sleep(wait / 1000.0)
            else:
                await _next_frame()  # the last slice and the move's render: two tasks, not one
            if self.play is not play or play.game is not game:
                return
            play.apply_bot(action)
            self.autosave()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            traceback.print_exc()
            play.notice(_("The bot could not play: {error}").format(error=error))
            play.thinking = None
            if self.task is me:
                self.task = None
            self.render()
            return
        if self.task is me:
            self.task = None
        play.thinking = None
        if self.play is play:
            self.refresh()

    # -- events ----------------------------------------------------------------------------------

    def on_pointer_down(self, event) -> None:
        """Drag and drop for views: press on an element with ``data-drag``, release on another."""
        self.drag_from = None
        if self.play is None or not some(event.target):
            return
        piece = event.target.closest("[data-drag]")
        if some(piece):
            self.drag_from = str(piece.dataset.drag)

    def on_pointer_up(self, event) -> None:
        start, self.drag_from = self.drag_from, None
        if start is None or self.play is None:
            return
        under = document.elementFromPoint(event.clientX, event.clientY)
        piece = under.closest("[data-drag]") if some(under) else None
        if not some(piece) or str(piece.dataset.drag) == start:
            return  # a plain click: the click handler does it
        event.preventDefault()
        self.act("drag", {"from": start, "to": str(piece.dataset.drag)})

    def on_click(self, event) -> None:
        target = event.target.closest("[data-act]") if some(event.target) else None
        if not some(target):
            return
        if str(target.tagName).lower() == "summary":
            event.preventDefault()  # the shell opens and closes it (the next render keeps it)
        self.dispatch(target, event)

    def on_key(self, event) -> None:
        key = str(event.key)
        if key == "Escape" and self.play is not None and some(document.querySelector(".dialog")):
            self.play.handle("close-dialog", {})
            self.render()
            status = document.getElementById("turn-status")
            if some(status):
                status.focus()  # back where the game goes on
            return
        if key == "Tab" and self.trap_focus(bool(event.shiftKey)):
            event.preventDefault()
            return
        target = event.target
        tag = str(target.tagName).lower() if some(target) else ""
        if tag in ("input", "select", "textarea"):
            return  # typing: the move box and the forms handle their own keys
        if key in ("Enter", " ") and some(target) and str(target.getAttribute("role") or "") == "button":
            if tag in ("button", "a", "summary"):
                return  # the browser makes a click of it
            event.preventDefault()
            self.dispatch(target, event)
            return
        if self.play is None or event.ctrlKey or event.metaKey or event.altKey:
            return
        if tag in ("button", "a", "summary") and key in ("Enter", " "):
            return
        if self.act("key", {"key": key, "shift": "1" if event.shiftKey else ""}):
            event.preventDefault()
        elif key in ARROWS and self.move_focus(key):
            event.preventDefault()

    def trap_focus(self, backwards: bool) -> bool:
        """Tab stays inside an open dialog (the result, the hand-off): True if it moved focus."""
        dialog = document.querySelector('[role="dialog"][aria-modal="true"]')
        if not some(dialog):
            return False
        items = list(dialog.querySelectorAll('button:not([disabled]), [href], input, select, [tabindex="0"]'))
        if not items:
            return False
        active = document.activeElement
        inside = some(active) and dialog.contains(active)
        if not inside:
            items[0].focus()
            return True
        first, last = items[0], items[-1]
        if backwards and active.isSameNode(first):
            last.focus()
            return True
        if not backwards and active.isSameNode(last):
            first.focus()
            return True
        return False

    def move_focus(self, key: str) -> bool:
        """Arrow keys on the board of any game: focus the nearest target in that direction."""
        active = document.activeElement
        if not some(active) or not some(active.closest(".board")):
            return False
        dx, dy = ARROWS[key]
        here = active.getBoundingClientRect()
        cx, cy = here.left + here.width / 2, here.top + here.height / 2
        best, best_score = None, float("inf")
        for element in document.querySelectorAll('.board [role="button"][tabindex="0"], .board button'):
            if element.isSameNode(active):
                continue
            box = element.getBoundingClientRect()
            vx, vy = box.left + box.width / 2 - cx, box.top + box.height / 2 - cy
            along, across = vx * dx + vy * dy, abs(vx * dy - vy * dx)
            if along < 2 or across > 2 * along:  # not in that direction
                continue
            score = along + 2 * across
            if score < best_score:
                best, best_score = element, score
        if best is None:
            return False
        best.focus()
        return True

    def on_input(self, event) -> None:
        """Typing in the move box narrows the list of legal moves (without drawing the screen again)."""
        target = event.target
        if self.play is None or not some(target) or str(target.id) != "move-input":
            return
        self.play.move_text = str(target.value)
        listing = document.getElementById("legal-list")
        if some(listing):
            listing.innerHTML = screen.legal_items(self.play, self.play.legal_moves() or [], self.play.move_text)

    def on_view_act(self, event) -> None:
        """An act sent by a view's own script (see shell/view.py): a ``pygames:act`` CustomEvent whose
        ``detail`` holds ``act`` and string values, handled as a key or a drag is."""
        try:
            data = {str(k): str(v) for k, v in dict(event.detail.to_py()).items()}
        except Exception:  # not an object of strings: not ours
            return
        act = data.pop("act", "")
        if act:
            self.act(act, data)

    def act(self, act: str, data: dict[str, str]) -> bool:
        """A view act that is not a click (a key, a drag); True if it changed something."""
        play = self.play
        if play is None or some(document.querySelector(".dialog")):
            return False
        try:
            outcome = play.handle(act, data)
        except Exception as error:
            traceback.print_exc()
            play.notice(_("Something went wrong: {error}").format(error=error))
            outcome = CHANGED
        self.after(outcome)
        return bool(outcome)

    def after(self, outcome: str) -> None:
        if outcome == MOVED:
            self.autosave()
            self.refresh()
        elif outcome:
            self.render()

    def dispatch(self, element, event=None) -> None:
        data = _dataset(element)
        act = data.pop("act", "")
        try:
            self._dispatch(act, data, element)
        except Exception as error:
            traceback.print_exc()
            if self.play is not None:
                self.play.notice(_("Something went wrong: {error}").format(error=error))
                self.render()

    def _dispatch(self, act: str, data: dict[str, str], element) -> None:
        if act == "home":
            self.go("")
            return
        if act == "delete":
            self.store.delete(data.get("id", ""))
            self.show_home()
            return
        if act == "rules-try" and self.rules_page is not None:
            name, section, answers = self.rules_page
            k, j = int(data.get("section", "0")), int(data.get("example", "0"))
            example = games.rules(name)[k].examples[j]
            answers[(k, j)] = rules.try_move(name, games.view_class(name), example, data.get("move", ""))
            self.draw_rules()
            return
        if act == "reseed":
            field = document.getElementById("f-seed")
            if some(field):
                field.value = players.new_seed()
            return
        play = self.play
        if play is None:
            return
        match = play.match
        if act in ("undo", "redo"):  # both step over bot moves to a human decision
            self.cancel_bot()
            (match.undo if act == "undo" else match.redo)(self.is_human)
            play.reset_ui()
            self.autosave()
            self.refresh()
            return
        if act == "copy":
            asyncio.ensure_future(self.copy_link())
            return
        if act == "newgame":
            self.form_values = home.values_of(match.record(), play.seats, play.names)
            self.go(router.new_fragment(match.name))
            return
        if act == "rematch":
            record = Record(match.name, dict(match.options), match.seed, [], dict(match.extras))
            self.leave_game()
            self.start_play(self.new_play(Match(record), storage.new_id()))
            return
        self.after(play.handle(act, data))
        if act == "describe":  # the words of the board take the focus (a screen reader reads them)
            words = document.getElementById("board-description")
            if some(words):
                self.focus_next = words  # render() focuses it in the next task
                window.setTimeout(self._proxies[-1], 0)

    async def copy_link(self) -> None:
        link = self.link()
        message = _("Link copied: anyone who opens it sees this position.")
        try:
            await window.navigator.clipboard.writeText(link)
        except Exception:
            message = _("Copy the link from the field “Link to this position”.")
        field = document.getElementById("game-link")
        if some(field):
            field.focus()
            field.select()
        status = document.getElementById("turn-status")
        if some(status):
            note = document.createElement("span")
            note.className = "copied"
            note.textContent = " — " + message
            status.appendChild(note)

    def on_change(self, event) -> None:
        target = event.target
        if some(target) and str(target.id or "") == "lang-select":
            self.set_language(str(target.value))
            return
        if not some(target) or str(target.name or "") != "players":
            return
        form = target.closest("form")
        if not some(form):
            return
        values = self.form_fields(form)
        self.root.innerHTML = home.render_new_game(str(form.dataset.game), values)
        select = document.getElementById("f-players")
        if some(select):
            select.focus()

    @staticmethod
    def form_fields(form) -> dict:
        values = {}
        for element in form.querySelectorAll("input, select"):
            name = str(element.name or "")
            if not name:
                continue
            if str(element.type) == "checkbox":
                values[name] = bool(element.checked)
            else:
                values[name] = str(element.value)
        return values

    def on_submit(self, event) -> None:
        form = event.target
        if not some(form):
            return
        if str(form.id) == "move-form":
            event.preventDefault()
            if self.play is not None:
                field = document.getElementById("move-input")
                text = str(field.value) if some(field) else ""
                try:
                    outcome = self.play.type_move(text)
                except Exception as error:
                    traceback.print_exc()
                    self.play.notice(_("Something went wrong: {error}").format(error=error))
                    outcome = CHANGED
                self.after(outcome)
            return
        if str(form.id) != "new-game-form":
            return
        event.preventDefault()
        name = str(form.dataset.game)
        values = self.form_fields(form)
        try:
            record = home.parse_new_game(name, values)
        except (RecordError, RuleError) as error:
            self.root.innerHTML = home.render_new_game(name, values, _("Cannot start: {error}").format(error=error))
            return
        save_id = storage.new_id()
        self.leave_game()
        self.play = self.new_play(Match(record), save_id)
        self.autosave()
        window.location.hash = "#" + router.play_fragment(save_id)  # a history entry; the hashchange renders


def link_game_styles() -> None:
    """Each game's style sheet (``app/games/<game>/style.css``), linked once at start."""
    head = document.head
    for name in games.GAMES:
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = games.style_sheet(name)
        link.dataset.game = name
        head.appendChild(link)


_SCRIPTS_LOADED: dict[str, object] = {}  # url -> the promise of its import


def load_game_scripts(name: str) -> None:
    """A game's own JavaScript modules (e.g. Blokus 3D's three.js scene), imported once, when the game
    is first played, with PyScript's ``js_import``: they watch the page for their board and draw it."""
    for url in games.scripts(name):
        if url not in _SCRIPTS_LOADED:  # (from the page, not PyScript's folder)
            _SCRIPTS_LOADED[url] = js_import(str(window.URL.new(url, document.baseURI).href))


async def board_ready(name: str) -> None:
    """Wait until a game's own scripts have loaded and set up its board (``data-board-busy`` on <html>
    while they do, e.g. Blokus 3D's WebGL context and first picture; at most a second): a bot's
    thinking never shares the main thread with that work."""
    began = time.perf_counter()
    for url in games.scripts(name):
        pending = _SCRIPTS_LOADED.get(url)
        if pending is not None:
            try:
                await pending
            except Exception:  # a script that failed to load: the view says so; bots play on
                traceback.print_exc()
            _SCRIPTS_LOADED[url] = None
    while document.documentElement.hasAttribute("data-board-busy") and time.perf_counter() - began < 1.0:
        await _next_frame()


# A <link rel="modulepreload"> for a URL, and a promise resolved once the browser has fetched and
# compiled it (or failed to).
_modulepreload = window.Function.new(
    "url",
    "return new Promise((resolve) => { const link = document.createElement('link');"
    " link.rel = 'modulepreload'; link.href = url; link.onload = link.onerror = () => resolve();"
    " document.head.appendChild(link); })"
)


async def preload_game_scripts(name: str) -> None:
    """Fetch and compile a game's modules early (modulepreload runs nothing), so opening it is quick;
    done when the browser has them."""
    for url in games.script_files(name):
        if document.querySelector(f'link[rel="modulepreload"][href="{url}"]'):
            continue
        await _modulepreload(url)


def start_language() -> None:
    """The player's remembered choice, else the browser's first language we have."""
    try:
        stored = window.localStorage.getItem(i18n.STORAGE_KEY)
    except Exception:
        stored = None
    if isinstance(stored, str) and stored in i18n.LANGUAGES:
        code = stored
    else:
        code = i18n.choose(str(tag) for tag in window.navigator.languages or [])
    show_language(i18n.install(code))


def show_language(code: str) -> None:
    """The page says which language it speaks, and offers the manifest (the installed app's name) in it."""
    document.documentElement.lang = code
    link = document.querySelector('link[rel="manifest"]')
    if some(link):
        link.setAttribute("href", i18n.manifest_file(code))


def main() -> None:
    window.performance.mark("app:imports")
    start_language()
    link_game_styles()
    app = App()
    window.pygamesApp = create_proxy(app)
    app.route()
    window.performance.mark("app:ready")
    document.documentElement.dataset.appState = "ready"
    app.warming = asyncio.ensure_future(warm_up(app))


async def warm_up(app: App) -> None:
    """After the first screen, load every game's engine and view in the background, one module per
    task (each well under 100 ms), build what opening a game builds once (``warm.steps``), lay out its
    screen once, unseen (``_lay_out_unseen``), and fetch the games' JavaScript modules, so that opening a
    game or a link later draws at once. It gives way to a
    bot's thinking and to a link being opened: they never share the page. ``data-warm`` says when all
    is loaded."""

    def busy() -> bool:
        return ((app.play is not None and app.play.thinking is not None)
                or (app.opening is not None and not app.opening.done()))

    async def give_way() -> None:
        await _next_frame()
        while busy():
            await _next_frame()

    busy_js = create_proxy(busy)

    for name in games.GAMES:
        for load in (get_game, games.view_class):
            await give_way()
            try:
                load(name)
            except Exception:  # a broken view must not stop the others; opening it will say why
                traceback.print_exc()
        # what opening the game builds once (warm.py: Blokus 3D's placements, ~90 ms of a link's
        # opening otherwise; K2's board labels), in slices of about WARM_SLICE_S
        began = time.perf_counter()
        html = None
        try:
            for step in warm.steps(name):
                html = step or html
                if time.perf_counter() - began > WARM_SLICE_S:
                    await give_way()
                    began = time.perf_counter()
        except Exception:
            traceback.print_exc()
        await give_way()
        if html:  # the browser's share of opening the game the first time
            try:
                if await _lay_out_unseen(html, WARM_SLICE_S * 1000, busy_js, _next_task):
                    window.performance.mark(f"warm:unseen:{name}")
            except Exception:
                traceback.print_exc()
        try:
            await preload_game_scripts(name)
        except Exception:
            traceback.print_exc()
    busy_js.destroy()
    window.performance.mark("app:warm")
    document.documentElement.dataset.warm = "1"
