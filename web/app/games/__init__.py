"""The games the page can play: link name -> its package under games/. A new game adds one line here.

A game's package provides ``BLURB`` and ``preview_svg()`` (its home card) and a ``view`` module with
``View``, a subclass of ``shell.contract.view.GameView``; optionally ``SCRIPTS``, JavaScript modules of its
folder that the page loads when the game first opens, and ``IMPORTS``, the site's files they import.
Packages are imported when first needed: the home page's cards come from ``cards.json``, which the
build draws from each package's ``BLURB`` and ``preview_svg()`` (tools/site/home_cards.py), so the
first screen imports no game at all (a package's ``__init__`` must stay light all the same: its blurb
and preview only).
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from types import ModuleType

import game_archives
from shell.contract.markup import Markup, esc

from pygames.core.i18n import _
from pygames.core.registry import game_names, game_title

CARDS = "games/cards.json"  # the home page's cards, drawn by the build (in the page's working directory)

GAMES: dict[str, str] = {
    "k3": "games.k3",
    "matterhorn": "games.matterhorn",
    "k2": "games.k2",
    "blokus3d": "games.blokus3d",
}
GAMES.update({name: f"games.{name}" for name in game_archives.added_games()})  # (a site with the tests' fifth game)


def package(name: str) -> ModuleType:
    return importlib.import_module(GAMES[name])


def view_class(name: str) -> type:
    """The ``View`` class of a game (importing its view module)."""
    return importlib.import_module(GAMES[name] + ".view").View


def rules(name: str) -> tuple:
    """The game's rules sections (its ``rules`` module, drawn by shell/screens/rules.py)."""
    return importlib.import_module(GAMES[name] + ".rules").SECTIONS


def scripts(name: str) -> list[str]:
    """The addresses (from the page) of a game's JavaScript modules (its package's ``SCRIPTS``)."""
    folder = "./app/" + GAMES[name].replace(".", "/") + "/"
    return [folder + script for script in getattr(package(name), "SCRIPTS", ())]


def script_files(name: str) -> list[str]:
    """Every file those modules need, for fetching them early: the modules and what they import."""
    return [*("./" + path for path in getattr(package(name), "IMPORTS", ())), *scripts(name)]


@cache
def built_cards(path: str = CARDS) -> dict[str, dict]:
    """The build's home cards (``tools/site/home_cards.py``): {} where there are none (CPython's tests)."""
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except OSError:
        return {}


def preview(name: str) -> Markup:
    """A small picture of the game for its card on the home page, in the page's language."""
    card = built_cards().get(name)
    if card is None:
        return package(name).preview_svg()
    before, after = card["preview"]
    return Markup(f"{before}{esc(_(card['label']))}{after}")  # (the build's own markup around the label)


def blurb(name: str) -> str:
    """The game in a sentence or two, for its card (in English: the home page translates it)."""
    card = built_cards().get(name)
    return card["blurb"] if card is not None else package(name).BLURB


def playable() -> list[tuple[str, str, str]]:
    """(name, title, blurb) for every game the engine registry has and the page can show."""
    return [(name, game_title(name), blurb(name)) for name in game_names() if name in GAMES]
