"""Blokus 3D pictures as SVG: isometric cubes (tray icons, the home card) and the level map.

Pure functions, no browser, no engine: they draw cube lists and grids the view gives them.
Coordinates are the rules' (section 7): x = 0..9 left to right, y = 0..9 front to back, z upwards.

Isometric drawings look from the front right, above: x runs right and down, y (back) right and
up, z up; the top, front (-y) and right (+x) faces of a cube show. Cubes are drawn far to near
(``x - y + z`` ascending), so nearer cubes cover the hidden faces of farther ones.
"""

from __future__ import annotations

from collections.abc import Iterable

from shell.contract import svg
from shell.contract.markup import Markup, esc, join

from pygames.blokus3d.data import COLOURS, PIECES, SIZE
from pygames.core.i18n import _

Cube = tuple[int, int, int]

# Okabe-Ito colours (colour-blind safe), as the shell's pawns; each colour also has its letter.
FILL = {"B": "#0072B2", "Y": "#F0E442", "R": "#D55E00", "G": "#009E73"}
INK = {"B": "#ffffff", "Y": "#1a1a1a", "R": "#ffffff", "G": "#ffffff"}
# the visible faces: top, front, right (lighter to darker)
SHADES = {
    "B": ("#4d9fd6", "#0072B2", "#00507d"),
    "Y": ("#f8f090", "#F0E442", "#b8ad1f"),
    "R": ("#f08a45", "#D55E00", "#983f00"),
    "G": ("#3fc29a", "#009E73", "#006a4c"),
    "ghost-ok": ("#bfeccd", "#7fd69b", "#4fae6e"),
    "ghost-bad": ("#f7c4c4", "#ea8f8f", "#c25d5d"),
    "plain": ("#f3efe6", "#d9d2c3", "#b7ae9c"),
}
EDGE = {"B": "#00304f", "Y": "#6b6410", "R": "#5a2600", "G": "#00402e"}

_C = 0.7071  # 1/sqrt(2)
_S = 0.4082  # 1/sqrt(6)


def project(x: float, y: float, z: float) -> tuple[float, float]:
    """Isometric projection (screen y grows downwards)."""
    return (x + y) * _C, (x - y - 2 * z) * _S


def _poly(points: Iterable[tuple[float, float, float]], fill: str, stroke: str) -> Markup:
    pts = " ".join(f"{svg.num(sx)},{svg.num(sy)}" for sx, sy in (project(*p) for p in points))
    return Markup(f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}"/>')


def cube_faces(x: int, y: int, z: int, colour: str) -> Markup:
    """The three visible faces of the unit cube with minimum corner (x, y, z)."""
    top, front, right = SHADES[colour]
    edge = EDGE.get(colour, "#5b5446")
    return Markup(
        _poly(((x, y, z + 1), (x + 1, y, z + 1), (x + 1, y + 1, z + 1), (x, y + 1, z + 1)), top, edge)
        + _poly(((x, y, z), (x + 1, y, z), (x + 1, y, z + 1), (x, y, z + 1)), front, edge)
        + _poly(((x + 1, y, z), (x + 1, y + 1, z), (x + 1, y + 1, z + 1), (x + 1, y, z + 1)), right, edge)
    )


def iso_cubes(cubes: Iterable[tuple[int, int, int, str]], pad: float = 0.15) -> tuple[str, tuple[float, ...]]:
    """Cubes (x, y, z, colour) drawn far to near; returns (markup, viewBox)."""
    items = sorted(cubes, key=lambda c: (c[0] - c[1] + c[2], c[2], -c[1], c[0]))
    xs: list[float] = []
    ys: list[float] = []
    for x, y, z, _colour in items:
        for dx in (0, 1):
            for dy in (0, 1):
                for dz in (0, 1):
                    sx, sy = project(x + dx, y + dy, z + dz)
                    xs.append(sx)
                    ys.append(sy)
    body = "".join(cube_faces(x, y, z, colour) for x, y, z, colour in items)
    if not xs:
        return "", (0.0, 0.0, 1.0, 1.0)
    box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    return body, box


_ICONS: dict[tuple[tuple[Cube, ...], str], Markup] = {}


def piece_icon(cubes: tuple[Cube, ...], colour: str, classes: str = "b3d-icon") -> Markup:
    """A piece as a small isometric picture (decorative: the button around it is labelled). Cached."""
    key = (cubes, colour + "|" + classes)
    found = _ICONS.get(key)
    if found is None:
        body, (x, y, w, h) = iso_cubes((cx, cy, cz, colour) for cx, cy, cz in cubes)
        size = max(w, h)  # the same scale for every piece: a domino looks smaller than an L
        box = (x - (size - w) / 2, y - (size - h) / 2, size, size)
        found = _ICONS[key] = Markup(
            f'<svg class="{esc(classes)}" viewBox="{" ".join(svg.num(v) for v in box)}" aria-hidden="true" '
            f'focusable="false" xmlns="http://www.w3.org/2000/svg" stroke-width="0.04" '
            f'stroke-linejoin="round">{body}</svg>'
        )
    return found


def canonical_cubes(code: str) -> tuple[Cube, ...]:
    """A piece's cubes as the rules list them (B3D-R2)."""
    for piece, _name, cubes in PIECES:
        if piece == code:
            return tuple((int(t[0]), int(t[1]), int(t[2])) for t in cubes)
    raise KeyError(code)


def swatch(colour: str) -> Markup:
    """A small square of the colour with its letter (colour is never the only cue)."""
    return Markup(
        f'<svg class="b3d-swatch" viewBox="0 0 1 1" aria-hidden="true" focusable="false" '
        f'xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" rx="0.15" fill="{FILL[colour]}" '
        f'stroke="{EDGE[colour]}" stroke-width="0.08"/><text x="0.5" y="0.72" fill="{INK[colour]}">'
        f"{colour}</text></svg>"
    )


# -- the level map: the board from above, one square per cell ---------------------------------------

def map_cell(x: int, y: int, height: int, top: str, limit: int, classes: str, extra: dict, note: str = "",
             land: bool = False) -> Markup:
    """One cell of the level map: its top colour and letter, its height, its limit (small).

    ``note`` is drawn in the corner (the ghost's height there); ``land`` rings the cell (the piece in
    hand can land there). Colours come from the style sheet (classes ``top-B``…), so that the map
    follows the page's colours."""
    sx, sy = x, SIZE - 1 - y
    # (the whole cell takes the pointer, the gap between the squares too: a finger's target is the cell)
    parts = [f'<rect class="hit" x="{sx}" y="{sy}" width="1" height="1"/>'
             f'<rect class="cell-bg" x="{sx + 0.04}" y="{sy + 0.04}" width="0.92" height="0.92" rx="0.08"/>']
    if land:
        parts.append(f'<circle class="land" cx="{sx + 0.5}" cy="{sy + 0.53}" r="0.33"/>')
    if limit:
        if height:
            parts.append(f'<text class="h" x="{sx + 0.5}" y="{sy + 0.7}">{height}</text>'
                         f'<text class="l" x="{sx + 0.14}" y="{sy + 0.3}">{top}</text>')
        parts.append(f'<text class="lim" x="{sx + 0.88}" y="{sy + 0.3}">{limit}</text>')
    if note:
        parts.append(f'<text class="note" x="{sx + 0.86}" y="{sy + 0.9}">{esc(note)}</text>')
    if top:
        classes += f" top-{top}"
    return Markup(f'<g class="{esc(classes)}"{svg.attrs(extra)}>{"".join(parts)}</g>')


Bounds = tuple[int, int, int, int]  # x0, x1, y0, y1: the cells the map shows
WHOLE: Bounds = (0, SIZE - 1, 0, SIZE - 1)


def map_axes(bounds: Bounds) -> Markup:
    """Column numbers x under the grid, row numbers y beside it (y = 0 is the front)."""
    x0, x1, y0, y1 = bounds
    out = [Markup(f'<text class="axis" x="{x + 0.5}" y="{SIZE - y0 + 0.55}">{x}</text>')
           for x in range(x0, x1 + 1)]
    out += [Markup(f'<text class="axis" x="{x0 - 0.38}" y="{SIZE - 1 - y + 0.62}">{y}</text>')
            for y in range(y0, y1 + 1)]
    return join(out)


def level_map(cells: Markup, label: str, bounds: Bounds = WHOLE, classes: str = "b3d-map") -> Markup:
    """The map of the cells within ``bounds`` (those of the structure and a margin around it)."""
    x0, x1, y0, y1 = bounds
    box = (x0 - 0.6, SIZE - 1 - y1 - 0.1, x1 - x0 + 1.7, y1 - y0 + 1.7)
    return svg.svg(box, map_axes(bounds) + cells, classes, label)


# -- the home card ------------------------------------------------------------------------------------

_PREVIEW = (
    # a small Tower being built: four colours, a few levels
    (2, 3, 0, "B"), (3, 3, 0, "B"), (4, 3, 0, "Y"), (5, 3, 0, "Y"), (6, 3, 0, "R"),
    (2, 4, 0, "B"), (3, 4, 0, "R"), (4, 4, 0, "R"), (5, 4, 0, "Y"), (6, 4, 0, "G"),
    (2, 5, 0, "G"), (3, 5, 0, "G"), (4, 5, 0, "R"), (5, 5, 0, "B"), (6, 5, 0, "G"),
    (3, 3, 1, "B"), (4, 3, 1, "Y"), (4, 4, 1, "R"), (5, 4, 1, "Y"), (3, 5, 1, "G"),
    (4, 4, 2, "R"), (5, 4, 2, "B"), (4, 3, 2, "Y"), (5, 5, 1, "B"), (5, 5, 2, "B"),
)


def preview_svg() -> Markup:
    """A small tower of cubes in the four colours, for the game's card on the home page."""
    ground = "".join(
        _poly(((x, y, 0), (x + 1, y, 0), (x + 1, y + 1, 0), (x, y + 1, 0)), "#efe6cf", "#cbbd9a")
        for x in range(1, 8) for y in range(2, 7)
    )
    body, box = iso_cubes(_PREVIEW)
    x0 = min(box[0], project(1, 7, 0)[0] - 0.1)
    x1 = max(box[0] + box[2], project(8, 2, 0)[0] + 0.1)
    y0 = box[1]
    y1 = max(box[1] + box[3], project(8, 2, 0)[1] + 0.1)
    label = _("Blokus 3D: cubes of four colours stacked into a tower")
    return Markup(
        f'<svg class="preview b3d-preview" viewBox="{svg.num(x0)} {svg.num(y0)} {svg.num(x1 - x0)} '
        f'{svg.num(y1 - y0)}" role="img" aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg" '
        f'stroke-width="0.03" stroke-linejoin="round">{ground}{body}</svg>'
    )


def colour_names() -> dict[str, str]:
    from pygames.blokus3d.data import COLOUR_NAMES

    return {c: _(COLOUR_NAMES[c]) for c in COLOURS}
