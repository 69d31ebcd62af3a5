"""Shared drawing helpers: escaping, attributes, and pawns as SVG (pure functions, no browser).

Coordinates are in pawn widths (K3-R6): a pawn is a disc of radius ``PAWN_R`` centred on its
slot, and callers place it with ``x, y`` already converted to SVG space (y grows downwards).
Colours are the Okabe-Ito colour-blind-safe palette, and every kind also has its own symbol, so
colour is never the only cue.
"""

from __future__ import annotations

from pygames.core.i18n import _

PAWN_R = 0.45

# kind letter -> (fill, symbol colour, outline)
PALETTE: dict[str, tuple[str, str, str]] = {
    "B": ("#0072B2", "#ffffff", "#003d5f"),
    "R": ("#D55E00", "#ffffff", "#7a3600"),
    "K": ("#1a1a1a", "#ffffff", "#000000"),
    "Y": ("#F0E442", "#1a1a1a", "#8a7f10"),
    "G": ("#009E73", "#ffffff", "#005a41"),
    "N": ("#e2c290", "#8b5a2b", "#8b5a2b"),
    "W": ("#ffffff", "#1d2433", "#1d2433"),
}

# Symbols drawn inside the disc, in a local frame where the disc has radius 1.
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
    "N": '<circle r="0.55" fill="none" stroke="{c}" stroke-width="0.1"/>'
    '<circle r="0.3" fill="none" stroke="{c}" stroke-width="0.1"/><circle r="0.08" fill="{c}"/>',
    "W": '<path d="M-0.25,0.55 L-0.25,-0.55 L0.45,-0.32 L-0.25,-0.08" fill="none" stroke="{c}" '
    'stroke-width="0.12" stroke-linejoin="round"/>',
}

SYMBOL_NAMES = {
    "B": "circle",
    "R": "triangle",
    "K": "square",
    "Y": "diamond",
    "G": "star",
    "N": "wood rings",
    "W": "flag",
}


def esc(text: object) -> str:
    """Text or attribute value, HTML-escaped (quotes included), as ``html.escape(text, quote=True)``
    does (importing ``html`` costs ~35 ms in Pyodide, at every boot)."""
    return (
        str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#x27;")
    )


def short(text: object, limit: int = 48) -> str:
    """At most ``limit`` characters of a text from a link or a save (plain text: escape it when drawn)."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def attrs(values: dict[str, object | None]) -> str:
    """`` key="value"`` pairs; ``None`` and ``False`` values are left out, ``True`` gives ``"1"``."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            value = "1"
        out.append(f' {key}="{esc(value)}"')
    return "".join(out)


def num(x: float) -> str:
    """A short decimal for SVG coordinates."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pawn_shape(kind: str) -> str:
    """The disc and symbol of one pawn, centred on (0, 0) (no wrapper)."""
    fill, ink, outline = PALETTE[kind]
    symbol = SYMBOLS[kind].format(c=ink)
    return (
        f'<circle class="body" r="{PAWN_R}" fill="{fill}" stroke="{outline}" stroke-width="0.04"/>'
        f'<g class="sym" transform="scale({num(PAWN_R * 0.78)})">{symbol}</g>'
    )


def pawn(
    kind: str, x: float, y: float, classes: str = "", extra: dict[str, object | None] | None = None
) -> str:
    """A pawn as a ``<g>`` at (x, y) with the given classes and attributes (labels, data-*)."""
    cls = f"pawn k-{kind} {classes}".strip()
    return (
        f'<g class="{esc(cls)}" transform="translate({num(x)} {num(y)})"{attrs(extra or {})}>'
        f'<circle class="halo" r="{num(PAWN_R + 0.07)}"/>{pawn_shape(kind)}</g>'
    )


def ghost(x: float, y: float, classes: str = "ghost", extra: dict[str, object | None] | None = None) -> str:
    """An empty position: a faint disc outline."""
    return (
        f'<g class="{esc(classes)}" transform="translate({num(x)} {num(y)})"{attrs(extra or {})}>'
        f'<circle class="hole" r="{PAWN_R}"/></g>'
    )


def svg(view_box: tuple[float, float, float, float], body: str, classes: str, label: str) -> str:
    """An ``<svg>`` sized by its viewBox (CSS sets the displayed size)."""
    x, y, w, h = view_box
    return (
        f'<svg class="{esc(classes)}" viewBox="{num(x)} {num(y)} {num(w)} {num(h)}" '
        f'role="group" aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg">{body}</svg>'
    )


def legend(
    kinds: str = "BRKYGNW", names: dict[str, str] | None = None, symbols: dict[str, str] | None = None
) -> str:
    """A small key: each kind's pawn, colour name and symbol name (the words in the page's language)."""
    items = []
    for kind in kinds:
        name = (names or {}).get(kind, kind)
        symbol = (symbols or SYMBOL_NAMES).get(kind, "")
        icon = svg((-0.5, -0.5, 1, 1), pawn_shape(kind), "legend-pawn", _("{kind} pawn").format(kind=name))
        items.append(f"<li>{icon}<span>{esc(name)} <small>({esc(symbol)})</small></span></li>")
    return f'<ul class="legend">{"".join(items)}</ul>'
