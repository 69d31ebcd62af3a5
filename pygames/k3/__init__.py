"""K3 (Broad Peak): rules engine and heuristics. See docs/rules/k3.md."""

from __future__ import annotations

from typing import Any

__all__ = ["K3"]


def __getattr__(name: str) -> Any:
    """``K3`` loads with the engine on first use: importing a data table or the notation alone
    (the page's home card does) does not load the rules."""
    if name == "K3":
        from .game import K3

        return K3
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
