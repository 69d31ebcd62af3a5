"""The bot scheduler: when a bot is to move, it thinks (in the bots' Web Worker, ``worker.py``, or in
slices on the page's thread, ``runner.py``), its move is shown at least ``?botdelay`` ms after its turn
began, and each decision is logged (``window.pygamesThinkLog``, read by tests and benches)."""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from typing import TYPE_CHECKING

from pyscript import document, window

from pygames.core.i18n import _

from . import players
from .dom import next_frame, next_task, query_number, some
from .scripts import board_ready

if TYPE_CHECKING:  # pragma: no cover (the engines' bots, the runner and the worker come with the first bot turn)
    from .session import Session
    from .worker import BotWorker

DEFAULT_BOT_DELAY_MS = 450.0
FRAME_EVERY_S = 0.03  # while a bot thinks, let the browser paint at least every ~30 ms
WORKER_WAIT_S = 15.0  # a bot turn waits this long for the bots' worker to start, then thinks on the page


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
            await next_frame()
            self.last_frame = time.perf_counter()
        else:
            await asyncio.sleep(0)


class BotsMixin:
    """``App``'s bot turns (shell/app.py): ``task`` is the turn in progress, ``worker`` the bots' worker."""

    def cancel_bot(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.session is not None:
            self.session.thinking = None

    def maybe_start_bot(self) -> bool:
        """Start the bot to move, if any (showing it as thinking); True if one started."""
        session = self.session
        if session is None or self.task is not None:
            return False
        seat = session.bot_mover()
        if seat is None:
            return False
        session.thinking = seat
        bot = players.make_bot(session.seats[seat])
        timed = getattr(bot, "max_iterations", 1) is None  # a search cut by its time budget: show its progress
        session.think_budget_ms = getattr(bot, "budget_ms", None) if timed else None
        self.render()
        self.task = asyncio.ensure_future(self.bot_turn(session, seat))
        return True

    def bot_worker(self) -> BotWorker | None:
        """The bots' Web Worker, started with the first game that has a bot (None where it is turned
        off with ``?botworker=0``). It restores the interpreter snapshot when this page did. Bot turns
        wait for it while it starts; where it failed, bots think on the page's thread."""
        if self.worker is None and query_number("botworker", 1) and some(getattr(window, "Worker", None)):
            from .worker import BotWorker

            self.worker = BotWorker(use_snapshot=document.documentElement.dataset.snapshot == "used")
        return self.worker

    async def think_in_worker(self, worker: BotWorker, session: Session, seat: int, kind: str) -> dict:
        """The bot's answer from the worker; meanwhile the page shows a search's progress."""
        asking = asyncio.ensure_future(worker.think(session.match.record().to_fragment(), seat, kind))
        began = time.perf_counter()
        try:
            while not asking.done():
                await asyncio.wait([asking], timeout=FRAME_EVERY_S * 2)
                bar = document.getElementById("think-progress")
                if session.think_budget_ms and some(bar):
                    bar.value = min(100, round((time.perf_counter() - began) * 100000 / session.think_budget_ms))
            return asking.result()
        finally:
            asking.cancel()

    async def bot_turn(self, session: Session, seat: int) -> None:
        game = session.game
        me = asyncio.current_task()
        try:
            await next_frame()  # let "… is thinking" paint before thinking
            await board_ready(session.name)  # a game's script still setting up its board goes first
            await next_task()  # and think in a task of its own, not in the frame's (a 3D board's picture)
            from pygames.core.bots import bot_rng

            from . import runner

            kind = session.seats[seat]
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
                    answer = await self.think_in_worker(worker, session, seat, kind)
                except RuntimeError as error:  # the worker failed: this move is thought here
                    window.console.warn(f"pygames: the bots' worker did not answer: {error}")
            if answer:
                action = answer["action"]
            else:
                gen = bot.think(game.view(seat), seat, bot_rng(game, seat))
                action = await runner.drive(gen, stats=stats, pause=Pacer(session.think_budget_ms))
            think_ms = (time.perf_counter() - began) * 1000.0
            self.think_log.append(
                {
                    "game": session.save_id,
                    "phase": game.phase,
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
                await next_frame()  # the last slice and the move's render: two tasks, not one
            if self.session is not session or session.game is not game:
                return
            session.apply_bot(action)
            self.autosave()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            traceback.print_exc()
            session.notice(_("The bot could not play: {error}").format(error=error))
            session.thinking = None
            if self.task is me:
                self.task = None
            self.render()
            return
        if self.task is me:
            self.task = None
        session.thinking = None
        if self.session is session:
            self.refresh()
