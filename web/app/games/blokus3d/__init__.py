"""Blokus 3D in the page: its home card here, its view in view.py, its pictures in draw.py, its 3D scene
described in scene.py and drawn by scene.js (three.js)."""

from __future__ import annotations

from pygames.core.i18n import N_

from .draw import preview_svg  # noqa: F401  (the home card's picture)

# JavaScript modules of the view (from this folder), imported (PyScript's js_import) when a game of
# Blokus 3D first opens, so that visitors who never play it load no three.js; IMPORTS are the site's files they import,
# which the background warm-up after the first screen fetches early (modulepreload).
SCRIPTS = ("scene.js",)
IMPORTS = ("three/three.module.js",)

BLURB = N_(
    "Stack pieces of 2 to 4 cubes into one shared structure — tower, wall, stairs or pyramid — in 3D: "
    "touch your own colour, never overhang, and own the most tops. 2–4 players, or the solitaire cube."
)
