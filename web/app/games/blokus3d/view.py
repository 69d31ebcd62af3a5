"""Blokus 3D in the page: the piece in hand, its ghost over the board, and clicks -> placements.

Pure Python, no browser. The view keeps what the player is doing — the picked piece, how it is
turned (piece.py), where its ghost is (the anchor cell under the pointer or the keyboard), the
legal placement shown while cycling, a hint — and asks the engine every rule question: which
placements are legal (``legal_actions``), why a ghost is not (``check``, its reason shown as it
is), the solitaire solver's next piece (``solver.hint``). panels.py draws it; scene.py describes
the 3D scene that scene.js draws with three.js.

Acts (``data-act``): ``pick`` (data-colour, data-piece), ``turn`` (data-axis, data-back), ``drop``,
``hover`` and ``cell`` (data-x, data-y; hover comes from scene.js as the pointer or the focus
moves), ``place``, ``legal`` / ``next`` / ``prev`` (cycle through the legal placements),
``hint``; keys X Y Z (Shift: back), arrows (move the ghost), Tab / Shift-Tab (while cycling),
Enter, Escape, L, H.

Where the piece in hand can land (``landing``): the *anchor* of a placement is the cell a player
points at to put the piece there. The view lays the piece's footprint (its cubes seen from above, as
turned) with its handle over the pointed cell: the handle is the middle of the footprint's width
and depth, rounded down (``piece.handle``), so a placement whose cubes start at the corner (x, y)
has its anchor at (x + (width - 1) // 2, y + (depth - 1) // 2) (``piece.anchor_of``), and pointing
there shows exactly that placement as the ghost. The anchor may be a cell the piece does not cover
(the corner of an L). The level map marks each anchor of the engine's legal placements of the piece
as turned (``data-can-land``), and the 3D board puts a marker on top of its column (scene.py).
On a touch screen (``self.touch``) the words say "tap" and leave out the keys.
"""

from __future__ import annotations

from typing import Any

from shell.contract.markup import Markup, part
from shell.contract.view import CHANGED, NOTHING, Apply, GameView, Handled, ViewSession
from shell.model.players import short_label

from pygames.blokus3d.actions import Place
from pygames.blokus3d.data import COLOURS, PIECE_CODES, SIZE
from pygames.blokus3d.game import Blokus3D, Blokus3DResult
from pygames.core.errors import RuleError
from pygames.core.game import Action, Game
from pygames.core.i18n import N_, _, ngettext

from . import panels, piece, scene, words
from .marks import Ghost, Marks
from .piece import IDENTITY, Matrix

HINT_SECONDS = 1.5  # the solitaire solver's time budget for a hint, on the page's main thread
ARROW_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}  # a ghost's moves
ANCHOR = ".b3d-map [data-anchor]"  # the ghost's cell on the level map


class View(GameView[Blokus3D]):
    """One Blokus 3D game on screen."""

    how_to_title, how_to_text = panels.HOW_TO_TITLE, panels.HOW_TO
    seed_help = N_("no chance in this game: the seed only feeds the bots’ random choices")

    option_labels = {
        "structure": N_("Structure"),
        "colours": N_("Colours"),
        "score": N_("Score with 2 players and 4 colours"),
        "start": N_("Who starts"),
        "size": N_("Solitaire cube"),
    }
    option_help = {
        "structure": N_("not in solitaire"),
        "colours": N_("one per seat, each its own; 2 players may also play all four, two each"),
        "score": N_("only 2 players with 4 colours"),
        "start": N_("a colour seat; not in solitaire"),
        "size": N_("1 player only: 3, 4 or 5 cubes wide"),
    }
    choice_labels = {
        "structure": {"A": N_("A — Tower"), "B": N_("B — Wall"), "C": N_("C — Stairs"), "D": N_("D — Pyramid")},
        # (the form asks each seat for a colour: OptionSpec.per_seat; whole values are named where a game's
        # settings are said, e.g. "Play from here")
        "colours": {"auto": N_("default (B Y R G by seat)"), "BYRG": N_("BYRG (2 players: two colours each)"),
                    "B": N_("Blue"), "Y": N_("Yellow"), "R": N_("Red"), "G": N_("Green")},
        "score": {"sum": N_("sum of a player's colours"), "best": N_("best of a player's colours")},
    }

    def __init__(self, session: ViewSession) -> None:
        super().__init__(session)
        self.picked: tuple[str, str] | None = None  # (colour letter, piece code) in hand
        self.turn: Matrix = IDENTITY  # how the piece in hand is turned (B3D-R3)
        self.anchor: tuple[int, int] | None = None  # the cell under the pointer or the keyboard's cursor
        self.cycling = False  # showing the legal placements one by one (Tab / Shift-Tab)
        self.cycle: list[Place] = []  # the placements being cycled through (fixed when cycling starts)
        self.cycle_at = 0
        self.focus_wanted = ""  # where the keyboard's focus goes after the next render (take_focus)
        self._ghost: tuple[tuple, Ghost | None] = ((), None)
        self._landing: tuple[tuple, dict[tuple[int, int], Place]] = ((), {})

    def state_key(self) -> tuple:
        """Identifies the position on screen by what makes it (``scene.state_key``)."""
        return scene.state_key(self.game)

    def marks(self) -> Marks:
        """What the drawing shows beyond the state, read once per drawing: the piece in hand and what the
        engine says of it, the seats' names."""
        game, session = self.game, self.session
        mover = session.human_mover()
        return Marks(
            mover=mover,
            names=tuple(session.seat_name(p) for p in range(game.players)),
            owners=tuple(self.colour_owner(letter) for letter in game.colours),
            humans=tuple(session.humans()),
            touch=self.touch,
            picked=self.picked,
            orientation=self.orientation() if self.picked is not None else None,
            anchor=self.anchor,
            ghost=self.ghost(),
            landing=frozenset(self.landing()),
            pickable=self.pickable(),
            cycling=self.cycling,
            cycle_at=self.cycle_at,
            cycle_len=len(self.cycle),
            hinted=str(self.hint_shown or ""),
        )

    # -- who is who -------------------------------------------------------------------------------

    def seat_colour(self, seat: int) -> str:
        game = self.game
        if game.solitaire:
            return ""
        return "/".join(words.colour_name(game.colours[s]) for s in game.seats_of(seat))

    def seat_label(self, seat: int) -> str:
        """A colour's name; "Player 1" in solitaire and for 2 players with 4 colours (B3D-R22), whose
        colours the tray, the status and the scores show."""
        game = self.game
        if game.solitaire or game.four_for_two:
            return _("Player {n}").format(n=seat + 1)
        return self.seat_colour(seat)

    def colour_owner(self, letter: str) -> str:
        """Who plays colour ``letter``, for the tray: "you", "medium bot", a name, "Player 2 (you)"…
        ("" in solitaire); never the colour again."""
        game = self.game
        if game.solitaire:
            return ""
        seat = game.player_of(game.colours.index(letter))
        if game.four_for_two or self.session.names[seat]:
            return self.session.seat_name(seat)
        if not self.session.is_human(seat):
            return short_label(self.session.seats[seat])
        return _("you") if len(self.session.humans()) == 1 else ""

    def seat_icon(self, seat: int) -> Markup:
        game = self.game
        return Markup("" if game.solitaire else "".join(panels.swatch(game.colours[s]) for s in game.seats_of(seat)))

    def subtitle(self) -> str:
        game = self.game
        if game.solitaire:
            return _("solitaire · {cube} · colours {colours}").format(
                cube=words.structure_name(game), colours=" ".join(game.colours))
        players = _("{n} players").format(n=game.players)
        if game.four_for_two:
            players += " · " + _("4 colours") + " · " + (_("sum") if game.options["score"] == "sum" else _("best"))
        return f"{players} · {words.structure_name(game)}"

    def status(self, seat: int, name: str) -> str:
        game = self.game
        if game.solitaire:
            return _("{name}: place any piece — fill {cube}").format(name=name, cube=words.structure_name(game))
        colour = words.colour_name(game.colour)
        if game.four_for_two:
            return _("{name}: place a {colour} piece").format(name=name, colour=colour)
        return _("{name}: place a piece").format(name=name)

    def reset(self) -> None:
        self.picked = None
        self.turn = IDENTITY
        self.cycling = False
        self.cycle = []

    def root_attrs(self) -> dict[str, Any]:
        ghost = self.ghost()
        return {
            "data-colour": None if self.game.over else (self.game.colour if not self.game.solitaire else None),
            "data-picked": "".join(self.picked) if self.picked else None,
            "data-oid": self.orientation().oid if self.picked else None,
            "data-ghost": ghost.text if ghost else None,
            "data-ghost-legal": (ghost.legal if ghost else None),
            "data-out": "".join(self.game.colours[s] for s in range(self.game.k) if self.game.out[s]) or None,
        }

    def board_keys(self) -> list[tuple[str, str]]:
        keys = [("← → ↑ ↓", _("move the picked piece (on the 3D view: turn the view)")),
                ("X, Y, Z", _("turn the picked piece (with Shift: the other way)")),
                ("L", _("the picked piece’s legal placements, one after another (Tab: the next)")),
                (_("Enter"), _("place the piece"))]
        if self.game.solitaire:
            keys.append(("H", _("a hint")))
        return keys

    def claimed_keys(self) -> tuple[str, ...]:
        """A picked piece: the arrows move its ghost, Enter places it; the legal placements cycled: Tab."""
        return ((*ARROW_STEPS, "Enter") if self.picked else ()) + (("Tab",) if self.cycling else ())

    def focus_after_render(self) -> tuple[str, ...]:
        return (ANCHOR, ".b3d-map [tabindex='0']", "#b3d-stage", "#turn-status")

    def take_focus(self) -> str:
        """After picking a piece, moving its ghost by keys, cycling or a hint, the focus goes to the ghost's
        cell on the level map: Enter then places the piece (on a tray button it would put it back)."""
        wanted, self.focus_wanted = self.focus_wanted, ""
        return wanted

    # -- what the engine allows ---------------------------------------------------------------------

    def pickable(self) -> tuple[str, ...]:
        """The colours whose pieces the human to act may pick up (B3D-R6, R12; solitaire: any chosen)."""
        game = self.game
        if self.session.human_mover() is None or game.over:
            return ()
        if game.solitaire:
            return tuple(c for c in game.colours if game.hands[COLOURS.index(c)])
        return (game.colour,)

    def in_hand(self, colour: str, code: str) -> bool:
        return bool(self.game.hands[COLOURS.index(colour)] >> PIECE_CODES.index(code) & 1)

    def legal_list(self) -> list[Place]:
        """The engine's legal placements of the picked piece (none picked: of any piece), in its order."""
        found: list[Place] = self.legal()  # type: ignore[assignment]
        if self.picked:
            colour, code = self.picked
            found = [a for a in found if a.colour == colour and a.piece == code]
        return found

    def landing(self) -> dict[tuple[int, int], Place]:
        """Where the piece in hand, as turned, can land: the anchor cell of each of the engine's legal
        placements of that piece in that orientation (see the module's docstring), with the placement.
        Empty without a piece in hand, or when no human may act here."""
        if self.picked is None or self.session.human_mover() is None or self.game.over:
            return {}
        key = (self.state_key(), self.picked, self.orientation().oid)
        if self._landing[0] == key:
            return self._landing[1]
        shape = self.orientation().cubes
        oid = self.orientation().oid
        found = {piece.anchor_of(shape, a.x, a.y): a for a in self.legal_list() if a.oid == oid}
        self._landing = (key, found)
        return found

    def orientation(self) -> piece.Orientation:
        assert self.picked is not None
        return piece.orientation(self.picked[1], self.turn)

    def ghost(self) -> Ghost | None:
        """The picked piece over the anchor cell, lowered until it rests (B3D-R9 (e)), and what the
        engine says of that placement."""
        if self.picked is None or self.anchor is None or self.game.over:
            return None
        key = (self.state_key(), self.picked, self.turn, self.anchor)
        if self._ghost[0] == key:
            return self._ghost[1]
        game = self.game
        colour, code = self.picked
        shape = self.orientation().cubes
        corner = piece.footprint_corner(shape, self.anchor)
        cubes = game.rest((x + corner[0], y + corner[1], h) for x, y, h in shape)
        top = max(c[2] for c in cubes)
        # the notation has one digit per level: a piece rising above level 9 is asked about as if it
        # reached level 9 exactly (the engine then says that it is too high)
        asked = cubes if top <= 9 else tuple((x, y, h - (top - 9)) for x, y, h in cubes)
        text = f"{colour}{code}:{piece.cubes_text(list(asked))}"
        try:
            game.check(game.parse_action(text))
            found = Ghost(text, cubes, True, "", "")
        except RuleError as error:
            rule, reason = error.rule, error.words
            found = Ghost(text, cubes, False, reason, rule)
        self._ghost = (key, found)
        return found

    # -- input --------------------------------------------------------------------------------------

    def handle(self, act: str, data: dict[str, str]) -> Handled:
        if act == "key":
            return self._key(data.get("key", ""), data.get("shift") == "1")
        if act == "pick":
            return self._pick(data.get("colour", ""), data.get("piece", ""))
        if act == "turn":
            return self._turn(data.get("axis", ""), data.get("back") == "1")
        if act == "drop":
            return self._drop()
        if act in ("hover", "cell"):
            try:
                x, y = int(data.get("x", "")), int(data.get("y", ""))
            except ValueError:
                return NOTHING
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                return NOTHING
            return self._hover(x, y) if act == "hover" else self._cell(x, y)
        if act == "place":
            return self._place()
        if act == "legal":
            return self._cycle(0, toggle=True)
        if act in ("next", "prev"):
            return self._cycle(1 if act == "next" else -1)
        if act == "hint":
            return self._hint()
        return NOTHING

    def _key(self, key: str, shift: bool) -> Handled:
        lower = key.lower()
        if key == "Escape":
            if self.cycling:
                self.cycling = False
                return CHANGED
            return self._drop() if self.picked else NOTHING
        if key == "Tab" and self.cycling:
            return self._cycle(-1 if shift else 1)
        if lower in ("x", "y", "z") and len(key) == 1:
            return self._turn(lower, shift)
        if lower == "l" and len(key) == 1:
            return self._cycle(0, toggle=True)
        if lower == "h" and len(key) == 1 and self.game.solitaire:
            return self._hint()
        if key == "Enter" and self.picked:
            return self._place()
        if key in ARROW_STEPS and self.picked:
            dx, dy = ARROW_STEPS[key]
            x, y = self.anchor if self.anchor is not None else self.start_cell()
            self.anchor = (min(max(x + dx, 0), SIZE - 1), min(max(y + dy, 0), SIZE - 1))
            self.cycling = False
            self.focus_wanted = ANCHOR
            return CHANGED
        return NOTHING

    def start_cell(self) -> tuple[int, int]:
        """Where the keyboard's ghost starts: the structure's middle cell."""
        cells = self.game.layout.cells
        c = cells[len(cells) // 2]
        return c % SIZE, c // SIZE

    def _pick(self, colour: str, code: str) -> Handled:
        if colour not in COLOURS or code not in PIECE_CODES:
            return NOTHING
        if self.picked == (colour, code):
            return self._drop()
        if colour not in self.pickable():
            if self.game.solitaire or colour not in self.game.colours:
                return self.session.notice(_("That colour is not in this game."))
            return self.session.notice(_("It is {colour}’s turn: pick a {colour} piece.").format(
                colour=words.colour_name(self.game.colour)))
        if not self.in_hand(colour, code):
            return self.session.notice(_("That piece is already on the board."))
        self.picked = (colour, code)
        self.turn = IDENTITY
        self.cycling = False
        if self.touch:  # no ghost until a finger points: the marked cells say where the piece can land
            self.anchor = None
            return CHANGED
        if self.anchor is None:
            self.anchor = self.start_cell()
        self.focus_wanted = ANCHOR
        return CHANGED

    def _drop(self) -> Handled:
        self.picked = None
        self.cycling = False
        return CHANGED

    def _turn(self, axis: str, back: bool) -> Handled:
        if self.picked is None or axis not in piece.TURNS:
            return self.session.notice(_("Pick a piece from the tray first.")) if self.picked is None else NOTHING
        self.turn = piece.turned(self.turn, axis, back)
        self.cycling = False
        return CHANGED

    def _hover(self, x: int, y: int) -> Handled:
        if self.picked is None or self.anchor == (x, y):
            return NOTHING
        self.anchor = (x, y)
        self.cycling = False
        return CHANGED

    def _cell(self, x: int, y: int) -> Handled:
        """A click (or Enter) on a cell: the ghost moves there; on the ghost's own cell, it is placed."""
        if self.picked is None:
            if self.touch:
                return self.session.notice(_("Pick a piece from the tray first."))
            return self.session.notice(_("Pick a piece from the tray first (or press L to see where pieces fit)."))
        if self.anchor != (x, y):
            self.anchor = (x, y)
            self.cycling = False
            ghost = self.ghost()
            if ghost is not None and not ghost.legal:  # why not, where the player looks (the shell's toast)
                return self.session.refuse(RuleError(ghost.reason, ghost.rule))
            return CHANGED
        return self._place()

    def _place(self) -> Handled:
        ghost = self.ghost()
        if ghost is None:
            return self.session.notice(_("Pick a piece from the tray first.")) if self.picked is None else NOTHING
        return Apply(self.game.parse_action(ghost.text))  # the shell plays it, or shows the engine's reason

    def show(self, action: Place) -> None:
        """Put a placement of the engine in hand: its piece, turned and over its cells."""
        oid = action.oid
        self.picked = (action.colour, action.piece)
        self.turn = piece.matrix_for(action.piece, oid)
        self.anchor = piece.anchor_of(self.orientation().cubes, action.x, action.y)

    def _cycle(self, step: int, toggle: bool = False) -> Handled:
        """Show the engine's legal placements one by one: of the picked piece, or of any piece."""
        if toggle and self.cycling:
            self.cycling = False
            return CHANGED
        if self.session.human_mover() is None:
            return NOTHING
        if not self.cycling:
            found = self.legal_list()
            if not found:
                if self.picked:
                    return self.session.notice(_("No legal placement for {piece} now: pick another piece.").format(
                        piece=words.piece_name(self.picked[1])), info=True)
                return self.session.notice(_("No legal placement: this colour is out."), info=True)
            self.cycle, self.cycling, self.cycle_at = found, True, 0
        else:
            self.cycle_at = (self.cycle_at + step) % len(self.cycle)
        self.show(self.cycle[self.cycle_at])
        self.focus_wanted = ANCHOR
        return CHANGED

    def _hint(self) -> Handled:
        game = self.game
        if not game.solitaire:
            return NOTHING
        if self.session.human_mover() is None:
            return NOTHING
        from pygames.blokus3d.solver import hint

        try:
            text = hint(game, timeout=HINT_SECONDS)
        except TimeoutError:
            return self.session.notice(_("The solver found no way on within {s} seconds: try on, or undo.").format(
                s=HINT_SECONDS), info=True)
        if text is None:
            return self.session.notice(_("No solution from here — undo some pieces."), info=True)
        action = game.parse_action(text)
        self.cycling = False
        self.show(action)
        self.session.hint_given(text)  # (the same hint shown again is not another one)
        self.focus_wanted = ANCHOR
        what = words.phrase(action).split(" ", 1)[1]
        said = (_("Hint: place {what} (the ghost shows it; tap it or Place).") if self.touch else
                _("Hint: place {what} (the ghost shows it; click it or press Enter)."))
        self.session.notice(said.format(what=what), info=True)
        return CHANGED

    # -- drawing ------------------------------------------------------------------------------------

    def board(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, Blokus3D)
        marks = self.marks()
        stage = part(panels.stage(state, marks, scene.describe(state, marks)))
        return Markup(stage + part(panels.map_panel(state, marks)))

    def controls(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, Blokus3D)
        marks = self.marks()
        return Markup(part(panels.hand_panel(state, marks)) + part(panels.tray(state, marks)))

    def show_hint(self, action: Action | None) -> None:
        """The hint's placement in hand as the ghost, over its cells (as the player's own piece would be)."""
        super().show_hint(action)
        if isinstance(action, Place):
            self.cycling = False
            self.show(action)
            self.focus_wanted = ANCHOR
        elif action is None and not self.game.solitaire:
            self.reset()

    def own_hint(self) -> bool:
        """The solitaire's hint is its solver's piece (the view's *Hint*), not the hard bot's."""
        return self.game.solitaire

    def hint(self) -> str:
        game = self.game
        if self.session.human_mover() is None or game.over:
            return ""
        if self.touch:
            if self.cycling:
                return _("◀ and ▶ show the previous or next legal placement; Place places it.")
            if self.picked is None:
                return _("Pick a piece from the tray: the level map then marks each cell where it can land.")
            return _("Tap a marked cell: the ghost shows the piece there. Tap it again, or Place, to place it; "
                     "Tip, Roll and Spin turn it.")
        if self.cycling:
            return _("Tab / Shift-Tab: next or previous legal placement; Enter or a click places it; Esc stops.")
        if self.picked is None:
            return _("Pick a piece from the tray (or press L to cycle through every legal placement).")
        return _("Point at a cell (3D board, level map or arrow keys): the ghost shows where the piece lands, and "
                 "the marked cells are where it can. X, Y, Z turn it (Shift: back). Click its cell again or press "
                 "Enter to place it.")

    def legend(self) -> Markup:
        return panels.legend(self.game)

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        return words.describe_board(self.game, self.colour_owner)

    # -- words ----------------------------------------------------------------------------------------

    def actor(self, before: Game, text: str) -> int:
        return before.to_move()[0]

    def describe(self, before: Game, text: str, after: Game) -> str:
        assert isinstance(before, Blokus3D) and isinstance(after, Blokus3D)
        action = before.parse_action(text)
        named = self.session.short_name(self.actor(before, text)) == words.colour_name(action.colour)
        return words.phrase(action, colour=not named) + words.consequences(before, after)

    def move_label(self, action: Action) -> str:
        assert isinstance(action, Place)
        return words.placement_words(action)

    def result_title(self, result: Blokus3DResult) -> str:  # type: ignore[override]  # this game's own result
        if self.game.solitaire:
            return _("Solved!") if result.solved else _("Stuck: no piece fits")
        return ""

    def result_summary(self, result: Blokus3DResult) -> str:  # type: ignore[override]  # this game's own result
        game = self.game
        if game.solitaire:
            n = game.key[1:]
            used = sum(1 for e in game.log if not e.endswith("-"))
            if result.solved:
                return ngettext("The {n}×{n}×{n} cube is complete, built from {k} piece",
                                "The {n}×{n}×{n} cube is complete, built from {k} pieces", used).format(n=n, k=used)
            return _("No legal placement remains with {filled} of {total} cubes in place (undo and try another "
                     "way)").format(filled=sum(game.heights), total=int(n) ** 3)
        scores = game.player_scores()
        return _("Scores: {scores}").format(scores=", ".join(
            f"{self.session.short_name(p)} {scores[p]}" for p in range(game.players)))

    def result_details(self, result: Blokus3DResult) -> Markup:  # type: ignore[override]  # this game's own result
        return panels.result_table(self.game, self.marks())

