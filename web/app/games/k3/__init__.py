"""K3 (Broad Peak) in the page: its home card in card.py, its view in view.py, its drawing in draw.py."""

from __future__ import annotations

from .card import BLURB, preview_svg

__all__ = ["BLURB", "preview_svg"]
