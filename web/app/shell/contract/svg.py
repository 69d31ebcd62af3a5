"""Shared drawing helpers (pure functions, no browser): numbers, an ``<svg>``, a piece placed at a point, and
the seat colours with their symbols (escaping and attributes: ``markup.py``).

Seat colours are the Okabe-Ito colour-blind-safe palette, and every colour also has a symbol of its
own, so colour is never the only cue: K3's pawns, K2's and Matterhorn's climbers are drawn with
them (each game's own pieces are drawn in its package: K3's pawns in ``games/k3/pawns.py``).
"""

from __future__ import annotations

from .markup import Markup, attrs, esc

# seat colour letter -> (fill, symbol colour, outline)
PALETTE: dict[str, tuple[str, str, str]] = {
    "B": ("#0072B2", "#ffffff", "#003d5f"),
    "R": ("#D55E00", "#ffffff", "#7a3600"),
    "K": ("#1a1a1a", "#ffffff", "#000000"),
    "Y": ("#F0E442", "#1a1a1a", "#8a7f10"),
    "G": ("#009E73", "#ffffff", "#005a41"),
}

# Symbols drawn inside a round piece, in a local frame where the piece has radius 1 ({c}: its colour).
_STAR = (
    "M0,-0.62 L0.15,-0.2 L0.59,-0.19 L0.24,0.08 L0.37,0.5 L0,0.25"
    " L-0.37,0.5 L-0.24,0.08 L-0.59,-0.19 L-0.15,-0.2 Z"
)
SYMBOLS: dict[str, str] = {
    "B": '<circle r="0.36" fill="{c}"/>',
    "R": '<path d="M0,-0.5 L0.46,0.32 L-0.46,0.32 Z" fill="{c}"/>',
    "K": '<rect x="-0.33" y="-0.33" width="0.66" height="0.66" fill="{c}"/>',
    "Y": '<path d="M0,-0.52 L0.45,0 L0,0.52 L-0.45,0 Z" fill="{c}"/>',
    "G": f'<path d="{_STAR}" fill="{{c}}"/>',
}


def num(x: float) -> str:
    """A short decimal for SVG coordinates."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def disc(colours: tuple[str, str, str], symbol: str, radius: float) -> Markup:
    """A round piece centred on (0, 0), no wrapper: a disc of ``radius`` in ``colours`` (fill, symbol
    colour, outline) with ``symbol`` (markup of ``SYMBOLS``' kind) inside."""
    fill, ink, outline = colours
    return Markup(
        f'<circle class="body" r="{num(radius)}" fill="{fill}" stroke="{outline}" stroke-width="0.04"/>'
        f'<g class="sym" transform="scale({num(radius * 0.78)})">{symbol.format(c=ink)}</g>'
    )


def placed(body: Markup, x: float, y: float, classes: str, extra: dict[str, object | None] | None = None,
           halo: float | None = None) -> Markup:
    """``body`` (centred on (0, 0)) as a ``<g>`` at (x, y) with ``classes`` and attributes (labels,
    data-*), behind it a halo ring of radius ``halo``, which the style sheets light up (selected, legal)."""
    ring = f'<circle class="halo" r="{num(halo)}"/>' if halo is not None else ""
    return Markup(
        f'<g class="{esc(classes)}" transform="translate({num(x)} {num(y)})"{attrs(extra or {})}>'
        f"{ring}{body}</g>"
    )


def svg(view_box: tuple[float, float, float, float], body: Markup, classes: str, label: str, group: str = "",
        ident: str = "") -> Markup:
    """An ``<svg>`` sized by its viewBox (CSS sets the displayed size). ``group``: its targets (the elements
    with ``tabindex="0"``) are one group of the keyboard, named so (``data-group``: one Tab stop, the arrow
    keys inside it; shell/page.mjs, shell/page/keys.py). ``ident``: its ``id`` (e.g. to be a part of the screen:
    contract/markup.py ``part``)."""
    x, y, w, h = view_box
    marked = f' data-group="{esc(group)}"' if group else ""
    named = f' id="{esc(ident)}"' if ident else ""
    return Markup(
        f'<svg{named} class="{esc(classes)}" viewBox="{num(x)} {num(y)} {num(w)} {num(h)}" '
        f'role="group" aria-label="{esc(label)}"{marked} xmlns="http://www.w3.org/2000/svg">{body}</svg>'
    )
