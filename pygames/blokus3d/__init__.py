"""Blokus 3D (Rumis): rules engine, bots and solitaire solver. See ../shared/rules/blokus3d.md."""

from .game import Blokus3D

__all__ = ["Blokus3D"]
