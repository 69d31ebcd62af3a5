"""Matterhorn in the page: its home card here, its view in view.py, its pictures in draw.py."""

from __future__ import annotations

from pygames.core.i18n import N_

from .draw import preview_svg  # noqa: F401  (the home card's picture)

BLURB = N_(
    "Push your luck up the Matterhorn: roll five dice, set some aside to hit a row, place action "
    "tokens — and stop before a flop turns them into obstacles. Both climbers on top wins. 2–4 players."
)
