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

import json
from typing import Any, NamedTuple

from shell import svg
from shell.svg import esc
from shell.view import CHANGED, NOTHING, GameView

from pygames.core.game import Action, Game
from pygames.core.i18n import N_, _, ngettext
from pygames.k2.actions import CLIMBERS, Choose, End, Move, Play, Rescue, Risk, Take, Tent, card_key
from pygames.k2.game import ACT, CHOOSE, K2, RESCUE, TAKE, K2Result, risk_value

from . import draw, panels, turn, words

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
ZOOMS = (1.0, 1.6, 2.4)
BEST_KEY = "pygames:k2:solo-best"  # this device's best solo score per side and weather set


class Target(NamedTuple):
    """A space the selected climber can reach: the path a click plays and what it costs."""

    path: tuple[str, ...]
    cost: int
    vp: int
    left: tuple[int, int, int]  # U, D, G after the move


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

    def __init__(self, play) -> None:
        super().__init__(play)
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
        self.ranked = play.game.players > 1  # alone, the title says it all (no list of places)

    # -- who is who, words of the frame ----------------------------------------------------------

    def seat_colour(self, seat: int) -> str:
        return draw.seat_colour(seat)

    def seat_icon(self, seat: int) -> str:
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


    def legend(self) -> str:
        return panels.legend(self.game.players)

    # -- what the engine allows now --------------------------------------------------------------

    def acting(self) -> int | None:
        """The human who may act now (None while a bot acts, during a hand-off, or when over)."""
        play = self.play
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

    def handle(self, act: str, data: dict[str, str]) -> Action | str:
        if act == "zoom":  # (a viewing act: whoever is to move)
            return self.set_zoom(data.get("zoom", ""))
        game = self.game
        seat = self.play.human_mover()
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
            return Take(seat, int(data.get("slot", "0")))
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
            return Play(seat, card, data.get("climber", ""), data.get("dir", ""), self.penalty)
        if act == "climber":
            return self._select(seat, data.get("climber", ""))
        if act == "space":
            return self._space(seat, data.get("space", ""))
        if act == "tent":
            return Tent(seat, data.get("climber", ""))
        if act == "risk":
            return Risk(seat, data.get("climber", ""), int(data.get("points", "1")))
        if act == "end":
            if End(seat) in self.legal() and self.unspent_movement():
                self.asking_end = True  # the movement left would be lost: asked first (turn.end_dialog)
                return CHANGED
            return End(seat)  # (too early: the engine says why not)
        if act == "end-cancel":
            self.asking_end = False
            self.refocus = "#k2-end"  # back where the question came from
            return CHANGED
        if act == "end-confirm":
            self.asking_end = False
            return End(seat)
        if act == "letdie" and phase == RESCUE:
            return Rescue(seat, game.dying[0][1], None)
        return NOTHING

    def set_zoom(self, how: str) -> str:
        if how == "in":
            self.zoom = min(self.zoom + 1, len(ZOOMS) - 1)
        elif how == "out":
            self.zoom = max(self.zoom - 1, 0)
        else:
            self.zoom = 0
        return CHANGED

    def _key(self, key: str, seat: int) -> Action | str:
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

    def _toggle(self, seat: int, index: int) -> str:
        hand = self.game.hands[seat]
        if not 0 <= index < len(hand):
            return NOTHING
        if index in self.picked:
            self.picked.remove(index)
        elif len(self.picked) >= 3:
            if self.touch:
                return self.play.notice(_("You have picked 3 cards: tap one of them again to put it back first."))
            return self.play.notice(_("You have picked 3 cards: click one of them again to put it back first."))
        else:
            self.picked.append(index)
        return CHANGED

    def picked_cards(self, seat: int) -> tuple[str, ...]:
        hand = self.game.hands[seat]
        return tuple(sorted((hand[i] for i in self.picked if i < len(hand)), key=card_key))

    def _choose(self, seat: int) -> Action | str:
        cards = self.picked_cards(seat)
        if len(cards) != 3:
            return self.play.notice(ngettext("Pick 3 cards first (you have picked {n}).",
                                             "Pick 3 cards first (you have picked {n}).", len(cards)).format(
                n=len(cards)))
        return Choose(seat, cards)

    def _select(self, seat: int, climber: str) -> str:
        game = self.game
        if climber not in game.on_board(seat):
            return self.play.notice(_("Climber {climber} is no longer on the mountain.").format(climber=climber))
        self.climber = climber
        self.climber_turn = (game.round, seat)
        self.shows += 1
        self.to_spaces = not self.touch  # the keyboard goes on where the climber can go (take_focus)
        return CHANGED

    def _space(self, seat: int, space: str) -> Action | str:
        game = self.game
        if game.phase == RESCUE:
            return Rescue(seat, game.dying[0][1], space)
        if game.phase != ACT:
            return NOTHING
        climber = self.selected_climber()
        target = self.targets().get(space)
        if climber is not None and target is not None:
            return Move(seat, climber, target.path)
        here = [c for c in game.on_board(seat) if game.climbers[seat][c]["space"] == space]
        if here and climber not in here:
            return self._select(seat, here[0])
        if len(here) == 2:
            return self._select(seat, here[1] if climber == here[0] else here[0])
        if climber is not None:
            return Move(seat, climber, (space,))  # the engine says why not
        return self.play.notice(_("First choose the climber to move (its button, or the space it stands on)."))

    # -- drawing ----------------------------------------------------------------------------------

    def board(self, state: Game, seat: int | None) -> str:
        assert isinstance(state, K2)
        zoom = ZOOMS[self.zoom]
        buttons = (
            f'<div class="k2-zoom" role="group" aria-label="{esc(_("Zoom"))}">'
            f'<button type="button" data-act="zoom" data-zoom="out" id="k2-zoom-out" '
            f'aria-label="{esc(_("Zoom out"))}"{" disabled" if self.zoom == 0 else ""}>−</button>'
            f'<button type="button" data-act="zoom" data-zoom="in" id="k2-zoom-in" '
            f'aria-label="{esc(_("Zoom in"))}"{" disabled" if self.zoom == len(ZOOMS) - 1 else ""}>+</button>'
            f'<span class="k2-zoom-level">{round(zoom * 100)} %</span>'
            f'<span class="k2-key"><b>2</b> {esc(_("entry cost"))} · {esc(_("big number: VP"))} · ▲ {esc(_("uphill"))}'
            "</span></div>"
        )
        style = f' style="width:{round(zoom * 100)}%"' if self.zoom else ""
        show = svg.attrs({"data-k2-show": self.show_token(state, seat)})
        return (
            '<div class="k2-main">'
            f'<div class="panel k2-board-panel">{buttons}'
            f'<div class="k2-scroll" id="k2-scroll" data-keep-scroll="{self.zoom}" data-zoom="{self.zoom}"{show}>'
            f'<div class="k2-zoomed"{style}>{self.mountain(state, seat)}</div></div></div>'
            f'<div class="k2-info">{panels.days(state)}{panels.risk(state, self.play)}'
            f"{panels.teams(state, seat, self.play)}</div></div>"
        )

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

    def mountain(self, state: K2, seat: int | None) -> str:
        side = state.side
        me = self.acting() if seat is not None else None
        mine = me is not None and me == seat
        act = mine and state.phase in (ACT, RESCUE)
        targets = self.targets() if mine else {}
        rescue = self.rescue_spaces() if mine and state.phase == RESCUE else set()
        selected = self.selected_climber() if mine else None
        today = state.today()
        # in layers (zones, ropes, spaces…): the weather's hatching shown or hidden does not shift the
        # elements after it, so the screen's patch (shell/page.mjs) changes only what changed
        parts = [f'<g class="k2-zones">{draw.zone_layer(side, today)}</g>',
                 f'<g class="k2-ropes">{draw.ropes(side)}</g>']
        spaces = []
        last = self.last_space(state)
        badges = []
        occupants: dict[str, list[tuple[int, str]]] = {}
        for s in range(state.players):
            for c in CLIMBERS:
                cl = state.climbers[s][c]
                if cl["alive"]:
                    occupants.setdefault(cl["space"], []).append((s, c))
        for sid, sp in state.spaces.items():
            cost = state.entry_cost(sid)
            charge = today.surcharge_in(sp.zone)
            cap = state.cap(sid)
            here = occupants.get(sid, [])
            classes = []
            extra: dict[str, object | None] = {}
            label = panels.space_label(state, sid, len(here))
            target = targets.get(sid)
            if target is not None or sid in rescue:
                classes.append("target")
                extra["data-target"] = "1"
                if target is not None:
                    label += ", " + _("reachable for {climber}: costs {n}, VP {vp}").format(
                        climber=selected, n=target.cost, vp=target.vp)
                else:
                    label += ", " + _("the rescued climber can go here")
            if sid == last:
                classes.append("last")
            if act:
                extra.update({"data-act": "space", "role": "button",
                              "tabindex": "0" if (target is not None or sid in rescue) else "-1"})
            else:
                extra["role"] = "img"
            extra["aria-label"] = label
            spaces.append(draw.space_disc(side, sp, " ".join(classes), extra, cap))
            badges.append(draw.space_badges(side, sp, cost, charge))
        parts.append(f'<g class="k2-spaces">{"".join(spaces)}</g>')
        parts.append(f'<g class="k2-badges" aria-hidden="true">{"".join(badges)}</g>')
        parts.append(draw.space_ids(side))
        parts.append(self._tents(state))
        for sid, here in occupants.items():
            parts.append(self._climbers(state, sid, here, selected if mine else None, me))
        for sid, target in sorted(targets.items()):
            parts.append(draw.target_badge(side, sid, f"−{target.cost}"))
        label = _("The mountain, side {side}: {n} spaces from base camp {base} to the summit {summit}").format(
            side=side, n=len(state.spaces), base=state.base, summit=state.summit)
        # the spaces the climber can reach: one Tab stop, the arrow keys between them
        return svg.svg(draw.VIEW_BOX, "".join(parts), f"k2-board side-{side}", label, group="spaces")

    def _tents(self, state: K2) -> str:
        by_space: dict[str, list[tuple[int, str]]] = {}
        for s in range(state.players):
            for c in CLIMBERS:
                where = state.climbers[s][c]["tent"]
                if where is not None:
                    by_space.setdefault(where, []).append((s, c))
        out = []
        for sid, tents in by_space.items():
            x, y = draw.xy(state.side, sid)
            base = sid == state.base
            for k, (s, c) in enumerate(tents):
                dx = (k - (len(tents) - 1) / 2) * 19
                ty = y - 48 if base else y - draw.R - 9
                words = _("tent of {name} ({climber}) on {space}").format(
                    name=self.play.short_name(s), climber=c, space=sid)
                out.append(draw.tent(s, x + dx, ty, words))
        return "".join(out)

    def _climbers(self, state: K2, sid: str, here: list[tuple[int, str]], selected: str | None,
                  me: int | None) -> str:
        x, y = draw.xy(state.side, sid)
        base = sid == state.base
        spots = draw.base_slots(len(here)) if base else draw.slots(max(len(here), state.cap(sid) or 0))
        dying = set(map(tuple, state.dying)) if state.phase == RESCUE else set()
        out = []
        for k, (s, c) in enumerate(here):
            dx, dy = spots[k] if k < len(spots) else (0, 0)
            classes = []
            if me is not None and s == me and c == selected:
                classes.append("selected")
            if state.phase == ACT and s == state.current:
                classes.append("acting")
            if (s, c) in dying:
                classes.append("dying")
            cl = state.climbers[s][c]
            label = _("{name}’s climber {climber} ({shape}): level {level}, {vp} VP").format(
                name=self.play.short_name(s), climber=c, shape=_(draw.CLIMBER_SHAPES[c]), level=cl["level"],
                vp=cl["vp"])
            extra = {"role": "img", "aria-label": label, "data-climber": f"{s}{c}", "data-at": sid}
            out.append(draw.climber(s, c, x + dx, y + dy, " ".join(classes), extra=extra))
        return "".join(out)

    def last_space(self, state: K2) -> str | None:
        """Where the last move put a climber or a tent (a ring on it)."""
        if not state.history:
            return None
        action = words.parse(state, state.history[-1])
        if isinstance(action, Move):
            return action.path[-1]
        if isinstance(action, Rescue) and action.space:
            return action.space
        return None

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        """The position in sentences (what the board, the day track and the panels show)."""
        assert isinstance(state, K2)
        name = self.play.short_name
        season = _("summer") if state.options["weather"] == "SUM" else _("winter")
        out = [_("Day {d} of 18, {season} weather, side {side}. Today: {today}.").format(
            d=state.round, season=season, side=state.side, today=words.day_words(state.today()))]
        coming = [_("day {d}: {weather}").format(d=d, weather=words.day_words(state.day(d)))
                  for d in state.visible_days() if d != state.round]
        if coming:
            out.append(_("Coming: {days}.").format(days="; ".join(coming)))
        tokens = ", ".join("–" if v is None else str(v) for v in state.risk_faceup)
        out.append(_("Risk tokens face up: {tokens}.").format(tokens=tokens))
        for s in range(state.players):
            parts = []
            for c in CLIMBERS:
                cl = state.climbers[s][c]
                if cl["alive"]:
                    parts.append(_("{c} on {space}, level {level}, {vp} VP").format(
                        c=c, space=cl["space"], level=cl["level"], vp=cl["vp"]))
                else:
                    parts.append(_("{c} died").format(c=c))
                if cl["tent"]:
                    parts[-1] += ", " + _("tent on {space}").format(space=cl["tent"])
            out.append(_("{name}: {score} VP; {climbers}.").format(
                name=name(s), score=state.scores()[s], climbers="; ".join(parts)))
        if seat is not None and state.hands[seat]:
            cards = ", ".join(f"{c} ({draw.card_effect(c)})" for c in state.hands[seat])
            out.append(_("Your hand: {cards}.").format(cards=cards))
        targets = self.targets()
        if targets:
            out.append(_("{c} can reach: {spaces}.").format(c=self.selected_climber(), spaces=", ".join(
                _("{space} (costs {n})").format(space=sid, n=t.cost) for sid, t in sorted(targets.items()))))
        return out

    def how_to(self) -> str:
        if self.game.players != 1:
            return super().how_to()
        return (f'<details class="howto"><summary>{esc(_(HOW_TO_TITLE))}</summary>'
                f"<p>{esc(_(HOW_TO_SOLO))}</p></details>")

    def controls(self, state: Game, seat: int | None) -> str:
        assert isinstance(state, K2)
        return turn.controls(self, state, seat)

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
        phrase = words.phrase(before, action, after, self.play.short_name)
        return phrase + words.consequences(before, action, after, self.play.short_name)

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
        return words.phrase(game, action, None, self.play.short_name)

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
            if not self.play.is_human(0):  # a bot's expedition, watched
                return _("After 18 days the climbers score {a} + {b} VP,").format(**vps)
            return _("After 18 days your climbers score {a} + {b} VP,").format(**vps)
        top = result.ranking[0]
        names = " & ".join(self.play.short_name(s) for s in top)
        return _("{names} climbed highest: {n} VP,").format(names=names, n=(result.scores or [])[top[0]])

    def result_details(self, result: K2Result) -> str:  # type: ignore[override]  # this game's own result
        return panels.result_details(self, result)

    # -- this device's best solo score ----------------------------------------------------------------

    def solo_best(self) -> dict[str, Any] | None:
        """The best solo score kept on this device for this side and weather set, recording this
        game's score first when it is finished, played by a human and better."""
        game = self.game
        if game.players != 1:
            return None
        key = f"{game.side}/{game.options['weather']}"
        device = self.play.device
        try:
            table = json.loads(device.getItem(BEST_KEY) or "{}")
        except (TypeError, ValueError):
            table = {}
        if not isinstance(table, dict):
            table = {}
        best = table.get(key) if isinstance(table.get(key), dict) else None
        result = game.result()
        if result is not None and self.play.is_human(0):
            mine = {"score": (result.scores or [0])[0], "title": result.title, "seed": game.seed,
                    "moves": len(game.history)}
            if best is None or int(best.get("score", -1)) < mine["score"]:
                table[key] = best = mine
                try:
                    device.setItem(BEST_KEY, json.dumps(table))
                except Exception:  # storage full or blocked: shown, not kept
                    pass
        return best

    def is_this_game(self, best: dict[str, Any]) -> bool:
        game = self.game
        return best.get("seed") == game.seed and best.get("moves") == len(game.history) and game.is_over()

