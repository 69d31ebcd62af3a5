"""K2: climbing race for 1-5 players with secret card choice (spec docs/rules/k2.md)."""

from __future__ import annotations

from typing import Any

__all__ = ["K2"]


def __getattr__(name: str) -> Any:
    """``K2`` loads with the engine on first use: importing a data table or the notation alone
    (the page's home card does) does not load the rules."""
    if name == "K2":
        from .game import K2

        return K2
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
