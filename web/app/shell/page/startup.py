"""Start-up (``main``, run by app/main.py) and the warm-up in the background after the first screen."""

from __future__ import annotations

import asyncio
import time
import traceback

import game_archives
import games
import js

from pygames.core.registry import get_game

from ..model import language as i18n
from .app import App
from .dom import ask, call, in_worker, mark, next_frame, page_modules, query_number, start_context
from .language import fetch_catalog, show_language, start_language
from .scripts import preload_game_scripts

WARM_SLICE_S = 0.03  # the warm-up's background work comes in tasks of about this length
# ... and on the page's thread, where a phone's slower processor makes a task several times longer (Lighthouse's
# mobile profile: 4 times; a task over 50 ms there blocks), the screen laid out unseen in steps of about this
UNSEEN_SLICE_MS = 8.0


def main() -> None:
    """The shell's start: at once when page.mjs and events.mjs are there (boot.js imported them while Python
    started; in the shell's worker, the page's bridge.mjs waited for them) and the language needs nothing
    fetched, else once they are (``start_in``)."""
    mark("app:imports")
    if not in_worker() and (getattr(js, "pygamesPage", None) is None or getattr(js, "pygamesEvents", None) is None):
        asyncio.ensure_future(start_in(None))
        return
    language = start_language()
    if language is None:
        start()
        return
    asyncio.ensure_future(start_in(language))


async def start_in(language: str | None) -> None:
    """The first screen once what it needs has come (the drawn page stays as it is meanwhile): page.mjs and
    events.mjs, should boot.js not have imported them yet, and the translations of the language chosen while
    the page's files were downloading (in English if they cannot be had)."""
    await page_modules()
    if language is None:
        language = start_language()
    if language is not None and await fetch_catalog(language):
        show_language(i18n.install(language))
    start()


def start() -> None:
    """The app made, listening for the page's events, and its first screen drawn."""
    app = App()
    app.listen()
    app.navigation.route()
    mark("app:ready")
    call("setRootData", "app-state", "ready")
    if start_context().get("warm", True) and query_number("warm", 1):
        app.warming = asyncio.ensure_future(warm_up(app))
    else:  # (``PYGAMES_NO_WARM_UP`` or ``?warm=0``: the tests' fresh pages, page.mjs ``startContext``)
        call("setRootData", "warm", "off")


async def warm_up(app: App) -> None:
    """After the first screen, fetch every game's code (game_archives.py) and load its engine and view in the
    background, one module per task (each well under 100 ms), build what opening a game builds once
    (``warm.steps``), lay out its screen once, unseen (``layOutUnseen`` in page.mjs), and fetch the games'
    JavaScript modules, so that opening a game or a link later draws at once. It gives way to a bot's
    thinking and to a link being opened: they never share the page (page.mjs's ``layOutUnseen`` waits while a
    bot thinks). ``data-warm`` says when all is loaded."""

    def busy() -> bool:
        return ((app.session is not None and app.session.thinking is not None)
                or (app.navigation.opening is not None and not app.navigation.opening.done()))

    async def give_way() -> None:
        await next_frame()
        while busy():
            await next_frame()

    from .. import warm  # (here: it imports the game screen's modules, which the first screen does not need)

    for name in games.GAMES:
        await give_way()
        try:
            await game_archives.ensure(name)  # (its code: the start brought only its address's game)
        except Exception:  # offline, never fetched: opening it will say what is missing
            traceback.print_exc()
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
                if await ask("layOutUnseen", html, UNSEEN_SLICE_MS):
                    mark(f"warm:unseen:{name}")
            except Exception:
                traceback.print_exc()
        try:
            await preload_game_scripts(name)
        except Exception:
            traceback.print_exc()
    mark("app:warm")
    call("setRootData", "warm", "1")
