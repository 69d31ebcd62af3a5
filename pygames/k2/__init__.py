"""K2: climbing race for 1-5 players with secret card choice (spec ../shared/rules/k2.md)."""

from .game import K2

__all__ = ["K2"]
