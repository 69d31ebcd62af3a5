"""The bots' worker, seen from the page: web/bot-worker.mjs runs shell/thinker.py in a Web Worker.

``BotWorker.think`` sends the game's record, the seat and its bot, and returns the bot's answer (its
action's text, how long it thought, its search iterations). The worker starts with the first game
that has a bot to play (``<html data-bot-worker>``: starting, ready, failed), and bot turns wait
while it starts; where it cannot start (no module workers, an error) ``state`` is "failed" and the
shell thinks on the main thread, in slices, as it always could.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window


class BotWorker:
    def __init__(self, use_snapshot: bool) -> None:
        self.state = "starting"  # "ready", or "failed" (the shell then thinks on the main thread)
        self.restored = False  # started from this device's interpreter snapshot
        self.reason = ""
        self._next_id = 0
        self._waiting: dict[int, asyncio.Future] = {}
        self._on_message = create_proxy(self._message)
        self._on_error = create_proxy(self._error)
        document.documentElement.dataset.botWorker = "starting"
        url = window.URL.new(f"./bot-worker.mjs?snapshot={int(use_snapshot)}", document.baseURI).href
        try:
            self.worker = window.Worker.new(url, to_js({"type": "module"}, dict_converter=window.Object.fromEntries))
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
        self.worker.postMessage(to_js(message, dict_converter=window.Object.fromEntries))
        try:
            return await future
        finally:
            self._waiting.pop(ident, None)

    def _message(self, event) -> None:  # noqa: ANN001
        data = json.loads(str(window.JSON.stringify(event.data)))
        if "ready" in data:
            self.state, self.restored = "ready", bool(data.get("restored"))
            document.documentElement.dataset.botWorker = "ready"
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
        window.console.warn(f"pygames: bots think on the page's thread: {reason}")
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(RuntimeError(reason))
        document.documentElement.dataset.botWorker = "failed"
