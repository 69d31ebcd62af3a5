"""K2 solo's best score on this device, per side and weather set (the solo panel and the result show it):
kept in the device's storage (``Session.device``), a finished game's score recorded when a human played it and
it is better."""

from __future__ import annotations

import json
from typing import Any

from shell.contract.view import DeviceStorage

from pygames.k2.game import K2

BEST_KEY = "pygames:k2:solo-best"  # this device's best solo score per side and weather set


def solo_best(game: K2, device: DeviceStorage, by_human: bool) -> dict[str, Any] | None:
    """The best solo score kept on ``device`` for the game's side and weather set, recording the game's score
    first when it is finished, played by a human (``by_human``) and better; None in a game of several players."""
    if game.players != 1:
        return None
    key = f"{game.side}/{game.options['weather']}"
    try:
        table = json.loads(device.getItem(BEST_KEY) or "{}")
    except (TypeError, ValueError):
        table = {}
    if not isinstance(table, dict):
        table = {}
    best = table.get(key) if isinstance(table.get(key), dict) else None
    result = game.result()
    if result is not None and by_human:
        mine = {"score": (result.scores or [0])[0], "title": result.title, "seed": game.seed,
                "moves": len(game.history)}
        if best is None or int(best.get("score", -1)) < mine["score"]:
            table[key] = best = mine
            try:
                device.setItem(BEST_KEY, json.dumps(table))
            except Exception:  # storage full or blocked: shown, not kept
                pass
    return best


def is_this_game(game: K2, best: dict[str, Any]) -> bool:
    """``best`` is this game's own score (the same seed and moves, and the game over)."""
    return best.get("seed") == game.seed and best.get("moves") == len(game.history) and game.is_over()
