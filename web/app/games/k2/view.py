"""K2 in the page: what the player is doing (cards picked, the card being given, the climber to
move, the zoom) and taps, clicks and keys -> engine actions.

Pure Python, no browser. Every rule question goes to the engine (``legal_actions``, ``move_paths``,
``reach``, ``check``); a refused action comes back with the engine's reason. K2 hides information
(K2-R47/R48): everything the view reads (``self.game``, the ``state`` the shell passes, the night's
states) is the viewing seat's ``view`` — only that seat's hand is ever drawn. panels.py draws the
panels beside the mountain, turn.py the viewing seat's own (hand, turn), draw.py the pictures,
words.py the sentences.
"""

from __future__ import annotations

from typing import Any

from shell.contract.markup import Markup, esc
from shell.contract.view import CHANGED, NOTHING, Apply, GameView, Handled, ViewSession

from pygames.core.game import Action, Game
from pygames.core.i18n import N_, _, ngettext
from pygames.k2.actions import CLIMBERS, Choose, End, Move, Play, Rescue, Risk, Take, Tent, card_key
from pygames.k2.game import ACT, CHOOSE, K2, RESCUE, SOLO_PAYOFF_VP, TAKE, K2Result, risk_value

from . import draw, mountain, panels, turn, words
from .best import is_this_game, solo_best
from .marks import Marks, Target
from .mountain import ZOOMS

HOW_TO_TITLE = N_("How to play K2")
HOW_TO = N_(
    "Each day, everyone secretly picks 3 of the 6 cards in hand: movement (up or down), rope (its up or its "
    "down value) or acclimatization. The player showing the most movement takes a risk token, which costs "
    "penalty points. Then, in turn, give each card to one of your two climbers and move them along the ropes: "
    "entering a space costs the yellow number. At night each climber’s acclimatization changes with its space, "
    "a tent of yours there and the weather; below 1 it dies. After 18 days each climber scores the highest "
    "points of any space it reached."
)
HOW_TO_SOLO = N_(
    "Solo: each day, pick 3 of the 6 cards in hand: movement (up or down), rope (its up or its down value) or "
    "acclimatization. You take a risk token every day, which costs penalty points. Then give each card to one "
    "of your two climbers and move them along the ropes: entering a space costs the yellow number. At night "
    "each climber’s acclimatization changes with its space, a tent of yours there and the weather; below 1 it "
    "dies, and the expedition ends. After 18 days your score is the two climbers’ points; it earns a title."
)


class View(GameView[K2]):
    """One K2 game on screen."""

    how_to_title, how_to_text = HOW_TO_TITLE, HOW_TO
    seed_help = N_("same seed, same game: the cards drawn, the weather tiles and the risk tokens")

    viewing_acts = frozenset({"zoom"})  # − / + zoom the board whoever is to move

    option_labels = {
        "side": N_("Board side"),
        "weather": N_("Weather tiles"),
        "cap5": N_("Capacity with 5 players"),
        "family": N_("Family variant"),
        "first": N_("First player"),
    }
    option_help = {
        "side": N_("the easy side E has 28 spaces; the hard side H has 30 and a longer way up"),
        "weather": N_("winter adds movement costs to the losses of acclimatization"),
        "cap5": N_("easy: 3 climbers fit on a space at 7000 m, 2 at 8000 m"),
        "family": N_("each player has one rescue card: a dying climber goes back down instead"),
        "first": N_("who plays first on day 1; then it passes to the left every day"),
    }
    choice_labels = {
        "side": {"E": N_("E — easy side"), "H": N_("H — hard side")},
        "weather": {"SUM": N_("Summer"), "WIN": N_("Winter")},
        "cap5": {"standard": N_("Standard"), "easy": N_("Easy (more room)")},
    }

    def __init__(self, session: ViewSession) -> None:
        super().__init__(session)
        self.picked: list[int] = []  # hand indices chosen (phase 1)
        self.card: str | None = None  # the revealed card being given (phase 3)
        self.penalty = 0  # penalty points to spend on that card
        self.climber: str | None = None  # the climber chosen to move
        self.climber_turn: tuple[int, int] | None = None  # (round, seat) of that choice
        self.zoom = 0
        self.asking_end = False  # "End the turn with movement unspent?" is asked
        self.refocus = ""  # where the keyboard's focus goes after the next render (take_focus)
        self.shows = 0  # climbers chosen to move so far: each brings its targets into view (board.js)
        self.to_spaces = False  # the focus goes to the spaces the climber just chosen can reach (take_focus)
        self.ranked = session.game.players > 1  # alone, the title says it all (no list of places)
        self._targets: tuple[object, tuple, dict[str, Target]] = (None, (), {})  # (state, seat and climber, targets)

    # -- who is who, words of the frame ----------------------------------------------------------

    def seat_colour(self, seat: int) -> str:
        return draw.seat_colour(seat)

    def seat_icon(self, seat: int) -> Markup:
        return draw.seat_icon(seat)

    def actor(self, before: Game, text: str) -> int:
        return words.actor(text)

    def subtitle(self) -> str:
        game = self.game
        n = game.players
        parts = [_("solo") if n == 1 else _("{n} players").format(n=n)]
        parts.append(_("side E (easy)") if game.side == "E" else _("side H (hard)"))
        parts.append(_("summer") if game.options["weather"] == "SUM" else _("winter"))
        if n == 5:
            parts.append(_("easy capacity") if game.options["cap5"] == "easy" else _("standard capacity"))
        if game.options["family"]:
            parts.append(_("family variant"))
        return " · ".join(parts)

    def status(self, seat: int, name: str) -> str:
        game = self.game
        if game.phase == CHOOSE:
            return _("{name}: choose 3 of your cards").format(name=name)
        if game.phase == TAKE:
            return _("{name}: take a risk token").format(name=name)
        if game.phase == RESCUE:
            return _("{name}: your climber is dying — rescue it?").format(name=name)
        left = len(game.unassigned)
        if left:
            return ngettext("{name}: give your card to a climber", "{name}: give your {n} cards to your climbers",
                            left).format(name=name, n=left)
        if game.points:
            return ngettext("{name}: spend {n} penalty point", "{name}: spend {n} penalty points",
                            game.points).format(name=name, n=game.points)
        return _("{name}: move, pitch a tent or end your turn").format(name=name)

    def reset(self) -> None:
        self.asking_end = False
        self.picked = []
        self.card = None
        self.penalty = 0  # the chosen climber stays for the turn (checked when used)

    def show_hint(self, action: Action | None) -> None:
        """The hint's move as the player's own choice would show: the cards to choose picked in the hand; the card
        to give selected (with its penalty); the climber to move chosen, its reachable spaces marked (the hint's
        space, the token, the button among them marked as the hint's)."""
        super().show_hint(action)
        game, seat = self.game, self.acting()
        if action is None or seat is None:
            return
        if isinstance(action, Choose):
            hand, self.picked = list(game.hands[seat]), []
            for code in action.cards:
                index = next(i for i, c in enumerate(hand) if c == code and i not in self.picked)
                self.picked.append(index)
        elif isinstance(action, Play):
            self.card, self.penalty = action.card, action.penalty
        elif isinstance(action, Move | Tent | Risk):
            self.climber, self.climber_turn = action.climber, (game.round, seat)

    def root_attrs(self) -> dict[str, Any]:
        game = self.game
        seat = self.acting()
        return {
            "data-k2-round": game.round,
            "data-k2-zoom": self.zoom,
            "data-k2-climber": self.selected_climber() if seat is not None else None,
            "data-k2-card": self.card if seat is not None else None,
        }

    def board_keys(self) -> list[tuple[str, str]]:
        return [("1–6", _("pick a card of your hand, or put it back")),
                ("A, B", _("choose your climber A or B")),
                ("+, −", _("zoom the board in or out"))]

    def take_focus(self) -> str:
        """Where a question sends the focus back (``refocus``: End turn, after its question); after a climber
        is chosen (its button, its key), the spaces it can reach (their group's Tab stop), which the board
        comes before in the page: no Shift+Tab back to them. At a desk only."""
        wanted, self.refocus = self.refocus, ""
        to_spaces, self.to_spaces = self.to_spaces, False
        if wanted:
            return wanted
        return '.k2-board [data-group="spaces"] [tabindex="0"]' if to_spaces and self.targets() else ""

    def focus_after_render(self) -> tuple[str, ...]:
        return ('.k2-board [data-target="1"]', ".k2-controls button:not([disabled])", "#turn-status")


    def legend(self) -> Markup:
        return panels.legend(self.game.players)

    # -- what the engine allows now --------------------------------------------------------------

    def acting(self) -> int | None:
        """The human who may act now (None while a bot acts, during a hand-off, or when over)."""
        play = self.session
        if self.game.is_over() or play.thinking is not None or play.handoff_seat() is not None:
            return None
        return play.human_mover()

    def selected_climber(self) -> str | None:
        """The climber whose moves are shown: the one chosen this turn, or the only one with points."""
        game = self.game
        seat = self.acting()
        if seat is None or game.phase != ACT or game.current != seat:
            return None
        alive = game.on_board(seat)
        if self.climber in alive and self.climber_turn == (game.round, seat):
            return self.climber
        with_points = [c for c in alive if sum(game.pools.get(c, (0, 0, 0))) > 0]
        return with_points[0] if len(with_points) == 1 else None

    def targets(self) -> dict[str, Target]:
        """Spaces the selected climber can reach now (the engine's legal paths): per end space the
        path a click plays — the most VP on the way, then the most points left, then the fewest steps."""
        game = self.game
        seat, climber = self.acting(), self.selected_climber()
        if seat is None or climber is None:
            return {}
        kept, key, found = self._targets
        if kept is game and key == (seat, climber, len(game.history)):  # (asked several times a drawing)
            return found
        found = self._targets_of(game, seat, climber)
        self._targets = (game, (seat, climber, len(game.history)), found)
        return found

    def _targets_of(self, game: K2, seat: int, climber: str) -> dict[str, Target]:
        paths = [a.path for a in self.legal() if isinstance(a, Move) and a.climber == climber]
        if not paths:
            return {}
        u, d, g = game.pools.get(climber, (0, 0, 0))
        by_path = {path: state for state, path in game.reach(seat, climber, u, d, g).items()}
        out: dict[str, Target] = {}
        for path in paths:
            state = by_path.get(path)
            if state is None:  # pragma: no cover (legal paths are reach paths)
                continue
            left = (state[1], state[2], state[3])
            target = Target(path, u + d + g - sum(left), state[4], left)
            best = out.get(path[-1])
            if best is None or (target.vp, sum(target.left), -len(path)) > (best.vp, sum(best.left), -len(best.path)):
                out[path[-1]] = target
        return out

    def unspent_movement(self) -> int:
        """The movement points (up, down and move) the acting seat's climbers have left this turn, as the
        engine's state holds them, when the engine still allows spending some (a move or a tent); else 0."""
        game = self.game
        seat = self.acting()
        if seat is None or game.phase != ACT or game.current != seat:
            return 0
        if not any(isinstance(a, Move | Tent) for a in self.legal()):
            return 0
        return sum(sum(game.pools.get(c, (0, 0, 0))) for c in game.on_board(seat))

    def rescue_spaces(self) -> set[str]:
        return {a.space for a in self.legal() if isinstance(a, Rescue) and a.space}

    # -- input ------------------------------------------------------------------------------------

    def handle(self, act: str, data: dict[str, str]) -> Handled:
        if act == "zoom":  # (a viewing act: whoever is to move)
            return self.set_zoom(data.get("zoom", ""))
        game = self.game
        seat = self.session.human_mover()
        if seat is None:
            return NOTHING
        phase = game.phase
        if act == "key":
            return self._key(data.get("key", ""), seat)
        if act == "deselect":
            self.reset()
            self.climber = None
            return CHANGED
        if act == "hand" and phase == CHOOSE:
            return self._toggle(seat, int(data.get("index", "-1")))
        if act == "choose":
            return self._choose(seat)
        if act == "token":
            return Apply(Take(seat, int(data.get("slot", "0"))))
        if act == "card":
            code = data.get("card", "")
            self.card = None if self.card == code else code
            self.penalty = 0
            return CHANGED
        if act == "penalty":
            self.penalty = max(0, int(data.get("k", "0")))
            return CHANGED
        if act == "assign":
            card = data.get("card") or self.card or ""
            return Apply(Play(seat, card, data.get("climber", ""), data.get("dir", ""), self.penalty))
        if act == "climber":
            return self._select(seat, data.get("climber", ""))
        if act == "space":
            return self._space(seat, data.get("space", ""))
        if act == "tent":
            return Apply(Tent(seat, data.get("climber", "")))
        if act == "risk":
            return Apply(Risk(seat, data.get("climber", ""), int(data.get("points", "1"))))
        if act == "end":
            if End(seat) in self.legal() and self.unspent_movement():
                self.asking_end = True  # the movement left would be lost: asked first (turn.end_dialog)
                return CHANGED
            return Apply(End(seat))  # (too early: the engine says why not)
        if act == "end-cancel":
            self.asking_end = False
            self.refocus = "#k2-end"  # back where the question came from
            return CHANGED
        if act == "end-confirm":
            self.asking_end = False
            return Apply(End(seat))
        if act == "letdie" and phase == RESCUE:
            return Apply(Rescue(seat, game.dying[0][1], None))
        return NOTHING

    def set_zoom(self, how: str) -> Handled:
        if how == "in":
            self.zoom = min(self.zoom + 1, len(ZOOMS) - 1)
        elif how == "out":
            self.zoom = max(self.zoom - 1, 0)
        else:
            self.zoom = 0
        return CHANGED

    def _key(self, key: str, seat: int) -> Handled:
        game = self.game
        if key == "Escape" and (self.picked or self.card or self.climber):
            self.reset()
            self.climber = None
            return CHANGED
        if game.phase == CHOOSE and len(key) == 1 and key in "123456":
            return self._toggle(seat, int(key) - 1)
        if game.phase == ACT and key.upper() in CLIMBERS and len(key) == 1:
            return self._select(seat, key.upper())
        if key in ("+", "="):
            return self.set_zoom("in")
        if key == "-":
            return self.set_zoom("out")
        return NOTHING

    def _toggle(self, seat: int, index: int) -> Handled:
        hand = self.game.hands[seat]
        if not 0 <= index < len(hand):
            return NOTHING
        if index in self.picked:
            self.picked.remove(index)
        elif len(self.picked) >= 3:
            if self.touch:
                return self.session.notice(_("You have picked 3 cards: tap one of them again to put it back first."))
            return self.session.notice(_("You have picked 3 cards: click one of them again to put it back first."))
        else:
            self.picked.append(index)
        return CHANGED

    def picked_cards(self, seat: int) -> tuple[str, ...]:
        hand = self.game.hands[seat]
        return tuple(sorted((hand[i] for i in self.picked if i < len(hand)), key=card_key))

    def _choose(self, seat: int) -> Handled:
        cards = self.picked_cards(seat)
        if len(cards) != 3:
            return self.session.notice(ngettext("Pick 3 cards first (you have picked {n}).",
                                             "Pick 3 cards first (you have picked {n}).", len(cards)).format(
                n=len(cards)))
        return Apply(Choose(seat, cards))

    def _select(self, seat: int, climber: str) -> Handled:
        game = self.game
        if climber not in game.on_board(seat):
            return self.session.notice(_("Climber {climber} is no longer on the mountain.").format(climber=climber))
        self.climber = climber
        self.climber_turn = (game.round, seat)
        self.shows += 1
        self.to_spaces = not self.touch  # the keyboard goes on where the climber can go (take_focus)
        return CHANGED

    def _space(self, seat: int, space: str) -> Handled:
        game = self.game
        if game.phase == RESCUE:
            return Apply(Rescue(seat, game.dying[0][1], space))
        if game.phase != ACT:
            return NOTHING
        climber = self.selected_climber()
        target = self.targets().get(space)
        if climber is not None and target is not None:
            return Apply(Move(seat, climber, target.path))
        here = [c for c in game.on_board(seat) if game.climbers[seat][c]["space"] == space]
        if here and climber not in here:
            return self._select(seat, here[0])
        if len(here) == 2:
            return self._select(seat, here[1] if climber == here[0] else here[0])
        if climber is not None:
            return Apply(Move(seat, climber, (space,)))  # the engine says why not
        return self.session.notice(_("First choose the climber to move (its button, or the space it stands on)."))

    # -- drawing ----------------------------------------------------------------------------------

    def marks(self, seat: int | None = None) -> Marks:
        """What the drawing shows beyond the state, read once per drawing: what the player chose, what the
        engine allows for it, the seats' names (``seat``: the one looking, for what the page shows)."""
        game, session = self.game, self.session
        players = range(game.players)
        acting = self.acting()
        best = solo_best(game, session.device, session.is_human(0))
        night = self.night()
        return Marks(
            acting=acting,
            thinking=session.thinking,
            names=tuple(session.seat_name(s) for s in players),
            short_names=tuple(session.short_name(s) for s in players),
            touch=self.touch,
            zoom=self.zoom,
            show=self.show_token(game, seat),
            legal=tuple(self.legal()),
            picked=tuple(self.picked),
            picked_cards=self.picked_cards(acting) if acting is not None and game.phase == CHOOSE else (),
            card=self.card,
            penalty=self.penalty,
            selected=self.selected_climber(),
            targets=tuple(self.targets().items()),
            rescue=frozenset(self.rescue_spaces()),
            unspent=self.unspent_movement(),
            asking_end=self.asking_end,
            night=night,
            best=(int(best["score"]), str(best["title"])) if best else None,
            best_is_this=bool(best) and is_this_game(game, best),
            hinted=self.hint_shown,
        )

    def night(self) -> tuple[K2, K2] | None:
        """The last night's acclimatization check (phase 4), shown until the next day's actions start: the
        states before and after it as the viewing seat saw them (the session's ``seen_state``)."""
        if self.game.phase == ACT:
            return None
        session = self.session
        snaps = session.match.snapshots  # (their phases only: public)
        shown = session.moves_shown()  # the position drawn (an earlier one, in a replay)
        last = None
        for i in range(shown - 1, -1, -1):
            if snaps[i].phase == ACT:  # type: ignore[attr-defined]
                last = i
                break
        if last is None:
            return None
        after = next((i for i in range(last + 1, shown + 1) if snaps[i].phase != RESCUE), shown)  # type: ignore[attr-defined]
        pre, post = session.seen_state(last), session.seen_state(after)
        assert isinstance(pre, K2) and isinstance(post, K2)
        return pre, post

    def board(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, K2)
        return mountain.board(state, self.marks(seat), seat)

    def show_token(self, state: K2, seat: int | None) -> str | None:
        """What asks the page to bring something into view (board.js), new each time it should come: the
        highlighted spaces of a climber just chosen to move (each choice) or of a rescue asking where a climber
        goes (each rescue); the last night's report and the new hand when a new day starts for this seat (once a
        day: on a phone, after "End turn", they are above the screen); None otherwise."""
        if seat is None or self.acting() != seat:
            return None
        if state.phase == CHOOSE and state.pending[seat] is None:
            return f"day-{state.round}"  # a new day for this seat: the night's report and the hand (board.js)
        if state.phase == RESCUE and self.rescue_spaces():
            return f"rescue-{len(state.history)}"
        if self.climber is not None and self.selected_climber() == self.climber and self.targets():
            return f"climber-{self.shows}"
        return None

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        assert isinstance(state, K2)
        costs = {sid: t.cost for sid, t in self.targets().items()}
        return words.describe_board(state, seat, self.session.short_name, self.selected_climber(), costs)

    def how_to(self) -> Markup:
        if self.game.players != 1:
            return super().how_to()
        return Markup(f'<details class="howto" id="howto"><summary>{esc(_(HOW_TO_TITLE))}</summary>'
                f"<p>{esc(_(HOW_TO_SOLO))}</p></details>")

    def controls(self, state: Game, seat: int | None) -> Markup:
        assert isinstance(state, K2)
        return turn.controls(state, self.marks(seat), seat)

    def hint(self) -> str:
        game = self.game
        seat = self.acting()
        if seat is None:
            return ""
        if game.phase == CHOOSE:
            if game.players == 1:  # solo: nobody else chooses
                return _("Tap 3 cards, then choose them.") if self.touch else _(
                    "Click 3 cards (or press 1–6), then choose them.")
            if self.touch:
                return _("Tap 3 cards, then choose them. Nobody sees them until everyone has chosen.")
            return _("Click 3 cards (or press 1–6), then choose them. Nobody sees them until everyone has chosen.")
        if game.phase == TAKE:
            if game.players == 1:
                return _("Take one of the face-up risk tokens (solo: one every day).")
            return _("Your cards show the most movement: take one of the face-up risk tokens.")
        if game.phase == RESCUE:
            if self.touch:
                return _("Tap a highlighted space below 6000 m to rescue the climber there, or let it die.")
            return _("Click a highlighted space below 6000 m to rescue the climber there, or let it die.")
        if game.unassigned:
            if self.card:
                return _("Give {card} to a climber with one of the buttons.").format(card=self.card)
            if self.touch:
                return _("Tap one of your revealed cards, then the climber to give it to.")
            return _("Click one of your revealed cards, then the climber to give it to.")
        climber = self.selected_climber()
        if climber is not None and self.targets():
            if self.touch:
                return _("Tap a highlighted space to move {climber} there (the green number is what it costs).").format(
                    climber=climber)
            return _("Click a highlighted space to move {climber} there (the green number is what it costs).").format(
                climber=climber)
        if game.points:
            return _("Spend your penalty points on the level of a climber that got a card, then end your turn.")
        return _("Choose a climber to move, pitch a tent, or end your turn.")

    # -- words ----------------------------------------------------------------------------------

    def describe(self, before: Game, text: str, after: Game) -> str:
        assert isinstance(before, K2) and isinstance(after, K2)
        action = words.parse(before, text)
        if action is None:
            return _("chooses 3 cards (secret)")
        phrase = words.phrase(before, action, after, self.session.short_name)
        return phrase + words.consequences(before, action, after, self.session.short_name)

    def worth(self, value: float) -> str:
        """Solo, the score a move leads to (a solo game's payoff is its score's share); else a chance to win."""
        if self.game.players == 1:
            return _("about {vp} VP").format(vp=f"{value * SOLO_PAYOFF_VP:.1f}")
        return super().worth(value)

    def move_label(self, action: Action) -> str:
        game = self.game
        if isinstance(action, Move):
            target = self.path_cost(action)
            return _("{climber} to {space}: costs {n}, VP {vp}").format(
                climber=action.climber, space=action.path[-1], n=target.cost, vp=target.vp) if target else ""
        if isinstance(action, Tent):
            space = game.climbers[action.seat][action.climber]["space"]
            return _("{climber}’s tent on {space} (costs {n})").format(
                climber=action.climber, space=space, n=game.entry_cost(space))
        if isinstance(action, Choose):
            return _("risk {n}").format(n=risk_value(action.cards))
        if isinstance(action, End):
            return _("end the turn")
        return words.phrase(game, action, None, self.session.short_name)

    def path_cost(self, action: Move) -> Target | None:
        game = self.game
        u, d, g = game.pools.get(action.climber, (0, 0, 0))
        for state, path in game.reach(action.seat, action.climber, u, d, g).items():
            if path == action.path:
                return Target(path, u + d + g - sum(state[1:4]), state[4], state[1:4])
        return None

    # -- the end ----------------------------------------------------------------------------------

    def result_title(self, result: K2Result) -> str:  # type: ignore[override]  # this game's own result
        if self.game.players == 1:
            return _("{title}: {n} points").format(title=_(result.title or ""), n=(result.scores or [0])[0])
        return ""

    def result_summary(self, result: K2Result) -> str:  # type: ignore[override]  # this game's own result
        game = self.game
        if game.players == 1:
            dead = [c for c in CLIMBERS if not game.climbers[0][c]["alive"]]
            if dead:  # K2-R41
                return _("The expedition ended on day {day}: climber {climber} died, so the score is the other "
                         "climber’s VP + 1,").format(day=game.round, climber=" & ".join(dead))
            vps = {"a": game.climbers[0]["A"]["vp"], "b": game.climbers[0]["B"]["vp"]}
            if not self.session.is_human(0):  # a bot's expedition, watched
                return _("After 18 days the climbers score {a} + {b} VP,").format(**vps)
            return _("After 18 days your climbers score {a} + {b} VP,").format(**vps)
        top = result.ranking[0]
        names = " & ".join(self.session.short_name(s) for s in top)
        return _("{names} climbed highest: {n} VP,").format(names=names, n=(result.scores or [])[top[0]])

    def result_details(self, result: K2Result) -> Markup:  # type: ignore[override]  # this game's own result
        return panels.result_details(self.game, self.marks(), result)
