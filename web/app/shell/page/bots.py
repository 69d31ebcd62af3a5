"""The bots in the page: when a bot is to move, it thinks (in the bots' Web Worker, ``BotWorker``, or in
slices on the page's thread, shell/bots/runner.py), its move is shown at least ``?botdelay`` ms after its
turn began, and each decision is logged (``window.pygamesThinkLog``, read by tests and benches).

The bots' worker, seen from the page (``BotWorker``): web/bot-worker.mjs runs shell/bots/thinker.py in a Web
Worker. ``BotWorker.think`` sends the game's record, the seat and its bot, and returns the bot's answer (its
action's text, how long it thought, its search iterations). The worker starts with the first game that has
a bot to play (``<html data-bot-worker>``: starting, ready, failed), and bot turns wait while it starts;
where it cannot start (no module workers, an error) ``state`` is "failed" and the page thinks on its own
thread, in slices, as it always could."""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy, to_js

from pygames.core.i18n import _

from ..model import players
from .dom import call, frames_shown, in_worker, next_frame, next_task, page_time, query_number, some, start_context
from .scripts import board_ready

if TYPE_CHECKING:  # pragma: no cover (the engines' bots and the runner come with the first bot turn)
    from pygames.core.bots import Bot

    from ..bots.runner import ThinkStats
    from ..model.session import Session
    from .parts import Page

DEFAULT_BOT_DELAY_MS = 450.0
FRAME_EVERY_S = 0.03  # while a bot thinks, let the browser paint at least every ~30 ms
WORKER_WAIT_S = 15.0  # a bot turn waits this long for the bots' worker to start, then thinks on the page


class Pacer:
    """The runner's pause between slices: usually ``sleep(0)`` (input is handled), and at least
    every ``FRAME_EVERY_S`` a wait for the next frame, so that the page also paints (in the shell's worker, a new
    task each time: the page's messages are handled, and it paints on its own thread)."""

    def __init__(self, budget_ms: float | None = None) -> None:
        self.began = self.last_frame = time.perf_counter()
        self.budget_ms = budget_ms  # a search bot's time budget: its progress is shown

    async def __call__(self) -> None:
        if time.perf_counter() - self.last_frame >= FRAME_EVERY_S:
            if self.budget_ms:
                show_progress(self.began, self.budget_ms)
            self.last_frame = time.perf_counter()
            if not in_worker():
                await next_frame()
                self.last_frame = time.perf_counter()
                return
        if in_worker():
            await next_task()
        else:
            await asyncio.sleep(0)


def show_progress(began: float, budget_ms: float) -> None:
    """A search's progress bar: the share of its time budget spent since ``began``."""
    call("setValue", "#think-progress", min(100, round((time.perf_counter() - began) * 100000 / budget_ms)))



async def let_paint(frames: int = 0) -> None:
    """Let the page paint what was drawn before going on: on the page's thread, wait for its next frame; in the
    shell's worker, a new task, or with ``frames`` until the page has shown all of its new screen and drawn that
    many frames after (it paints on its own thread, but the bot's thinking and its own would share a small
    machine's cores)."""
    if not in_worker():
        await next_frame()
    elif frames:
        await frames_shown(frames)
    else:
        await next_task()


class Bots:
    """The page's bot turns: ``task`` is the turn in progress, ``worker`` the bots' worker, ``bot_delay_ms``
    the least time from a bot's turn to its move shown (``?botdelay``)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.task: asyncio.Task | None = None  # a bot's turn being thought
        self.hint_task: asyncio.Task | None = None  # a hint being thought (``SessionHints``)
        self.worker: BotWorker | None = None  # started with the first game that has a bot (``ensure_worker``)
        self.bot_delay_ms = query_number("botdelay", DEFAULT_BOT_DELAY_MS)
        self.shown: Session | None = None  # the game whose screen a bot's turn waited for (``let_paint``)

    def cancel(self) -> None:
        for task in (self.task, self.hint_task):
            if task is not None:
                task.cancel()
        self.task = self.hint_task = None
        if self.app.session is not None:
            self.app.session.thinking = None
            self.app.session.hinting = None

    def maybe_start(self) -> bool:
        """Start the bot to move, if any (showing it as thinking), or else the hint a player asked for; True if
        one started. A hint being thought for a position that is gone (a move, an undo) is stopped."""
        session = self.app.session
        if self.hint_task is not None and (session is None or session.hinting is None):
            self.hint_task.cancel()
            self.hint_task = None
        if session is None or self.task is not None:
            return False
        seat = session.bot_mover()
        if seat is None:
            return self.maybe_hint(session)
        session.thinking = seat
        session.think_budget_ms = budget_of(players.make_bot(session.seats[seat]))
        self.app.rendering.render()
        self.task = asyncio.ensure_future(self.turn(session, seat))
        return True

    def maybe_hint(self, session: Session) -> bool:
        """Think of the hint ``session.hinting`` asks for (``SessionHints``), if it is not being thought yet."""
        if session.hinting is None or self.hint_task is not None:
            return False
        self.app.rendering.render()  # ("Thinking of a hint…" first)
        self.hint_task = asyncio.ensure_future(self.hint(session, session.hinting))
        return True

    def ensure_worker(self) -> BotWorker | None:
        """The bots' Web Worker, started with the first game that has a bot (None where it is turned
        off with ``?botworker=0``). It restores the interpreter snapshot when this page did. Bot turns
        wait for it while it starts; where it failed, bots think on the page's thread. (The shell in a worker of its
        own has none: its bots think there, in slices, between the page's messages.)"""
        if in_worker():
            return None
        if self.worker is None and query_number("botworker", 1) and some(getattr(js, "Worker", None)):
            self.worker = BotWorker(use_snapshot=bool(start_context().get("snapshot")))
        return self.worker

    async def think_in_worker(self, worker: BotWorker, session: Session, seat: int, kind: str,
                              budget_ms: float | None) -> dict:
        """The bot's answer from the worker; meanwhile the page shows a search's progress."""
        asking = asyncio.ensure_future(worker.think(session.match.record().to_fragment(), seat, kind))
        began = time.perf_counter()
        try:
            while not asking.done():
                await asyncio.wait([asking], timeout=FRAME_EVERY_S * 2)
                if budget_ms:
                    show_progress(began, budget_ms)
            return asking.result()
        finally:
            asking.cancel()

    async def decide(self, session: Session, seat: int, kind: str, stats: ThinkStats) -> dict[str, Any]:
        """The bot ``kind``'s decision for ``seat`` in the session's game, in the bots' worker or else in slices
        here: ``action`` (its text), ``weighed`` (the candidates it weighed, best first: [text, worth]),
        ``iterations`` and ``worker`` (thought off the page's thread)."""
        from pygames.core.bots import bot_rng

        from ..bots import runner
        from ..bots.thinker import reasons

        game = session.game
        bot = players.make_bot(kind)
        budget_ms = budget_of(bot)
        worker = self.ensure_worker()
        waited = time.perf_counter()  # a starting worker is waited for: the page's thread stays free
        while worker is not None and worker.state == "starting" and time.perf_counter() - waited < WORKER_WAIT_S:
            await asyncio.sleep(0.05)
        if worker is not None and worker.ready:
            try:
                return {**await self.think_in_worker(worker, session, seat, kind, budget_ms), "worker": True}
            except RuntimeError as error:  # the worker failed: this decision is thought here
                js.console.warn(f"pygames: the bots' worker did not answer: {error}")
        gen = bot.think(game.view(seat), seat, bot_rng(game, seat))
        action = await runner.drive(gen, stats=stats, pause=Pacer(budget_ms))
        return {"action": str(action), "weighed": reasons(bot),
                "iterations": getattr(bot, "last_iterations", None), "worker": in_worker()}

    async def hint(self, session: Session, seat: int) -> None:
        """The hint for the human ``seat``: the hard bot's decision on the seat's view, shown when it comes (if
        the position is still the one it was asked at)."""
        from ..bots import runner
        from ..model.hints import HINT_KIND

        me = asyncio.current_task()
        moves = len(session.game.history)
        try:
            await let_paint()
            answer = await self.decide(session, seat, HINT_KIND, runner.ThinkStats())
            weighed = tuple((str(text), float(value)) for text, value in answer.get("weighed") or ())
            shown = session.hint_thought(seat, moves, str(answer["action"]), weighed)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            traceback.print_exc()
            session.hint_failed(str(error))
            shown = False
        finally:
            if self.hint_task is me:
                self.hint_task = None
        if shown:
            self.app.saves.autosave()  # (the hints count: kept at once)
        if self.app.session is session:
            self.app.rendering.render()

    async def turn(self, session: Session, seat: int) -> None:
        game = session.game
        me = asyncio.current_task()
        try:
            # "… is thinking" on screen before thinking; a game's first turn here, its new screen all shown
            first = self.shown is not session
            await let_paint(frames=1 if first else 0)
            self.shown = session
            if first:  # a game's script still setting up its board goes first (a board is set up once: not asked again)
                await board_ready(session.name)
            await next_task()  # and think in a task of its own, not in the frame's (a 3D board's picture)
            from ..bots import runner

            kind = session.seats[seat]
            stats = runner.ThinkStats()
            began = time.perf_counter()
            page_began = page_time()  # on the page's clock: tests match long tasks
            answer = await self.decide(session, seat, kind, stats)
            action = answer["action"]
            think_ms = (time.perf_counter() - began) * 1000.0
            # a line per decision (seat, bot, ms, longest slice), for tests and benches: only the new one is sent
            thought = json.dumps(
                {
                    "game": session.save_id,
                    "phase": game.phase,
                    "seat": seat,
                    "bot": kind,
                    "worker": answer["worker"],  # thought off the page's thread
                    "iterations": answer.get("iterations"),
                    "ms": round(think_ms, 1),
                    "longest_slice_ms": round(stats.longest_slice_ms, 1),
                    "slices": stats.slices,
                    "longest_step_ms": round(stats.longest_step_ms, 1),
                    "slice_ms": sorted(round(x, 1) for x in stats.slice_ms)[-4:],
                    "start": round(page_began, 1),
                    "end": round(page_time(), 1),
                }
            )
            call("logThought", thought)
            wait = self.bot_delay_ms - think_ms
            if wait > 0:
                await asyncio.sleep(wait / 1000.0)
            else:
                await let_paint()  # the last slice and the move's render: two tasks, not one
            if self.app.session is not session or session.game is not game:
                return
            session.apply_bot(action)
            self.app.saves.autosave()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            traceback.print_exc()
            session.notice(_("The bot could not play: {error}").format(error=error))
            session.thinking = None
            if self.task is me:
                self.task = None
            self.app.rendering.render()
            return
        if self.task is me:
            self.task = None
        session.thinking = None
        if self.app.session is session:
            self.app.rendering.refresh()


def budget_of(bot: Bot) -> float | None:
    """A search bot's time budget, when its search is cut by time (its progress is shown), else None."""
    return getattr(bot, "budget_ms", None) if getattr(bot, "max_iterations", 1) is None else None


class BotWorker:
    def __init__(self, use_snapshot: bool) -> None:
        self.state = "starting"  # "ready", or "failed" (the shell then thinks on the main thread)
        self.restored = False  # started from this device's interpreter snapshot
        self.reason = ""
        self._next_id = 0
        self._waiting: dict[int, asyncio.Future] = {}
        self._on_message = create_proxy(self._message)
        self._on_error = create_proxy(self._error)
        call("setRootData", "bot-worker", "starting")
        url = js.URL.new(f"./bot-worker.mjs?snapshot={int(use_snapshot)}", js.document.baseURI).href
        try:
            self.worker = js.Worker.new(url, to_js({"type": "module"}, dict_converter=js.Object.fromEntries))
        except Exception as error:  # no module workers here
            self._fail(str(error))
            return
        self.worker.addEventListener("message", self._on_message)
        self.worker.addEventListener("error", self._on_error)

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    async def think(self, fragment: str, seat: int, kind: str) -> dict[str, Any]:
        """The bot ``kind`` of ``seat`` decides in the game ``fragment`` (RuntimeError if it could not)."""
        self._next_id += 1
        ident = self._next_id
        future = asyncio.get_event_loop().create_future()
        self._waiting[ident] = future
        message = {"id": ident, "fragment": fragment, "seat": seat, "kind": kind}
        self.worker.postMessage(to_js(message, dict_converter=js.Object.fromEntries))
        try:
            return await future
        finally:
            self._waiting.pop(ident, None)

    def _message(self, event) -> None:  # noqa: ANN001
        data = json.loads(str(js.JSON.stringify(event.data)))
        if "ready" in data:
            self.state, self.restored = "ready", bool(data.get("restored"))
            call("setRootData", "bot-worker", "ready")
            return
        if "failed" in data:
            self._fail(str(data["failed"]))
            return
        future = self._waiting.get(data.get("id"))
        if future is None or future.done():
            return  # an answer nobody waits for any more (the player undid, or left the game)
        if "error" in data:
            future.set_exception(RuntimeError(str(data["error"])))
        else:
            future.set_result(data)

    def _error(self, event) -> None:  # noqa: ANN001
        self._fail(str(getattr(event, "message", "") or "the worker stopped"))

    def _fail(self, reason: str) -> None:
        self.state, self.reason = "failed", reason
        js.console.warn(f"pygames: bots think on the page's thread: {reason}")
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(RuntimeError(reason))
        call("setRootData", "bot-worker", "failed")
