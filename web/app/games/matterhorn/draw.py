"""Matterhorn in the page, the markup: the mountain, the dice, the rope teams (pure functions, SVG strings).

Geometry follows MH-R8: circle (n, i) at x = i + (12 - n)/2 and height 12 - n (in circle widths; rows
are packed like balls, so heights are scaled by sqrt(3)/2), the summit above row 5, centred.
"""

from __future__ import annotations

import math

from shell.contract import svg
from shell.contract.markup import Markup, join

from pygames.core.i18n import N_, _
from pygames.matterhorn.actions import circle_words, spot_text
from pygames.matterhorn.data import BOTTOM_ROW, CIRCLES, ROW_CIRCLES, ROW_WIDTHS, ROWS, SUMMIT, TOP_ROW, Pos

ROW_STEP = math.sqrt(3) / 2  # vertical distance between rows of packed circles
R = 0.45  # circle radius
SUMMIT_Y = -0.15  # the summit's centre, above row 5
TOP_Y = 1.0  # row 5's centre
LABELS = 1.2  # room for the row numbers, left of each row's first circle
SIDE = 0.65  # the rock beyond the bottom row's circles (kept small: on a phone every unit of width counts)
HIT = 0.5  # a free circle answers a tap up to here (circles of neighbouring rows touch at 0.5)

# seat -> (colour name, seat colour of shell/contract/svg.py: its fill and its symbol, so colour is never the only cue)
SEAT_STYLES: tuple[tuple[str, str, str], ...] = (
    (N_("Red"), "R", N_("triangle")),
    (N_("Blue"), "B", N_("circle")),
    (N_("Yellow"), "Y", N_("diamond")),
    (N_("Green"), "G", N_("star")),
)

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def xy(spot: Pos | str) -> tuple[float, float]:
    """MH-R8: the centre of a circle (or of the summit) in SVG units (y grows downwards)."""
    if isinstance(spot, str):  # SUMMIT, the one spot that is not a circle (as spot_text tells them apart)
        return (ROW_WIDTHS[BOTTOM_ROW] - 1) / 2, SUMMIT_Y
    n, i = spot
    return i + (BOTTOM_ROW - n) / 2, TOP_Y + (n - TOP_ROW) * ROW_STEP


def seat_colour(seat: int) -> str:
    """The colour of a seat's climbers, in words."""
    return _(SEAT_STYLES[seat][0])


def climber_shape(seat: int) -> Markup:
    """A climber centred on (0, 0): a disc of its team's colour with its symbol."""
    kind = SEAT_STYLES[seat][1]
    return svg.disc(svg.PALETTE[kind], svg.SYMBOLS[kind], R)


def climber(seat: int, x: float, y: float, classes: str = "", extra: dict | None = None) -> Markup:
    """A climber at (x, y), drawn (and styled: ``.pawn``) like a pawn."""
    cls = f"pawn k-{SEAT_STYLES[seat][1]} climber {classes}".strip()
    return svg.placed(climber_shape(seat), x, y, cls, extra, halo=R + 0.07)


def seat_icon(seat: int) -> Markup:
    return svg.svg((-0.5, -0.5, 1, 1), climber_shape(seat), "inline-pawn",
                   _("climber: {colour}").format(colour=seat_colour(seat)))


def token(side: str, x: float, y: float, classes: str = "", extra: dict | None = None) -> Markup:
    """An action token (a boot print going up: "climb!") or an obstacle (a rock with a cross)."""
    body = Markup(
        '<rect class="tok-body" x="-0.36" y="-0.36" width="0.72" height="0.72" rx="0.14"/>'
        + (
            '<path class="tok-mark" d="M-0.2,0.1 L0,-0.14 L0.2,0.1 M-0.2,0.24 L0,0 L0.2,0.24"/>'
            if side == "a"
            else '<path class="tok-mark" d="M-0.17,-0.17 L0.17,0.17 M0.17,-0.17 L-0.17,0.17"/>'
        )
    )
    cls = f"token {'action' if side == 'a' else 'obstacle'} {classes}".strip()
    return svg.placed(body, x, y, cls, extra, halo=R + 0.05)


def hole(x: float, y: float, classes: str = "", extra: dict | None = None) -> Markup:
    """A free circle, and around it an unseen disc that takes the taps between it and its neighbours."""
    body = Markup(f'<circle class="hit" r="{svg.num(HIT)}"/><circle class="hole" r="{svg.num(R)}"/>')
    return svg.placed(body, x, y, f"hole-g {classes}".strip(), extra)


def die(value: int, classes: str = "", size: float = 1.0) -> Markup:
    """One die as a small SVG (pips, not digits; the value is also in the label)."""
    pips = "".join(
        f'<circle cx="{svg.num(dx * 0.26)}" cy="{svg.num(dy * 0.26)}" r="0.1"/>' for dx, dy in PIPS[value]
    )
    return Markup(
        f'<svg class="die-face {svg.esc(classes)}" viewBox="-0.5 -0.5 1 1" width="{svg.num(size)}em" '
        f'height="{svg.num(size)}em" aria-hidden="true">'
        f'<rect x="-0.46" y="-0.46" width="0.92" height="0.92" rx="0.16" class="die-body"/>'
        f'<g class="pips">{pips}</g></svg>'
    )


def _path(cls: str, points: list[tuple[float, float]]) -> Markup:
    d = " L".join(f"{svg.num(x)},{svg.num(y)}" for x, y in points)
    return Markup(f'<path class="{cls}" d="M{d} Z"/>')


def mountain_outline() -> Markup:
    """The mountain behind the circles: rock, with snow above row 7."""
    left, bottom = xy((BOTTOM_ROW, 0))
    right, _y = xy((BOTTOM_ROW, ROW_WIDTHS[BOTTOM_ROW] - 1))
    peak_x, peak_y = xy(SUMMIT)
    peak_y -= 0.65
    base = bottom + 0.75
    rock = _path("rock", [(left - SIDE, base), (peak_x, peak_y), (right + SIDE, base)])
    snow_y = xy((7, 0))[1] - 0.5
    half = (right - left + 2 * SIDE) / 2 * (snow_y - peak_y) / (base - peak_y)
    edge = [(0.55, -0.25), (0.2, 0.12), (-0.25, -0.22), (-0.6, 0.1)]  # a ragged snow line
    snow = _path("snow", [(peak_x - half, snow_y), (peak_x, peak_y), (peak_x + half, snow_y)]
                 + [(peak_x + half * f, snow_y + dy) for f, dy in edge])
    return Markup(rock + snow)


def view_box() -> tuple[float, float, float, float]:
    left, bottom = xy((BOTTOM_ROW, 0))
    right, _y = xy((BOTTOM_ROW, ROW_WIDTHS[BOTTOM_ROW] - 1))
    top = SUMMIT_Y - 1.5
    return (left - LABELS, top, right - left + LABELS + SIDE, bottom + 0.8 - top)


def row_label(row: int, classes: str = "") -> Markup:
    x, y = xy((row, 0))
    cls = f"row-label {classes}".strip()
    return Markup(f'<text class="{cls}" x="{svg.num(x - 0.8)}" y="{svg.num(y + 0.17)}">{row}</text>')


def preview_svg() -> Markup:
    """A small decorative mountain for the home card: two teams on the way up, some tokens."""
    pieces: dict[Pos, tuple[str, int]] = {
        (12, 1): ("c", 1), (11, 4): ("c", 0), (9, 2): ("c", 1), (8, 3): ("c", 0),
        (12, 6): ("o", 0), (10, 4): ("a", 0), (7, 1): ("o", 0), (6, 2): ("a", 0),
    }
    parts = [mountain_outline()]
    for spot in CIRCLES:
        x, y = xy(spot)
        piece = pieces.get(spot)
        if piece is None:
            parts.append(hole(x, y))
        elif piece[0] == "c":
            parts.append(climber(piece[1], x, y))
        else:
            parts.append(token(piece[0], x, y))
    x, y = xy(SUMMIT)
    parts.append(summit_flag(x, y))
    label = _("Matterhorn: rope teams climbing a mountain of circles")
    return svg.svg(view_box(), join(parts), "preview mh-board", label)


def summit_flag(x: float, y: float) -> Markup:
    return Markup(
        f'<g class="summit-flag" transform="translate({svg.num(x)} {svg.num(y)})">'
        '<path class="pole" d="M0,0.35 V-0.55"/><path class="flag" d="M0,-0.55 L0.42,-0.42 L0,-0.28 Z"/></g>'
    )


def spot_label(spot: Pos | str) -> str:
    if spot == SUMMIT:
        return _("the summit")
    return _("{place} of {count} (notation {text})").format(
        place=circle_words(spot), count=ROW_WIDTHS[spot[0]], text=spot_text(spot))  # type: ignore[arg-type]


__all__ = [
    "ROWS", "ROW_CIRCLES", "SEAT_STYLES", "climber", "die", "hole", "mountain_outline", "preview_svg", "row_label",
    "seat_colour", "seat_icon", "spot_label", "summit_flag", "token", "view_box", "xy",
]
