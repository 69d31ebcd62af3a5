"""K2 heuristics for bots. No rules live here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import K2Action
    from .game import K2


def choose_action(game: K2, seat: int) -> K2Action | None:
    return None


def evaluate(game: K2, seat: int) -> float:
    if game.is_over():
        return game.payoffs()[seat]
    return 0.5
