"""The game views the page has: link name -> view module. A new game adds one line here.

A view module provides ``new_play(match, seats, save_id)`` (an object with ``match``, ``seats``,
``save_id``, ``thinking``, ``handle(act, data)``, ``apply_bot(action)``, ``bot_mover()``,
``human_mover()``, ``status()``, ``reset_ui()``) and ``render(play, link, can_undo, can_redo)``.
"""

from __future__ import annotations

from types import ModuleType

import k3_view

from pygames.core.registry import game_names, get_game

VIEWS: dict[str, ModuleType] = {
    "k3": k3_view,
}

BLURBS: dict[str, str] = {
    "k3": "Build the mountain together, one pawn at a time, from the pyramid you arranged. "
    "Match colours, dodge penalties, be the last climber standing. 2–4 players.",
}


def preview(name: str) -> str:
    """A small picture of the game for its card on the home page ("" when the view has none)."""
    draw = getattr(VIEWS.get(name), "preview_svg", None)
    return draw() if draw else ""


def playable() -> list[tuple[str, str, str]]:
    """(name, title, blurb) for every game the engine registry has and the page can show."""
    return [(name, get_game(name).title, BLURBS.get(name, "")) for name in game_names() if name in VIEWS]
