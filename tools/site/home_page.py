"""The home page drawn by the build, in every language, for index.html: the first screen paints from HTML
before Python starts, and Python takes the same markup over when it does (``shell/page/navigation.py``
``show_page``: patched, nothing moves).

It is the page's own ``render_home`` run here in CPython, for a visitor with nothing on the device (no saved
game, no daily result), in each language the page speaks. Two things the build cannot know are left to
index.html's first script (``FIRST_SCREEN_SCRIPT``), which runs before the first paint: the device's date,
written as ``SENTINEL_DAY`` and replaced by today's, and the day's challenge links, which depend on the
date's options: they lead to ``#daily/<game>``, which the page resolves (``shell/model/routes.py``).
"""

from __future__ import annotations

import html
import sys
import tempfile
from datetime import date
from pathlib import Path

from .catalogs import page_catalogs
from .project import WEB

SENTINEL_DAY = date(2000, 1, 1)  # the daily challenge's date in the drawn page; the script writes today's


def home_pages(catalogs: dict[str, bytes]) -> dict[str, str]:
    """Language code -> ``<main id="app">``'s content showing the home page in it (``shell.screens.home.frame``)."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        import games
        from shell.contract.markup import Markup
        from shell.model import daily
        from shell.model import language as i18n
        from shell.screens import daily as daily_screen
        from shell.screens import home

        pages = {}
        with tempfile.TemporaryDirectory() as folder:
            for rel, data in page_catalogs(catalogs).items():
                (Path(folder) / rel).parent.mkdir(parents=True, exist_ok=True)
                (Path(folder) / rel).write_bytes(data)
            try:
                for code in i18n.LANGUAGES:
                    i18n.install(code, str(Path(folder) / i18n.LOCALE_DIR))
                    section = daily_screen.section(SENTINEL_DAY, _NoStorage(), [])
                    for game in daily.NAMES:
                        found = f'href="#{html.escape(daily.fragment(game, SENTINEL_DAY))}"'
                        if found not in section:
                            raise SystemExit(f"home page: the daily challenge's link to {game} was not found")
                        # (``str.replace``: ``Markup.replace`` would escape the new attribute as text)
                        section = Markup(str.replace(section, found, f'href="#daily/{game}"'))
                    markup = home.render_home(games.playable(), [], daily=section)
                    pages[code] = home.frame(markup, prerendered=code)
            finally:
                i18n.install(i18n.DEFAULT)
    finally:
        sys.path.remove(str(WEB / "app"))
    return pages


def warm_screens() -> dict[str, bytes]:
    """``app/warm/<game>.html`` for each game the page plays: the screen the page's warm-up lays out unseen
    (``shell.warm.steps``' last step), drawn here in English. On a link's first visit the boot lays the linked
    game's out unseen while Python starts (web/boot/before-python.js ``warmLinkedScreen``): the browser's first
    style and layout of that game's screen (its fonts at each size: on Linux a round trip to the browser each)
    are done then, in short tasks, and the link's first screen costs what a later one does."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        import games
        from shell import warm

        screens = {}
        for name in games.GAMES:
            html = warm.screen_html(name)
            if html is None:
                raise SystemExit(f"warm screens: {name} drew no screen")
            screens[f"app/warm/{name}.html"] = html.encode()
    finally:
        sys.path.remove(str(WEB / "app"))
    return screens


class _NoStorage:
    """A device with nothing stored (``localStorage``'s one method the home page reads)."""

    def getItem(self, key: str) -> None:  # noqa: N802 (localStorage's name)
        return None


def templates(pages: dict[str, str]) -> str:
    """index.html's ``<template>`` per language, which the first script puts on the page."""
    return "\n  ".join(f'<template id="home-{code}" lang="{code}" data-day="{SENTINEL_DAY.isoformat()}">{markup}'
                       "</template>" for code, markup in pages.items())
