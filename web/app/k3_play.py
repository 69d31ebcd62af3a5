"""K3 in the page, the session: what the player is doing (selection, arrangement draft, messages).

Pure Python, no browser: ``K3Play.handle`` turns a clicked element's ``data-*`` values into engine
actions. Every rule question goes to the engine (``legal_actions``, ``check``, ``kind_at``); a
refused action keeps the engine's RuleError text for the page to show. k3_view.py draws it.
"""

from __future__ import annotations

import random

from players import HUMAN, short_label

from pygames.core.errors import RuleError
from pygames.core.match import Match
from pygames.core.rng import Rng
from pygames.k3.actions import Arrange, Extend, Place, Take, White
from pygames.k3.data import KIND_NAMES, WHITE
from pygames.k3.game import ARRANGE, K3, OVER, PENALTY, TURN, is_penalised, pyramid_positions

Pos = tuple[int, int]
Source = Pos | str

MOVED, CHANGED, NOTHING = "moved", "changed", ""


def parse_pos(text: str) -> Pos:
    r, _, c = str(text).partition(".")
    return int(r), int(c)


def parse_source(text: str) -> Source:
    """``5.0`` -> (5, 0); ``sW`` -> ``W`` (the notation's pawn source)."""
    text = str(text)
    if text.startswith("s"):
        return text[1:]
    return parse_pos(text)


def kind_name(kind: str) -> str:
    return KIND_NAMES[kind]


class K3Play:
    """One K3 game on screen: the match (record, undo/redo) plus what the player is doing now."""

    game_name = "k3"

    def __init__(self, match: Match, seats: list[str], save_id: str = "") -> None:
        self.match = match
        self.seats = list(seats)
        self.save_id = save_id
        self.selected: Source | None = None  # the mover's chosen pawn (turn phase)
        self.drafts: dict[int, list[str]] = {}  # seat -> kinds in K3-A1 order (arrangement editor)
        self.pick: Pos | None = None  # first pawn clicked for a swap (arrangement editor)
        self.message = ""  # the last refusal, in words
        self.thinking: int | None = None  # seat of a bot that is thinking
        self.dialog_closed = False

    # -- who is who ----------------------------------------------------------------------------

    @property
    def game(self) -> K3:
        return self.match.game  # type: ignore[return-value]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def mover(self) -> int | None:
        movers = self.game.to_move()
        return movers[0] if movers else None

    def human_mover(self) -> int | None:
        seat = self.mover()
        return seat if seat is not None and self.is_human(seat) else None

    def bot_mover(self) -> int | None:
        seat = self.mover()
        return seat if seat is not None and not self.is_human(seat) else None

    def focus_seat(self) -> int:
        """The seat drawn nearest the player: the human to move, else the first human seat."""
        seat = self.human_mover()
        if seat is not None:
            return seat
        humans = [s for s in range(self.game.players) if self.is_human(s)]
        return humans[0] if humans else 0

    def seat_name(self, seat: int) -> str:
        humans = sum(1 for s in self.seats if s == HUMAN)
        who = "you" if self.is_human(seat) and humans == 1 else short_label(self.seats[seat])
        return f"Seat {seat} ({who})"

    def reset_ui(self) -> None:
        self.selected = None
        self.pick = None
        self.message = ""
        self.drafts.clear()
        self.dialog_closed = False

    # -- arrangement draft ---------------------------------------------------------------------

    def draft(self, seat: int) -> list[str]:
        if seat not in self.drafts:
            view = self.game.pyramid_view(seat)
            self.drafts[seat] = [view[p] for p in pyramid_positions(self.game.base)]
        return self.drafts[seat]

    def draft_pyramid(self, seat: int) -> dict[Pos, str]:
        return dict(zip(pyramid_positions(self.game.base), self.draft(seat), strict=True))

    def shuffle_draft(self, seat: int, chooser: random.Random | None = None) -> None:
        kinds = list(self.draft(seat))
        (chooser or random.SystemRandom()).shuffle(kinds)
        self.drafts[seat] = kinds
        self.pick = None

    def auto_draft(self, seat: int, rng: Rng | None = None) -> None:
        action = self.game.heuristic_action(seat, rng or Rng(random.SystemRandom().getrandbits(64)))
        if isinstance(action, Arrange):
            self.drafts[seat] = list(action.kinds)
        self.pick = None

    def swap(self, seat: int, pos: Pos) -> None:
        if self.pick is None:
            self.pick = pos
            return
        if self.pick != pos:
            order = pyramid_positions(self.game.base)
            kinds = self.draft(seat)
            a, b = order.index(self.pick), order.index(pos)
            kinds[a], kinds[b] = kinds[b], kinds[a]
        self.pick = None

    # -- legal choices (all from the engine) -----------------------------------------------------

    def legal(self) -> list:
        seat = self.mover()
        if seat is None or self.game.phase == ARRANGE:
            return []
        return list(self.game.legal_actions(seat) or [])

    def legal_targets(self) -> tuple[set[Pos], list[str]]:
        """Slots and base ends where the selected pawn may go."""
        if self.selected is None or self.human_mover() is None or self.game.phase != TURN:
            return set(), []
        slots = {a.slot for a in self.legal() if isinstance(a, Place) and a.src == self.selected}
        ends = [a.end for a in self.legal() if isinstance(a, Extend) and a.src == self.selected]
        return slots, ends

    def whites(self) -> list[White]:
        if self.human_mover() is None or self.game.phase != TURN:
            return []
        return [a for a in self.legal() if isinstance(a, White)]

    def extension_possible(self) -> bool:
        return self.game.phase == TURN and any(isinstance(a, Extend) for a in self.legal())

    # -- input ---------------------------------------------------------------------------------

    def apply(self, action: object) -> str:
        try:
            self.match.apply(action)
        except RuleError as error:
            self.message = f"Not allowed: {error}"
            return CHANGED
        self.reset_ui()
        return MOVED

    def apply_bot(self, action: object) -> None:
        self.match.apply(action)
        self.thinking = None
        self.reset_ui()

    def handle(self, act: str, data: dict[str, str]) -> str:
        """A click on an element with ``data-act``; returns MOVED, CHANGED or NOTHING."""
        game = self.game
        if act == "close-dialog":
            self.dialog_closed = True
            return CHANGED
        if act == "deselect":
            self.selected = self.pick = None
            self.message = ""
            return CHANGED
        if game.phase == OVER:
            self.message = "The game is over: start a new game or a rematch."
            return CHANGED
        seat = self.human_mover()
        if seat is None:
            bot = self.mover()
            self.message = f"Wait: {self.seat_name(bot)} is thinking." if bot is not None else ""
            return CHANGED
        self.message = ""
        if game.phase == ARRANGE:
            return self._handle_arrange(seat, act, data)
        if game.phase == PENALTY:
            return self._handle_penalty(seat, act, data)
        return self._handle_turn(seat, act, data)

    def _clicked_pawn(self, data: dict[str, str]) -> tuple[int, Source] | None:
        if "seat" not in data:
            return None
        seat = int(data["seat"])
        if "pos" in data:
            return seat, parse_pos(data["pos"])
        if "beside" in data:
            return seat, data["beside"]
        return None

    def _handle_arrange(self, seat: int, act: str, data: dict[str, str]) -> str:
        if act == "shuffle":
            self.shuffle_draft(seat)
            return CHANGED
        if act == "auto":
            self.auto_draft(seat)
            return CHANGED
        if act == "ready":
            return self.apply(Arrange("".join(self.draft(seat))))
        clicked = self._clicked_pawn(data) if act == "pawn" else None
        if clicked is None:
            self.message = f"{self.seat_name(seat)} first arranges their pyramid, then presses Ready."
            return CHANGED
        owner, src = clicked
        if owner != seat or isinstance(src, str):
            self.message = f"Arrange seat {seat}'s pyramid: click one of its pawns, then another to swap them."
            return CHANGED
        self.swap(seat, src)
        return CHANGED

    def _handle_penalty(self, seat: int, act: str, data: dict[str, str]) -> str:
        victim = self.game.victim
        clicked = self._clicked_pawn(data) if act == "pawn" else None
        if clicked is None or clicked[0] != victim:
            self.message = f"Penalty: take one of seat {victim}'s highlighted pawns."
            return CHANGED
        return self.apply(Take(clicked[1]))

    def _handle_turn(self, seat: int, act: str, data: dict[str, str]) -> str:
        game = self.game
        if act == "pawn":
            clicked = self._clicked_pawn(data)
            if clicked is None:
                return NOTHING
            owner, src = clicked
            if owner != seat:
                self.message = f"It is {self.seat_name(seat)}'s turn: use a highlighted pawn of seat {seat}."
                return CHANGED
            try:
                kind = game.kind_at(seat, src)
            except RuleError as error:
                self.message = f"Not allowed: {error}"
                return CHANGED
            self.selected = None if self.selected == src else src
            if self.selected is not None and kind == WHITE:
                self.message = "A white pawn is never placed on the mountain: use it to pass with the white button."
            return CHANGED
        if act == "white":
            return self.apply(White(parse_source(data.get("src", ""))))
        if act in ("slot", "end"):
            if self.selected is None:
                self.message = "First choose one of your highlighted pawns, then where it goes."
                return CHANGED
            if act == "slot":
                return self.apply(Place(self.selected, parse_pos(data.get("slot", ""))))
            return self.apply(Extend(self.selected, data.get("end", "")))
        return NOTHING

    # -- text -----------------------------------------------------------------------------------

    def status(self) -> str:
        """Whose turn it is, in words (the turn indicator)."""
        game = self.game
        if game.phase == OVER:
            return self.result_title()
        seat = self.mover()
        assert seat is not None
        name = self.seat_name(seat)
        if self.thinking is not None:
            return f"{self.seat_name(self.thinking)} is thinking…"
        if not self.is_human(seat):
            return f"{name} is about to play…"
        if game.phase == ARRANGE:
            return f"{name}: arrange your pyramid"
        if game.phase == PENALTY:
            return f"Penalty! {name}: take one of seat {game.victim}'s pawns"
        return f"{name}: your turn"

    def hint(self) -> str:
        game = self.game
        seat = self.human_mover()
        if seat is None or game.phase == OVER:
            return ""
        if game.phase == ARRANGE:
            return (
                "Click a pawn, then another, to swap them. Pawns near the top become usable first. "
                "Press Ready when you are happy."
            )
        if game.phase == PENALTY:
            return (
                f"Seat {game.victim} placed a pawn on two pawns of the same kind. As the previous player, "
                f"you take one of their accessible pawns (highlighted); it goes beside your pyramid."
            )
        if self.extension_possible():
            return "No slot is open: choose a pawn, then extend the base at the left or right end."
        if self.selected is None:
            return "Choose one of your highlighted (uncovered) pawns."
        slots, ends = self.legal_targets()
        if not slots and not ends:
            kind = kind_name(self.game.kind_at(seat, self.selected))
            return (
                f"No open slot takes this {kind} pawn: it needs a {kind} or natural pawn below it. "
                "Choose another pawn, or use a white to pass."
            )
        return "Now choose a highlighted slot on the mountain."

    def result_title(self) -> str:
        result = self.game.result() or {}
        if "coop" in result:
            return "The team reached the summit!" if result["coop"] == "win" else "The team lost"
        winner = result.get("winner")
        if winner is None:
            return "Game over"
        humans = sum(1 for s in self.seats if s == HUMAN)
        if humans == 1 and self.is_human(winner):
            return f"You win! (seat {winner})"
        return f"{self.seat_name(winner)} wins!"

    def movers_of_history(self) -> list[int]:
        """Who made each move (the seat to move in the snapshot before it)."""
        snaps = self.match.snapshots
        return [snaps[i].to_move()[0] for i in range(len(snaps) - 1)]

    def last_slot(self) -> Pos | None:
        """Where the last placed or extended pawn went (for the 'last move' ring)."""
        game = self.game
        if not game.history:
            return None
        text = game.history[-1]
        action = game.parse_action(text)
        if isinstance(action, Place):
            return action.slot
        if isinstance(action, Extend):
            return (0, game.left if action.end == "L" else game.right)
        return None


def describe_move(before: K3, text: str) -> str:
    """A few words for a move, from the state before it (e.g. "red to 1.3, penalty")."""
    seat = before.to_move()[0]
    action = before.parse_action(text)
    if isinstance(action, Arrange):
        return "arranged the pyramid"
    owner = before.victim if isinstance(action, Take) else seat
    src = action.src
    kind = src if isinstance(src, str) else before.pyramids[owner].get(src, "?")
    name = KIND_NAMES.get(kind, "?")
    if isinstance(action, Take):
        return f"took a {name} pawn from S{owner}"
    if isinstance(action, White):
        return "passed with a white"
    if isinstance(action, Extend):
        return f"{name}: base extended {'left' if action.end == 'L' else 'right'}"
    supports = before.supports(action.slot)
    penalty = supports is not None and is_penalised(*supports)
    return f"{name} to {action.slot[0]}.{action.slot[1]}" + (" — penalty" if penalty else "")


def consequences(before: K3, after: K3) -> str:
    """What the engine did by itself after a move: eliminations (K3-R12), the spare white (K3-R21)."""
    out = []
    for seat in after.elimination_order[len(before.elimination_order) :]:
        out.append(f"seat {seat} cannot play and is out")
    for seat in range(after.players):
        if (
            before.spare_white
            and not after.spare_white
            and after.beside[seat].count(WHITE) > before.beside[seat].count(WHITE)
        ):
            out.append(f"seat {seat} receives the spare white")
    return "; ".join(out)
