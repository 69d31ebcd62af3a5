"""K2's board and what a position says about it: the ropes, capacities, payments, the weather of a day, who
stands where, the scores (K2-R4, R17..R22, R25, R29..R33, R38..R39, R42..R43). ``K2Board`` declares the state
every K2 module reads; the rules (``game.K2``) build and change it."""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from ..core.rng import Rng
from .actions import CLIMBERS, K2Action
from .data import (
    CAPACITY,
    CARDS,
    DAYS,
    DAYS_PER_TILE,
    EDGES,
    NO_WEATHER,
    RESCUE_STEPS,
    ROUNDS,
    SOLO_TITLES,
    SPACES,
    TRACK,
    Day,
    Space,
)

# the phases of a round (K2-R11) and the end
CHOOSE, TAKE, ACT, RESCUE, OVER = "choose", "take", "act", "rescue", "over"

def neighbours(side: str) -> dict[str, tuple[str, ...]]:
    """K2-R4: undirected ropes, neighbours sorted by id."""
    out: dict[str, list[str]] = {s: [] for s in SPACES[side]}
    for a, b in EDGES[side]:
        out[a].append(b)
        out[b].append(a)
    return {s: tuple(sorted(n)) for s, n in out.items()}


NEIGHBOURS = {side: neighbours(side) for side in SPACES}


def capacity(zone: int, players: int, easy5: bool = False) -> int:
    """K2-R19 / K2-R45: climbers a space of ``zone`` holds (solo uses the 2-player column)."""
    column = {1: 0, 2: 0, 3: 1, 4: 2, 5: 4 if easy5 else 3}[players]
    return CAPACITY[zone][column]


def risk_value(cards: tuple[str, ...] | list[str]) -> int:
    """K2-R13 / D24: movement at face value, rope at its up value, acclimatization 0."""
    return sum(CARDS[c].risk for c in cards)


def card_value(code: str, direction: str = "", penalty: int = 0) -> int:
    """K2-R17 / K2-R26 (a): what card ``code`` adds when assigned — a rope card in its committed
    ``direction`` (U or D), the others at face value — lowered by ``penalty`` points."""
    card = CARDS[code]
    return (card.down if direction == "D" else card.up) - penalty


def pay(cost: int, main: int, general: int) -> tuple[int, int] | None:
    """K2-R18: pay ``cost`` from the matching pool first, then G; None if it cannot be paid in full."""
    use = min(main, cost)
    rest = cost - use
    if rest > general:
        return None
    return main - use, general - rest


def rescue_vp(vp: int, side: str) -> int:
    """K2-R43 / D14: the scoring pawn moves back 4 track positions, not below the first."""
    track = TRACK[side]
    index = max(i for i, v in enumerate(track) if v <= vp)
    return track[max(0, index - RESCUE_STEPS)]


# ``K2.entry_costs`` by (side, weather day): a few tables (a day is one of the tiles' few kinds)
_ENTRY_COSTS: dict[tuple[str, Day], dict[str, int]] = {}


def solo_title(score: int, side: str, weather: str) -> str:
    """K2-R42: the solo rating for a score."""
    for minimum, title in SOLO_TITLES[(side, weather)]:
        if score >= minimum:
            return title
    return SOLO_TITLES[(side, weather)][-1][1]


class K2Board(Game[K2Action]):
    """A K2 position and its board queries (read only, but ``enter``)."""

    side: str
    spaces: dict[str, Space]
    base: str
    summit: str
    tiles: list[str]  # K2-R7: [0] left, [1] right, the rest the face-down stack in order
    risk_faceup: list[int | None]  # K2-R8
    risk_stack: list[int]  # top = index 0
    hands: list[list[str]]
    draw: list[list[str]]  # top = index 0
    discard: list[list[str]]
    rng: Rng
    climbers: list[dict[str, dict[str, Any]]]  # seat -> climber -> space, level, vp, alive, tent, summit
    rescue_card: list[bool]
    summit_next: int
    round: int
    first: int
    viewer: int | None
    pending: list[tuple[str, ...] | None]
    pending_index: dict[int, int]  # seat -> history index of its hidden choice
    revealed: list[tuple[str, ...] | None]
    token: list[int | None]
    token_log: list[dict[str, Any]]
    plays: list[dict[str, Any]]  # this round's assignments (public)
    order: list[int]
    current: int
    unassigned: list[str]
    points: int
    assigned: list[str]
    pools: dict[str, list[int]]
    dying: list[tuple[int, str]]
    deaths_this_round: list[tuple[int, str]]
    phase: str

    def today(self) -> Day:
        """K2-R11 / K2-R29: round r uses weather day r."""
        return self.day(self.round)

    def day(self, d: int) -> Day:
        if not 1 <= d <= ROUNDS:
            return NO_WEATHER
        return DAYS[self.tiles[(d - 1) // DAYS_PER_TILE]][(d - 1) % DAYS_PER_TILE]

    def visible_tiles(self) -> int:
        """K2-R30: tiles 0..k-1 have been face up by this round (the current and the next)."""
        return min(len(self.tiles), (self.round - 1) // DAYS_PER_TILE + 2)

    def visible_days(self) -> list[int]:
        """K2-R30: days r .. min(18, 3*ceil(r/3) + 3)."""
        r = self.round
        return list(range(r, min(ROUNDS, DAYS_PER_TILE * (-(-r // DAYS_PER_TILE)) + DAYS_PER_TILE) + 1))

    def entry_cost(self, space: str) -> int:
        """K2-R18 / D22: cost of the space plus today's surcharge on its zone."""
        return self.entry_costs()[space]

    def entry_costs(self) -> dict[str, int]:
        """``entry_cost`` of every space today (one table per side and weather day, built once and shared: read
        only)."""
        key = (self.side, self.today())
        costs = _ENTRY_COSTS.get(key)
        if costs is None:
            day = key[1]
            costs = _ENTRY_COSTS[key] = {t: sp.cost + day.surcharge_in(sp.zone) for t, sp in self.spaces.items()}
        return costs

    def cap(self, space: str) -> int | None:
        """K2-R19: capacity of a space; None for base camp (unlimited)."""
        if space == self.base:
            return None
        return capacity(self.spaces[space].zone, self.players, self.options["cap5"] == "easy")

    def occupants(self, space: str) -> list[tuple[int, str]]:
        return [(s, c) for s in range(self.players) for c, cl in self.climbers[s].items()
                if cl["alive"] and cl["space"] == space]

    def has_room(self, space: str, mover: tuple[int, str] | None = None) -> bool:
        """K2-R20: the space holds fewer than cap climbers other than ``mover``."""
        cap = self.cap(space)
        if cap is None:
            return True
        return sum(1 for o in self.occupants(space) if o != mover) < cap

    def full_spaces(self, mover: tuple[int, str] | None = None) -> set[str]:
        """The spaces without room for ``mover`` (``has_room`` false), all at once."""
        count: dict[str, int] = {}
        for s in range(self.players):
            for c, cl in self.climbers[s].items():
                if cl["alive"] and (s, c) != mover and cl["space"] != self.base:
                    count[cl["space"]] = count.get(cl["space"], 0) + 1
        return {space for space, n in count.items() if n >= self.cap(space)}  # type: ignore[reportOperatorIssue]  # base camp, the one space without a cap, is not counted

    def on_board(self, seat: int) -> list[str]:
        return [c for c in CLIMBERS if self.climbers[seat][c]["alive"]]

    def active_seats(self) -> list[int]:
        """D12: seats with a climber on the board."""
        return [s for s in range(self.players) if self.on_board(s)]

    def sheltered(self, seat: int, space: str) -> bool:
        """K2-R25: a tent of the seat's colour stands on the space."""
        return any(cl["tent"] == space for cl in self.climbers[seat].values())

    def night_level(self, seat: int, climber: str) -> int:
        """K2-R32: the level the climber will have after tonight's check, from the levels phase 3 left
        (its space's acclimatization, +1 under its seat's tent, today's weather loss; at most 6). Below 1
        it dies (K2-R33), unless rescued."""
        cl = self.climbers[seat][climber]
        sp = self.spaces[cl["space"]]
        shelter = 1 if self.sheltered(seat, cl["space"]) else 0
        return min(cl["level"] + sp.acc + shelter - self.today().loss_in(sp.zone), 6)

    def enter(self, seat: int, climber: str, space: str) -> None:
        """K2-R21 / K2-R22: VP on entering (also in passing), summit numbers."""
        cl = self.climbers[seat][climber]
        if space == self.summit and cl["vp"] < 10:
            cl["summit"] = self.summit_next
            self.summit_next += 1
        cl["vp"] = max(cl["vp"], self.spaces[space].vp)
        cl["space"] = space

    # -- the score (K2-R38, K2-R39, K2-R41) ---------------------------------------------------------

    def scores(self) -> list[int]:
        """K2-R38 / K2-R41: VP(A) + VP(B); a dead climber counts 1."""
        return [sum(cl["vp"] for cl in team.values()) for team in self.climbers]

    def best_summit(self, seat: int) -> int | None:
        nums = [cl["summit"] for cl in self.climbers[seat].values() if cl["summit"] is not None and cl["vp"] >= 10]
        return min(nums) if nums else None

    def ranking(self) -> list[list[int]]:
        """K2-R39 / D17: score, then the lowest valid summit number; ties without one are shared."""
        scores = self.scores()
        groups: dict[tuple[int, int], list[int]] = {}
        for s in range(self.players):
            summit = self.best_summit(s)
            key = (-scores[s], summit if summit is not None else 10**9)
            groups.setdefault(key, []).append(s)
        return [groups[k] for k in sorted(groups)]
