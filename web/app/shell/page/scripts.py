"""The games' own JavaScript modules in the page (imported when a game is first played, preloaded by the
warm-up). Their style sheets are linked by index.html (the build writes the links)."""

from __future__ import annotations

import time
import traceback
from collections.abc import Awaitable, Sequence
from typing import Any

import games
from pyscript import document, js_import, window

from .dom import next_frame, page_js

_SCRIPTS_LOADED: dict[str, Awaitable[Sequence[Any]] | None] = {}  # url -> the promise of its import (None: done)


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
        await next_frame()


async def preload_game_scripts(name: str) -> None:
    """Fetch and compile a game's modules early (modulepreload runs nothing), so opening it is quick;
    done when the browser has them."""
    for url in games.script_files(name):
        if document.querySelector(f'link[rel="modulepreload"][href="{url}"]'):
            continue
        await (await page_js()).modulePreload(url)
