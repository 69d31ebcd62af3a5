"""The page's language: chosen at start (the player's remembered choice, else the browser's), shown
on <html lang> and the manifest link, and changed from the picker (``set_language``: the same screen drawn
again)."""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING

import js

from ..model import language as i18n
from ..screens.new_game import render_new_game
from .dom import ROOT, call, set_html, start_context

if TYPE_CHECKING:  # pragma: no cover
    from .parts import Page


def start_language() -> str | None:
    """The player's remembered choice, else the browser's first language we have. Its translations came
    with the page's files (web/interpreter.mjs, for <html lang>, which the first screen set); when the
    choice changed while they were downloading, English is installed and the choice returned: the start
    fetches its translations before the first screen (shell/page/startup.py ``start_in``)."""
    context = start_context()
    stored = context.get("language")
    if isinstance(stored, str) and stored in i18n.LANGUAGES:
        code = stored
    else:
        code = i18n.choose(str(tag) for tag in context.get("languages") or [])
    if not i18n.has_catalog(code):
        show_language(i18n.install(i18n.DEFAULT))
        return code
    show_language(i18n.install(code))
    return None


async def fetch_catalog(code: str) -> bool:
    """Download ``code``'s translations into the page (through the service worker: offline too)."""
    try:
        response = await js.fetch(f"./{i18n.LOCALE_DIR}/{i18n.CATALOG.format(code=code)}")
        if not response.ok:
            return False
        text = str(await response.text())
    except Exception:
        return False
    path = i18n.catalog_file(code)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    return True


def show_language(code: str) -> None:
    """The page says which language it speaks, and offers the manifest (the installed app's name) in it."""
    call("showLanguage", code, i18n.manifest_file(code))


def set_language(app: Page, code: str, new_game: dict | None = None, scrolled: float = 0.0) -> None:
    """The player chose a language: remember it, and draw the same screen again in it (once its
    translations are in the page: downloaded first when they are not); ``new_game``: the new-game form on
    the page (its game and fields), drawn again with what was chosen; ``scrolled``: where the page was, where
    it stays."""
    if not i18n.has_catalog(code):
        asyncio.ensure_future(_fetch_language(app, code, new_game, scrolled))
        return
    code = i18n.install(code)
    show_language(code)
    try:
        app.saves.store.backend.setItem(i18n.STORAGE_KEY, code)
    except Exception:  # storage blocked or full: the choice lasts until the page is closed
        pass
    if app.session is not None:
        app.rendering.render()  # patched: the picker keeps the focus, the page its scroll
        return
    if new_game:  # the new-game form keeps what was chosen
        set_html(ROOT, render_new_game(str(new_game.get("game", "")), new_game.get("fields") or {}))
    else:  # the same page in the new language, where the player was on it
        app.navigation.route()
        call("scrollToY", scrolled)
    call("focus", "#lang-select")  # (drawn anew: focused again)


async def _fetch_language(app: Page, code: str, new_game: dict | None, scrolled: float) -> None:
    if await fetch_catalog(code):
        set_language(app, code, new_game, scrolled)
    else:
        js.console.warn(f"pygames: the translations of {code} could not be downloaded")
