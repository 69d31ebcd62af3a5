"""K2 in the page, the pictures: the mountain (either side of the board), climbers, tents, cards,
risk tokens, the day track and the VP track (pure functions, markup strings, no engine rules).

Where things sit (each space's place, the badges around the discs laid out so that nothing overlaps) is
layout.py's. Zone bands are drawn between the zones' lowest and highest spaces; the labels and today's
weather per zone sit at the right edge.
"""

from __future__ import annotations

from shell.contract import svg
from shell.contract.markup import Markup, join
from shell.contract.svg import esc, num

from pygames.core.i18n import N_, _, ngettext, per_language
from pygames.k2.data import BASE, CARDS, EDGES, SPACES, SUMMIT, TRACK, Day, Space

from .layout import (  # noqa: F401 (R, VIEW_BOX and xy are the drawing's too: mountain.py reads them here)
    BADGE_SIZE,
    BASE_BOX,
    COST_R,
    ID_BASELINE,
    VIEW_BOX,
    R,
    badge_box,
    badge_boxes,
    badge_layout,
    box_overlap,
    xy,
)

PAWN = 11.0  # a climber's radius
LABEL_W, LABEL_H = 106.0, 74.0  # a zone label's box (name, altitude, today's weather)

# seat -> (colour name, seat colour of shell/contract/svg.py: its fill and its symbol, the symbol's name); 5 seats
SEAT_STYLES: tuple[tuple[str, str, str], ...] = (
    (N_("Red"), "R", N_("triangle")),
    (N_("Blue"), "B", N_("circle")),
    (N_("Yellow"), "Y", N_("diamond")),
    (N_("Green"), "G", N_("star")),
    (N_("Black"), "K", N_("square")),
)
# K2-R2: a seat's two climbers have two shapes (a round pawn A, a hexagonal pawn B)
CLIMBER_SHAPES = {"A": N_("round"), "B": N_("hexagonal")}
ZONE_NAMES = {0: N_("below 6000 m"), 1: N_("6000–6999 m"), 2: N_("7000–7999 m"), 3: N_("8000 m and above")}
ZONE_SHORT = {0: "< 6000 m", 1: "6000 m+", 2: "7000 m+", 3: "8000 m+"}

_HEX = " ".join(
    f"{num(x)},{num(y)}"
    for x, y in ((0, -1.08), (0.94, -0.54), (0.94, 0.54), (0, 1.08), (-0.94, 0.54), (-0.94, -0.54))
)


def seat_colour(seat: int) -> str:
    return _(SEAT_STYLES[seat % len(SEAT_STYLES)][0])


def seat_kind(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)][1]


def seat_symbol(seat: int) -> str:
    return _(SEAT_STYLES[seat % len(SEAT_STYLES)][2])


# -- pieces -------------------------------------------------------------------------------------


def climber_shape(seat: int, climber: str, r: float = PAWN) -> Markup:
    """A climber centred on (0, 0): its seat's colour and symbol, round (A) or hexagonal (B)."""
    fill, ink, outline = svg.PALETTE[seat_kind(seat)]
    if climber == "A":
        body = f'<circle class="body" r="{num(r)}" fill="{fill}" stroke="{outline}" stroke-width="{num(r * 0.12)}"/>'
    else:
        body = (f'<polygon class="body" points="{_HEX}" transform="scale({num(r)})" fill="{fill}" '
                f'stroke="{outline}" stroke-width="{num(0.12)}"/>')
    symbol = svg.SYMBOLS[seat_kind(seat)].format(c=ink)
    return Markup(f'{body}<g class="sym" transform="scale({num(r * 0.7)})">{symbol}</g>')


def climber(seat: int, climber_id: str, x: float, y: float, classes: str = "", r: float = PAWN,
            extra: dict | None = None) -> Markup:
    cls = f"k2-climber c-{climber_id} seat-{seat} {classes}".strip()
    return svg.placed(climber_shape(seat, climber_id, r), x, y, cls, extra, halo=r + 4)


def climber_icon(seat: int, climber_id: str, label: str = "") -> Markup:
    """A small inline picture of one climber (for panels and the legend)."""
    body = climber_shape(seat, climber_id, 0.4)
    if label:
        return svg.svg((-0.5, -0.5, 1, 1), body, "k2-icon", label)
    return Markup(f'<svg class="k2-icon" viewBox="-0.5 -0.5 1 1" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def seat_icon(seat: int) -> Markup:
    return climber_icon(seat, "A", _("climbers: {colour}").format(colour=seat_colour(seat)))


def tent(seat: int, x: float, y: float, label: str) -> Markup:
    fill, _ink, outline = svg.PALETTE[seat_kind(seat)]
    return Markup(f'<g class="k2-tent seat-{seat}" transform="translate({num(x)} {num(y)})" role="img" '
            f'aria-label="{esc(label)}"><path d="M-9,6 L0,-8 L9,6 Z" fill="{fill}" stroke="{outline}" '
            'stroke-width="1.6" stroke-linejoin="round"/><path d="M0,-8 L0,6" stroke="#fff" stroke-width="1.2"/></g>')


def tent_icon(seat: int) -> Markup:
    fill, _ink, outline = svg.PALETTE[seat_kind(seat)]
    return Markup('<svg class="k2-icon tent-icon" viewBox="-10 -10 20 18" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg"><path d="M-9,6 L0,-8 L9,6 Z" fill="{fill}" stroke="{outline}" '
            'stroke-width="1.6" stroke-linejoin="round"/></svg>')


# -- the board ----------------------------------------------------------------------------------


def zone_bands(side: str) -> dict[int, tuple[float, float]]:
    """Each zone's band (top y, bottom y): halfway between the zones' spaces."""
    ys: dict[int, list[float]] = {z: [] for z in range(4)}
    for sid in SPACES[side]:
        ys[SPACES[side][sid].zone].append(xy(side, sid)[1])
    top, height = VIEW_BOX[1], VIEW_BOX[3]
    bounds = {z: (min(ys[z]) + max(ys[z + 1])) / 2 for z in range(3)}  # between zone z and z+1
    out = {}
    for z in range(4):
        upper = bounds[z] if z < 3 else top
        lower = bounds[z - 1] if z > 0 else top + height
        out[z] = (upper, lower)
    return out


def slots(count: int) -> list[tuple[int, int]]:
    """Where a space's climbers stand (its capacity drawn as places): lower half of the circle."""
    if count <= 0:
        return []
    if count == 1:
        return [(0, 11)]
    if count == 2:
        return [(-12, 11), (12, 11)]
    if count == 3:
        return [(-21, 9), (0, 12), (21, 9)]
    return [(-11, 1), (11, 1), (-11, 21), (11, 21)][:count] + [(0, 30)] * max(0, count - 4)


def base_slots(count: int) -> list[tuple[int, int]]:
    """Base camp's places: rows of five below its name."""
    return [(-46 + 23 * (k % 5), 2 + 23 * (k // 5)) for k in range(max(count, 0))]


def rope(side: str, a: str, b: str) -> tuple[str, str]:
    """A rope between two spaces, with a chevron pointing uphill (rope cards pay up or down): its line and its
    chevron, as a path's moves (``M x,y L x,y`` and ``M x,y L x,y L x,y``)."""
    spaces = SPACES[side]
    lo, hi = (a, b) if spaces[a].rank < spaces[b].rank else (b, a)
    x1, y1 = xy(side, lo)
    x2, y2 = xy(side, hi)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    tip = (mx + ux * 7, my + uy * 7)
    left = (mx - ux * 5 + px * 7, my - uy * 5 + py * 7)
    right = (mx - ux * 5 - px * 7, my - uy * 5 - py * 7)
    chevron = "L".join(f"{num(x)},{num(y)}" for x, y in (left, tip, right))
    return f"M{num(x1)},{num(y1)}L{num(x2)},{num(y2)}", f"M{chevron}"


@per_language
def ropes(side: str) -> Markup:
    """Every rope of the side, drawn as two paths (their lines, their chevrons): the board's static part in two
    elements rather than three a rope (105 on side E), which a new screen's first frame styles, lays out and
    paints (docs/performance.md)."""
    drawn = [rope(side, a, b) for a, b in EDGES[side]]
    lines, chevrons = "".join(line for line, _ in drawn), "".join(chevron for _, chevron in drawn)
    return Markup(f'<path class="rope" d="{lines}"/><path class="up" d="{chevrons}"/>')


def weather_words(day: Day, zone: int) -> list[str]:
    words = []
    loss, charge = day.loss_in(zone), day.surcharge_in(zone)
    if loss:
        words.append(_("acclimatization −{n}").format(n=loss))
    if charge:
        words.append(_("+{n} per space entered").format(n=charge))
    return words


def label_spot(side: str, top: float, bottom: float) -> tuple[float, float]:
    """A free corner of a zone's band for its label: the highest place, left or right, where the
    label covers no space (base camp is a wider box) and no badge or id (``badge_layout``)."""
    x0, _y0, width, _h = VIEW_BOX
    centres = [(xy(side, sid), 66.0 if sid == BASE[side] else R + 4) for sid in SPACES[side]]
    badges = badge_boxes(side)

    def clear(x: float, y: float) -> bool:
        for (cx, cy), reach in centres:
            dx = max(x - cx, 0.0, cx - (x + LABEL_W))
            dy = max(y - cy, 0.0, cy - (y + LABEL_H))
            if dx * dx + dy * dy < reach * reach:
                return False
        box = (x, y, x + LABEL_W, y + LABEL_H)
        return not any(box_overlap(box, b) for b in badges)

    y = top + 2
    while y + LABEL_H <= bottom:
        for x in (x0 + 4, x0 + width - LABEL_W - 2):
            if clear(x, y):
                return x, y
        y += 8
    return x0 + width - LABEL_W - 2, top + 2


@per_language
def zone_layer(side: str, today: Day) -> Markup:
    """The four altitude zones as bands, each labelled, today's weather on those it hits."""
    x0, _y0, width, _h = VIEW_BOX
    parts = []
    for zone, (top, bottom) in zone_bands(side).items():
        hit = bool(today.loss_in(zone) or today.surcharge_in(zone))
        parts.append(f'<rect class="zone z{zone}{" hit" if hit else ""}" x="{num(x0)}" y="{num(top)}" '
                     f'width="{num(width)}" height="{num(bottom - top)}"/>')
        if hit:
            parts.append(f'<rect class="zone-hatch" x="{num(x0)}" y="{num(top)}" width="{num(width)}" '
                         f'height="{num(bottom - top)}" fill="url(#k2-hatch)"/>')
        lx, ly = label_spot(side, top, bottom)
        y = ly + 22
        parts.append(f'<text class="zone-name" x="{num(lx)}" y="{num(y)}">Z{zone}</text>'
                     f'<text class="zone-alt" x="{num(lx + 34)}" y="{num(y)}">{esc(ZONE_SHORT[zone])}</text>')
        loss, charge = today.loss_in(zone), today.surcharge_in(zone)
        line = y + 18
        if hit:
            parts.append(f'<text class="zone-weather today" x="{num(lx)}" y="{num(line)}">{esc(_("today:"))}</text>')
            line += 17
        if loss:
            parts.append(f'<text class="zone-weather loss" x="{num(lx)}" y="{num(line)}">'
                         f'{esc(_("acclim. −{n}").format(n=loss))}</text>')
            line += 17
        if charge:
            parts.append(f'<text class="zone-weather charge" x="{num(lx)}" y="{num(line)}">'
                         f'{esc(_("move +{n}").format(n=charge))}</text>')
    defs = ('<defs><pattern id="k2-hatch" width="14" height="14" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="14" class="hatch-line"/></pattern></defs>')
    return Markup(defs + "".join(parts))


def space_disc(side: str, sp: Space, classes: str, extra: dict, cap: int | None) -> Markup:
    """One space: zone colour, VP in the middle, its places (capacity); its badges are in
    ``space_badges`` and its id in ``space_ids``, layers above every space."""
    x, y = xy(side, sp.id)
    base = sp.id == BASE[side]
    summit = sp.id == SUMMIT[side]
    cls = f"k2-space z{sp.zone}{' base' if base else ''}{' summit' if summit else ''} {classes}".strip()
    return Markup(f'<g class="{esc(cls)}" transform="translate({num(x)} {num(y)})" data-space="{sp.id}"'
            f'{svg.attrs(extra)}>{disc_body(side, sp, cap)}</g>')


@per_language
def disc_body(side: str, sp: Space, cap: int | None) -> Markup:
    """What a space's disc holds (the same on every move): its shape, base camp's name or the summit's
    flag, its VP and its places."""
    parts = []
    if sp.id == BASE[side]:
        bx, by, bw, bh = BASE_BOX
        parts.append(Markup(f'<rect class="disc" x="{num(bx)}" y="{num(by)}" width="{num(bw)}" '
                            f'height="{num(bh)}" rx="16"/>'))
        # its name between the corner badges and the climbers' rows, squeezed to fit if long
        name = _("Base camp")
        fit = ' textLength="84" lengthAdjust="spacingAndGlyphs"' if len(name) > 10 else ""
        parts.append(Markup(f'<text class="base-name" y="-15"{fit}>{esc(name)}</text>'))
    else:
        parts.append(Markup(f'<circle class="disc" r="{num(R)}"/>'))
        if sp.id == SUMMIT[side]:
            parts.append(Markup('<g class="flag"><path d="M22,-30 V-62" /><path d="M22,-62 L44,-55 L22,-48 Z"/></g>'))
        vp_y = -11 if cap and cap >= 4 else -8
        parts.append(Markup(f'<text class="vp" y="{vp_y}">{sp.vp}</text>'))
        if cap:  # its places, one path (a circle per place: two arcs each)
            r = PAWN - 1
            places = "".join(f"M{num(sx - r)},{num(sy)}a{num(r)},{num(r)} 0 1,0 {num(2 * r)},0"
                             f"a{num(r)},{num(r)} 0 1,0 {num(-2 * r)},0" for sx, sy in slots(cap))
            parts.append(Markup(f'<path class="slot" d="{places}"/>'))
    return join(parts)


@per_language
def space_badges(side: str, sp: Space, cost: int, surcharge: int) -> Markup:
    """A space's entry cost (yellow, as printed; orange when the weather adds to it) and its
    acclimatization modifier, drawn above every space so that no neighbouring disc hides them."""
    x, y = xy(side, sp.id)
    spots = badge_layout(side)[sp.id]
    cx, cy = spots["cost"]
    parts = [f'<circle class="cost{" charged" if surcharge else ""}" cx="{num(cx)}" cy="{num(cy)}" r="{num(COST_R)}"/>'
             f'<text class="cost-n" x="{num(cx)}" y="{num(cy + 5.5)}">{cost}</text>']
    if sp.acc:
        ax, ay = spots["acc"]
        aw, ah = BADGE_SIZE["acc"]
        sign = "plus" if sp.acc > 0 else "minus"
        acc = f"{sp.acc:+d}".replace("-", "−")
        parts.append(f'<rect class="acc {sign}" x="{num(ax - aw / 2)}" y="{num(ay - ah / 2)}" width="{num(aw)}" '
                     f'height="{num(ah)}" rx="5"/><text class="acc-n" x="{num(ax)}" y="{num(ay + ah / 2 - 4.5)}">'
                     f'{acc}</text>')
    return Markup(f'<g class="k2-badge" data-of="{sp.id}" transform="translate({num(x)} {num(y)})">'
                  f'{"".join(parts)}</g>')


@per_language
def space_ids(side: str) -> Markup:
    """Every space's id next to it (``badge_layout``), in a layer above all the spaces."""
    out = []
    for sid, spots in badge_layout(side).items():
        x, y = xy(side, sid)
        dx, dy = spots["id"]
        out.append(f'<text class="space-id" x="{num(x + dx)}" y="{num(y + dy + ID_BASELINE)}">{sid}</text>')
    return Markup(f'<g class="k2-ids" id="k2-ids" aria-hidden="true">{"".join(out)}</g>')


def target_badge(side: str, space: str, text: str) -> Markup:
    """The cost of reaching a highlighted space, shown before the tap (at its spot of ``badge_layout``)."""
    x, y = xy(side, space)
    dx, dy = badge_layout(side)[space]["reach"]
    w, h = BADGE_SIZE["reach"]
    w = max(w, 12 + 9 * len(text))
    return Markup(f'<g class="k2-cost-badge" data-of="{space}" transform="translate({num(x + dx)} {num(y + dy)})" '
            f'aria-hidden="true"><rect class="reach" x="{num(-w / 2)}" y="{num(-h / 2)}" width="{num(w)}" '
            f'height="{num(h)}" rx="{num(h / 2)}"/><text y="5.5">{esc(text)}</text></g>')


# -- cards, tokens, tracks (HTML) -----------------------------------------------------------------


def card_big(code: str) -> Markup:
    """The card's printed value: a number with arrows (movement ↕, rope ↑/↓) or a plus (acclimatization)."""
    card = CARDS[code]
    if card.kind == "M":
        return Markup(f'<span class="big">{card.up}</span><span class="arrows" aria-hidden="true">↕</span>')
    if card.kind == "R":
        return Markup(f'<span class="big rope">↑{card.up} ↓{card.down}</span>')
    return Markup(f'<span class="big">+{card.up}</span>')


def card_effect(code: str) -> str:
    """What a card does, in words."""
    card = CARDS[code]
    if card.kind == "M":
        return _("move {n}, up or down").format(n=card.up)
    if card.kind == "R":
        return _("rope: {up} up or {down} down").format(up=card.up, down=card.down)
    return _("acclimatization +{n}").format(n=card.up)


def card_face_effect(code: str) -> str:
    """What a card does, in a few words for its face."""
    card = CARDS[code]
    if card.kind == "A":
        return _("level +{n} at once").format(n=card.up)
    return card_effect(code)


def card_kind_word(code: str) -> str:
    return {"M": _("Move"), "R": _("Rope"), "A": _("Acclim.")}[CARDS[code].kind]


def card_face(code: str, classes: str = "", extra: dict | None = None, tag: str = "div") -> Markup:
    """A card as a small block: kind, printed value, effect in words, risk value."""
    card = CARDS[code]
    risk = _("risk {n}").format(n=card.risk)
    cls = f"k2-card kind-{card.kind} {classes}".strip()
    attrs = dict(extra or {})
    if tag == "button":
        attrs.setdefault("type", "button")
    return Markup(f'<{tag} class="{esc(cls)}"{svg.attrs(attrs)}><span class="kind">{esc(card_kind_word(code))}</span>'
            f'{card_big(code)}<span class="effect">{esc(card_face_effect(code))}</span>'
            f'<span class="risk"><span class="code">{code}</span> · {esc(risk)}</span></{tag}>')


def card_chip(code: str) -> Markup:
    """A card's code on its kind's colour (a card given this day, in a list)."""
    return Markup(f'<span class="k2-chip kind-{CARDS[code].kind}">{code}</span>')


def card_back(classes: str = "") -> Markup:
    return Markup(f'<span class="k2-card back {classes}" aria-hidden="true"></span>')


def token(value: int | None, classes: str = "", extra: dict | None = None, tag: str = "span") -> Markup:
    """A risk token: its value (0 does nothing; 1 or 2 penalty points)."""
    if value is None:
        return Markup(f'<span class="k2-token empty {classes}">–</span>')
    attrs = dict(extra or {})
    if tag == "button":
        attrs.setdefault("type", "button")
    return Markup(f'<{tag} class="k2-token v{value} {classes}"{svg.attrs(attrs)}><span class="tv">{value}</span>'
            f'<span class="tw">{esc(token_words(value))}</span></{tag}>')


def token_words(value: int) -> str:
    if value == 0:
        return _("no effect")
    return ngettext("{n} penalty point", "{n} penalty points", value).format(n=value)


def level_meter(level: int) -> Markup:
    """Acclimatization 1..6 as six cells (the level may leave that range during a turn)."""
    cells = "".join(f'<i class="{"on" if k <= level else ""}{" low" if level <= 1 else ""}"></i>'
                    for k in range(1, 7))
    return Markup(f'<span class="k2-meter" aria-hidden="true">{cells}</span>')


def vp_track(side: str, pawns: list[tuple[int, str, int]]) -> Markup:
    """K2-R21: the scoring track of this side with every climber's scoring pawn (seat, climber, VP)."""
    track = TRACK[side]
    width = 46
    parts = []
    for i, value in enumerate(track):
        x = i * width
        parts.append(Markup(f'<rect class="vp-box" x="{x}" y="0" width="{width - 4}" height="60" rx="6"/>'
                     f'<text class="vp-n" x="{x + (width - 4) / 2}" y="16">{value}</text>'))
        here = [p for p in pawns if p[2] == value]
        for k, (seat, cl, _vp) in enumerate(here):
            px = x + 11 + (k % 2) * 20
            py = 30 + (k // 2) * 11
            parts.append(Markup(f'<g transform="translate({px} {py})">{climber_shape(seat, cl, 8)}</g>'))
    rows = max([1] + [sum(1 for p in pawns if p[2] == v) for v in track])
    height = max(60, 30 + ((rows + 1) // 2) * 11 + 8)
    body = Markup(str.replace(join(parts), 'height="60"', f'height="{height}"'))
    label = _("Victory point track: {values}").format(values=", ".join(map(str, track)))
    return svg.svg((-2, -2, len(track) * width, height + 4), body, "k2-vp-track", label, ident="k2-vp-track")


def preview_svg() -> Markup:
    """A small picture for the home card: the mountain, a rope of spaces up to the summit, climbers
    of three expeditions (round A, hexagonal B), a tent, and three cards of a day's choice."""
    rock = '<path class="pv-rock" d="M4,136 L92,52 L116,66 L150,14 L188,58 L212,44 L296,136 Z"/>'
    snow = '<path class="pv-snow" d="M124,52 L150,14 L176,44 L166,40 L158,50 L148,42 L138,52 L130,46 Z"/>'
    spots = [(40, 122), (72, 112), (98, 100), (92, 82), (116, 72), (132, 58), (146, 42), (150, 24)]
    rope = " ".join(f"{x},{y}" for x, y in spots)
    parts = [rock, snow, Markup(f'<polyline class="pv-rope" points="{rope}"/>')]
    for k, (x, y) in enumerate(spots):
        cls = "pv-space summit" if k == len(spots) - 1 else f"pv-space z{min(3, k // 2)}"
        parts.append(Markup(f'<circle class="{cls}" cx="{x}" cy="{y}" r="6.5"/>'))
    parts.append(Markup('<g class="flag"><path d="M150,17 V2"/><path d="M150,2 L161,5.5 L150,9 Z"/></g>'))
    for seat, cl, (x, y) in ((0, "A", (98, 100)), (1, "B", (116, 72)), (2, "A", (132, 58)), (0, "B", (72, 112))):
        parts.append(Markup(f'<g transform="translate({x + 7} {y - 7})">{climber_shape(seat, cl, 6.5)}</g>'))
    parts.append(Markup('<g transform="translate(92 76)"><path d="M-6,4 L0,-6 L6,4 Z" fill="#D55E00" stroke="#7a3600" '
                 'stroke-width="1.2"/></g>'))
    for k, (kind, text) in enumerate((("M", "2"), ("R", "↑1↓3"), ("A", "+1"))):
        x = 214 + k * 27
        parts.append(Markup(f'<g class="pv-card kind-{kind}" transform="translate({x} 92) rotate({(k - 1) * 6})">'
                     f'<rect x="-11" y="-16" width="22" height="32" rx="3"/><text y="4">{text}</text></g>'))
    return svg.svg((0, 0, 300, 140), join(parts), "preview k2-preview",
                   _("K2: climbers on the ropes of a mountain, and a day’s three cards"))
