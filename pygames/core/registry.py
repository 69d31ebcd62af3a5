"""The games this package knows, by link name. Adding a game is one line here."""

from __future__ import annotations

import importlib

from .errors import RecordError
from .game import Game

# link name -> "module:Class"
GAME_CLASSES: dict[str, str] = {
    "k3": "pygames.k3.game:K3",
    "k2": "pygames.k2.game:K2",
    "blokus3d": "pygames.blokus3d.game:Blokus3D",
    "matterhorn": "pygames.matterhorn.game:Matterhorn",
}


def game_names() -> list[str]:
    return list(GAME_CLASSES)


def get_game(name: str) -> type[Game]:
    """The game class for a link name; RecordError naming the known games otherwise."""
    target = GAME_CLASSES.get(name)
    if target is None:
        known = ", ".join(GAME_CLASSES)
        raise RecordError(f"unknown game {name!r} (this version knows: {known})")
    module_name, class_name = target.split(":")
    return getattr(importlib.import_module(module_name), class_name)
