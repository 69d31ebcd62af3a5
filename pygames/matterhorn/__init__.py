"""Matterhorn: a push-your-luck dice race up a triangular mountain (spec ../shared/rules/matterhorn.md)."""

from .game import Matterhorn

__all__ = ["Matterhorn"]
