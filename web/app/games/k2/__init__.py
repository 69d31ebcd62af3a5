"""K2 in the page: its home card here, its view in view.py, its pictures in draw.py, board.js its board's
scrolling to the highlighted spaces."""

from __future__ import annotations

from pygames.core.i18n import N_

from .draw import preview_svg  # noqa: F401  (the home card's picture)

# JavaScript of the view (from this folder), imported when a game of K2 first opens: it brings the spaces a
# chosen climber can reach into view (the board sits below the player's panel on a phone).
SCRIPTS = ("board.js",)

BLURB = N_(
    "Lead two climbers up K2 in 18 days: pick 3 secret cards a day to move, rope up and acclimatize, "
    "mind the weather and the risk tokens, and get as high as you can — alive. 1–5 players."
)
