"""A game on screen, the shell's part: seats, whose turn, the hand-off, the move box, messages, words.

Pure Python, no browser. ``Session`` holds the match (record, undo/redo) and the seats, asks the engine
every rule question, and delegates drawing and clicks on the board to the game's view
(``shell.contract.view.GameView``). shell/screens/game.py draws it; the page (shell/page/: the ``App`` and its
parts) wires it to the page. Its replay cursor is ``SessionReplay`` (replay.py), its words ``SessionWords``
(narration.py): each declares what it reads of the session.
(Not ``Play``: a name that would clash with K2's ``Play`` action.)
"""

from __future__ import annotations

from typing import Any, Literal

from pygames.core.errors import RuleError
from pygames.core.game import Action, Game
from pygames.core.i18n import N_, _
from pygames.core.match import Match

from ..contract.rules import section_for_phase, section_for_rule
from ..contract.view import CHANGED, MOVED, NOTHING, Apply, GameView, Outcome
from .hints import Hint, SessionHints
from .narration import SessionWords
from .players import HUMAN, seats_text, short_label
from .replay import DEFAULT_SPEED, REPLAY_ACTS, SessionReplay
from .saves import MemoryStorage

HINT_ACTS = frozenset(("hint", "hint-play", "hint-close"))  # the shell's hint (``SessionHints``)
LEGAL_LIST_LIMIT = 200  # legal moves listed at once (type in the move box to narrow the list)
UNDO_PAST_HANDOFF = N_("Undo cannot go back past the hand-off: the moves before it are another player’s, and "
                       "may be a secret choice.")
REDO_OTHERS = N_("Redo cannot play again what another player took back: their choice may be secret.")


class Session(SessionWords, SessionReplay, SessionHints):
    """One game on screen: the match plus what the people at the table are doing now."""

    def __init__(
        self,
        match: Match,
        seats: list[str],
        save_id: str,
        view_class: type[GameView],
        names: list[str] | None = None,
        device: Any = None,
    ) -> None:
        self.match = match
        self.seats = list(seats)
        self.names = list(names) if names else [""] * len(seats)  # humans' names ("": the default)
        self.save_id = save_id
        self.thinking: int | None = None  # seat of a bot that is thinking
        self.think_budget_ms: float | None = None  # that bot's time budget, when it has one (its progress)
        self.message = ""  # the last refusal or notice, in words
        self.message_info = False  # a notice (not a refusal or a warning)
        self.message_rule = ""  # the rule id an engine refusal named (its rules section is linked)
        self.dialog_closed = False
        self.holder: int | None = None  # the human who holds the device (hidden-information games)
        self.held_since = 0  # the moves in the record when it was passed to the holder (their undo stops there)
        self.undone_by: int | None = None  # the holder who took back the moves that redo would play again
        self.move_text = ""  # what is typed in the move box
        self.legal_open = False  # the list of legal moves is expanded
        self.log_all = False  # the whole move log is shown (else the newest few)
        self.describe_open = False  # the board is described in words
        # per move: ((id of the state after, language generation), viewer, words)
        self._sentences: list[tuple[tuple[int, int], int | None, str]] = []
        # the states as the viewer sees them (the newest and the one shown), and the legal actions per seat:
        # asked of the engine once per state (the state itself is kept, so its id is not reused)
        self._seen: list[tuple[Game, int | None, Game]] = []
        self._legal: tuple[Game, int, dict[int, list[Action] | None]] | None = None
        # what a game keeps on this device between games (localStorage's getItem/setItem; the page's
        # navigation passes the page's storage, tests and rules pages get a MemoryStorage): e.g. a best score
        self.device = device if device is not None else MemoryStorage()
        # a game that was over when it opened (a link, e.g. a friend's result): kept as it came, Undo does nothing
        # on it ("Play from here" plays on from any of its positions in a new game)
        self.opened_finished = False
        self.at: int | None = None  # the replay cursor: the moves shown (None: the newest position)
        self.autoplay = False  # the replay steps on by itself (the page's timer)
        self.replay_speed = DEFAULT_SPEED  # seconds per move when it does
        # the player points with a finger (a coarse pointer: the page's ``(pointer: coarse)``, set by
        # the page's navigation): views say "Tap" rather than "Click" and leave out key hints
        self.touch = False
        self.hints_unsaved = False  # a hint was asked for since the last save (the page saves at once)
        self.hint: Hint | None = None  # the hint shown, for the position it was asked at (``SessionHints``)
        self.hinting: int | None = None  # the seat a hint is being thought for
        self.view = view_class(self)

    # -- who is who ----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def name(self) -> str:
        return self.match.name

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def hides_information(self) -> bool:
        """The game hides part of its state from some seats (K2's hands): views, hand-off, no link."""
        return bool(getattr(type(self.game), "hides_information", False))

    def mover(self) -> int | None:
        """The first seat to act (several act at once in a simultaneous choice)."""
        movers = self.game.to_move()
        return movers[0] if movers else None

    def bot_mover(self) -> int | None:
        """A bot that must act now. In a simultaneous choice bots choose first, at once. (None while an
        earlier position is shown: the bots wait.)"""
        if self.at is not None:
            return None
        return next((s for s in self.game.to_move() if not self.is_human(s)), None)

    def human_mover(self) -> int | None:
        """The human who must act now (none while a bot must act first); the device holder first. (None
        while an earlier position is shown: nothing can be played on it.)"""
        movers = self.game.to_move()
        if self.at is not None or not movers or any(not self.is_human(s) for s in movers):
            return None
        if self.holder in movers:
            return self.holder
        return movers[0]

    def short_name(self, seat: int) -> str:
        """The seat in a sentence: the player's name, else the game's label ("Red", "Player 2")."""
        return self.names[seat] or self.view.seat_label(seat)

    def seat_name(self, seat: int) -> str:
        """The seat in full: "Red (you)", "Player 2 (medium bot)", "Anna (Red)", "Bob"."""
        notes = []
        if self.names[seat] and self.view.seat_colour(seat):
            notes.append(self.view.seat_colour(seat))
        if not self.is_human(seat):
            notes.append(short_label(self.seats[seat]))
        elif len(self.humans()) == 1:
            notes.append(_("you"))
        name = self.short_name(seat)
        return _("{name} ({notes})").format(name=name, notes=", ".join(notes)) if notes else name

    def seats_text(self) -> str:
        """The record's ``seats`` extra for these seats and names."""
        return seats_text(self.seats, self.names)

    # -- hidden information: who looks, hand-off, link ---------------------------------------

    def handoff_seat(self) -> int | None:
        """The human the device must be passed to before anything private is shown, or None.

        Only in games that hide information, with two or more humans at the device: whenever the
        human to act (or, while bots act, the human who will look) is not the one holding it.
        """
        humans = self.humans()
        if not self.hides_information or len(humans) < 2 or self.game.is_over():
            return None
        target = self.human_mover()
        if target is None:
            target = self.holder if self.holder is not None else humans[0]
        return target if target != self.holder else None

    def viewer(self) -> int | None:
        """The seat whose eyes the board is drawn with (None: everything may be shown)."""
        if not self.hides_information:
            seat = self.human_mover()
            if seat is not None:
                return seat
            humans = self.humans()
            return humans[0] if humans else None
        humans = self.humans()
        if self.game.is_over() or not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.holder if self.holder is not None else humans[0]

    def visible_state(self) -> Game:
        """The state on screen (the newest, or the one the replay shows) as the viewer may see it (the
        engine's ``view``): what the game's view draws and reads (``GameView.game``)."""
        return self.seen_state(self.moves_shown())

    def seen_state(self, index: int) -> Game:
        """The match's state ``index`` (0: before the first move, -1: now) as the viewer may see it (the
        engine's ``view`` for the viewer, made once per state and viewer for the newest and the shown one)."""
        snaps = self.match.snapshots
        state, seat = snaps[index], self.viewer()
        if not self.hides_information or seat is None:
            return state
        for kept, kept_seat, seen in self._seen:
            if kept is state and kept_seat == seat:
                return seen
        seen = state.view(seat)
        self._seen = [*self._seen[-3:], (state, seat, seen)]
        return seen

    @property
    def hot_seat(self) -> bool:
        """Several humans pass one device in a game that hides information: undo and redo are then the
        holder's own, back to the hand-off to them and no further (never into another's secret choice)."""
        return self.hides_information and len(self.humans()) >= 2

    def undo_floor(self) -> int:
        """The moves undo may not go back before: in a hot seat, where the device was passed to its holder
        (all of them before the first hand-off); else 0."""
        if not self.hot_seat:
            return 0
        return self.held_since if self.holder is not None else len(self.game.history)

    def can_undo(self) -> bool:
        """Undo would take back a human's decision: not past a hot seat's hand-off, and never on a game that
        came finished from a link."""
        return not self.opened_finished and self.match.can_undo(self.is_human, self.undo_floor())

    def can_redo(self) -> bool:
        return self.match.can_redo() and (not self.hot_seat or self.undone_by == self.holder)

    def undo_refusal(self) -> str:
        """Why undo cannot take back what it could without the hand-off ("" when it can, or when there is
        nothing to take back at all)."""
        if self.opened_finished:
            return _("This finished game came from a link and stays as it is. To play on, go back to a move and "
                     "choose “Play from here”.")
        if self.hot_seat and not self.can_undo() and self.match.can_undo(self.is_human):
            return _(UNDO_PAST_HANDOFF)
        return ""

    def redo_refusal(self) -> str:
        """Why redo cannot play again what is there to redo ("" when it can, or when there is nothing)."""
        if self.match.can_redo() and not self.can_redo():
            return _(REDO_OTHERS)
        return ""

    def undo(self) -> int:
        """Undo (back to the previous human decision, in a hot seat not past the hand-off); says why not
        when it cannot. Returns the moves taken back."""
        return self._step(undo=True)

    def redo(self) -> int:
        """Redo (up to the next human decision; in a hot seat only what the holder took back)."""
        return self._step(undo=False)

    def _step(self, undo: bool) -> int:
        refusal = self.undo_refusal() if undo else self.redo_refusal()
        if refusal:
            self.notice(refusal, info=self.opened_finished)
            return 0
        self.go_to(len(self.game.history))  # (from the newest position)
        self.autoplay = False
        if undo:
            count = self.match.undo(self.is_human, self.undo_floor())
            if count:
                self.undone_by = self.holder
                self.drop_later_hinted()
        else:
            count = self.match.redo(self.is_human)
        self.reset_ui()
        return count

    def link_hidden(self) -> bool:
        """True while the record holds something the viewer may not see (a secret choice): then
        the page shows no link, since a link holds every seat's choices."""
        if not self.hides_information or self.viewer() is None:
            return False
        return self.seen_state(-1).history != self.game.history

    # -- playing -------------------------------------------------------------------------------

    def notice(self, text: str, info: bool = False) -> Literal[Outcome.CHANGED]:
        """Show ``text`` above the board (a refusal or warning unless ``info``); returns CHANGED."""
        self.message = text
        self.message_info = info
        self.message_rule = ""
        return CHANGED

    def refuse(self, error: Exception) -> Literal[Outcome.CHANGED]:
        """The engine refused an action: its reason in words (the rule's section is linked, not its id)."""
        rule, words = (error.rule, error.words) if isinstance(error, RuleError) else ("", str(error))
        self.notice(_("Not allowed: {reason}").format(reason=words))
        self.message_rule = rule
        return CHANGED

    def reset_ui(self) -> None:
        self.message = ""
        self.dialog_closed = False
        self.view.reset()
        self.forget_hint()

    def apply(self, action: Action | str) -> Outcome:
        """Play a human's action: MOVED, or CHANGED with the engine's reason (nothing else changes). A move the
        hint showed is marked so in the record."""
        hint = self.shown_hint()
        try:
            self.match.apply(action)
        except RuleError as error:
            return self.refuse(error)
        self.note_played(str(self.game.history[-1]), hint)
        self.reset_ui()
        self.move_text = ""
        return MOVED

    def apply_bot(self, action: Action | str) -> None:
        self.match.apply(action)
        self.drop_later_hinted()
        self.thinking = None
        self.view.reset()
        self.forget_hint()

    def type_move(self, text: str) -> Outcome:
        """A move typed in the move box, in the game's notation."""
        self.move_text = text
        text = text.strip()
        if not text:
            return self.notice(_("Type a move in the game’s notation (the list of legal moves shows them)."))
        seat = self._acting_seat()
        if seat is None:
            return CHANGED
        try:
            action = self.game.parse_action(text, seat)
        except RuleError as error:
            return self.refuse(error)
        return self.apply(action)

    def _acting_seat(self) -> int | None:
        """The human who may act now; otherwise says why not (in ``message``) and returns None."""
        if self.at is not None:
            self.notice(_("This is an earlier position: nothing can be played on it. Go to the newest position to "
                          "play.") if self.touch else
                        _("This is an earlier position: nothing can be played on it. Go to the newest position (End) "
                          "to play."))
            return None
        if self.game.is_over():
            self.notice(_("The game is over: start a new game or a rematch."))
            return None
        if self.thinking is not None:
            self.notice(_("Wait: {name} is thinking.").format(name=self.seat_name(self.thinking)))
            return None
        seat = self.human_mover()
        if seat is None:
            bot = self.bot_mover()
            self.notice(_("Wait: {name} is about to play.").format(name=self.seat_name(bot)) if bot is not None else "")
            return None
        handoff = self.handoff_seat()
        if handoff is not None:
            self.notice(_("First pass the device to {name}.").format(name=self.seat_name(handoff)))
            return None
        return seat

    def handle(self, act: str, data: dict[str, str]) -> Outcome:
        """A click (or key) with ``data-act``: the shell's own acts, else the view's. Returns MOVED,
        CHANGED or NOTHING."""
        if act == "dismiss-message":  # the refusal's close button
            self.message = ""
            return CHANGED
        if act == "close-dialog":
            self.dialog_closed = True
            return CHANGED
        if act == "handoff":
            target = self.handoff_seat()
            if target is not None:
                self.holder = target
                self.held_since = len(self.game.history)
                self.message = ""
            return CHANGED
        if act == "legal-toggle":
            self.legal_open = not self.legal_open
            return CHANGED
        if act == "log-all":
            self.log_all = not self.log_all
            return CHANGED
        if act == "describe":
            self.describe_open = not self.describe_open
            return CHANGED
        if act == "move":  # a move of the list of legal moves
            return self.type_move(data.get("move", ""))
        if act in REPLAY_ACTS:
            return self.replay(act, data)
        if act in self.view.viewing_acts:
            outcome = self.view.handle(act, data)
            return CHANGED if isinstance(outcome, Apply) else outcome
        quiet = act in ("key", "drag", "hover")  # a stray key, drag or pointer move while nobody may act says nothing
        seat = self._acting_seat()
        if seat is None:
            if quiet:
                self.message = ""
            return NOTHING if quiet else CHANGED
        if not quiet:
            self.message = ""
        if act in HINT_ACTS and not self.view.own_hint():
            if act == "hint-play":
                hinted = self.play_hint()
                return self.apply(hinted.action) if hinted is not None else NOTHING
            return self.ask_hint() if act == "hint" else self.close_hint()
        outcome = self.view.handle(act, data)
        if isinstance(outcome, Apply):
            return self.apply(outcome.action)
        if act == "key" and not outcome and data.get("key") in ("h", "H") and not self.view.own_hint():
            return self.ask_hint()  # (the shell's key, where the view has no use for it)
        return outcome

    def rules_section(self, rule: str = "") -> str:
        """The id of the rules section about ``rule`` (or, without one, about the current phase)."""
        import games  # the rules of a game are loaded when asked for

        try:
            sections = games.rules(self.name)
        except (KeyError, ImportError, AttributeError):  # a game without rules pages (yet)
            return ""
        if not sections:
            return ""
        if rule:
            found = section_for_rule(sections, rule)
            return found.id if found else ""
        return section_for_phase(sections, self.game.phase).id

    # -- the legal moves ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action] | None:
        """The engine's legal actions for ``seat`` now (None when they cannot be listed), asked once per
        state and seat: one list shared by the move box and the view (read it, never change it)."""
        game = self.game
        cache = self._legal
        if cache is None or cache[0] is not game or cache[1] != len(game.history):
            cache = self._legal = (game, len(game.history), {})
        if seat not in cache[2]:
            cache[2][seat] = game.legal_actions(seat)
        return cache[2][seat]

    def legal_moves(self) -> list[Action] | None:
        """The human mover's legal actions (None when they cannot be listed; [] when none acts)."""
        seat = self.human_mover()
        if seat is None or self.handoff_seat() is not None:
            return []
        return self.legal_actions(seat)
