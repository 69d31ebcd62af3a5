"""K2: the rules engine. Implements docs/rules/k2.md; rule ids in docstrings and messages.

Choices beyond the spec's Decisions:

- every action text carries its seat (``s1: end``); text without a prefix is read for the one seat to move;
- a choice prints its cards in deck order (M1 M2 M3 R12 R13 R23 A0..A3), any order is read;
- a forced 3-card hand is committed by the engine (not an action in the record);
- ``legal_actions`` lists one move path per distinct outcome (end space, VP, Pareto-best leftover pools);
  ``check`` accepts any legal path;
- all tiles and tokens are shuffled at setup; reveals take the next one (K2-R10); a reshuffle shuffles the
  discard pile put in deck order first;
- a view replaces hidden cards by a canonical arrangement of the unseen cards (deck order) and the generator
  by one derived from public facts; ``determinize`` resamples what the seat cannot see;
- search (the generic MCTS) is steered by ``strategy.py``'s ``Strategy`` (which reads this engine; this
  engine never imports it): the heuristic's best card choices, its play as the playout, a horizon at the
  end of the round and an estimate there.
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import Any

from ..core.cache import Bounded
from ..core.errors import RuleError
from ..core.game import Game, OptionSpec
from ..core.i18n import _, ngettext, who
from ..core.registry import GAME_TITLES
from ..core.rng import Rng
from .actions import (
    CLIMBERS,
    Choose,
    End,
    K2Action,
    Move,
    Play,
    Rescue,
    Risk,
    Take,
    Tent,
    card_key,
    parse_body,
    split_seat,
)
from .data import (
    BASE,
    CAPACITY,
    CARDS,
    DAYS,
    DAYS_PER_TILE,
    DECK,
    EDGES,
    HAND_SIZE,
    NO_WEATHER,
    PLAYED,
    RESCUE_STEPS,
    RISK_SLOTS,
    RISK_TOKENS,
    ROUNDS,
    SOLO_TITLES,
    SPACES,
    SUMMIT,
    TRACK,
    WEATHER_SETS,
    Day,
    Space,
)

CHOOSE, TAKE, ACT, RESCUE, OVER = "choose", "take", "act", "rescue", "over"
HIDDEN = "(hidden)"


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
# ``K2.reach``'s walks by (side, day, start state): bots ask for the same walks in position after position
_REACH: Bounded[tuple, dict[tuple, tuple[str, ...]]] = Bounded(4_000)  # about 13 MB


def solo_title(score: int, side: str, weather: str) -> str:
    """K2-R42: the solo rating for a score."""
    for minimum, title in SOLO_TITLES[(side, weather)]:
        if score >= minimum:
            return title
    return SOLO_TITLES[(side, weather)][-1][1]


class K2(Game):
    name = "k2"
    title = GAME_TITLES["k2"]
    hides_information = True  # K2-R47/R48: the hands and the secret choices
    rules_version = 1
    option_specs = (
        OptionSpec("players", "int", 2, "Players", minimum=1, maximum=5),
        OptionSpec("side", "choice", "E", "Board side (E easy, H hard)", choices=("E", "H")),
        OptionSpec("weather", "choice", "SUM", "Weather tiles (SUM summer, WIN winter)", choices=("SUM", "WIN")),
        OptionSpec("cap5", "choice", "standard", "5-player capacities", choices=("standard", "easy"), players=(5,)),
        OptionSpec("family", "bool", False, "Family variant (rescue cards)"),
        OptionSpec("first", "int", 0, "First seat", minimum=0, maximum=4, seat=True),
    )

    # -- setup (K2-R5..R10) -------------------------------------------------------------------

    def setup(self, rng: Rng) -> None:
        n = self.players
        if self.options["first"] >= n:
            raise RuleError(_("the first seat must be a seat of the game (0..{last})").format(last=n - 1))
        self.side: str = self.options["side"]
        self.spaces: dict[str, Space] = SPACES[self.side]
        self.base, self.summit = BASE[self.side], SUMMIT[self.side]
        # K2-R10 chance order: weather tiles, risk tokens, decks of seats 0..n-1
        tiles = list(WEATHER_SETS[self.options["weather"]])
        rng.shuffle(tiles)
        self.tiles: list[str] = tiles  # K2-R7: [0] left, [1] right, the rest the face-down stack in order
        tokens = [v for v, k in RISK_TOKENS.items() for _ in range(k)]
        rng.shuffle(tokens)
        self.risk_faceup: list[int | None] = tokens[:RISK_SLOTS]  # K2-R8
        self.risk_stack: list[int] = tokens[RISK_SLOTS:]  # top = index 0
        self.hands: list[list[str]] = []
        self.draw: list[list[str]] = []  # top = index 0
        self.discard: list[list[str]] = [[] for _seat in range(n)]
        for _seat in range(n):  # K2-R9
            deck = list(DECK)
            rng.shuffle(deck)
            self.hands.append(sorted(deck[:HAND_SIZE], key=card_key))
            self.draw.append(deck[HAND_SIZE:])
        self.rng = rng
        # K2-R6: climbers on base camp, VP 1, level 1, tents off the board
        self.climbers: list[dict[str, dict[str, Any]]] = [
            {c: {"space": self.base, "level": 1, "vp": 1, "alive": True, "tent": None, "summit": None}
             for c in CLIMBERS}
            for _ in range(n)
        ]
        self.rescue_card: list[bool] = [bool(self.options["family"])] * n
        self.summit_next = 1
        self.round = 1
        self.first: int = self.options["first"]
        self.viewer: int | None = None
        self.pending: list[tuple[str, ...] | None] = [None] * n
        self.pending_index: dict[int, int] = {}  # seat -> history index of its hidden choice
        self.revealed: list[tuple[str, ...] | None] = [None] * n
        self.token: list[int | None] = [None] * n
        self.token_log: list[dict[str, Any]] = []
        self.plays: list[dict[str, Any]] = []  # this round's assignments (public)
        self.order: list[int] = []
        self.current = -1
        self.unassigned: list[str] = []
        self.points = 0
        self.assigned: list[str] = []
        self.pools: dict[str, list[int]] = {}
        self.dying: list[tuple[int, str]] = []
        self.deaths_this_round: list[tuple[int, str]] = []
        self.phase = CHOOSE
        self._start_round()

    def copy(self) -> K2:
        g = K2.__new__(K2)
        g.__dict__.update(self.__dict__)
        g.options = dict(self.options)
        g.history = list(self.history)
        g.tiles = list(self.tiles)
        g.risk_faceup = list(self.risk_faceup)
        g.risk_stack = list(self.risk_stack)
        g.hands = [list(h) for h in self.hands]
        g.draw = [list(d) for d in self.draw]
        g.discard = [list(d) for d in self.discard]
        g.rng = self.rng.copy()
        g.climbers = [{c: dict(v) for c, v in team.items()} for team in self.climbers]
        g.rescue_card = list(self.rescue_card)
        g.pending = list(self.pending)
        g.pending_index = dict(self.pending_index)
        g.revealed = list(self.revealed)
        g.token = list(self.token)
        # only this round's entries still change (``_log_spent``): earlier rounds' are shared
        g.token_log = log = list(self.token_log)
        i = len(log)
        while i and log[i - 1]["round"] == self.round:
            i -= 1
            log[i] = dict(log[i], spent=list(log[i]["spent"]))
        g.plays = list(self.plays)
        g.order = list(self.order)
        g.unassigned = list(self.unassigned)
        g.assigned = list(self.assigned)
        g.pools = {c: list(p) for c, p in self.pools.items()}
        g.dying = list(self.dying)
        g.deaths_this_round = list(self.deaths_this_round)
        return g

    # -- board helpers ----------------------------------------------------------------------------

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
        return {space for space, n in count.items() if n >= self.cap(space)}  # type: ignore[operator]

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

    # -- rounds (K2-R11..R15, R35..R37) --------------------------------------------------------

    def _start_round(self) -> None:
        """Phase 1 of the round: auto-commit forced hands (K2-R12); skip phases 1-3 when nobody acts."""
        self.pending = [None] * self.players
        self.pending_index = {}
        self.revealed = [None] * self.players
        self.token = [None] * self.players
        self.plays = []
        self.deaths_this_round = []
        self.phase = CHOOSE
        for s in self.active_seats():
            if len(self.hands[s]) <= PLAYED:  # K2-R12: a hand of exactly 3 is committed whole
                self.pending[s] = tuple(self.hands[s])
                self.hands[s] = []
        self._maybe_reveal()

    def _maybe_reveal(self) -> None:
        if any(self.pending[s] is None for s in self.active_seats()):
            return
        self.pending_index = {}
        for s in self.active_seats():
            self.revealed[s] = self.pending[s]
            self.pending[s] = None
        self._phase2()

    def _phase2(self) -> None:
        """K2-R13: unique highest risk value takes a token (solo: always)."""
        active = self.active_seats()
        if not active:
            self._phase4()
            return
        taker: int | None = None
        if self.players == 1:
            taker = active[0]
        else:
            values = {s: risk_value(self.revealed[s] or ()) for s in active}
            top = max(values.values())
            best = [s for s in active if values[s] == top]
            if len(best) == 1:
                taker = best[0]
        if taker is not None and any(v is not None for v in self.risk_faceup):
            self.phase = TAKE
            self.current = taker
            return
        self._phase3()

    def _phase3(self) -> None:
        """K2-R14: turns from the first player clockwise, players with a climber on the board."""
        n = self.players
        self.order = [s for s in ((self.first + k) % n for k in range(n)) if self.on_board(s)]
        self.phase = ACT
        self._start_turn(self.order[0])

    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.unassigned = list(self.revealed[seat] or ())
        self.points = self.token[seat] or 0
        self.assigned = []
        self.pools = {c: [0, 0, 0] for c in CLIMBERS}  # U, D, G

    def _end_turn(self) -> None:
        """K2-R28: the token leaves the game; next player or phase 4."""
        i = self.order.index(self.current)
        self.unassigned, self.points, self.assigned = [], 0, []
        self.pools = {}
        if i + 1 < len(self.order):
            self._start_turn(self.order[i + 1])
        else:
            self.current = -1
            self._phase4()

    def _phase4(self) -> None:
        """K2-R32 / K2-R34 / D15: all levels from the same state, then deaths seat by seat from the first."""
        today = self.today()
        n = self.players
        self.dying = []
        for s in range(n):
            for c in CLIMBERS:
                cl = self.climbers[s][c]
                if not cl["alive"]:
                    continue
                sp = self.spaces[cl["space"]]
                level = cl["level"] + sp.acc + (1 if self.sheltered(s, cl["space"]) else 0) - today.loss_in(sp.zone)
                cl["level"] = min(level, 6)
        for k in range(n):
            s = (self.first + k) % n
            for c in CLIMBERS:
                cl = self.climbers[s][c]
                if cl["alive"] and cl["level"] < 1:
                    self.dying.append((s, c))
        self._resolve_deaths()

    def _resolve_deaths(self) -> None:
        while self.dying:
            s, c = self.dying[0]
            if self.rescue_card[s]:  # K2-R43: the owner decides
                self.phase = RESCUE
                self.current = s
                return
            self.dying.pop(0)
            self._die(s, c)
        self._finish_round()

    def _die(self, seat: int, climber: str) -> None:
        """K2-R33: VP 1, summit number void, off the board; the tent stays."""
        cl = self.climbers[seat][climber]
        cl.update(vp=1, summit=None, alive=False, space=None)
        self.deaths_this_round.append((seat, climber))

    def _finish_round(self) -> None:
        """K2-R35..R37, K2-R41: end of round or end of game."""
        self.current = -1
        if self.players == 1 and self.deaths_this_round:
            self.phase = OVER  # K2-R41
            return
        if self.round >= ROUNDS:  # K2-R36
            self.phase = OVER
            return
        n = self.players
        for s in range(n):  # (1) played cards to the discard pile
            if self.revealed[s]:
                self.discard[s].extend(self.revealed[s])  # type: ignore[arg-type]
        self.first = (self.first + 1) % n  # (2)
        self.round += 1  # (3) K2-R30: the marker advances; tiles turn by visibility
        for s in range(n):  # (4) K2-R37 in seat order; D12: seats without climbers keep their hand
            if not self.on_board(s):
                continue
            if not self.hands[s]:
                pile = sorted(self.discard[s], key=card_key)
                self.discard[s] = []
                self.rng.shuffle(pile)
                self.draw[s] = pile
            take = min(HAND_SIZE - len(self.hands[s]), len(self.draw[s]))
            self.hands[s] = sorted(self.hands[s] + self.draw[s][:take], key=card_key)
            self.draw[s] = self.draw[s][take:]
        self._start_round()

    # -- whose decision -------------------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == CHOOSE:
            return [s for s in self.active_seats() if self.pending[s] is None]
        return [self.current]

    def legal_actions(self, seat: int | None = None) -> list[K2Action] | None:
        seat = self.deciding_seat(seat)
        if seat is None:
            return []
        if self.phase == CHOOSE:
            if self.viewer is not None and seat != self.viewer:
                return None  # K2-R47: another seat's hand is hidden in this view
            return self._choose_actions(seat)
        if self.phase == TAKE:
            return [Take(seat, i + 1) for i, v in enumerate(self.risk_faceup) if v is not None]
        if self.phase == RESCUE:
            s, c = self.dying[0]
            out: list[K2Action] = [Rescue(s, c, sp) for sp in self.rescue_spaces(s, c)]
            return out + [Rescue(s, c, None)]
        return self._turn_actions(seat)

    def _choose_actions(self, seat: int) -> list[K2Action]:
        hand = self.hands[seat]
        seen: set[tuple[str, ...]] = set()
        out: list[K2Action] = []
        k = len(hand)
        for i in range(k):
            for j in range(i + 1, k):
                for m in range(j + 1, k):
                    cards = (hand[i], hand[j], hand[m])
                    if cards not in seen:
                        seen.add(cards)
                        out.append(Choose(seat, cards))
        return out

    def rescue_spaces(self, seat: int, climber: str) -> list[str]:
        """K2-R43: Z0 spaces with room (the dying climber is off its space)."""
        return [sid for sid, sp in self.spaces.items() if sp.zone == 0 and self.has_room(sid, (seat, climber))]

    def _turn_actions(self, seat: int) -> list[K2Action]:
        out: list[K2Action] = []
        climbers = self.on_board(seat)
        for code in sorted(set(self.unassigned), key=card_key):
            card = CARDS[code]
            for c in climbers:
                for d in ("U", "D") if card.kind == "R" else ("",):
                    out.append(Play(seat, code, c, d, 0))
                    value = card.down if d == "D" else card.up
                    out.extend(Play(seat, code, c, d, k) for k in range(1, min(self.points, value) + 1))
        for c in climbers:
            out.extend(Move(seat, c, path) for path in self.move_paths(seat, c))
        for c in climbers:
            if self._tent_payment(seat, c) is not None:
                out.append(Tent(seat, c))
        for c in self.assigned:
            if self.climbers[seat][c]["alive"]:
                out.extend(Risk(seat, c, k) for k in range(1, self.points + 1))
        if self._may_end(seat):
            out.append(End(seat))
        return out

    def reach(self, seat: int, climber: str, u: int, d: int, g: int) -> dict[tuple, tuple[str, ...]]:
        """K2-R18: every state (space, U, D, G, VP) the climber can walk to with these pools, by a
        shortest path (breadth first, neighbours by id); capacity is not tested here. The walks depend only on
        the side, today's weather, the start and the pools: one table per such key, shared (read only)."""
        cl = self.climbers[seat][climber]
        start = (cl["space"], u, d, g, cl["vp"])
        key = (self.side, self.today(), start)
        seen = _REACH.get(key)
        if seen is not None:
            return seen
        seen = {start: ()}
        nbrs = NEIGHBOURS[self.side]
        spaces = self.spaces
        costs = self.entry_costs()
        queue = deque([start])
        while queue:
            state = queue.popleft()
            space, u, d, g, vp = state
            path = seen[state]
            rank = spaces[space].rank
            for t in nbrs[space]:
                cost = costs[t]
                if spaces[t].rank > rank:
                    paid = pay(cost, u, g)
                    if paid is None:
                        continue
                    nxt = (t, paid[0], d, paid[1], max(vp, spaces[t].vp))
                else:
                    paid = pay(cost, d, g)
                    if paid is None:
                        continue
                    nxt = (t, u, paid[0], paid[1], max(vp, spaces[t].vp))
                if nxt not in seen:
                    seen[nxt] = path + (t,)
                    queue.append(nxt)
        return _REACH.put(key, seen)

    def move_paths(self, seat: int, climber: str) -> list[tuple[str, ...]]:
        """K2-A4: one path per distinct outcome (end space, VP, leftover pools), Pareto-best pools,
        fewest steps first. Any other legal path reaches an outcome listed here or a worse one."""
        u, d, g = self.pools.get(climber, (0, 0, 0))
        if u + d + g == 0:
            return []
        seen = self.reach(seat, climber, u, d, g)
        best: dict[tuple[str, int], list[tuple[tuple[int, int, int], tuple[str, ...]]]] = {}
        for state, path in seen.items():
            if not path or not self.has_room(state[0], (seat, climber)):
                continue
            key, pools = (state[0], state[4]), (state[1], state[2], state[3])
            group = best.setdefault(key, [])
            if any(all(a >= b for a, b in zip(p, pools, strict=True)) for p, _ in group):
                continue
            group[:] = [(p, q) for p, q in group if not all(a >= b for a, b in zip(pools, p, strict=True))]
            group.append((pools, path))
        out = []
        for _key, group in sorted(best.items(), key=lambda kv: (self.spaces[kv[0][0]].rank, kv[0][1])):
            out.extend(path for _, path in sorted(group, key=lambda pq: (len(pq[1]), pq[0])))
        return out

    def _tent_payment(self, seat: int, climber: str) -> tuple[int, int] | None:
        """K2-R23: cost of the space plus surcharge, from U then G, never D; tent unused."""
        cl = self.climbers[seat][climber]
        if not cl["alive"] or cl["tent"] is not None:
            return None
        u, _, g = self.pools.get(climber, (0, 0, 0))
        return pay(self.entry_cost(cl["space"]), u, g)

    def _points_left(self, wanted: int) -> str:
        """K2-R26: the refusal for spending more penalty points than remain."""
        return ngettext("only {n} penalty point remains, not {wanted}", "only {n} penalty points remain, not {wanted}",
                        self.points).format(n=self.points, wanted=wanted)

    def _may_end(self, seat: int) -> bool:
        """K2-R16 / K2-R27: all cards assigned; no penalty points left unless no target is legal."""
        if self.unassigned:
            return False
        targets = [c for c in self.assigned if self.climbers[seat][c]["alive"]]
        return self.points == 0 or not targets

    # -- actions ----------------------------------------------------------------------------------

    def parse_action(self, text: str, seat: int | None = None) -> K2Action:
        named, body = split_seat(str(text))
        if named is None:
            named = seat
        if named is None:
            movers = self.to_move()
            if len(movers) != 1:
                raise RuleError(_("several seats choose at once: name the seat, e.g. {example}").format(
                    example="'s1: choose M1 M3 A1'"))
            named = movers[0]
        if not 0 <= named < self.players:
            raise RuleError(_("there is no seat {named} in a {n}-player game").format(named=named, n=self.players))
        return parse_body(named, body)

    def check(self, action: K2Action) -> None:
        seat = action.seat
        movers = self.to_move()
        if seat not in movers:
            if self.phase == CHOOSE and 0 <= seat < self.players and self.pending[seat] is not None:
                raise RuleError(_("{seat} has already committed its cards this round; "
                                  "a choice cannot change").format(seat=who(seat)), rule="K2-R47")
            whose = ", ".join(who(s) for s in movers) or _("nobody")
            raise RuleError(_("it is not {seat}'s decision now ({phase}; to move: {whose})").format(
                seat=who(seat), phase=self.phase_words(), whose=whose))
        if self.phase == CHOOSE:
            if not isinstance(action, Choose):
                raise RuleError(_("in phase 1 every player first chooses 3 cards (choose ...)"), rule="K2-R12")
            hand = list(self.hands[seat])
            for c in action.cards:
                if c not in hand:
                    raise RuleError(_("{card} is not in {seat}'s hand ({hand})").format(
                        card=c, seat=who(seat), hand=" ".join(self.hands[seat])), rule="K2-R12")
                hand.remove(c)
            return
        if self.phase == TAKE:
            if not isinstance(action, Take):
                raise RuleError(_(
                    "the player with the highest risk value must first take a face-up risk token"), rule="K2-R13")
            if not 1 <= action.slot <= RISK_SLOTS or self.risk_faceup[action.slot - 1] is None:
                slots = [str(i + 1) for i, v in enumerate(self.risk_faceup) if v is not None]
                raise RuleError(_("face-up risk slot {slot} holds no token (slots: {slots})").format(
                    slot=action.slot, slots=", ".join(slots)), rule="K2-R13")
            return
        if self.phase == RESCUE:
            if not isinstance(action, Rescue):
                raise RuleError(_("a climber is dying: decide on the rescue card first (rescue ...)"), rule="K2-R43")
            s, c = self.dying[0]
            if action.climber != c:
                raise RuleError(_("the dying climber is {climber}, not {other}").format(
                    climber=c, other=action.climber), rule="K2-R43")
            if action.space is not None:
                sp = self.spaces.get(action.space)
                if sp is None or sp.zone != 0:
                    raise RuleError(_("a rescued climber goes to a Z0 space (below 6000 m), not {space}").format(
                        space=action.space), rule="K2-R43")
                if not self.has_room(action.space, (s, c)):
                    raise RuleError(_("{space} has no room for the rescued climber").format(
                        space=action.space), rule="K2-R43")
            return
        self._check_turn(action)

    def _check_turn(self, action: K2Action) -> None:
        seat = action.seat
        if isinstance(action, (Choose, Take, Rescue)):
            raise RuleError(_("that is not a phase-3 action; {seat} is playing its cards "
                              "(play, move, tent, risk, end)").format(seat=who(seat)))
        if isinstance(action, End):
            if self.unassigned:
                raise RuleError(_("every revealed card must be assigned before the turn ends "  # D6
                                  "(left: {cards})").format(cards=" ".join(self.unassigned)), rule="K2-R16")
            if not self._may_end(seat):
                raise RuleError(ngettext("{n} penalty point of the risk token must still be spent",
                                         "{n} penalty points of the risk token must still be spent",
                                         self.points).format(n=self.points), rule="K2-R27")
            return
        climber = action.climber
        cl = self.climbers[seat][climber]
        if not cl["alive"]:
            raise RuleError(_("climber {climber} of {seat} is dead and takes no further part").format(
                climber=climber, seat=who(seat)), rule="K2-R33")
        if isinstance(action, Play):
            if action.card not in self.unassigned:
                left = " ".join(self.unassigned) or _("none")
                raise RuleError(_(
                    "{card} is not a revealed, unassigned card of {seat} (left: {left})").format(
                    card=action.card, seat=who(seat), left=left), rule="K2-R16")
            card = CARDS[action.card]
            if card.kind == "R" and not action.direction:
                raise RuleError(_("a rope card is committed up (U) or down (D) when assigned"), rule="K2-R17")  # D3
            if card.kind != "R" and action.direction:
                raise RuleError(_("only rope cards take a direction; {card} does not").format(
                    card=action.card), rule="K2-R17")
            if action.penalty:
                value = card.down if action.direction == "D" else card.up
                if action.penalty > self.points:
                    raise RuleError(self._points_left(action.penalty), rule="K2-R26")
                if action.penalty > value:
                    raise RuleError(_("a penalty cannot lower {card} below 0 (it adds {value})").format(
                        card=action.card, value=value), rule="K2-R26")
            return
        if isinstance(action, Risk):
            if climber not in self.assigned:
                raise RuleError(_("climber {climber} has not been assigned a card this turn, "  # D7
                                  "so its level cannot take penalty points").format(climber=climber), rule="K2-R27")
            if action.points > self.points:
                raise RuleError(self._points_left(action.points), rule="K2-R26")
            return
        if isinstance(action, Tent):
            if cl["tent"] is not None:
                raise RuleError(_("climber {climber}'s tent is already pitched on {space} (once per game)")
                                .format(climber=climber, space=cl["tent"]), rule="K2-R23")
            if self._tent_payment(seat, climber) is None:
                u, _down, g = self.pools[climber]
                raise RuleError(_(
                    "pitching on {space} costs {cost}, but {climber} has only U={u} and G={g} (never D)").format(
                    space=cl["space"], cost=self.entry_cost(cl["space"]), climber=climber, u=u, g=g), rule="K2-R23")
            return
        if isinstance(action, Move):
            self._walk(seat, climber, action.path)
            return
        raise RuleError(f"unknown action {action!r}")  # pragma: no cover

    def _walk(self, seat: int, climber: str, path: tuple[str, ...]) -> tuple[int, int, int]:
        """K2-R18 / K2-R20: check a path; return the pools left (U, D, G)."""
        cl = self.climbers[seat][climber]
        u, d, g = self.pools[climber]
        here = cl["space"]
        nbrs = NEIGHBOURS[self.side]
        for t in path:
            if t not in self.spaces:
                raise RuleError(_("{space} is not a space of side {side}").format(space=t, side=self.side),
                                rule="K2-R4")
            if t not in nbrs[here]:
                raise self._not_joined(seat, climber, here, t, (u, d, g), first=here == cl["space"])
            cost = self.entry_cost(t)
            up = self.spaces[t].rank > self.spaces[here].rank
            paid = pay(cost, u if up else d, g)
            if paid is None:
                text = (_("the up step {a}-{b} costs {cost}, but {climber} has only U={pool} and G={g}") if up
                        else _("the down step {a}-{b} costs {cost}, but {climber} has only D={pool} and G={g}"))
                raise RuleError(text.format(a=here, b=t, cost=cost, climber=climber, pool=u if up else d, g=g),
                                rule="K2-R18")
            if up:
                u, g = paid
            else:
                d, g = paid
            here = t
        if not self.has_room(here, (seat, climber)):
            raise RuleError(_("{space} is full (capacity {cap}); a move cannot end there").format(  # K2-R19: cap
                space=here, cap=self.cap(here)), rule="K2-R20")
        return u, d, g

    def _not_joined(self, seat: int, climber: str, here: str, t: str, pools: tuple[int, int, int],
                    first: bool) -> RuleError:
        """K2-R18 refuses a step to a space no rope joins to ``here``; the words give the first reason a
        player would understand. A path of one such step (a space tapped on the board) names what is
        really wrong: the space is full (K2-R20), or too far for the points left, or else it can be
        reached step by step (an example path)."""
        if first:
            if not self.has_room(t, (seat, climber)):
                return RuleError(_("{space} is full (capacity {cap}); a move cannot end there").format(
                    space=t, cap=self.cap(t)), rule="K2-R20")
            ways = [path for state, path in self.reach(seat, climber, *pools).items() if state[0] == t and path]
            if not ways:
                need, up, down = self.cheapest_way(here, t)
                u, d, g = pools
                return RuleError(_("too far: {space} needs {need} movement from {here} ({up} up, {down} down); "
                                   "{climber} has {left} left (U={u}, D={d}, G={g})").format(
                    space=t, need=need, here=here, up=up, down=down, climber=climber, left=u + d + g, u=u, d=d,
                    g=g), rule="K2-R18")
            way = " → ".join((here, *min(ways, key=len)))
            return RuleError(_("{a} and {b} are not joined by a rope: a move goes step by step, e.g. {path}").format(
                a=here, b=t, path=way), rule="K2-R18")
        return RuleError(_("{a} and {b} are not joined by a rope").format(a=here, b=t), rule="K2-R18")

    def cheapest_way(self, start: str, end: str) -> tuple[int, int, int]:
        """K2-R18: the least movement a walk from ``start`` to ``end`` costs today, and how much of it is
        up and down (Dijkstra over the ropes; capacity and pools aside)."""
        nbrs = NEIGHBOURS[self.side]
        spaces = self.spaces
        costs = self.entry_costs()
        best: dict[str, tuple[int, int, int]] = {}
        heap = [(0, 0, 0, start)]
        while heap:
            total, up, down, space = heapq.heappop(heap)
            if space in best:
                continue
            best[space] = (total, up, down)
            if space == end:
                break
            for t in nbrs[space]:
                if t not in best:
                    cost = costs[t]
                    rising = spaces[t].rank > spaces[space].rank
                    heapq.heappush(heap, (total + cost, up + cost * rising, down + cost * (not rising), t))
        return best[end]

    def _apply(self, action: K2Action) -> None:
        seat = action.seat
        if isinstance(action, Choose):
            for c in action.cards:
                self.hands[seat].remove(c)
            self.pending[seat] = action.cards
            self.pending_index[seat] = len(self.history)
            self._maybe_reveal()
            return
        if isinstance(action, Take):
            value = self.risk_faceup[action.slot - 1]
            self.risk_faceup[action.slot - 1] = self.risk_stack.pop(0) if self.risk_stack else None  # D10
            self.token[seat] = value
            self.token_log.append({"round": self.round, "seat": seat, "value": value, "spent": []})
            self._phase3()
            return
        if isinstance(action, Rescue):
            s, c = self.dying.pop(0)
            if action.space is None:
                self._die(s, c)
            else:
                cl = self.climbers[s][c]
                self.rescue_card[s] = False
                cl.update(space=action.space, level=1, vp=rescue_vp(cl["vp"], self.side), summit=None)
            self._resolve_deaths()
            return
        if isinstance(action, End):
            self._end_turn()
            return
        climber = action.climber
        cl = self.climbers[seat][climber]
        pools = self.pools[climber]
        if isinstance(action, Play):
            self.unassigned.remove(action.card)
            card = CARDS[action.card]
            value = (card.down if action.direction == "D" else card.up) - action.penalty
            if card.kind == "M":
                pools[2] += value
            elif card.kind == "R":
                pools[0 if action.direction == "U" else 1] += value
            else:
                cl["level"] += value
            self.points -= action.penalty
            if climber not in self.assigned:
                self.assigned.append(climber)
            self.plays.append({"seat": seat, "card": action.card, "climber": climber,
                               "direction": action.direction or None, "penalty": action.penalty})
            if action.penalty:
                self._log_spent(seat, f"{action.card} -{action.penalty}")
        elif isinstance(action, Risk):
            cl["level"] -= action.points
            self.points -= action.points
            self._log_spent(seat, f"level {climber} -{action.points}")
        elif isinstance(action, Tent):
            u, g = self._tent_payment(seat, climber)  # type: ignore[misc]
            pools[0], pools[2] = u, g
            cl["tent"] = cl["space"]
        elif isinstance(action, Move):
            u, d, g = self._walk(seat, climber, action.path)
            for t in action.path:
                self.enter(seat, climber, t)
            pools[:] = [u, d, g]

    def _log_spent(self, seat: int, text: str) -> None:
        for entry in reversed(self.token_log):
            if entry["seat"] == seat and entry["round"] == self.round:
                entry["spent"].append(text)
                return

    # -- the end ----------------------------------------------------------------------------------

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

    def result(self) -> dict[str, Any] | None:
        if self.phase != OVER:
            return None
        scores = self.scores()
        out: dict[str, Any] = {"scores": scores, "summits": [self.best_summit(s) for s in range(self.players)],
                               "ranking": self.ranking(), "round": self.round}
        if self.players == 1:
            title = solo_title(scores[0], self.side, self.options["weather"])
            out["title"] = title
            out["summary"] = _("Solo score {n}: {title}").format(n=scores[0], title=_(title))
        else:
            top = out["ranking"][0]
            if len(top) == 1:
                out["summary"] = _("{seat} wins with {n} VP").format(seat=who(top[0], capital=True), n=scores[top[0]])
            else:
                out["summary"] = _("{seats} win with {n} VP").format(
                    seats=_(" and ").join(who(s) for s in top), n=scores[top[0]])
        return out

    def payoffs(self) -> list[float]:
        """1 for the winner (shared on ties); solo: score / 20."""
        if self.players == 1:
            return [self.scores()[0] / 20.0]
        top = self.ranking()[0]
        return [1.0 / len(top) if s in top else 0.0 for s in range(self.players)]

    # -- information (K2-R46..R48) ---------------------------------------------------------------

    def unseen_cards(self, seat: int) -> list[str]:
        """Cards of ``seat`` no other seat sees: hand, draw pile and a hidden choice (canonical order)."""
        cards = list(self.hands[seat]) + list(self.draw[seat]) + list(self.pending[seat] or ())
        return sorted(cards, key=card_key)

    def view(self, seat: int | None) -> K2:
        """K2-R48: hidden parts replaced by a canonical arrangement of what is unseen, a fresh generator,
        other seats' hidden choices redacted from the history."""
        g = self.copy()
        if seat is None:
            return g
        g.viewer = seat
        g.seed = ""  # K2-R48: the seed recreates every shuffle, so a view must not carry it
        vis = g.visible_tiles()
        g.tiles = g.tiles[:vis] + sorted(g.tiles[vis:])
        g.risk_stack = sorted(g.risk_stack)
        for s in range(g.players):
            if s == seat:
                g.draw[s] = sorted(g.draw[s], key=card_key)
                continue
            cards = g.unseen_cards(s)
            if g.pending[s] is not None:
                g.pending[s] = tuple(cards[:PLAYED])
                cards = cards[PLAYED:]
            k = len(g.hands[s])
            g.hands[s], g.draw[s] = cards[:k], cards[k:]
        for s, index in g.pending_index.items():
            if s != seat and index < len(g.history):
                g.history[index] = f"s{s}: choose {HIDDEN}"
        g.rng = Rng(f"k2:view:{seat}:{g.round}:{len(g.history)}")
        return g

    def determinize(self, seat: int, rng: Rng) -> K2:
        """A full state consistent with ``seat``'s view: others' hands and choices, draw piles, face-down
        tokens and tiles resampled; a new generator."""
        g = self.view(seat)
        vis = g.visible_tiles()
        hidden = g.tiles[vis:]
        rng.shuffle(hidden)
        g.tiles = g.tiles[:vis] + hidden
        rng.shuffle(g.risk_stack)
        for s in range(g.players):
            if s == seat:
                rng.shuffle(g.draw[s])
                continue
            cards = g.unseen_cards(s)
            rng.shuffle(cards)
            if g.pending[s] is not None:
                g.pending[s] = tuple(sorted(cards[:PLAYED], key=card_key))
                cards = cards[PLAYED:]
            k = len(g.hands[s])
            g.hands[s], g.draw[s] = sorted(cards[:k], key=card_key), cards[k:]
        g.rng = Rng(rng.next_u64())
        g.viewer = None
        return g

    # -- presentation -------------------------------------------------------------------------------

    def phase_words(self) -> str:
        return {CHOOSE: _("phase 1, card choice"), TAKE: _("phase 2, risk token"), ACT: _("phase 3, actions"),
                RESCUE: _("phase 4, rescue"), OVER: _("game over")}[self.phase]

    def state_json(self) -> dict[str, Any]:
        n = self.players
        vis = self.visible_tiles()
        seen = range(n) if self.viewer is None else [self.viewer]
        tents: dict[str, list[int]] = {}
        for s in range(n):
            for c in CLIMBERS:
                t = self.climbers[s][c]["tent"]
                if t is not None:
                    tents.setdefault(t, []).append(s)
        return {
            "round": self.round,
            "phase": self.phase,
            "first": self.first,
            "current": self.current if self.phase in (TAKE, ACT, RESCUE) else None,
            "viewer": self.viewer,
            "side": self.side,
            "today": self.round,
            "weather": {
                "set": self.options["weather"],
                "tiles_face_up": self.tiles[max(0, (self.round - 1) // DAYS_PER_TILE):vis],
                "face_down": len(self.tiles) - vis,
                "days": {str(d): self.day(d)._asdict() for d in self.visible_days()},
            },
            "climbers": {str(s): {c: {k: self.climbers[s][c][k] for k in ("space", "level", "vp", "alive", "tent",
                                                                          "summit")}
                                  for c in CLIMBERS} for s in range(n)},
            "tents": {k: sorted(v) for k, v in sorted(tents.items())},
            "summit_next": self.summit_next,
            "risk_faceup": list(self.risk_faceup),
            "risk_facedown": len(self.risk_stack),
            "tokens": [dict(t, spent=list(t["spent"])) for t in self.token_log],
            "hands": {str(s): list(self.hands[s]) for s in seen},
            "hand_counts": {str(s): len(self.hands[s]) for s in range(n)},
            "draw_counts": {str(s): len(self.draw[s]) for s in range(n)},
            "discards": {str(s): sorted(self.discard[s], key=card_key) for s in range(n)},
            "committed": {str(s): self.pending[s] is not None for s in range(n)},
            "pending": {str(s): list(self.pending[s]) for s in seen if self.pending[s] is not None},
            "revealed": {str(s): list(r) for s, r in enumerate(self.revealed) if r is not None},
            "plays": [dict(p) for p in self.plays],
            "turn": None if self.phase != ACT else {
                "seat": self.current, "unassigned": list(self.unassigned), "penalty_points": self.points,
                "assigned": list(self.assigned),
                "pools": {c: dict(zip("UDG", p, strict=True)) for c, p in self.pools.items()},
            },
            "dying": [[s, c] for s, c in self.dying] if self.phase == RESCUE else [],
            "rescue_cards": {str(s): self.rescue_card[s] for s in range(n)},
            "scores": self.scores(),
        }

    def render_text(self) -> str:
        lines = [f"K2 side {self.side}, {self.options['weather']} weather - round {self.round}/{ROUNDS}, "
                 f"{self.phase_words()}, first player seat {self.first}"]
        days = []
        for d in self.visible_days():
            w = self.day(d)
            if w == NO_WEATHER:
                eff = "-"
            else:
                zones = f"Z{w.lo}" if w.lo == w.hi else f"Z{w.lo}-Z{w.hi}"
                eff = (f"a{w.loss} " if w.loss else "") + (f"m{w.surcharge} " if w.surcharge else "") + zones
            days.append(f"d{d}:{eff}")
        lines.append("Weather: " + "  ".join(days) + f"  ({len(self.tiles) - self.visible_tiles()} tiles face down)")
        row = " ".join("-" if v is None else str(v) for v in self.risk_faceup)
        lines.append(f"Risk tokens face up: [{row}]  face down: {len(self.risk_stack)}")
        for s in range(self.players):
            parts = []
            for c in CLIMBERS:
                cl = self.climbers[s][c]
                if cl["alive"]:
                    sp = self.spaces[cl["space"]]
                    text = f"{c}@{cl['space']}(Z{sp.zone}) L{cl['level']} VP{cl['vp']}"
                else:
                    text = f"{c} dead VP{cl['vp']}"
                if cl["tent"]:
                    text += f" tent {cl['tent']}"
                if cl["summit"]:
                    text += f" summit #{cl['summit']}"
                parts.append(text)
            if self.viewer is None or self.viewer == s:
                hand = " ".join(self.hands[s]) or "-"
            else:
                hand = f"{len(self.hands[s])} cards"
            extra = ""
            if self.revealed[s]:
                extra = f" revealed [{' '.join(self.revealed[s])}]"  # type: ignore[arg-type]
            elif self.pending[s] is not None:
                extra = " committed" + (f" [{' '.join(self.pending[s])}]"  # type: ignore[arg-type]
                                        if self.viewer is None or self.viewer == s else "")
            lines.append(f"Seat {s} ({self.scores()[s]} VP): {'; '.join(parts)} | hand {hand} | "
                         f"draw {len(self.draw[s])}{extra}")
        if self.phase == ACT:
            pools = " ".join(f"{c}:U{p[0]}D{p[1]}G{p[2]}" for c, p in self.pools.items())
            lines.append(f"Turn of seat {self.current}: cards left [{' '.join(self.unassigned)}], "
                         f"penalty points {self.points}, pools {pools}")
        lines.append(self.describe_turn())
        return "\n".join(lines)

    def describe_turn(self) -> str:
        if self.phase == OVER:
            return (self.result() or {})["summary"]
        if self.phase == CHOOSE:
            return _("Round {round}: {seats} choose 3 cards").format(
                round=self.round, seats=", ".join(who(s) for s in self.to_move()))
        if self.phase == TAKE:
            return _("{seat} has the highest risk value and takes a risk token").format(
                seat=who(self.current, capital=True))
        if self.phase == RESCUE:
            s, c = self.dying[0]
            return _("{seat}'s climber {climber} is dying: rescue it or not").format(
                seat=who(s, capital=True), climber=c)
        return _("{seat} plays its cards").format(seat=who(self.current, capital=True))
