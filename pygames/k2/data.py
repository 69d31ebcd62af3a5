"""K2 data tables (spec §15-16), each in one place. Board data read by eye from scans (D18);
winter tiles RECONSTRUCTED (D19): one table, replace it when the real set is found."""

from __future__ import annotations

from typing import NamedTuple

from ..core.i18n import N_


class Space(NamedTuple):
    id: str
    zone: int  # 0..3 = Z0..Z3
    vp: int
    cost: int
    acc: int
    rank: int
    x: int
    y: int


# K2-R4 / §15: id, zone, VP, entry cost, acc, rank, x, y. Base camp cost 1 (D1).
_SIDE_E = """
E00 0 1 1 +1 0 523 850
E01 0 1 1 +1 2 423 839
E02 0 1 1 +1 6 364 771
E03 0 1 1 +1 1 318 844
E04 0 1 1 +1 7 295 725
E05 0 1 1 +1 3 241 803
E06 0 1 2 +1 8 205 716
E07 0 1 1 +1 4 152 794
E08 0 1 1 +1 5 66 789
E09 0 1 1 0 9 66 700
E10 0 1 1 0 11 86 625
E11 0 1 1 0 10 186 635
E12 0 1 2 0 12 273 623
E13 1 2 2 0 14 248 530
E14 1 2 2 0 13 159 546
E15 1 2 2 0 15 64 528
E16 1 3 1 0 17 141 469
E17 1 4 3 -1 19 75 412
E18 1 3 1 -1 16 314 476
E19 1 4 2 -1 18 234 415
E20 1 4 2 -1 20 361 410
E21 2 5 2 -1 21 157 349
E22 2 5 2 -1 22 382 326
E23 2 6 3 -2 24 370 247
E24 2 5 2 -1 23 232 304
E25 2 6 2 -1 25 268 235
E26 3 7 3 -2 26 327 167
E27 3 10 3 -2 27 311 92
"""

_EDGES_E = """E00-E01 E01-E02 E02-E03 E02-E04 E03-E05 E04-E05 E04-E06 E05-E07 E06-E07 E07-E08 E08-E09 E09-E10
E06-E11 E11-E12 E10-E15 E10-E14 E11-E14 E12-E13 E13-E14 E14-E16 E15-E16 E13-E18 E16-E17 E18-E19 E18-E20
E17-E21 E19-E21 E20-E22 E21-E24 E24-E25 E25-E26 E22-E23 E23-E26 E26-E27"""

_SIDE_H = """
H00 0 1 1 +1 0 870 1415
H01 0 1 1 +1 2 675 1410
H02 0 1 1 +1 4 560 1315
H03 0 1 1 +1 3 460 1410
H04 0 1 1 +1 1 300 1415
H05 0 1 1 +1 5 222 1315
H06 0 1 1 +1 6 100 1315
H07 0 1 1 +1 8 100 1190
H08 0 1 2 +1 7 350 1220
H09 0 1 2 +1 9 480 1135
H10 0 1 1 0 11 146 1050
H11 0 1 2 0 10 308 1065
H12 0 1 2 0 12 608 1050
H13 1 2 1 0 14 243 910
H14 1 2 1 0 13 400 912
H15 1 2 2 0 15 566 908
H16 1 3 1 0 16 702 888
H17 1 3 2 0 17 414 780
H18 1 3 2 -1 18 790 775
H19 1 4 2 -1 19 510 682
H20 1 4 2 -1 20 685 682
H21 2 4 2 -1 21 600 577
H22 2 5 3 -1 23 508 498
H23 2 6 3 -1 25 566 400
H24 2 5 1 -2 22 785 562
H25 2 6 2 -2 24 786 405
H26 3 7 2 -2 26 660 294
H27 3 7 1 -2 27 790 280
H28 3 8 2 -2 28 545 203
H29 3 10 3 -2 29 484 89
"""

_EDGES_H = """H00-H01 H01-H02 H02-H03 H03-H04 H04-H05 H05-H06 H06-H07 H07-H10 H05-H08 H08-H09 H08-H11 H10-H11
H09-H12 H10-H13 H11-H13 H12-H15 H13-H14 H14-H15 H15-H16 H14-H17 H15-H17 H17-H19 H16-H18 H18-H20 H19-H21
H20-H21 H20-H24 H21-H22 H22-H23 H23-H26 H24-H25 H25-H27 H26-H27 H26-H28 H28-H29"""


def _spaces(text: str) -> dict[str, Space]:
    out = {}
    for line in text.strip().splitlines():
        f = line.split()
        out[f[0]] = Space(f[0], *(int(v) for v in f[1:]))
    return out


def _edges(text: str) -> tuple[tuple[str, str], ...]:
    return tuple(tuple(e.split("-")) for e in text.split())  # type: ignore[reportReturnType]  # the table's rows have this length


SPACES: dict[str, dict[str, Space]] = {"E": _spaces(_SIDE_E), "H": _spaces(_SIDE_H)}
EDGES: dict[str, tuple[tuple[str, str], ...]] = {"E": _edges(_EDGES_E), "H": _edges(_EDGES_H)}
BASE: dict[str, str] = {"E": "E00", "H": "H00"}
SUMMIT: dict[str, str] = {"E": "E27", "H": "H29"}
# the summit's rank per side: the highest (heights are judged against it)
TOP_RANK: dict[str, int] = {side: max(sp.rank for sp in spaces.values()) for side, spaces in SPACES.items()}

# K2-R21: scoring track values per side
TRACK: dict[str, tuple[int, ...]] = {"E": (1, 2, 3, 4, 5, 6, 7, 10), "H": (1, 2, 3, 4, 5, 6, 7, 8, 10)}

# K2-R19 / K2-R45: capacity per zone; columns 2 players (and solo), 3, 4, 5 standard, 5 easy
CAPACITY: dict[int, tuple[int, int, int, int, int]] = {
    3: (1, 1, 1, 1, 2),
    2: (1, 2, 2, 2, 3),
    1: (2, 2, 3, 3, 3),
    0: (2, 3, 3, 4, 4),
}


class Card(NamedTuple):
    code: str
    kind: str  # "M" movement, "R" rope, "A" acclimatization
    up: int  # movement value, rope up value, acclimatization value
    down: int  # rope down value (0 otherwise)
    risk: int  # K2-R13 / D24
    copies: int


# §16 player deck (D20), in the canonical order used for printing hands and choices
CARDS: dict[str, Card] = {
    c.code: c
    for c in (
        Card("M1", "M", 1, 0, 1, 5),
        Card("M2", "M", 2, 0, 2, 3),
        Card("M3", "M", 3, 0, 3, 2),
        Card("R12", "R", 1, 2, 1, 1),
        Card("R13", "R", 1, 3, 1, 1),
        Card("R23", "R", 2, 3, 2, 1),
        Card("A0", "A", 0, 0, 0, 1),
        Card("A1", "A", 1, 0, 0, 2),
        Card("A2", "A", 2, 0, 0, 1),
        Card("A3", "A", 3, 0, 0, 1),
    )
}
CARD_ORDER: dict[str, int] = {code: n for n, code in enumerate(CARDS)}
DECK: tuple[str, ...] = tuple(c.code for c in CARDS.values() for _ in range(c.copies))
HAND_SIZE = 6
PLAYED = 3

# §16 risk tokens: value -> copies
RISK_TOKENS: dict[int, int] = {0: 4, 1: 11, 2: 5}
RISK_SLOTS = 3

ROUNDS = 18
DAYS_PER_TILE = 3

# §16 weather tiles, days left to right: "-" none, else aN (loss) / mN (surcharge) and zones Zi or Zi-Zj.
# WIN1..WIN6 are RECONSTRUCTED (D19): SUMi with each "-" day turned into "a1 Z3" and m1 on every own loss.
WEATHER_TILES: dict[str, tuple[str, str, str]] = {
    "SUM1": ("a1 Z1-Z3", "a1 Z2-Z3", "a1 Z3"),
    "SUM2": ("a2 Z3", "a2 Z2-Z3", "-"),
    "SUM3": ("-", "-", "-"),
    "SUM4": ("-", "a1 Z2", "a2 Z2"),
    "SUM5": ("-", "a2 Z1-Z3", "-"),
    "SUM6": ("a1 Z1", "-", "a2 Z1"),
    "WIN1": ("a1 m1 Z1-Z3", "a1 m1 Z2-Z3", "a1 m1 Z3"),
    "WIN2": ("a2 m1 Z3", "a2 m1 Z2-Z3", "a1 Z3"),
    "WIN3": ("a1 Z3", "a1 Z3", "a1 Z3"),
    "WIN4": ("a1 Z3", "a1 m1 Z2", "a2 m1 Z2"),
    "WIN5": ("a1 Z3", "a2 m1 Z1-Z3", "a1 Z3"),
    "WIN6": ("a1 m1 Z1", "a1 Z3", "a2 m1 Z1"),
}
WEATHER_SETS: dict[str, tuple[str, ...]] = {
    "SUM": tuple(t for t in WEATHER_TILES if t.startswith("SUM")),
    "WIN": tuple(t for t in WEATHER_TILES if t.startswith("WIN")),
}


class Day(NamedTuple):
    """One weather day (K2-R29): acclimatization loss and movement surcharge on zones lo..hi."""

    loss: int
    surcharge: int
    lo: int
    hi: int

    def loss_in(self, zone: int) -> int:
        return self.loss if self.lo <= zone <= self.hi else 0

    def surcharge_in(self, zone: int) -> int:
        return self.surcharge if self.lo <= zone <= self.hi else 0


NO_WEATHER = Day(0, 0, 0, -1)


def parse_day(text: str) -> Day:
    """``a2 m1 Z2-Z3`` -> Day(2, 1, 2, 3); ``-`` -> no effect."""
    if text.strip() in ("-", "—"):
        return NO_WEATHER
    loss = surcharge = 0
    lo = hi = -1
    for part in text.split():
        if part[0] == "a":
            loss = int(part[1:])
        elif part[0] == "m":
            surcharge = int(part[1:])
        else:
            a, _, b = part.partition("-")
            lo, hi = int(a[1:]), int((b or a)[1:])
    return Day(loss, surcharge, lo, hi)


DAYS: dict[str, tuple[Day, Day, Day]] = {  # type: ignore[reportAssignmentType]  # the table's rows have this length
    name: tuple(parse_day(d) for d in days) for name, days in WEATHER_TILES.items()
}

# K2-R42 solo titles (English keys: the page shows them translated, hence N_)
HIMALAYAN, ALPINIST, TATRA, SAILOR = N_("Himalayan climber"), N_("Alpinist"), N_("Tatra climber"), N_("Sailor")

# per side/set, (minimum score, title) from best to worst
SOLO_TITLES: dict[tuple[str, str], tuple[tuple[int, str], ...]] = {
    ("E", "SUM"): ((20, HIMALAYAN), (16, ALPINIST), (11, TATRA), (0, SAILOR)),
    ("E", "WIN"): ((17, HIMALAYAN), (15, ALPINIST), (10, TATRA), (0, SAILOR)),
    ("H", "SUM"): ((17, HIMALAYAN), (15, ALPINIST), (10, TATRA), (0, SAILOR)),
    ("H", "WIN"): ((16, HIMALAYAN), (14, ALPINIST), (10, TATRA), (0, SAILOR)),
}

RESCUE_STEPS = 4  # K2-R43: track positions back
