"""K2 in the page: its home card here, its view in view.py, its pictures in draw.py."""

from __future__ import annotations

from pygames.core.i18n import N_

from .draw import preview_svg  # noqa: F401  (the home card's picture)

BLURB = N_(
    "Lead two climbers up K2 in 18 days: pick 3 secret cards a day to move, rope up and acclimatize, "
    "mind the weather and the risk tokens, and get as high as you can — alive. 1–5 players."
)
