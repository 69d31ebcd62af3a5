"""The home page's cards as the build draws them (tools/site/home_cards.py) are the games' own, in any
language: the page shows them without importing a game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import games
import pytest

from pygames.core import i18n
from tools.site.home_cards import HOME_CARDS, home_cards

ROOT = Path(__file__).resolve().parents[2]


class Shouting:
    """A translation unlike English, with characters that must be escaped in markup."""

    def gettext(self, text: str) -> str:
        return text.upper() + ' <&">'

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


@pytest.fixture
def built(tmp_path, monkeypatch):
    (tmp_path / HOME_CARDS).parent.mkdir(parents=True)
    (tmp_path / HOME_CARDS).write_bytes(home_cards())
    monkeypatch.chdir(tmp_path)  # the page reads it from its working directory
    games.built_cards.cache_clear()
    yield json.loads((tmp_path / HOME_CARDS).read_text(encoding="utf-8"))
    games.built_cards.cache_clear()


@pytest.mark.parametrize("translation", [None, Shouting()], ids=["English", "translated"])
def test_built_cards_are_the_games_own(built, translation):
    assert set(built) == set(games.GAMES)
    i18n.use(translation)
    try:
        for name in games.GAMES:
            package = games.package(name)
            assert games.preview(name) == package.preview_svg()
            assert games.blurb(name) == package.BLURB
    finally:
        i18n.use(None)


def test_the_home_page_imports_no_game(built, tmp_path):
    """The page's start (``shell.page.startup`` and what it imports, in a fresh interpreter with the built cards)
    and drawing the home page import no game's package, no game's engine and not the engines' core that
    a game needs (its rules' base, records, matches, bots, their runner and thinker): they come when a game
    opens, or with the warm-up after the first screen. Each was milliseconds of a cold boot in Pyodide
    (docs/performance.md). The browser's modules are stand-ins here."""
    web_app = Path(games.__file__).parents[1]
    script = ("import sys, types\nfrom unittest import mock\n"
              "for name in ('pyscript', 'js', 'pyodide', 'pyodide.ffi'):\n"
              "    module = sys.modules[name] = types.ModuleType(name)\n"
              "    module.__getattr__ = lambda attribute: mock.MagicMock()\n"
              "import shell.page.startup, games\nfrom shell.screens import home\n"
              "home.render_home(games.playable(), [])\n"
              "print(sorted(m for m in sys.modules if m.startswith(('games.', 'pygames.k', 'pygames.b', 'pygames.m')) "
              "or m in ('pygames.core.game', 'pygames.core.record', 'pygames.core.match', 'pygames.core.bots', "
              "'shell.bots.runner', 'shell.bots.thinker', 'shell.model.session', 'shell.screens.game')))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(web_app), str(ROOT)])}
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
