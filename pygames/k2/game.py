"""K2: the rules engine. Implements docs/rules/k2.md; rule ids in docstrings and messages.

This module holds the rules: setup, whose decision it is, the legal actions, their check and their effect, the
end. Beside it, each by job: ``board`` (the state's declared fields and what the board says: ropes, capacities,
costs, weather, scores), ``paths`` (walks over the ropes), ``rounds`` (the round machine that moves the state on
after an action), ``hidden`` (what a seat may see) and ``text`` (the position in words and data).

Choices beyond the spec's Decisions:

- every action text carries its seat (``s1: end``); text without a prefix is read for the one seat to move;
- a choice prints its cards in deck order (M1 M2 M3 R12 R13 R23 A0..A3), any order is read;
- a forced 3-card hand is committed by the engine (not an action in the record);
- ``legal_actions`` lists one move path per distinct outcome (end space, VP, Pareto-best leftover pools);
  ``check`` accepts any legal path;
- all tiles and tokens are shuffled at setup; reveals take the next one (K2-R10); a reshuffle shuffles the
  discard pile put in deck order first;
- a view replaces hidden cards by a canonical arrangement of the unseen cards (deck order) and the generator
  by one derived from public facts; ``determinize`` resamples what the seat cannot see;
- search (the generic MCTS) is steered by the ``strategy`` package's ``Strategy`` (which reads this engine; this
  engine never imports it): the heuristic's best card choices, its play as the playout, a horizon at the
  end of the round and an estimate there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalActionError, NotationError, OptionError
from ..core.game import OptionSpec, Result
from ..core.i18n import _, ngettext, who
from ..core.registry import GAME_TITLES
from ..core.rng import Rng
from . import hidden, paths, rounds, text
from .actions import (
    CLIMBERS,
    Choose,
    End,
    K2Action,
    Move,
    Play,
    Rescue,
    Risk,
    Take,
    Tent,
    card_key,
    parse_body,
    split_seat,
)
from .board import (
    ACT,
    CHOOSE,
    OVER,
    RESCUE,
    TAKE,
    K2Board,
    capacity,
    card_value,
    pay,
    rescue_vp,
    risk_value,
    solo_title,
)
from .data import BASE, CARDS, DECK, HAND_SIZE, RISK_SLOTS, RISK_TOKENS, SPACES, SUMMIT, WEATHER_SETS
from .paths import walk

# what other modules import from here (the rules' names, and the board's they have always imported from here)
__all__ = ["ACT", "CHOOSE", "K2", "K2Result", "OVER", "RESCUE", "TAKE", "capacity", "card_value", "risk_value",
           "rescue_vp", "solo_title"]


# The legal lists' actions by their fields, each made once: a frozen dataclass takes twice a NamedTuple's time to
# build, and bots list the same actions in position after position (a cache only: the actions are equal either way).
_ACTIONS: dict[tuple, K2Action] = {}


def _made(kind: type[K2Action], *fields: object) -> K2Action:
    key = (kind, *fields)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = kind(*fields)  # type: ignore[arg-type]  # the fields of that kind, as listed
    return action


SOLO_PAYOFF_VP = 20.0  # a solo game's payoff: its score over this, the top title's (``payoffs``)


@dataclass(frozen=True, slots=True)
class K2Result(Result):
    """K2-R38..R42: the scores, each seat's best valid summit number, the last round; solo, its title."""

    summits: list[int | None] = field(default_factory=list)
    round: int = 0
    title: str | None = None  # solo (K2-R42)

    KEYS = ("scores", "summits", "ranking", "round", "title", "summary")


class K2(K2Board):
    name = "k2"
    title = GAME_TITLES["k2"]
    hides_information = True  # K2-R47/R48: the hands and the secret choices
    rules_version = 1
    option_specs = (
        OptionSpec("players", "int", 2, "Players", minimum=1, maximum=5),
        OptionSpec("side", "choice", "E", "Board side (E easy, H hard)", choices=("E", "H")),
        OptionSpec("weather", "choice", "SUM", "Weather tiles (SUM summer, WIN winter)", choices=("SUM", "WIN")),
        OptionSpec("cap5", "choice", "standard", "5-player capacities", choices=("standard", "easy"), players=(5,)),
        OptionSpec("family", "bool", False, "Family variant (rescue cards)"),
        OptionSpec("first", "int", 0, "First seat", minimum=0, maximum=4, seat=True),
    )

    # -- setup (K2-R5..R10) -------------------------------------------------------------------

    def setup(self, rng: Rng) -> None:
        n = self.players
        if self.options["first"] >= n:
            raise OptionError(_("the first seat must be a seat of the game (0..{last})").format(last=n - 1))
        self.side = self.options["side"]
        self.spaces = SPACES[self.side]
        self.base, self.summit = BASE[self.side], SUMMIT[self.side]
        # K2-R10 chance order: weather tiles, risk tokens, decks of seats 0..n-1
        tiles = list(WEATHER_SETS[self.options["weather"]])
        rng.shuffle(tiles)
        self.tiles = tiles  # K2-R7: [0] left, [1] right, the rest the face-down stack in order
        tokens = [v for v, k in RISK_TOKENS.items() for _ in range(k)]
        rng.shuffle(tokens)
        self.risk_faceup = tokens[:RISK_SLOTS]  # type: ignore[reportAttributeAccessIssue]  # a face-up slot empties later (None)  # K2-R8
        self.risk_stack = tokens[RISK_SLOTS:]  # top = index 0
        self.hands = []
        self.draw = []  # top = index 0
        self.discard = [[] for _seat in range(n)]
        for _seat in range(n):  # K2-R9
            deck = list(DECK)
            rng.shuffle(deck)
            self.hands.append(sorted(deck[:HAND_SIZE], key=card_key))
            self.draw.append(deck[HAND_SIZE:])
        self.rng = rng
        # K2-R6: climbers on base camp, VP 1, level 1, tents off the board
        self.climbers = [
            {c: {"space": self.base, "level": 1, "vp": 1, "alive": True, "tent": None, "summit": None}
             for c in CLIMBERS}
            for _ in range(n)
        ]
        self.rescue_card = [bool(self.options["family"])] * n
        self.summit_next = 1
        self.round = 1
        self.first = self.options["first"]
        self.viewer = None
        self.pending = [None] * n
        self.pending_index = {}  # seat -> history index of its hidden choice
        self.revealed = [None] * n
        self.token = [None] * n
        self.token_log = []
        self.plays = []  # this round's assignments (public)
        self.order = []
        self.current = -1
        self.unassigned = []
        self.points = 0
        self.assigned = []
        self.pools = {}
        self.dying = []
        self.deaths_this_round = []
        self.phase = CHOOSE
        rounds.start_round(self)

    def copy(self) -> K2:
        g = K2.__new__(K2)
        vars(g).update(vars(self))
        g.options = dict(self.options)
        g.history = list(self.history)
        g.tiles = list(self.tiles)
        g.risk_faceup = list(self.risk_faceup)
        g.risk_stack = list(self.risk_stack)
        g.hands = [list(h) for h in self.hands]
        g.draw = [list(d) for d in self.draw]
        g.discard = [list(d) for d in self.discard]
        g.rng = self.rng.copy()
        g.climbers = [{c: dict(v) for c, v in team.items()} for team in self.climbers]
        g.rescue_card = list(self.rescue_card)
        g.pending = list(self.pending)
        g.pending_index = dict(self.pending_index)
        g.revealed = list(self.revealed)
        g.token = list(self.token)
        # only this round's entries still change (``_log_spent``): earlier rounds' are shared
        g.token_log = log = list(self.token_log)
        i = len(log)
        while i and log[i - 1]["round"] == self.round:
            i -= 1
            log[i] = dict(log[i], spent=list(log[i]["spent"]))
        g.plays = list(self.plays)
        g.order = list(self.order)
        g.unassigned = list(self.unassigned)
        g.assigned = list(self.assigned)
        g.pools = {c: list(p) for c, p in self.pools.items()}
        g.dying = list(self.dying)
        g.deaths_this_round = list(self.deaths_this_round)
        return g

    # -- whose decision -------------------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == CHOOSE:
            return [s for s in self.active_seats() if self.pending[s] is None]
        return [self.current]

    def legal_actions(self, seat: int | None = None) -> list[K2Action] | None:
        seat = self.deciding_seat(seat)
        if seat is None:
            return []
        if self.phase == CHOOSE:
            if self.viewer is not None and seat != self.viewer:
                return None  # K2-R47: another seat's hand is hidden in this view
            return self._choose_actions(seat)
        if self.phase == TAKE:
            return [Take(seat, i + 1) for i, v in enumerate(self.risk_faceup) if v is not None]
        if self.phase == RESCUE:
            s, c = self.dying[0]
            out: list[K2Action] = [Rescue(s, c, sp) for sp in self.rescue_spaces(s, c)]
            return out + [Rescue(s, c, None)]
        return self._turn_actions(seat)

    def _choose_actions(self, seat: int) -> list[K2Action]:
        hand = self.hands[seat]
        seen: set[tuple[str, ...]] = set()
        out: list[K2Action] = []
        k = len(hand)
        for i in range(k):
            for j in range(i + 1, k):
                for m in range(j + 1, k):
                    cards = (hand[i], hand[j], hand[m])
                    if cards not in seen:
                        seen.add(cards)
                        out.append(_made(Choose, seat, cards))
        return out

    def rescue_spaces(self, seat: int, climber: str) -> list[str]:
        """K2-R43: Z0 spaces with room (the dying climber is off its space)."""
        return [sid for sid, sp in self.spaces.items() if sp.zone == 0 and self.has_room(sid, (seat, climber))]

    def _turn_actions(self, seat: int) -> list[K2Action]:
        out: list[K2Action] = []
        climbers = self.on_board(seat)
        for code in sorted(set(self.unassigned), key=card_key):
            card = CARDS[code]
            for c in climbers:
                for d in ("U", "D") if card.kind == "R" else ("",):
                    out.append(_made(Play, seat, code, c, d, 0))
                    value = card.down if d == "D" else card.up
                    out.extend(_made(Play, seat, code, c, d, k) for k in range(1, min(self.points, value) + 1))
        for c in climbers:
            out.extend(_made(Move, seat, c, path) for path in paths.move_paths(self, seat, c))
        for c in climbers:
            if self._tent_payment(seat, c) is not None:
                out.append(_made(Tent, seat, c))
        for c in self.assigned:
            if self.climbers[seat][c]["alive"]:
                out.extend(_made(Risk, seat, c, k) for k in range(1, self.points + 1))
        if self._may_end(seat):
            out.append(_made(End, seat))
        return out

    def _tent_payment(self, seat: int, climber: str) -> tuple[int, int] | None:
        """K2-R23: cost of the space plus surcharge, from U then G, never D; tent unused."""
        cl = self.climbers[seat][climber]
        if not cl["alive"] or cl["tent"] is not None:
            return None
        u, _, g = self.pools.get(climber, (0, 0, 0))
        return pay(self.entry_cost(cl["space"]), u, g)

    def _points_left(self, wanted: int) -> str:
        """K2-R26: the refusal for spending more penalty points than remain."""
        return ngettext("only {n} penalty point remains, not {wanted}", "only {n} penalty points remain, not {wanted}",
                        self.points).format(n=self.points, wanted=wanted)

    def _may_end(self, seat: int) -> bool:
        """K2-R16 / K2-R27: all cards assigned; no penalty points left unless no target is legal."""
        if self.unassigned:
            return False
        targets = [c for c in self.assigned if self.climbers[seat][c]["alive"]]
        return self.points == 0 or not targets

    # -- actions ----------------------------------------------------------------------------------

    def parse_action(self, text: str, seat: int | None = None) -> K2Action:
        named, body = split_seat(str(text))
        if named is None:
            named = seat
        if named is None:
            movers = self.to_move()
            if len(movers) != 1:
                raise NotationError(_("several seats choose at once: name the seat, e.g. {example}").format(
                    example="'s1: choose M1 M3 A1'"))
            named = movers[0]
        if not 0 <= named < self.players:
            raise NotationError(_("there is no seat {named} in a {n}-player game").format(named=named, n=self.players))
        return parse_body(named, body)

    def check(self, action: K2Action) -> None:
        seat = action.seat
        movers = self.to_move()
        if seat not in movers:
            if self.phase == CHOOSE and 0 <= seat < self.players and self.pending[seat] is not None:
                raise IllegalActionError(_("{seat} has already committed its cards this round; "
                                  "a choice cannot change").format(seat=who(seat)), rule="K2-R47")
            whose = ", ".join(who(s) for s in movers) or _("nobody")
            raise IllegalActionError(_("it is not {seat}'s decision now ({phase}; to move: {whose})").format(
                seat=who(seat), phase=self.phase_words(), whose=whose))
        if self.phase == CHOOSE:
            if not isinstance(action, Choose):
                raise IllegalActionError(_("in phase 1 every player first chooses 3 cards (choose ...)"), rule="K2-R12")
            hand = list(self.hands[seat])
            for c in action.cards:
                if c not in hand:
                    raise IllegalActionError(_("{card} is not in {seat}'s hand ({hand})").format(
                        card=c, seat=who(seat), hand=" ".join(self.hands[seat])), rule="K2-R12")
                hand.remove(c)
            return
        if self.phase == TAKE:
            if not isinstance(action, Take):
                raise IllegalActionError(_(
                    "the player with the highest risk value must first take a face-up risk token"), rule="K2-R13")
            if not 1 <= action.slot <= RISK_SLOTS or self.risk_faceup[action.slot - 1] is None:
                slots = [str(i + 1) for i, v in enumerate(self.risk_faceup) if v is not None]
                raise IllegalActionError(_("face-up risk slot {slot} holds no token (slots: {slots})").format(
                    slot=action.slot, slots=", ".join(slots)), rule="K2-R13")
            return
        if self.phase == RESCUE:
            if not isinstance(action, Rescue):
                raise IllegalActionError(_("a climber is dying: decide on the rescue card first (rescue ...)"),
                    rule="K2-R43")
            s, c = self.dying[0]
            if action.climber != c:
                raise IllegalActionError(_("the dying climber is {climber}, not {other}").format(
                    climber=c, other=action.climber), rule="K2-R43")
            if action.space is not None:
                sp = self.spaces.get(action.space)
                if sp is None or sp.zone != 0:
                    raise IllegalActionError(
                        _("a rescued climber goes to a Z0 space (below 6000 m), not {space}").format(
                        space=action.space), rule="K2-R43")
                if not self.has_room(action.space, (s, c)):
                    raise IllegalActionError(_("{space} has no room for the rescued climber").format(
                        space=action.space), rule="K2-R43")
            return
        self._check_turn(action)

    def _check_turn(self, action: K2Action) -> None:
        seat = action.seat
        if isinstance(action, (Choose, Take, Rescue)):
            raise IllegalActionError(_("that is not a phase-3 action; {seat} is playing its cards "
                              "(play, move, tent, risk, end)").format(seat=who(seat)))
        if isinstance(action, End):
            if self.unassigned:
                raise IllegalActionError(_("every revealed card must be assigned before the turn ends "  # D6
                                  "(left: {cards})").format(cards=" ".join(self.unassigned)), rule="K2-R16")
            if not self._may_end(seat):
                raise IllegalActionError(ngettext("{n} penalty point of the risk token must still be spent",
                                         "{n} penalty points of the risk token must still be spent",
                                         self.points).format(n=self.points), rule="K2-R27")
            return
        climber = action.climber
        cl = self.climbers[seat][climber]
        if not cl["alive"]:
            raise IllegalActionError(_("climber {climber} of {seat} is dead and takes no further part").format(
                climber=climber, seat=who(seat)), rule="K2-R33")
        if isinstance(action, Play):
            if action.card not in self.unassigned:
                left = " ".join(self.unassigned) or _("none")
                raise IllegalActionError(_(
                    "{card} is not a revealed, unassigned card of {seat} (left: {left})").format(
                    card=action.card, seat=who(seat), left=left), rule="K2-R16")
            card = CARDS[action.card]
            if card.kind == "R" and not action.direction:
                raise IllegalActionError(_("a rope card is committed up (U) or down (D) when assigned"),
                    rule="K2-R17")  # D3
            if card.kind != "R" and action.direction:
                raise IllegalActionError(_("only rope cards take a direction; {card} does not").format(
                    card=action.card), rule="K2-R17")
            if action.penalty:
                value = card.down if action.direction == "D" else card.up
                if action.penalty > self.points:
                    raise IllegalActionError(self._points_left(action.penalty), rule="K2-R26")
                if action.penalty > value:
                    raise IllegalActionError(_("a penalty cannot lower {card} below 0 (it adds {value})").format(
                        card=action.card, value=value), rule="K2-R26")
            return
        if isinstance(action, Risk):
            if climber not in self.assigned:
                raise IllegalActionError(_("climber {climber} has not been assigned a card this turn, "  # D7
                                  "so its level cannot take penalty points").format(climber=climber), rule="K2-R27")
            if action.points > self.points:
                raise IllegalActionError(self._points_left(action.points), rule="K2-R26")
            return
        if isinstance(action, Tent):
            if cl["tent"] is not None:
                raise IllegalActionError(_("climber {climber}'s tent is already pitched on {space} (once per game)")
                                .format(climber=climber, space=cl["tent"]), rule="K2-R23")
            if self._tent_payment(seat, climber) is None:
                u, _down, g = self.pools[climber]
                raise IllegalActionError(_(
                    "pitching on {space} costs {cost}, but {climber} has only U={u} and G={g} (never D)").format(
                    space=cl["space"], cost=self.entry_cost(cl["space"]), climber=climber, u=u, g=g), rule="K2-R23")
            return
        if isinstance(action, Move):
            walk(self, seat, climber, action.path)
            return
        raise IllegalActionError(f"unknown action {action!r}")  # pragma: no cover

    def _apply(self, action: K2Action) -> None:
        seat = action.seat
        if isinstance(action, Choose):
            for c in action.cards:
                self.hands[seat].remove(c)
            self.pending[seat] = action.cards
            self.pending_index[seat] = len(self.history)
            rounds.maybe_reveal(self)
            return
        if isinstance(action, Take):
            value = self.risk_faceup[action.slot - 1]
            self.risk_faceup[action.slot - 1] = self.risk_stack.pop(0) if self.risk_stack else None  # D10
            self.token[seat] = value
            self.token_log.append({"round": self.round, "seat": seat, "value": value, "spent": []})
            rounds.phase3(self)
            return
        if isinstance(action, Rescue):
            s, c = self.dying.pop(0)
            if action.space is None:
                rounds.die(self, s, c)
            else:
                cl = self.climbers[s][c]
                self.rescue_card[s] = False
                cl.update(space=action.space, level=1, vp=rescue_vp(cl["vp"], self.side), summit=None)
            rounds.resolve_deaths(self)
            return
        if isinstance(action, End):
            rounds.end_turn(self)
            return
        climber = action.climber
        cl = self.climbers[seat][climber]
        pools = self.pools[climber]
        if isinstance(action, Play):
            self.unassigned.remove(action.card)
            card = CARDS[action.card]
            value = (card.down if action.direction == "D" else card.up) - action.penalty
            if card.kind == "M":
                pools[2] += value
            elif card.kind == "R":
                pools[0 if action.direction == "U" else 1] += value
            else:
                cl["level"] += value
            self.points -= action.penalty
            if climber not in self.assigned:
                self.assigned.append(climber)
            self.plays.append({"seat": seat, "card": action.card, "climber": climber,
                               "direction": action.direction or None, "penalty": action.penalty})
            if action.penalty:
                self._log_spent(seat, f"{action.card} -{action.penalty}")
        elif isinstance(action, Risk):
            cl["level"] -= action.points
            self.points -= action.points
            self._log_spent(seat, f"level {climber} -{action.points}")
        elif isinstance(action, Tent):
            u, g = self._tent_payment(seat, climber)  # type: ignore[reportGeneralTypeIssues]  # checked: the tent is paid for
            pools[0], pools[2] = u, g
            cl["tent"] = cl["space"]
        elif isinstance(action, Move):
            u, d, g = walk(self, seat, climber, action.path)
            for t in action.path:
                self.enter(seat, climber, t)
            pools[:] = [u, d, g]

    def _log_spent(self, seat: int, text: str) -> None:
        for entry in reversed(self.token_log):
            if entry["seat"] == seat and entry["round"] == self.round:
                entry["spent"].append(text)
                return

    # -- the end ----------------------------------------------------------------------------------

    def result(self) -> K2Result | None:
        if self.phase != OVER:
            return None
        scores = self.scores()
        ranking = self.ranking()
        summits = [self.best_summit(s) for s in range(self.players)]
        if self.players == 1:
            title = solo_title(scores[0], self.side, self.options["weather"])
            summary = _("Solo score {n}: {title}").format(n=scores[0], title=_(title))
            return K2Result(summary, ranking, scores=scores, summits=summits, round=self.round, title=title)
        top = ranking[0]
        if len(top) == 1:
            summary = _("{seat} wins with {n} VP").format(seat=who(top[0], capital=True), n=scores[top[0]])
        else:
            summary = _("{seats} win with {n} VP").format(seats=_(" and ").join(who(s) for s in top), n=scores[top[0]])
        return K2Result(summary, ranking, scores=scores, summits=summits, round=self.round)

    def payoffs(self) -> list[float]:
        """1 for the winner (shared on ties); solo: score / 20."""
        if self.players == 1:
            return [self.scores()[0] / SOLO_PAYOFF_VP]
        top = self.ranking()[0]
        return [1.0 / len(top) if s in top else 0.0 for s in range(self.players)]

    # -- board queries beyond ``K2Board`` (``paths``), information (``hidden``), words (``text``) -------------

    def reach(self, seat: int, climber: str, u: int, d: int, g: int) -> dict[tuple, tuple[str, ...]]:
        """K2-R18: every state the climber can walk to with these pools (``paths.reach``)."""
        return paths.reach(self, seat, climber, u, d, g)

    def move_paths(self, seat: int, climber: str) -> list[tuple[str, ...]]:
        """K2-A4: one path per distinct outcome (``paths.move_paths``)."""
        return paths.move_paths(self, seat, climber)

    def cheapest_way(self, start: str, end: str) -> tuple[int, int, int]:
        """K2-R18: the least movement from ``start`` to ``end`` today, and its up and down parts."""
        return paths.cheapest_way(self, start, end)

    def unseen_cards(self, seat: int) -> list[str]:
        return hidden.unseen_cards(self, seat)

    def view(self, seat: int | None) -> K2:
        return hidden.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> K2:
        return hidden.determinize(self, seat, rng)

    def phase_words(self) -> str:
        return text.phase_words(self)

    def state_json(self) -> dict[str, Any]:
        return text.state_json(self)

    def render_text(self) -> str:
        return text.render_text(self)

    def describe_turn(self) -> str:
        return text.describe_turn(self)
