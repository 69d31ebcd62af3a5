"""Nim: piles of stones; a turn takes 1 to 3 stones from one pile; who takes the last stone wins.

Rule ids (no rulebook: the test game's own): NIM-R1 a turn takes 1 to 3 stones from one pile,
NIM-R2 the pile must hold them, NIM-R3 whoever takes the last stone wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pygames.core.errors import IllegalActionError, NotationError, excerpt
from pygames.core.game import Game, OptionSpec, Result
from pygames.core.i18n import _, who
from pygames.core.rng import Rng

MAX_TAKE = 3  # NIM-R1
LARGEST = 7  # a pile's size at the start: 1..LARGEST, from the seed
NOTATION = re.compile(r"(\d{1,2}):(\d{1,2})")  # pile (1-based) : stones taken


@dataclass(frozen=True, slots=True)
class Take:
    """Take ``count`` stones from pile ``pile`` (0-based); notation ``<pile + 1>:<count>``."""

    pile: int
    count: int

    def __str__(self) -> str:
        return f"{self.pile + 1}:{self.count}"


class Nim(Game[Take]):
    name = "nim"
    title = "Nim"
    rules_version = 1
    phase = "play"  # one stage
    option_specs = (
        OptionSpec("players", "int", 2, "Players", minimum=2, maximum=2),
        OptionSpec("piles", "int", 3, "Piles", minimum=1, maximum=5),
    )

    piles: list[int]
    turn: int

    def setup(self, rng: Rng) -> None:
        self.piles = [1 + rng.below(LARGEST) for _pile in range(self.options["piles"])]
        self.turn = 0

    def to_move(self) -> list[int]:
        return [self.turn] if any(self.piles) else []

    def legal_actions(self, seat: int | None = None) -> list[Take]:
        if self.deciding_seat(seat) is None:
            return []
        return [Take(pile, count) for pile, size in enumerate(self.piles)
                for count in range(1, min(MAX_TAKE, size) + 1)]

    def parse_action(self, text: str, seat: int | None = None) -> Take:
        found = NOTATION.fullmatch(text.strip())
        if found is None:
            raise NotationError(_("not a move of Nim: {text} (pile:stones, e.g. 2:3)").format(text=excerpt(text)))
        return Take(int(found.group(1)) - 1, int(found.group(2)))

    def check(self, action: Any) -> None:
        if not isinstance(action, Take):
            raise NotationError(_("not a move of Nim: {text} (pile:stones, e.g. 2:3)").format(text=excerpt(action)))
        if not 0 <= action.pile < len(self.piles):
            raise IllegalActionError(_("there is no pile {n}").format(n=action.pile + 1), rule="NIM-R2")
        if not 1 <= action.count <= MAX_TAKE:
            raise IllegalActionError(_("take 1 to 3 stones"), rule="NIM-R1")
        if action.count > self.piles[action.pile]:
            raise IllegalActionError(_("pile {n} has only {left} stones").format(
                n=action.pile + 1, left=self.piles[action.pile]), rule="NIM-R2")

    def _apply(self, action: Any) -> None:
        self.piles[action.pile] -= action.count
        if any(self.piles):
            self.turn = 1 - self.turn  # NIM-R3: who emptied the last pile keeps the turn, and wins

    def copy(self) -> Nim:
        game = Nim.__new__(Nim)
        game.options, game.seed, game.history = dict(self.options), self.seed, list(self.history)
        game.piles, game.turn = list(self.piles), self.turn
        return game

    @property
    def winner(self) -> int | None:
        """NIM-R3: the seat that took the last stone (it moved last: the turn stays with it)."""
        return None if any(self.piles) else self.turn

    def result(self) -> Result | None:
        if self.winner is None:
            return None
        return Result(summary=_("{seat} takes the last stone and wins").format(seat=who(self.winner, capital=True)),
                      winner=self.winner, ranking=[[self.winner], [1 - self.winner]])

    def payoffs(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(2)]

    def state_json(self) -> dict[str, Any]:
        return {"piles": list(self.piles), "to_move": self.to_move()}

    def render_text(self) -> str:
        return "\n".join(f"{pile + 1}: {'o' * size}" for pile, size in enumerate(self.piles))
