"""The shared machinery: game protocol, seeded generator, records and links, bots, registry.

Its modules load when first used (``from pygames.core import Match`` still works): the page starts
faster when the home screen does not load every engine module.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Action": "game",
    "Game": "game",
    "OptionSpec": "game",
    "Match": "match",
    "Record": "record",
    "RecordError": "errors",
    "Result": "game",
    "RuleError": "errors",
    "Rng": "rng",
    "game_names": "registry",
    "get_game": "registry",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
