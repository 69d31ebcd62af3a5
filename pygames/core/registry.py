"""The games this package knows, by link name.

Adding a game to the engines takes two lines here, its class in ``GAME_CLASSES`` and its title in
``GAME_TITLES``; links, the CLI, ``Match`` and the bots then know it. The page shows it once it is also
in ``web/app/games/__init__.py`` ``GAMES`` (a third line), which the build reads to give the game its
archives (docs/adding-a-game.md). A game kept elsewhere (the tests' fifth game) is added with
``register`` instead.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .errors import RecordError, excerpt
from .i18n import _

if TYPE_CHECKING:  # pragma: no cover (the page's first screen lists the games without their engines)
    from .game import Game

# link name -> "module:Class"
GAME_CLASSES: dict[str, str] = {
    "k3": "pygames.k3.game:K3",
    "k2": "pygames.k2.game:K2",
    "blokus3d": "pygames.blokus3d.game:Blokus3D",
    "matterhorn": "pygames.matterhorn.game:Matterhorn",
}
# link name -> the name players see (each game class's ``title`` comes from here, so that a list of
# games needs no engine loaded: the page's home shows them before any game opens)
GAME_TITLES: dict[str, str] = {
    "k3": "K3 (Broad Peak)",
    "k2": "K2",
    "blokus3d": "Blokus 3D",
    "matterhorn": "Matterhorn",
}


def register(name: str, target: str, title: str) -> None:
    """Add a game kept outside this package: ``target`` is its class as ``"module:Class"``."""
    GAME_CLASSES[name] = target
    GAME_TITLES[name] = title


def unregister(name: str) -> None:
    """Forget a game that ``register`` added."""
    GAME_CLASSES.pop(name, None)
    GAME_TITLES.pop(name, None)


def game_names() -> list[str]:
    return list(GAME_CLASSES)


def game_title(name: str) -> str:
    """The title of a game, without loading its engine; RecordError for an unknown name."""
    if name not in GAME_TITLES:
        get_game(name)  # the error naming the known games
    return GAME_TITLES[name]


def get_game(name: str) -> type[Game]:
    """The game class for a link name; RecordError naming the known games otherwise."""
    target = GAME_CLASSES.get(name)
    if target is None:
        known = ", ".join(GAME_CLASSES)
        raise RecordError(_("unknown game {name} (this version knows: {known})").format(
            name=excerpt(name), known=known))
    module_name, class_name = target.split(":")
    return getattr(importlib.import_module(module_name), class_name)
