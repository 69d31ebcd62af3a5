"""K3 in the page: what the player is doing (selection, arrangement draft) and clicks -> engine actions.

Pure Python, no browser. Every rule question goes to the engine (``legal_actions``, ``check``,
``kind_at``); a refused action keeps the engine's RuleError text for the shell to show. draw.py
draws it; the shell (shell/) does seats, bots, undo, links, the log and the move box.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from shell.contract.markup import Markup
from shell.contract.view import CHANGED, NOTHING, Apply, GameView, Handled, ViewSession

from pygames.core.errors import RuleError
from pygames.core.game import Action, Game
from pygames.core.i18n import N_, _
from pygames.core.rng import Rng
from pygames.k3.actions import Arrange, Extend, Place, Take, White, source_text
from pygames.k3.data import WHITE
from pygames.k3.game import ARRANGE, K3, PENALTY, TURN, is_penalised, pyramid_positions
from pygames.k3.strategy import auto_arrange

from . import draw, pawns
from .draw import Marks, Pos, Source
from .words import KIND_WORDS, SYMBOL_WORDS, kind_name, slot_words


def parse_pos(text: str) -> Pos:
    r, _dot, c = str(text).partition(".")
    return int(r), int(c)


def parse_source(text: str) -> Source:
    """``5.0`` -> (5, 0); ``sW`` -> ``W`` (the notation's pawn source)."""
    text = str(text)
    if text.startswith("s"):
        return text[1:]
    return parse_pos(text)





HOW_TO_TITLE = N_("How to play K3")
HOW_TO = N_(
    "Put one of your uncovered pawns on the mountain, on two neighbouring pawns; at least one of them "
    "must have its colour (natural wood pawns are wild). Landing on two pawns of the same kind is "
    "penalised: the previous player takes one of your pawns. A white pawn lets you pass. When you cannot "
    "play at the start of your turn you are out; the last climber standing wins."
)



class View(GameView[K3]):
    """One K3 game on screen: the selected pawn, the arrangement drafts, the swap pick."""

    how_to_title, how_to_text = HOW_TO_TITLE, HOW_TO
    seed_help = N_("same seed, same game: the base camp and the deal of the pawns")

    option_labels = {"coop": N_("Cooperative variant"), "start": N_("Who starts")}
    option_help = {"coop": N_("everyone wins by completing the summit together")}

    def __init__(self, session: ViewSession) -> None:
        super().__init__(session)
        self.selected: Source | None = None  # the mover's chosen pawn (turn phase)
        self.drafts: dict[int, list[str]] = {}  # seat -> kinds in K3-A1 order (arrangement editor)
        self.pick: Pos | None = None  # first pawn clicked for a swap (arrangement editor)

    def human_mover(self) -> int | None:
        return self.session.human_mover()

    def focus_seat(self) -> int:
        """The seat drawn nearest the player: the human to move, else the first human seat."""
        seat = self.session.viewer()
        return seat if seat is not None else 0

    # -- GameView: words and frame -------------------------------------------------------------

    def subtitle(self) -> str:
        words = _("{n} players").format(n=self.game.players)
        return words + (" · " + _("cooperative") if self.game.options.get("coop") else "")

    def status(self, seat: int, name: str) -> str:
        game = self.game
        if game.phase == ARRANGE:
            return _("{name}: arrange your pyramid").format(name=name)
        if game.phase == PENALTY:
            assert game.victim is not None  # set while a penalty take is pending (K3-R17)
            return _("Penalty! {name}: take one of {victim}’s pawns").format(
                name=name, victim=self.session.short_name(game.victim))
        return _("{name}: your turn").format(name=name)

    def reset(self) -> None:
        self.selected = None
        self.pick = None
        self.drafts.clear()

    def show_hint(self, action: Action | None) -> None:
        """The hint's move as the player's own choice would show: its pawn selected (the legal places marked),
        the place it goes marked as the hint's; an arrangement as the draft."""
        super().show_hint(action)
        seat = self.human_mover()
        if isinstance(action, Place | Extend):
            self.selected = action.src
        elif isinstance(action, Arrange) and seat is not None:
            self.drafts[seat] = list(action.kinds)
        elif action is None:
            self.selected = None

    def root_attrs(self) -> dict[str, Any]:
        return {"data-selected": source_text(self.selected) if self.selected is not None else None}

    def focus_after_render(self) -> tuple[str, ...]:
        # the focused pawn or slot was used up by the move: the next thing to act on
        return ("[data-legal]", 'svg.pyramid [role="button"]', "#turn-status")

    def marks(self) -> Marks:
        """What the drawing shows beyond the state, read once per drawing: the UI state, the engine's
        legal targets for it, the seats' names."""
        game, seat = self.game, self.human_mover()
        players = range(game.players)
        slots, ends = self.legal_targets()
        taking = self.taking()
        return Marks(
            mover=seat,
            to_move=self.session.mover(),
            thinking=self.session.thinking,
            focus=self.focus_seat(),
            names=tuple(self.session.seat_name(s) for s in players),
            short_names=tuple(self.session.short_name(s) for s in players),
            touch=self.touch,
            selected=self.selected,
            pick=self.pick,
            draft=tuple(self.draft(seat)) if seat is not None and game.phase == ARRANGE else (),
            legal_slots=frozenset(slots),
            legal_ends=tuple(ends),
            extension_possible=self.extension_possible(),
            whites=tuple(self.whites()),
            taking=taking,
            takeable=frozenset(a.src for a in self.legal() if isinstance(a, Take)) if taking else frozenset(),
            last=self.last_slot(),
            hinted=self.hint_shown,
        )

    def board(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, K3)
        return draw.board(state, self.marks())

    def taking(self) -> bool:
        """A human here takes a pawn from the penalised player’s pyramid (K3-R17): the pyramid acted on
        is drawn first and large on a phone (style.css), above the mountain."""
        return self.game.phase == PENALTY and self.human_mover() is not None

    def controls(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, K3)
        return draw.controls(state, self.marks())

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        game = self.game
        lines = []
        top = max(r for r, _c in game.mountain)
        for r in range(top + 1):
            pawns = [f"{r}.{c} {kind_name(k)}" for (rr, c), k in sorted(game.mountain.items()) if rr == r]
            if pawns:
                label = _("Mountain, row 0 (the base)") if r == 0 else _("Mountain, row {row}").format(row=r)
                lines.append(f"{label}: {', '.join(pawns)}.")
        slots = []
        for r, c in game.open_slots():
            supports = game.supports((r, c))
            assert supports is not None  # an open slot stands on two pawns (K3-R14)
            a, b = supports
            slots.append(_("{slot} on {a} and {b}").format(slot=f"{r}.{c}", a=kind_name(a), b=kind_name(b)))
        lines.append(_("Open slots: {slots}.").format(slots="; ".join(slots)) if slots else _("No open slot."))
        for s in range(game.players):
            name = self.session.seat_name(s)
            if game.eliminated[s]:
                lines.append(_("{name}: out of the game.").format(name=name))
                continue
            if not game.arranged[s]:
                lines.append(_("{name}: not arranged yet.").format(name=name))
                continue
            free = [f"{kind_name(game.pyramids[s][p])} ({p[0]}.{p[1]})" for p in game.accessible_pyramid(s)]
            free += [_("{kind} (beside)").format(kind=kind_name(k)) for k in game.beside[s]]
            lines.append(_("{name}: free pawns {free}; {n} in the pyramid.").format(
                name=name, free=", ".join(free) or "—", n=len(game.pyramids[s])))
        return lines

    def legend(self) -> Markup:
        return pawns.legend("BRKYGNW", names={kind: kind_name(kind) for kind in KIND_WORDS},
                            symbols={kind: _(word) for kind, word in SYMBOL_WORDS.items()})


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
        self.drafts[seat] = list(auto_arrange(self.game, seat, rng or Rng(random.SystemRandom().getrandbits(64))))
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

    def handle(self, act: str, data: dict[str, str]) -> Handled:
        game = self.game
        seat = self.human_mover()
        assert seat is not None  # the shell asks only while a human may act
        if act == "deselect":
            self.selected = self.pick = None
            return CHANGED
        if act == "drag":  # the arrangement editor: a pawn dragged onto another swaps them
            if game.phase != ARRANGE:
                return NOTHING
            self.pick = None
            for pos in (data.get("from", ""), data.get("to", "")):
                owner, _colon, where = pos.partition(":")
                if owner == str(seat) and where:
                    self.swap(seat, parse_pos(where))
            return CHANGED
        if game.phase == ARRANGE:
            return self._handle_arrange(seat, act, data)
        if game.phase == PENALTY:
            return self._handle_penalty(act, data)
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

    def _handle_arrange(self, seat: int, act: str, data: dict[str, str]) -> Handled:
        if act == "shuffle":
            self.shuffle_draft(seat)
            return CHANGED
        if act == "auto":
            self.auto_draft(seat)
            return CHANGED
        if act == "ready":
            return Apply(Arrange("".join(self.draft(seat))))
        clicked = self._clicked_pawn(data) if act == "pawn" else None
        if clicked is None:
            if act != "key":
                words = (_("{name} first arranges their pyramid, then taps Ready.") if self.touch
                         else _("{name} first arranges their pyramid, then presses Ready."))
                self.session.notice(words.format(name=self.session.seat_name(seat)))
            return CHANGED if act != "key" else NOTHING
        owner, src = clicked
        if owner != seat or isinstance(src, str):
            self.session.notice(_("Arrange your own pyramid: tap one of its pawns, then another to swap them.")
                             if self.touch else
                             _("Arrange your own pyramid: click one of its pawns, then another to swap them."))
            return CHANGED
        self.swap(seat, src)
        return CHANGED

    def _handle_penalty(self, act: str, data: dict[str, str]) -> Handled:
        victim = self.game.victim
        assert victim is not None  # set while a penalty take is pending (K3-R17)
        clicked = self._clicked_pawn(data) if act == "pawn" else None
        if clicked is None or clicked[0] != victim:
            if act == "key":
                return NOTHING
            self.session.notice(_("Penalty: take one of {victim}’s highlighted pawns.").format(
                victim=self.session.short_name(victim)))
            return CHANGED
        return Apply(Take(clicked[1]))

    def _handle_turn(self, seat: int, act: str, data: dict[str, str]) -> Handled:
        game = self.game
        if act == "pawn":
            clicked = self._clicked_pawn(data)
            if clicked is None:
                return NOTHING
            owner, src = clicked
            if owner != seat:
                self.session.notice(_("It is {name}’s turn: use one of their highlighted pawns.").format(
                    name=self.session.seat_name(seat)))
                return CHANGED
            try:
                kind = game.kind_at(seat, src)
            except RuleError as error:
                return self.session.refuse(error)
            self.selected = None if self.selected == src else src
            if self.selected is not None and kind == WHITE:
                self.session.notice(
                    _("A white pawn is never placed on the mountain: use it to pass with the white button."),
                    info=True)
            return CHANGED
        if act == "white":
            return Apply(White(parse_source(data.get("src", ""))))
        if act in ("slot", "end"):
            if self.selected is None:
                return self.session.notice(_("First choose one of your highlighted pawns, then where it goes."))
            if act == "slot":
                return Apply(Place(self.selected, parse_pos(data.get("slot", ""))))
            return Apply(Extend(self.selected, data.get("end", "")))
        return NOTHING

    # -- text -----------------------------------------------------------------------------------

    def hint(self) -> str:
        game = self.game
        seat = self.human_mover()
        if seat is None or game.is_over():
            return ""
        if game.phase == ARRANGE:
            if self.touch:
                return _("Tap a pawn, then another, to swap them. Pawns near the top become usable first. "
                         "Tap Ready when you are happy.")
            return _(
                "Click a pawn, then another, to swap them. Pawns near the top become usable first. "
                "Press Ready when you are happy."
            )
        if game.phase == PENALTY:
            assert game.victim is not None  # set while a penalty take is pending (K3-R17)
            return _(
                "{victim} placed a pawn on two pawns of the same kind. As the previous player, you take one of "
                "their accessible pawns (highlighted); it goes beside your pyramid."
            ).format(victim=self.session.short_name(game.victim))
        if self.extension_possible():
            return _("No slot is open: choose a pawn, then extend the base at the left or right end.")
        climbs = [a for a in self.legal() if isinstance(a, Place | Extend)]
        if self.selected is None:
            if not climbs and self.whites():
                return _("None of your pawns can go on the mountain now: pass with a white pawn (the white button).")
            return _("Choose one of your highlighted (uncovered) pawns.")
        kind = self.game.kind_at(seat, self.selected)
        if kind == WHITE:
            if self.touch:
                return _("A white pawn is used to pass: tap the white button, or choose another pawn.")
            return _("A white pawn is used to pass: press the white button, or choose another pawn.")
        slots, ends = self.legal_targets()
        if not slots and not ends:
            kind = kind_name(kind)
            return _(
                "No open slot takes this {kind} pawn: it needs a {kind} or natural pawn below it. "
                "Choose another pawn, or use a white to pass."
            ).format(kind=kind)
        return _("Now choose a highlighted slot on the mountain.")

    def last_slot(self) -> Pos | None:
        """Where the last placed or extended pawn went (for the 'last move' ring)."""
        game = self.game
        if not game.history:
            return None
        action = game.parse_action(game.history[-1])
        if isinstance(action, Place):
            return action.slot
        if isinstance(action, Extend):
            return (0, game.left if action.end == "L" else game.right)
        return None

    def describe(self, before: Game, text: str, after: Game) -> str:
        assert isinstance(before, K3) and isinstance(after, K3)
        words = describe_move(before, text, self.session.short_name)
        extra = consequences(before, after, self.session.short_name)
        return f"{words}; {extra}" if extra else words

    def move_label(self, action: Action) -> str:
        return describe_move(self.game, str(action), self.session.short_name)


def player(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


def describe_move(before: K3, text: str, name: Callable[[int], str] = player) -> str:
    """A few words for a move, from the state before it (e.g. "red to 1.3 — penalty")."""
    seat = before.to_move()[0]
    action = before.parse_action(text)
    if isinstance(action, Arrange):
        return _("arranged the pyramid")
    owner = before.victim if isinstance(action, Take) else seat
    assert owner is not None  # a take is legal only while a penalty take is pending (K3-R17)
    src = action.src
    kind = src if isinstance(src, str) else before.pyramids[owner].get(src, "?")
    pawn = kind_name(kind)
    if isinstance(action, Take):
        return _("took a {kind} pawn from {name}").format(kind=pawn, name=name(owner))
    if isinstance(action, White):
        return _("passed with a white")
    if isinstance(action, Extend):
        if action.end == "L":
            return _("{kind}: base extended to the left").format(kind=pawn)
        return _("{kind}: base extended to the right").format(kind=pawn)
    supports = before.supports(action.slot)
    penalty = supports is not None and is_penalised(*supports)
    row, nth = slot_words(before, action.slot)
    if penalty:
        return _("{kind} to row {row}, slot {n} from the left — penalty").format(kind=pawn, row=row, n=nth)
    return _("{kind} to row {row}, slot {n} from the left").format(kind=pawn, row=row, n=nth)



def consequences(before: K3, after: K3, name: Callable[[int], str] = player) -> str:
    """What the engine did by itself after a move: eliminations (K3-R12), the spare white (K3-R21)."""
    out = []
    for seat in after.elimination_order[len(before.elimination_order) :]:
        out.append(_("{name} cannot play and is out").format(name=name(seat)))
    for seat in range(after.players):
        if (
            before.spare_white
            and not after.spare_white
            and after.beside[seat].count(WHITE) > before.beside[seat].count(WHITE)
        ):
            out.append(_("{name} receives the spare white").format(name=name(seat)))
    return "; ".join(out)
