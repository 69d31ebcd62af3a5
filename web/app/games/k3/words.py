"""K3's pawns in words, in the page's language: the engine's colour names (KIND_NAMES, marked for
translation), the symbols the page draws on them, and places on the mountain and in a pyramid as the
board shows them (the notation's coordinates are not drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygames.core.i18n import N_, _
from pygames.k3.actions import position_place, slot_place
from pygames.k3.data import KIND_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from pygames.k3.game import K3

Pos = tuple[int, int]

KIND_WORDS = KIND_NAMES
SYMBOL_WORDS = {
    "B": N_("circle"), "R": N_("triangle"), "K": N_("square"), "Y": N_("diamond"), "G": N_("star"),
    "N": N_("wood rings"), "W": N_("flag"),
}


def kind_name(kind: str) -> str:
    """A pawn's colour in words."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else "?"


def slot_words(game: K3, slot: Pos) -> tuple[int, int]:
    """A mountain slot as the board shows it, (row, place in the row from 1): the engine's ``slot_place``,
    which refusals use too."""
    return slot_place(game.left, slot)


def pyramid_place(game: K3, pos: Pos) -> str:
    """Where a pawn sits in the player's own pyramid, as the picture shows it (the engine's
    ``position_place``, which refusals use too: rows from the bottom, pawns from the left, both from 1)."""
    if pos == (game.base - 1, 0):
        return _("at the top of your pyramid")
    row, n = position_place(pos)
    return _("in your pyramid, row {row} from the bottom, pawn {n} from the left").format(row=row, n=n)
