"""The games' own JavaScript modules in the page (imported when a game is first played, preloaded by the
warm-up), asked of page.mjs by URL. Their style sheets are linked by index.html (the build writes the links)."""

from __future__ import annotations

import games

from .dom import ask, call


def load_game_scripts(name: str) -> None:
    """A game's own JavaScript modules (e.g. Blokus 3D's three.js scene), imported once, when the game is first
    played (page.mjs ``importScripts``): they watch the page for their board and draw it."""
    call("importScripts", list(games.scripts(name)))


async def board_ready(name: str) -> None:
    """Wait until a game's own scripts have loaded and set up its board (page.mjs ``boardReady``: at most a
    second after they loaded): a bot's thinking never shares the main thread with that work."""
    await ask("boardReady", list(games.scripts(name)))


async def preload_game_scripts(name: str) -> None:
    """Fetch and compile a game's modules early (modulepreload runs nothing), so opening it is quick; done when
    the browser has them."""
    for url in games.script_files(name):
        await ask("modulePreload", url)
