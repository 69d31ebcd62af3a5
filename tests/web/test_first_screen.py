"""The home page drawn by the build into index.html (tools/site/home_page.py) is the one the page draws
when Python starts, in every language: Python takes it over by patching it (shell/page/navigation.py), and a
visitor with nothing on the device sees nothing change but the daily challenges' links, which only Python
can write (their options depend on the date)."""

from __future__ import annotations

import io
import re
from datetime import date
from pathlib import Path

import games
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from shell.model import daily, routes
from shell.model import language as i18n
from shell.model.saves import MemoryStorage, SavedGame
from shell.screens import daily as daily_screen
from shell.screens import home

from tools.site.catalogs import page_catalogs
from tools.site.home_page import SENTINEL_DAY, home_pages, templates

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2026, 11, 29)  # a Sunday: the cube is the 4×4×4 in two colours


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[dict[str, str], Path]:
    """The build's home pages, and the page's catalogue as the build writes it (a folder for ``install``)."""
    mo = {}
    for code in i18n.LANGUAGES:
        if code == i18n.DEFAULT:
            continue
        with (ROOT / "locale" / code / "LC_MESSAGES" / "pygames.po").open("rb") as handle:
            out = io.BytesIO()
            write_mo(out, read_po(handle, locale=code))
            mo[f"locale/{code}/LC_MESSAGES/pygames.mo"] = out.getvalue()
    folder = tmp_path_factory.mktemp("page")
    for rel, data in page_catalogs(mo).items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    return home_pages(mo), folder / i18n.LOCALE_DIR


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_drawn_home_page_is_the_pages_own_in_every_language(built, code: str) -> None:
    pages, catalog = built
    drawn = pages[code].replace(SENTINEL_DAY.isoformat(), DAY.isoformat())  # as web/first-screen.js does
    try:
        i18n.install(code, str(catalog))
        section = daily_screen.section(DAY, MemoryStorage(), [])
        page = home.frame(home.render_home(games.playable(), [], daily=section), prerendered=code)
    finally:
        i18n.install(i18n.DEFAULT)
    # the same markup, but for the day's challenge links, which the page resolves (#daily/<game>)
    for game in daily.NAMES:
        page = str.replace(page, f'href="#{home.esc(daily.fragment(game, DAY))}"', f'href="#daily/{game}"')
    assert drawn == page
    assert f'data-prerendered="{code}"' in drawn and f'<option value="{code}" lang="{code}" selected>' in drawn
    if code != i18n.DEFAULT:
        assert drawn != pages[i18n.DEFAULT].replace(SENTINEL_DAY.isoformat(), DAY.isoformat())


def test_each_language_has_its_template_in_index_html(built) -> None:
    pages, _catalog = built
    html = templates(pages)
    assert re.findall(r'<template id="home-(\w+)" lang="\1"', html) == list(i18n.LANGUAGES)
    # the script that shows it knows the day to replace, and the challenge's links need Python
    assert html.count(f'data-day="{SENTINEL_DAY.isoformat()}"') == len(i18n.LANGUAGES)
    assert "seed=daily-" not in html


def test_a_daily_route_starts_today_or_resumes_the_saved_challenge() -> None:
    assert routes.parse_route("daily/k2") == routes.Route(routes.DAILY, "k2")
    assert daily.start("k2", DAY, []) == (daily.fragment("k2", DAY), False)
    saved = SavedGame(id="s1", game="k2", link=daily.fragment("k2", DAY).replace("moves=", "moves=s0:+end"), updated=0)
    assert daily.start("k2", DAY, [saved]) == ("play/s1", True)
    # another day's, or a finished one, is not today's to resume
    yesterday = SavedGame(id="s2", game="k2", link=daily.fragment("k2", date(2026, 11, 28)), updated=0)
    done = SavedGame(id="s3", game="k2", link=daily.fragment("k2", DAY), updated=0, over=True)
    assert daily.start("k2", DAY, [yesterday, done]) == (daily.fragment("k2", DAY), False)
