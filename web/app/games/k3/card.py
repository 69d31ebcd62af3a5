"""K3's home card: its blurb and preview, drawn without loading the engine (the home page stays light)."""

from __future__ import annotations

from shell.contract import svg
from shell.contract.markup import Markup, join

from pygames.core.i18n import N_, _
from pygames.k3.data import SUMMIT

from . import pawns

BLURB = N_(
    "Build the mountain together, one pawn at a time, from the pyramid you arranged. "
    "Match colours, dodge penalties, be the last climber standing. 2–4 players."
)


def _xy(r: int, c: int, top: int) -> tuple[float, float]:
    """K3-R6: slot (r, c) at x = c + r/2, height r (SVG y grows downwards)."""
    return c + r / 2, float(top - r)


def preview_svg() -> Markup:
    """A small decorative mountain for the home page (K3-R6 geometry, fixed colours)."""
    filled = {0: (0, "BRKYGNBRK"), 1: (1, "YNBRKG"), 2: (1, "RGNY"), 3: (2, "KB"), 4: (2, "N")}
    top = SUMMIT[0]
    parts = []
    for r in range(top + 1):
        first, kinds = filled.get(r, (0, ""))
        for c in range(9 - r):
            x, y = _xy(r, c, top)
            if first <= c < first + len(kinds):
                parts.append(pawns.pawn(kinds[c - first], x, y))
            else:
                parts.append(pawns.ghost(x, y))
    return svg.svg((-0.6, -0.6, 9.2, top + 1.2), join(parts), "preview", _("K3: a mountain of coloured pawns"))
