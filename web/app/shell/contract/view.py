"""What a game's view gives the shell: the one small interface between the play screen and a game.

A view draws the state for the seat looking at it, maps clicks and keys to (partial) actions, and
describes moves in words. Everything else — seats, bots, undo/redo, links, saves, the move log, the
move box, the hand-off screen, the result — is the shell's (shell/model/session.py, shell/screens/game.py, shell/page/).

Two small services for views: ``self.session.device`` is a key-value store kept on this device
(localStorage's ``getItem``/``setItem``; a ``MemoryStorage`` in tests and rules pages), for what a
game remembers between games (K2's best solo score). The screen is patched, not rebuilt, when it is
drawn again (shell/page.mjs): what stays keeps its scroll and focus; an element with a
``data-keep-scroll="<zoom>"`` attribute also keeps the point in its middle when its zoom changes (a
zoomed board stays where the player put it), and the children of an element with ``data-morph-keep``
are left as they are (Blokus 3D's canvas). The focused element keeps the focus (moved or replaced by its
counterpart); when the move used it up, the focus goes to ``focus_after_render``'s first match. A container
marked ``data-group`` (``svg.svg(..., group=...)``) makes its targets (``tabindex="0"``) one Tab stop, the
arrow keys moving inside it.

On a phone (web/game.css, "phone width": at most 760 px) the board column and the side column are one column,
ordered by the CSS ``order`` of their parts: the message 1, the hint 2, ``.controls`` 3, the board's parts 4,
another player's panel 5 (class ``others``), the move box 6, the log 7…; the turn line (``#turn-status``) sticks
to the top of the screen, and the page's ``--sticky-h`` is its height (what the browser scrolls into view stops
below it; a board as tall as the screen leaves room for it: ``calc(100dvh - var(--sticky-h, 0px))``). For a finger
(``@media (pointer: coarse)``) every ``button``, ``.button``, ``select`` and ``summary`` is at least 44 px tall,
and ``<kbd>`` badges and elements of class ``key-hint`` are hidden; the words are the view's (``self.touch``).

The shell makes one view object per game on screen (``View(session)``); it keeps that game's UI state
(a selected piece, a draft, toggled dice…) and never a rule: legality always comes from the engine.
A view reads the state through ``self.game``, which is the seat's view of it (the engine's
``Game.view`` for the seat looking, where the game hides something: never the full state), and the
legal actions through ``self.legal()``, which the session asks of the engine once per state; anything
else rule-like (a cost, a landing height, a value) is an engine method. Pure Python, no browser:
views are tested in CPython.

A view is a controller: it holds the UI state, answers ``handle`` and the queries about them, and builds
a frozen "marks" value of what its drawing shows beyond the state (selection, legal targets, last move,
seats' names); its drawing modules are pure functions of the state and the marks, which never import the
view or the session (docs/adding-a-game.md).

A game's package (``games/<name>/__init__.py``) provides ``BLURB`` and ``preview_svg()`` for its home
card, and its ``view`` module a ``View`` subclass of ``GameView[ItsGame]``; ``games/__init__.py`` lists it.
What every game must give is abstract here (``board``); the rest has defaults that suit a simple game
(``handle``'s: nothing, the move box alone plays).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, TypeVar

from pygames.core.i18n import N_, _, ngettext

from .markup import EMPTY, Markup, esc

if TYPE_CHECKING:  # pragma: no cover (the engines' core is not imported for the page's first screen)
    from pygames.core.game import Action, Game, Result
    from pygames.core.match import Match



class Outcome(Enum):
    """What a player's act did to the screen: nothing (false), a change to draw, or a move played."""

    NOTHING = "nothing"  # nothing to do (and nothing to draw)
    CHANGED = "changed"  # the view's or the session's state changed: draw again
    MOVED = "moved"  # (the shell's) an action was played

    def __bool__(self) -> bool:
        return self is not Outcome.NOTHING


NOTHING = Outcome.NOTHING
CHANGED = Outcome.CHANGED
MOVED = Outcome.MOVED


def action_is(action: object, kind: type, **fields: object) -> bool:
    """``action`` is an action of ``kind`` with these fields (a drawing asks it of the hint's move: is this
    place, pawn or button the one it plays?)."""
    return isinstance(action, kind) and all(getattr(action, name) == value for name, value in fields.items())


@dataclass(frozen=True, slots=True)
class Apply:
    """A view's answer to an act: play this action (the session applies it, or shows the engine's reason)."""

    action: Action


class DeviceStorage(Protocol):
    """What a game keeps on this device between games: localStorage's interface (the page's storage, or
    ``shell.model.saves.MemoryStorage`` in tests and rules pages)."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (localStorage's names)

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802


class ViewSession(Protocol):
    """What a view may read and ask of the session that shows its game (``shell.model.session.Session``
    gives all of it): declared here, so the contract needs nothing of the shell's model."""

    @property
    def match(self) -> Match: ...  # the game's record and its states (``match.snapshots``)

    @property
    def seats(self) -> list[str]: ...  # per seat: "human" or a bot's level

    @property
    def names(self) -> list[str]: ...  # per seat: a human's name ("": the default)

    @property
    def thinking(self) -> int | None: ...  # the seat of a bot that is thinking

    @property
    def touch(self) -> bool: ...  # the player points with a finger

    @property
    def device(self) -> DeviceStorage: ...

    @property
    def game(self) -> Game: ...

    def visible_state(self) -> Game: ...

    def seen_state(self, index: int) -> Game: ...

    def viewer(self) -> int | None: ...

    def moves_shown(self) -> int: ...

    def legal_moves(self) -> list[Action] | None: ...

    def mover(self) -> int | None: ...

    def human_mover(self) -> int | None: ...

    def handoff_seat(self) -> int | None: ...

    def is_human(self, seat: int) -> bool: ...

    def humans(self) -> list[int]: ...

    def short_name(self, seat: int) -> str: ...

    def seat_name(self, seat: int) -> str: ...

    def hint_given(self, action: str) -> None: ...  # the view's own hint shows this move (counted, marked if played)

    def notice(self, text: str, info: bool = False) -> Literal[Outcome.CHANGED]: ...

    def refuse(self, error: Exception) -> Literal[Outcome.CHANGED]: ...


# What ``GameView.handle`` returns: a move, "the view changed", or nothing.
Handled = Apply | Literal[Outcome.CHANGED, Outcome.NOTHING]

G = TypeVar("G", bound="Game")


class GameView(ABC, Generic[G]):
    """Base class of every game's view (``class View(GameView[K2])``); the defaults suit a simple game."""

    # The new-game form's words for the engine's options (each marked N_, shown translated): a label
    # by option name (default: the engine's label, in English), a short help beside it, and labels
    # for the values of a "choice" option (default: the value itself, e.g. "A").
    option_labels: ClassVar[dict[str, str]] = {}
    option_help: ClassVar[dict[str, str]] = {}
    choice_labels: ClassVar[dict[str, dict[str, str]]] = {}
    # The result dialog lists the engine's ranking (places 1st, 2nd…); False where the rules rank
    # only the winner (Matterhorn: MH-R27). Not a ClassVar: a view may decide it per game (K2's solo game).
    ranked: bool = True
    # a short "how to play" in a paragraph under a title (both marked N_), drawn by ``how_to``
    how_to_title: ClassVar[str] = ""
    how_to_text: ClassVar[str] = ""
    # the new-game form's words for what the seed fixes in this game (marked N_)
    seed_help: ClassVar[str] = N_("same seed, same game: every roll, deal and shuffle")
    # acts that only change how the board is shown (e.g. K2's zoom): handled whenever the game is on
    # screen, also while a bot thinks, another player is to move or the game is over
    viewing_acts: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, session: ViewSession) -> None:
        self.session = session
        self.hint_shown: Action | None = None  # the hint's move, marked on the board (``show_hint``)

    # -- the state and what the engine allows in it -------------------------------------------

    @property
    def game(self) -> G:
        """The state on screen as the seat looking may see it (``Session.visible_state``: the engine's
        ``view`` for that seat in a game that hides information, else the session's state itself)."""
        return self.session.visible_state()  # type: ignore[return-value]

    @property
    def touch(self) -> bool:
        """The player points with a finger (``Session.touch``): say "Tap" rather than "Click", and leave
        out key hints ("press Enter", "keys 1–5"), which a phone has no keys for."""
        return self.session.touch

    def legal(self) -> list[Action]:
        """The legal actions of the human who may act now, in the engine's order (the session's list,
        asked of the engine once per state: read it, never change it); [] when no human at this device
        may act, or when the actions are too many to list."""
        return self.session.legal_moves() or []

    # -- who is who --------------------------------------------------------------------------

    def seat_label(self, seat: int) -> str:
        """The seat's default name in this game: its pieces' colour ("Red"), or "Player 1".
        (Players may name themselves: the shell then says "Anna (Red)".)"""
        return self.seat_colour(seat) or _("Player {n}").format(n=seat + 1)

    def seat_colour(self, seat: int) -> str:
        """The colour of the seat's pieces, where a game gives each seat one ("" otherwise)."""
        return ""

    def seat_icon(self, seat: int) -> Markup:
        """A small inline picture of the seat's pieces (SVG markup), or ""."""
        return EMPTY

    # -- drawing (Markup: shell/contract/markup.py; text from links or saves always escaped) --

    def subtitle(self) -> str:
        """Options in a few words for the header, e.g. "2 players · hard summit"."""
        n = self.game.players
        return ngettext("{n} player", "{n} players", n).format(n=n)

    @abstractmethod
    def board(self, state: Game, seat: int | None) -> Markup:
        """The board as the seat ``seat`` sees it (None: everything); ``state`` is already that seat's view."""
        raise NotImplementedError

    def controls(self, state: Game, seat: int | None) -> Markup:
        """The game's own buttons and panels beside the board (roll, stop, ready…), or ""."""
        return EMPTY

    def status(self, seat: int, name: str) -> str:
        """The status line when the human at ``seat`` (called ``name``) must act."""
        return _("{name}: your turn").format(name=name)

    def hint(self) -> str:
        """What the player to act can do now, in a sentence (or "")."""
        return ""

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        """The whole position in sentences, for players who do not see the board ("Describe the board");
        [] when the view has none."""
        return []

    def legend(self) -> Markup:
        """A key to the pieces, or ""."""
        return EMPTY

    def how_to(self) -> Markup:
        """A short "how to play" (markup), or "": by default ``how_to_text`` under ``how_to_title``."""
        if not self.how_to_text:
            return EMPTY
        return Markup(f'<details class="howto" id="howto"><summary>{esc(_(self.how_to_title))}</summary>'
                f"<p>{esc(_(self.how_to_text))}</p></details>")

    def root_attrs(self) -> dict[str, Any]:
        """Extra ``data-*`` attributes for ``section.play`` (e.g. the selected piece)."""
        return {}

    def board_keys(self) -> list[tuple[str, str]]:
        """The game's own keys, for the list ``?`` opens: (the keys as printed on them, what they do in words
        of the page's language). The shell lists its own first: Tab, the arrow keys, Enter, Escape, the
        replay's keys, ``?``."""
        return []

    def focus_after_render(self) -> tuple[str, ...]:
        """CSS selectors tried in order for keyboard focus when the focused element went away."""
        return ("[data-legal]", '.board [role="button"][tabindex="0"]', "#turn-status")

    def claimed_keys(self) -> tuple[str, ...]:
        """The keys with a browser's own use (the arrows, Tab, Enter, Space, Home, End: they scroll, move the
        focus, press a button) that ``handle`` would use now, as ``event.key`` names them: the page keeps the
        browser from using them (it cannot wait for the view's answer: shell/events.mjs). Other keys (letters,
        digits, Escape) need no claim. (By default none.)"""
        return ()

    def take_focus(self) -> str:
        """A CSS selector to focus after this render, wherever the focus is ("" to leave it): asked
        once per render, so a view returns it once (e.g. to the board after a key that starts
        choosing there, when the focus sits on a button that Enter would press again). The page
        does not scroll to it."""
        return ""

    # -- input --------------------------------------------------------------------------------

    def handle(self, act: str, data: dict[str, str]) -> Handled:
        """A click (or Enter/Space) on an element with ``data-act=act``, or a key (``act == "key"``,
        ``data["key"]``), or a drag (``act == "drag"``, ``data["from"]``/``data["to"]``), or an act
        sent by the view's own script (below), while the seat ``self.session.human_mover()`` must act.
        Return ``Apply(action)`` to play an action (the shell applies it and shows the engine's reason if
        it is refused), CHANGED to draw again, or NOTHING.

        A view's script (a JavaScript module of its package, e.g. a three.js scene, which cannot put
        ``data-act`` on what it draws) sends acts with a ``pygames:act`` CustomEvent dispatched on an
        element of the page, bubbling, whose ``detail`` is ``{act: "...", key: "value", ...}`` (string
        values). Like keys and drags, an act named ``hover`` (the pointer over something) says nothing
        when nobody may act, and leaves the message shown when someone may. (By default nothing: the
        move box alone plays the game.)"""
        return NOTHING

    def reset(self) -> None:
        """Forget the selection and drafts (after a move, an undo, a redo)."""

    # -- the hint (the shell's *Hint*: shell/model/hints.py) ------------------------------------------

    def own_hint(self) -> bool:
        """The view gives its own hint instead of the shell's (Blokus 3D's solitaire: its solver's piece); then
        the shell's *Hint* is not shown and the act ``hint`` is the view's. (By default False.)"""
        return False

    def show_hint(self, action: Action | None) -> None:
        """Mark the hint's move on the board (None: no hint any more): the view draws ``hint_shown`` as the
        player's own choice in progress would be drawn, with the same marks as legal targets. (By default the
        move is only kept in ``hint_shown``; the shell lists it in words.)"""
        self.hint_shown = action

    def worth(self, value: float) -> str:
        """What a move is worth to the seat, in words, from its expected payoff (``Game.payoffs``): by default
        a chance to win ("62 % to win")."""
        return _("{percent} % to win").format(percent=round(value * 100))

    # -- words ----------------------------------------------------------------------------------

    def actor(self, before: Game, text: str) -> int:
        """The seat that made the move ``text`` from ``before``."""
        return before.to_move()[0]

    def describe(self, before: Game, text: str, after: Game) -> str:
        """The move ``text`` as a phrase for people, after the actor's name (e.g. "rolls 5 5 6 1 1"),
        including what the engine did by itself afterwards (an elimination, a flop…)."""
        return text

    def move_label(self, action: Action) -> str:
        """A few words for one legal move in the move list ("" for the notation alone)."""
        return ""

    def result_title(self, result: Result) -> str:
        """The result dialog's title when the game has its own ("Solved!"); "" for the shell's
        (the winner, a joint win, the team's result)."""
        return ""

    def result_summary(self, result: Result) -> str:
        """The result in a sentence (default: the engine's summary)."""
        return result.summary

    def result_details(self, result: Result) -> Markup:
        """Extra markup for the result dialog (scores breakdown…), or ""."""
        return EMPTY
