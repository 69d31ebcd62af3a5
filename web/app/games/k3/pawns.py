"""K3's pawns as SVG (pure functions, no browser): a disc of its kind's colour with its kind's symbol.

Coordinates are in pawn widths (K3-R6): a pawn is a disc of radius ``PAWN_R`` centred on its slot,
and callers place it with ``x, y`` already converted to SVG space (y grows downwards). The five
colours are the shell's seat colours (``shell.contract.svg.PALETTE``, colour-blind safe, each with a symbol);
K3 adds its natural wood pawn (N) and its white pawn (W). Kept light: the home card draws with it.
"""

from __future__ import annotations

from shell.contract import svg
from shell.contract.markup import Markup

from pygames.core.i18n import _

PAWN_R = 0.45

# kind letter -> (fill, symbol colour, outline), and the symbol drawn on it
PALETTE: dict[str, tuple[str, str, str]] = {
    **svg.PALETTE,
    "N": ("#e2c290", "#8b5a2b", "#8b5a2b"),
    "W": ("#ffffff", "#1d2433", "#1d2433"),
}
SYMBOLS: dict[str, str] = {
    **svg.SYMBOLS,
    "N": '<circle r="0.55" fill="none" stroke="{c}" stroke-width="0.1"/>'
    '<circle r="0.3" fill="none" stroke="{c}" stroke-width="0.1"/><circle r="0.08" fill="{c}"/>',
    "W": '<path d="M-0.25,0.55 L-0.25,-0.55 L0.45,-0.32 L-0.25,-0.08" fill="none" stroke="{c}" '
    'stroke-width="0.12" stroke-linejoin="round"/>',
}


def pawn_shape(kind: str) -> Markup:
    """The disc and symbol of one pawn, centred on (0, 0) (no wrapper)."""
    return svg.disc(PALETTE[kind], SYMBOLS[kind], PAWN_R)


def pawn(kind: str, x: float, y: float, classes: str = "", extra: dict[str, object | None] | None = None) -> Markup:
    """A pawn as a ``<g>`` at (x, y) with the given classes and attributes (labels, data-*)."""
    return svg.placed(pawn_shape(kind), x, y, f"pawn k-{kind} {classes}".strip(), extra, halo=PAWN_R + 0.07)


def ghost(x: float, y: float, classes: str = "ghost", extra: dict[str, object | None] | None = None) -> Markup:
    """An empty position: a faint disc outline."""
    return svg.placed(Markup(f'<circle class="hole" r="{svg.num(PAWN_R)}"/>'), x, y, classes, extra)


def legend(kinds: str, names: dict[str, str], symbols: dict[str, str]) -> Markup:
    """A small key: each kind's pawn, colour name and symbol name (the words in the page's language)."""
    items = []
    for kind in kinds:
        name = names.get(kind, kind)
        icon = svg.svg((-0.5, -0.5, 1, 1), pawn_shape(kind), "legend-pawn", _("{kind} pawn").format(kind=name))
        items.append(f"<li>{icon}<span>{svg.esc(name)} <small>({svg.esc(symbols.get(kind, ''))})</small></span></li>")
    return Markup(f'<ul class="legend" id="k3-legend">{"".join(items)}</ul>')
