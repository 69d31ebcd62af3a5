"""K3's pawns in words, in the page's language: the engine's colour names (KIND_NAMES, marked for
translation) and the symbols the page draws on them."""

from __future__ import annotations

from pygames.core.i18n import N_, _
from pygames.k3.data import KIND_NAMES

KIND_WORDS = KIND_NAMES
SYMBOL_WORDS = {
    "B": N_("circle"), "R": N_("triangle"), "K": N_("square"), "Y": N_("diamond"), "G": N_("star"),
    "N": N_("wood rings"), "W": N_("flag"),
}


def kind_name(kind: str) -> str:
    """A pawn's colour in words."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else "?"
