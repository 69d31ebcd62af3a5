"""Where things sit on K2's picture, as numbers (no markup): each space's place (``xy``: its scanned (x, y);
the hard side's scan, 1163x1500, scaled by 0.6 onto the easy side's 698x900 frame, so both sides share one
picture size), and what each space draws beside its disc (entry cost, modifier, id, the cost of reaching it)
laid out once per side so that nothing overlaps (``badge_layout``). draw.py draws from them."""

from __future__ import annotations

import itertools

from pygames.k2.data import BASE, SPACES, SUMMIT

SCALE = {"E": 1.0, "H": 0.6}  # scan pixels -> picture units (both sides 698 x 900)
R = 33.0  # a space's radius
VIEW_BOX = (18.0, -12.0, 580.0, 922.0)


def xy(side: str, space: str) -> tuple[float, float]:
    sp = SPACES[side][space]
    s = SCALE[side]
    return sp.x * s, sp.y * s


# -- what each space draws around its disc, laid out so that nothing overlaps ----------------------

COST_R = 12.5  # the entry cost's circle
BASE_BOX = (-64.0, -36.0, 128.0, 74.0)  # base camp's box (x, y, width, height)
# What a space draws beside its disc, each a box of this size (width, height) centred on a spot: its
# entry cost (a circle), its acclimatization modifier, its id (three characters at 13 px, the
# baseline 4.5 below the box's centre) and, while it is a target, the cost of reaching it.
BADGE_SIZE = {"cost": (2 * COST_R, 2 * COST_R), "acc": (27.0, 17.0), "id": (30.0, 13.0), "reach": (30.0, 22.0)}
ID_BASELINE = 4.5
# The spots each may take, relative to the space's centre, best first: for a space (False) and for base
# camp (True, a wide box with its climbers in rows). The entry cost and the modifier sit on the disc's
# rim (top left, top right), nudged along it where a neighbour's badge is in the way; the id below the
# disc, else beside it; the cost of reaching it to its right, else around it.
BADGE_SPOTS: dict[str, dict[bool, tuple[tuple[float, float], ...]]] = {
    "cost": {False: ((-25.0, -25.0), (-19.0, -30.0), (-30.0, -19.0), (-13.0, -33.0)),
             True: ((-56.0, -30.0), (-46.0, -40.0), (-56.0, -44.0))},
    "acc": {False: ((25.5, -27.5), (20.0, -30.5), (31.0, -23.5), (14.0, -33.5)),
            True: ((50.0, -35.5), (50.0, -45.0))},
    "id": {False: ((0.0, R + 8.5), (R + 6, R - 0.5), (-R - 6, R - 0.5), (R + 20, 0.5), (-R - 20, 0.5),
                   (0.0, R + 22), (R + 20, 16.0), (-R - 20, 16.0)),
           True: ((0.0, 47.5),)},
    "reach": {False: ((44.0, -5.0), (44.0, 14.0), (-46.0, 4.0), (38.0, 32.0), (-38.0, 32.0), (56.0, -26.0),
                      (-56.0, -14.0), (0.0, 52.0), (48.0, 40.0), (-48.0, 40.0), (0.0, 66.0)),
              True: ((79.0, -5.0), (-72.0, 34.0), (-79.0, 4.0), (-62.0, -58.0), (-79.0, 40.0), (62.0, -58.0))},
}
FLAG_BOX = (22.0, -62.0, 44.0, -30.0)  # the summit's flag (x0, y0, x1, y1 from its centre)


def box_overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The area two boxes (x0, y0, x1, y1, ...) share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def badge_box(kind: str, x: float, y: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of a ``kind`` of badge centred on (x, y)."""
    w, h = BADGE_SIZE[kind]
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _gap(box: tuple[float, ...], centre: tuple[float, float], is_base: bool) -> float:
    """How far a box is from a space's disc (base camp: its box); below 0, how deep it reaches into it."""
    cx, cy = centre
    if is_base:
        bx, by, bw, bh = BASE_BOX
        dx = max(cx + bx - box[2], box[0] - (cx + bx + bw), 0.0)
        dy = max(cy + by - box[3], box[1] - (cy + by + bh), 0.0)
        if dx or dy:
            return (dx * dx + dy * dy) ** 0.5
        return -min(box[2] - (cx + bx), cx + bx + bw - box[0], box[3] - (cy + by), cy + by + bh - box[1])
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return ((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5 - R


def _spot_cost(box: tuple[float, ...], sid: str, kind: str, discs: list) -> float:
    """What a badge of ``sid`` at ``box`` costs besides its rank: how deep it reaches into the discs
    (another space's weighs more than its own: its entry cost and modifier sit on its own rim by
    design), and for its id and cost of reaching it, how much nearer it is to another disc than to its
    own (whose is it?)."""
    out, own, other = 0.0, 0.0, 99.0
    for space, centre, is_base in discs:
        gap = _gap(box, centre, is_base)
        if space == sid:
            own = gap
            if kind in ("id", "reach") and not is_base:  # (base camp's spots keep off its climbers)
                out += max(0.0, -gap)
        else:
            out += 3 * max(0.0, -gap)
            other = min(other, gap)
    if kind in ("id", "reach"):
        out += 2 * max(0.0, own - other + 4)
    return out


_LAYOUT: dict[str, dict[str, dict[str, tuple[float, float]]]] = {}


def badge_layout(side: str) -> dict[str, dict[str, tuple[float, float]]]:
    """Where each space's badges and id go (``BADGE_SPOTS``), as offsets from its centre: space -> kind
    -> spot ("acc" only where the space has a modifier). No two of them overlap, with every space a
    target at once, and all lie inside the picture: first every entry cost and modifier, then each
    space's id and cost of reaching it together, each at the best spots that overlap nothing placed,
    near their own disc and covering least of the discs (``_spot_cost``); then each space's id and cost
    of reaching it placed again among all the others, while that finds better spots."""
    if side in _LAYOUT:
        return _LAYOUT[side]
    spaces, base = SPACES[side], BASE[side]
    discs = [(sid, xy(side, sid), sid == base) for sid in spaces]
    sx, sy = xy(side, SUMMIT[side])
    flag = (sx + FLAG_BOX[0], sy + FLAG_BOX[1], sx + FLAG_BOX[2], sy + FLAG_BOX[3])
    x0, y0, width, height = VIEW_BOX
    boxes: dict[tuple[str, str], tuple[float, float, float, float]] = {}
    out: dict[str, dict[str, tuple[float, float]]] = {sid: {} for sid in spaces}
    # each space's spots per kind, with what they cover (fixed) and their boxes
    options: dict[tuple[str, str], list[tuple[float, tuple[float, float], tuple[float, float, float, float]]]] = {}
    for sid, sp in spaces.items():
        x, y = xy(side, sid)
        near = [d for d in discs if abs(d[1][0] - x) < 200 and abs(d[1][1] - y) < 200]
        for kind in BADGE_SIZE:
            if kind == "acc" and not sp.acc:
                continue
            spots = []
            for rank, (dx, dy) in enumerate(BADGE_SPOTS[kind][sid == base]):
                box = badge_box(kind, x + dx, y + dy)
                if not (x0 <= box[0] and box[2] <= x0 + width and y0 <= box[1] and box[3] <= y0 + height):
                    continue  # outside the picture
                cost = _spot_cost(box, sid, kind, near) + box_overlap(box, flag) / 10 + 2 * rank
                spots.append((cost, (dx, dy), box))
            options[sid, kind] = spots

    def place(sid: str, kinds: tuple[str, ...]) -> None:
        """``sid``'s ``kinds`` at their best spots, given every other placed box."""
        x, y = xy(side, sid)
        for kind in kinds:
            boxes.pop((sid, kind), None)
        here = [k for k in kinds if (sid, k) in options]
        taken = [b for b in boxes.values() if abs(b[0] - x) < 150 and abs(b[1] - y) < 150]
        hits: dict[tuple[float, ...], float] = {}  # a box -> the area it hits of the others' boxes

        def hit(box: tuple[float, float, float, float]) -> float:
            if box not in hits:
                hits[box] = sum(box_overlap(box, b) for b in taken)
            return hits[box]

        # the combinations of spots, cheapest first: the first that hits nothing is the best
        combos = sorted(itertools.product(*(options[sid, k] for k in here)), key=lambda c: sum(o[0] for o in c))
        best: tuple | None = None
        for combo in combos:
            area = sum(hit(o[2]) for o in combo) + sum(box_overlap(a[2], b[2])
                                                      for a, b in itertools.combinations(combo, 2))
            if best is None or area < best[0]:
                best = (area, combo)
            if not area:
                break
        assert best is not None
        for kind, (_cost, spot, box) in zip(here, best[1], strict=True):
            out[sid][kind] = spot
            boxes[sid, kind] = box

    for sid in spaces:
        place(sid, ("cost", "acc"))
    for sid in spaces:
        place(sid, ("id", "reach"))
    for _round in range(3):
        before = {sid: dict(spots) for sid, spots in out.items()}
        for sid in spaces:
            place(sid, ("id", "reach"))
        if out == before:
            break
    _LAYOUT[side] = out
    return out


def badge_boxes(side: str) -> list[tuple[float, float, float, float]]:
    """The boxes of every badge and id ``badge_layout`` places (every space a target)."""
    out = []
    for sid, spots in badge_layout(side).items():
        x, y = xy(side, sid)
        out.extend(badge_box(kind, x + dx, y + dy) for kind, (dx, dy) in spots.items())
    return out
