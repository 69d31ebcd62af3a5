"""Matterhorn in the page: the mountain, the dice you set aside, the climbers you move.

Pure Python, no browser. The view keeps what the player is doing (the first setup circle, the dice
toggled to set aside, the selected climber) and turns clicks into engine actions; every rule
question goes to the engine (``legal_actions``, ``placements``, ``check``, ``usable_rows``), and a
refused action comes back with the engine's reason. panels.py draws the mountain, the dice tray and
the teams, draw.py the pictures, words.py the sentences.
"""

from __future__ import annotations

from typing import Any

from shell.contract.markup import Markup, part
from shell.contract.view import CHANGED, NOTHING, Apply, GameView, Handled, ViewSession

from pygames.core.errors import RuleError
from pygames.core.game import Action, Game, Result
from pygames.core.i18n import N_, _, ngettext
from pygames.matterhorn.actions import (
    Bonus,
    Clear,
    Console,
    Deed,
    End,
    Move,
    Place,
    Restock,
    Roll,
    Setup,
    Stop,
    spot_text,
)
from pygames.matterhorn.data import BOTTOM_ROW, ROW_CIRCLES, ROWS, SUMMIT, Pos
from pygames.matterhorn.game import ACT, BONUS, CONSOLE, DECIDE, PLACE, RESTOCK, SETUP, Matterhorn

from . import draw, panels, words
from .panels import Marks

HINT_BUTTONS = {Roll: "roll", Stop: "stop", End: "end"}  # the hint's button, by its action


def hint_marks(action: Action | None) -> tuple[frozenset, str]:
    """Where the hint's move goes (circles, the summit) and its button (roll, stop, end, decline)."""
    if isinstance(action, Bonus | Console) and getattr(action, "deed", getattr(action, "circle", None)) is None:
        return frozenset(), "decline"
    if isinstance(action, Bonus):
        return hint_marks(action.deed)
    if isinstance(action, Place | Clear | Restock | Console):
        return frozenset({action.circle}), ""
    if isinstance(action, Move):
        return frozenset({action.dst}), ""
    if isinstance(action, Setup):
        return frozenset(action.circles), ""
    return frozenset(), HINT_BUTTONS.get(type(action), "")


# What to do now, by phase (and in setup and when acting, by what is picked): at a desk, on a touch screen.
SECOND_CLIMBER, MOVING = "setup: second climber", "act: a climber selected"
HINTS: dict[str, tuple[str, str]] = {
    SETUP: (N_("Click a free circle of row 12 for your first climber."),
            N_("Tap a free circle of row 12 for your first climber.")),
    SECOND_CLIMBER: (N_("Now click a second free circle of row 12 (or the first again to change it)."),
                     N_("Now tap a second free circle of row 12 (or the first again to change it).")),
    PLACE: (N_("Click dice to set them aside (keys 1–5): only values shown once count. "
               "Or click a free circle on a highlighted row."),
            N_("Tap dice to set them aside: only values shown once count. Or tap a free circle on a "
               "highlighted row.")),
    MOVING: (N_("Click a highlighted circle to move the selected climber there (or the climber again to "
                "let go)."),
             N_("Tap a highlighted circle to move the selected climber there (or the climber again to "
                "let go).")),
    ACT: (N_("Click one of your climbers to climb, a rival’s to push, or an obstacle to clear."),
          N_("Tap one of your climbers to climb, a rival’s to push, or an obstacle to clear.")),
    DECIDE: (N_("Roll again (R) to place another token, or stop (T) and use your tokens as actions."),
             N_("Roll again to place another token, or stop and use your tokens as actions.")),
    CONSOLE: (N_("Click a highlighted circle to put an obstacle there (not on this turn’s rows), or decline."),
              N_("Tap a highlighted circle to put an obstacle there (not on this turn’s rows), or decline.")),
    RESTOCK: (N_("Click an obstacle to return it to the pool."),
              N_("Tap an obstacle to return it to the pool.")),
}


class View(GameView[Matterhorn]):
    """One Matterhorn game on screen."""

    how_to_title, how_to_text = words.HOW_TO_TITLE, words.HOW_TO
    seed_help = N_("same seed, same game: every roll of the dice")

    ranked = False  # MH-R27: the first team up wins; the others are not ranked
    option_labels = {"hard": N_("Hard summit")}
    option_help = {"hard": N_("reaching the summit costs 2 actions, never a bonus")}

    def __init__(self, session: ViewSession) -> None:
        super().__init__(session)
        self.pick: Pos | None = None  # the first circle chosen for the climbers (setup)
        self.toggled: list[int] = []  # indices of the roll's dice chosen to set aside (placing)
        self.selected: Pos | None = None  # the climber chosen to climb or push (bonus, stop phase)
        self.rolled_at = -1  # moves count when the dice were last drawn (animate a new roll once)

    # -- who is who, words of the frame --------------------------------------------------------

    def seat_colour(self, seat: int) -> str:
        return draw.seat_colour(seat)

    def seat_icon(self, seat: int) -> Markup:
        return draw.seat_icon(seat)

    def subtitle(self) -> str:
        text = _("{n} players").format(n=self.game.players)
        return text + (" · " + _("hard summit") if self.game.hard else "")

    def status(self, seat: int, name: str) -> str:
        game = self.game
        text = {
            SETUP: _("{name}: place your two climbers on row 12"),
            PLACE: _("{name}: set dice aside and place a token"),
            BONUS: _("{name}: bonus action!"),
            DECIDE: _("{name}: roll again or stop?"),
            ACT: ngettext("{name}: {n} action left", "{name}: {n} actions left", game.actions_left),
            CONSOLE: _("Flop! {name}: place a consolation obstacle or decline"),
            RESTOCK: _("{name}: the pool is empty — return an obstacle first"),
        }.get(game.phase, _("{name}: your turn"))
        return text.format(name=name, n=game.actions_left)

    def reset(self) -> None:
        self.pick = None
        self.toggled = []
        self.selected = None

    def show_hint(self, action: Action | None) -> None:
        """The hint's move as the player's own choice would show: the dice to set aside toggled, the climber to
        move selected, the first setup circle picked (their targets marked); where it goes marked as the hint's."""
        super().show_hint(action)
        if isinstance(action, Bonus):
            action = action.deed
        if isinstance(action, Place):
            roll, self.toggled = list(self.game.roll or []), []
            for value in action.aside:
                self.toggled.append(next(i for i, v in enumerate(roll) if v == value and i not in self.toggled))
        elif isinstance(action, Move):
            self.selected = action.src
        elif isinstance(action, Setup):
            self.pick = action.circles[0]

    def root_attrs(self) -> dict[str, Any]:
        game = self.game
        return {
            "data-roll": ",".join(map(str, game.roll)) if game.roll else None,
            "data-aside-picked": ",".join(map(str, sorted(self.toggled))) if self.toggled else None,
            "data-selected": spot_text(self.selected) if self.selected is not None else None,
        }

    def board_keys(self) -> list[tuple[str, str]]:
        return [("R, T", _("roll the dice, or stop")),
                ("1–5", _("set a die aside, or take it back")),
                ("E", _("end the turn"))]

    def focus_after_render(self) -> tuple[str, ...]:
        return ('.mh-board [data-target="1"]', ".mh-board [role=button]", ".dice-tray button", "#turn-status")


    # -- what the engine allows now ------------------------------------------------------------

    def chosen_aside(self) -> tuple[int, ...]:
        roll = self.game.roll or []
        return tuple(sorted((roll[i] for i in self.toggled if i < len(roll)), reverse=True))

    def chosen_value(self) -> int:
        return self.game.value_left(self.chosen_aside())

    def reachable_rows(self) -> set[int]:
        """MH-R16: the rows some set-aside of this roll can reach (from the engine's placements)."""
        return {value for _aside, value in self.game.placements()} if self.game.phase == PLACE else set()

    def value_reason(self, value: int) -> str:
        """Why the chosen dice cannot place a token ("" when they can): the engine's words."""
        game = self.game
        if value in self.reachable_rows():
            return ""
        circle = ROW_CIRCLES[value][0] if value in ROWS else (BOTTOM_ROW, 0)
        try:
            game.check(Place(self.chosen_aside(), circle))
        except RuleError as error:
            return error.words
        return ""  # pragma: no cover (a usable value is reachable)

    def deeds(self) -> list[Deed]:
        return [d for d in (words.deed_of(a) for a in self.legal()) if d is not None]

    def targets(self) -> set[Pos | str]:
        """Where a click plays or selects something now, highlighted and reachable by keyboard: while
        placing, the free circles of the row the chosen dice reach (or of every reachable row)."""
        spots = self.clickable()
        if self.game.phase == PLACE:
            row = self.chosen_value()
            chosen = {c for c in spots if c[0] == row}
            return chosen or spots
        return spots

    def clickable(self) -> set[Pos | str]:
        """Where a click does something now (from the engine's legal actions)."""
        game = self.game
        if self.session.human_mover() is None:
            return set()
        phase = game.phase
        legal = self.legal()
        if phase == SETUP:
            return set(game.setup_circles())
        if phase == PLACE:
            return {a.circle for a in legal if isinstance(a, Place)}
        if phase in (BONUS, ACT):
            deeds = self.deeds()
            if self.selected is not None:
                return {d.dst for d in deeds if isinstance(d, Move) and d.src == self.selected}
            movable: set[Pos | str] = {d.src for d in deeds if isinstance(d, Move)}
            return movable | {d.circle for d in deeds if isinstance(d, Clear)}
        if phase == CONSOLE:
            return {a.circle for a in legal if isinstance(a, Console) and a.circle is not None}
        if phase == RESTOCK:
            return {a.circle for a in legal if isinstance(a, Restock)}
        return set()

    # -- input ---------------------------------------------------------------------------------

    def handle(self, act: str, data: dict[str, str]) -> Handled:
        game = self.game
        phase = game.phase
        if act == "key":
            return self._key(data.get("key", ""))
        if act == "deselect":
            self.reset()
            return CHANGED
        if act == "die" and phase == PLACE:
            index = int(data.get("index", "-1"))
            if 0 <= index < len(game.roll or []):
                if index in self.toggled:
                    self.toggled.remove(index)
                else:
                    self.toggled.append(index)
            return CHANGED
        if act == "roll":
            return Apply(Roll())
        if act == "stop":
            return Apply(Stop())
        if act == "end":
            return Apply(End())
        if act == "decline":
            return Apply(Bonus(None) if phase == BONUS else Console(None))
        if act == "circle":
            return self._circle(self._spot(data.get("spot", "")))
        return NOTHING

    def _key(self, key: str) -> Handled:
        phase = self.game.phase
        if key == "Escape" and (self.pick or self.toggled or self.selected):
            self.reset()
            return CHANGED
        if phase == PLACE and key in "12345" and len(key) == 1:
            return self.handle("die", {"index": str(int(key) - 1)})
        lower = key.lower()
        if phase == DECIDE and lower in ("r", "t"):
            return Apply(Roll() if lower == "r" else Stop())
        if phase == ACT and lower == "e":
            return Apply(End())
        return NOTHING

    @staticmethod
    def _spot(text: str) -> Pos | str:
        if text == SUMMIT:
            return SUMMIT
        n, _dot, i = text.partition(".")
        return int(n), int(i)

    def _circle(self, spot: Pos | str) -> Handled:
        game = self.game
        phase = game.phase
        seat = self.session.human_mover()
        if spot == SUMMIT and phase not in (BONUS, ACT):
            return NOTHING
        if phase == SETUP:
            return self._setup(spot)  # type: ignore[arg-type]
        if phase == PLACE:
            legal = [a for a in self.legal() if isinstance(a, Place)]
            mine = Place(self.chosen_aside(), spot)  # type: ignore[arg-type]
            if mine in legal:
                return Apply(mine)
            here = [a for a in legal if a.circle == spot]
            return Apply(here[0] if here else mine)  # the fewest dice set aside that reach this row
        if phase in (BONUS, ACT):
            return self._deed(spot, seat)
        if phase == CONSOLE:
            return Apply(Console(spot))  # type: ignore[arg-type]
        if phase == RESTOCK:
            return Apply(Restock(spot))  # type: ignore[arg-type]
        return NOTHING

    def _setup(self, spot: Pos) -> Handled:
        try:
            self.game.check(Setup((spot, spot)))  # the engine's reason if this circle cannot take a climber
        except RuleError as error:
            return self.session.refuse(error)
        if self.pick is None:
            self.pick = spot
            return CHANGED
        if self.pick == spot:
            self.pick = None
            return CHANGED
        return Apply(Setup((min(self.pick, spot), max(self.pick, spot))))

    def _deed(self, spot: Pos | str, seat: int | None) -> Handled:
        game = self.game
        bonus = game.phase == BONUS
        deeds = self.deeds()
        movable = {d.src for d in deeds if isinstance(d, Move)}
        clearable = {d.circle for d in deeds if isinstance(d, Clear)}

        def wrap(deed: Deed) -> Action:
            return Bonus(deed) if bonus else deed

        if self.selected is not None and spot != self.selected:
            targets = {d.dst for d in deeds if isinstance(d, Move) and d.src == self.selected}
            if spot in targets or spot not in movable:
                kind = "m" if game.board.get(self.selected) == seat else "p"
                return Apply(wrap(Move(kind, self.selected, spot)))  # the engine says why if it cannot
        if spot in movable:
            self.selected = None if self.selected == spot else spot  # type: ignore[assignment]
            return CHANGED
        if spot in clearable:
            return Apply(wrap(Clear(spot)))  # type: ignore[arg-type]
        piece = game.board.get(spot) if not isinstance(spot, str) else None  # (the summit: SUMMIT)
        if isinstance(piece, int):
            return self.session.notice(_("This climber ({colour}) has no free circle to go to now.").format(
                colour=draw.seat_colour(piece)))
        if piece == "a":
            return self.session.notice(_("Not allowed: this turn’s action tokens cannot be cleared."))
        return self.session.notice(_("Choose a highlighted climber to move, or an obstacle to clear."))

    # -- drawing -------------------------------------------------------------------------------

    def marks(self, fresh: bool = False) -> Marks:
        """What the drawing shows beyond the state, read once per drawing: the UI state, what the engine
        allows for it, the seats' names (``fresh``: the dice tray rolls a new roll in)."""
        game, mover = self.game, self.session.human_mover()
        players = range(game.players)
        placing = game.phase == PLACE and mover is not None
        value = self.chosen_value() if placing else None
        return Marks(
            mover=mover,
            to_move=self.session.mover(),
            thinking=self.session.thinking,
            names=tuple(self.session.seat_name(s) for s in players),
            short_names=tuple(self.session.short_name(s) for s in players),
            touch=self.touch,
            pick=self.pick,
            selected=self.selected,
            toggled=tuple(self.toggled),
            targets=frozenset(self.targets()),
            clickable=frozenset(self.clickable()),
            reach=frozenset(self.reachable_rows()),
            value=value,
            value_reason=self.value_reason(value) if value is not None else "",
            last=frozenset(self.last_spots()),
            fresh=fresh,
            hinted=hint_marks(self.hint_shown)[0],
            hinted_act=hint_marks(self.hint_shown)[1],
        )

    def fresh_roll(self) -> bool:
        """The roll on screen is new since the dice were last drawn (they roll in once); now drawn."""
        game = self.game
        fresh = bool(game.roll) and self.rolled_at != len(game.history) and self._rolled_now()
        self.rolled_at = len(game.history)
        return fresh

    def _rolled_now(self) -> bool:
        """The move that led to the position drawn rolled the dice."""
        snaps, shown = self.session.match.snapshots, self.session.moves_shown()
        if shown < 1:
            return False
        before, after = snaps[shown - 1], snaps[shown]
        assert isinstance(before, Matterhorn) and isinstance(after, Matterhorn)  # this view's match: its states
        return getattr(before, "roll", None) != getattr(after, "roll", None) or before.turn != after.turn

    def board(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, Matterhorn)
        return part(Markup(f'<div class="panel mh-panel" id="mh-panel">{panels.mountain(state, self.marks())}</div>'))

    def controls(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, Matterhorn)
        marks = self.marks(fresh=self.fresh_roll())
        dice = part(Markup(f'<div class="panel dice-tray" id="dice-tray">{panels.dice_tray(state, marks)}</div>'))
        teams = part(Markup(f'<div class="panel mh-teams" id="mh-teams">{panels.teams(state, marks)}</div>'))
        return Markup(f"{dice}{teams}")

    def last_spots(self) -> set[Pos | str]:
        """Where the last move put something (a ring on it)."""
        game = self.game
        if not game.history:
            return set()
        action = game.parse_action(game.history[-1])
        deed = words.deed_of(action)
        if isinstance(action, Setup):
            return set(action.circles)
        if isinstance(action, Place | Console | Restock) and action.circle is not None:
            return {action.circle}
        if isinstance(deed, Move):
            return {deed.dst}
        return set()

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        return words.describe_board(self.game, self.session.seat_name, self.session.short_name)

    def hint(self) -> str:
        game = self.game
        if self.session.human_mover() is None or game.is_over():
            return ""
        phase = game.phase
        if phase == SETUP and self.pick is not None:
            phase = SECOND_CLIMBER
        elif phase in (BONUS, ACT):
            phase = MOVING if self.selected is not None else ACT
        words = HINTS.get(phase)
        return _(words[self.touch]) if words else ""  # a finger: "tap", and no keys to mention

    # -- words -----------------------------------------------------------------------------------

    def describe(self, before: Game, text: str, after: Game) -> str:
        assert isinstance(before, Matterhorn) and isinstance(after, Matterhorn)
        action = before.parse_action(text)
        said = words.phrase(before, action, self.session.short_name)
        news = words.consequences(before, action, after, self.session.short_name)
        return f"{said}{news}"

    def move_label(self, action: Action) -> str:
        return words.phrase(self.game, action, self.session.short_name)

    def result_summary(self, result: Result) -> str:
        return _("{name} has both climbers on the summit").format(name=self.session.short_name(result.winner or 0))

    def result_details(self, result: Result) -> Markup:
        return panels.result_details(self.game, self.marks(), result)
