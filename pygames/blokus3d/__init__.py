"""Blokus 3D (Rumis): rules engine, bots and solitaire solver. See docs/rules/blokus3d.md."""

from __future__ import annotations

from typing import Any

__all__ = ["Blokus3D"]


def __getattr__(name: str) -> Any:
    """``Blokus3D`` loads with the engine on first use: importing a data table or the notation alone
    (the page's home card does) does not load the rules."""
    if name == "Blokus3D":
        from .game import Blokus3D

        return Blokus3D
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
