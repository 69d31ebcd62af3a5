"""Matterhorn: the rules engine. Implements docs/rules/matterhorn.md; rule ids in docstrings.

Engine choices beyond the spec's Decisions:

* Rolls happen inside the action that causes them: the compulsory first roll in the action that ends the
  previous turn (or the last ``C:``, or ``K:``), later ones in ``R``. A roll with no usable value is a flop at
  once, so the next decision is the consolation.
* ``roll`` keeps the whole last roll (the set-aside dice included) until the next roll; ``in_play`` says how
  many dice are still in play and ``aside`` which values were set aside this turn.
* Decisions with one option stay decisions (``T`` when the pool is empty, ``O:-`` when no circle is open,
  ``B:-`` when no action is possible); the stop phase ends by itself when its actions are used up.
* A climber on the summit is not on row 5: it earns no bonus for a token on row 5.
* Canonical texts: set-aside values largest first, the two setup circles in increasing order; the parser
  accepts any order and the record keeps the canonical text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.errors import IllegalActionError
from ..core.game import Game, OptionSpec, Result
from ..core.i18n import N_, _, who
from ..core.registry import GAME_TITLES
from ..core.rng import Rng
from .actions import (
    Bonus,
    Clear,
    Console,
    Deed,
    End,
    MHAction,
    Move,
    Place,
    Restock,
    Roll,
    Setup,
    Spot,
    Stop,
    circle_name,
    parse_action,
    spot_text,
)
from .data import (
    BOTTOM_ROW,
    CIRCLES,
    DICE,
    FACES,
    HARD_SUMMIT_COST,
    NEIGHBOURS,
    PUSH_TARGETS,
    ROW_CIRCLES,
    ROW_WIDTHS,
    ROWS,
    SUMMIT,
    TOKENS,
    TOP_ROW,
    Pos,
    exists,
)
from .dice import aside_choices, dice_value

SETUP, PLACE, BONUS, DECIDE, ACT, CONSOLE, RESTOCK, OVER = (
    "setup", "place", "bonus", "decide", "act", "consolation", "restock", "over",
)
ACTION, OBSTACLE = "a", "o"  # token sides on the board; a climber is its seat number


def roll_off(players: int, rng: Rng) -> tuple[list[list[int | None]], int]:
    """MH-R9/D4: one die each in seat order; the tied highest re-roll until one is highest.

    Returns the rounds (a value per seat, None for seats that did not roll) and the winner.
    """
    rolling = list(range(players))
    rounds: list[list[int | None]] = []
    while True:
        row: list[int | None] = [None] * players
        for seat in rolling:
            row[seat] = rng.below(FACES) + 1
        rounds.append(row)
        top = max(v for v in row if v is not None)
        rolling = [s for s in rolling if row[s] == top]
        if len(rolling) == 1:
            return rounds, rolling[0]


def placing_order(players: int, winner: int) -> list[int]:
    """MH-R10/D5: the roll-off winner first, then counter-clockwise (decreasing seat index, wrapping)."""
    return [(winner - k) % players for k in range(players)]


def dice_words(dice: Iterable[int]) -> str:
    """Dice for people, smallest first: "3, 3, 6, 6"."""
    return ", ".join(str(v) for v in sorted(dice))


class Matterhorn(Game[MHAction]):
    name = "matterhorn"
    title = GAME_TITLES["matterhorn"]
    rules_version = 1
    option_specs = (
        OptionSpec("players", "int", 2, "Players", minimum=2, maximum=4),
        OptionSpec("hard", "bool", False, "Hard summit (a summit climb costs 2 actions)"),
    )

    # -- setup (MH-R9..R11) -------------------------------------------------------------------

    def setup(self, rng: Rng) -> None:
        n = self.players
        self.dice_rng = rng  # MH-R4: every die comes from here, in a fixed order
        self.rolloff, winner = roll_off(n, rng)
        self.order = placing_order(n, winner)
        self.placed = 0
        self.board: dict[Pos, int | str] = {}
        self.climbers: list[list[Spot]] = [[] for _ in range(n)]
        self.pool = TOKENS  # MH-R11: all tokens start in the pool
        self.phase = SETUP
        self.current = self.order[0]
        self.turn = 0
        self.roll: list[int] | None = None
        self.in_play = DICE
        self.aside: list[int] = []
        self.rows_used: list[int] = []
        self.turn_tokens: list[Pos] = []
        self.actions_left = 0
        self.winner: int | None = None
        self.flops = 0

    def copy(self) -> Matterhorn:
        g = Matterhorn.__new__(Matterhorn)
        vars(g).update(vars(self))
        g.options = dict(self.options)
        g.history = list(self.history)
        g.dice_rng = self.dice_rng.copy()
        g.board = dict(self.board)
        g.climbers = [list(c) for c in self.climbers]
        g.roll = None if self.roll is None else list(self.roll)
        g.aside = list(self.aside)
        g.rows_used = list(self.rows_used)
        g.turn_tokens = list(self.turn_tokens)
        return g

    @property
    def hard(self) -> bool:
        return bool(self.options["hard"])

    # -- the board (MH-R5, R7, R16) -----------------------------------------------------------

    def free(self, pos: Pos) -> bool:
        """MH-R5: a circle is free when it holds neither a climber nor a token."""
        return pos not in self.board

    def free_circles(self, row: int) -> list[Pos]:
        return [c for c in ROW_CIRCLES[row] if c not in self.board]

    def row_has_climber(self, row: int) -> bool:
        return any(isinstance(self.board.get(c), int) for c in ROW_CIRCLES[row])

    def obstacles(self) -> list[Pos]:
        """Tokens lying obstacle side up, bottom row first."""
        return sorted((c for c, v in self.board.items() if v == OBSTACLE), key=lambda c: (-c[0], c[1]))

    def usable_rows(self) -> list[int]:
        """MH-R16: rows 5..12 with a free circle and no token of this turn."""
        board, used = self.board, self.rows_used
        return [r for r in ROWS if r not in used and any(c not in board for c in ROW_CIRCLES[r])]

    def placements(self) -> list[tuple[tuple[int, ...], int]]:
        """MH-R16: the (set-aside, value) choices of the current roll whose value is usable."""
        if self.roll is None:
            return []
        usable = set(self.usable_rows())
        return [(a, v) for a, v in aside_choices(tuple(sorted(self.roll))) if v in usable]

    def setup_circles(self) -> list[Pos]:
        """MH-R10: the circles a climber may be put on at the setup: the free circles of row 12."""
        return self.free_circles(BOTTOM_ROW)

    def value_left(self, aside: Iterable[int]) -> int:
        """MH-R14 / MH-R15: the value of this roll's dice left in play when the dice showing ``aside``
        are set aside (a value the roll does not show sets nothing aside)."""
        left = list(self.roll or ())
        for value in aside:
            if value in left:
                left.remove(value)
        return dice_value(left)

    def summit_count(self, seat: int) -> int:
        return sum(1 for c in self.climbers[seat] if c == SUMMIT)

    # -- whose decision -----------------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.phase == OVER:
            return []
        return [self.current]

    def deeds(self, seat: int, bonus: bool) -> list[Deed]:
        """MH-R21/R22/R28: every climb, push and clear open to ``seat`` now (bonus: as a bonus action)."""
        out: list[Deed] = []
        board = self.board
        summit_ok = not self.hard or (not bonus and self.actions_left >= HARD_SUMMIT_COST)
        for spot in sorted(c for c in self.climbers[seat] if c != SUMMIT):
            for dst in NEIGHBOURS[spot]:  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
                if dst not in board:
                    out.append(Move("m", spot, dst))  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
            if spot[0] == TOP_ROW and summit_ok:
                out.append(Move("m", spot, SUMMIT))  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
        for other in range(self.players):
            if other == seat:
                continue
            for spot in sorted(c for c in self.climbers[other] if c != SUMMIT):
                for dst in PUSH_TARGETS[spot]:  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
                    if dst not in board:
                        out.append(Move("p", spot, dst))  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
        out.extend(Clear(pos) for pos in self.obstacles())
        return out

    def legal_actions(self, seat: int | None = None) -> list[MHAction] | None:
        """Every legal action, in a stable order."""
        seat = self.deciding_seat(seat)
        if seat is None:
            return []
        phase = self.phase
        if phase == SETUP:
            free = self.free_circles(BOTTOM_ROW)
            return [Setup((a, b)) for k, a in enumerate(free) for b in free[k + 1 :]]
        if phase == PLACE:
            return [Place(aside, c) for aside, v in self.placements() for c in self.free_circles(v)]
        if phase == BONUS:
            return [Bonus(d) for d in self.deeds(seat, True)] + [Bonus(None)]  # type: ignore[reportReturnType]  # lists of one action kind
        if phase == DECIDE:
            return ([Roll()] if self.pool > 0 else []) + [Stop()]  # type: ignore[reportReturnType]  # lists of one action kind
        if phase == ACT:
            return [*self.deeds(seat, False), End()]
        if phase == CONSOLE:
            rows = [r for r in ROWS if r not in self.rows_used]
            return [Console(c) for r in rows for c in self.free_circles(r)] + [Console(None)]  # type: ignore[reportReturnType]  # lists of one action kind
        return [Restock(pos) for pos in self.obstacles()]

    def parse_action(self, text: str, seat: int | None = None) -> MHAction:
        return parse_action(text)

    # -- legality with reasons ----------------------------------------------------------------

    _EXPECTED = {  # phase -> (what the player must do now, the rule, the notation)
        SETUP: (N_("place both climbers on row 12"), "MH-R10", "C:12.a,12.b"),
        PLACE: (N_("set dice aside and place an action token"), "MH-R16", "P:<aside>><circle>"),
        BONUS: (N_("take the bonus action or decline it"), "MH-R17", "B:<action> or B:-"),
        DECIDE: (N_("roll again or stop"), "MH-R18", "R or T"),
        ACT: (N_("take a stop-phase action or end"), "MH-R20", "m/p/x or E"),
        CONSOLE: (N_("put the consolation obstacle or decline"), "MH-R19", "O:<circle> or O:-"),
        RESTOCK: (N_("return an obstacle to the empty pool first"), "MH-R24", "K:<circle>"),
    }
    _PHASE_OF = {Setup: SETUP, Place: PLACE, Bonus: BONUS, Roll: DECIDE, Stop: DECIDE, Move: ACT, Clear: ACT,
                 End: ACT, Console: CONSOLE, Restock: RESTOCK}

    def check(self, action: MHAction) -> None:
        seat = self.current
        if self.phase == OVER:
            raise IllegalActionError(_("the game is over: {seat} has both climbers on the summit").format(
                seat=who(self.winner)), rule="MH-R27")  # type: ignore[reportArgumentType]  # the winner is set once the game is over
        if self._PHASE_OF[type(action)] != self.phase:
            words, rule, form = self._EXPECTED[self.phase]
            raise IllegalActionError(_("not now: {seat} must {do} ({form}), not play {action}").format(
                seat=who(seat), do=_(words), form=form, action=action), rule=rule)
        if isinstance(action, Setup):
            for c in action.circles:
                self._check_circle(c)
                if c[0] != BOTTOM_ROW:
                    raise IllegalActionError(_("climbers start on row 12, not on {circle}").format(
                        circle=circle_name(c)), rule="MH-R10")
                if not self.free(c):  # and MH-R10
                    raise IllegalActionError(_("circle {circle} is not free").format(circle=circle_name(c)),
                        rule="MH-R5")
        elif isinstance(action, Place):
            self._check_place(action)
        elif isinstance(action, Bonus):
            if action.deed is not None:
                self._check_deed(seat, action.deed, bonus=True)
        elif isinstance(action, Roll):
            if self.pool == 0:
                raise IllegalActionError(_(
                    "the pool is empty, so there is no token to roll for: the player must stop"), rule="MH-R24")
        elif isinstance(action, Move | Clear):
            self._check_deed(seat, action, bonus=False)
        elif isinstance(action, Console):
            if action.circle is not None:
                c = action.circle
                self._check_circle(c)
                if c[0] in self.rows_used:
                    raise IllegalActionError(_(
                        "the consolation obstacle may not go on row {row}, where this turn’s tokens lay").format(
                        row=c[0]), rule="MH-R19")
                if not self.free(c):  # and MH-R19
                    raise IllegalActionError(_("circle {circle} is not free").format(circle=circle_name(c)),
                        rule="MH-R5")
        elif isinstance(action, Restock):
            self._check_circle(action.circle)
            if self.board.get(action.circle) != OBSTACLE:
                raise IllegalActionError(_("there is no obstacle at {circle} to return to the pool").format(
                    circle=circle_name(action.circle)), rule="MH-R24")

    def _check_circle(self, c: Pos) -> None:
        if not exists(*c):
            raise IllegalActionError(_("there is no circle {circle} on the board").format(circle=spot_text(c)),
                rule="MH-R6")

    def _check_place(self, action: Place) -> None:
        assert self.roll is not None
        remaining = list(self.roll)
        for v in action.aside:
            if v not in remaining:
                raise IllegalActionError(_(
                    "only dice just rolled can be set aside; the roll ({roll}) has no {value} to set aside").format(
                    roll=dice_words(self.roll), value=v), rule="MH-R15")
            remaining.remove(v)
        value = sum(v for v in remaining if remaining.count(v) == 1)
        c = action.circle
        self._check_circle(c)
        if not 5 <= value <= 12:
            words = (_("the dice left in play ({dice}) are worth {value} (a number on more than one die counts "
                       "nothing); the rows go from 5 to 12") if len(set(remaining)) < len(remaining)
                     else _("the dice left in play ({dice}) are worth {value}; the rows go from 5 to 12"))
            raise IllegalActionError(words.format(dice=dice_words(remaining), value=value), rule="MH-R16")
        if value in self.rows_used:
            raise IllegalActionError(_("a token was already placed on row {row} this turn").format(row=value),
                rule="MH-R16")
        if not self.free_circles(value):
            raise IllegalActionError(_("row {row} has no free circle").format(row=value), rule="MH-R16")
        if c[0] != value:
            raise IllegalActionError(_(
                "the dice left in play are worth {value}, so the token goes on row {value}, not on row {row}").format(
                value=value, row=c[0]), rule="MH-R16")
        if not self.free(c):
            raise IllegalActionError(_("circle {circle} is not free").format(circle=circle_name(c)), rule="MH-R5")

    def _check_deed(self, seat: int, deed: Deed, bonus: bool) -> None:
        if isinstance(deed, Clear):
            self._check_circle(deed.circle)
            piece = self.board.get(deed.circle)
            if piece == ACTION:
                raise IllegalActionError(_(
                    "the token at {circle} is action side up (this turn’s); only obstacles can be cleared").format(
                    circle=circle_name(deed.circle)), rule="MH-R21")
            if piece != OBSTACLE:
                raise IllegalActionError(_("there is no obstacle at {circle} to clear").format(
                    circle=circle_name(deed.circle)), rule="MH-R21")
            return
        src, dst = deed.src, deed.dst
        self._check_circle(src)
        owner = self.board.get(src)
        if not isinstance(owner, int):
            raise IllegalActionError(_("there is no climber at {circle}").format(circle=circle_name(src)),
                rule="MH-R21")
        if deed.kind == "m" and owner != seat:
            raise IllegalActionError(_(
                "a climb moves one of your own climbers; the one at {circle} is {seat}’s (push it with p)").format(
                circle=circle_name(src), seat=who(owner)), rule="MH-R21")
        if deed.kind == "p" and owner == seat:
            raise IllegalActionError(_(
                "a push moves an opponent’s climber; the one at {circle} is your own (climb with m)").format(
                circle=circle_name(src)), rule="MH-R21")
        if dst == SUMMIT:
            if deed.kind == "p":
                raise IllegalActionError(_("a push never sends a climber to the summit"), rule="MH-R21")  # D2
            if src[0] != TOP_ROW:
                raise IllegalActionError(_("the summit is reached only from row 5, not from {circle}").format(
                    circle=circle_name(src)), rule="MH-R7")
            if self.hard and bonus:
                raise IllegalActionError(_("with the hard summit a bonus action can never reach the summit"),
                    rule="MH-R28")
            if self.hard and self.actions_left < HARD_SUMMIT_COST:
                raise IllegalActionError(_("the hard summit climb costs {cost} actions; only {left} left").format(
                    cost=HARD_SUMMIT_COST, left=self.actions_left), rule="MH-R28")
            return
        assert not isinstance(dst, str)
        self._check_circle(dst)
        if deed.kind == "m":
            if dst not in NEIGHBOURS[src]:
                raise IllegalActionError(_("{dst} is not next to {src}; a climb is one step").format(  # and MH-R21
                    dst=circle_name(dst), src=circle_name(src)), rule="MH-R7")
        elif dst not in PUSH_TARGETS[src]:
            if dst in NEIGHBOURS[src]:
                raise IllegalActionError(_(
                    "a push goes sideways or upward, never downward ({src} to {dst})").format(
                    src=circle_name(src), dst=circle_name(dst)), rule="MH-R21")
            raise IllegalActionError(_("{dst} is not next to {src}; a push is one step").format(  # D2
                dst=circle_name(dst), src=circle_name(src)), rule="MH-R21")
        if not self.free(dst):
            raise IllegalActionError(_("circle {circle} is not free").format(circle=circle_name(dst)), rule="MH-R5")

    # -- applying -----------------------------------------------------------------------------

    def _apply(self, action: MHAction) -> None:
        seat = self.current
        if isinstance(action, Setup):
            for c in action.circles:
                self.board[c] = seat
            self.climbers[seat] = list(action.circles)
            self.placed += 1
            if self.placed < self.players:
                self.current = self.order[self.placed]
            else:
                self._start_turn(self.order[-1])  # MH-R11: the last placer starts
        elif isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Bonus):
            if action.deed is not None:
                self._do(seat, action.deed, cost=0)  # an extra action (D9): the stop phase's count is untouched
            if self.phase != OVER:
                self.phase = DECIDE
        elif isinstance(action, Roll):
            self._roll()
        elif isinstance(action, Stop):
            self.phase = ACT  # MH-R20: one action per action token of this turn
            self.actions_left = len(self.turn_tokens)
        elif isinstance(action, End):
            self._end_turn()
        elif isinstance(action, Move | Clear):
            hard_summit = self.hard and isinstance(action, Move) and action.dst == SUMMIT
            self._do(seat, action, cost=HARD_SUMMIT_COST if hard_summit else 1)
            if self.phase != OVER and self.actions_left <= 0:
                self._end_turn()
        elif isinstance(action, Console):
            if action.circle is not None:
                self.board[action.circle] = OBSTACLE
                self.pool -= 1
            self._end_turn()  # D15
        elif isinstance(action, Restock):
            del self.board[action.circle]
            self.pool += 1
            self._roll()

    def _place(self, action: Place) -> None:
        """MH-R15/R16/R17: set dice aside, put the action token, earn a bonus when climbers are on the row."""
        row = action.circle[0]
        self.aside.extend(action.aside)
        self.in_play -= len(action.aside)
        bonus = self.row_has_climber(row)  # D9: climbers counted before the token lands
        self.board[action.circle] = ACTION
        self.pool -= 1
        self.rows_used.append(row)
        self.turn_tokens.append(action.circle)
        self.phase = BONUS if bonus else DECIDE

    def _do(self, seat: int, deed: Deed, cost: int) -> None:
        """MH-R21/R22/R27: one action; a climber reaching the summit leaves the grid; two up wins."""
        self.actions_left -= cost
        if isinstance(deed, Clear):
            del self.board[deed.circle]
            self.pool += 1
            return
        owner = self.board.pop(deed.src)
        assert isinstance(owner, int)
        team = self.climbers[owner]
        team[team.index(deed.src)] = deed.dst
        if deed.dst == SUMMIT:
            if all(c == SUMMIT for c in team):  # MH-R27/D16
                self.winner = owner
                self.phase = OVER
        else:
            self.board[deed.dst] = owner  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle

    def _roll(self) -> None:
        """MH-R13: roll every die in play; no usable value is a flop (MH-R19)."""
        rng = self.dice_rng
        self.roll = [rng.below(FACES) + 1 for _ in range(self.in_play)]
        if self.placements():
            self.phase = PLACE
            return
        self.flops += 1
        for c in self.turn_tokens:  # MH-R19: this turn's tokens turn obstacle side up and stay
            self.board[c] = OBSTACLE
        self.turn_tokens = []
        self.phase = CONSOLE

    def _end_turn(self) -> None:
        """MH-R23: flip this turn's tokens, empty every full row of tokens, pass the turn clockwise."""
        board = self.board
        for c in self.turn_tokens:
            board[c] = OBSTACLE
        for row in ROWS:
            cells = ROW_CIRCLES[row]
            if all(c in board for c in cells):
                for c in cells:
                    if isinstance(board[c], str):
                        del board[c]
                        self.pool += 1
        self._start_turn((self.current + 1) % self.players)

    def _start_turn(self, seat: int) -> None:
        """MH-R12/R13/R24: fresh dice; the compulsory roll, or first a restock when the pool is empty."""
        self.current = seat
        self.turn += 1
        self.in_play = DICE
        self.aside = []
        self.rows_used = []
        self.turn_tokens = []
        self.actions_left = 0
        self.roll = None
        if self.pool == 0:
            self.phase = RESTOCK
        else:
            self._roll()

    # -- the end ------------------------------------------------------------------------------

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return Result(_("{seat} wins: both climbers on the summit").format(seat=who(self.winner, capital=True)),  # type: ignore[reportArgumentType]  # the winner is set once the game is over
                      [[self.winner]] + ([[s for s in range(self.players) if s != self.winner]]), winner=self.winner)  # type: ignore[reportArgumentType]  # the winner is set once the game is over

    def payoffs(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.players)]

    # -- bots ---------------------------------------------------------------------------------

    def determinize(self, seat: int, rng: Rng) -> Matterhorn:
        """The state with the future dice resampled from ``rng`` (the roll on the table stays).

        Search sees chance as chance: each sample draws different future rolls, so the search tree
        (keyed by action texts, open loop) averages over them like chance nodes.
        """
        g = self.copy()
        g.dice_rng = Rng(rng.next_u64())
        return g

    # -- presentation -------------------------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "current": None if self.phase == OVER else self.current,
            "turn": self.turn,
            "board": {spot_text(c): str(self.board[c]) for c in CIRCLES if c in self.board},
            "summit": [self.summit_count(s) for s in range(self.players)],
            "climbers": [[spot_text(c) for c in team] for team in self.climbers],
            "pool": self.pool,
            "roll": None if self.roll is None else list(self.roll),
            "in_play": self.in_play,
            "aside": list(self.aside),
            "rows_used": list(self.rows_used),
            "actions_left": self.actions_left,
            "usable_rows": self.usable_rows() if self.phase == PLACE else [],
            "rolloff": [list(r) for r in self.rolloff],
            "placing_order": list(self.order),
            "hard": self.hard,
            "winner": self.winner,
        }

    def render_text(self) -> str:
        lines = ["summit: " + ", ".join(f"seat {s} x{self.summit_count(s)}" for s in range(self.players))]
        for row in sorted(ROWS):
            cells = [" "] * (2 * ROW_WIDTHS[BOTTOM_ROW])
            for i in range(ROW_WIDTHS[row]):
                piece = self.board.get((row, i))
                cells[2 * i + (BOTTOM_ROW - row)] = "." if piece is None else str(piece)
            lines.append(f"{row:>2} " + "".join(cells).rstrip())
        lines.append(f"pool {self.pool}  roll {self.roll or '-'}  aside {self.aside or '-'}  "
                     f"rows used {self.rows_used or '-'}")
        lines.append(self.describe_turn())
        return "\n".join(lines)

    def describe_turn(self) -> str:
        if self.phase == OVER:
            result = self.result()
            return result.summary if result else ""
        words = {
            SETUP: "places both climbers on row 12",
            PLACE: f"rolled {self.roll}: sets dice aside and places a token",
            BONUS: "takes a bonus action or declines",
            DECIDE: "rolls again or stops",
            ACT: f"has {self.actions_left} action(s) left",
            CONSOLE: f"flopped with {self.roll}: may put a consolation obstacle",
            RESTOCK: "returns an obstacle to the empty pool",
        }
        return f"Seat {self.current} {words[self.phase]}"
