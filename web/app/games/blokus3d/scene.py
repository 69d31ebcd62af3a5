"""What the 3D scene shows, decided here from the engine state and the marks (marks.py, the same the
panels draw from); scene.js only draws it with three.js.

``describe(game, marks)`` is a small JSON text put on the stage element (``data-scene``):

* ``cells``: the structure (B3D-R1), three digits per cell: x, y and its height limit (B3D-R8);
* ``cubes``: per colour letter, the cubes on the board, three digits ``xyz`` each (from the
  game's log of placements, as the notation writes them);
* ``last``: the cubes of the last placement (outlined);
* ``anchor``: the cell the ghost is over (the pointer's, the keyboard's or a shown placement's);
* ``ghost``: the picked piece's cubes ``[x, y, z]`` where it would land, ``ok`` = the engine allows it there;
* ``land``: where the piece in hand, as turned, can land (``Marks.landing``): ``[x, y, height]`` of each
  anchor cell and its column's height now, for a marker on top of that column;
* ``fill`` / ``ink`` / ``edge``: each colour's paint, its letter's and its edges' (colour is never the
  only cue: every cube face carries its colour's letter).
"""

from __future__ import annotations

import json

from pygames.blokus3d.data import SIZE
from pygames.blokus3d.game import Blokus3D

from .draw import EDGE, FILL, INK
from .marks import Marks

_BASE: dict[tuple, dict] = {}


def state_key(game: Blokus3D) -> tuple:
    """Identifies a position by what makes it: the options and every move so far (not by the state
    object's id, which Python reuses once an old state is freed)."""
    return (tuple(sorted(game.options.items())), game.seed, tuple(game.log))


def base(game: Blokus3D) -> dict:
    """The part that only changes with the position (cached per state)."""
    key = state_key(game)
    found = _BASE.get(key)
    if found is None:
        lim = game.layout.limits
        cubes: dict[str, list[str]] = {c: [] for c in game.colours}
        last = ""
        for entry in game.log:
            if entry.endswith("-"):
                continue
            body = entry.split(":")[1].replace(",", "")
            cubes[entry[0]].append(body)
            last = body
        found = {
            "cells": "".join(f"{c % SIZE}{c // SIZE}{lim[c]}" for c in game.layout.cells),
            "top": max(lim),
            "cubes": {c: "".join(v) for c, v in cubes.items()},
            "last": last,
            "fill": {c: FILL[c] for c in game.colours},
            "ink": {c: INK[c] for c in game.colours},
            "edge": {c: EDGE[c] for c in game.colours},
        }
        if len(_BASE) > 64:
            _BASE.clear()
        _BASE[key] = found
    return found


def describe(game: Blokus3D, marks: Marks) -> str:
    """The scene as JSON text for scene.js."""
    data = dict(base(game))
    if marks.anchor is not None:
        data["anchor"] = list(marks.anchor)
    landing = marks.landing
    if landing:
        heights = game.heights
        data["land"] = [[x, y, heights[y * SIZE + x]] for x, y in sorted(landing, key=lambda c: (c[1], c[0]))]
    ghost = marks.ghost
    if ghost is not None:
        data["ghost"] = {
            "cubes": [list(c) for c in ghost.cubes],
            "ok": ghost.legal,
            "colour": ghost.text[0],
        }
    return json.dumps(data, separators=(",", ":"))
