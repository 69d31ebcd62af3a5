"""What a K2 seat may see (K2-R46..R48): its view, with the hidden parts replaced by a canonical arrangement of
what is unseen, and the full states consistent with it that a search samples."""

from __future__ import annotations

from typing import TypeVar

from ..core.rng import Rng
from .actions import card_key
from .board import K2Board
from .data import PLAYED

B = TypeVar("B", bound=K2Board)  # the state class (``K2``): a view is one too

HIDDEN = "(hidden)"  # another seat's hidden choice, in a view's history


def unseen_cards(game: K2Board, seat: int) -> list[str]:
    """Cards of ``seat`` no other seat sees: hand, draw pile and a hidden choice (canonical order)."""
    cards = list(game.hands[seat]) + list(game.draw[seat]) + list(game.pending[seat] or ())
    return sorted(cards, key=card_key)


def view(game: B, seat: int | None) -> B:
    """K2-R48: hidden parts replaced by a canonical arrangement of what is unseen, a fresh generator,
    other seats' hidden choices redacted from the history."""
    g = game.copy()
    if seat is None:
        return g
    g.viewer = seat
    g.seed = ""  # K2-R48: the seed recreates every shuffle, so a view must not carry it
    vis = g.visible_tiles()
    g.tiles = g.tiles[:vis] + sorted(g.tiles[vis:])
    g.risk_stack = sorted(g.risk_stack)
    for s in range(g.players):
        if s == seat:
            g.draw[s] = sorted(g.draw[s], key=card_key)
            continue
        cards = unseen_cards(g, s)
        if g.pending[s] is not None:
            g.pending[s] = tuple(cards[:PLAYED])
            cards = cards[PLAYED:]
        k = len(g.hands[s])
        g.hands[s], g.draw[s] = cards[:k], cards[k:]
    for s, index in g.pending_index.items():
        if s != seat and index < len(g.history):
            g.history[index] = f"s{s}: choose {HIDDEN}"
    g.rng = Rng(f"k2:view:{seat}:{g.round}:{len(g.history)}")
    return g


def determinize(game: B, seat: int, rng: Rng) -> B:
    """A full state consistent with ``seat``'s view: others' hands and choices, draw piles, face-down
    tokens and tiles resampled; a new generator."""
    g = view(game, seat)
    vis = g.visible_tiles()
    hidden = g.tiles[vis:]
    rng.shuffle(hidden)
    g.tiles = g.tiles[:vis] + hidden
    rng.shuffle(g.risk_stack)
    for s in range(g.players):
        if s == seat:
            rng.shuffle(g.draw[s])
            continue
        cards = unseen_cards(g, s)
        rng.shuffle(cards)
        if g.pending[s] is not None:
            g.pending[s] = tuple(sorted(cards[:PLAYED], key=card_key))
            cards = cards[PLAYED:]
        k = len(g.hands[s])
        g.hands[s], g.draw[s] = sorted(cards[:k], key=card_key), cards[k:]
    g.rng = Rng(rng.next_u64())
    g.viewer = None
    return g
