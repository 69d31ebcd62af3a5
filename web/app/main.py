"""Entry point of the page: PyScript runs this file (see web/index.html and pyscript.toml).

The thin DOM layer: a router on ``hashchange``, one delegated click/keyboard/change/submit
listener on ``<main id="app">``, autosave, and bots run in short slices on the main thread. All
markup comes from pure modules (home.py, k3_view.py) and every rule from the engine.

Routes (the part after ``#``): empty -> home; ``new/<game>`` -> new-game form; ``play/<id>`` -> a
saved game; anything else is read as a game link (``k3?v=1&players=2&seed=...``), saved under a
new id, and shown as ``play/<id>``.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback

import home
import players
import router
import runner
import storage
import views
from pyodide.ffi import create_proxy
from pyscript import document, window

try:  # JS null arrives as pyodide.ffi.jsnull (not None) in recent Pyodide versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

from pygames.core.bots import bot_rng
from pygames.core.errors import RecordError, RuleError
from pygames.core.match import Match
from pygames.core.record import Record

DEFAULT_BOT_DELAY_MS = 450.0
FRAME_EVERY_S = 0.03  # while a bot thinks, let the browser paint at least every ~30 ms

# A promise resolved at the next animation frame (or after 40 ms, e.g. in a hidden tab).
_next_frame = window.Function.new(
    "return new Promise((resolve) => { let done = false;"
    " const go = () => { if (!done) { done = true; resolve(); } };"
    " requestAnimationFrame(go); setTimeout(go, 40); })"
)


class Pacer:
    """The runner's pause between slices: usually ``sleep(0)`` (input is handled), and at least
    every ``FRAME_EVERY_S`` a wait for the next frame, so that the page also paints."""

    def __init__(self) -> None:
        self.last_frame = time.perf_counter()

    async def __call__(self) -> None:
        if time.perf_counter() - self.last_frame >= FRAME_EVERY_S:
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
        try:
            backend = window.localStorage
            backend.length  # noqa: B018 (throws when storage is blocked)
        except Exception:
            backend = storage.MemoryStorage()
        self.store = storage.Store(backend)
        self.play = None
        self.view = None
        self.task: asyncio.Task | None = None
        self.notice = ""
        self.form_values: dict | None = None
        self.bot_delay_ms = _query_number("botdelay", DEFAULT_BOT_DELAY_MS)
        self.think_log: list[dict] = []  # per bot move: seat, bot, ms, longest slice (for the bench)
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_key),
            create_proxy(self.on_change),
            create_proxy(self.on_submit),
            create_proxy(self.route),
            create_proxy(self.on_pointer_down),
            create_proxy(self.on_pointer_up),
        ]
        self.drag_from = None  # pyramid pawn pressed in the arrangement editor (drag to swap)
        self.app.addEventListener("click", self._proxies[0])
        self.app.addEventListener("keydown", self._proxies[1])
        self.app.addEventListener("change", self._proxies[2])
        self.app.addEventListener("submit", self._proxies[3])
        window.addEventListener("hashchange", self._proxies[4])
        self.app.addEventListener("pointerdown", self._proxies[5])
        self.app.addEventListener("pointerup", self._proxies[6])

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
            self.show_home(f"Something went wrong: {error}")

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
        html = home.render_home(views.playable(), self.store.entries(), notice)
        self.root.innerHTML = html
        document.title = "pygames — mountain board games"
        if notice:
            self.announce(notice)
        if self.fragment() not in ("", "home"):
            self.replace("")

    def show_new(self, name: str, error: str = "") -> None:
        if name not in views.VIEWS:
            try:
                views.get_game(name)
                reason = f"the game {name!r} cannot be played in the page yet"
            except RecordError as e:
                reason = str(e)
            self.show_home(f"Cannot start a game: {reason}.")
            return
        values = self.form_values
        self.form_values = None
        self.root.innerHTML = home.render_new_game(name, values, error)

    def open_link(self, frag: str) -> None:
        try:
            record = Record.parse(frag)
            if record.game not in views.VIEWS:
                raise RecordError(f"the game {record.game!r} cannot be played in the page yet")
            seats = players.parse_seats(record.extras.get("seats"), int(record.options["players"]))
            record.replay()  # RecordError naming the bad move, before anything is saved
            match = Match(record)
        except (RecordError, RuleError) as error:
            self.show_home(f"This link cannot be opened: {error}")
            return
        match.extras["seats"] = players.seats_text(seats)
        link = match.record().to_fragment()
        existing = self.store.find_link(link)
        save_id = existing.id if existing else storage.new_id()
        self.start_play(match, seats, save_id)

    def resume(self, save_id: str) -> None:
        try:
            entry = self.store.load(save_id)
            record = Record.parse(entry.link)
            seats = players.parse_seats(record.extras.get("seats"), int(record.options["players"]))
            record.replay()
            match = Match(record)
        except (storage.StorageError, RecordError, RuleError) as error:
            self.show_home(f"This saved game cannot be resumed: {error}")
            return
        self.start_play(match, seats, save_id, save=False)

    def start_play(self, match: Match, seats: list[str], save_id: str, save: bool = True) -> None:
        view = views.VIEWS[match.name]
        self.view = view
        self.play = view.new_play(match, seats, save_id)
        if save:
            self.autosave()
        self.replace(router.play_fragment(save_id))
        self.refresh()

    def leave_game(self) -> None:
        self.cancel_bot()
        self.play = None
        self.view = None

    # -- the game screen -------------------------------------------------------------------------

    def link(self) -> str:
        base = str(window.location.origin) + str(window.location.pathname)
        return self.play.match.record().to_link(base)

    def is_human(self, seat: int) -> bool:
        return self.play.is_human(seat)

    def render(self) -> None:
        play = self.play
        if play is None:
            return
        active = document.activeElement
        focus_id = str(active.id or "") if some(active) else ""
        match = play.match
        html = self.view.render(play, self.link(), match.can_undo(self.is_human), match.can_redo())
        self.root.innerHTML = html
        status = play.status()
        document.title = f"{status} — {play.game.title} · pygames"
        self.announce(status)
        target = document.getElementById(focus_id) if focus_id else None
        if some(document.querySelector(".dialog")):
            target = document.getElementById("btn-rematch")
        elif focus_id and not some(target):
            # the focused pawn or slot was used up by the move: keep keyboard players on the board,
            # on the next thing to act on (a legal slot, else a pawn they may pick)
            for selector in ("[data-legal]", 'svg.pyramid [role="button"]', "#turn-status"):
                target = document.querySelector(selector)
                if some(target):
                    break
        if some(target):
            target.focus()

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
            title=f"{game.title} · {game.players} players · "
            + " vs ".join(players.short_label(s) for s in play.seats)
            + f" · seed {game.seed}",
            status=str(result["summary"]) if result else play.status(),
            moves=len(game.history),
            over=result is not None,
        )
        try:
            self.store.save(entry)
        except storage.StorageError as error:
            play.message = f"Not saved: {error}"

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
        self.render()
        self.task = asyncio.ensure_future(self.bot_turn(play, seat))
        return True

    def refresh(self) -> None:
        """Show the current state, and let a bot play if it is its turn (one render either way)."""
        if not self.maybe_start_bot():
            self.render()

    async def bot_turn(self, play, seat: int) -> None:
        game = play.game
        me = asyncio.current_task()
        try:
            await _next_frame()  # let "… is thinking" paint before thinking
            kind = play.seats[seat]
            bot = players.make_bot(kind)
            stats = runner.ThinkStats()
            began = time.perf_counter()
            gen = bot.think(game.view(seat), seat, bot_rng(game, seat))
            action = await runner.drive(gen, stats=stats, pause=Pacer())
            think_ms = (time.perf_counter() - began) * 1000.0
            self.think_log.append(
                {
                    "phase": game.phase,
                    "seat": seat,
                    "bot": kind,
                    "ms": round(think_ms, 1),
                    "longest_slice_ms": round(stats.longest_slice_ms, 1),
                    "slices": stats.slices,
                    "longest_step_ms": round(stats.longest_step_ms, 1),
                    "slice_ms": sorted(round(x, 1) for x in stats.slice_ms)[-4:],
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
            play.message = f"The bot could not play: {error}"
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
        """Drag and drop in the arrangement editor: press on one pawn, release on another."""
        self.drag_from = None
        if self.play is None or not some(event.target):
            return
        pawn = event.target.closest(".editing [data-pos]")
        if some(pawn):
            self.drag_from = _dataset(pawn)

    def on_pointer_up(self, event) -> None:
        start, self.drag_from = self.drag_from, None
        if start is None or self.play is None:
            return
        under = document.elementFromPoint(event.clientX, event.clientY)
        pawn = under.closest(".editing [data-pos]") if some(under) else None
        if not some(pawn):
            return
        end = _dataset(pawn)
        if end.get("pos") == start.get("pos") or end.get("seat") != start.get("seat"):
            return  # a plain click: the click handler does it
        event.preventDefault()
        self.play.pick = None
        for data in (start, end):
            data = dict(data)
            act = data.pop("act", "pawn")
            self.play.handle(act, data)
        self.render()

    def on_click(self, event) -> None:
        target = event.target.closest("[data-act]") if some(event.target) else None
        if not some(target):
            return
        self.dispatch(target, event)

    def on_key(self, event) -> None:
        key = str(event.key)
        if key == "Escape" and self.play is not None and some(document.querySelector(".dialog")):
            self.play.handle("close-dialog", {})
            self.render()
            return
        if key not in ("Enter", " "):
            return
        target = event.target
        if not some(target) or str(target.getAttribute("role") or "") != "button":
            return
        if str(target.tagName).lower() in ("button", "a", "input", "select", "textarea"):
            return
        event.preventDefault()
        self.dispatch(target, event)

    def dispatch(self, element, event=None) -> None:
        data = _dataset(element)
        act = data.pop("act", "")
        try:
            self._dispatch(act, data, element)
        except Exception as error:
            traceback.print_exc()
            if self.play is not None:
                self.play.message = f"Something went wrong: {error}"
                self.render()

    def _dispatch(self, act: str, data: dict[str, str], element) -> None:
        if act == "home":
            self.go("")
            return
        if act == "delete":
            self.store.delete(data.get("id", ""))
            self.show_home()
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
            self.form_values = home.values_of(match.record(), play.seats)
            self.go(router.new_fragment(match.name))
            return
        if act == "rematch":
            record = Record(match.name, dict(match.options), match.seed, [], dict(match.extras))
            self.leave_game()
            self.start_play(
                Match(record),
                players.parse_seats(record.extras.get("seats"), int(record.options["players"])),
                storage.new_id(),
            )
            return
        if play.thinking is not None and act not in ("close-dialog", "deselect"):
            play.message = f"Wait: {play.seat_name(play.thinking)} is thinking."
            self.render()
            return
        outcome = play.handle(act, data)
        if outcome == "moved":
            self.autosave()
            self.refresh()
        elif outcome:
            self.render()

    async def copy_link(self) -> None:
        link = self.link()
        message = "Link copied: anyone who opens it sees this position."
        try:
            await window.navigator.clipboard.writeText(link)
        except Exception:
            message = "Copy the link from the field 'Link to this position'."
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
        if not some(form) or str(form.id) != "new-game-form":
            return
        event.preventDefault()
        name = str(form.dataset.game)
        values = self.form_fields(form)
        try:
            record, seats = home.parse_new_game(name, values)
        except (RecordError, RuleError) as error:
            self.root.innerHTML = home.render_new_game(name, values, f"Cannot start: {error}")
            return
        save_id = storage.new_id()
        self.leave_game()
        view = views.VIEWS[name]
        self.view = view
        self.play = view.new_play(Match(record), seats, save_id)
        self.autosave()
        window.location.hash = "#" + router.play_fragment(save_id)  # a history entry; the hashchange renders


def main() -> None:
    app = App()
    window.pygamesApp = create_proxy(app)
    app.route()
    document.documentElement.dataset.appState = "ready"


main()
