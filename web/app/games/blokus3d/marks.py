"""What Blokus 3D's drawing shows beyond the state: the frozen ``Marks`` the controller (view.py) builds once
per drawing, and the ``Ghost`` of the piece in hand. The drawing (panels.py, scene.py) reads them and
nothing else: it imports neither the controller nor the session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from pygames.blokus3d.geometry import Orientation

Cube = tuple[int, int, int]
Cell = tuple[int, int]


class Ghost(NamedTuple):
    """The picked piece laid over the board where the player points: what the engine says of it."""

    text: str  # the placement in the notation (colour, piece, cubes)
    cubes: tuple[Cube, ...]
    legal: bool
    reason: str  # the engine's words when it is not legal
    rule: str  # the rule id the engine named


@dataclass(frozen=True, slots=True)
class Marks:
    """Who may act here, the piece in hand and what the engine says of it, the seats' names."""

    mover: int | None  # the human who may act now at this device (None: nobody)
    names: tuple[str, ...]  # each player in full ("Anna (Red)")
    owners: tuple[str, ...]  # who plays each of the game's colours, in ``game.colours``' order ("" in solitaire)
    humans: tuple[int, ...]  # the players at this device
    touch: bool = False  # the player points with a finger
    picked: tuple[str, str] | None = None  # (colour letter, piece code) in hand
    orientation: Orientation | None = None  # how the piece in hand is turned
    anchor: Cell | None = None  # the cell under the pointer or the keyboard's cursor
    ghost: Ghost | None = None  # the piece in hand over the anchor, and what the engine says of it
    landing: frozenset[Cell] = frozenset()  # where the piece in hand, as turned, can land (anchor cells)
    pickable: tuple[str, ...] = ()  # the colours whose pieces the mover may pick up
    cycling: bool = False  # the legal placements are shown one by one
    cycle_at: int = 0  # the one shown (from 0)
    cycle_len: int = 0  # how many
    hinted: str = ""  # the hint's placement (the shell's *Hint*): the ghost's cells marked when it shows it
