"""What Nim's bots know: a position whose piles' sizes modulo 4, XORed, are 0 is lost for the player to
move (the Sprague–Grundy value of a pile of n stones when 1 to 3 may be taken is n mod 4)."""

from __future__ import annotations

from functools import reduce

from pygames.core.bots import Strategy
from pygames.core.game import Game

from .game import MAX_TAKE, Nim


def grundy(piles: list[int]) -> int:
    return reduce(lambda value, size: value ^ (size % (MAX_TAKE + 1)), piles, 0)


class NimStrategy(Strategy):
    def heuristic_value(self, game: Game, seat: int) -> float:
        if game.is_over():
            return game.payoffs()[seat]
        assert isinstance(game, Nim)
        lost_for_mover = grundy(game.piles) == 0
        return 1.0 if lost_for_mover == (game.to_move()[0] != seat) else 0.0


STRATEGY = NimStrategy()
