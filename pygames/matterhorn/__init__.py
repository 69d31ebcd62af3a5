"""Matterhorn: a push-your-luck dice race up a triangular mountain (spec docs/rules/matterhorn.md)."""

from __future__ import annotations

from typing import Any

__all__ = ["Matterhorn"]


def __getattr__(name: str) -> Any:
    """``Matterhorn`` loads with the engine on first use: importing a data table or the notation alone
    (the page's home card does) does not load the rules."""
    if name == "Matterhorn":
        from .game import Matterhorn

        return Matterhorn
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
