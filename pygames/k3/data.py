"""K3 tables (K3-R1, K3-R2). Colour letters and names are RECONSTRUCTED (spec D1)."""

from __future__ import annotations

from typing import NamedTuple

from ..core.i18n import N_

COLOURS = ("B", "R", "K", "Y", "G")  # K3-R1: the five colours, 9 pawns each
NATURAL = "N"  # wild (K3-R15)
WHITE = "W"  # pass (K3-R18)
KINDS = COLOURS + (NATURAL, WHITE)
KIND_NAMES = {  # the pawns' colours in words (translated where shown: _(KIND_NAMES[kind]))
    "B": N_("blue"), "R": N_("red"), "K": N_("black"), "Y": N_("yellow"), "G": N_("green"),
    "N": N_("natural"), "W": N_("white"),
}
PAWNS_PER_COLOUR = 9
TOTAL_NATURALS = 6
TOTAL_WHITES = 4
BASE_WIDTH = 9  # K3-R3: row 0, columns 0..8
MIN_BASE_COLOURS = 4  # K3-R7
DEAL_ROUND = 3  # K3-R8
SUMMIT = (8, 0)  # K3-R3 / K3-R26


class Allotment(NamedTuple):
    """K3-R2: what each player gets, by player count."""

    coloured: int
    natural: int
    white: int
    base: int  # pyramid base n
    white_beside: bool  # the white lies beside the pyramid, not in it
    spare_white: bool  # one white set aside for the table (K3-R21)


ALLOTMENT: dict[int, Allotment] = {
    2: Allotment(coloured=17, natural=2, white=2, base=6, white_beside=False, spare_white=False),
    3: Allotment(coloured=12, natural=2, white=1, base=5, white_beside=False, spare_white=True),
    4: Allotment(coloured=9, natural=1, white=1, base=4, white_beside=True, spare_white=False),
}
