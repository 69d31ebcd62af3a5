"""K3 (Broad Peak): the rules engine. Implements docs/rules/k3.md; rule ids in docstrings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalActionError, OptionError
from ..core.game import Game, OptionSpec, Result
from ..core.i18n import _, who
from ..core.registry import GAME_TITLES
from ..core.rng import Rng
from .actions import (
    Arrange,
    Extend,
    K3Action,
    Place,
    Pos,
    Take,
    White,
    parse_action,
    position_name,
    position_words,
    slot_name,
    slot_words,
    source_text,
)
from .data import (
    ALLOTMENT,
    BASE_WIDTH,
    COLOURS,
    DEAL_ROUND,
    KIND_NAMES,
    KINDS,
    MIN_BASE_COLOURS,
    NATURAL,
    PAWNS_PER_COLOUR,
    SUMMIT,
    TOTAL_NATURALS,
    TOTAL_WHITES,
    WHITE,
)

ARRANGE, TURN, PENALTY, OVER = "arrange", "turn", "penalty", "over"
_KIND_ORDER = {k: n for n, k in enumerate(KINDS)}


def name_of(kind: str) -> str:
    """A pawn's colour in words (in the chosen language)."""
    return _(KIND_NAMES[kind])


def pyramid_positions(base: int) -> list[Pos]:
    """K3-R4 / K3-A1 order: (0,0)..(0,n-1), (1,0).., apex (n-1, 0) last."""
    return [(r, i) for r in range(base) for i in range(base - r)]


def is_penalised(a: str, b: str) -> bool:
    """K3-R16: both supports coloured with one colour, or both natural."""
    return a == b


def may_place(kind: str, a: str, b: str) -> bool:
    """K3-R15: natural on anything; colour X needs an X or a natural support; never a white."""
    if kind == WHITE:
        return False
    return kind == NATURAL or a == kind or b == kind or a == NATURAL or b == NATURAL


def base_accepted(row: Sequence[str]) -> bool:
    """K3-R7: a base-camp draw is kept when it shows at least 4 distinct colours."""
    return len(set(row)) >= MIN_BASE_COLOURS


def draw_base(bag: list[str], rng: Rng) -> int:
    """K3-R7/D13: shuffle the whole bag until its first 9 pawns are an accepted base; return the redraws.

    The base camp is ``bag[:9]`` afterwards, in draw order.
    """
    redraws = 0
    while True:
        rng.shuffle(bag)
        if base_accepted(bag[:BASE_WIDTH]):
            return redraws
        redraws += 1


def deal(bag: Sequence[str], players: int, each: int) -> tuple[list[list[str]], int]:
    """K3-R8/D14: from ``bag[9:]``, rounds of up to 3 in seat order from seat 0 until everyone has ``each``.

    Returns the hands and the index of the first pawn left in the bag.
    """
    hands: list[list[str]] = [[] for _ in range(players)]
    pos = BASE_WIDTH
    while any(len(h) < each for h in hands):
        for seat in range(players):
            take = min(DEAL_ROUND, each - len(hands[seat]))
            hands[seat].extend(bag[pos : pos + take])
            pos += take
    return hands, pos


@dataclass(frozen=True, slots=True)
class K3Result(Result):
    """K3-R20..R22: the seats in the order they left the game (the last one eliminated first in the ranking)."""

    elimination_order: list[int] = field(default_factory=list)

    KEYS = ("summary", "coop", "winner", "ranking", "elimination_order")


class K3(Game[K3Action]):
    name = "k3"
    title = GAME_TITLES["k3"]
    rules_version = 1
    option_specs = (
        OptionSpec("players", "int", 2, "Players", minimum=2, maximum=4),
        OptionSpec("coop", "bool", False, "Cooperative variant"),
        OptionSpec("start", "int", 0, "Start seat", minimum=0, maximum=3, seat=True),
    )
    # ``open_slots`` as last worked out: (the mountain, its size then, the slots)
    _slots: tuple[dict[Pos, str], int, tuple[Pos, ...]] | None = None

    # -- setup (K3-R7..R10) ------------------------------------------------------------------

    def setup(self, rng: Rng) -> None:
        n = self.players
        if self.options["start"] >= n:
            raise OptionError(_("the start seat must be a seat of the game (0..{last})").format(last=n - 1))
        allot = ALLOTMENT[n]
        self.base = allot.base
        bag = [c for c in COLOURS for _ in range(PAWNS_PER_COLOUR)]
        self.redraws = draw_base(bag, rng)
        self.mountain: dict[Pos, str] = {(0, c): bag[c] for c in range(BASE_WIDTH)}
        self.left, self.right = 0, BASE_WIDTH - 1
        coloured, pos = deal(bag, n, allot.coloured)
        whites_in = 0 if allot.white_beside else allot.white
        # K3-R9: pyramid pawns in deal order (coloured, then naturals, then whites)
        self.dealt: list[tuple[str, ...]] = [
            tuple(h + [NATURAL] * allot.natural + [WHITE] * whites_in) for h in coloured
        ]
        self.pyramids: list[dict[Pos, str]] = [{} for _ in range(n)]
        self.beside: list[list[str]] = [[WHITE] * allot.white if allot.white_beside else [] for _ in range(n)]
        self.arranged = [False] * n
        self.eliminated = [False] * n
        self.elimination_order: list[int] = []
        self.spare_white = allot.spare_white
        self.used_whites = 0
        self.removed = {
            "coloured": len(bag) - pos,
            NATURAL: TOTAL_NATURALS - n * allot.natural,
            WHITE: TOTAL_WHITES - n * allot.white - (1 if allot.spare_white else 0),
        }
        self.phase = ARRANGE
        self.current = 0  # arranging seat, then the seat whose turn it is
        self.victim: int | None = None  # penalty: the penalised seat
        self.taker: int | None = None  # penalty: who chooses
        self.winner: int | None = None
        self.coop_result: str | None = None

    def copy(self) -> K3:
        g = K3.__new__(K3)
        vars(g).update(vars(self))
        g.options = dict(self.options)
        g.history = list(self.history)
        g.mountain = dict(self.mountain)
        known = self._slots
        if known is not None and known[0] is self.mountain and known[1] == len(self.mountain):
            g._slots = (g.mountain, known[1], known[2])
        g.pyramids = [dict(p) for p in self.pyramids]
        g.beside = [list(b) for b in self.beside]
        g.arranged = list(self.arranged)
        g.eliminated = list(self.eliminated)
        g.elimination_order = list(self.elimination_order)
        g.removed = dict(self.removed)
        g.dealt = list(self.dealt)
        return g

    # -- geometry (K3-R3..R5, R14) ------------------------------------------------------------

    def open_slots(self) -> list[Pos]:
        """K3-R14: empty slots whose two supports are present, sorted by row then column."""
        m = self.mountain
        known = self._slots
        # pawns only ever join the mountain, so its size tells whether the slots worked out last still hold
        if known is None or known[0] is not m or known[1] != len(m):
            slots = [(r + 1, c) for (r, c) in m if (r, c + 1) in m and (r + 1, c) not in m]
            slots.sort()
            known = self._slots = (m, len(m), tuple(slots))
        return list(known[2])

    def supports(self, slot: Pos) -> tuple[str, str] | None:
        r, c = slot
        a, b = self.mountain.get((r - 1, c)), self.mountain.get((r - 1, c + 1))
        return (a, b) if a is not None and b is not None else None

    def covering(self, pos: Pos) -> list[Pos]:
        """K3-R4: the pyramid positions that lie on ``pos``."""
        r, i = pos
        return [(r + 1, i - 1), (r + 1, i)]

    def accessible_pyramid(self, seat: int) -> list[Pos]:
        """K3-R5: pyramid pawns whose two covering positions are empty."""
        p = self.pyramids[seat]
        return sorted(
            (r, i) for (r, i) in p if (r + 1, i - 1) not in p and (r + 1, i) not in p
        )

    def accessible(self, seat: int) -> list[tuple[Pos | str, str]]:
        """K3-R5/R20: (source, kind) for every accessible pawn; beside pawns once per kind."""
        p = self.pyramids[seat]
        out: list[tuple[Pos | str, str]] = [(pos, p[pos]) for pos in self.accessible_pyramid(seat)]
        out.extend((k, k) for k in sorted(set(self.beside[seat]), key=_KIND_ORDER.__getitem__))
        return out

    def kind_at(self, seat: int, src: Pos | str) -> str:
        """The kind of an accessible source, or RuleError saying why it is not usable."""
        if isinstance(src, str):
            if src not in self.beside[seat]:
                raise IllegalActionError(_("{seat} has no {kind} pawn beside the pyramid").format(
                    seat=who(seat, capital=True), kind=name_of(src)))
            return src
        p = self.pyramids[seat]
        if src not in p:
            if not (0 <= src[0] < self.base and 0 <= src[1] < self.base - src[0]):
                top = source_text((self.base - 1, 0))
                raise IllegalActionError(
                    _("there is no pawn {text} in a pyramid of {n} rows: the notation counts from 0, "
                                  "from 0.0 at the bottom left to {top} at the top").format(
                    text=source_text(src), n=self.base, top=top))
            raise IllegalActionError(_("{seat}’s pyramid has no pawn at {pos} any more").format(
                seat=who(seat, capital=True), pos=position_name(self.base, src)))
        over = [c for c in self.covering(src) if c in p]
        if over:
            raise IllegalActionError(_("the pawn at {pos} is covered by {above}").format(
                pos=position_name(self.base, src), above=position_words(self.base, over[0]))
                            + " (" + _("only uncovered pawns may be used") + ")", rule="K3-R5")
        return p[src]

    # -- whose decision -----------------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == PENALTY:
            return [self.taker]  # type: ignore[reportReturnType]  # set while a penalty take is pending (K3-R17)
        return [self.current]

    def live_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]

    def previous_live(self, seat: int) -> int:
        """The previous player in turn order who is still in the game (K3-R17, K3-R21)."""
        n = self.players
        for step in range(1, n):
            s = (seat - step) % n
            if not self.eliminated[s]:
                return s
        return seat

    def turn_actions(self, seat: int) -> list[K3Action]:
        """K3-R13: placements (R15), else extensions (R19), and whites (R18) for ``seat``."""
        acc = self.accessible(seat)
        actions: list[K3Action] = []
        slots = self.open_slots()
        if slots:
            supp = [(slot, self.mountain[(slot[0] - 1, slot[1])], self.mountain[(slot[0] - 1, slot[1] + 1)])
                    for slot in slots]
            for src, kind in acc:
                if kind == WHITE:
                    continue
                for slot, a, b in supp:
                    if may_place(kind, a, b):
                        actions.append(Place(src, slot))
        else:
            for src, kind in acc:
                if kind != WHITE:
                    actions.append(Extend(src, "L"))
                    actions.append(Extend(src, "R"))
        actions.extend(White(src) for src, kind in acc if kind == WHITE)
        return actions

    def has_action(self, seat: int) -> bool:
        """K3-R12: a legal placement, a legal base extension or an accessible white."""
        acc = self.accessible(seat)
        kinds = {k for _, k in acc}
        if WHITE in kinds:
            return True
        slots = self.open_slots()
        if not slots:
            return bool(kinds)
        for slot in slots:
            a, b = self.supports(slot)  # type: ignore[reportGeneralTypeIssues]  # an open slot rests on two pawns
            if any(may_place(k, a, b) for k in kinds):
                return True
        return False

    def legal_actions(self, seat: int | None = None) -> list[K3Action] | None:
        seat = self.deciding_seat(seat)
        if seat is None:
            return []
        if self.phase == ARRANGE:
            return None  # K3-R10: any permutation; too many to list
        if self.phase == PENALTY:
            return [Take(src) for src, _ in self.accessible(self.victim)]  # type: ignore[reportArgumentType]  # set while a penalty take is pending (K3-R17)
        return self.turn_actions(seat)

    def parse_action(self, text: str, seat: int | None = None) -> K3Action:
        return parse_action(text)

    # -- legality with reasons ------------------------------------------------------------------

    def check(self, action: K3Action) -> None:
        seat = self.to_move()[0]
        if isinstance(action, Arrange):
            if self.phase != ARRANGE:
                raise IllegalActionError(_("pyramids are arranged only before play starts"), rule="K3-R10")
            self._check_arrangement(seat, action.kinds)
            return
        if self.phase == ARRANGE:
            raise IllegalActionError(_("{seat} must first arrange their pyramid").format(
                seat=who(seat, capital=True)) + " (A:<kinds>)", rule="K3-R10")
        if isinstance(action, Take):
            if self.phase != PENALTY:
                raise IllegalActionError(
                    _("there is no penalty to resolve: a pawn is taken only right after a penalty"), rule="K3-R17")
            self._check_take(action)
            return
        if self.phase == PENALTY:
            raise IllegalActionError(_("{taker} must first take one of {victim}’s accessible pawns").format(
                taker=who(self.taker, capital=True), victim=who(self.victim)) + " (T:<source>)", rule="K3-R17")  # type: ignore[reportArgumentType]  # set while a penalty take is pending (K3-R17)
        kind = self.kind_at(seat, action.src)
        if isinstance(action, White):
            if kind != WHITE:
                raise IllegalActionError(
                    _("the pawn at {src} is {kind}, not white").format(
                        src=position_name(self.base, action.src) if isinstance(action.src, tuple)
                        else source_text(action.src), kind=name_of(kind)), rule="K3-R18")
            return
        if kind == WHITE:
            raise IllegalActionError(_("a white pawn is never placed on the mountain; use it to pass with W:"),
                rule="K3-R15")
        slots = self.open_slots()
        if isinstance(action, Extend):
            if slots:
                raise IllegalActionError(
                    _("the base can be extended only when no slot is open; {slot} is open").format(
                        slot=slot_name(self.left, slots[0])), rule="K3-R19")
            if action.end not in ("L", "R"):
                raise IllegalActionError(
                    _("the base is extended at its left (L) or right (R) end, not {end}").format(
                        end=repr(action.end)), rule="K3-R19")
            return
        self._check_place(kind, action.slot, slots)

    def _check_arrangement(self, seat: int, kinds: str) -> None:
        dealt = self.dealt[seat]
        if len(kinds) != len(dealt):
            raise IllegalActionError(
                _("{seat}’s pyramid has {n} positions, the arrangement lists {count} pawns").format(
                    seat=who(seat, capital=True), n=len(dealt), count=len(kinds)), rule="K3-R10")
        if sorted(kinds) != sorted(dealt):
            have = "".join(sorted(dealt, key=_KIND_ORDER.__getitem__))
            raise IllegalActionError(_("the arrangement must use exactly these pawns: {have}").format(have=have),
                rule="K3-R10")

    def _check_take(self, action: Take) -> None:
        victim = self.victim
        assert victim is not None
        self.kind_at(victim, action.src)

    def _check_place(self, kind: str, slot: Pos, slots: list[Pos]) -> None:
        r, c = slot
        if r == 0:
            raise IllegalActionError(
                _("row 0 is the base camp: it grows only by extension (X:), when no slot is open"), rule="K3-R19")
        if r < 0:
            raise IllegalActionError(_("{slot} is not on the mountain").format(slot=f"{r}.{c}"))
        name = slot_name(self.left, slot)
        if slot in self.mountain:
            raise IllegalActionError(_("{slot} is already taken by a {kind} pawn").format(
                slot=name, kind=name_of(self.mountain[slot])))
        if slot not in slots:
            raise IllegalActionError(
                _("{slot} is not open: it needs pawns on both {a} and {b}").format(
                    slot=name, a=slot_words(self.left, (r - 1, c)), b=slot_words(self.left, (r - 1, c + 1))),
                rule="K3-R14")
        a, b = self.supports(slot)  # type: ignore[reportGeneralTypeIssues]  # an open slot rests on two pawns
        if not may_place(kind, a, b):
            raise IllegalActionError(
                _("a {kind} pawn needs a {kind} or natural pawn below it; {slot} rests on {a} and {b}").format(
                    kind=name_of(kind), slot=name, a=name_of(a), b=name_of(b)), rule="K3-R15")

    # -- applying ------------------------------------------------------------------------------

    def _take_from(self, seat: int, src: Pos | str) -> str:
        if isinstance(src, str):
            self.beside[seat].remove(src)
            return src
        return self.pyramids[seat].pop(src)

    def _give_beside(self, seat: int, kind: str) -> None:
        self.beside[seat].append(kind)
        self.beside[seat].sort(key=_KIND_ORDER.__getitem__)

    def _apply(self, action: K3Action) -> None:
        seat = self.to_move()[0]
        if isinstance(action, Arrange):
            positions = pyramid_positions(self.base)
            self.pyramids[seat] = dict(zip(positions, action.kinds, strict=True))
            self.arranged[seat] = True
            if all(self.arranged):
                self.phase = TURN
                self._start_turn(self.options["start"])
            else:
                self.current = self.arranged.index(False)
            return
        if isinstance(action, Take):
            kind = self._take_from(self.victim, action.src)  # type: ignore[reportArgumentType]  # set while a penalty take is pending (K3-R17)
            self._give_beside(seat, kind)
            victim = self.victim
            self.phase, self.victim, self.taker = TURN, None, None
            self._start_turn(self._next_seat(victim))  # type: ignore[reportArgumentType]  # set while a penalty take is pending (K3-R17)
            return
        kind = self._take_from(seat, action.src)
        if isinstance(action, White):
            self.used_whites += 1  # K3-R18: the white leaves the game
        elif isinstance(action, Extend):
            col = self.left - 1 if action.end == "L" else self.right + 1
            self.mountain[(0, col)] = kind  # K3-R19: no colour rule, no penalty
            self.left, self.right = min(self.left, col), max(self.right, col)
        else:
            slot = action.slot
            a, b = self.supports(slot)  # type: ignore[reportGeneralTypeIssues]  # an open slot rests on two pawns
            self.mountain[slot] = kind
            if self.options["coop"] and slot == SUMMIT:  # K3-R26/D12: win before any penalty
                self.coop_result = "win"
                self.phase = OVER
                return
            if is_penalised(a, b):  # K3-R16/R17
                taker = self.previous_live(seat)
                if self.accessible(seat):
                    self.phase, self.victim, self.taker = PENALTY, seat, taker
                    return
        self._start_turn(self._next_seat(seat))

    def _next_seat(self, seat: int) -> int:
        n = self.players
        for step in range(1, n + 1):
            s = (seat + step) % n
            if not self.eliminated[s]:
                return s
        return seat

    def _start_turn(self, seat: int) -> None:
        """K3-R11/R12: the turn passes to ``seat``; eliminate players who cannot act, end the game."""
        self.phase = TURN
        while True:
            if self.has_action(seat):
                self.current = seat
                return
            self._eliminate(seat)
            if self.phase == OVER:
                return
            seat = self._next_seat(seat)

    def _eliminate(self, seat: int) -> None:
        """K3-R12, R21, R22, R24, R26."""
        first = not self.elimination_order
        self.eliminated[seat] = True
        self.elimination_order.append(seat)
        self.current = seat
        if self.options["coop"]:
            self.coop_result = "loss"
            self.phase = OVER
            return
        if first and self.spare_white:  # K3-R21: the previous player gets the spare white
            self.spare_white = False
            self._give_beside(self.previous_live(seat), WHITE)
        live = self.live_seats()
        if len(live) == 1:
            self.winner = live[0]
            self.phase = OVER

    # -- the end ------------------------------------------------------------------------------

    def result(self) -> K3Result | None:
        if self.phase != OVER:
            return None
        if self.options["coop"]:
            if self.coop_result == "win":
                summary = _("The team reached the summit: everyone wins")
            else:
                summary = _("The team lost: {seat} was eliminated").format(seat=who(self.elimination_order[-1]))
            return K3Result(summary, [list(range(self.players))], coop=self.coop_result,
                            elimination_order=list(self.elimination_order))
        ranking = [[self.winner]] + [[s] for s in reversed(self.elimination_order)]
        return K3Result(_("{seat} wins").format(seat=who(self.winner, capital=True)), ranking, winner=self.winner,  # type: ignore[reportArgumentType]  # the winner is set once the game is over
                        elimination_order=list(self.elimination_order))

    def payoffs(self) -> list[float]:
        if self.options["coop"]:
            return [1.0 if self.coop_result == "win" else 0.0] * self.players
        return [1.0 if s == self.winner else 0.0 for s in range(self.players)]

    # -- bots ----------------------------------------------------------------------------------

    def random_action(self, seat: int, rng: Rng) -> K3Action:
        if self.phase == ARRANGE:
            kinds = list(self.dealt[seat])
            rng.shuffle(kinds)
            return Arrange("".join(kinds))
        return super().random_action(seat, rng)

    # -- presentation ----------------------------------------------------------------------------

    def pyramid_view(self, seat: int) -> dict[Pos, str]:
        """The seat's pyramid; before it is arranged, the dealt pawns in deal order."""
        if self.arranged[seat]:
            return self.pyramids[seat]
        return dict(zip(pyramid_positions(self.base), self.dealt[seat], strict=True))

    def state_json(self) -> dict[str, Any]:
        n = self.players
        return {
            "phase": self.phase,
            "current": None if self.phase == OVER else self.current,
            "penalty": None if self.phase != PENALTY else {"victim": self.victim, "taker": self.taker},
            "mountain": {f"{r}.{c}": k for (r, c), k in sorted(self.mountain.items())},
            "base": {"left": self.left, "right": self.right},
            "open_slots": [f"{r}.{c}" for r, c in self.open_slots()],
            "pyramid_base": self.base,
            "pyramids": [
                {f"{r}.{i}": k for (r, i), k in sorted(self.pyramid_view(s).items())} for s in range(n)
            ],
            "arranged": list(self.arranged),
            "beside": [list(b) for b in self.beside],
            "accessible": [
                [source_text(src) for src, _ in self.accessible(s)] if self.arranged[s] else []
                for s in range(n)
            ],
            "eliminated": list(self.eliminated),
            "elimination_order": list(self.elimination_order),
            "spare_white": self.spare_white,
            "used_whites": self.used_whites,
            "removed": dict(self.removed),
            "winner": self.winner,
            "coop_result": self.coop_result,
        }

    def render_text(self) -> str:
        lines = ["Mountain:"]
        lines += _triangle(self.mountain, set(self.open_slots()))
        for s in range(self.players):
            tag = " (eliminated)" if self.eliminated[s] else ""
            tag += "" if self.arranged[s] else " (not arranged yet: deal order)"
            lines.append(f"Seat {s}{tag}: beside [{' '.join(self.beside[s]) or '-'}]")
            lines += ["  " + row for row in _triangle(self.pyramid_view(s), set())]
        if self.spare_white:
            lines.append("Spare white on the table.")
        lines.append(self.describe_turn())
        return "\n".join(lines)

    def describe_turn(self) -> str:
        if self.phase == OVER:
            result = self.result()
            return result.summary if result else ""
        if self.phase == ARRANGE:
            return f"Seat {self.current} arranges their pyramid"
        if self.phase == PENALTY:
            return f"Penalty on seat {self.victim}: seat {self.taker} takes one of their accessible pawns"
        return f"Seat {self.current} to play"


def _triangle(cells: dict[Pos, str], open_slots: set[Pos]) -> list[str]:
    """Rows top-down, slot (r, c) drawn at column 2*(c - min) + r (K3-R6), '.' for an open slot."""
    points = dict(cells)
    points.update({s: "." for s in open_slots})
    if not points:
        return ["(empty)"]
    low = min(c for _, c in points)
    top = max(r for r, _ in points)
    rows = []
    for r in range(top, -1, -1):
        line = [" "] * (2 * (max(c for _, c in points) - low) + top + 2)
        for (rr, c), k in points.items():
            if rr == r:
                line[2 * (c - low) + r] = k
        rows.append(f"{r:>2} " + "".join(line).rstrip())
    return rows
